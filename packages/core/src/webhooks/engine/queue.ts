import { z } from 'zod';
import type { Queue } from 'bullmq';
import { type Context, type Queues, defineQueue, ensureLiveJobs, jobDateTime, jobUuid, parseJobData, promoteDelayedJob } from '@gw/runtime';
import { type DeliveryRef, rankDeliveries } from './fair-share.js';

/**
 * The delivery engine's queues (processed by `processDelivery` and `recoverDeadDeliveries`), with
 * their enqueue helpers. Names, job names and job ids are what deployed workers and Bull Board read:
 * never change them. The worker checks each job's data against its queue's schema before running
 * it (a job that fails it is failed at once, not retried); the helpers below check it before adding.
 * Keys the schemas do not know are stripped, not refused (workers of two versions during a deploy).
 */

/**
 * Job data of a delivery attempt, `{ deliveryId, webhookId?, organizationId? }` (UUIDs); the job id
 * is the delivery id. The delivery's webhook and organization (immutable once the row exists) ride
 * in the job, so that the worker asks the endpoint gate while it reads the row; they are optional
 * because jobs queued by older versions have only `deliveryId`. The row stays the truth for state,
 * attempts, the webhook's URL and secret.
 */
export const deliveryJobSchema = z.object({ deliveryId: jobUuid(), webhookId: jobUuid().optional(), organizationId: jobUuid().optional() });
/** Job data of a delivery attempt; the job id is the delivery id. */
export type DeliveryJob = z.infer<typeof deliveryJobSchema>;

/**
 * Job data of a bulk recovery (`POST /webhooks/:id/recover`): the oldest `limit` `dead`
 * deliveries of the webhook created at or after `since` and dead at `until` (the request's time)
 * get one new attempt. Ids are UUIDs, times ISO 8601 (`toISOString()`). `limit`
 * (WEBHOOK_RECOVERY_MAX_DELIVERIES when queued, a positive integer) is absent in jobs queued before
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

/**
 * The delivery queue, sharded over DELIVERY_QUEUE_SHARDS hash tags `{deliveries:i}`
 * (runtime's `shardQueuePrefix`): `ctx.queues.get(deliveryQueue, shard)`, the shard of a delivery
 * being {@link deliveryShard} of its webhook. With 1 shard it is the one queue under QUEUE_PREFIX.
 */
export const deliveryQueue = defineQueue({
  name: 'webhook-deliveries',
  jobName: 'deliver',
  data: deliveryJobSchema,
  shardTag: 'deliveries',
});
export const recoveryQueue = defineQueue({ name: 'webhook-recovery', jobName: 'recover', data: recoveryJobSchema });

/**
 * The delivery queue's shard of a webhook's deliveries: the 32-bit FNV-1a hash of the
 * webhook id (lower case) mod `shards`, so that one endpoint's deliveries stay in one shard, in the
 * order they were queued. Stable across processes, replicas and versions (a webhook keeps its shard
 * as long as the shard count does not change).
 * @param shards DELIVERY_QUEUE_SHARDS (≥ 1)
 * @returns 0 … shards − 1
 */
