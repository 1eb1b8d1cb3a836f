import { type Context, AppError } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { balanceOf, postEntry, type Owner, CREDIT_UNIT } from '../ledger/index.js';
import { createPayment } from '../payments/index.js';
import type { CreditBalanceDto, CreditConsumptionDto } from './contract.js';
import { insertConsumption, listRecentConsumptions } from './repository.js';

/** Receives every consumed credit (credits are burned, not paid to anyone). */
export const CREDIT_BURN: Owner = { type: 'system', id: 'credit-burn' };

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
 * are minted to the wallet in the same transaction ({@link grantPurchasedCredits}); it expires
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
}

/**
 * Debits `units` credits from the wallet atomically: one transaction records the consumption and
 * posts the entry wallet → {@link CREDIT_BURN} (`credits.consume`), with the wallet's account
 * row locked, so concurrent consumptions are serialised and can never overdraw.
 * @returns status 201 and the consumption with the balance after it
 * @throws AppError('payment-required') 402 when the balance is short (nothing is recorded)
 */
export async function consumeCredits(ctx: Pick<Context, 'prisma' | 'config'>, input: ConsumeCreditsInput) {
  const wallet: Owner = { type: 'wallet', id: input.address };
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
      try {
        await postEntry(tx, {
          kind: 'credits.consume',
          reference: row.id,
          token: CREDIT_UNIT,
          legs: [
            { owner: wallet, amount: -units },
            { owner: CREDIT_BURN, amount: units },
          ],
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'insufficient-funds') {
          // The account row is locked by this transaction: this is the balance that was short.
          const balance = await balanceOf(tx, wallet, CREDIT_UNIT);
          throw new AppError('payment-required', `This needs ${units} credits; the wallet holds ${balance}. Buy credits first.`, {
            balance: balance.toString(),
            required: units.toString(),
          });
        }
        throw err;
      }
      const balance = await balanceOf(tx, wallet, CREDIT_UNIT);
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
