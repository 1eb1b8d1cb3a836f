import { z } from 'zod';
import { type PeriodicJob, defineQueue, jobUuid } from '@gw/runtime';

/**
 * The payments module's queue (processed by `expireDuePayments` and `expirePayment`) and its
 * schedule. The name, job name and scheduler id are what deployed workers and Bull Board read:
 * never change them.
 *
 * Payments expire by a scan, not by one delayed job each. The scheduler below produces
 * one job every PAYMENT_EXPIRY_SCAN_MS for the whole cluster, and that job expires every pending
 * payment past its `expiresAt` (index `payments(status, expires_at)`). Creating a payment therefore
 * writes nothing to Redis, and a million pending payments hold no Redis memory (a delayed job took
 * about 850 bytes). Jobs of the earlier kind (`paymentId` set, one per payment, delayed until its
 * `expiresAt`) that a deployed Redis may still hold are still run.
 */

/**
 * Job data of the expiry queue: `{}` for a scan; `{ paymentId }` (a UUID) for a job of one payment,
 * the kind that earlier versions scheduled at each creation (job id = payment id).
 * The worker checks it before running the job; unknown keys are stripped, not refused.
 */
export const paymentExpiryJobSchema = z.object({ paymentId: jobUuid().optional() });
/** Job data of the expiry queue: see {@link paymentExpiryJobSchema}. */
export type PaymentExpiryJob = z.infer<typeof paymentExpiryJobSchema>;

export const paymentExpiryQueue = defineQueue({ name: 'payment-expiry', jobName: 'expire', data: paymentExpiryJobSchema });

/** Id of the one BullMQ job scheduler that produces the expiry scans. */
export const PAYMENT_EXPIRY_SCHEDULER_ID = 'payment-expiry-scan';

/**
 * The expiry scans: one cluster-wide periodic job, every PAYMENT_EXPIRY_SCAN_MS. The worker sets
 * it at start and its sweeper puts it back when Redis lost it, so expiries resume within
 * SWEEP_INTERVAL_MS (`schedulePeriodicJob`, `restorePeriodicJob` of `@gw/runtime`).
 */
export const paymentExpiryScans: PeriodicJob<PaymentExpiryJob> = {
  queue: paymentExpiryQueue,
  schedulerId: PAYMENT_EXPIRY_SCHEDULER_ID,
  data: {},
};
