import { WEBHOOK_EVENT_NAMES } from './generated-events.js';

/** Header carrying `sha256=<lowercase hex HMAC-SHA256 of the raw body>`. */
export const SIGNATURE_HEADER = 'x-service-signature';
/** Header carrying the event name, e.g. `payment.settled`. */
export const EVENT_HEADER = 'x-service-event';
/**
 * Header carrying the delivery id. Not signed: `verify` requires it to equal the signed
 * `delivery.id` of the body, and deduplication uses the signed value.
 */
export const DELIVERY_HEADER = 'x-service-delivery';

/**
 * The event names the service delivers, `<object>.<what happened>`: the four payment events, and
 * what the chain decides (a withdrawal's and a bridge transfer's final state, a deposit credited).
 */
export type WebhookEventType = (typeof WEBHOOK_EVENT_NAMES)[number];

/**
 * All known event names, in the order the service documents them. Generated from the service's
 * event catalogue (`pnpm client:generate` writes `./generated-events.ts`).
 */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENT_NAMES;

/**
 * `data` of a body: one member, named by the object the event is about, holding that object as the
 * API returns it: `payment` on `payment.*`, `withdrawal` on `withdrawal.*`, `deposit` on
 * `deposit.credited`, `bridgeTransfer` on `bridge_transfer.*`. Check `type` (or the member) first.
 */
export interface WebhookEventData<TPayment = Record<string, unknown>> {
  /** The payment (schema `Payment`), on `payment.*` events. */
  payment?: TPayment;
  /** The withdrawal (schema `Withdrawal`), on `withdrawal.*` events. */
  withdrawal?: Record<string, unknown>;
  /** The deposit (schema `Deposit`), on `deposit.credited`. */
  deposit?: Record<string, unknown>;
  /** The bridge transfer (schema `BridgeTransfer`), on `bridge_transfer.*` events. */
  bridgeTransfer?: Record<string, unknown>;
}

/**
 * The signed `delivery` block of every body: which delivery, and when this attempt was sent.
 * Inside the bytes `X-Service-Signature` covers, so neither can be changed without the secret.
 */
export interface WebhookDeliveryInfo {
  /** The delivery id: equal to `X-Service-Delivery`, the same on every attempt and resend of the delivery. */
  id: string;
  /** Unix time in seconds of this attempt (new on every attempt); checked against the clock with a tolerance. */
  timestamp: number;
}

/**
 * Body of a delivery: `{ id, type, createdAt, test?, delivery: { id, timestamp }, data: { <object> } }`.
 *
 * Checked at runtime: it is a JSON object; `type`, when a string, equals the `X-Service-Event`
 * header; `delivery.id` equals `X-Service-Delivery` and `delivery.timestamp` is within the
 * tolerance of the clock. The remaining fields are typed as documented, not validated. Treat
 * the object in `data` as a hint and read its authoritative state from the API.
 */
export interface WebhookEvent<TPayment = Record<string, unknown>> {
  /** Event id. One event may be delivered several times under different delivery ids (one per subscribed webhook). */
  id: string;
  /** Event name; unknown future names are passed through as strings. */
  type: WebhookEventType | (string & {});
  /** ISO-8601 timestamp of when the event was created. */
  createdAt: string;
  /**
   * `true` only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up:
   * id `00000000-0000-7000-8000-000000007e57`); absent on real events. Answer 2xx and do not act on it.
   */
  test?: boolean;
  /** The delivery this body was signed for, and the time of this attempt. */
  delivery: WebhookDeliveryInfo;
  /** Event payload: the object the event is about ({@link WebhookEventData}). */
  data: WebhookEventData<TPayment>;
}
