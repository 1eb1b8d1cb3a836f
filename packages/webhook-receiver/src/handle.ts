import type { WebhookEvent } from './event.js';
import type { ClaimResult, DeliveryStore } from './stores.js';
import { toBytes, toSecretList } from './verify-signature.js';
import { toleranceOf, verify, WebhookVerificationError, type VerifyOptions, type WebhookHeaders } from './verify.js';

/** Second argument of the {@link WebhookHandler}. */
export interface WebhookContext {
  /** The signed `delivery.id` (equal to `X-Service-Delivery`); already deduplicated by the store. */
  deliveryId: string;
  /** `X-Service-Event` value. Equal to `event.type` whenever the body has a string `type`. */
  eventType: string;
  /** The exact body bytes the signature was verified over. */
  rawBody: Buffer;
}

/**
 * Your business action. Resolving means "processed": the delivery is marked done and 200 is
 * returned. Throwing/rejecting means "not processed": the claim is released and 500 is
 * returned, so the sender retries. The sender needs an answer within 10 s — enqueue slow
 * work and return.
 */
export type WebhookHandler<TPayment = Record<string, unknown>> = (event: WebhookEvent<TPayment>, context: WebhookContext) => unknown;

/**
 * Where an error reported to `onError` happened: `config` (body already parsed by another
 * middleware), `store` (claim/complete/release failed), `handler` (your handler threw),
 * `internal` (unexpected).
 */
export type WebhookErrorStage = 'config' | 'store' | 'handler' | 'internal';

/** Receives the errors that become 5xx answers, and store failures after a successful handler. Must not throw. */
export type WebhookErrorReporter = (error: unknown, info: { stage: WebhookErrorStage; deliveryId?: string }) => void;

/** The secret(s): exactly one of `secret` or `secrets`; full `whsec_...` strings, two during a rotation window. */
export type WebhookSecretOptions =
  { secret: string | readonly string[]; secrets?: undefined } | { secrets: readonly string[]; secret?: undefined };

/** Options of {@link handleDelivery}. */
export type HandleDeliveryOptions<TPayment = Record<string, unknown>> = WebhookSecretOptions & {
  /** The body exactly as received (Buffer/Uint8Array/ArrayBuffer, or a string). */
  rawBody: string | Uint8Array | ArrayBuffer;
  /** The request headers: `Headers` or a record such as `req.headers`. */
  headers: WebhookHeaders;
  /** Deduplication store, e.g. `new RedisStore(redis)` or `new MemoryStore()`. Keep one per process, not per request. */
  store: DeliveryStore;
  /** Called once per signed delivery id, after the signature, headers and timestamp are checked. */
  handler: WebhookHandler<TPayment>;
  /**
   * Largest accepted distance between the signed `delivery.timestamp` and the clock, in seconds,
   * both ways. Default 300 (`DEFAULT_TOLERANCE_SECONDS`). Keep the store's retention above it.
   */
  toleranceSeconds?: number;
  /** Default: `console.error`. */
  onError?: WebhookErrorReporter;
};

/**
 * The answer to send: `status`, `headers` (`content-type`, `cache-control`, and
 * `retry-after` on 409) and `body`, a JSON string (`{"received":true}`,
 * `{"duplicate":true}` or an RFC 9457 problem; never error details of your handler).
 */
