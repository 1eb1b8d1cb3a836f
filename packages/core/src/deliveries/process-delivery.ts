import type { RawSql } from '@gw/db';
import type { Context } from '../context.js';
import { signStandardWebhook, signWebhookBody } from '../crypto/tokens.js';
import type { EventEnvelope } from '../outbox/record-event.js';
import { backoffDelayMs } from './backoff.js';
import type { Sender } from './send-attempt.js';

export type ProcessOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'not-due'; at: Date }
  | { kind: 'delivered'; attempt: number }
  | { kind: 'retry'; attempt: number; at: Date }
  | { kind: 'dead'; attempt: number | null; reason: string };

interface LoadedDelivery {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'dead';
  attempts: number;
  manual: boolean;
  nextAttemptAt: Date | null;
  webhook: { url: string; active: boolean; secretEncrypted: string; signatureScheme: string };
  eventRecord: { id: string; type: string; createdAt: Date; payload: unknown };
}

/**
 * The delivery with its webhook and event, in one query (issue #5: the hot path's read; Prisma's
 * `include` costs a round trip and a compile per relation).
 */
async function loadDelivery(db: RawSql, id: string): Promise<LoadedDelivery | undefined> {
  const rows = await db.$queryRaw<
    {
      id: string;
      event: string;
      status: LoadedDelivery['status'];
      attempts: number;
      manual: boolean;
      next_attempt_at: Date | null;
      url: string;
      active: boolean;
      secret_encrypted: string;
      signature_scheme: string;
      event_id: string;
      event_type: string;
      event_created_at: Date;
      payload: unknown;
    }[]
  >`
    SELECT d.id::text, d.event, d.status::text AS status, d.attempts, d.manual, d.next_attempt_at,
           w.url, w.active, w.secret_encrypted, w.signature_scheme,
           e.id::text AS event_id, e.type AS event_type, e.created_at AS event_created_at, e.payload
    FROM deliveries d
    JOIN webhooks w ON w.id = d.webhook_id
    JOIN events e ON e.id = d.event_id
    WHERE d.id = ${id}::uuid`;
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    manual: r.manual,
    nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at) : null,
    webhook: { url: r.url, active: r.active, secretEncrypted: r.secret_encrypted, signatureScheme: r.signature_scheme },
    eventRecord: { id: r.event_id, type: r.event_type, createdAt: new Date(r.event_created_at), payload: r.payload },
  };
}

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
 * The attempt row and the delivery's new state are written in one statement, guarded by the
 * attempt count that was read, so a concurrent duplicate run (a stalled job picked up twice)
 * cannot record the same attempt twice. Deliveries are at least once: a worker killed after the
 * receiver's 2xx but before this write sends again, and receivers dedupe by X-Service-Delivery.
 *
 * @param ctx.sql raw SQL executor for the two statements (the worker passes a plain pg pool);
 *   defaults to the Prisma client
 * @returns what happened; `retry` and `not-due` carry the time the job must run again
 */
export async function processDelivery(
  ctx: Pick<Context, 'prisma' | 'config' | 'secretBox' | 'logger'> & { sql?: RawSql },
  sender: Sender,
  deliveryId: string,
): Promise<ProcessOutcome> {
  const db: RawSql = ctx.sql ?? ctx.prisma;
  const delivery = await loadDelivery(db, deliveryId);
  if (!delivery) return { kind: 'skipped', reason: 'delivery not found' };
  if (delivery.status !== 'pending') return { kind: 'skipped', reason: `delivery is ${delivery.status}` };
  if (!delivery.webhook.active) {
    await db.$executeRaw`
      UPDATE deliveries SET status = 'dead', manual = false, next_attempt_at = NULL, last_error = 'webhook deactivated', updated_at = now()
      WHERE id = ${deliveryId}::uuid AND status = 'pending'`;
    return { kind: 'dead', attempt: null, reason: 'webhook deactivated' };
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

  const updated = await db.$executeRaw`
    WITH d AS (
      UPDATE deliveries SET
        attempts = ${attempt}::int,
        status = ${status}::delivery_status,
        manual = false,
        next_attempt_at = ${nextAttemptAt}::timestamptz,
        last_status_code = ${result.statusCode}::int,
        last_error = ${result.error}::text,
        delivered_at = CASE WHEN ${result.ok}::boolean THEN now() ELSE delivered_at END,
        updated_at = now()
      WHERE id = ${deliveryId}::uuid AND status = 'pending' AND attempts = ${delivery.attempts}::int
      RETURNING id
    )
    INSERT INTO delivery_attempts (id, delivery_id, number, status_code, duration_ms, error, response_body, created_at)
    SELECT gen_random_uuid(), d.id, ${attempt}::int, ${result.statusCode}::int, ${result.durationMs}::int, ${result.error}::text, ${result.responseBody}::text, now()
    FROM d`;
  if (updated === 0) return { kind: 'skipped', reason: 'delivery changed concurrently' };

  ctx.logger.debug(
    { deliveryId, attempt, statusCode: result.statusCode, durationMs: result.durationMs, outcome: status },
    'delivery attempt recorded',
  );
  if (status === 'delivered') return { kind: 'delivered', attempt };
  if (status === 'dead') return { kind: 'dead', attempt, reason: result.error ?? 'failed' };
  return { kind: 'retry', attempt, at: nextAttemptAt! };
}
