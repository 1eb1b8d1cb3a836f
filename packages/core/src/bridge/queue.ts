import { z } from 'zod';
import { type Queues, defineQueue, jobUuid, parseJobData } from '@gw/runtime';

/**
 * The bridge module's queue (processed by `relayBridgeTransfer`), with its enqueue helper. The
 * name, job name and job ids are what deployed workers and Bull Board read: never change them.
 */

/**
 * Job data of a bridge relay (issue #3, bridge), `{ transferId }`; the job id is the bridge transfer
 * id (a UUID). The worker checks it before running the job; unknown keys are stripped, not refused.
 */
export const bridgeRelayJobSchema = z.object({ transferId: jobUuid() });
/** Job data of a bridge relay: see {@link bridgeRelayJobSchema}. */
export type BridgeRelayJob = z.infer<typeof bridgeRelayJobSchema>;

export const bridgeRelayQueue = defineQueue({ name: 'bridge-relay', jobName: 'relay', data: bridgeRelayJobSchema });

/**
 * Schedules the relay of a bridge transfer (job id = transfer id, so a second enqueue of a live
 * job is a no-op). The worker's relayer decides how long the relay takes.
 * @throws JobDataError when `transferId` is not a UUID (nothing is added)
 */
export async function enqueueBridgeRelay(queues: Pick<Queues, 'get'>, transferId: string): Promise<void> {
  const data = parseJobData(bridgeRelayQueue, { transferId }, transferId);
  await queues.get(bridgeRelayQueue).add(bridgeRelayQueue.jobName, data, { jobId: transferId });
}
