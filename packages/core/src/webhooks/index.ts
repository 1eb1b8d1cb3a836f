/** The `webhooks` module's public surface: other modules and the apps import it only through this file. */
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
} from './contract.js';
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
