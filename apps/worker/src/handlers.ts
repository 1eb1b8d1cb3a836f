import { DelayedError, type Job } from 'bullmq';
import {
  expirePayment,
  processDelivery,
  QUEUE_NAMES,
  type Context,
  type DeliveryJob,
  type PaymentExpiryJob,
  type QueueName,
  type Sender,
} from '@gw/core';

/** A queue's processor. `token` is the worker's lock token, needed to reschedule the job itself. */
export type Handler = (job: Job, token: string | undefined) => Promise<unknown>;

/** Moves the running job back to `delayed` until `at` (the same job id keeps the delivery's identity). */
async function rescheduleAt(job: Job, token: string | undefined, at: Date): Promise<never> {
  await job.moveToDelayed(at.getTime(), token);
  throw new DelayedError();
}

/**
 * One handler per queue of {@link QUEUE_NAMES}; `startWorker` refuses to start when a queue has
 * none (or an unknown name has one).
 */
export function createHandlers(ctx: Context, sender: Sender): Record<QueueName, Handler> {
  return {
    [QUEUE_NAMES.deliveries]: async (job, token) => {
      const { deliveryId } = job.data as DeliveryJob;
      const outcome = await processDelivery(ctx, sender, deliveryId);
      if (outcome.kind === 'retry' || outcome.kind === 'not-due') return rescheduleAt(job, token, outcome.at);
      return outcome;
    },
    [QUEUE_NAMES.paymentExpiry]: async (job, token) => {
      const { paymentId } = job.data as PaymentExpiryJob;
      const outcome = await expirePayment(ctx, paymentId);
      if (outcome.result === 'not-due') return rescheduleAt(job, token, outcome.expiresAt);
      return outcome;
    },
  };
}
