/**
 * The catalogue of the project's queues, composed once above the modules: each module defines its
 * queues beside their processors (`<module>/queue.ts`, `defineQueue`), and this list is what the
 * processes are composed with: the API and the admin CLI open them, the worker runs one handler per
 * queue listed (and refuses to start otherwise), the ops console shows them on Bull Board and in
 * its gauges. The on-chain outbox's queues (one per chain and signer) depend on the configuration
 * and are not listed. A test fails when a module's index exports a queue missing here. Imports
 * each `queue.ts` alone, never a module's index.
 */
import { composeQueues } from '@gw/runtime';
import { deliveryQueue, recoveryQueue } from './webhooks/engine/queue.js';
import { paymentExpiryQueue } from './payments/queue.js';
import { bridgeRelayQueue } from './bridge/queue.js';
import { retentionQueue } from './retention/queue.js';
import { custodyQueue } from './custody/queue.js';
import { governanceQueue } from './governance/queue.js';

/** Every queue of the project (the delivery queue sharded), in the order Bull Board shows them. */
export const queueCatalogue = composeQueues([
  deliveryQueue,
  paymentExpiryQueue,
  bridgeRelayQueue,
  recoveryQueue,
  retentionQueue,
  custodyQueue,
  governanceQueue,
]);
