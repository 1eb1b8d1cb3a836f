import { withTransaction } from '@gw/db';
import { type Context, ensureLiveJobs } from '@gw/runtime';
import { bridgeRelayQueue } from './queue.js';
import { transfer, BRIDGE_ESCROW } from '../ledger/index.js';
import { failBridgeTransfer, findBridgeTransfer, listStaleBridgeTransfers, lockBridgeTransfer } from './repository.js';

/**
 * Ledger-only transfers (`funding = 'ledger'`), made by earlier releases: the bridge moved ledger
 * rows only (the amount into `system:bridge-escrow`) and a simulated relayer reported them done
 * without any chain. That relayer is gone: a transfer of that kind still `initiated` is failed and
 * its amount goes back to the wallet, by the `bridge-relay` job (its queue name, job name and job
 * ids are what deployed workers and Bull Board read: kept) and the sweeper. Every other transfer is
 * on chain and carried by the on-chain outbox (service.ts).
 */

export type LegacyRelayOutcome =
  { result: 'failed'; failureReason: string } | { result: 'not-initiated'; status: string } | { result: 'missing' };

/** Why a ledger-only transfer still `initiated` was failed (its `failureReason`). */
export const LEGACY_FAILURE_REASON =
  'The bridge moved on chain: this transfer, made before, was never sent to a chain; its amount went back to the wallet';

/**
 * The `bridge-relay` job: fails a ledger-only transfer still `initiated` and refunds it (escrow →
 * the wallet, entry `bridge.refund`) in one transaction that locks the row and re-checks its state,
 * so a duplicate job changes nothing. On-chain transfers are left alone (`not-initiated` is not
 * returned for them: they are simply not `ledger`).
 */
export async function relayBridgeTransfer(ctx: Pick<Context, 'prisma' | 'logger'>, transferId: string): Promise<LegacyRelayOutcome> {
  const found = await findBridgeTransfer(ctx.prisma, transferId);
  if (!found || found.funding !== 'ledger') return { result: 'missing' };
  if (found.status !== 'initiated') return { result: 'not-initiated', status: found.status };
  return withTransaction(ctx.prisma, async (tx): Promise<LegacyRelayOutcome> => {
    const current = await lockBridgeTransfer(tx, transferId);
    if (!current) return { result: 'missing' };
    if (current.status !== 'initiated') return { result: 'not-initiated', status: current.status };
    await transfer(tx, {
      kind: 'bridge.refund',
      reference: current.id,
      token: current.token,
      from: BRIDGE_ESCROW,
      to: { type: 'wallet', id: current.address },
      amount: BigInt(current.amount.toFixed(0)),
    });
    await failBridgeTransfer(tx, current.id, LEGACY_FAILURE_REASON);
    ctx.logger.info({ transferId }, 'bridge transfer from before the on-chain bridge failed and refunded');
    return { result: 'failed', failureReason: LEGACY_FAILURE_REASON };
  });
}

/**
 * Gives a `bridge-relay` job back to every ledger-only transfer still `initiated` more than
 * `graceMs` after it was created and without a live job. Job id = transfer id, so a live job is
 * never duplicated. Meant for the worker's sweeper loop. @returns how many jobs were added
 */
export async function resumeBridgeRelays(ctx: Pick<Context, 'sql' | 'queues'>, opts: { graceMs: number; batch?: number }): Promise<number> {
  const stale = await listStaleBridgeTransfers(ctx.sql, new Date(Date.now() - opts.graceMs), opts.batch ?? 500);
  return ensureLiveJobs(
    ctx.queues,
    bridgeRelayQueue,
    stale.map(({ id }) => ({ id, data: { transferId: id } })),
  );
}
