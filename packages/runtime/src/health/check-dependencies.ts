import { isRedisCluster, type Cluster, type Redis } from '../redis/redis.js';
import type { RawSql } from '@gw/db';

export interface DependencyHealth {
  status: 'ok' | 'unavailable';
  checks: { database: 'ok' | 'error'; redis: 'ok' | 'error' };
}

/**
 * PING, or on a Redis Cluster: `CLUSTER INFO` says `cluster_state:ok` and every master
 * the client knows answers PING (a PING alone goes to one node, which may answer while the master
 * of the service's slot is down).
 */
export async function pingRedis(redis: Pick<Redis, 'ping'> | Cluster): Promise<void> {
  if (!isRedisCluster(redis as Cluster)) {
    await redis.ping();
    return;
  }
  const cluster = redis as Cluster;
  const masters = cluster.nodes('master');
  if (masters.length === 0) throw new Error('no cluster master connected');
  const [info] = await Promise.all([cluster.cluster('INFO'), ...masters.map((node) => node.ping())]);
  if (!String(info).includes('cluster_state:ok')) throw new Error('cluster_state is not ok');
}

/**
 * Probes PostgreSQL (`SELECT 1`) and Redis (`PING`; on a cluster every master, and the cluster
 * state), each bounded by `timeoutMs` (default 2 s). Used by the API's `GET /health` and the ops
 * app's `/healthz`.
 * @returns `status: "ok"` only when both answer; the failing check is marked `error`
 */
export async function checkDependencies(db: RawSql, redis: Pick<Redis, 'ping'> | Cluster, timeoutMs = 2000): Promise<DependencyHealth> {
  const probe = (p: PromiseLike<unknown>) =>
    Promise.race([
      Promise.resolve(p),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
    ]).then(
      () => 'ok' as const,
      () => 'error' as const,
    );
  const [database, redisCheck] = await Promise.all([probe(db.$queryRaw`SELECT 1`), probe(pingRedis(redis))]);
  return { status: database === 'ok' && redisCheck === 'ok' ? 'ok' : 'unavailable', checks: { database, redis: redisCheck } };
}
