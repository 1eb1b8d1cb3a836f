import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  checkStoreAndHandler,
  problemResponse,
  processDelivery,
  safeReporter,
  secretsOf,
  type DeliveryResponse,
  type WebhookErrorReporter,
  type WebhookHandler,
} from './handle.js';
import type { DeliveryStore } from './stores.js';
import { toleranceOf } from './verify.js';

interface BaseOptions<TPayment> {
  /** Deduplication store, e.g. `new RedisStore(redis)` or `new MemoryStore()`. */
  store: DeliveryStore;
  /** Called once per signed delivery id, after the signature, headers and timestamp are checked. */
  handler: WebhookHandler<TPayment>;
  /**
   * Largest accepted distance between the signed `delivery.timestamp` and the clock, in seconds,
   * both ways; further → 401. Default 300 (`DEFAULT_TOLERANCE_SECONDS`). Keep the store's retention above it.
   */
  toleranceSeconds?: number;
  /** Largest accepted body in bytes; larger requests get 413. Default 1 MiB (1 048 576). */
  maxBodyBytes?: number;
  /**
   * Receives errors the middleware turns into 5xx answers (handler throws, store
   * failures, misconfiguration) and store failures after a successful handler.
   * Default: `console.error`. Must not throw.
   */
  onError?: WebhookErrorReporter;
}

/**
 * Options of {@link webhookReceiver}: exactly one of `secret` or `secrets`.
 * Secrets are the full `whsec_...` strings; pass two during a rotation window.
 */
export type WebhookReceiverOptions<TPayment = Record<string, unknown>> = BaseOptions<TPayment> &
  ({ secret: string | readonly string[]; secrets?: undefined } | { secrets: readonly string[]; secret?: undefined });

/**
 * `(req, res, next?) => Promise<void>`: usable as an Express 4/5 route handler and as a
 * plain `node:http` request listener. It always answers the request itself and never
 * rejects or calls `next`.
 */
export type WebhookRequestHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void>;

/** Default {@link BaseOptions.maxBodyBytes}: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, answer: DeliveryResponse): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('Content-Length', Buffer.byteLength(answer.body));
  res.end(answer.body);
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

/**
 * Builds the receiving endpoint for the service's signed webhook deliveries.
 *
 * Pipeline and answers:
 * 1. Non-POST → 405. `Content-Encoding` other than identity → 415.
 * 2. Reads the raw body itself (or uses `req.body` when it is a Buffer from `express.raw`);
 *    over `maxBodyBytes` → 413. Mount it **without** `express.json()`/`express.text()` in
 *    front of it: an already-parsed body cannot be verified and yields 500.
 * 3. Then the same pipeline as {@link handleDelivery}: signature over the raw bytes in
 *    constant time → 401; `X-Service-Delivery` (≤ 256 chars) and `X-Service-Event` → 400 if
 *    missing; a JSON object whose `type` matches `X-Service-Event` and whose signed
 *    `delivery.id` matches `X-Service-Delivery` → 400 otherwise; a signed `delivery.timestamp`
 *    within `toleranceSeconds` of the clock → 401 otherwise.
 * 4. Claims the signed delivery id in `store`: already done → 200 `{"duplicate":true}` without
 *    calling the handler; being processed by another request → 409 (sender retries later);
 *    store unavailable → 503.
 * 5. Calls `handler(event, { deliveryId, eventType, rawBody })`: success → `store.complete`
 *    and 200 `{"received":true}`; throw → `store.release` and 500.
 *
 * Error answers are `application/problem+json` (`{ type, title, status, detail }`) and never
 * include handler error messages.
 *
 * @throws {TypeError} at construction when no secret or an empty secret is given, or when
 *   `store`/`handler` is missing; {@link RangeError} on a non-positive `maxBodyBytes` or
 *   `toleranceSeconds`.
 */
export function webhookReceiver<TPayment = Record<string, unknown>>(options: WebhookReceiverOptions<TPayment>): WebhookRequestHandler {
  let secrets: readonly string[];
  try {
    secrets = secretsOf(options);
  } catch {
    throw new TypeError('webhookReceiver: `secret` or `secrets` must contain at least one non-empty secret');
  }
  const { store, handler } = options;
  checkStoreAndHandler(store, handler, 'webhookReceiver');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new RangeError('webhookReceiver: `maxBodyBytes` must be a positive integer');
  }
  let toleranceSeconds: number;
  try {
    toleranceSeconds = toleranceOf(options.toleranceSeconds);
  } catch {
    throw new RangeError('webhookReceiver: `toleranceSeconds` must be a positive integer');
  }
  const report = safeReporter(options.onError);

  return async function webhookReceiverHandler(req, res): Promise<void> {
    try {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        return send(res, problemResponse(405, 'Webhook deliveries are POST requests'));
      }
      const encoding = req.headers['content-encoding'];
      if (typeof encoding === 'string' && encoding !== '' && encoding.toLowerCase() !== 'identity') {
        return send(res, problemResponse(415, 'Content-Encoding is not supported; the signature covers the body as sent'));
      }

      // The raw body, exactly as received.
      let rawBody: Buffer;
      const preParsed = (req as IncomingMessage & { body?: unknown }).body;
      if (Buffer.isBuffer(preParsed)) {
        rawBody = preParsed;
        if (rawBody.length > maxBodyBytes) return send(res, problemResponse(413, `Body exceeds ${maxBodyBytes} bytes`));
      } else if (preParsed !== undefined || req.readableEnded) {
        report(
          new Error(
            'The request body was consumed by another body parser (e.g. express.json()) before webhookReceiver; mount webhookReceiver before it or use express.raw()',
          ),
          'config',
        );
        return send(res, problemResponse(500, 'Webhook endpoint misconfigured: raw body unavailable'));
      } else {
        const declared = Number(req.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBodyBytes) {
          res.setHeader('Connection', 'close');
          req.resume();
          return send(res, problemResponse(413, `Body exceeds ${maxBodyBytes} bytes`));
        }
        try {
          rawBody = await readRawBody(req, maxBodyBytes);
        } catch (error) {
          const status = error instanceof BodyError ? error.status : 400;
          if (status === 413) res.setHeader('Connection', 'close');
          return send(res, problemResponse(status, error instanceof Error ? error.message : 'Unreadable body'));
        }
      }

      return send(res, await processDelivery(secrets, store, handler, report, rawBody, req.headers, { toleranceSeconds }));
    } catch (error) {
      report(error, 'internal');
      return send(res, problemResponse(500, 'Internal error'));
    }
  };
}
