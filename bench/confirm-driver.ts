/**
 * Feeds the pipeline: confirms pending payments through the real `confirmPayment` (one
 * transaction: ledger entry, status change, event and one delivery row per webhook; the jobs
 * are enqueued after the commit). Either as fast as possible with a fixed number of calls in
 * flight (peak rate), or open-loop at a fixed rate (a call starts on schedule whether or not
 * the previous one has returned, so a slow system cannot slow the offered load down).
 *
 * @module
 */
import { confirmPayment, type Context } from '@gw/core';
import type { Fixtures } from './fixtures.js';

async function confirmOne(ctx: Context, fx: Fixtures, paymentId: string): Promise<void> {
  const payment = await confirmPayment(ctx, fx.organizationId, paymentId, fx.payer);
  if (payment.status !== 'settled') throw new Error(`payment ${paymentId} ended ${payment.status}, expected settled`);
}

/** Confirms every payment, `concurrency` calls in flight at a time. @returns wall time taken, ms */
export async function confirmAtPeak(ctx: Context, fx: Fixtures, paymentIds: string[], concurrency: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < paymentIds.length) await confirmOne(ctx, fx, paymentIds[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paymentIds.length) }, lane));
  return performance.now() - started;
}

/**
 * Confirms payment i at `start + i / paymentsPerSec` seconds (open loop).
 * @returns the largest lag of a call's start behind its schedule, ms (should stay near 0)
 */
export async function confirmPaced(ctx: Context, fx: Fixtures, paymentIds: string[], paymentsPerSec: number): Promise<number> {
  const start = performance.now();
  const intervalMs = 1000 / paymentsPerSec;
  let maxLagMs = 0;
  const calls: Promise<void>[] = [];
  for (let i = 0; i < paymentIds.length; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    maxLagMs = Math.max(maxLagMs, performance.now() - due);
    calls.push(confirmOne(ctx, fx, paymentIds[i]!));
  }
  await Promise.all(calls);
  return maxLagMs;
}