export function deliveryShard(webhookId: string, shards: number): number {
  if (shards <= 1) return 0;
  let hash = 0x811c9dc5;
  const id = webhookId.toLowerCase();
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** Every shard of the delivery queue, in shard order (one queue when it is not sharded). */
export function deliveryQueues(queues: Pick<Queues, 'get' | 'shards'>): Queue<DeliveryJob>[] {
  return Array.from({ length: queues.shards(deliveryQueue) }, (_, i) => queues.get(deliveryQueue, i));
}

/**
 * Makes the delayed delivery job `id` due now (BullMQ `promote`), or due at `at` (BullMQ
 * `changeDelay`: an open circuit's next prober), in its shard: the shard of
 * `webhookId` when the caller knows it; else every shard is asked, in parallel (a job is in one
 * shard: the parked jobs the endpoint gate hands back carry only their ids). A job in any other
 * state is left alone.
 * @returns `promoted`, else the state the job was found in (`missing` when no shard has it)
 */
export async function promoteDelayedDelivery(
  queues: Pick<Queues, 'get' | 'shards'>,
  id: string,
  webhookId?: string,
  at?: Date,
): ReturnType<typeof promoteDelayedJob> {
  const count = queues.shards(deliveryQueue);
  if (webhookId !== undefined || count === 1)
    return promoteDelayedJob(queues, deliveryQueue, id, deliveryShard(webhookId ?? '', count), at);
  const states = await Promise.all(Array.from({ length: count }, (_, i) => promoteDelayedJob(queues, deliveryQueue, id, i, at)));
  return states.includes('promoted') ? 'promoted' : (states.find((s) => s !== 'missing') ?? 'missing');
}

/** The job data of a delivery, with its webhook and organization. */
const deliveryJobData = (d: DeliveryRef): DeliveryJob => ({ deliveryId: d.id, webhookId: d.webhookId, organizationId: d.organizationId });

/**
 * Enqueues delivery attempts, job id = delivery id (so a second enqueue of a live job is a
 * no-op), each in its webhook's shard of the delivery queue ({@link deliveryShard}).
 * Each job's BullMQ priority is the delivery's rank in its organization's backlog
 * (`rankDeliveries`): the worker takes every organization's first waiting delivery
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
  const shards = ctx.queues.shards(deliveryQueue);
  if (opts.replaceFinished) {
    for (const d of deliveries) parseJobData(deliveryQueue, deliveryJobData(d), d.id); // nothing added if one is malformed
    const byId = new Map(deliveries.map((d) => [d.id, d]));
    let added = 0;
    for (const [shard, refs] of byShard(deliveries, shards)) {
      added += await ensureLiveJobs(
        ctx.queues,
        deliveryQueue,
        refs.map((d) => ({ id: d.id, data: deliveryJobData(d) })),
        async (ids) => (await rank(ids.map((id) => byId.get(id)!))).map((priority) => ({ priority })),
        shard,
      );
    }
    return added;
  }
  for (const d of deliveries) parseJobData(deliveryQueue, deliveryJobData(d), d.id);
  const priorities = await rank(deliveries);
  const priorityOf = new Map(deliveries.map((d, i) => [d.id, priorities[i]]));
  await Promise.all(
    [...byShard(deliveries, shards)].map(([shard, refs]) =>
      ctx.queues.get(deliveryQueue, shard).addBulk(
        refs.map((d) => ({
          name: deliveryQueue.jobName,
          data: deliveryJobData(d),
          opts: { jobId: d.id, delay: opts.delayMs ?? 0, priority: priorityOf.get(d.id) },
        })),
      ),
    ),
  );
  return deliveries.length;
}

/** The deliveries by shard of the delivery queue, each shard's in their order. */
function byShard(deliveries: DeliveryRef[], shards: number): Map<number, DeliveryRef[]> {
  const groups = new Map<number, DeliveryRef[]>();
  for (const d of deliveries) {
    const shard = deliveryShard(d.webhookId, shards);
    const list = groups.get(shard);
    if (list) list.push(d);
    else groups.set(shard, [d]);
  }
  return groups;
}

/** BullMQ deduplication id of a webhook's recoveries: one job per webhook until it completes or fails. */
const recoveryDeduplicationId = (webhookId: string): string => `recover:${webhookId}`;

/**
 * The id of the webhook's recovery job that is still waiting, delayed or running, if any (one
 * recovery per webhook at a time).
 */
export async function runningRecoveryJobId(queues: Pick<Queues, 'get'>, webhookId: string): Promise<string | undefined> {
  const queue = queues.get(recoveryQueue);
  const jobId = await queue.getDeduplicationJobId(recoveryDeduplicationId(webhookId));
  if (!jobId) return undefined;
  const state = await queue.getJobState(jobId);
  return state === 'completed' || state === 'failed' || state === 'unknown' ? undefined : jobId;
}

/**
 * Queues a bulk recovery. The job id is the webhook and the request's own id, so a retried
 * enqueue of the same request is a no-op, and two requests never share one (with the request time
 * in ms, two recoveries sent in the same millisecond would both read the deduplicated id as their
 * own and both be answered 202). At most one recovery per webhook at a time, with BullMQ's
 * deduplication (the id is held from the add until the job completes or fails, atomically with the
 * add, across API replicas).
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
