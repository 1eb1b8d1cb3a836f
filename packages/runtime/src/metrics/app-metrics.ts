import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerCacheGauges } from './cache-sizes.js';

/** The processes that publish metrics (the ops app collects and serves them). */
export type MetricsApp = 'api' | 'worker' | 'ops';

/** Seconds; from 5 ms (a cached read) to 10 s (a slow request near the proxy's limit). */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Seconds; delivery attempts are bounded by WEBHOOK_TIMEOUT_MS (at most 60 s). */
export const ATTEMPT_DURATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Seconds; the stages of one delivery run, from a fraction of a millisecond (a pipelined Redis call) to a slow POST. */
export const STAGE_DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * The awaited stages of one delivery run, as labelled in `gw_delivery_stage_seconds`:
 * `read` (the delivery row), `admit` (the endpoint gate's admission), `send` (the signed POST),
 * `record` (the attempt's row and the delivery's state), `report` (the gate's report), `run` (the
 * whole processor, in which read and admit, and record and report, overlap) and `finish` (BullMQ
 * after the processor returned: the job's completion, the next job's fetch in the same script).
 */
export type DeliveryStage = 'read' | 'admit' | 'send' | 'record' | 'report' | 'run' | 'finish';

/**
 * Final result of one run of a delivery job, as counted by `gw_deliveries_total`:
 * `delivered` (2xx), `retry` (failed, another attempt is scheduled), `dead` (failed for the last
 * time, or its webhook was deactivated), `error` (the job itself failed: database down, ...).
 */
export type DeliveryOutcome = 'delivered' | 'retry' | 'dead' | 'error';

/** Result of one HTTP attempt, as labelled in `gw_delivery_attempt_duration_seconds`. */
export type AttemptOutcome = 'success' | 'http_error' | 'timeout' | 'network_error';

export interface AppMetrics {
  app: MetricsApp;
  /**
   * Unique per process: `<hostname>:<pid>:<random>` ({@link defaultInstanceId}); every series
   * carries it as label `replica` ({@link REPLICA_LABEL}), never `instance`.
   */
  instanceId: string;
  /** Default process metrics (prefix-less `process_*`, `nodejs_*`), the caches' sizes (`gw_cache_entries`, see `registerCacheSize`) and the instruments below. */
  registry: Registry;
  /** `gw_http_request_duration_seconds{method, route, status}` (route = template, never the raw path). */
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  /** `gw_deliveries_total{outcome, event}`, see {@link DeliveryOutcome}. */
  deliveriesTotal: Counter<'outcome' | 'event'>;
  /** `gw_delivery_attempt_duration_seconds{outcome}`, see {@link AttemptOutcome}. */
  deliveryAttemptDuration: Histogram<'outcome'>;
  /** `gw_delivery_deferrals_total{reason}`: runs deferred by an open (`circuit_open`) or probing (`half_open`) circuit. */
  deliveryDeferrals: Counter<'reason'>;
  /** `gw_delivery_cap_waits_total`: runs parked because their endpoint's concurrency cap was full. */
  deliveryCapWaits: Counter;
  /** `gw_delivery_stage_seconds{stage}`: wall-clock time of each awaited stage of a delivery run, see {@link DeliveryStage}. */
  deliveryStageDuration: Histogram<'stage'>;
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
 * shared instruments. Every series carries the labels `app` and `replica` (the instance id), so
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
  const deliveriesTotal = new Counter({
    name: 'gw_deliveries_total',
    help: 'Delivery job runs by outcome (delivered, retry, dead, error) and event type',
    labelNames: ['outcome', 'event'] as const,
    registers: [registry],
  });
  const deliveryAttemptDuration = new Histogram({
    name: 'gw_delivery_attempt_duration_seconds',
    help: 'Duration of webhook delivery HTTP attempts in seconds, by outcome (success, http_error, timeout, network_error)',
    labelNames: ['outcome'] as const,
    buckets: ATTEMPT_DURATION_BUCKETS,
    registers: [registry],
  });
  const deliveryDeferrals = new Counter({
    name: 'gw_delivery_deferrals_total',
    help: 'Delivery runs deferred without an attempt, by reason: the endpoint circuit breaker (circuit_open, half_open) or the organization fair share of the worker pool (fair_share)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const deliveryCapWaits = new Counter({
    name: 'gw_delivery_cap_waits_total',
    help: 'Delivery runs parked without an attempt because the endpoint concurrency cap was full',
    registers: [registry],
  });
  const deliveryStageDuration = new Histogram({
    name: 'gw_delivery_stage_seconds',
    help: 'Wall-clock time of each awaited stage of a delivery run in seconds (read, admit, send, record, report, run, finish)',
    labelNames: ['stage'] as const,
    buckets: STAGE_DURATION_BUCKETS,
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
    deliveriesTotal,
    deliveryAttemptDuration,
    deliveryDeferrals,
    deliveryCapWaits,
    deliveryStageDuration,
  };
}
