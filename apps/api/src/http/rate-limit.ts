import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, ipKeyGenerator, type RateLimitInfo, type Store } from 'express-rate-limit';
import { AppError } from '@gw/runtime';
import type { ApiDeps } from '../deps.js';
import { apiKeyHash } from './authenticate.js';
import { sendProblem } from './problem.js';
import { type SyncedWindowCounters } from './window-counters.js';
import { paymentsProblem } from '@gw/core/payments';

/** The name of the request quota policy in the `RateLimit` and `RateLimit-Policy` header fields. */
export const RATE_LIMIT_POLICY_NAME = 'default';

/** express-rate-limit's store interface over {@link SyncedWindowCounters}. */
const syncedStore = (c: SyncedWindowCounters): Store => ({
  increment: (key) => {
    const { total, resetTime } = c.hit(key);
    return { totalHits: total, resetTime };
  },
  get: (key) => {
    const { total, resetTime } = c.peek(key);
    return { totalHits: total, resetTime };
  },
  decrement: (key) => c.unhit(key),
  resetKey: (key) => c.forget(key),
  localKeys: false,
});

const IPV4_MAPPED = '::ffff:';

/**
 * Client address for limits: IPv4 as is (also when the socket reports it IPv4-mapped,
 * `::ffff:a.b.c.d`), IPv6 reduced to its /56 subnet by express-rate-limit.
 */
export const clientAddress = (req: Request) => {
  const ip = req.ip ?? 'unknown';
  if (ip.startsWith(IPV4_MAPPED) && ip.includes('.')) return ip.slice(IPV4_MAPPED.length);
  return ip.includes(':') ? ipKeyGenerator(ip) : ip;
};

/**
 * Request rate limit: RATE_LIMIT_MAX requests per RATE_LIMIT_WINDOW_MS per
 * verified API key (keyed by its id, never the key), per client address when
 * the request carries none or one that does not authenticate.
 * Counters are kept in memory and shared through Redis every RATE_LIMIT_SYNC_MS
 * ({@link SyncedWindowCounters}), so the limit holds across API replicas without a Redis round
 * trip per request. Every answer behind it carries the IETF `RateLimit` and `RateLimit-Policy`
 * header fields (draft-ietf-httpapi-ratelimit-headers, structured-field syntax: `r` remaining
 * requests, `t` seconds until the window resets, `q` the quota, `w` the window in seconds, `pk` the
 * partition key); over the limit, 429 problem+json with `Retry-After` (seconds). While Redis is
 * down each replica enforces the limit on its own traffic.
 * @param keyOf the counter's key for requests that carry no API key (the MCP endpoint:
 *   `grant:<id>` after its bearer check; the authorization server: the client address)
 */
export function requestRateLimit(deps: ApiDeps, keyOf?: (req: Request) => string): RequestHandler {
  return rateLimit({
    windowMs: deps.config.RATE_LIMIT_WINDOW_MS,
    limit: deps.config.RATE_LIMIT_MAX,
    // draft-ietf-httpapi-ratelimit-headers (draft 8 and later), structured fields (RFC 9651):
    // `RateLimit: "default"; r=599; t=60` and `RateLimit-Policy: "default"; q=600; w=60; pk=:…:`,
    // the policy named by `identifier`; `pk` is the partition key, a digest of the counter's key
    // (SHA-256, truncated), never the credential. See {@link RATE_LIMIT_POLICY_NAME}.
    standardHeaders: 'draft-8',
    identifier: RATE_LIMIT_POLICY_NAME,
    legacyHeaders: false,
    passOnStoreError: true,
    store: syncedStore(deps.rateLimits.requests),
    // Keyed on the credential only once it is verified (cached look-up), so that a random
    // X-API-Key per request does not buy a fresh counter; otherwise on the client address.
    keyGenerator: async (req) => {
      if (keyOf) return keyOf(req);
      const key = req.get('x-api-key');
      const principal = key ? await deps.credentials.authenticate(key, apiKeyHash(req, key)) : null;
      return principal ? `cred:${principal.credentialId}` : `ip:${clientAddress(req)}`;
    },
    handler: (req, res, _next, options) => {
      const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : Math.ceil(options.windowMs / 1000);
      res.setHeader('Retry-After', String(seconds));
      sendProblem(
        res,
        new AppError('rate-limited', `Rate limit exceeded; retry after ${seconds} s with exponential back-off`),
        req.originalUrl.split('?')[0]!,
      );
    },
  });
}

