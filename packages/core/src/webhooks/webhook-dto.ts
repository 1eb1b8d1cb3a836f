import type { Webhook, Delivery } from '@gw/db';

/** A webhook as listed: never carries the secret (spec, Webhook registration). */
export interface WebhookDto {
  id: string;
  url: string;
  events: string[];
  /** `service` or `standard-webhooks` (issue #4). */
  signatureScheme: string;
  active: boolean;
  createdAt: string;
}

export const toWebhookDto = (w: Webhook): WebhookDto => ({
  id: w.id,
  url: w.url,
  events: w.events,
  signatureScheme: w.signatureScheme,
  active: w.active,
  createdAt: w.createdAt.toISOString(),
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
