import { PaymentPurpose, type Payment, type RawSql } from '@gw/db';

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

const fulfilments = new Map<FulfilledPurpose, PaymentFulfilment>();

/**
 * Registers the fulfilment of a purpose (once, by the module that owns it, when it is loaded:
 * like `defineQueue`). The API asserts at start-up that every purpose has one
 * ({@link assertPaymentFulfilments}).
 * @throws Error when the purpose already has another fulfilment
 */
export function definePaymentFulfilment(purpose: FulfilledPurpose, fulfilment: PaymentFulfilment): void {
  const known = fulfilments.get(purpose);
  if (known && known !== fulfilment) throw new Error(`payment purpose ${purpose} has two fulfilments`);
  fulfilments.set(purpose, fulfilment);
}

/**
 * The fulfilment of a payment's purpose; `null` for a plain `payment`.
 * @throws Error when the purpose has none in this process (a mis-wired process must not settle a
 *   purchase without delivering what was bought: the settle rolls back instead)
 */
export function fulfilmentOf(purpose: PaymentPurpose): PaymentFulfilment | null {
  if (purpose === 'payment') return null;
  const fulfilment = fulfilments.get(purpose);
  if (!fulfilment) throw new Error(`payment purpose ${purpose} has no fulfilment in this process (import the module that owns it)`);
  return fulfilment;
}

/**
 * Checks that every purpose of the schema's `payment_purpose` enum but `payment` has a
 * fulfilment, so that a process which can settle payments fails at start-up, not at a confirm.
 * @param purposes default: every value of the enum
 * @throws Error naming the purposes without one
 */
export function assertPaymentFulfilments(purposes: readonly string[] = Object.values(PaymentPurpose)): void {
  const missing = purposes.filter((p) => p !== 'payment' && !fulfilments.has(p as FulfilledPurpose));
  if (missing.length > 0) throw new Error(`payment purposes without a fulfilment: ${missing.join(', ')}`);
}
