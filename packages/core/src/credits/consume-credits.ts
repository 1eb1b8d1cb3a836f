import { type Context, AppError } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { getBalance, postEntry, type Owner, CREDIT_UNIT } from '../ledger/index.js';

/** Receives every consumed credit (credits are burned, not paid to anyone). */
export const CREDIT_BURN: Owner = { type: 'system', id: 'credit-burn' };

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

export interface CreditConsumptionDto {
  id: string;
  units: number;
  feature: string;
  /** The wallet's credit balance right after this debit (string of an integer). */
  balance: string;
  createdAt: string;
}

/**
 * Debits `units` credits from the wallet atomically: one transaction records the consumption and
 * posts the entry wallet → {@link CREDIT_BURN} (`credits.consume`), with the wallet's account
 * row locked, so concurrent consumptions are serialised and can never overdraw.
 * @returns status 201 and the consumption with the balance after it
 * @throws AppError('payment-required') 402 when the balance is short (nothing is recorded)
 */
export async function consumeCredits(ctx: Pick<Context, 'prisma'>, input: ConsumeCreditsInput) {
  const wallet: Owner = { type: 'wallet', id: input.address };
  const units = BigInt(input.units);
  const fingerprint = requestFingerprint('ai-billing.consume', input.address, { units: input.units, feature: input.feature });
  return withIdempotency<CreditConsumptionDto>(
    ctx.prisma,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const row = await tx.creditConsumption.create({
        data: { organizationId: input.organizationId, address: input.address, feature: input.feature, units },
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
          const balance = await getBalance(tx, wallet, CREDIT_UNIT);
          throw new AppError('payment-required', `This needs ${units} credits; the wallet holds ${balance}. Buy credits first.`, {
            balance: balance.toString(),
            required: units.toString(),
          });
        }
        throw err;
      }
      const balance = await getBalance(tx, wallet, CREDIT_UNIT);
      return {
        statusCode: 201,
        body: { id: row.id, units: input.units, feature: row.feature, balance: balance.toString(), createdAt: row.createdAt.toISOString() },
      };
    },
  );
}
