import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryStore } from './stores.js';
import { verifySignature } from './verify-signature.js';

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

/** Second argument of the {@link WebhookHandler}. */
export interface WebhookContext {
  /** `X-Service-Delivery` value; already deduplicated by the store. */
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

interface BaseOptions<TPayment> {
  /** Deduplication store, e.g. `new RedisStore(redis)` or `new MemoryStore()`. */
  store: DeliveryStore;
  /** Called once per delivery id, after the signature and headers are checked. */
  handler: WebhookHandler<TPayment>;
  /** Largest accepted body in bytes; larger requests get 413. Default 1 MiB (1 048 576). */
  maxBodyBytes?: number;
  /**
   * Receives errors the middleware turns into 5xx answers (handler throws, store
   * failures, misconfiguration) and store failures after a successful handler.
   * Default: `console.error`. Must not throw.
   */
  onError?: (error: unknown, info: { stage: WebhookErrorStage; deliveryId?: string }) => void;
}

/**
 * Options of {@link webhookReceiver}: exactly one of `secret` or `secrets`.
 * Secrets are the full `whsec_...` strings; pass two during a rotation window.
 */
export type WebhookReceiverOptions<TPayment = Record<string, unknown>> = BaseOptions<TPayment> &
  ({ secret: string | string[]; secrets?: undefined } | { secrets: string[]; secret?: undefined });

/**
 * `(req, res, next?) => Promise<void>`: usable as an Express 4/5 route handler and as a
 * plain `node:http` request listener. It always answers the request itself and never
 * rejects or calls `next`.
 */
export type WebhookRequestHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void>;

/** Default {@link BaseOptions.maxBodyBytes}: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const MAX_DELIVERY_ID_LENGTH = 256;

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', `${contentType}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.setHeader('Cache-Control', 'no-store');
  res.end(payload);
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

/** Writes an RFC 9457 `application/problem+json` answer. */
function sendProblem(res: ServerResponse, status: number, detail: string): void {
  sendJson(res, status, { type: 'about:blank', title: TITLES[status] ?? 'Error', status, detail }, 'application/problem+json');
}

/** Reads the request stream into one Buffer, failing with 413 past `limit` bytes. */
function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: BodyError | null): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer | string): void => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      size += buf.length;
      if (size > limit) {
        // Keep draining (and discarding) so the 413 can be written; the socket is closed after it.
        req.resume();
        finish(new BodyError(413, `Body exceeds ${limit} bytes`));
        return;
      }
      chunks.push(buf);
    };
    const onEnd = (): void => finish(null);
    const onError = (): void => finish(new BodyError(400, 'Request body could not be read'));
    const onClose = (): void => {
      if (!req.complete) finish(new BodyError(400, 'Request aborted before the body was complete'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

function defaultOnError(error: unknown, info: { stage: WebhookErrorStage; deliveryId?: string }): void {
  // The library's documented default sink (override with `onError`); it has no logger of its own.
  // eslint-disable-next-line no-console
  console.error(`[webhook-receiver] ${info.stage} error` + (info.deliveryId ? ` (delivery ${info.deliveryId})` : ''), error);
}

/**
 * Builds the receiving endpoint for the service's signed webhook deliveries.
 *
 * Pipeline and answers:
 * 1. Non-POST → 405. `Content-Encoding` other than identity → 415.
 * 2. Reads the raw body itself (or uses `req.body` when it is a Buffer from `express.raw`);
 *    over `maxBodyBytes` → 413. Mount it **without** `express.json()`/`express.text()` in
 *    front of it: an already-parsed body cannot be verified and yields 500.
 * 3. Verifies `X-Service-Signature` over the raw bytes in constant time → 401 on failure.
 * 4. Requires `X-Service-Delivery` (≤ 256 chars) and `X-Service-Event` → 400 if missing.
 * 5. Parses JSON → 400 if malformed or not an object, or if its `type` differs from `X-Service-Event`.
 * 6. Claims the delivery id in `store`: already done → 200 `{"duplicate":true}` without
 *    calling the handler; being processed by another request → 409 (sender retries later);
 *    store unavailable → 503.
 * 7. Calls `handler(event, { deliveryId, eventType, rawBody })`: success → `store.complete`
 *    and 200 `{"received":true}`; throw → `store.release` and 500.
 *
 * Error answers are `application/problem+json` (`{ type, title, status, detail }`) and never
 * include handler error messages.
 *
 * @throws {TypeError} at construction when no secret or an empty secret is given, or when
 *   `store`/`handler` is missing; {@link RangeError} on a non-positive `maxBodyBytes`.
 */
export function webhookReceiver<TPayment = Record<string, unknown>>(options: WebhookReceiverOptions<TPayment>): WebhookRequestHandler {
  const secretOption = options.secrets ?? options.secret;
  const secrets = typeof secretOption === 'string' ? [secretOption] : [...(secretOption ?? [])];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s.length === 0)) {
    throw new TypeError('webhookReceiver: `secret` or `secrets` must contain at least one non-empty secret');
  }
  const { store, handler } = options;
  if (!store || typeof store.claim !== 'function') throw new TypeError('webhookReceiver: `store` is required');
  if (typeof handler !== 'function') throw new TypeError('webhookReceiver: `handler` must be a function');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new RangeError('webhookReceiver: `maxBodyBytes` must be a positive integer');
  }
  const report = (error: unknown, stage: WebhookErrorStage, deliveryId?: string): void => {
    try {
      (options.onError ?? defaultOnError)(error, deliveryId === undefined ? { stage } : { stage, deliveryId });
    } catch {
      // a throwing logger must not break the answer
    }
  };

  return async function webhookReceiverHandler(req, res): Promise<void> {
    try {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        return sendProblem(res, 405, 'Webhook deliveries are POST requests');
      }
      const encoding = headerValue(req, 'content-encoding');
      if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
        return sendProblem(res, 415, 'Content-Encoding is not supported; the signature covers the body as sent');
      }

      // 1. Raw body, exactly as received.
      let rawBody: Buffer;
      const preParsed = (req as IncomingMessage & { body?: unknown }).body;
      if (Buffer.isBuffer(preParsed)) {
        rawBody = preParsed;
        if (rawBody.length > maxBodyBytes) return sendProblem(res, 413, `Body exceeds ${maxBodyBytes} bytes`);
      } else if (preParsed !== undefined || req.readableEnded) {
        report(
          new Error(
            'The request body was consumed by another body parser (e.g. express.json()) before webhookReceiver; mount webhookReceiver before it or use express.raw()',
          ),
          'config',
        );
        return sendProblem(res, 500, 'Webhook endpoint misconfigured: raw body unavailable');
      } else {
        const declared = Number(headerValue(req, 'content-length'));
        if (Number.isFinite(declared) && declared > maxBodyBytes) {
          res.setHeader('Connection', 'close');
          req.resume();
          return sendProblem(res, 413, `Body exceeds ${maxBodyBytes} bytes`);
        }
        try {
          rawBody = await readRawBody(req, maxBodyBytes);
        } catch (error) {
          const status = error instanceof BodyError ? error.status : 400;
          if (status === 413) res.setHeader('Connection', 'close');
          return sendProblem(res, status, error instanceof Error ? error.message : 'Unreadable body');
        }
      }

      // 2. Signature, before anything else is trusted.
      if (!verifySignature(secrets, rawBody, headerValue(req, SIGNATURE_HEADER))) {
        return sendProblem(res, 401, 'Missing or invalid X-Service-Signature');
      }

      // 3. Required headers.
      const deliveryId = headerValue(req, DELIVERY_HEADER);
      const eventType = headerValue(req, EVENT_HEADER);
      if (deliveryId === undefined) return sendProblem(res, 400, 'Missing X-Service-Delivery header');
      if (deliveryId.length > MAX_DELIVERY_ID_LENGTH) {
        return sendProblem(res, 400, `X-Service-Delivery is longer than ${MAX_DELIVERY_ID_LENGTH} characters`);
      }
      if (eventType === undefined) return sendProblem(res, 400, 'Missing X-Service-Event header');

      // 4. JSON, only after verification.
      let event: WebhookEvent<TPayment>;
      try {
        const parsed: unknown = JSON.parse(rawBody.toString('utf8'));
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
          return sendProblem(res, 400, 'Body must be a JSON object');
        }
        event = parsed as WebhookEvent<TPayment>;
      } catch {
        return sendProblem(res, 400, 'Body is not valid JSON');
      }
      // The headers are not covered by the signature; the body is. Refuse an inconsistent pair.
      if (typeof event.type === 'string' && event.type !== eventType) {
        return sendProblem(res, 400, 'X-Service-Event does not match the event type in the signed body');
      }

      // 5. Deduplicate.
      let claim: Awaited<ReturnType<DeliveryStore['claim']>>;
      try {
        claim = await store.claim(deliveryId);
      } catch (error) {
        report(error, 'store', deliveryId);
        return sendProblem(res, 503, 'Deduplication store unavailable; retry later');
      }
      if (claim === 'done') return sendJson(res, 200, { duplicate: true });
      if (claim === 'in-progress') {
        res.setHeader('Retry-After', '60');
        return sendProblem(res, 409, 'This delivery is already being processed');
      }

      // 6. The action.
      try {
        await handler(event, { deliveryId, eventType, rawBody });
      } catch (error) {
        report(error, 'handler', deliveryId);
        try {
          await store.release(deliveryId);
        } catch (releaseError) {
          report(releaseError, 'store', deliveryId);
        }
        return sendProblem(res, 500, 'Webhook handler failed; the delivery will be retried');
      }
      try {
        await store.complete(deliveryId);
      } catch (error) {
        // The action ran: answering non-2xx would make the sender repeat it. Report instead.
        report(error, 'store', deliveryId);
      }
      return sendJson(res, 200, { received: true });
    } catch (error) {
      report(error, 'internal');
      return sendProblem(res, 500, 'Internal error');
    }
  };
}
