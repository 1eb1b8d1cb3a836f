import { z } from 'zod';
import type { Payment as PaymentModel } from '@gw/db';
import { EX, address, amount, amountSchema, dateTime, idParam, listQuerySchema, page, symbol, uuid } from '@gw/runtime';
import { eventBody } from '../webhooks/index.js';

/**
 * The payments contract: request and response schemas of `/gateway/v1/payments`, and
 * the payment object carried in events (`data.payment`). Amounts are strings of integer base
 * units; timestamps are ISO 8601 UTC.
 */

export const PAYMENT_STATUSES = ['pending', 'settled', 'failed', 'expired', 'refunded'] as const;

export const Payment = z
  .object({
    id: uuid(),
    object: z.literal('payment'),
    status: z.enum(PAYMENT_STATUSES),
    amount: amount(),
    token: symbol(),
    payer: address(),
    organizationId: uuid().meta({ description: 'The payee: the API key organization' }),
    description: z.string().nullable(),
    purpose: z
      .enum(['payment', 'credit_purchase'])
      .meta({ description: '`credit_purchase` for AI credits bought through `/ai-billing/credits/purchase`' }),
    credits: z
      .string()
      .regex(/^[1-9][0-9]*$/)
      .nullable()
      .meta({ description: 'Credits minted when a `credit_purchase` settles; null otherwise' }),
    failureReason: z.string().nullable(),
    expiresAt: dateTime(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    settledAt: dateTime().nullable(),
    refundedAt: dateTime().nullable(),
  })
  .meta({ id: 'Payment', description: 'A payment from the JWT wallet (payer) to the API key organization (payee)' });
export const PaymentPage = page('PaymentPage', Payment, 'Payments, newest first');

/** The payment object returned by the API and carried in events (`data.payment`). */
export type PaymentDto = z.infer<typeof Payment>;

export function toPaymentDto(p: PaymentModel): PaymentDto {
  return {
    id: p.id,
    object: 'payment',
    status: p.status,
    amount: p.amount.toFixed(0),
    token: p.token,
    payer: p.payer,
    organizationId: p.organizationId,
    description: p.description,
    purpose: p.purpose,
    credits: p.credits?.toString() ?? null,
    failureReason: p.failureReason,
    expiresAt: p.expiresAt.toISOString(),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    settledAt: p.settledAt?.toISOString() ?? null,
    refundedAt: p.refundedAt?.toISOString() ?? null,
  };
}

export const createPaymentBody = z.strictObject({
  amount: amountSchema,
  description: z.string().max(500).optional().meta({ description: 'Free text shown with the payment', example: 'Order #1001' }),
  /** Default 900 s (15 minutes), at most 30 days. */
  expiresInSeconds: z
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .default(900)
    .meta({ description: 'Seconds until a still-pending payment expires (default 900, at most 30 days)', example: 900 }),
});

export const listPaymentsQuery = listQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES).optional().meta({ description: 'Only payments in this status' }),
});

export const paymentIdParam = idParam('payment', EX.paymentId);

const pendingPayment = {
  id: EX.paymentId,
  object: 'payment',
  status: 'pending',
  amount: '12000000000000000000',
  token: 'GTK',
  payer: EX.wallet,
  organizationId: EX.orgId,
  description: 'Order #1001',
  purpose: 'payment',
  credits: null,
  failureReason: null,
  expiresAt: EX.later,
  createdAt: EX.time,
  updatedAt: EX.time,
  settledAt: null,
  refundedAt: null,
};
const settledPayment = {
  ...pendingPayment,
  status: 'settled',
  updatedAt: '2026-11-21T17:01:00.000Z',
  settledAt: '2026-11-21T17:01:00.000Z',
};

/** Example payments of the API reference (validated against {@link Payment} by the contract tests). */
export const paymentExamples = {
  pending: pendingPayment,
  settled: settledPayment,
  refunded: { ...settledPayment, status: 'refunded', updatedAt: '2026-11-21T17:05:00.000Z', refundedAt: '2026-11-21T17:05:00.000Z' },
  page: { data: [settledPayment], nextCursor: EX.cursor },
};

// --- the events a payment's changes push to webhooks ---------------------------------------------

/** The webhook events of payments: every payment state change is pushed. */
export type PaymentEvent = 'payment.settled' | 'payment.failed' | 'payment.expired' | 'payment.refunded';

const eventPayload = <E extends PaymentEvent>(type: E, id: string, description: string) =>
  eventBody(type, 'payment', Payment, { id, description, data: 'The payment as the API returns it, after the change' });

/** The body of each event's deliveries (one `webhooks` entry of the API reference per event). */
export const PAYMENT_EVENT_PAYLOADS = {
  'payment.settled': eventPayload('payment.settled', 'PaymentSettledEvent', 'The payer confirmed and the amount moved to the organization'),
  'payment.failed': eventPayload(
    'payment.failed',
    'PaymentFailedEvent',
    "The payer's balance was short at confirmation (`failureReason: insufficient_funds`)",
  ),
  'payment.expired': eventPayload('payment.expired', 'PaymentExpiredEvent', 'The payment was still pending at `expiresAt`'),
  'payment.refunded': eventPayload('payment.refunded', 'PaymentRefundedEvent', 'The organization refunded a settled payment'),
} satisfies Record<PaymentEvent, z.ZodType>;

const eventId = EX.eventId;

/** The body of one delivery of each event (validated against its schema by the contract tests). */
export const paymentEventExamples = {
  'payment.settled': {
    id: eventId,
    type: 'payment.settled',
    createdAt: '2026-11-21T17:01:00.000Z',
    delivery: { id: EX.deliveryId, timestamp: 1795280461 },
    data: { payment: paymentExamples.settled },
  },
  'payment.failed': {
    id: eventId,
    type: 'payment.failed',
    createdAt: '2026-11-21T17:01:00.000Z',
    delivery: { id: EX.deliveryId, timestamp: 1795280461 },
    data: {
      payment: {
        ...paymentExamples.pending,
        status: 'failed',
        failureReason: 'insufficient_funds',
        updatedAt: '2026-11-21T17:01:00.000Z',
      },
    },
  },
  'payment.expired': {
    id: eventId,
    type: 'payment.expired',
    createdAt: EX.later,
    delivery: { id: EX.deliveryId, timestamp: 1795281301 },
    data: { payment: { ...paymentExamples.pending, status: 'expired', updatedAt: EX.later } },
  },
  'payment.refunded': {
    id: eventId,
    type: 'payment.refunded',
    createdAt: '2026-11-21T17:05:00.000Z',
    delivery: { id: EX.deliveryId, timestamp: 1795280701 },
    data: { payment: paymentExamples.refunded },
  },
} satisfies Record<PaymentEvent, unknown>;
