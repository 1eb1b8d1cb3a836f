import { z } from 'zod';
import { type Context, type Queues, defineQueue, ensureLiveJobs, jobDateTime, jobUuid, parseJobData } from '@gw/runtime';
import { type DeliveryRef, rankDeliveries } from './fair-share.js';

/**
 * The delivery engine's queues (processed by `processDelivery` and `recoverDeadDeliveries`), with
 * their enqueue helpers. Names, job names and job ids are what deployed workers and Bull Board read:
 * never change them. The worker checks each job's data against its queue's schema before running
 * it (a job that fails it is failed at once, not retried); the helpers below check it before adding.
 * Keys the schemas do not know are stripped, not refused (workers of two versions during a deploy).
 */

/**
 * Job data of a delivery attempt, `{ deliveryId, organizationId?, webhookId? }`; the job id is the
 * delivery id (a UUID). Issue #30: the organization and the webhook (immutable once the delivery
 * row exists) let the worker ask the endpoint gate while it reads the row; the row stays the truth
 * (state, attempts, whether the webhook is active, its secret). Jobs queued before carry only the id.
 */
export const deliveryJobSchema = z.object({ deliveryId: jobUuid(), organizationId: jobUuid().optional(), webhookId: jobUuid().optional() });
/** Job data of a delivery attempt; the job id is the delivery id. */
export type DeliveryJob = z.infer<typeof deliveryJobSchema>;

/**
 * Job data of a bulk recovery (issue #10, `POST /webhooks/:id/recover`): the oldest `limit` `dead`
 * deliveries of the webhook created at or after `since` and dead at `until` (the request's time)
 * get one new attempt. Ids are UUIDs, times ISO 8601 (`toISOString()`). `limit` (issue #24:
 * WEBHOOK_RECOVERY_MAX_DELIVERIES when queued, a positive integer) is absent in jobs queued before
 * the cap existed, which the worker caps at its own setting.
 */
export const recoveryJobSchema = z.object({
  organizationId: jobUuid(),
  webhookId: jobUuid(),
  since: jobDateTime(),
  until: jobDateTime(),
  limit: z.number().int().positive().optional(),
});
/** Job data of a bulk recovery: see {@link recoveryJobSchema}. */
export type RecoveryJob = z.infer<typeof recoveryJobSchema>;

export const deliveryQueue = defineQueue({ name: 'webhook-deliveries', jobName: 'deliver', data: deliveryJobSchema });
export const recoveryQueue = defineQueue({ name: 'webhook-recovery', jobName: 'recover', data: recoveryJobSchema });

/** A delivery's job data: its ids, with the organization and the webhook when the ref has them. */
const jobDataOf = (d: DeliveryRef): DeliveryJob =>
  d.webhookId ? { deliveryId: d.id, organizationId: d.organizationId, webhookId: d.webhookId } : { deliveryId: d.id };

/**
 * Enqueues delivery attempts, job id = delivery id (so a second enqueue of a live job is a
 * no-op). Each job's BullMQ priority is the delivery's rank in its organization's backlog
 * (issue #24, `rankDeliveries`): the worker takes every organization's first waiting delivery
 * before anyone's second. With `replaceFinished`, a completed or failed job left under that id is
 * removed first so that the delivery runs again (manual resend, recovery, sweeper).
 * @param ctx.redis and QUEUE_PREFIX: where the backlog ranks are kept (one script per call)
 * @param delayMs wait before the attempt, in ms
 * @returns how many jobs were added (with `replaceFinished`, live jobs are not counted)
 * @throws JobDataError when a delivery id is not a UUID (nothing is added)
 */
export async function enqueueDeliveries(
  ctx: Pick<Context, 'queues' | 'redis' | 'config'>,
  deliveries: DeliveryRef[],
  opts: { delayMs?: number; replaceFinished?: boolean } = {},
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const rank = (refs: DeliveryRef[]) => rankDeliveries(ctx.redis, ctx.config.QUEUE_PREFIX, refs);
  if (opts.replaceFinished) {
    const byId = new Map(deliveries.map((d) => [d.id, d]));
    return ensureLiveJobs(
      ctx.queues,
      deliveryQueue,
      deliveries.map((d) => ({ id: d.id, data: jobDataOf(d) })),
      async (ids) => (await rank(ids.map((id) => byId.get(id)!))).map((priority) => ({ priority })),
    );
  }
  const data = deliveries.map((d) => parseJobData(deliveryQueue, jobDataOf(d), d.id)); // ensureLiveJobs checks its own
  const priorities = await rank(deliveries);
  await ctx.queues.get(deliveryQueue).addBulk(
    deliveries.map((d, i) => ({
      name: deliveryQueue.jobName,
      data: data[i]!,
      opts: { jobId: d.id, delay: opts.delayMs ?? 0, priority: priorities[i] },
    })),
  );
  return deliveries.length;
}

/**
 * After a commit: enqueue the deliveries the outbox wrote. A failure here loses nothing (the rows
 * are committed and the sweeper re-enqueues them), so it is logged, not thrown.
 */
export async function dispatchDeliveries(
  ctx: Pick<Context, 'queues' | 'redis' | 'config' | 'logger'>,
  deliveries: DeliveryRef[],
): Promise<void> {
  try {
    await enqueueDeliveries(ctx, deliveries);
  } catch (err) {
    ctx.logger.warn({ err, deliveries: deliveries.length }, 'enqueue after commit failed; the sweeper will re-enqueue');
  }
}

/** BullMQ deduplication id of a webhook's recoveries: one job per webhook until it completes or fails. */
const recoveryDeduplicationId = (webhookId: string): string => `recover:${webhookId}`;

/**
 * The id of the webhook's recovery job that is still waiting, delayed or running, if any
 * (issue #24: one recovery per webhook at a time).
 */
export async function runningRecoveryJobId(queues: Pick<Queues, 'get'>, webhookId: string): Promise<string | undefined> {
  const queue = queues.get(recoveryQueue);
  const jobId = await queue.getDeduplicationJobId(recoveryDeduplicationId(webhookId));
  if (!jobId) return undefined;
  const state = await queue.getJobState(jobId);
  return state === 'completed' || state === 'failed' || state === 'unknown' ? undefined : jobId;
}

/**
 * Queues a bulk recovery (issue #10). The job id is the webhook and the request's own id, so a
 * retried enqueue of the same request is a no-op, and two requests never share one (they used to
 * share the request time in ms: two recoveries sent in the same millisecond both read the
 * deduplicated id as their own and both answered 202). Issue #24: at most one recovery per
 * webhook at a time, with BullMQ's deduplication (the id is held from the add until the job
 * completes or fails, atomically with the add, across API replicas).
 * @param requestId unique per recovery request (a UUID)
 * @returns `queued`, or `running` when another recovery of the webhook is queued or running (nothing added)
 * @throws JobDataError when `job` fails {@link recoveryJobSchema} (nothing is added)
 */
export async function enqueueRecovery(queues: Pick<Queues, 'get'>, job: RecoveryJob, requestId: string): Promise<'queued' | 'running'> {
  const jobId = `${job.webhookId}-${requestId}`;
  const data = parseJobData(recoveryQueue, job, jobId);
  const added = await queues
    .get(recoveryQueue)
    .add(recoveryQueue.jobName, data, { jobId, deduplication: { id: recoveryDeduplicationId(job.webhookId) } });
  return added.id === jobId ? 'queued' : 'running';
}
