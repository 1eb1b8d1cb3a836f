import type { WalletTransfer } from '@gw/db';
import { type Context, AppError } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { postEntry } from './post-entry.js';
import { parseEvmAddress } from '../evm/index.js';
import { findToken } from './find-token.js';

/** The transfer object of `POST /wallet/transfer`. Amount in integer base units. */
export interface TransferDto {
  id: string;
  from: string;
  to: string;
  token: string;
  amount: string;
  createdAt: string;
}

export const toTransferDto = (t: WalletTransfer): TransferDto => ({
  id: t.id,
  from: t.fromAddress,
  to: t.toAddress,
  token: t.token,
  amount: t.amount.toFixed(0),
  createdAt: t.createdAt.toISOString(),
});

export interface TransferInput {
  /** Organization of the API key: the scope of the Idempotency-Key. */
  organizationId: string;
  /** Checksummed address of the JWT's wallet (the sender). */
  from: string;
  /** Recipient, any EVM address form (checked and checksummed here). */
  to: string;
  /** Integer base units, > 0. */
  amount: bigint;
  /** Token symbol; the native token when omitted. */
  token?: string | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * Moves `amount` of a token from the caller's wallet to `to`: one journal entry (kind
 * `transfer`, reference = transfer id) and the `wallet_transfers` row, in one transaction.
 * With an Idempotency-Key (per organization; the fingerprint includes the sender), the same key
 * and body return the first transfer.
 * @returns 201 and the transfer; `replayed` when answered from the key
 * @throws AppError validation-error (bad or own `to`, unknown token: 400), insufficient-funds (422),
 *   idempotency-key-reused (409)
 */
export async function transferTokens(ctx: Pick<Context, 'prisma' | 'config'>, input: TransferInput) {
  const to = parseEvmAddress(input.to, 'to');
  if (to === input.from) {
    throw new AppError('validation-error', 'to must be another wallet than the sender', {
      errors: [{ path: 'to', message: 'same as the sender' }],
    });
  }
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  const token = await findToken(ctx.prisma, input.token ?? ctx.config.NATIVE_TOKEN_SYMBOL);
  const fingerprint = requestFingerprint('wallet.transfer', input.from, { to, amount: input.amount.toString(), token: token.symbol });
  return withIdempotency<TransferDto>(
    ctx.prisma,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const transfer = await tx.walletTransfer.create({
        data: { fromAddress: input.from, toAddress: to, token: token.symbol, amount: input.amount.toString() },
      });
      await postEntry(tx, {
        kind: 'transfer',
        reference: transfer.id,
        token: token.symbol,
        legs: [
          { owner: { type: 'wallet', id: input.from }, amount: -input.amount },
          { owner: { type: 'wallet', id: to }, amount: input.amount },
        ],
      });
      return { statusCode: 201, body: toTransferDto(transfer) };
    },
  );
}
