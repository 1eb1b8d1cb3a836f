/**
 * @service-gateway/webhook-receiver — verify and deduplicate the service's signed webhook deliveries.
 *
 * - {@link verify}: framework-free check of one delivery (signature, headers, JSON body, the
 *   signed delivery id and timestamp).
 * - {@link handleDelivery}: verify + deduplicate + your handler → `{ status, headers, body }`.
 * - {@link webhookReceiver}: Express / `node:http` handler doing all of the above.
 * - {@link DeliveryStore}, {@link MemoryStore}, {@link RedisStore}: bounded idempotency by the signed delivery id.
 * - {@link verifySignature} / {@link sign}: `X-Service-Signature: sha256=<hex HMAC-SHA256 of the raw body>`.
 *
 * @packageDocumentation
 */
export { SIGNATURE_PREFIX, sign, verifySignature } from './verify-signature.js';
export { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, WEBHOOK_EVENT_TYPES } from './event.js';
export type { WebhookDeliveryInfo, WebhookEvent, WebhookEventData, WebhookEventType } from './event.js';
export { DEFAULT_TOLERANCE_SECONDS, MAX_DELIVERY_ID_LENGTH, verify, WebhookVerificationError } from './verify.js';
export type { VerifiedDelivery, VerifyOptions, WebhookHeaders, WebhookVerificationReason } from './verify.js';
export { handleDelivery } from './handle.js';
export type {
  DeliveryResponse,
  HandleDeliveryOptions,
  WebhookContext,
  WebhookErrorReporter,
  WebhookErrorStage,
  WebhookHandler,
  WebhookSecretOptions,
} from './handle.js';
export { DEFAULT_LEASE_MS, DEFAULT_MAX_ENTRIES, DEFAULT_REDIS_MAX_ENTRIES, DEFAULT_TTL_MS, MemoryStore, RedisStore } from './stores.js';
export type { ClaimResult, DeliveryStore, MemoryStoreOptions, RedisStoreClient, RedisStoreOptions } from './stores.js';
export { DEFAULT_MAX_BODY_BYTES, webhookReceiver } from './middleware.js';
export type { WebhookReceiverOptions, WebhookRequestHandler } from './middleware.js';
