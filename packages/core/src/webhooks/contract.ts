import { z } from 'zod';
import type { Delivery as DeliveryRow, Webhook as WebhookRow } from '@gw/db';
import { EX, dateTime, idParam, listQuerySchema, page, uuid } from '@gw/runtime';

/**
 * The webhooks contract (spec, Webhook endpoints; issues #2, #4, #10): the events, the request and
 * response schemas of `/gateway/v1/webhooks`, and what a receiver gets (the body of each event,
 * the headers of a delivery request).
 */

/** The four payment events (spec, Events). */
export const WEBHOOK_EVENTS = ['payment.settled', 'payment.failed', 'payment.expired', 'payment.refunded'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `service`: X-Service-* headers; `standard-webhooks`: also webhook-id, webhook-timestamp, webhook-signature (issue #4). */
export const SIGNATURE_SCHEMES = ['service', 'standard-webhooks'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;

/** User-Agent of every delivery. */
export const USER_AGENT = 'Service-Webhooks/1.0 (+https://github.com/service-gateway)';

/**
 * The largest `maxConcurrency` a webhook may ask for (issue #24), well below one worker's 50 slots;
 * a webhook registered with more before this bound is held to it.
 */
export const MAX_ENDPOINT_CONCURRENCY = 20;

// --- requests ---------------------------------------------------------------------------------

export const registerWebhookBody = z.strictObject({
  url: z.string({ error: 'url is required' }).min(1).max(2048).meta({
    description: 'Absolute http(s) URL of the receiver; private and loopback destinations are refused',
    example: 'https://merchant.example/webhooks',
  }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .optional()
    .meta({ description: 'Events to deliver (default `["payment.settled"]`)', example: ['payment.settled', 'payment.refunded'] }),
  signatureScheme: z.enum(SIGNATURE_SCHEMES).optional().meta({
    description:
      'Default `service`: X-Service-* headers. `standard-webhooks` also sends `webhook-id`, `webhook-timestamp` and `webhook-signature` (Standard Webhooks, replay protection). Re-registering without it resets it to `service`.',
    example: 'standard-webhooks',
  }),
  maxConcurrency: z.number().int().min(1).max(MAX_ENDPOINT_CONCURRENCY).optional().meta({
    description:
      'Most attempts in flight to this URL at once, across every worker (default `WEBHOOK_ENDPOINT_CONCURRENCY`, 10; at most 20). The `maxConcurrency` values of an organization\'s active webhooks may add up to `WEBHOOK_ORG_CONCURRENCY_MAX` (40), and the organization\'s attempts in flight are held to its fair share of the worker pool whatever its webhooks ask for (docs/webhooks.md, "Delivery isolation"). Re-registering without it resets it to the default.',
    example: 5,
  }),
});

/** `POST /gateway/v1/webhooks/:id/recover` (issue #10). */
export const recoverWebhookBody = z.strictObject({
  since: z
    .string({ error: 'since is required' })
    .pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"' }))
    .meta({
      description: 'Recover the dead deliveries created at or after this time; at most 30 days ago, not in the future',
      example: '2026-11-21T17:00:00Z',
    }),
});

export const listDeliveriesQuery = listQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES).optional().meta({ description: 'Only deliveries in this status' }),
});

export const webhookIdParam = idParam('webhook', EX.webhookId);
export const deliveryIdParam = idParam('delivery', EX.deliveryId);

// --- responses --------------------------------------------------------------------------------

const webhookFields = {
  id: uuid(),
  url: z.string().meta({ example: 'https://merchant.example/webhooks' }),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  signatureScheme: z.enum(SIGNATURE_SCHEMES).meta({
    description: '`service` (X-Service-* headers) or `standard-webhooks` (also webhook-id, webhook-timestamp, webhook-signature)',
  }),
  active: z.boolean(),
  maxConcurrency: z.number().int().min(1).nullable().meta({
    description: 'Most attempts in flight to this URL at once, across every worker; null = `WEBHOOK_ENDPOINT_CONCURRENCY` (10)',
  }),
  disabledReason: z.string().nullable().meta({
    description:
      'Set when the service deactivated the webhook because no attempt succeeded for `WEBHOOK_DISABLE_AFTER_MS` (5 days) while attempts kept failing; re-registering the URL re-activates it',
  }),
  createdAt: dateTime(),
};
export const Webhook = z.object(webhookFields).meta({ id: 'Webhook', description: 'A webhook destination (never carries its secret)' });
export const WebhookWithSecret = z
  .object({
    ...webhookFields,
    secret: z
      .string()
      .regex(/^whsec_/)
      .meta({ description: 'Signing secret (HMAC-SHA256 key), shown only here' }),
  })
  .meta({ id: 'WebhookWithSecret', description: 'A registered webhook with its new signing secret' });
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
export const WebhookWithHealth = z
  .object({ ...webhookFields, health: WebhookHealth })
  .meta({ id: 'WebhookWithHealth', description: 'A webhook destination with its circuit (never carries its secret)' });
export const WebhookRecovery = z
  .object({
    recovered: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Dead deliveries that get one new attempt (the oldest first, at most WEBHOOK_RECOVERY_MAX_DELIVERIES, 1000)' }),
    more: z.boolean().meta({
      description:
        'More dead deliveries match than this recovery takes: recover again once it has finished (until then 409 `recovery-in-progress`)',
    }),
  })
  .meta({ id: 'WebhookRecovery' });
export const WebhookList = z
  .object({ data: z.array(WebhookWithHealth) })
  .meta({ id: 'WebhookList', description: "The organization's webhooks, oldest first" });

export const Delivery = z
  .object({
    id: uuid(),
    webhookId: uuid(),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int().min(0),
    nextAttemptAt: dateTime().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: dateTime(),
    deliveredAt: dateTime().nullable(),
  })
  .meta({ id: 'Delivery' });
export const DeliveryPage = page('DeliveryPage', Delivery, 'Deliveries, newest first');
export const DeliveryRetry = z.object({ id: uuid(), status: z.literal('pending') }).meta({ id: 'DeliveryRetry' });

/** A webhook as listed: never carries the secret (spec, Webhook registration). */
export type WebhookDto = z.infer<typeof Webhook>;
/** What `GET /gateway/v1/webhooks` shows of an endpoint's circuit (issue #10, Visible state). */
export type WebhookHealth = z.infer<typeof WebhookHealth>;
/** A webhook as `GET /webhooks` lists it: with its endpoint's circuit (issue #10). */
export type WebhookWithHealthDto = z.infer<typeof WebhookWithHealth>;
/** A delivery as listed by `GET /webhooks/deliveries` (issue #2). */
export type DeliveryDto = z.infer<typeof Delivery>;

// The columns hold only what the request schemas accepted: their text is one of the enums.
export const toWebhookDto = (
  w: Pick<WebhookRow, 'id' | 'url' | 'events' | 'signatureScheme' | 'active' | 'maxConcurrency' | 'disabledReason' | 'createdAt'>,
): WebhookDto => ({
  id: w.id,
  url: w.url,
  events: w.events as WebhookEvent[],
  signatureScheme: w.signatureScheme as SignatureScheme,
  active: w.active,
  maxConcurrency: w.maxConcurrency,
  disabledReason: w.disabledReason,
  createdAt: new Date(w.createdAt).toISOString(),
});

export const toDeliveryDto = (d: DeliveryRow): DeliveryDto => ({
  id: d.id,
  webhookId: d.webhookId,
  event: d.event as WebhookEvent,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

// --- what a receiver gets -----------------------------------------------------------------------

/**
 * Tolerance a receiver should allow between `delivery.timestamp` and its own clock, in seconds
 * (both ways): 5 minutes, as Stripe and Standard Webhooks use. Documented, not enforced by the
 * service; `@gw/webhook-receiver` defaults to it.
 */
export const DELIVERY_TIMESTAMP_TOLERANCE_SECONDS = 300;

/**
 * The signed `delivery` block of every body (issue #24): the delivery id and the attempt's time,
 * inside the bytes that `X-Service-Signature` covers, so a receiver can check that the unsigned
 * `X-Service-Delivery` header agrees with the signed id, refuse a captured body replayed later,
 * and dedupe on an id nobody can change without the secret.
 */
export const EventDelivery = z
  .object({
    id: uuid().meta({
      description:
        'The delivery id: always equal to the `X-Service-Delivery` header, the same on every attempt and resend of the delivery. Signed with the body: refuse the request when the header differs, and dedupe on this value.',
      example: EX.deliveryId,
    }),
    timestamp: z
      .number()
      .int()
      .positive()
      .meta({
        description: `Unix time in seconds at which this attempt was signed and sent: new on every attempt (so each attempt has its own signature); equal to \`webhook-timestamp\` under \`standard-webhooks\`. Refuse a body whose timestamp is more than ${DELIVERY_TIMESTAMP_TOLERANCE_SECONDS} s away from your clock (replay protection).`,
        example: 1795280461,
      }),
  })
  .meta({ id: 'EventDelivery', description: 'The delivery this body was signed for: its id and the time of this attempt' });

/**
 * The JSON body POSTed to receivers (issue #2, "Delivery worker"; issue #24 for `delivery`), as
 * built from the stored event by {@link deliveryEnvelope}.
 */
export interface EventEnvelope {
  /** The event id: the same in every delivery of the event, to every webhook. */
  id: string;
  type: string;
  /** ISO 8601 UTC time of the state change. */
  createdAt: string;
  /** The delivery id (= `X-Service-Delivery`) and this attempt's Unix time in seconds; see {@link EventDelivery}. */
  delivery: { id: string; timestamp: number };
  data: unknown;
}

/**
 * The body of one delivery attempt: the stored event, plus the delivery id and the attempt's time
 * (issue #24). Serialise it once and sign those exact bytes.
 * @param event the stored event (id, type, creation time, payload)
 * @param deliveryId the delivery id, also sent as `X-Service-Delivery`
 * @param timestamp Unix time of this attempt in whole seconds (also `webhook-timestamp` under `standard-webhooks`)
 */
export function deliveryEnvelope(
  event: { id: string; type: string; createdAt: Date; payload: unknown },
  deliveryId: string,
  timestamp: number,
): EventEnvelope {
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    delivery: { id: deliveryId, timestamp },
    data: event.payload,
  };
}

/**
 * The headers of every delivery request. `X-Service-*` (and Content-Type, User-Agent) are always
 * sent; the Standard Webhooks ones only to webhooks registered with `signatureScheme: "standard-webhooks"`.
 */
export const WEBHOOK_DELIVERY_HEADERS = [
  { name: 'Content-Type', scheme: 'always', description: 'Always `application/json`', example: 'application/json' },
  { name: 'User-Agent', scheme: 'always', description: 'The same on every delivery', example: USER_AGENT },
  { name: 'X-Service-Event', scheme: 'always', description: 'The event type (also `type` in the body)', example: 'payment.settled' },
  {
    name: 'X-Service-Delivery',
    scheme: 'always',
    description:
      'The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not',
    example: EX.deliveryId,
  },
  {
    name: 'X-Service-Signature',
    scheme: 'always',
    description:
      '`sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time',
    example: 'sha256=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  },
  {
    name: 'webhook-id',
    scheme: 'standard-webhooks',
    description: 'Standard Webhooks: the delivery id (stable across attempts)',
    example: EX.deliveryId,
  },
  {
    name: 'webhook-timestamp',
    scheme: 'standard-webhooks',
    description:
      'Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body',
    example: '1795280400',
  },
  {
    name: 'webhook-signature',
    scheme: 'standard-webhooks',
    description:
      'Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_`',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
] as const satisfies readonly { name: string; scheme: 'always' | 'standard-webhooks'; description: string; example: string }[];

// --- examples -----------------------------------------------------------------------------------

const webhook = {
  id: EX.webhookId,
  url: 'https://merchant.example/webhooks',
  events: ['payment.settled', 'payment.refunded'],
  signatureScheme: 'service',
  active: true,
  maxConcurrency: null,
  disabledReason: null,
  createdAt: EX.time,
};
const delivery = {
  id: EX.deliveryId,
  webhookId: EX.webhookId,
  event: 'payment.settled',
  status: 'dead',
  attempts: 8,
  nextAttemptAt: null,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  createdAt: EX.time,
  deliveredAt: null,
};

/** Example bodies of the API reference (validated against their schemas by the contract tests). */
export const webhookExamples = {
  webhook,
  withSecret: { ...webhook, secret: 'whsec_q9b1Zt0m8V2kXr5cP3sL7yH4nD6fJ0aW1eG8uK2iO5Q=' },
  list: {
    data: [
      {
        ...webhook,
        health: { state: 'closed', consecutiveFailures: 0, lastSuccessAt: EX.time, lastFailureAt: null, openUntil: null },
      },
    ],
  },
  recovery: { recovered: 42, more: false },
  deactivated: { ...webhook, active: false },
  deliveryPage: { data: [delivery], nextCursor: null },
  deliveryRetry: { id: EX.deliveryId, status: 'pending' },
};
