import { Prisma, type Payment } from '@gw/db';

/**
 * The payment object returned by the API and carried in events (`data.payment`).
 * Amounts are strings of integer base units; timestamps are ISO 8601 UTC.
 */
export interface PaymentDto {
  id: string;
  object: 'payment';
  status: 'pending' | 'settled' | 'failed' | 'expired' | 'refunded';
  amount: string;
  token: string;
  payer: string;
  organizationId: string;
  description: string | null;
  /** `payment`, or `credit_purchase` for AI credits bought through `/ai-billing/credits/purchase`. */
  purpose: 'payment' | 'credit_purchase';
  /** Credits minted to the payer when a `credit_purchase` settles (string of an integer); null otherwise. */
  credits: string | null;
  failureReason: string | null;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  settledAt: string | null;
  refundedAt: string | null;
}

export function toPaymentDto(p: Payment): PaymentDto {
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

/** A payments row as raw SQL returns it (issue #5, #16): the model's columns, `amount` and `credits` as text. */
export type PaymentRow = Omit<Payment, 'amount' | 'credits'> & { amount: string; credits: string | null };

/** The model of a raw {@link PaymentRow}. */
export const fromPaymentRow = (r: PaymentRow): Payment => ({
  ...r,
  amount: new Prisma.Decimal(r.amount),
  credits: r.credits === null ? null : BigInt(r.credits),
});
