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

const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

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
 * Failed-authentication limit per client address: AUTH_FAILURE_LIMIT 401 answers per window,
 * after which the address gets 429 even before its credentials are checked, so keys and tokens
 * cannot be guessed at speed.
 */
export function authFailureLimit(deps: ApiDeps): RequestHandler {
  return rateLimit({
    windowMs: deps.config.RATE_LIMIT_WINDOW_MS,
    limit: deps.config.AUTH_FAILURE_LIMIT,
    standardHeaders: false,
    legacyHeaders: false,
    passOnStoreError: true,
    store: store(deps, 'authfail'),
    keyGenerator: clientAddress,
    requestWasSuccessful: (_req, res) => res.statusCode !== 401,
    skipSuccessfulRequests: true,
    handler: (req, res, _next, options) => {
      res.setHeader('Retry-After', String(Math.ceil(options.windowMs / 1000)));
      sendProblem(
        res,
        new AppError('rate-limited', 'Too many failed authentication attempts from this address'),
        req.originalUrl.split('?')[0]!,
      );
    },
  });
}
