/** Header carrying `sha256=<lowercase hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-service-signature';
/** Header carrying the event name, e.g. `payment.settled`. */
export const EVENT_HEADER = 'x-service-event';
/** Header carrying the delivery id used for deduplication. */
export const DELIVERY_HEADER = 'x-service-delivery';

/** The four event names the service delivers. */
export type WebhookEventType = 'payment.settled' | 'payment.failed' | 'payment.expired' | 'payment.refunded';

/** All known event names, in the order the spec lists them. */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'payment.settled',
  'payment.failed',
  'payment.expired',
  'payment.refunded',
];

/**
 * Body of a delivery: `{ id, type, createdAt, data: { payment } }`.
 *
 * Only checked at runtime to be a JSON object (and, when `type` is a string, to equal the
 * `X-Service-Event` header); the remaining fields are typed as documented, not validated.
 * Treat `data.payment` as a hint and read the payment's authoritative state from the API.
 */
export interface WebhookEvent<TPayment = Record<string, unknown>> {
  /** Event id. One event may be delivered several times under different delivery ids. */
  id: string;
  /** Event name; unknown future names are passed through as strings. */
  type: WebhookEventType | (string & {});
  /** ISO-8601 timestamp of when the event was created. */
  createdAt: string;
  /** Event payload. */
  data: { payment: TPayment };
}
