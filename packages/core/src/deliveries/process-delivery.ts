import type { Context } from '../context.js';
import { signStandardWebhook, signWebhookBody } from '../crypto/tokens.js';
import type { EventEnvelope } from '../outbox/record-event.js';
import { backoffDelayMs } from './backoff.js';
import type { DeliveryStore } from './delivery-store.js';
import type { Sender } from './send-attempt.js';

/** What one run of a delivery job did; `event` is the delivery's event type (for metrics). */
export type ProcessOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'not-due'; at: Date }
  | { kind: 'delivered'; attempt: number; event: string }
  | { kind: 'retry'; attempt: number; at: Date; event: string }
  | { kind: 'dead'; attempt: number | null; reason: string; event: string };

/** Decrypted signing secrets by ciphertext: a rotation writes a new ciphertext, so entries never go stale. */
const openedSecrets = new Map<string, string>();
const MAX_OPENED_SECRETS = 5000;

/** AES-GCM decryption once per secret per process instead of once per attempt (issue #5). */
function openSecret(box: Context['secretBox'], sealed: string): string {
  let secret = openedSecrets.get(sealed);
  if (secret === undefined) {
    secret = box.open(sealed);
    if (openedSecrets.size >= MAX_OPENED_SECRETS) openedSecrets.delete(openedSecrets.keys().next().value!);
    openedSecrets.set(sealed, secret);
  }
  return secret;
}

/** User-Agent of every delivery. */
export const USER_AGENT = 'Service-Webhooks/1.0 (+https://github.com/service-gateway)';

/**
 * Makes one delivery attempt and records it (issue #2, "Delivery worker"; spec, States):
 * - 2xx within WEBHOOK_TIMEOUT_MS → `delivered`;
 * - otherwise → `pending` with `nextAttemptAt` = now + min(BASE·2^(n−1), MAX) while fewer than
 *   WEBHOOK_MAX_ATTEMPTS attempts were made, else `dead`; a manual resend fails straight to `dead`.
 * The attempt row and the delivery's new state are written together (one statement, see
 * {@link DeliveryStore.recordAttempt}), guarded by the attempt count that was read, so a concurrent
 * duplicate run (a stalled job picked up twice) cannot record the same attempt twice. Deliveries
 * are at least once: a worker killed after the receiver's 2xx but before this write sends again,
 * and receivers dedupe by X-Service-Delivery.
 *
 * @param ctx.deliveries the worker's reads and writes ({@link createDeliveryStore}: batched raw SQL)
 * @returns what happened; `retry` and `not-due` carry the time the job must run again
 * @throws whatever the store throws (database unreachable): the job fails and BullMQ retries it
 */
export async function processDelivery(
  ctx: Pick<Context, 'config' | 'secretBox' | 'logger'> & { deliveries: DeliveryStore },
  sender: Sender,
  deliveryId: string,
): Promise<ProcessOutcome> {
  const delivery = await ctx.deliveries.load(deliveryId);
  if (!delivery) return { kind: 'skipped', reason: 'delivery not found' };
  if (delivery.status !== 'pending') return { kind: 'skipped', reason: `delivery is ${delivery.status}` };
  const event = delivery.event;
  if (!delivery.webhook.active) {
    await ctx.deliveries.markDead(deliveryId, 'webhook deactivated');
    return { kind: 'dead', attempt: null, reason: 'webhook deactivated', event };
  }
  if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > Date.now() + 1000) {
    return { kind: 'not-due', at: delivery.nextAttemptAt };
  }

  const envelope: EventEnvelope = {
    id: delivery.eventRecord.id,
    type: delivery.eventRecord.type,
    createdAt: delivery.eventRecord.createdAt.toISOString(),
    data: delivery.eventRecord.payload,
  };
  const body = JSON.stringify(envelope);
  const secret = openSecret(ctx.secretBox, delivery.webhook.secretEncrypted);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-service-signature': signWebhookBody(secret, body),
    'x-service-event': delivery.event,
    'x-service-delivery': delivery.id,
  };
  if (delivery.webhook.signatureScheme === 'standard-webhooks') {
    // Standard Webhooks (issue #4): the id is the delivery id (stable across attempts), the
    // timestamp is signed too, so receivers can refuse replays of old messages.
    const timestamp = Math.floor(Date.now() / 1000);
    headers['webhook-id'] = delivery.id;
    headers['webhook-timestamp'] = String(timestamp);
    headers['webhook-signature'] = signStandardWebhook(secret, delivery.id, timestamp, body);
  }
  const result = await sender.send({ url: delivery.webhook.url, body, timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS, headers });

  const attempt = delivery.attempts + 1;
  const exhausted = delivery.manual || attempt >= ctx.config.WEBHOOK_MAX_ATTEMPTS;
  const status = result.ok ? 'delivered' : exhausted ? 'dead' : 'pending';
  const nextAttemptAt =
    status === 'pending'
      ? new Date(Date.now() + backoffDelayMs(attempt, ctx.config.WEBHOOK_BACKOFF_BASE_MS, ctx.config.WEBHOOK_BACKOFF_MAX_MS))
      : null;

  const recorded = await ctx.deliveries.recordAttempt({
    deliveryId,
    previousAttempts: delivery.attempts,
    status,
    nextAttemptAt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error,
    responseBody: result.responseBody,
  });
  if (!recorded) return { kind: 'skipped', reason: 'delivery changed concurrently' };

  ctx.logger.debug(
    { deliveryId, attempt, statusCode: result.statusCode, durationMs: result.durationMs, outcome: status },
    'delivery attempt recorded',
  );
  if (status === 'delivered') return { kind: 'delivered', attempt, event };
  if (status === 'dead') return { kind: 'dead', attempt, reason: result.error ?? 'failed', event };
  return { kind: 'retry', attempt, at: nextAttemptAt!, event };
}
