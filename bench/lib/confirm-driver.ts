/**
 * Feeds the pipeline: confirms pending payments through the real `confirmPayment` (one
 * transaction: ledger entry, status change, event and one delivery row per webhook; the jobs
 * are enqueued after the commit). Either as fast as possible with a fixed number of calls in
 * flight (peak rate), or open-loop at a fixed rate (a call starts on schedule whether or not
 * the previous one has returned, so a slow system cannot slow the offered load down).
 *
 * @module
 */
import { paymentFulfilments } from '@gw/api/catalogue';
import { confirmPayment } from '@gw/core/payments';
import { type Context } from '@gw/runtime';
import { feedAtPeak, feedPaced } from './feed.js';
import type { Fixtures } from './fixtures.js';

/** The context a confirm runs with: the process's, with the API's payment fulfilments. */
type SettleCtx = Context & { paymentFulfilments: typeof paymentFulfilments };

async function confirmOne(ctx: SettleCtx, fx: Fixtures, paymentId: string): Promise<void> {
  const payment = await confirmPayment(ctx, fx.organizationId, paymentId, fx.payer);
  if (payment.status !== 'settled') throw new Error(`payment ${paymentId} ended ${payment.status}, expected settled`);
}

/** Confirms every payment, `concurrency` calls in flight at a time. @returns wall time taken, ms */
export async function confirmAtPeak(ctx: Context, fx: Fixtures, paymentIds: string[], concurrency: number): Promise<number> {
  const settle = { ...ctx, paymentFulfilments };
  return (await feedAtPeak(paymentIds.length, concurrency, (i) => confirmOne(settle, fx, paymentIds[i]!))).ms;
}

/**
 * Confirms payment i at `start + i / paymentsPerSec` seconds (open loop).
 * @returns the largest lag of a call's start behind its schedule, ms (should stay near 0)
 */
export async function confirmPaced(ctx: Context, fx: Fixtures, paymentIds: string[], paymentsPerSec: number): Promise<number> {
  const settle = { ...ctx, paymentFulfilments };
  return feedPaced(paymentIds.length, paymentsPerSec, (i) => confirmOne(settle, fx, paymentIds[i]!));
}
