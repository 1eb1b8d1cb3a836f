import type { ProcessOutcome } from '../deliveries/process-delivery.js';
import type { AttemptResult, Sender } from '../deliveries/send-attempt.js';
import type { AppMetrics, AttemptOutcome } from './app-metrics.js';

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
    send: async (req) => {
      const result = await sender.send(req);
      metrics.deliveryAttemptDuration.observe({ outcome: attemptOutcome(result) }, result.durationMs / 1000);
      return result;
    },
  };
}

/**
 * Counts each run of a delivery job once in `gw_deliveries_total{outcome, event}`:
 * - `delivered`, `dead` and `retry` (an attempt failed and the job was rescheduled with back-off)
 *   with the delivery's event type;
 * - `error`: the run threw (e.g. the database was unreachable) and BullMQ retries the job; its
 *   event is {@link UNKNOWN_EVENT};
 * - `skipped` and `not-due` runs made no attempt and are not counted.
 * @returns the observer the delivery handler calls with each run's outcome
 */
export function deliveryOutcomeCounter(metrics: Pick<AppMetrics, 'deliveriesTotal'>): (outcome: ProcessOutcome | 'error') => void {
  return (outcome) => {
    if (outcome === 'error') return metrics.deliveriesTotal.inc({ outcome: 'error', event: UNKNOWN_EVENT });
    if (outcome.kind === 'delivered' || outcome.kind === 'dead' || outcome.kind === 'retry') {
      metrics.deliveriesTotal.inc({ outcome: outcome.kind, event: outcome.event });
    }
  };
}
