/**
 * Retries of 429 and 503 answers: `Retry-After` when the server sends one (RFC 9110 §10.2.3),
 * otherwise capped exponential back-off with full jitter. A 429 is retried for any request: the
 * gateway refuses it before doing anything. A 503 only for requests that are safe to send again:
 * GET, HEAD and OPTIONS, and any request carrying an `Idempotency-Key`
 * (IETF draft-ietf-httpapi-idempotency-key-header), whose key is the same on every attempt (the
 * client puts one only on the operations marked `x-idempotent`).
 */

/** The fetch signature this module wraps and returns (the one openapi-fetch calls). */
export type FetchLike = (input: Request) => Promise<Response>;

/** Retry settings of {@link createGatewayClient}; every field is optional. */
export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 disables retries). */
  maxAttempts?: number;
  /** Back-off base in ms: the n-th retry waits a random time in [0, min(maxDelayMs, baseDelayMs·2^(n−1))] (default 250 ms). */
  baseDelayMs?: number;
  /**
   * Longest wait in ms (default 30 000 ms): the back-off cap, and the longest `Retry-After` the client
   * honours; an answer asking for a longer wait is returned to the caller as it is, not retried.
   */
  maxDelayMs?: number;
}

/** {@link RetryOptions} with every default filled in. */
export type ResolvedRetryOptions = Required<RetryOptions>;

/** The defaults of {@link RetryOptions}. */
export const DEFAULT_RETRY: ResolvedRetryOptions = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 30_000 };

/** Status codes that are retried: 429 Too Many Requests and 503 Service Unavailable. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Fills the defaults in and checks the values (throws RangeError on a negative or non-integer attempt count). */
export function resolveRetryOptions(opts: RetryOptions = {}): ResolvedRetryOptions {
  const out = { ...DEFAULT_RETRY, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) };
  if (!Number.isInteger(out.maxAttempts) || out.maxAttempts < 1) throw new RangeError('retry.maxAttempts must be an integer >= 1');
  if (!(out.baseDelayMs >= 0) || !(out.maxDelayMs >= 0)) throw new RangeError('retry delays must be >= 0 ms');
  return out;
}

/**
 * Parses a `Retry-After` header value (RFC 9110 §10.2.3): either delay-seconds (a non-negative
 * integer) or an HTTP-date (IMF-fixdate, or the obsolete RFC 850 and asctime forms `Date.parse`
 * reads).
 * @param value the header value (null or undefined when absent)
 * @param now the current time in ms since the epoch (for HTTP-dates)
 * @returns the wait in ms (0 for a date in the past), or undefined when absent or not valid
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // An HTTP-date always names a weekday and a time; anything else (e.g. "1.5", "-1") is invalid.
  if (!/^[A-Za-z]{3}/.test(v) || !/\d{2}:\d{2}:\d{2}/.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * The back-off before retry number `retry` (1 for the first retry) without a `Retry-After`:
 * full jitter, a uniformly random wait in [0, min(maxDelayMs, baseDelayMs·2^(retry−1))] ms.
 * @param random a source of [0, 1) numbers (default Math.random), for tests
 */
export function backoffDelay(
  retry: number,
  opts: Pick<ResolvedRetryOptions, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** Whether the request's method is safe (RFC 9110 §9.2.1): GET, HEAD or OPTIONS. */
export function isSafeMethod(request: Request): boolean {
  return SAFE_METHODS.has(request.method.toUpperCase());
}

/**
 * Whether a request may be sent again after a 429 or 503: GET, HEAD and OPTIONS always; any
 * other method only with an `Idempotency-Key` header (the server then answers a repeat with the
 * first answer instead of acting twice).
 */
export function isRetrySafe(request: Request): boolean {
  return isSafeMethod(request) || request.headers.has('idempotency-key');
}

/**
 * How long to wait before the next attempt, or undefined not to retry: not a 429/503, a 503 of a
 * request that is not safe ({@link isRetrySafe}), attempts used up, or a `Retry-After` longer than
 * `maxDelayMs`.
 * @param attempt the attempt that just got `response` (1 for the first)
 * @param safe whether a 503 of `request` may be retried (default {@link isRetrySafe})
 */
export function retryDelay(
  request: Request,
  response: Response,
  attempt: number,
  opts: ResolvedRetryOptions,
  random: () => number = Math.random,
  now: number = Date.now(),
  safe: (request: Request) => boolean = isRetrySafe,
): number | undefined {
  if (!RETRYABLE_STATUSES.has(response.status) || attempt >= opts.maxAttempts) return undefined;
  // A 429 is answered before anything was done, so any request may be sent again; a 503 may come after.
  if (response.status !== 429 && !safe(request)) return undefined;
  const after = parseRetryAfter(response.headers.get('retry-after'), now);
  if (after !== undefined) return after <= opts.maxDelayMs ? after : undefined;
  return backoffDelay(attempt, opts, random);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Wraps `fetch` with retries of 429 and 503 answers (see {@link retryDelay}): each attempt sends a
 * copy of the same request (same headers, so the same `Idempotency-Key`, same body). The answer
 * returned is the first that is not retried: a success, another error, or the last 429/503.
 * Network errors are not retried (they are thrown, as fetch throws them); the request's
 * `AbortSignal` also cancels a wait between attempts.
 * @param onRetry called before each wait, with the attempt that failed (1-based), the wait in ms and the answer
 * @param safe whether a 503 of a request may be retried (default {@link isRetrySafe})
 */
export function withRetries(
  fetch: FetchLike,
  options: RetryOptions = {},
  onRetry?: (info: { attempt: number; delayMs: number; response: Response; request: Request }) => void,
  safe: (request: Request) => boolean = isRetrySafe,
): FetchLike {
  const opts = resolveRetryOptions(options);
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      // A body can be read once: every attempt but the last sends a copy.
      const response = await fetch(attempt < opts.maxAttempts ? request.clone() : request);
      const delayMs = retryDelay(request, response, attempt, opts, Math.random, Date.now(), safe);
      if (delayMs === undefined) return response;
      onRetry?.({ attempt, delayMs, response, request });
      // Free the connection of the answer being dropped.
      await response.body?.cancel().catch(() => undefined);
      await sleep(delayMs, request.signal);
    }
  };
}
