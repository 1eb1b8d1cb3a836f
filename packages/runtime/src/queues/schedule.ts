import type { Queue } from 'bullmq';
import { type QueueDef, type Queues, parseJobData } from './queues.js';

/**
 * A job that runs every so often for the whole cluster: one BullMQ job scheduler under a fixed id
 * on its queue. Every worker replica may upsert it at start (idempotent), and there is still one
 * scheduler, producing one job per interval for all of them; whichever worker takes the job runs
 * it. Runs are not retried (`attempts: 1`): the next interval's run picks up what a failed one left.
 */
export interface PeriodicJob<Data> {
  /** The queue its jobs go to (the job name is the queue's). */
  queue: QueueDef<Data>;
  /** The scheduler's id: what deployed Redis and Bull Board know it by; never change it. */
  schedulerId: string;
  /** The data of every job it produces. */
  data: Data;
}

/**
 * Sets the periodic job to run every `everyMs` ms (an upsert of its scheduler); `everyMs` 0 removes
 * the scheduler (the job is off).
 * @returns whether a scheduler is now in place
 * @throws the Redis error when Redis cannot be reached; JobDataError when `job.data` fails the queue's schema
 */
export async function schedulePeriodicJob<Data>(queues: Pick<Queues, 'get'>, job: PeriodicJob<Data>, everyMs: number): Promise<boolean> {
  const queue = queues.get(job.queue) as Queue;
  if (everyMs === 0) {
    await queue.removeJobScheduler(job.schedulerId);
    return false;
  }
  const data = parseJobData(job.queue, job.data);
  await queue.upsertJobScheduler(
    job.schedulerId,
    { every: everyMs },
    {
      name: job.queue.jobName,
      data,
      opts: { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } },
    },
  );
  return true;
}

/**
 * Puts a periodic job's scheduler back when it is missing although the job is on (Redis lost its
 * data, or someone removed it): run by the worker's sweeper, so the job does not stop until the
 * next worker start. An existing scheduler is left as it is, even with another interval (the
 * interval of the worker that started last wins; replicas of a rolling deploy do not flap it).
 * @param everyMs the configured interval in ms (0: nothing to do)
 * @returns true when the scheduler was missing and has been set again
 */
export async function restorePeriodicJob<Data>(queues: Pick<Queues, 'get'>, job: PeriodicJob<Data>, everyMs: number): Promise<boolean> {
  if (everyMs === 0) return false;
  if (await (queues.get(job.queue) as Queue).getJobScheduler(job.schedulerId)) return false;
  return schedulePeriodicJob(queues, job, everyMs);
}
