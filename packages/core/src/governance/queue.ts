import { z } from 'zod';
import { type PeriodicJob, defineQueue } from '@gw/runtime';

/**
 * The governance keeper's queue and its schedule: `runGovernanceKeeper` every
 * CHAIN_POLL_INTERVAL_MS (0: off), one cluster-wide job scheduler. The name, job name and scheduler
 * id are what deployed workers and Bull Board read: never change them.
 */
export const governanceJobSchema = z.object({});
export type GovernanceJob = z.infer<typeof governanceJobSchema>;

export const governanceQueue = defineQueue({ name: 'governance', jobName: 'governance-keeper', data: governanceJobSchema });

/** The keeper runs: queue passed proposals, execute them after their eta. */
export const governanceKeeperRuns: PeriodicJob<GovernanceJob> = { queue: governanceQueue, schedulerId: 'governance-keeper', data: {} };
