import type { Prisma, Tx } from '@gw/db';
import type { WebhookEvent } from '../config/scopes.js';

/**
 * Transactional outbox (issue #2): inside the transaction that changes a payment's state,
 * writes the event and one `pending` delivery per active webhook of the organization that
 * subscribes to that event (spec, Events rule 1). Jobs are enqueued only after the commit
 * (see `enqueueDeliveries`); the sweeper re-enqueues any the process failed to enqueue.
 *
 * @param payload event data, sent to receivers as the body's `data`
 * @returns the new delivery ids (possibly empty)
 */
export async function recordEvent(tx: Tx, organizationId: string, type: WebhookEvent, payload: Prisma.InputJsonObject): Promise<string[]> {
  const event = await tx.event.create({ data: { organizationId, type, payload }, select: { id: true } });
  const webhooks = await tx.webhook.findMany({
    where: { organizationId, active: true, events: { has: type } },
    select: { id: true },
  });
  if (webhooks.length === 0) return [];
  const deliveries = await tx.delivery.createManyAndReturn({
    data: webhooks.map((w) => ({ organizationId, webhookId: w.id, eventId: event.id, event: type, nextAttemptAt: new Date() })),
    select: { id: true },
  });
  return deliveries.map((d) => d.id);
}

/** The JSON body POSTed to receivers (issue #2, "Delivery worker"). */
export interface EventEnvelope {
  id: string;
  type: string;
  createdAt: string;
  data: unknown;
}
