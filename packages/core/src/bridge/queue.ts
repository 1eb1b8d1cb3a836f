import { z } from 'zod';
import { defineQueue, jobUuid } from '@gw/runtime';

/**
 * The bridge module's queue (processed by `relayBridgeTransfer`: ledger-only transfers
 * only; on-chain transfers go through the on-chain outbox). The name, job name and job ids are what
 * deployed workers and Bull Board read: never change them.
 */

/**
 * Job data of a bridge relay, `{ transferId }`; the job id is the bridge transfer
 * id (a UUID). The worker checks it before running the job; unknown keys are stripped, not refused.
 */
export const bridgeRelayJobSchema = z.object({ transferId: jobUuid() });
/** Job data of a bridge relay: see {@link bridgeRelayJobSchema}. */
export type BridgeRelayJob = z.infer<typeof bridgeRelayJobSchema>;

export const bridgeRelayQueue = defineQueue({ name: 'bridge-relay', jobName: 'relay', data: bridgeRelayJobSchema });
