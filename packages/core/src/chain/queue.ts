import { z } from 'zod';
import { type AfterCommit, type Context, type QueueDef, ensureLiveJobs, jobUuid } from '@gw/runtime';
import { listNonceSigners, listStaleChainTransactions } from './repository.js';
import type { RecordedChainTransaction } from './pipeline.js';

/**
 * The on-chain outbox's queues: one per (chain, signer), so that one chain's slow node
 * never holds up another's transactions, named `chain-tx-<chainId>-<signer, lower case>`; job id =
 * `chain_transactions` row id. The worker opens one for each configured chain with the relayer as
 * signer; the sweeper gives a job again to every unfinished row that has none.
 */
export const chainTransactionJobSchema = z.object({ transactionId: jobUuid() });
export type ChainTransactionJob = z.infer<typeof chainTransactionJobSchema>;

/**
 * The queue of (chain, signer). Not in the queue catalogue (`@gw/core/queues`): which of them exist
 * depends on the configuration (CHAIN_RPC_URLS and the relayer), so the worker opens one handler per
 * configured chain itself, and names them to its start-up check beside the catalogue's.
 */
export function chainTransactionQueue(chainId: number, signer: string): QueueDef<ChainTransactionJob> {
  return Object.freeze({ name: `chain-tx-${chainId}-${signer.toLowerCase()}`, jobName: 'send', data: chainTransactionJobSchema });
}

/**
 * Gives each outbox row a live job (job id = row id; a finished job left under that id is replaced).
 * @returns how many jobs were added
 */
export async function enqueueChainTransactions(ctx: Pick<Context, 'queues'>, rows: readonly RecordedChainTransaction[]): Promise<number> {
  let added = 0;
  for (const row of rows) {
    added += await ensureLiveJobs(ctx.queues, chainTransactionQueue(row.chainId, row.signer), [
      { id: row.id, data: { transactionId: row.id } },
    ]);
  }
  return added;
}

/**
 * After the business transaction's commit: enqueue the chain transactions it recorded (none for
 * `null`/`undefined`). Run it with `runAfterCommit`: a failure loses nothing (the rows are
 * committed and the sweeper re-enqueues them), so it is logged, not thrown.
 */
export function dispatchAfterCommit(
  recorded: RecordedChainTransaction | readonly RecordedChainTransaction[] | null | undefined,
): AfterCommit<Pick<Context, 'queues'>> | undefined {
  const rows = recorded ? [recorded].flat() : [];
  if (rows.length === 0) return undefined;
  return async (ctx) => void (await enqueueChainTransactions(ctx, rows));
}

/**
 * The outbox sweeper's part for chain transactions: every unfinished row untouched for `graceMs`
 * gets a live job again (a crash between commit and enqueue, a Redis that lost its data).
 * @returns how many jobs were added
 */
export async function sweepChainTransactions(
  ctx: Pick<Context, 'queues' | 'sql'>,
  opts: { graceMs: number; batch?: number },
): Promise<number> {
  const stale = await listStaleChainTransactions(ctx.sql, opts.graceMs, opts.batch ?? 500);
  return enqueueChainTransactions(ctx, stale);
}

/**
 * The outbox queues that exist: one per (chain, signer) that has signed a transaction (a row of
 * `chain_nonces`). For the ops console, which holds no key and so cannot name the relayer itself.
 */
export async function knownChainTransactionQueues(ctx: Pick<Context, 'prisma'>): Promise<QueueDef<ChainTransactionJob>[]> {
  return (await listNonceSigners(ctx.prisma)).map((s) => chainTransactionQueue(s.chainId, s.signer));
}
