import { DelayedError, type Job } from 'bullmq';
import {
  type Context,
  QUEUE_NAMES,
  type BridgeRelayJob,
  type DeliveryJob,
  type PaymentExpiryJob,
  type QueueName,
  type RecoveryJob,
} from '@gw/runtime';
import { type DeliveryStore, type EndpointGate, processDelivery, type ProcessOutcome, type Sender, recoverDeadDeliveries } from '@gw/core/webhooks';
import { DEFAULT_BRIDGE_RELAY_DELAY_MS, DelayedRelayer, relayBridgeTransfer, type Relayer } from '@gw/core/bridge';
import { expirePayment } from '@gw/core/payments';

/** A queue's processor. `token` is the worker's lock token, needed to reschedule the job itself. */
export type Handler = (job: Job, token: string | undefined) => Promise<unknown>;

/** Moves the running job back to `delayed` until `at` (the same job id keeps the delivery's identity). */
async function rescheduleAt(job: Job, token: string | undefined, at: Date): Promise<never> {
  await job.moveToDelayed(at.getTime(), token);
  throw new DelayedError();
}

/** Optional parts of the handlers (issue #3). */
export interface HandlerOptions {
  /** Carries bridge transfers; default the built-in {@link DelayedRelayer}. */
  relayer?: Relayer | undefined;
  /** Delay of the built-in relayer, ms (default {@link DEFAULT_BRIDGE_RELAY_DELAY_MS}). */
  bridgeRelayDelayMs?: number | undefined;
  /** Called with each delivery run's outcome, or `'error'` when the run threw (metrics). */
  onDeliveryOutcome?: ((outcome: ProcessOutcome | 'error') => void) | undefined;
}

/**
 * One handler per queue of {@link QUEUE_NAMES}; `startWorker` refuses to start when a queue has
 * none (or an unknown name has one).
 */
export function createHandlers(
  ctx: Context & { deliveries: DeliveryStore; gate: EndpointGate },
  sender: Sender,
  opts: HandlerOptions = {},
): Record<QueueName, Handler> {
  const relayer = opts.relayer ?? new DelayedRelayer(opts.bridgeRelayDelayMs ?? DEFAULT_BRIDGE_RELAY_DELAY_MS);
  const observe = opts.onDeliveryOutcome ?? (() => undefined);
  return {
    [QUEUE_NAMES.deliveries]: async (job, token) => {
      const { deliveryId } = job.data as DeliveryJob;
      let outcome: ProcessOutcome;
      try {
        outcome = await processDelivery(ctx, sender, deliveryId);
      } catch (err) {
        observe('error');
        throw err;
      }
      observe(outcome);
      if (outcome.kind === 'retry' || outcome.kind === 'not-due' || outcome.kind === 'deferred')
        return rescheduleAt(job, token, outcome.at);
      return outcome;
    },
    [QUEUE_NAMES.paymentExpiry]: async (job, token) => {
      const { paymentId } = job.data as PaymentExpiryJob;
      const outcome = await expirePayment(ctx, paymentId);
      if (outcome.result === 'not-due') return rescheduleAt(job, token, outcome.expiresAt);
      return outcome;
    },
    /** Relays one bridge transfer; a relayer error is retried by BullMQ (the transfer stays `initiated`). */
    [QUEUE_NAMES.bridgeRelay]: async (job) => {
      const { transferId } = job.data as BridgeRelayJob;
      return relayBridgeTransfer(ctx, relayer, transferId);
    },
    /** Reopens a webhook's dead deliveries in batches (issue #10); a failure is retried by BullMQ and resumes where it stopped. */
    [QUEUE_NAMES.recovery]: async (job) => recoverDeadDeliveries(ctx, job.data as RecoveryJob),
  };
}
