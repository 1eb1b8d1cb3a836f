import { Counter, Histogram, type Registry } from 'prom-client';
import type { ProcessOutcome } from './processor.js';
import type { AttemptResult, Sender } from './sender.js';

/** The worker's delivery metrics: attempt durations by outcome, and one count per delivery run. */

/** Seconds; delivery attempts are bounded by WEBHOOK_TIMEOUT_MS (at most 60 s). */
export const ATTEMPT_DURATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Seconds; the stages of one delivery run, from a fraction of a millisecond (a pipelined Redis call) to a slow POST. */
export const STAGE_DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * Final result of one run of a delivery job, as counted by `gw_deliveries_total`:
 * `delivered` (2xx), `retry` (failed, another attempt is scheduled), `dead` (failed for the last
 * time, or its webhook was deactivated), `error` (the job itself failed: database down, ...).
 */
export type DeliveryOutcome = 'delivered' | 'retry' | 'dead' | 'error';

/** Result of one HTTP attempt, as labelled in `gw_delivery_attempt_duration_seconds`. */
export type AttemptOutcome = 'success' | 'http_error' | 'timeout' | 'network_error';

/** The worker's delivery metrics, registered on its registry by {@link createDeliveryMetrics}. */
export interface DeliveryMetrics {
  /** `gw_deliveries_total{outcome, event}`, see {@link DeliveryOutcome}. */
  deliveriesTotal: Counter<'outcome' | 'event'>;
  /** `gw_delivery_attempt_duration_seconds{outcome}`, see {@link AttemptOutcome}. */
  deliveryAttemptDuration: Histogram<'outcome'>;
  /** `gw_delivery_deferrals_total{reason}`: runs deferred by an open (`circuit_open`) or probing (`half_open`) circuit. */
  deliveryDeferrals: Counter<'reason'>;
  /** `gw_delivery_cap_waits_total`: runs parked because their endpoint's concurrency cap was full. */
  deliveryCapWaits: Counter;
  /** `gw_delivery_stage_seconds{stage}`: wall-clock time of each awaited stage of a delivery run, see `DeliveryStage` (processor.ts). */
  deliveryStageDuration: Histogram<'stage'>;
}

/**
 * Registers the delivery metrics on a process's registry (the worker's, from `createAppMetrics`):
 * runs by outcome, attempt durations, deferrals, cap waits and the stages of a run.
 */
export function createDeliveryMetrics(registry: Registry): DeliveryMetrics {
  const registers = [registry];
  const deliveriesTotal = new Counter({
    name: 'gw_deliveries_total',
    help: 'Delivery job runs by outcome (delivered, retry, dead, error) and event type',
    labelNames: ['outcome', 'event'] as const,
    registers,
  });
  const deliveryAttemptDuration = new Histogram({
    name: 'gw_delivery_attempt_duration_seconds',
    help: 'Duration of webhook delivery HTTP attempts in seconds, by outcome (success, http_error, timeout, network_error)',
    labelNames: ['outcome'] as const,
    buckets: ATTEMPT_DURATION_BUCKETS,
    registers,
  });
  const deliveryDeferrals = new Counter({
    name: 'gw_delivery_deferrals_total',
    help: 'Delivery runs deferred without an attempt, by reason: the endpoint circuit breaker (circuit_open, half_open) or the organization fair share of the worker pool (fair_share)',
    labelNames: ['reason'] as const,
    registers,
  });
  const deliveryCapWaits = new Counter({
    name: 'gw_delivery_cap_waits_total',
    help: 'Delivery runs parked without an attempt because the endpoint concurrency cap was full',
    registers,
  });
  const deliveryStageDuration = new Histogram({
    name: 'gw_delivery_stage_seconds',
    help: 'Wall-clock time of each awaited stage of a delivery run in seconds (read, admit, send, record, report, run, finish)',
    labelNames: ['stage'] as const,
    buckets: STAGE_DURATION_BUCKETS,
    registers,
  });
  return { deliveriesTotal, deliveryAttemptDuration, deliveryDeferrals, deliveryCapWaits, deliveryStageDuration };
}

/** Event label when a job failed before its delivery was read (e.g. the database was unreachable). */
export const UNKNOWN_EVENT = 'unknown';

/** Classifies an attempt for `gw_delivery_attempt_duration_seconds{outcome}`. */
export function attemptOutcome(result: Pick<AttemptResult, 'ok' | 'statusCode' | 'error'>): AttemptOutcome {
  if (result.ok) return 'success';
  if (result.statusCode !== null) return 'http_error';
  return result.error?.startsWith('timeout') ? 'timeout' : 'network_error';
}

/**
 * Wraps the worker's {@link Sender} so that every attempt is observed in
 * `gw_delivery_attempt_duration_seconds{outcome}` (seconds).
 */
export function instrumentSender(sender: Sender, metrics: Pick<DeliveryMetrics, 'deliveryAttemptDuration'>): Sender {
  return {
    close: () => sender.close(),
    send: (req) =>
      sender.send(req).then((result) => {
        metrics.deliveryAttemptDuration.observe({ outcome: attemptOutcome(result) }, result.durationMs / 1000);
        return result;
      }),
  };
}

/**
 * Counts each run of a delivery job once in `gw_deliveries_total{outcome, event}`:
 * - `delivered`, `dead` and `retry` (an attempt failed and the job was rescheduled with back-off)
 *   with the delivery's event type;
 * - `error`: the run threw (e.g. the database was unreachable) and BullMQ retries the job; its
 *   event is {@link UNKNOWN_EVENT};
 * - `skipped` and `not-due` runs made no attempt and are not counted;
 * - `deferred` runs made no attempt either: they count in `gw_delivery_deferrals_total{reason}`
 *   (open or probing circuit; `fair_share`: the organization had its share of the pool in flight)
 *   or `gw_delivery_cap_waits_total` (full per-endpoint cap).
 * @returns the observer the delivery handler calls with each run's outcome
 */
export function deliveryOutcomeCounter(
  metrics: Pick<DeliveryMetrics, 'deliveriesTotal' | 'deliveryDeferrals' | 'deliveryCapWaits'>,
): (outcome: ProcessOutcome | 'error') => void {
  return (outcome) => {
    if (outcome === 'error') return metrics.deliveriesTotal.inc({ outcome: 'error', event: UNKNOWN_EVENT });
    if (outcome.kind === 'deferred') {
      if (outcome.reason === 'cap') metrics.deliveryCapWaits.inc();
      else metrics.deliveryDeferrals.inc({ reason: outcome.reason });
      return;
    }
    if (outcome.kind === 'delivered' || outcome.kind === 'dead' || outcome.kind === 'retry') {
      metrics.deliveriesTotal.inc({ outcome: outcome.kind, event: outcome.event });
    }
  };
}
