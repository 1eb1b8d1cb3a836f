import type { RedisConnection } from '../redis/redis.js';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { REPLICA_LABEL, RESERVED_LABELS } from './app-metrics.js';
import type { MetricFamily } from './exposition.js';
import { metricsIndexKey, type MetricsSnapshot } from './publisher.js';

/**
 * Reads the live metrics snapshots of every api/worker process publishing under `prefix`
 * (see `startMetricsPublisher`), pruning index entries whose key has expired.
 * @returns snapshots, oldest publisher first; unparseable values are skipped
 */
export async function readMetricsSnapshots(redis: RedisConnection, prefix: string): Promise<MetricsSnapshot[]> {
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
  return snapshots.sort((a, b) => String(a.instanceId).localeCompare(String(b.instanceId)));
}

/** What a reserved label is renamed to when a source still carries it (see {@link withoutReservedLabels}). */
export const RESERVED_LABEL_RENAMES: Readonly<Record<(typeof RESERVED_LABELS)[number], string>> = {
  instance: REPLICA_LABEL,
  job: 'exported_job',
};

type JsonMetric = { values?: { labels?: Record<string, unknown> }[] };

/**
 * Renames the labels Prometheus reserves for the scraped target ({@link RESERVED_LABELS}) in
 * metrics JSON: `instance` becomes `replica` (snapshots of a process that predates the rename, e.g.
 * during a rolling upgrade), `job` becomes `exported_job`; a label already present wins.
 * @returns new metric objects; the input is not modified
 */
export function withoutReservedLabels<T>(metrics: T[]): T[] {
  return metrics.map((metric) => {
    const m = metric as T & JsonMetric;
    if (!Array.isArray(m.values)) return metric;
    const values = m.values.map((v) => {
      if (!v.labels || !RESERVED_LABELS.some((l) => l in v.labels!)) return v;
      const labels = { ...v.labels };
      for (const reserved of RESERVED_LABELS) {
        if (!(reserved in labels)) continue;
        const value = labels[reserved];
        delete labels[reserved];
        labels[RESERVED_LABEL_RENAMES[reserved]] ??= value;
      }
      return { ...v, labels };
    });
    return { ...m, values } as T;
  });
}

/**
 * Merges published snapshots, registries of this process (`local`) and metric families read from
 * another exporter's text (`families`, see `parseExposition`) into one registry, with prom-client's
 * `AggregatorRegistry.aggregate`. Series are per process (labels `app` and `replica`), so nothing
 * from different processes is summed; metrics sharing a name are served as one family, as
 * Prometheus requires. No series of the result carries a label Prometheus reserves for the target
 * (`instance`, `job`): see {@link withoutReservedLabels}.
 */
export async function mergeMetrics(
  snapshots: Pick<MetricsSnapshot, 'metrics'>[],
  local: Registry[] = [],
  families: MetricFamily[] = [],
): Promise<Registry> {
  const own = await Promise.all(local.map((r) => r.getMetricsAsJSON()));
  const sources: unknown[][] = [...own, ...snapshots.map((s) => s.metrics), families];
  return AggregatorRegistry.aggregate(
    sources.map((metrics) => withoutReservedLabels(metrics)) as Parameters<typeof AggregatorRegistry.aggregate>[0],
  );
}

/** {@link readMetricsSnapshots} then {@link mergeMetrics}: every replica's metrics and `local` ones, as one registry. */
export async function collectClusterMetrics(
  redis: RedisConnection,
  prefix: string,
  local: Registry[] = [],
): Promise<{ registry: Registry; snapshots: MetricsSnapshot[] }> {
  const snapshots = await readMetricsSnapshots(redis, prefix);
  return { registry: await mergeMetrics(snapshots, local), snapshots };
}
