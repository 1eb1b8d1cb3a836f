import type { RedisConnection } from '../redis/redis.js';
import type { Registry } from 'prom-client';
import type { MetricsApp } from './app-metrics.js';

/** How often api and worker processes publish their metrics to Redis, by default (ms). */
export const DEFAULT_METRICS_INTERVAL_MS = 5000;

/** A published snapshot lives this many intervals: a replica that stops publishing drops out after it. */
export const METRICS_TTL_INTERVALS = 3;

/** Redis key of one process's metrics snapshot: `${prefix}:metrics:${app}:${instanceId}`. */
export function metricsKey(prefix: string, app: MetricsApp | string, instanceId: string): string {
  return `${prefix}:metrics:${app}:${instanceId}`;
}

/**
 * Redis sorted set indexing the live snapshots: member = snapshot key, score = its expiry time
 * (ms). Readers find every replica's snapshot without scanning the keyspace (which holds every
 * BullMQ job).
 */
export function metricsIndexKey(prefix: string): string {
  return `${prefix}:metrics-index`;
}

/** What is stored under {@link metricsKey}: prom-client's `getMetricsAsJSON()` plus who and when. */
export interface MetricsSnapshot {
  app: string;
  instanceId: string;
  /** ms since the epoch */
  at: number;
  metrics: unknown[];
}

export interface MetricsPublisher {
  /** Publishes one snapshot now (also runs every `intervalMs`). Never rejects. */
  publish(): Promise<void>;
  /** Stops the timer and deletes this process's key (best effort, bounded to 1 s). */
  stop(): Promise<void>;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([p, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);
}

/**
 * Publishes `registry.getMetricsAsJSON()` to Redis under
 * `${prefix}:metrics:${app}:${instanceId}` with a TTL of {@link METRICS_TTL_INTERVALS} intervals,
 * at start and then every `intervalMs`. The ops app reads every such key and merges them
 * (`collectClusterMetrics`), so Prometheus scrapes one target however many replicas run, and a
 * replica that dies disappears from `/metrics` once its key expires.
 *
 * While Redis is not connected, snapshots are skipped (not queued).
 * @param redis a connection of this process (e.g. the context's)
 * @param opts.onError called with publish failures (e.g. log them); never throws
 */
export function startMetricsPublisher(
  redis: RedisConnection,
  registry: Registry,
  opts: { prefix: string; app: MetricsApp; instanceId: string; intervalMs?: number; onError?: (err: Error) => void },
): MetricsPublisher {
  const intervalMs = opts.intervalMs ?? DEFAULT_METRICS_INTERVAL_MS;
  const key = metricsKey(opts.prefix, opts.app, opts.instanceId);
  const ttlMs = intervalMs * METRICS_TTL_INTERVALS;
  let inFlight: Promise<void> | undefined;
  let stopped = false;

  const publishOnce = async (): Promise<void> => {
    if (stopped || redis.status !== 'ready') return;
    try {
      const snapshot: MetricsSnapshot = {
        app: opts.app,
        instanceId: opts.instanceId,
        at: Date.now(),
        metrics: await registry.getMetricsAsJSON(),
      };
      const index = metricsIndexKey(opts.prefix);
      await redis
        .multi()
        .set(key, JSON.stringify(snapshot), 'PX', ttlMs)
        .zadd(index, snapshot.at + ttlMs, key)
        .pexpire(index, Math.max(ttlMs * 2, 3_600_000))
        .exec();
    } catch (err) {
      opts.onError?.(err as Error);
    }
  };
  const publish = (): Promise<void> => {
    inFlight ??= publishOnce().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const timer = setInterval(() => void publish(), intervalMs);
  timer.unref();
  if (redis.status === 'ready') void publish();
  else redis.once('ready', () => void publish());

  return {
    publish,
    stop: async () => {
      clearInterval(timer);
      await inFlight;
      stopped = true;
      if (redis.status === 'ready') {
        await withTimeout(
          redis
            .multi()
            .del(key)
            .zrem(metricsIndexKey(opts.prefix), key)
            .exec()
            .catch(() => null),
          1000,
        );
      }
    },
  };
}
