/**
 * The `webhooks` module's public surface: other modules and the apps import it only through this
 * file. One module owns the webhooks, their events and the deliveries of those events, because one
 * statement often spans them: the outbox write (an event and its deliveries), the worker's read of
 * a delivery with its webhook and event, an auto-disable that ends the webhook's pending
 * deliveries. The API's side is at the top of the folder; `engine/` is the delivery engine the
 * worker runs, which imports nothing from the top.
 */
export {
  Delivery,
  type DeliveryDto,
  Event,
  EVENT_TEST_FIELD,
  EventDelivery,
  eventBody,
  type EventPayload,
  type EventSampleInput,
  TEST_EVENT_ADDRESS,
  TEST_EVENT_PAYMENT_ID,
  testWebhookBody,
  Webhook,
  WEBHOOK_DELIVERY_HEADERS,
  WEBHOOK_EVENTS,
  type WebhookDto,
  type WebhookEvent,
  type WebhookEventCatalogue,
  type WebhookEventDefinition,
  webhookExamples,
  webhookIdParam,
} from './schemas.js';
export {
  deliverAfterCommit,
  listWebhooks,
  pruneFinishedDeliveries,
  pruneOrphanEvents,
  recordEvent,
  recoverWebhook,
  reencryptWebhookSecrets,
  registerWebhook,
  sendTestEvent,
} from './service.js';
export { webhookRoutes, webhookTestRoutes } from './routes.js';
export { WebhookListCache } from './webhook-list-cache.js';
export { findDeliveries } from './repository.js';

// --- the delivery engine (engine/) ----------------------------------------------------------------

export { deliveryEnvelope, MAX_ENDPOINT_CONCURRENCY, USER_AGENT, WebhookHealth } from './engine/schemas.js';
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
} from './engine/endpoint-gate.js';
export {
  announceWorkerSlots,
  type DeliveryRef,
  fairShare,
  organizationShareKeys,
  poolShareKeys,
  rankDeliveries,
} from './engine/fair-share.js';
export {
  ATTEMPT_DURATION_BUCKETS,
  type AttemptOutcome,
  attemptOutcome,
  createDeliveryMetrics,
  type DeliveryMetrics,
  type DeliveryOutcome,
  deliveryOutcomeCounter,
  instrumentSender,
  STAGE_DURATION_BUCKETS,
  UNKNOWN_EVENT,
} from './engine/metrics.js';
export {
  backoffDelayMs,
  type DeliveryJobRef,
  processDelivery,
  type DeliveryStage,
  type ProcessOutcome,
  type StageObserver,
} from './engine/processor.js';
export { recoverDeadDeliveries } from './engine/recovery.js';
export { returnRecoverySlot, takeRecoverySlot } from './engine/recovery-budget.js';
export { type AttemptResult, createSender, RESPONSE_BODY_LIMIT_BYTES, type Sender } from './engine/sender.js';
export { sweepDeliveries } from './engine/sweep.js';
export { announceWebhookChange, webhookChangeChannel } from './engine/webhook-changes.js';
export {
  type DeliveryJob,
  deliveryQueue,
  deliveryQueues,
  deliveryShard,
  promoteDelayedDelivery,
  enqueueDeliveries,
  enqueueRecovery,
  type RecoveryJob,
  recoveryQueue,
  runningRecoveryJobId,
} from './engine/queue.js';
export {
  type AttemptRecord,
  createDeliveryStore,
  type Deferral,
  type DeliveryStore,
  findOverdueDeliveries,
  readOutboxBacklog,
} from './engine/repository.js';
export { webhooksProblem } from './problems.js';
