import type { Request, RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator, type RateLimitInfo } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { AppError, sha256Hex } from '@gw/core';
import type { ApiDeps } from '../deps.js';
import { sendProblem } from './problem.js';

const store = (deps: ApiDeps, name: string) =>
  new RedisStore({
    sendCommand: (command: string, ...args: string[]) => deps.requestRedis.call(command, ...args) as Promise<RedisReply>,
    prefix: `${deps.config.QUEUE_PREFIX}:rl:${name}:`,
  });

/** Client address for limits: IPv4 as is, IPv6 reduced to its /56 subnet by express-rate-limit. */
const clientAddress = (req: Request) => {
  const ip = req.ip ?? 'unknown';
  return ip.includes(':') ? ipKeyGenerator(ip) : ip;
};

/**
 * Request rate limit (spec, Errors: 429): RATE_LIMIT_MAX requests per RATE_LIMIT_WINDOW_MS per
 * API key (keyed by the key's hash, never the key), per client address when there is none.
 * Counters live in Redis so the limit holds across API replicas. Answers 429 problem+json
 * with `Retry-After` and the IETF `RateLimit`/`RateLimit-Policy` headers. If Redis is down the
 * limiter lets requests through (logged) rather than failing every call.
 */
export function requestRateLimit(deps: ApiDeps): RequestHandler {
  return rateLimit({
    windowMs: deps.config.RATE_LIMIT_WINDOW_MS,
    limit: deps.config.RATE_LIMIT_MAX,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    passOnStoreError: true,
    store: store(deps, 'req'),
    keyGenerator: (req) => {
      const key = req.get('x-api-key');
      return key ? `key:${sha256Hex(key).slice(0, 32)}` : `ip:${clientAddress(req)}`;
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
 * Failed-authentication limit per client address (issue #6): after AUTH_FAILURE_LIMIT 401 answers
 * within RATE_LIMIT_WINDOW_MS, the address gets 429 (with `Retry-After`) before its credentials
 * are even checked, so keys and tokens cannot be guessed at speed. Costs one Redis read per
 * request; only a 401 writes (INCR, and the window's expiry on the first failure). Counters live
 * in Redis, shared by every replica. If Redis is down the guard lets requests through.
 */
export function authFailureLimit(deps: ApiDeps): RequestHandler {
  const { AUTH_FAILURE_LIMIT: limit, RATE_LIMIT_WINDOW_MS: windowMs, QUEUE_PREFIX: prefix } = deps.config;
  const redis = deps.requestRedis;
  return async (req, res, next) => {
    const key = `${prefix}:authfail:${clientAddress(req)}`;
    const failures = Number((await redis.get(key).catch(() => null)) ?? 0);
    if (failures >= limit) {
      const ttl = await redis.pttl(key).catch(() => windowMs);
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000))));
      return sendProblem(
        res,
        new AppError('rate-limited', 'Too many failed authentication attempts from this address'),
        req.originalUrl.split('?')[0]!,
      );
    }
    res.on('finish', () => {
      if (res.statusCode !== 401) return;
      redis
        .multi()
        .incr(key)
        .pexpire(key, windowMs, 'NX')
        .exec()
        .catch(() => undefined);
    });
    next();
  };
}
