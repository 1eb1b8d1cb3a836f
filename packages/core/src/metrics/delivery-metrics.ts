import { AsyncLocalStorage } from 'node:async_hooks';
import { DelayedError, type Job } from 'bullmq';
import type { AttemptResult, Sender } from '../deliveries/send-attempt.js';
import { QUEUE_NAMES } from '../queues/queues.js';
import type { AppMetrics, AttemptOutcome, DeliveryOutcome } from './app-metrics.js';

/** What the instrumented sender tells the instrumented handler about the job it runs in. */
interface JobStore {
  event?: string;
  attempted: boolean;
}

const jobStore = new AsyncLocalStorage<JobStore>();

/** Event label when a job ended without an HTTP attempt (e.g. dead because its webhook was deactivated). */
export const UNKNOWN_EVENT = 'unknown';

/** Classifies an attempt for `gw_delivery_attempt_duration_seconds{outcome}`. */
export function attemptOutcome(result: Pick<AttemptResult, 'ok' | 'statusCode' | 'error'>): AttemptOutcome {
  if (result.ok) return 'success';
  if (result.statusCode !== null) return 'http_error';
  return result.error?.startsWith('timeout') ? 'timeout' : 'network_error';
}

/**
 * Wraps the worker's {@link Sender}: every attempt is observed in
 * `gw_delivery_attempt_duration_seconds{outcome}`, and its event type (the `X-Service-Event`
 * header) is passed on to {@link instrumentHandlers} for `gw_deliveries_total`.
 */
export function instrumentSender(sender: Sender, metrics: Pick<AppMetrics, 'deliveryAttemptDuration'>): Sender {
  return {
    close: () => sender.close(),
    send: async (req) => {
      const result = await sender.send(req);
      metrics.deliveryAttemptDuration.observe({ outcome: attemptOutcome(result) }, result.durationMs / 1000);
      const store = jobStore.getStore();
      if (store) {
        store.attempted = true;
        store.event = req.headers['x-service-event'] ?? store.event;
      }
      return result;
    },
  };
}

type JobHandler = (job: Job, token: string | undefined) => Promise<unknown>;

/**
 * Wraps the delivery queue's handler (the others are returned as they are) so that each run
 * counts once in `gw_deliveries_total{outcome, event}`:
 * - returned `{ kind: 'delivered' | 'dead' }` → that outcome;
 * - `DelayedError` after an attempt → `retry` (rescheduled with back-off); without an attempt the
 *   job was only not due yet and nothing is counted; returned `skipped` is not counted either;
 * - any other error → `error` (the job fails and BullMQ retries it).
 * Use with a sender wrapped by {@link instrumentSender}, which supplies the event label.
 */
export function instrumentHandlers<H extends Record<string, JobHandler>>(handlers: H, metrics: Pick<AppMetrics, 'deliveriesTotal'>): H {
  const inner = handlers[QUEUE_NAMES.deliveries];
  if (!inner) return handlers;
  const count = (outcome: DeliveryOutcome, store: JobStore) =>
    metrics.deliveriesTotal.inc({ outcome, event: store.event ?? UNKNOWN_EVENT });
  const wrapped: JobHandler = async (job, token) => {
    const store: JobStore = { attempted: false };
    try {
      const result = await jobStore.run(store, () => inner(job, token));
      const kind = (result as { kind?: unknown } | null | undefined)?.kind;
      if (kind === 'delivered' || kind === 'dead') count(kind, store);
      return result;
    } catch (err) {
      if (err instanceof DelayedError || (err as Error | undefined)?.name === 'DelayedError') {
        if (store.attempted) count('retry', store);
      } else {
        count('error', store);
      }
      throw err;
    }
  };
  return { ...handlers, [QUEUE_NAMES.deliveries]: wrapped };
}
