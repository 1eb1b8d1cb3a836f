import type { BridgeTransfer } from '@gw/db';
import { type Context, AppError, isAppError, isUuid } from '@gw/runtime';
import { enqueueBridgeRelay } from './queue.js';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { findToken, transfer, BRIDGE_ESCROW } from '../ledger/index.js';
import type { BridgeTransferDto } from './contract.js';
import { findWalletBridgeTransfer, insertBridgeTransfer } from './repository.js';

type Ctx = Pick<Context, 'prisma' | 'queues' | 'logger' | 'config' | 'chains'>;

/**
 * The chains the bridge sends to: every configured chain but the home chain (CHAIN_RPC_URLS,
 * CHAIN_HOME_ID; issue #27), as CAIP-2 ids.
 */
export const bridgeDestinations = (ctx: Pick<Context, 'chains'>): string[] => ctx.chains.list.filter((c) => !c.home).map((c) => c.caip2);

export function toBridgeTransferDto(t: BridgeTransfer): BridgeTransferDto {
  return {
    id: t.id,
    object: 'bridge_transfer',
    status: t.status,
    from: t.address,
    toChainId: t.toChainId,
    toAddress: t.toAddress,
    token: t.token,
    amount: t.amount.toFixed(0),
    relayTxHash: t.relayTxHash,
    failureReason: t.failureReason,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export interface InitiateBridgeInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the sender. */
  address: string;
  /** CAIP-2 chain id; must be one of {@link bridgeDestinations}. */
  toChainId: string;
  /** Checksummed recipient address on the destination chain. */
  toAddress: string;
  /** Integer base units. */
  amount: bigint;
  /** Token symbol; default the native token. */
  token?: string | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * Starts a cross-chain transfer: in one transaction, records the transfer `initiated` and moves
 * the amount from the wallet to {@link BRIDGE_ESCROW} (ledger entry `bridge.lock`); after the
 * commit, enqueues the relay job (job id = transfer id). With an Idempotency-Key, the same key
 * and body return the same transfer.
 *
 * @returns status 202 and the transfer; `replayed` when answered from the key
 * @throws AppError unsupported-chain (400, the chain is not configured), validation-error (400,
 *   unknown token), insufficient-funds (422), idempotency-key-reused (422)
 */
export async function initiateBridge(ctx: Ctx, input: InitiateBridgeInput) {
  const destinations = bridgeDestinations(ctx);
  if (!destinations.includes(input.toChainId)) {
    throw new AppError('unsupported-chain', `The bridge does not support ${input.toChainId}`, {
      supportedChains: destinations,
    });
  }
  const token = input.token ?? ctx.config.NATIVE_TOKEN_SYMBOL;
  const fingerprint = requestFingerprint('bridge.initiate', input.address, {
    toChainId: input.toChainId,
    toAddress: input.toAddress,
    amount: input.amount.toString(),
    token,
  });
  const result = await withIdempotency<BridgeTransferDto>(
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      // Only listed tokens can be bridged (AI credits, for one, are not a token).
      await findToken(tx, token).catch((err: unknown) => {
        if (isAppError(err) && err.code === 'validation-error') {
          throw new AppError('validation-error', `Unknown token ${token}`, { errors: [{ path: 'token', message: 'unknown token' }] });
        }
        throw err;
      });
      const row = await insertBridgeTransfer(tx, {
        address: input.address,
        toChainId: input.toChainId,
        toAddress: input.toAddress,
        token,
        amount: input.amount,
      });
      await transfer(tx, {
        kind: 'bridge.lock',
        reference: row.id,
        token,
        from: { type: 'wallet', id: input.address },
        to: BRIDGE_ESCROW,
        amount: input.amount,
      });
      return {
        statusCode: 202,
        body: toBridgeTransferDto(row),
        afterCommit: () => enqueueBridgeRelay(ctx.queues, row.id),
      };
    },
  );
  if (!result.replayed && result.afterCommit) {
    await result
      .afterCommit()
      .catch((err: unknown) =>
        ctx.logger.warn({ err, transferId: result.body.id }, 'bridge relay not enqueued; resumeBridgeRelays will enqueue it'),
      );
  }
  return result;
}

/**
 * A bridge transfer of `address` (the JWT's wallet). Transfers belong to the wallet that sent
 * them: another wallet's id is indistinguishable from an unknown one.
 * @throws AppError('not-found')
 */
export async function getBridgeTransfer(ctx: Pick<Context, 'prisma'>, address: string, transferId: string): Promise<BridgeTransferDto> {
  if (!isUuid(transferId)) throw new AppError('not-found', 'No such bridge transfer');
  const transfer = await findWalletBridgeTransfer(ctx.prisma, transferId, address);
  if (!transfer) throw new AppError('not-found', 'No such bridge transfer');
  return toBridgeTransferDto(transfer);
}
