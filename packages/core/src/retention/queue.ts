import { z } from 'zod';
import { type PeriodicJob, defineQueue } from '@gw/runtime';

/**
 * The retention module's queue (processed by `runRetention`) and its schedule. The name, job name
 * and scheduler id are what deployed workers and Bull Board read: never change them.
 */

/**
 * Job data of a retention run: `{}` (the policy comes from the worker's configuration). The worker
 * checks it is an object before running the job; keys are stripped, not refused.
 */
export const retentionJobSchema = z.object({});
/** Job data of a retention run: none. */
export type RetentionJob = z.infer<typeof retentionJobSchema>;

export const retentionQueue = defineQueue({ name: 'maintenance-retention', jobName: 'prune', data: retentionJobSchema });

/** Id of the one BullMQ job scheduler that produces the retention runs. */
export const RETENTION_SCHEDULER_ID = 'retention';

/**
 * The retention runs: one cluster-wide periodic job, every RETENTION_INTERVAL_MS (0: off). The worker
 * sets it at start and its sweeper puts it back when Redis lost it (`schedulePeriodicJob`,
 * `restorePeriodicJob` of `@gw/runtime`).
 */
export const retentionRuns: PeriodicJob<RetentionJob> = { queue: retentionQueue, schedulerId: RETENTION_SCHEDULER_ID, data: {} };
