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
 * - `timestamp-outside-tolerance` (401): the signed `delivery.timestamp` is further from the
 *   clock than the tolerance (default 300 s, both ways): a captured request sent again later,
 *   or a clock out of sync.
 * - `missing-header` (400): no `X-Service-Delivery` or no `X-Service-Event` header.
 * - `invalid-header` (400): `X-Service-Delivery` longer than 256 characters.
 * - `malformed-body` (400): the signed body is not JSON, not a JSON object, or has no
 *   `delivery: { id, timestamp }` block (a string id and an integer timestamp).
 * - `event-type-mismatch` (400): `X-Service-Event` differs from the signed body's `type`.
 * - `delivery-mismatch` (400): `X-Service-Delivery` differs from the signed body's
 *   `delivery.id` (a captured body sent under another delivery id).
 */
export type WebhookVerificationReason =
  | 'missing-signature'
  | 'bad-signature'
  | 'timestamp-outside-tolerance'
  | 'missing-header'
  | 'invalid-header'
  | 'malformed-body'
  | 'event-type-mismatch'
  | 'delivery-mismatch';

const STATUS: Record<WebhookVerificationReason, 400 | 401> = {
  'missing-signature': 401,
  'bad-signature': 401,
  'timestamp-outside-tolerance': 401,
  'missing-header': 400,
  'invalid-header': 400,
  'malformed-body': 400,
  'event-type-mismatch': 400,
  'delivery-mismatch': 400,
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

/** A delivery whose signature, headers and signed delivery block {@link verify} checked. */
export interface VerifiedDelivery<TPayment = Record<string, unknown>> {
  /**
   * The signed `delivery.id` of the body, equal to `X-Service-Delivery`: the id to deduplicate
   * on (the same on every retry and resend).
   */
  deliveryId: string;
  /** The signed `delivery.timestamp`: Unix time in seconds of this attempt, within the tolerance. */
  timestamp: number;
  /** `X-Service-Event`, e.g. `payment.settled`; equal to `event.type` when the body has one. */
  eventType: string;
  /** The parsed body, parsed only after the signature over the raw bytes was verified. */
  event: WebhookEvent<TPayment>;
}

/** Longest accepted `X-Service-Delivery` value, in characters. */
export const MAX_DELIVERY_ID_LENGTH = 256;

/**
 * Default largest distance between the signed `delivery.timestamp` and the receiver's clock, in
 * seconds, both ways: 300 (5 minutes, the tolerance of Stripe and Standard Webhooks). Keep your
 * dedupe store's retention above it: a captured request is refused by its timestamp after this
 * long, and by the store before.
 */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Options of {@link verify}. */
export interface VerifyOptions {
  /**
   * Largest accepted distance between the signed `delivery.timestamp` and the clock, in whole
   * seconds, both ways (a receiver's clock may be behind the sender's). Default
   * {@link DEFAULT_TOLERANCE_SECONDS} (300).
   */
  toleranceSeconds?: number;
  /** Clock in epoch milliseconds; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

/**
 * Validates a tolerance in seconds.
 * @throws {RangeError} unless it is a positive safe integer.
 */
export function toleranceOf(toleranceSeconds: number | undefined): number {
  const value = toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`webhook-receiver: toleranceSeconds must be a positive integer, got ${value}`);
  }
  return value;
}

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
 * Verifies one webhook delivery without any framework, in this order: the signature over the raw
 * body (constant time, every secret tried); the `X-Service-Delivery` and `X-Service-Event`
 * headers; the JSON body; `X-Service-Event` against the signed `type`; `X-Service-Delivery`
 * against the signed `delivery.id`; the signed `delivery.timestamp` against the clock. Only the
 * body is signed (the specification's `X-Service-Signature`), so the headers are trusted only
 * where they agree with it. Does not deduplicate: claim `deliveryId` (the signed id) in a
 * {@link DeliveryStore} before acting, or use {@link handleDelivery}, which does both.
 *
 * @param rawBody The body exactly as received: a Buffer/Uint8Array/ArrayBuffer, or a string
 *   (UTF-8 encoded for the check). Never a parsed-and-re-serialised object.
 * @param headers The request headers (`Headers` or a record such as `req.headers`),
 *   matched case-insensitively.
 * @param secret The webhook secret (`whsec_...`, the whole string), or several during a
 *   rotation window, e.g. `[newSecret, oldSecret]`.
 * @param options `toleranceSeconds` (default 300) and `now` (clock in epoch ms, default `Date.now`).
 * @returns `{ deliveryId, timestamp, eventType, event }`.
 * @throws {WebhookVerificationError} when the request is not a genuine, current, well-formed
 *   delivery; its `reason` and `status` (401/400) say why and what to answer.
 * @throws {TypeError} on programmer error: no secret, an empty secret, or a `rawBody` that is
 *   not a string or bytes.
 * @throws {RangeError} when `toleranceSeconds` is not a positive integer.
 */
export function verify<TPayment = Record<string, unknown>>(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): VerifiedDelivery<TPayment> {
  const secrets = toSecretList(secret);
  const body = toBytes(rawBody);
  if (headers === null || typeof headers !== 'object')
    throw new TypeError('webhook-receiver: `headers` must be a Headers object or a record');
  const toleranceSeconds = toleranceOf(options.toleranceSeconds);

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

  // 4. The headers are not signed; the body is. Refuse an inconsistent pair.
  if (typeof event.type === 'string' && event.type !== eventType) {
    throw new WebhookVerificationError('event-type-mismatch', 'X-Service-Event does not match the event type in the signed body');
  }
  const signed: unknown = event.delivery;
  const signedId = (signed as { id?: unknown } | null)?.id;
  const timestamp = (signed as { timestamp?: unknown } | null)?.timestamp;
  if (
    signed === null ||
    typeof signed !== 'object' ||
    typeof signedId !== 'string' ||
    signedId === '' ||
    typeof timestamp !== 'number' ||
    !Number.isSafeInteger(timestamp)
  ) {
    throw new WebhookVerificationError(
      'malformed-body',
      'The signed body has no delivery block: expected "delivery": { "id": string, "timestamp": integer Unix seconds }',
    );
  }
  if (signedId !== deliveryId) {
    throw new WebhookVerificationError('delivery-mismatch', 'X-Service-Delivery does not match the delivery id in the signed body');
  }

  // 5. Freshness: a captured request is refused once its signed timestamp is out of tolerance.
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp-outside-tolerance',
      `The signed delivery timestamp is more than ${toleranceSeconds} s away from this server's clock (a replayed request, or a clock out of sync)`,
    );
  }
  return { deliveryId: signedId, timestamp, eventType, event };
}
