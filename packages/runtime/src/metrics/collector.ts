import type { Redis } from 'ioredis';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { metricsIndexKey, type MetricsSnapshot } from './publisher.js';

/**
 * Reads the live metrics snapshots of every api/worker process publishing under `prefix`
 * (see `startMetricsPublisher`), pruning index entries whose key has expired.
 * @returns snapshots, oldest publisher first; unparseable values are skipped
 */
export async function readMetricsSnapshots(redis: Redis, prefix: string): Promise<MetricsSnapshot[]> {
  const index = metricsIndexKey(prefix);
  const now = Date.now();
  await redis.zremrangebyscore(index, '-inf', now);
  const keys = await redis.zrangebyscore(index, now, '+inf');
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  const snapshots: MetricsSnapshot[] = [];
  for (const value of values) {
    if (!value) continue;
    try {
      const parsed = JSON.parse(value) as MetricsSnapshot;
      if (Array.isArray(parsed.metrics)) snapshots.push(parsed);
    } catch {
      /* a foreign or truncated value: ignore it */
    }
  }
  return snapshots.sort((a, b) => a.instanceId.localeCompare(b.instanceId));
}

/**
 * Merges published snapshots with registries of this process (`local`) into one registry, with
 * prom-client's `AggregatorRegistry.aggregate`. Series are per process (labels `app` and
 * `instance`), so nothing from different processes is summed; metrics sharing a name are served
 * as one family, as Prometheus requires.
 */
export async function mergeMetrics(snapshots: Pick<MetricsSnapshot, 'metrics'>[], local: Registry[] = []): Promise<Registry> {
  const own = await Promise.all(local.map((r) => r.getMetricsAsJSON()));
  return AggregatorRegistry.aggregate([...own, ...snapshots.map((s) => s.metrics)]);
}

/** {@link readMetricsSnapshots} then {@link mergeMetrics}: every replica's metrics and `local` ones, as one registry. */
export async function collectClusterMetrics(
  redis: Redis,
  prefix: string,
  local: Registry[] = [],
): Promise<{ registry: Registry; snapshots: MetricsSnapshot[] }> {
  const snapshots = await readMetricsSnapshots(redis, prefix);
  return { registry: await mergeMetrics(snapshots, local), snapshots };
}
