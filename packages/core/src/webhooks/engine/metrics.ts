import type { AppMetrics, AttemptOutcome } from '@gw/runtime';
import type { ProcessOutcome } from './processor.js';
import type { AttemptResult, Sender } from './sender.js';

/** The worker's delivery metrics: attempt durations by outcome, and one count per delivery run. */

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
export function instrumentSender(sender: Sender, metrics: Pick<AppMetrics, 'deliveryAttemptDuration'>): Sender {
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
  metrics: Pick<AppMetrics, 'deliveriesTotal' | 'deliveryDeferrals' | 'deliveryCapWaits'>,
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
