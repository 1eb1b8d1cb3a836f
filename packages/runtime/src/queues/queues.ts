import { Queue, type Job, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { redactErrorUrls } from '../logging/redact-urls.js';
import type { RedisConnection } from '../redis/redis.js';
import { assertUniqueEntries } from '../catalogue.js';

/**
 * The queue machinery, without any queue: each queue is defined once, with {@link defineQueue}, in
 * the module that owns its processor (the zod schema of its job data, its enqueue helpers); the
 * queues of the project are listed once above the modules (`@gw/core/queues`, built with
 * {@link composeQueues}), and each process is composed with that list: it opens them through the
 * context's {@link Queues}, and the worker registers one handler per listed queue (checked at
 * start-up), which takes each job's data through {@link parseJobData} before running it.
 */

/** A queue of the project: its BullMQ name, the name of its jobs, and the schema of its job data. */
export interface QueueDef<Data> {
  /** BullMQ queue name: RedisConnection keys `<QUEUE_PREFIX>:<name>:…`, shown by Bull Board. Never rename a deployed queue. */
  readonly name: string;
  /** The name of every job of the queue. */
  readonly jobName: string;
  /**
   * The zod schema of the job data (no transforms or defaults: what a producer adds is what the
   * worker reads). It must accept every shape a deployed producer may have queued, older ones
   * included. Read it through {@link parseJobData}.
   */
  readonly data: z.ZodType<Data>;
  /**
   * The hash-tag stem of a sharded queue (`deliveries`). With N > 1 shards (the count
   * comes from {@link createQueues}' `shards`, by stem), shard `i` lives under its own hash tag: see
   * {@link shardQueuePrefix}. Absent: one queue under QUEUE_PREFIX.
   */
  readonly shardTag?: string;
}

/** The job data of a queue definition. */
export type JobData<Q> = Q extends QueueDef<infer D> ? D : never;

/**
 * Defines a queue (once, beside its processor), its job data type inferred from its schema:
 * `defineQueue({ name: 'webhook-deliveries', jobName: 'deliver', data: z.object({ deliveryId: jobUuid() }) })`.
 * Pure: it records the queue nowhere; a process knows the queues it is composed with
 * ({@link composeQueues}).
 *
 * Unknown keys: make the schema a `z.object` (keys it does not know are stripped, not refused).
 * During a rolling deploy workers of the previous and the next version take the same jobs, so a
 * field added by a newer producer must not fail an older worker's job; a field the worker needs
 * is required by the schema instead.
 * @returns the definition, frozen
 * @throws Error when `shardTag` has a character other than letters, digits, `_`, `.` and `-`
 */
export function defineQueue<Data>(spec: { name: string; jobName: string; data: z.ZodType<Data>; shardTag?: string }): QueueDef<Data> {
  if (spec.shardTag !== undefined && !/^[A-Za-z0-9_.-]+$/.test(spec.shardTag)) throw new Error(`queue ${spec.name}: bad shard tag`);
  return Object.freeze({ name: spec.name, jobName: spec.jobName, data: spec.data, shardTag: spec.shardTag });
}

/**
 * The catalogue of a project's queues, from the definitions the modules export, in the given order
 * (the order Bull Board and the queue gauges show them).
 * @returns the list, frozen
 * @throws Error when two definitions share a name (a BullMQ queue has one job name and one schema)
 */
export function composeQueues(list: readonly QueueDef<unknown>[]): readonly QueueDef<unknown>[] {
  assertUniqueEntries(
    list,
    (def) => def.name,
    (known, def) => `queue ${def.name} is listed twice (jobs '${known.jobName}' and '${def.jobName}')`,
  );
  return Object.freeze([...list]);
}

/** A job id field: a UUID as PostgreSQL's `uuid` type has it (any version, as `isUuid` reads it): the ids in job data are row ids. */
export const jobUuid = (): z.ZodGUID => z.guid({ error: (issue) => (issue.code === 'invalid_format' ? 'Invalid UUID' : undefined) });

/** A time field: ISO 8601 with `Z` or an offset, as `Date.prototype.toISOString()` writes it. */
export const jobDateTime = (): z.ZodISODateTime => z.iso.datetime({ offset: true });

/** One way in which a job's data fails its queue's schema. */
export interface JobDataIssue {
  /** Dotted path of the field (`deliveryId`, `items.0.id`), `data` for the data itself. */
  path: string;
  /** zod's message (its default messages name what was expected and the type received, not the value). */
  message: string;
}

/**
 * Job data that its queue's schema refuses. The message names the queue, the job (when it has an
 * id) and each issue (path and message), and holds no value of the data, so it may be logged.
 */
export class JobDataError extends Error {
  override readonly name = 'JobDataError';
  constructor(
    readonly queue: string,
    readonly jobId: string | undefined,
    readonly issues: JobDataIssue[],
  ) {
    const job = jobId === undefined ? 'job' : `job ${jobId}`;
    super(`malformed ${job} of queue ${queue}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  }
}

/**
 * Checks a job's data against its queue's schema: by the worker before it runs a job, and by the
 * enqueue helpers before they add one (a producer's bug then fails the producer, not a job later).
 * @param jobId the job's id, named in the error
 * @returns the data as the schema reads it (unknown keys stripped)
 * @throws JobDataError when the schema refuses the data
 */
export function parseJobData<Data>(def: QueueDef<Data>, data: unknown, jobId?: string): Data {
  const result = def.data.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'data', message: i.message }));
  throw new JobDataError(def.name, jobId, issues);
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
 * The BullMQ prefix of shard `shard` (0-based) of a queue with `count` shards.
 * - `count` 1, or no `shardTag`: `prefix` itself (QUEUE_PREFIX: the keys of an unsharded queue, so a
 *   deployment that never shards keeps its queue);
 * - else `<prefix without its braces>:{<shardTag>:<shard>}` (`{gw}` → `gw:{deliveries:2}`): the
 *   shard's own hash tag is the first one of every key (`gw:{deliveries:2}:webhook-deliveries:wait`),
 *   so on a Redis Cluster each shard is one slot of its own, and QUEUE_PREFIX's home tag does not
 *   pull it back to the home slot. The queue name stays the same; Bull Board tells the shards apart.
 */
export function shardQueuePrefix(prefix: string, shardTag: string | undefined, shard: number, count: number): string {
  if (!shardTag || count <= 1) return prefix;
  return `${prefix.replace(/[{}]/g, '')}:{${shardTag}:${shard}}`;
}

/** Which shard of its queue a Queue opened by {@link createQueues} is, when the queue has more than one. */
export interface QueueShard {
  /** 0-based. */
  shard: number;
  /** The queue's shard count (> 1). */
  shards: number;
  /** Its hash tag, without braces (`deliveries:2`). */
  tag: string;
}

const shardOfQueue = new WeakMap<Queue, QueueShard>();

/** The shard a queue of {@link createQueues} is; undefined for an unsharded queue (or one of 1 shard). */
export const queueShard = (queue: Queue): QueueShard | undefined => shardOfQueue.get(queue);

/** The queues of a process (the context's `queues`), opened from their definitions. */
export interface Queues {
  /**
   * The BullMQ queue of a definition, opened on first use (one per name and shard).
   * @param shard of a sharded queue, 0-based, below {@link Queues.shards}; default 0
   * @throws Error when `shard` is not one of the queue's shards
   */
  get<Data>(def: QueueDef<Data>, shard?: number): Queue<Data>;
  /** How many shards a queue has: its `shards` count for a sharded definition, else 1. */
  shards(def: QueueDef<unknown>): number;
  /** Every queue opened so far (each shard of a sharded queue, see {@link queueShard}). */
  all(): Queue[];
  close(): Promise<void>;
}

/**
 * Opens queues on one shared Redis connection: those of `open` at once (every shard of a sharded
 * one), any other on its first {@link Queues.get}.
 * @param connection a single Redis, a Sentinel-managed one or a Redis Cluster
 * @param prefix QUEUE_PREFIX; on a cluster it carries a hash tag (`{gw}`, checked by `loadConfig`)
 *   so that every key of every queue is in one slot, as BullMQ's scripts require; the shards of a
 *   sharded queue have their own tags ({@link shardQueuePrefix})
 * @param open the queues to open at once: a process's catalogue (`queueCatalogue` of
 *   `@gw/core/queues`), or the few a test uses
 * @param opts.shards shard count by shard tag (`{ deliveries: DELIVERY_QUEUE_SHARDS }`); a tag
 *   not listed has 1 shard
 */
export function createQueues(
  connection: RedisConnection,
  prefix: string,
  open: readonly QueueDef<unknown>[],
  opts: { shards?: Readonly<Record<string, number>> } = {},
): Queues {
  const opened = new Map<string, Queue>();
  const shards = (def: QueueDef<unknown>): number => (def.shardTag ? Math.max(1, opts.shards?.[def.shardTag] ?? 1) : 1);
  const get = <Data>(def: QueueDef<Data>, shard = 0): Queue<Data> => {
    const count = shards(def as QueueDef<unknown>);
    if (!Number.isInteger(shard) || shard < 0 || shard >= count)
      throw new Error(`queue ${def.name} has no shard ${shard} (it has ${count})`);
    const key = `${def.name}#${shard}`;
    let queue = opened.get(key);
    if (!queue) {
      queue = new Queue(def.name, {
        connection,
        prefix: shardQueuePrefix(prefix, def.shardTag, shard, count),
        defaultJobOptions: infraRetry,
      });
      // The shared connection's errors reach every queue; without a listener BullMQ prints each
      // with its stack. The connection's owner reports outages once (`reportRedisOutages`).
      queue.on('error', () => undefined);
      if (count > 1) shardOfQueue.set(queue, { shard, shards: count, tag: `${def.shardTag}:${shard}` });
      opened.set(key, queue);
    }
    return queue as Queue<Data>;
  };
  for (const def of open) for (let i = 0; i < shards(def); i++) get(def, i);
  return {
    get,
    shards,
    all: () => [...opened.values()],
    close: async () => {
      await Promise.all([...opened.values()].map((q) => q.close()));
    },
  };
}

/**
 * Makes the delayed job `id` of a queue (of its shard `shard`, default 0) due now (BullMQ `promote`),
 * or, given `at`, due at `at` instead (BullMQ `changeDelay`). A job in any other state
 * (waiting, running, finished, gone) is left alone, as is one that left `delayed` in between.
 * @returns `promoted` (made due now, or at `at`), or the state the job was found in (`missing` when
 *   there is none), so that a caller can try again on a job still `active`
 */
export async function promoteDelayedJob<Data>(
  queues: Pick<Queues, 'get'>,
  def: QueueDef<Data>,
  id: string,
  shard = 0,
  at?: Date,
): Promise<'promoted' | 'missing' | Awaited<ReturnType<Job['getState']>>> {
  const job = await queues.get(def, shard).getJob(id);
  if (!job) return 'missing';
  const state = await job.getState();
  if (state !== 'delayed') return state;
  return (at ? job.changeDelay(Math.max(0, at.getTime() - Date.now())) : job.promote()).then(
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
 * @param shard the shard of a sharded queue the items belong to (default 0)
 * @returns how many jobs were added
 * @throws JobDataError when an item's data fails the queue's schema (before anything is added)
 */
export async function ensureLiveJobs<Data>(
  queues: Pick<Queues, 'get'>,
  def: QueueDef<Data>,
  items: { id: string; data: Data }[],
  jobOptions?: (ids: string[]) => Promise<Omit<JobsOptions, 'jobId'>[]>,
  shard = 0,
): Promise<number> {
  const queue = queues.get(def, shard) as Queue;
  const missing: { id: string; data: Data }[] = [];
  for (const item of items) parseJobData(def, item.data, item.id);
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

/**
 * `processor` (a BullMQ Worker's) with the URLs cut out of what a failure leaves behind: BullMQ
 * records a thrown error's message as the job's `failedReason` and its stack in `stacktrace`, in
 * Redis for days, shown by Bull Board; a provider's RPC URL carries its key, and libraries quote
 * the URL they called in their errors (`redactErrorUrls`). The error is rewritten in place and
 * thrown again, its class kept (a `DelayedError` or an `UnrecoverableError` still steers BullMQ).
 */
export function withRedactedFailures<A extends unknown[], R>(processor: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    try {
      return await processor(...args);
    } catch (err) {
      throw redactErrorUrls(err);
    }
  };
}
