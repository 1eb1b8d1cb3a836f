import { type PeriodicJob, type Queues, defineQueue, restorePeriodicJob, schedulePeriodicJob } from '@gw/runtime';

/**
 * The retention module's queue (processed by `runRetention`) and its schedule. The name, job name
 * and scheduler id are what deployed workers and Bull Board read: never change them.
 */

/** Job data of a retention run: none (the policy comes from the worker's configuration). */
export type RetentionJob = Record<string, never>;

export const retentionQueue = defineQueue<RetentionJob>({ name: 'maintenance-retention', jobName: 'prune' });

/** Id of the one BullMQ job scheduler that produces the retention runs. */
export const RETENTION_SCHEDULER_ID = 'retention';

/** The retention runs: one cluster-wide periodic job. */
const retentionRuns: PeriodicJob<RetentionJob> = { queue: retentionQueue, schedulerId: RETENTION_SCHEDULER_ID, data: {} };

/**
 * Makes the retention job run every `everyMs` (RETENTION_INTERVAL_MS): one BullMQ job scheduler
 * for the cluster ({@link schedulePeriodicJob}). `everyMs` 0 removes it (retention off).
 * @returns whether a scheduler is now in place
 */
export const scheduleRetention = (queues: Pick<Queues, 'get'>, everyMs: number): Promise<boolean> =>
  schedulePeriodicJob(queues, retentionRuns, everyMs);

/**
 * Puts the retention job's scheduler back when it is missing although retention is on (run by the
 * worker's sweeper; {@link restorePeriodicJob}).
 * @param everyMs RETENTION_INTERVAL_MS, in ms (0: nothing to do)
 * @returns true when the scheduler was missing and has been set again
 */
export const restoreRetentionSchedule = (queues: Pick<Queues, 'get'>, everyMs: number): Promise<boolean> =>
  restorePeriodicJob(queues, retentionRuns, everyMs);
