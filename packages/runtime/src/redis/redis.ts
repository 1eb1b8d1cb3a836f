import { Redis } from 'ioredis';

/**
 * Creates an ioredis connection for BullMQ and the rate limiter. `maxRetriesPerRequest: null`
 * is what BullMQ workers require (blocking commands must wait out a Redis restart rather than fail).
 * The `/N` database index of the URL is honoured by ioredis.
 * @param opts.failFast fail commands immediately while disconnected (HTTP request path)
 * @param opts.autoPipelining send the commands issued in one event-loop tick as one pipeline (one
 *   round trip for many concurrent callers; used by the worker's endpoint gate, issue #10)
 */
export function createRedis(
  url: string,
  opts: { lazyConnect?: boolean; name?: string; failFast?: boolean; autoPipelining?: boolean } = {},
): Redis {
  return new Redis(url, {
    // failFast: for request-path commands (rate limiting, health): error at once while Redis is
    // down instead of queueing, so an HTTP request never hangs on it.
    maxRetriesPerRequest: opts.failFast ? 1 : null,
    enableOfflineQueue: !opts.failFast,
    enableReadyCheck: true,
    lazyConnect: opts.lazyConnect ?? false,
    connectionName: opts.name,
    enableAutoPipelining: opts.autoPipelining ?? false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

export type { Redis };
