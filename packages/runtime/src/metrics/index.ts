/**
 * Metrics shared by the api, the worker and the ops app.
 * Each process owns a registry (`createAppMetrics`) that it publishes to Redis
 * (`startMetricsPublisher`); the ops app merges them (`collectClusterMetrics`) and serves
 * `GET /metrics` (labels `app` and `replica`, never Prometheus's own `instance` or `job`), with
 * BullMQ's own queue metrics (`Queue.exportPrometheusMetrics()`, read by `parseExposition`).
 */
export * from './app-metrics.js';
export * from './publisher.js';
export * from './collector.js';
export * from './exposition.js';
export * from './cache-sizes.js';
