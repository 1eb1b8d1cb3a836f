import { z } from 'zod';
import { type PeriodicJob, defineQueue } from '@gw/runtime';

/**
 * The custody module's queue and its two schedules: the deposit scan (`scanDeposits`,
 * every CHAIN_POLL_INTERVAL_MS) and the proof of reserves (`checkReserves`, every
 * CHAIN_RESERVES_CHECK_MS). The name, job name and scheduler ids are what deployed workers and Bull
 * Board read: never change them.
 */

/** Job data: which of the two runs (`scan` by default). Unknown keys are stripped, not refused. */
export const custodyJobSchema = z.object({ task: z.enum(['scan', 'reserves']).default('scan') });
/** Job data of the custody queue: see {@link custodyJobSchema}. */
export type CustodyJob = z.infer<typeof custodyJobSchema>;

export const custodyQueue = defineQueue({ name: 'custody', jobName: 'custody', data: custodyJobSchema });

/** The deposit scans: one cluster-wide periodic job every CHAIN_POLL_INTERVAL_MS (0: off). */
export const depositScans: PeriodicJob<CustodyJob> = { queue: custodyQueue, schedulerId: 'custody-deposit-scan', data: { task: 'scan' } };

/** The reserves checks: one cluster-wide periodic job every CHAIN_RESERVES_CHECK_MS (0: off). */
export const reservesChecks: PeriodicJob<CustodyJob> = {
  queue: custodyQueue,
  schedulerId: 'custody-reserves-check',
  data: { task: 'reserves' },
};
