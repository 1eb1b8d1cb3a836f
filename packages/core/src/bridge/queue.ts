import { type Queues, defineQueue } from '@gw/runtime';

/**
 * The bridge module's queue (processed by `relayBridgeTransfer`), with its enqueue helper. The
 * name, job name and job ids are what deployed workers and Bull Board read: never change them.
 */

/** Job data of a bridge relay (issue #3, bridge); the job id is the bridge transfer id. */
export interface BridgeRelayJob {
  transferId: string;
}

export const bridgeRelayQueue = defineQueue<BridgeRelayJob>({ name: 'bridge-relay', jobName: 'relay' });

/**
 * Schedules the relay of a bridge transfer (job id = transfer id, so a second enqueue of a live
 * job is a no-op). The worker's relayer decides how long the relay takes.
 */
export async function enqueueBridgeRelay(queues: Pick<Queues, 'get'>, transferId: string): Promise<void> {
  await queues.get(bridgeRelayQueue).add(bridgeRelayQueue.jobName, { transferId }, { jobId: transferId });
}
