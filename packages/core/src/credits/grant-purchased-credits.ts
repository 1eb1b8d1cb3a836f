import type { Payment, RawSql } from '@gw/db';
import { AppError } from '@gw/runtime';
import { ISSUANCE, postEntry, CREDIT_UNIT } from '../ledger/index.js';

/**
 * Ledger side of a credit purchase (issue #3, /ai-billing), called by the payments product in
 * the transaction that settles or refunds the payment. Plain payments are left alone.
 *
 * On settle: mints `payment.credits` CREDIT from issuance to the payer's wallet (entry
 * `credits.purchase`, reference = payment id).
 */
export async function grantPurchasedCredits(tx: RawSql, payment: Pick<Payment, 'id' | 'purpose' | 'credits' | 'payer'>): Promise<void> {
  if (payment.purpose !== 'credit_purchase' || !payment.credits || payment.credits <= 0n) return;
  await postEntry(tx, {
    kind: 'credits.purchase',
    reference: payment.id,
    token: CREDIT_UNIT,
    legs: [
      { owner: ISSUANCE, amount: -payment.credits },
      { owner: { type: 'wallet', id: payment.payer }, amount: payment.credits },
    ],
  });
}

/**
 * On refund: takes the purchased credits back from the wallet to issuance (entry
 * `credits.revoke`), so a refund never leaves paid-for credits behind.
 * @throws AppError('invalid-state') 409 when the wallet no longer holds them (already consumed)
 */
export async function revokePurchasedCredits(tx: RawSql, payment: Pick<Payment, 'id' | 'purpose' | 'credits' | 'payer'>): Promise<void> {
  if (payment.purpose !== 'credit_purchase' || !payment.credits || payment.credits <= 0n) return;
  try {
    await postEntry(tx, {
      kind: 'credits.revoke',
      reference: payment.id,
      token: CREDIT_UNIT,
      legs: [
        { owner: { type: 'wallet', id: payment.payer }, amount: -payment.credits },
        { owner: ISSUANCE, amount: payment.credits },
      ],
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'insufficient-funds') {
      throw new AppError('invalid-state', 'The purchased credits have already been consumed; this payment cannot be refunded');
    }
    throw err;
  }
}
