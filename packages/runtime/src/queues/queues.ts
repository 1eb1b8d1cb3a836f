import { Queue, type Job, type JobsOptions } from 'bullmq';
import type { RedisConnection } from '../redis/redis.js';

/**
 * The queue machinery, without any queue: each queue is defined once, with {@link defineQueue}, in
 * the module that owns its processor (its job data type, its enqueue helpers); processes open the
 * queues they use from those definitions through the context's {@link Queues} registry, and the
 * worker registers one handler per defined queue (checked at start-up against {@link definedQueues}).
 */

/** A queue of the project: its BullMQ name, the name of its jobs, and (in the type) its job data. */
export interface QueueDef<Data> {
  /** BullMQ queue name: RedisConnection keys `<QUEUE_PREFIX>:<name>:…`, shown by Bull Board. Never rename a deployed queue. */
  readonly name: string;
  /** The name of every job of the queue. */
  readonly jobName: string;
  /** Type-level only: the job data (never set). */
  readonly __data?: Data;
}

/** The job data of a queue definition. */
export type JobData<Q> = Q extends QueueDef<infer D> ? D : never;

/** Every queue defined by the modules loaded in this process, by name. */
const definitions = new Map<string, QueueDef<unknown>>();

/**
 * Defines a queue (once, beside its processor): `defineQueue<DeliveryJob>({ name: 'webhook-deliveries', jobName: 'deliver' })`.
 * @throws Error when another definition already uses the name with another job name
 */
export function defineQueue<Data>(spec: { name: string; jobName: string }): QueueDef<Data> {
  const known = definitions.get(spec.name);
  if (known && known.jobName !== spec.jobName) {
    throw new Error(`queue ${spec.name} is defined twice (jobs '${known.jobName}' and '${spec.jobName}')`);
  }
  const def: QueueDef<Data> = Object.freeze({ name: spec.name, jobName: spec.jobName });
  if (!known) definitions.set(spec.name, def);
  return def;
}

/** The queues defined by the modules loaded in this process (the worker must handle each of them). */
export const definedQueues = (): QueueDef<unknown>[] => [...definitions.values()];

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

/** The queues of a process (the context's `queues`), opened from their definitions. */
export interface Queues {
  /** The BullMQ queue of a definition, opened on first use (one per name). */
  get<Data>(def: QueueDef<Data>): Queue<Data>;
  /** Every queue opened so far. */
  all(): Queue[];
  close(): Promise<void>;
}

/**
 * Opens queues on one shared Redis connection: those of `open` at once (default: every queue
 * defined so far, see {@link definedQueues}), any other on its first {@link Queues.get}.
 * @param connection a single Redis, a Sentinel-managed one or a Redis Cluster (issue #15)
 * @param prefix QUEUE_PREFIX; on a cluster it carries a hash tag (`{gw}`, checked by `loadConfig`)
 *   so that every key of every queue is in one slot, as BullMQ's scripts require
 */
export function createQueues(connection: RedisConnection, prefix: string, open: readonly QueueDef<unknown>[] = definedQueues()): Queues {
  const opened = new Map<string, Queue>();
  const get = <Data>(def: QueueDef<Data>): Queue<Data> => {
    let queue = opened.get(def.name);
    if (!queue) {
      queue = new Queue(def.name, { connection, prefix, defaultJobOptions: infraRetry });
      // The shared connection's errors reach every queue; without a listener BullMQ prints each
      // with its stack (issue #25). The connection's owner reports outages once (`reportRedisOutages`).
      queue.on('error', () => undefined);
      opened.set(def.name, queue);
    }
    return queue as Queue<Data>;
  };
  for (const def of open) get(def);
  return {
    get,
    all: () => [...opened.values()],
    close: async () => {
      await Promise.all([...opened.values()].map((q) => q.close()));
    },
  };
}

/**
 * Makes the delayed job `id` of a queue due now (BullMQ `promote`). A job in any other state
 * (waiting, running, finished, gone) is left alone, as is one that left `delayed` in between.
 * @returns `promoted`, or the state the job was found in (`missing` when there is none), so that a
 *   caller can try again on a job still `active`
 */
export async function promoteDelayedJob<Data>(
  queues: Pick<Queues, 'get'>,
  def: QueueDef<Data>,
  id: string,
): Promise<'promoted' | 'missing' | Awaited<ReturnType<Job['getState']>>> {
  const job = await queues.get(def).getJob(id);
  if (!job) return 'missing';
  const state = await job.getState();
  if (state !== 'delayed') return state;
  return job.promote().then(
    () => 'promoted' as const,
    () => state, // no longer delayed: it is running or ran meanwhile
  );
}

/**
 * Gives each id a live job: an id whose job is missing, or left `completed`, `failed` or in an
 * `unknown` state, gets it (re)added under job id = the id; a waiting, delayed or active job is left
 * alone, so a live job is never duplicated. Used by the sweepers and by manual resends.
 * @param jobOptions options of the jobs to add (e.g. their priorities), asked once with the ids
 *   that need a job, in their order; not asked when none does
 * @returns how many jobs were added
 */
export async function ensureLiveJobs<Data>(
  queues: Pick<Queues, 'get'>,
  def: QueueDef<Data>,
  items: { id: string; data: Data }[],
  jobOptions?: (ids: string[]) => Promise<Omit<JobsOptions, 'jobId'>[]>,
): Promise<number> {
  const queue = queues.get(def) as Queue;
  const missing: { id: string; data: Data }[] = [];
  for (const item of items) {
    const job = await queue.getJob(item.id);
    if (job) {
      const state = await job.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
      await job.remove();
    }
    missing.push(item);
  }
  if (missing.length === 0) return 0;
  const options = jobOptions ? await jobOptions(missing.map((m) => m.id)) : [];
  for (const [i, { id, data }] of missing.entries()) await queue.add(def.jobName, data, { ...options[i], jobId: id });
  return missing.length;
}
