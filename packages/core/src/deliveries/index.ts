/** The `deliveries` module (the delivery engine): other modules and the apps import it only through this file. */
export { deliveryEnvelope, MAX_ENDPOINT_CONCURRENCY, USER_AGENT, WebhookHealth } from './contract.js';
export {
  type Admission,
  circuitRegistryKey,
  type CircuitState,
  coalescedHealthReader,
  createEndpointGate,
  type EndpointGate,
  gateKeys,
  type GateSlot,
  PARKED_HORIZON_MS,
  readWebhookHealth,
  type Report,
} from './endpoint-gate.js';
export { announceWorkerSlots, type DeliveryRef, fairShare, organizationShareKeys, poolShareKeys, rankDeliveries } from './fair-share.js';
export { attemptOutcome, deliveryOutcomeCounter, instrumentSender, UNKNOWN_EVENT } from './metrics.js';
export { backoffDelayMs, type DeliveryJobRef, processDelivery, type ProcessOutcome, type StageObserver } from './processor.js';
export { recoverDeadDeliveries } from './recovery.js';
export { returnRecoverySlot, takeRecoverySlot } from './recovery-budget.js';
export { type AttemptResult, createSender, RESPONSE_BODY_LIMIT_BYTES, type Sender } from './sender.js';
export { sweepDeliveries } from './sweep.js';
export { announceWebhookChange, webhookChangeChannel } from './webhook-changes.js';
export {
  type DeliveryJob,
  deliveryQueue,
  deliveryQueues,
  deliveryShard,
  promoteDelayedDelivery,
  dispatchDeliveries,
  enqueueDeliveries,
  enqueueRecovery,
  type RecoveryJob,
  recoveryQueue,
  runningRecoveryJobId,
} from './queue.js';
export {
  type AttemptRecord,
  createDeliveryStore,
  type Deferral,
  type DeliveryStore,
  findOverdueDeliveries,
  readOutboxBacklog,
} from './repository.js';
