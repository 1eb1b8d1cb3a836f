import type { Tx } from '@gw/db';
import { type AfterCommitCtx, type Context, runAfterCommit } from '@gw/runtime';
import { type IdempotentResult, requestFingerprint, withIdempotency } from '../idempotency/index.js';
import type { RecordedChainTransaction } from './pipeline.js';
import { dispatchAfterCommit } from './queue.js';

/** What a relayed operation's transaction answers: the response, and the outbox rows it recorded. */
export interface RelayedOperation<T> extends IdempotentResult<T> {
  /** The outbox row(s) to enqueue after the commit; none when an earlier step's outcome will write them. */
  recorded: RecordedChainTransaction | readonly RecordedChainTransaction[] | null | undefined;
}

/**
 * What a business row relayed by one outbox transaction (a vote, a delegation, a staking
 * operation) keeps of its relay: `pending` until that transaction's outcome makes it `confirmed`
 * or `failed`.
 */
export interface RelayedRow {
  status: 'pending' | 'confirmed' | 'failed';
  /** Its outbox row. */
  chainTransactionId: string;
  /** The mined transaction's hash, written with the outcome (until then the outbox row has it). */
  txHash: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The status a relayed row answers with: its own once final; while `pending`, `submitted` once its
 * outbox row has left `queued` (signed and sent).
 */
export const relayedStatus = (row: Pick<RelayedRow, 'status'>, chainRow: { status: string } | null) =>
  row.status !== 'pending' ? row.status : chainRow && chainRow.status !== 'queued' ? 'submitted' : 'pending';

/** The Idempotency-Key scope a relayed operation runs under: see {@link relayedRequest}. */
export interface RelayedScope {
  organizationId: string;
  key: string | undefined;
  fingerprint: string;
}

/**
 * The scope of a relayed request: its organization and Idempotency-Key, and the fingerprint of
 * what makes two requests the same, `requestFingerprint(operation, caller, body)`. The
 * fingerprint is stored with the key, so the name, the caller and the body (its fields, their
 * order and encoding: amounts as decimal strings, signatures lower-cased) must stay as they are,
 * or a retry with a live key answers 422 (packages/core/test/relayed-fingerprints.test.ts pins them).
 * @param operation `<area>.<action>`, e.g. `staking.stake`
 * @param caller the wallet that asks (checksummed)
 */
export function relayedRequest(
  input: { organizationId: string; idempotencyKey?: string | undefined },
  operation: string,
  caller: string,
  body: Record<string, unknown>,
): RelayedScope {
  return { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint: requestFingerprint(operation, caller, body) };
}

/**
 * Records an operation the relayer sends on chain (a withdrawal, a stake, a vote, a bridge leg, a
 * gasless deposit) once per Idempotency-Key, and enqueues its transaction after the commit: `run`
 * writes the business rows and the outbox rows with `recordChainTransaction` in the key's
 * transaction and returns them with the answer. A replayed answer enqueues nothing (the first
 * execution did, or the sweeper gives the rows their jobs), and a failed enqueue is logged, never
 * thrown: the operation is committed, the sweeper covers it.
 * @param scope the request's, from {@link relayedRequest}
 * @returns the answer, `replayed` when it came from the key
 * @throws what `run` throws (nothing is written), and as `withIdempotency` (idempotency-key-reused 422, validation-error 400)
 */
export async function recordRelayedOperation<T>(
  ctx: Pick<Context, 'prisma' | 'config'> & Pick<AfterCommitCtx, 'queues' | 'logger'>,
  scope: RelayedScope,
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
