import type { Webhook, Delivery } from '@gw/db';
import type { WebhookHealth } from './endpoint-gate.js';

/** A webhook as listed: never carries the secret (spec, Webhook registration). */
export interface WebhookDto {
  id: string;
  url: string;
  events: string[];
  /** `service` or `standard-webhooks` (issue #4). */
  signatureScheme: string;
  active: boolean;
  /** Attempts in flight at once to this endpoint (issue #10); null = WEBHOOK_ENDPOINT_CONCURRENCY. */
  maxConcurrency: number | null;
  /** Why the service deactivated it (issue #10, auto-disable); null otherwise. */
  disabledReason: string | null;
  createdAt: string;
}

/** A webhook as `GET /webhooks` lists it: with its endpoint's circuit (issue #10). */
export interface WebhookWithHealthDto extends WebhookDto {
  health: WebhookHealth;
}

export const toWebhookDto = (
  w: Pick<Webhook, 'id' | 'url' | 'events' | 'signatureScheme' | 'active' | 'maxConcurrency' | 'disabledReason' | 'createdAt'>,
): WebhookDto => ({
  id: w.id,
  url: w.url,
  events: w.events,
  signatureScheme: w.signatureScheme,
  active: w.active,
  maxConcurrency: w.maxConcurrency,
  disabledReason: w.disabledReason,
  createdAt: new Date(w.createdAt).toISOString(),
});

/** A delivery as listed by `GET /webhooks/deliveries` (issue #2). */
export interface DeliveryDto {
  id: string;
  webhookId: string;
  event: string;
  status: 'pending' | 'delivered' | 'dead';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export const toDeliveryDto = (d: Delivery): DeliveryDto => ({
  id: d.id,
  webhookId: d.webhookId,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});
