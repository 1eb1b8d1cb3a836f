import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { coalescePer } from '../batching/coalesce.js';

/**
 * Every queue of the project is defined here, once, with its job data type, job options and
 * enqueue helper. The worker registers exactly one handler per queue name (checked at start-up).
 */
export const QUEUE_NAMES = {
  deliveries: 'webhook-deliveries',
  paymentExpiry: 'payment-expiry',
  bridgeRelay: 'bridge-relay',
  recovery: 'webhook-recovery',
} as const;

export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** Job data of a delivery attempt; the job id is the delivery id. */
export interface DeliveryJob {
  deliveryId: string;
}

/** Job data of a payment expiry; the job id is the payment id. */
export interface PaymentExpiryJob {
  paymentId: string;
}

/** Job data of a bridge relay (issue #3, bridge); the job id is the bridge transfer id. */
export interface BridgeRelayJob {
  transferId: string;
}

/**
 * Retry policy for infrastructure failures of the job itself (database down, etc.). Receiver
 * failures are not BullMQ retries: the delivery processor reschedules the same job with the
 * specification's back-off and counts attempts in PostgreSQL, the source of truth.
 */
const infraRetry: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 5000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Job data of a bulk recovery (issue #10, `POST /webhooks/:id/recover`): every `dead` delivery of
 * the webhook created at or after `since` and dead at `until` (the request's time) gets one new
 * attempt. ISO 8601 times.
 */
export interface RecoveryJob {
  organizationId: string;
  webhookId: string;
  since: string;
  until: string;
}

export interface Queues {
  deliveries: Queue<DeliveryJob>;
  paymentExpiry: Queue<PaymentExpiryJob>;
  bridgeRelay: Queue<BridgeRelayJob>;
  recovery: Queue<RecoveryJob>;
  all(): Queue[];
  close(): Promise<void>;
}

/** Opens the project's queues on one shared Redis connection. */
export function createQueues(connection: Redis, prefix: string): Queues {
  const deliveries = new Queue<DeliveryJob>(QUEUE_NAMES.deliveries, { connection, prefix, defaultJobOptions: infraRetry });
  const paymentExpiry = new Queue<PaymentExpiryJob>(QUEUE_NAMES.paymentExpiry, { connection, prefix, defaultJobOptions: infraRetry });
  const bridgeRelay = new Queue<BridgeRelayJob>(QUEUE_NAMES.bridgeRelay, { connection, prefix, defaultJobOptions: infraRetry });
  const recovery = new Queue<RecoveryJob>(QUEUE_NAMES.recovery, { connection, prefix, defaultJobOptions: infraRetry });
  const all = [deliveries, paymentExpiry, bridgeRelay, recovery] as Queue[];
  return {
    deliveries,
    paymentExpiry,
    bridgeRelay,
    recovery,
    all: () => all,
    close: async () => {
      await Promise.all(all.map((q) => q.close()));
    },
  };
}

/**
 * Gives each id a live job: an id whose job is missing, or left `completed`, `failed` or in an
 * `unknown` state, gets it (re)added under job id = the id; a waiting, delayed or active job is left
 * alone, so a live job is never duplicated. Used by the sweeper and by manual resends.
 * @returns how many jobs were added
 */
export async function ensureLiveJobs<T>(queue: Queue<T>, name: string, items: { id: string; data: T }[]): Promise<number> {
  let added = 0;
  for (const { id, data } of items) {
    const job = await queue.getJob(id);
    if (job) {
      const state = await job.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
      await job.remove();
    }
    await (queue as Queue).add(name, data, { jobId: id });
    added += 1;
  }
  return added;
}

/**
 * Enqueues delivery attempts, job id = delivery id (so a second enqueue of a live job is a
 * no-op). With `replaceFinished`, a completed or failed job left under that id is removed
 * first so that the delivery runs again (manual resend, sweeper).
 * @param delayMs wait before the attempt, in ms
 */
export async function enqueueDeliveries(
  queues: Pick<Queues, 'deliveries'>,
  deliveryIds: string[],
  opts: { delayMs?: number; replaceFinished?: boolean } = {},
): Promise<void> {
  if (deliveryIds.length === 0) return;
  if (opts.replaceFinished) {
    await ensureLiveJobs(
      queues.deliveries,
      'deliver',
      deliveryIds.map((deliveryId) => ({ id: deliveryId, data: { deliveryId } })),
    );
    return;
  }
  await queues.deliveries.addBulk(
    deliveryIds.map((deliveryId) => ({
      name: 'deliver',
      data: { deliveryId },
      opts: { jobId: deliveryId, delay: opts.delayMs ?? 0 },
    })),
  );
}

/** Expiry jobs sent to each queue with one `addBulk` per batch (see {@link enqueuePaymentExpiry}). */
const addExpiries = coalescePer(
  async (queue: Queue<PaymentExpiryJob>, jobs: { paymentId: string; expiresAt: Date }[]) => {
    const now = Date.now();
    await queue.addBulk(
      jobs.map((j) => ({
        name: 'expire',
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
export async function enqueuePaymentExpiry(queues: Pick<Queues, 'paymentExpiry'>, paymentId: string, expiresAt: Date): Promise<void> {
  await addExpiries(queues.paymentExpiry, { paymentId, expiresAt });
}

/**
 * Schedules the relay of a bridge transfer (job id = transfer id, so a second enqueue of a live
 * job is a no-op). The worker's relayer decides how long the relay takes.
 */
export async function enqueueBridgeRelay(queues: Pick<Queues, 'bridgeRelay'>, transferId: string): Promise<void> {
  await queues.bridgeRelay.add('relay', { transferId }, { jobId: transferId });
}

/**
 * Queues a bulk recovery (issue #10). The job id is derived from the webhook and the request time,
 * so a retried enqueue of the same request is a no-op.
 */
export async function enqueueRecovery(queues: Pick<Queues, 'recovery'>, job: RecoveryJob): Promise<void> {
  await queues.recovery.add('recover', job, { jobId: `${job.webhookId}-${Date.parse(job.until)}` });
}
