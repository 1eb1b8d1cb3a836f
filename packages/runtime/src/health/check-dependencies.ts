import type { RedisConnection } from '../redis/redis.js';
import type { RawSql } from '@gw/db';

export interface DependencyHealth {
  status: 'ok' | 'unavailable';
  checks: { database: 'ok' | 'error'; redis: 'ok' | 'error' };
}

/**
 * Probes PostgreSQL (`SELECT 1`) and Redis (`PING`), each bounded by `timeoutMs` (default 2 s).
 * Used by the API's `GET /health` and the ops app's `/healthz`.
 * @returns `status: "ok"` only when both answer; the failing check is marked `error`
 */
export async function checkDependencies(db: RawSql, redis: Pick<RedisConnection, 'ping'>, timeoutMs = 2000): Promise<DependencyHealth> {
  const probe = (p: PromiseLike<unknown>) =>
    Promise.race([
      Promise.resolve(p),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
    ]).then(
      () => 'ok' as const,
      () => 'error' as const,
    );
  const [database, redisCheck] = await Promise.all([probe(db.$queryRaw`SELECT 1`), probe(redis.ping())]);
  return { status: database === 'ok' && redisCheck === 'ok' ? 'ok' : 'unavailable', checks: { database, redis: redisCheck } };
}
