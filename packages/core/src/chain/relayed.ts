import type { Tx } from '@gw/db';
import { type AfterCommitCtx, type Context, runAfterCommit } from '@gw/runtime';
import { type IdempotentResult, withIdempotency } from '../idempotency/index.js';
import type { RecordedChainTransaction } from './pipeline.js';
import { dispatchAfterCommit } from './queue.js';

/** What a relayed operation's transaction answers: the response, and the outbox rows it recorded. */
export interface RelayedOperation<T> extends IdempotentResult<T> {
  /** The outbox row(s) to enqueue after the commit; none when an earlier step's outcome will write them. */
  recorded: RecordedChainTransaction | readonly RecordedChainTransaction[] | null | undefined;
}

/**
 * Records an operation the relayer sends on chain (a withdrawal, a stake, a vote, a bridge leg, a
 * gasless deposit) once per Idempotency-Key, and enqueues its transaction after the commit: `run`
 * writes the business rows and the outbox rows with `recordChainTransaction` in the key's
 * transaction and returns them with the answer. A replayed answer enqueues nothing (the first
 * execution did, or the sweeper gives the rows their jobs), and a failed enqueue is logged, never
 * thrown: the operation is committed, the sweeper covers it.
 * @returns the answer, `replayed` when it came from the key
 * @throws what `run` throws (nothing is written), and as `withIdempotency` (idempotency-key-reused 422, validation-error 400)
 */
export async function recordRelayedOperation<T>(
  ctx: Pick<Context, 'prisma' | 'config'> & Pick<AfterCommitCtx, 'queues' | 'logger'>,
  scope: { organizationId: string; key: string | undefined; fingerprint: string },
  run: (tx: Tx) => Promise<RelayedOperation<T>>,
): Promise<IdempotentResult<T> & { replayed: boolean }> {
  let recorded: RelayedOperation<T>['recorded'];
  const result = await withIdempotency<T>(ctx, scope, async (tx) => {
    const { recorded: rows, ...answer } = await run(tx);
    recorded = rows;
    return answer;
  });
  if (!result.replayed) await runAfterCommit(ctx, [dispatchAfterCommit(recorded)]);
  return result;
}
