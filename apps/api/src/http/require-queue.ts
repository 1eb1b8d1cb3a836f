import type { RequestHandler } from 'express';
import { AppError } from '@gw/runtime';
import type { ApiDeps } from '../deps.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that never enqueue anything and so need no Redis. */
const QUEUELESS_WRITES = new Set(['/gateway/v1/sso/login']);

/**
 * While the queue connection to Redis is down, writes answer 503 (`Retry-After: 5`) instead of
 * accepting work whose jobs cannot be scheduled. Reads keep working from PostgreSQL.
 * Work already committed is never lost: the outbox sweeper enqueues it once Redis is back.
 */
export function requireQueueForWrites(deps: Pick<ApiDeps, 'redis'>): RequestHandler {
  return (req, res, next) => {
    if (READ_METHODS.has(req.method) || QUEUELESS_WRITES.has(req.path) || deps.redis.status === 'ready') return next();
    res.setHeader('Retry-After', '5');
    throw new AppError('unavailable', 'The job queue is unreachable; retry shortly');
  };
}
