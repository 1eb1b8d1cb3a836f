import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { registerCacheGauges } from './cache-sizes.js';

/** The processes that publish metrics (the ops app collects and serves them). */
export type MetricsApp = 'api' | 'worker' | 'ops';

/** Seconds; from 5 ms (a cached read) to 10 s (a slow request near the proxy's limit). */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  app: MetricsApp;
  /**
   * Unique per process: `<hostname>:<pid>:<random>` ({@link defaultInstanceId}); every series
   * carries it as label `replica` ({@link REPLICA_LABEL}), never `instance`.
   */
  instanceId: string;
  /**
   * Default process metrics (prefix-less `process_*`, `nodejs_*`), the caches' sizes (`gw_cache_entries`, see
   * `registerCacheSize`) and the instruments below; a module registers its own on it (the webhooks' delivery
   * metrics, custody's, retention's).
   */
  registry: Registry;
  /** `gw_http_request_duration_seconds{method, route, status}` (route = template, never the raw path). */
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
}

/**
 * The label that tells processes apart in the merged `/metrics` output. Not `instance`: Prometheus
 * sets `instance` (and `job`) on every scraped series itself, from the scraped target, and renames a
 * clashing label of the target to `exported_instance`.
 */
export const REPLICA_LABEL = 'replica';

/**
 * Label names that Prometheus attaches to every scraped series (the target's `job` and
 * `instance`): a series served by the gateway never carries one of them (see `mergeMetrics`).
 */
export const RESERVED_LABELS = ['instance', 'job'] as const;

/**
 * A process-unique replica id, `<hostname>:<pid>:<random>`: the container's hostname keeps
 * replicas apart and the pid processes of one container; the random part keeps a restarted
 * container (same hostname, pid 1 again) apart from its predecessor, whose snapshot lives on in
 * Redis for up to 15 s after a crash (else the merge would add the two together). `:` cannot
 * occur in a hostname, so the hostname is always the part before the first `:`.
 */
export function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * Creates one process's metrics: a fresh prom-client {@link Registry} (never the global one, so
 * several apps can run in one process, as the tests do) with the default process metrics and the
 * shared instruments (HTTP durations, event loop). Every series carries the labels `app` and `replica` (the instance id), so
 * that the ops app can merge the registries of every replica (AggregatorRegistry) without summing
 * different processes together.
 */
export function createAppMetrics(app: MetricsApp, opts: { instanceId?: string } = {}): AppMetrics {
  const instanceId = opts.instanceId ?? defaultInstanceId();
  const registry = new Registry();
  registry.setDefaultLabels({ app, [REPLICA_LABEL]: instanceId });
  collectDefaultMetrics({ register: registry });
  registerCacheGauges(registry);
  const httpRequestDuration = new Histogram({
    name: 'gw_http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [registry],
  });
  // How much of the wall-clock time the event loop was busy (its utilization over a
  // window is the difference of two readings divided by the window), since the process started.
  new Gauge({
    name: 'gw_event_loop_busy_seconds',
    help: 'Time the event loop spent running callbacks since the process started, in seconds (ELU: its rate)',
    registers: [registry],
    collect() {
      this.set(performance.eventLoopUtilization().active / 1000);
    },
  });
  return {
    app,
    instanceId,
    registry,
    httpRequestDuration,
  };
}
