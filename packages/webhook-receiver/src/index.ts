/**
 * @gw/webhook-receiver — verify and deduplicate the service's signed webhook deliveries.
 *
 * - {@link verifySignature} / {@link sign}: `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body>`.
 * - {@link DeliveryStore}, {@link MemoryStore}, {@link RedisStore}: idempotency by `X-Service-Delivery`.
 * - {@link webhookReceiver}: Express / `node:http` handler doing all of the above.
 *
 * @packageDocumentation
 */
export { SIGNATURE_PREFIX, sign, verifySignature } from './verify-signature.js';
export { DEFAULT_LEASE_MS, DEFAULT_MAX_ENTRIES, DEFAULT_TTL_MS, MemoryStore, RedisStore } from './stores.js';
export type { ClaimResult, DeliveryStore, MemoryStoreOptions, RedisStoreOptions } from './stores.js';
export {
  DEFAULT_MAX_BODY_BYTES,
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_EVENT_TYPES,
  webhookReceiver,
} from './middleware.js';
export type {
  WebhookContext,
  WebhookErrorStage,
  WebhookEvent,
  WebhookEventType,
  WebhookHandler,
  WebhookReceiverOptions,
  WebhookRequestHandler,
} from './middleware.js';
