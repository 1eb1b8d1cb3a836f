import { type Queues, defineQueue } from '@gw/runtime';

/**
 * The retention module's queue (processed by `runRetention`) and its schedule. The name, job name
 * and scheduler id are what deployed workers and Bull Board read: never change them.
 */

/** Job data of a retention run: none (the policy comes from the worker's configuration). */
export type RetentionJob = Record<string, never>;

export const retentionQueue = defineQueue<RetentionJob>({ name: 'maintenance-retention', jobName: 'prune' });

/** Id of the one BullMQ job scheduler that produces the retention runs. */
export const RETENTION_SCHEDULER_ID = 'retention';

/**
 * Makes the retention job run every `everyMs` (RETENTION_INTERVAL_MS), with a BullMQ job
 * scheduler: an idempotent upsert under one fixed id, so every worker replica may call it at
 * start and there is still one scheduler, producing one job per interval for the whole cluster
 * (whichever worker takes it runs it). A run is not retried (`attempts: 1`): the next interval's
 * run picks up what a failed one left. `everyMs` 0 removes the scheduler (retention off).
 * @param everyMs interval in ms, or 0
 * @returns whether a scheduler is now in place
 */
export async function scheduleRetention(queues: Pick<Queues, 'get'>, everyMs: number): Promise<boolean> {
  const queue = queues.get(retentionQueue);
  if (everyMs === 0) {
    await queue.removeJobScheduler(RETENTION_SCHEDULER_ID);
    return false;
  }
  await queue.upsertJobScheduler(
    RETENTION_SCHEDULER_ID,
    { every: everyMs },
    {
      name: retentionQueue.jobName,
      data: {},
      opts: { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } },
    },
  );
  return true;
}

/**
 * Puts the retention job's scheduler back when it is missing although retention is on (Redis lost
 * its data, or someone removed it): run by the worker's sweeper, so retention does not stop until
 * the next worker start. An existing scheduler is left as it is, even with another interval (the
 * interval of the worker that started last wins; replicas of a rolling deploy do not flap it).
 * @param everyMs RETENTION_INTERVAL_MS, in ms (0: nothing to do)
 * @returns true when the scheduler was missing and has been set again
 */
export async function restoreRetentionSchedule(queues: Pick<Queues, 'get'>, everyMs: number): Promise<boolean> {
  if (everyMs === 0) return false;
  if (await queues.get(retentionQueue).getJobScheduler(RETENTION_SCHEDULER_ID)) return false;
  return scheduleRetention(queues, everyMs);
}
