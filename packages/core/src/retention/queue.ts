import { type PeriodicJob, defineQueue } from '@gw/runtime';

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
 * The retention runs: one cluster-wide periodic job, every RETENTION_INTERVAL_MS (0: off). The worker
 * sets it at start and its sweeper puts it back when Redis lost it (`schedulePeriodicJob`,
 * `restorePeriodicJob` of `@gw/runtime`).
 */
export const retentionRuns: PeriodicJob<RetentionJob> = { queue: retentionQueue, schedulerId: RETENTION_SCHEDULER_ID, data: {} };