export interface DeliveryResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A JSON answer. */
export function jsonResponse(status: number, body: unknown, contentType = 'application/json'): DeliveryResponse {
  return {
    status,
    headers: { 'content-type': `${contentType}; charset=utf-8`, 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** An RFC 9457 `application/problem+json` answer. */
export function problemResponse(status: number, detail: string): DeliveryResponse {
  return jsonResponse(status, { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail }, 'application/problem+json');
}

/** Normalises `secret`/`secrets`. @throws {TypeError} when none or an empty one is given. */
export function secretsOf(options: {
  secret?: string | readonly string[] | undefined;
  secrets?: readonly string[] | undefined;
}): readonly string[] {
  return toSecretList(options.secrets ?? options.secret ?? []);
}

/** Validates `store` and `handler`. @throws {TypeError} when one is missing. */
export function checkStoreAndHandler(store: unknown, handler: unknown, caller: string): void {
  if (!store || typeof (store as DeliveryStore).claim !== 'function') throw new TypeError(`${caller}: \`store\` is required`);
  if (typeof handler !== 'function') throw new TypeError(`${caller}: \`handler\` must be a function`);
}

function defaultOnError(error: unknown, info: { stage: WebhookErrorStage; deliveryId?: string }): void {
  // The library's documented default sink (override with `onError`); it has no logger of its own.
  // eslint-disable-next-line no-console
  console.error(`[webhook-receiver] ${info.stage} error` + (info.deliveryId ? ` (delivery ${info.deliveryId})` : ''), error);
}

/** Wraps `onError` so that a throwing reporter cannot break the answer. */
export function safeReporter(
  onError: WebhookErrorReporter | undefined,
): (error: unknown, stage: WebhookErrorStage, deliveryId?: string) => void {
  return (error, stage, deliveryId) => {
    try {
      (onError ?? defaultOnError)(error, deliveryId === undefined ? { stage } : { stage, deliveryId });
    } catch {
      // a throwing logger must not break the answer
    }
  };
}

/** The shared pipeline of {@link handleDelivery} and `webhookReceiver`; options already validated. */
export async function processDelivery<TPayment>(
  secrets: readonly string[],
  store: DeliveryStore,
  handler: WebhookHandler<TPayment>,
  report: (error: unknown, stage: WebhookErrorStage, deliveryId?: string) => void,
  rawBody: Buffer,
  headers: WebhookHeaders,
  verifyOptions: VerifyOptions,
): Promise<DeliveryResponse> {
  let delivery;
  try {
    delivery = verify<TPayment>(rawBody, headers, secrets, verifyOptions);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return problemResponse(error.status, error.message);
    throw error;
  }
  // The signed id (verify checked that X-Service-Delivery agrees with it): never the header alone.
  const { deliveryId, eventType, event } = delivery;

  let claim: ClaimResult;
  try {
    claim = await store.claim(deliveryId);
  } catch (error) {
    report(error, 'store', deliveryId);
    return problemResponse(503, 'Deduplication store unavailable; retry later');
  }
  if (claim === 'done') return jsonResponse(200, { duplicate: true });
  if (claim === 'in-progress') {
    const res = problemResponse(409, 'This delivery is already being processed');
    res.headers['retry-after'] = '60';
    return res;
  }

  try {
    await handler(event, { deliveryId, eventType, rawBody });
  } catch (error) {
    report(error, 'handler', deliveryId);
    try {
      await store.release(deliveryId);
    } catch (releaseError) {
      report(releaseError, 'store', deliveryId);
    }
    return problemResponse(500, 'Webhook handler failed; the delivery will be retried');
  }
  try {
    await store.complete(deliveryId);
  } catch (error) {
    // The action ran: answering non-2xx would make the sender repeat it. Report instead.
    report(error, 'store', deliveryId);
  }
  return jsonResponse(200, { received: true });
}

/**
 * Verifies, deduplicates and handles one delivery in any framework: you pass the raw body
 * and the headers, it returns the answer to send. Never rejects for a bad request.
 *
 * Answers: 200 `{"received":true}` (handler ran and resolved), 200 `{"duplicate":true}`
 * (this signed delivery id is already done; handler not called), 401/400 (see
 * {@link WebhookVerificationReason}: bad signature, timestamp outside the tolerance, headers
 * missing or disagreeing with the signed body),
 * 409 + `Retry-After: 60` (the same id is being processed right now), 500 (handler threw;
 * the claim is released so the sender's retry runs it again), 503 (store unavailable at
 * claim time). A store failure after the handler succeeded still answers 200 and is
 * reported through `onError`.
 *
 * @example
 * const r = await handleDelivery({ rawBody, headers: req.headers, secret, store, handler });
 * res.writeHead(r.status, r.headers).end(r.body);
 * @throws {TypeError} (as a rejection) on programmer error: no/empty secret, missing
 *   `store` or `handler`, a `rawBody` that is not a string or bytes.
 * @throws {RangeError} (as a rejection) when `toleranceSeconds` is not a positive integer.
 */
export async function handleDelivery<TPayment = Record<string, unknown>>(
  options: HandleDeliveryOptions<TPayment>,
): Promise<DeliveryResponse> {
  const secrets = secretsOf(options);
  checkStoreAndHandler(options.store, options.handler, 'handleDelivery');
  const rawBody = toBytes(options.rawBody);
  if (options.headers === null || typeof options.headers !== 'object') {
    throw new TypeError('handleDelivery: `headers` must be a Headers object or a record');
  }
  const toleranceSeconds = toleranceOf(options.toleranceSeconds);
  const report = safeReporter(options.onError);
  try {
    return await processDelivery(secrets, options.store, options.handler, report, rawBody, options.headers, { toleranceSeconds });
  } catch (error) {
    report(error, 'internal');
    return problemResponse(500, 'Internal error');
  }
}
