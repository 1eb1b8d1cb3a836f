import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, type WebhookEvent } from './event.js';
import { toBytes, toSecretList, verifySignature } from './verify-signature.js';

/**
 * Request headers as frameworks hand them over: a WHATWG `Headers` object (fetch, Next.js
 * route handlers, Hono, Deno, Bun) or a plain record such as Node's `IncomingHttpHeaders`
 * (`node:http`, Express, Fastify, Koa). Names are looked up case-insensitively; for a
 * repeated header the first value is used.
 */
export type WebhookHeaders = { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * Why {@link verify} refused a delivery, and the HTTP status a receiver should answer with
 * (any non-2xx makes the sender retry):
 * - `missing-signature` (401): no `X-Service-Signature` header.
 * - `bad-signature` (401): malformed signature, or it matches none of the secrets (wrong
 *   secret, or the body was altered).
 * - `missing-header` (400): no `X-Service-Delivery` or no `X-Service-Event` header.
 * - `invalid-header` (400): `X-Service-Delivery` longer than 256 characters.
 * - `malformed-body` (400): the signed body is not JSON, or not a JSON object.
 * - `event-type-mismatch` (400): `X-Service-Event` differs from the signed body's `type`.
 */
export type WebhookVerificationReason =
  'missing-signature' | 'bad-signature' | 'missing-header' | 'invalid-header' | 'malformed-body' | 'event-type-mismatch';

const STATUS: Record<WebhookVerificationReason, 400 | 401> = {
  'missing-signature': 401,
  'bad-signature': 401,
  'missing-header': 400,
  'invalid-header': 400,
  'malformed-body': 400,
  'event-type-mismatch': 400,
};

/**
 * Thrown by {@link verify} when a request is not a genuine, well-formed delivery. The message
 * is safe to return to the caller (it never contains the secret or the expected signature).
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  /** Machine-readable cause; see {@link WebhookVerificationReason}. */
  readonly reason: WebhookVerificationReason;
  /** The status to answer with: 401 for signature problems, 400 otherwise. */
  readonly status: 400 | 401;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
    this.status = STATUS[reason];
  }
}

/** A delivery whose signature and headers {@link verify} checked. */
export interface VerifiedDelivery<TPayment = Record<string, unknown>> {
  /** `X-Service-Delivery`: the id to deduplicate on (same id on every retry and resend). */
  deliveryId: string;
  /** `X-Service-Event`, e.g. `payment.settled`; equal to `event.type` when the body has one. */
  eventType: string;
  /** The parsed body, parsed only after the signature over the raw bytes was verified. */
  event: WebhookEvent<TPayment>;
}

/** Longest accepted `X-Service-Delivery` value, in characters. */
export const MAX_DELIVERY_ID_LENGTH = 256;

/**
 * First non-empty value of a header, looked up case-insensitively.
 * @returns `undefined` when the header is absent or empty.
 */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const lower = name.toLowerCase();
  let value: string | readonly string[] | null | undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    value = (headers as { get(name: string): string | null }).get(lower);
  } else {
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    value = record[lower];
    if (value === undefined) {
      const key = Object.keys(record).find((k) => k.toLowerCase() === lower);
      value = key === undefined ? undefined : record[key];
    }
  }
  const first = typeof value === 'string' ? value : Array.isArray(value) ? (value as readonly string[])[0] : undefined;
  return first === undefined || first === '' ? undefined : first;
}

/**
 * Verifies one webhook delivery without any framework: the signature over the raw body
 * (constant time, every secret tried), then the `X-Service-Delivery` and `X-Service-Event`
 * headers, then the JSON body. Does not deduplicate: claim `deliveryId` in a
 * {@link DeliveryStore} before acting (or use {@link handleDelivery}, which does both).
 *
 * @param rawBody The body exactly as received: a Buffer/Uint8Array/ArrayBuffer, or a string
 *   (UTF-8 encoded for the check). Never a parsed-and-re-serialised object.
 * @param headers The request headers (`Headers` or a record such as `req.headers`),
 *   matched case-insensitively.
 * @param secret The webhook secret (`whsec_...`, the whole string), or several during a
 *   rotation window, e.g. `[newSecret, oldSecret]`.
 * @returns `{ deliveryId, eventType, event }`.
 * @throws {WebhookVerificationError} when the request is not a genuine, well-formed delivery;
 *   its `reason` and `status` (401/400) say why and what to answer.
 * @throws {TypeError} on programmer error: no secret, an empty secret, or a `rawBody` that is
 *   not a string or bytes.
 */
export function verify<TPayment = Record<string, unknown>>(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
): VerifiedDelivery<TPayment> {
  const secrets = toSecretList(secret);
  const body = toBytes(rawBody);
  if (headers === null || typeof headers !== 'object')
    throw new TypeError('webhook-receiver: `headers` must be a Headers object or a record');

  // 1. Signature, before anything else is trusted.
  const signature = headerValue(headers, SIGNATURE_HEADER);
  if (signature === undefined) throw new WebhookVerificationError('missing-signature', 'Missing X-Service-Signature header');
  if (!verifySignature(secrets, body, signature)) throw new WebhookVerificationError('bad-signature', 'Invalid X-Service-Signature');

  // 2. Required headers (not covered by the signature).
  const deliveryId = headerValue(headers, DELIVERY_HEADER);
  if (deliveryId === undefined) throw new WebhookVerificationError('missing-header', 'Missing X-Service-Delivery header');
  if (deliveryId.length > MAX_DELIVERY_ID_LENGTH) {
    throw new WebhookVerificationError('invalid-header', `X-Service-Delivery is longer than ${MAX_DELIVERY_ID_LENGTH} characters`);
  }
  const eventType = headerValue(headers, EVENT_HEADER);
  if (eventType === undefined) throw new WebhookVerificationError('missing-header', 'Missing X-Service-Event header');

  // 3. JSON, only after verification.
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('malformed-body', 'Body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new WebhookVerificationError('malformed-body', 'Body must be a JSON object');
  }
  const event = parsed as WebhookEvent<TPayment>;
  // The headers are not signed; the body is. Refuse an inconsistent pair.
  if (typeof event.type === 'string' && event.type !== eventType) {
    throw new WebhookVerificationError('event-type-mismatch', 'X-Service-Event does not match the event type in the signed body');
  }
  return { deliveryId, eventType, event };
}
