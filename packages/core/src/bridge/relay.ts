import { createHash } from 'node:crypto';
import { withTransaction } from '@gw/db';
import { type Context, ensureLiveJobs } from '@gw/runtime';
import { bridgeRelayQueue } from './queue.js';
import { transfer, BRIDGE_ESCROW, BRIDGE_OUTBOUND } from '../ledger/index.js';
import type { BridgeTransferDto } from './contract.js';
import {
  completeBridgeTransfer,
  failBridgeTransfer,
  findBridgeTransfer,
  listStaleBridgeTransfers,
  lockBridgeTransfer,
} from './repository.js';
import { toBridgeTransferDto } from './service.js';

/**
 * The relayer mechanism: the `bridge-relay` job that carries an `initiated` transfer to its
 * destination chain, the relayer it calls, and the sweep that gives lost jobs back.
 */

/**
 * Default wait of the built-in {@link DelayedRelayer} before it reports a transfer relayed.
 * TODO(config): move to `BRIDGE_RELAY_DELAY_MS` in `config/env.ts`; until then the worker may
 * pass `bridgeRelayDelayMs` to `createHandlers`.
 */
export const DEFAULT_BRIDGE_RELAY_DELAY_MS = 2000;

export type RelayResult = { ok: true; txHash: string } | { ok: false; reason: string };

/**
 * Carries a bridge transfer to its destination chain. `{ ok: false }` is a definitive refusal:
 * the transfer fails and the amount is refunded. A thrown error is an infrastructure failure
 * whose outcome is unknown: the job is retried and the transfer stays `initiated` (a real relayer
 * must be idempotent per transfer id, since the relay may run again).
 */
export interface Relayer {
  relay(transfer: BridgeTransferDto): Promise<RelayResult>;
}

/**
 * The built-in relayer: reports every transfer relayed once `delayMs` have passed since it was
 * created, with a deterministic 32-byte transaction hash (SHA-256 of the transfer id). A retried
 * job does not wait again. Imports nothing heavy (no viem): it runs in the worker.
 */
export class DelayedRelayer implements Relayer {
  constructor(private readonly delayMs: number = DEFAULT_BRIDGE_RELAY_DELAY_MS) {}

  async relay(transfer: BridgeTransferDto): Promise<RelayResult> {
    const wait = Date.parse(transfer.createdAt) + this.delayMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return { ok: true, txHash: `0x${createHash('sha256').update(`bridge-transfer:${transfer.id}`).digest('hex')}` };
  }
}

export type RelayOutcome =
  | { result: 'completed'; relayTxHash: string }
  | { result: 'failed'; failureReason: string }
  | { result: 'not-initiated'; status: string }
  | { result: 'missing' };

/** Longest failure reason stored (a relayer's message is not trusted to be short). */
const MAX_REASON = 500;

/**
 * Runs the relay of one `initiated` transfer (the `bridge-relay` job). The relayer is called
 * outside any transaction; its answer is then applied in one transaction that locks the transfer
 * row and re-checks that it is still `initiated` (so a duplicate job changes nothing):
 * - relayed → escrow to {@link BRIDGE_OUTBOUND} (entry `bridge.release`), `completed` with `relayTxHash`;
 * - refused → escrow back to the wallet (entry `bridge.refund`), `failed` with `failureReason`.
 * @throws whatever the relayer throws (the job is retried; the transfer stays `initiated`)
 */
export async function relayBridgeTransfer(
  ctx: Pick<Context, 'prisma' | 'logger'>,
  relayer: Relayer,
  transferId: string,
): Promise<RelayOutcome> {
  const initiated = await findBridgeTransfer(ctx.prisma, transferId);
  if (!initiated) return { result: 'missing' };
  if (initiated.status !== 'initiated') return { result: 'not-initiated', status: initiated.status };

  const answer = await relayer.relay(toBridgeTransferDto(initiated));

  return withTransaction(ctx.prisma, async (tx): Promise<RelayOutcome> => {
    const current = await lockBridgeTransfer(tx, transferId);
    if (!current) return { result: 'missing' };
    if (current.status !== 'initiated') return { result: 'not-initiated', status: current.status };
    const amount = BigInt(current.amount.toFixed(0));
    if (answer.ok) {
      await transfer(tx, {
        kind: 'bridge.release',
        reference: current.id,
        token: current.token,
        from: BRIDGE_ESCROW,
        to: BRIDGE_OUTBOUND,
        amount,
      });
      await completeBridgeTransfer(tx, current.id, answer.txHash);
      ctx.logger.info({ transferId, toChainId: current.toChainId }, 'bridge transfer completed');
      return { result: 'completed', relayTxHash: answer.txHash };
    }
    const failureReason = (answer.reason || 'relay refused').slice(0, MAX_REASON);
    await transfer(tx, {
      kind: 'bridge.refund',
      reference: current.id,
      token: current.token,
      from: BRIDGE_ESCROW,
      to: { type: 'wallet', id: current.address },
      amount,
    });
    await failBridgeTransfer(tx, current.id, failureReason);
    ctx.logger.info({ transferId, toChainId: current.toChainId }, 'bridge transfer failed and refunded');
    return { result: 'failed', failureReason };
  });
}

/**
 * Gives a relay job back to every transfer still `initiated` more than `graceMs` after it was
 * created and without a live job (a crash between commit and enqueue, Redis restarted empty, a job
 * that exhausted its retries). Job id = transfer id, so a live job is never duplicated.
 * Meant for the worker's sweeper loop. @returns how many jobs were added
 */
export async function resumeBridgeRelays(ctx: Pick<Context, 'sql' | 'queues'>, opts: { graceMs: number; batch?: number }): Promise<number> {
  const stale = await listStaleBridgeTransfers(ctx.sql, new Date(Date.now() - opts.graceMs), opts.batch ?? 500);
  return ensureLiveJobs(
    ctx.queues,
    bridgeRelayQueue,
    stale.map(({ id }) => ({ id, data: { transferId: id } })),
  );
}
