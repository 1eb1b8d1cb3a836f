import type { Context } from '@gw/runtime';
import { createPayment } from '../payments/index.js';

/** Most credits one purchase may buy. */
export const MAX_CREDITS_PER_PURCHASE = 1_000_000_000;

export interface PurchaseCreditsInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the payer, and the holder of the credits. */
  payer: string;
  /** Positive integer, at most {@link MAX_CREDITS_PER_PURCHASE}. */
  credits: number;
  idempotencyKey?: string | undefined;
}

/**
 * Buys AI credits through the payments product: creates a `pending` payment with purpose
 * `credit_purchase` for `credits × CREDIT_PRICE` (configuration) base units, payable to the organization. When the
 * payer confirms it (`POST /gateway/v1/payments/:id/confirm`), the payment settles and the credits
 * are minted to the wallet in the same transaction (see `grant-purchased-credits.ts`); it expires
 * like any payment. Credits are one balance per wallet, shared by every application.
 * @returns status 201 and the payment object; `replayed` when answered from the Idempotency-Key
 */
export async function purchaseCredits(ctx: Pick<Context, 'prisma' | 'sql' | 'queues' | 'logger' | 'config'>, input: PurchaseCreditsInput) {
  const credits = BigInt(input.credits);
  return createPayment(ctx, {
    organizationId: input.organizationId,
    payer: input.payer,
    amount: credits * BigInt(ctx.config.CREDIT_PRICE),
    description: `AI credits: ${credits}`,
    expiresInSeconds: 900,
    purpose: 'credit_purchase',
    credits,
    idempotencyKey: input.idempotencyKey,
  });
}
