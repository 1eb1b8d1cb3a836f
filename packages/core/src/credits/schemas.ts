import { z } from 'zod';
import { EX, address, dateTime, units, uuid } from '@gw/runtime';
import { paymentExamples } from '../payments/index.js';

/**
 * The AI billing contract (`/ai-billing`): buying credits (a payment of purpose
 * `credit_purchase`, answered as a `Payment`), consuming them, and the wallet's balance.
 */

/** Most credits one purchase may buy. */
export const MAX_CREDITS_PER_PURCHASE = 1_000_000_000;

/** Most credits one consumption may debit. */
export const MAX_UNITS_PER_CONSUMPTION = 1_000_000_000;

export const purchaseCreditsBody = z.strictObject({
  credits: z
    .number()
    .int()
    .min(1)
    .max(MAX_CREDITS_PER_PURCHASE)
    .meta({ description: 'Credits to buy; each costs CREDIT_PRICE base units of the native token (0.001 token by default)', example: 500 }),
});

export const consumeCreditsBody = z.strictObject({
  units: z.number().int().min(1).max(MAX_UNITS_PER_CONSUMPTION).meta({ description: 'Credits to debit', example: 20 }),
  /** What consumed the credits, e.g. `chat.completion`. */
  feature: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/, 'letters, digits and . _ : / - only')
    .meta({ description: 'What consumed the credits', example: 'chat.completion' }),
});

export const CreditConsumption = z
  .object({
    id: uuid(),
    units: z.number().int().min(1),
    feature: z.string(),
    balance: units().meta({ description: 'Credits left after this consumption' }),
    createdAt: dateTime(),
  })
  .meta({ id: 'CreditConsumption' });
/** A consumption and the wallet's credit balance right after it. */
export type CreditConsumptionDto = z.infer<typeof CreditConsumption>;

export const CreditBalance = z
  .object({
    address: address(),
    balance: units().meta({ description: 'Credits the wallet holds, across every application' }),
    recent: z.array(z.object({ id: uuid(), feature: z.string(), units: z.number().int().min(1), createdAt: dateTime() })),
  })
  .meta({ id: 'CreditBalance' });
/** The wallet's credits (across every application) and the latest consumptions made through one organization. */
export type CreditBalanceDto = z.infer<typeof CreditBalance>;

/** Example answers of the API reference (validated against the schemas by the contract tests). */
export const creditExamples = {
  purchase: {
    ...paymentExamples.pending,
    amount: '500000000000000000',
    description: 'AI credits: 500',
    purpose: 'credit_purchase',
    credits: '500',
  },
  consumption: { id: EX.consumptionId, units: 20, feature: 'chat.completion', balance: '480', createdAt: EX.time },
  balance: {
    address: EX.wallet,
    balance: '480',
    recent: [{ id: EX.consumptionId, feature: 'chat.completion', units: 20, createdAt: EX.time }],
  },
};
