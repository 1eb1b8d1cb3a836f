import { type Context, AppError, type SpendGuard } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { balanceOf, CREDIT_UNIT, ISSUANCE, type Owner, transfer, transferIfFunded } from '../ledger/index.js';
import { createPayment, type FulfilledPayment, type PaymentFulfilment } from '../payments/index.js';
import type { CreditBalanceDto, CreditConsumptionDto } from './schemas.js';
import { insertConsumption, listRecentConsumptions } from './repository.js';
import { creditsProblem } from './problems.js';

/** Receives every consumed credit (credits are burned, not paid to anyone). */
export const CREDIT_BURN: Owner = { type: 'system', id: 'credit-burn' };

/** A wallet's account. */
const wallet = (address: string): Owner => ({ type: 'wallet', id: address });

/** How many consumptions `GET /ai-billing/credits` lists. */
export const RECENT_CONSUMPTIONS = 20;

// --- purchase ------------------------------------------------------------------------------------

export interface PurchaseCreditsInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the payer, and the holder of the credits. */
  payer: string;
  /** Positive integer, at most `MAX_CREDITS_PER_PURCHASE`. */
  credits: number;
  idempotencyKey?: string | undefined;
}

/**
 * Buys AI credits through the payments product: creates a `pending` payment with purpose
 * `credit_purchase` for `credits × CREDIT_PRICE` (configuration) base units, payable to the organization. When the
 * payer confirms it (`POST /gateway/v1/payments/:id/confirm`), the payment settles and the credits
 * are minted to the wallet in the same transaction ({@link creditPurchaseFulfilment}); it expires
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

/** The credits a purchase bought, or 0 for anything else (a plain payment, or none recorded). */
const purchased = (payment: FulfilledPayment): bigint =>
  payment.purpose === 'credit_purchase' && payment.credits && payment.credits > 0n ? payment.credits : 0n;

/**
 * The ledger side of a credit purchase, run by payments in the transaction
 * that settles or refunds a `credit_purchase` payment (listed in the API's `PaymentFulfilments`).
 *
 * - settled: mints `payment.credits` CREDIT from issuance to the payer's wallet (entry
 *   `credits.purchase`, reference = payment id).
 * - refunded: takes them back from the wallet to issuance (entry `credits.revoke`), so a refund
 *   never leaves paid-for credits behind; throws AppError('invalid-state') (409) when the wallet no
 *   longer holds them (already consumed), which refuses the refund.
 */
export const creditPurchaseFulfilment = {
  async settled(tx, payment) {
    const credits = purchased(payment);
    if (credits === 0n) return;
    await transfer(tx, {
      kind: 'credits.purchase',
      reference: payment.id,
      token: CREDIT_UNIT,
      from: ISSUANCE,
      to: wallet(payment.payer),
      amount: credits,
    });
  },
  async refunded(tx, payment) {
    const credits = purchased(payment);
    if (credits === 0n) return;
    const revoked = await transferIfFunded(tx, {
      kind: 'credits.revoke',
      reference: payment.id,
      token: CREDIT_UNIT,
      from: wallet(payment.payer),
      to: ISSUANCE,
      amount: credits,
    });
    if (revoked === null)
      throw new AppError('invalid-state', 'The purchased credits have already been consumed; this payment cannot be refunded');
  },
} satisfies PaymentFulfilment;

// --- consumption -----------------------------------------------------------------------------------

export interface ConsumeCreditsInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet, whose credits are debited. */
  address: string;
  /** Positive integer. */
  units: number;
  /** What consumed the credits, e.g. `chat.completion`. */
  feature: string;
  idempotencyKey?: string | undefined;
  /** An AI connector's grant limits, charged `units × CREDIT_PRICE` base units in the same transaction. */
  spendGuard?: SpendGuard | undefined;
}

/**
 * Debits `units` credits from the wallet atomically: one transaction records the consumption and
 * posts the entry wallet → {@link CREDIT_BURN} (`credits.consume`), with the wallet's account
 * row locked, so concurrent consumptions are serialised and can never overdraw.
 * @returns status 201 and the consumption with the balance after it
 * @throws AppError('payment-required') 402 when the balance is short (nothing is recorded)
 */
export async function consumeCredits(ctx: Pick<Context, 'prisma' | 'config'>, input: ConsumeCreditsInput) {
  const holder = wallet(input.address);
  const units = BigInt(input.units);
  const fingerprint = requestFingerprint('ai-billing.consume', input.address, { units: input.units, feature: input.feature });
  return withIdempotency<CreditConsumptionDto>(
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const row = await insertConsumption(tx, {
        organizationId: input.organizationId,
        address: input.address,
        feature: input.feature,
        units,
      });
      const consumed = await transferIfFunded(tx, {
        kind: 'credits.consume',
        reference: row.id,
        token: CREDIT_UNIT,
        from: holder,
        to: CREDIT_BURN,
        amount: units,
      });
      if (consumed === null) {
        // The account row is locked by this transaction: this is the balance that was short.
        const balance = await balanceOf(tx, holder, CREDIT_UNIT);
        throw creditsProblem('payment-required', `This needs ${units} credits; the wallet holds ${balance}. Buy credits first.`, {
          balance: balance.toString(),
          required: units.toString(),
        });
      }
      await input.spendGuard?.charge(tx, {
        action: 'credits.consume',
        reference: row.id,
        recipient: input.organizationId,
        token: ctx.config.NATIVE_TOKEN_SYMBOL,
        amount: units * BigInt(ctx.config.CREDIT_PRICE),
      });
      const balance = await balanceOf(tx, holder, CREDIT_UNIT);
      return {
        statusCode: 201,
        body: { id: row.id, units: input.units, feature: row.feature, balance: balance.toString(), createdAt: row.createdAt.toISOString() },
      };
    },
  );
}

/**
 * The wallet's credit balance (one balance per wallet for the whole ecosystem) and its last
 * {@link RECENT_CONSUMPTIONS} consumptions recorded by `organizationId` (consumption records are
 * tenant data: an organization does not see what the wallet consumed elsewhere).
 */
export async function getCreditBalance(ctx: Pick<Context, 'prisma'>, organizationId: string, address: string): Promise<CreditBalanceDto> {
  const [balance, rows] = await Promise.all([
    balanceOf(ctx.prisma, { type: 'wallet', id: address }, CREDIT_UNIT),
    listRecentConsumptions(ctx.prisma, organizationId, address, RECENT_CONSUMPTIONS),
  ]);
  return {
    address,
    balance: balance.toString(),
    recent: rows.map((r) => ({ id: r.id, feature: r.feature, units: Number(r.units), createdAt: r.createdAt.toISOString() })),
  };
}