/**
 * Failed-authentication limit per client address: after AUTH_FAILURE_LIMIT 401 answers
 * within RATE_LIMIT_WINDOW_MS, the address gets 429 (with `Retry-After`) before its credentials
 * are even checked, so keys and tokens cannot be guessed at speed. Failures are counted by
 * {@link recordAuthFailure} (wired to the error handler, which answers every 401) in memory and
 * shared through Redis every RATE_LIMIT_SYNC_MS ({@link SyncedWindowCounters}): no Redis round
 * trip per request, and the failures of one address on other replicas are seen within one sync
 * interval. While Redis is down each replica still counts the failures it answered.
 */
export function authFailureLimit(deps: ApiDeps): RequestHandler {
  const limit = deps.config.AUTH_FAILURE_LIMIT;
  const failuresOf = deps.rateLimits.authFailures;
  return (req, res, next) => {
    const failures = failuresOf.peek(clientAddress(req));
    if (failures.total >= limit) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil((failures.resetTime.getTime() - Date.now()) / 1000))));
      return sendProblem(
        res,
        new AppError('rate-limited', 'Too many failed authentication attempts from this address'),
        req.originalUrl.split('?')[0]!,
      );
    }
    next();
  };
}

/**
 * Counts one failed authentication of the request's client address before its 401 is answered:
 * the count and the comparison with AUTH_FAILURE_LIMIT happen in one synchronous step, so in a
 * concurrent burst only the first AUTH_FAILURE_LIMIT failures get 401 and the rest already get 429
 * (with only the check made on entry, every request of a burst would pass it and get its 401).
 * See {@link authFailureLimit}.
 * @returns the 429 AppError to answer instead (with `Retry-After` set on `res`), or undefined
 */
export function recordAuthFailure(deps: Pick<ApiDeps, 'rateLimits' | 'config'>, req: Request, res: Response): AppError | undefined {
  const { total, resetTime } = deps.rateLimits.authFailures.hit(clientAddress(req));
  if (total <= deps.config.AUTH_FAILURE_LIMIT) return undefined;
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))));
  return new AppError('rate-limited', 'Too many failed authentication attempts from this address');
}

/**
 * Counts one event against the caller's organization (routes with `eventQuota`): at most
 * ORG_EVENT_QUOTA_PER_MINUTE per minute, whichever of its keys is used, counted like the rate
 * limits ({@link SyncedWindowCounters}: in memory, shared through Redis). Called after validation,
 * so a refused body costs nothing; the returned `refund` gives the event back when the operation
 * then fails (nothing was created).
 * @returns a function that undoes the charge
 * @throws AppError('event-quota-exceeded') 429, with `Retry-After` set on `res` and `limit` in the document
 */
export function chargeEventQuota(deps: Pick<ApiDeps, 'rateLimits' | 'config'>, organizationId: string, res: Response): () => void {
  const key = `org:${organizationId}`;
  const limit = deps.config.ORG_EVENT_QUOTA_PER_MINUTE;
  const { total, resetTime } = deps.rateLimits.events.hit(key);
  if (total > limit) {
    deps.rateLimits.events.unhit(key);
    const seconds = Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000));
    res.setHeader('Retry-After', String(seconds));
    throw paymentsProblem(
      'event-quota-exceeded',
      `The organization may create ${limit} payment events per minute; retry after ${seconds} s`,
      {
        limit,
      },
    );
  }
  return () => deps.rateLimits.events.unhit(key);
}
