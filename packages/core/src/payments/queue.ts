import type { Queue } from 'bullmq';
import { type Queues, coalescePer, defineQueue } from '@gw/runtime';

/**
 * The payments module's queue (processed by `expirePayment`), with its enqueue helper. The name,
 * job name and job ids are what deployed workers and Bull Board read: never change them.
 */

/** Job data of a payment expiry; the job id is the payment id. */
export interface PaymentExpiryJob {
  paymentId: string;
}

export const paymentExpiryQueue = defineQueue<PaymentExpiryJob>({ name: 'payment-expiry', jobName: 'expire' });

/** Expiry jobs sent to each queue with one `addBulk` per batch (see {@link enqueuePaymentExpiry}). */
const addExpiries = coalescePer(
  async (queue: Queue<PaymentExpiryJob>, jobs: { paymentId: string; expiresAt: Date }[]) => {
    const now = Date.now();
    await queue.addBulk(
      jobs.map((j) => ({
        name: paymentExpiryQueue.jobName,
        data: { paymentId: j.paymentId },
        opts: { jobId: j.paymentId, delay: Math.max(0, j.expiresAt.getTime() - now) },
      })),
    );
    return jobs.map(() => undefined);
  },
  { maxBatch: 200, maxInFlight: 2 },
);

/**
 * Schedules the expiry of a payment at `expiresAt` (a delayed job, job id = payment id).
 * Concurrent calls are sent together (issue #5): the expiries requested while an `addBulk` is in
 * flight go out in the next one, one Redis round trip for many payments. A failure rejects every
 * caller of that batch; the payments are committed already, and the sweeper schedules their
 * expiries.
 */
export async function enqueuePaymentExpiry(queues: Pick<Queues, 'get'>, paymentId: string, expiresAt: Date): Promise<void> {
  await addExpiries(queues.get(paymentExpiryQueue), { paymentId, expiresAt });
}
