import { z } from 'zod';
import { dateTime } from '@gw/runtime';

/**
 * The delivery engine's contract: what it sends (the body of an attempt, its User-Agent), the
 * bound on an endpoint's concurrency, and the circuit-breaker state it reports. The module's top
 * contract (`../schemas.ts`) documents them in the API (`Webhook.maxConcurrency`, `WebhookHealth`,
 * the `webhooks` section of the OpenAPI document).
 */

/** User-Agent of every delivery. */
export const USER_AGENT = 'Service-Webhooks/1.0 (+https://github.com/service-gateway)';

/**
 * The largest `maxConcurrency` a webhook may ask for, well below one worker's 50 slots;
 * a webhook registered with more before this bound is held to it.
 */
export const MAX_ENDPOINT_CONCURRENCY = 20;

export const WebhookHealth = z
  .object({
    state: z.enum(['closed', 'open', 'half_open']).meta({
      description:
        '`closed`: attempts go out; `open`: due deliveries are deferred without an attempt until `openUntil`; `half_open`: the next due delivery is a probe, whose success closes the circuit and whose failure opens it again with twice the cool-down',
    }),
    consecutiveFailures: z.number().int().min(0),
    lastSuccessAt: dateTime().nullable(),
    lastFailureAt: dateTime().nullable(),
    openUntil: dateTime().nullable().meta({ description: 'While `open`: when the probe may go' }),
  })
  .meta({ id: 'WebhookHealth', description: "The endpoint's circuit breaker, read live" });
export type WebhookHealth = z.infer<typeof WebhookHealth>;

/**
 * The JSON body POSTed to receivers, as built from the stored event by {@link deliveryEnvelope}.
 */
export interface EventEnvelope {
  /** The event id: the same in every delivery of the event, to every webhook. */
  id: string;
  type: string;
  /** ISO 8601 UTC time of the state change. */
  createdAt: string;
  /** Only on a sample sent by `POST /webhooks/{id}/test`; absent on real events. */
  test?: true;
  /** The delivery id (= `X-Service-Delivery`) and this attempt's Unix time in seconds; documented as the `EventDelivery` schema. */
  delivery: { id: string; timestamp: number };
  data: unknown;
}

/**
 * The body of one delivery attempt: the stored event, plus the delivery id and the attempt's time
 * (signed with the body, so a receiver can dedupe on the id and refuse a replayed body), and
 * `test: true` on a sample. Serialise it once and sign those exact bytes.
 * @param event the stored event (id, type, creation time, payload, whether it is a test sample)
 * @param deliveryId the delivery id, also sent as `X-Service-Delivery`
 * @param timestamp Unix time of this attempt in whole seconds (also `webhook-timestamp` under `standard-webhooks`)
 */
export function deliveryEnvelope(
  event: { id: string; type: string; createdAt: Date; payload: unknown; test?: boolean },
  deliveryId: string,
  timestamp: number,
): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    ...(event.test ? { test: true as const } : {}),
    delivery: { id: deliveryId, timestamp },
    data: event.payload,
  };
}
