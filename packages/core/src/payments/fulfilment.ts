import type { Payment, PaymentPurpose, RawSql } from '@gw/db';

/**
 * What settling or refunding a payment of a purpose other than `payment` does besides moving its
 * amount (the owner of a purpose writes its ledger side; payments only calls it). The
 * `credits` module fulfils `credit_purchase` (it mints the credits bought, and takes them back on
 * refund). Both run in the transaction that settles or refunds the payment, after its amount moved.
 */
export interface PaymentFulfilment {
  /** In the settle transaction, once the amount reached the organization. */
  settled(tx: RawSql, payment: FulfilledPayment): Promise<void>;
  /** In the refund transaction; throwing an `AppError` refuses the refund (nothing is written). */
  refunded(tx: RawSql, payment: FulfilledPayment): Promise<void>;
}

/** The columns of a payment a fulfilment reads. */
export type FulfilledPayment = Pick<Payment, 'id' | 'purpose' | 'credits' | 'payer'>;

/** Purposes whose settle needs a fulfilment: every purpose but `payment`. */
type FulfilledPurpose = Exclude<PaymentPurpose, 'payment'>;

/**
 * The fulfilment of every purpose but `payment`, listed where the settling process is composed
 * (`apps/api/src/catalogue.ts`). A record over the schema's `payment_purpose` enum: a purpose added
 * to the schema without a fulfilment fails to compile, so no process can settle a purchase without
 * delivering what was bought.
 */
export type PaymentFulfilments = { readonly [P in FulfilledPurpose]: PaymentFulfilment };

/** The fulfilment of a payment's purpose; `null` for a plain `payment`. */
export function fulfilmentOf(fulfilments: PaymentFulfilments, purpose: PaymentPurpose): PaymentFulfilment | null {
  return purpose === 'payment' ? null : fulfilments[purpose];
}
