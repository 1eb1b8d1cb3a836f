import { z } from 'zod';
import type { Prisma, Webhook as WebhookRow } from '@gw/db';
import { type Context, EX, dateTime, idParam, listQuerySchema, page, uuid, uuidField } from '@gw/runtime';
import { MAX_ENDPOINT_CONCURRENCY, USER_AGENT, WebhookHealth } from './engine/schemas.js';

/**
 * The webhooks contract: the events, the request and response schemas of `/gateway/v1/webhooks`,
 * and what a receiver gets (the body of each event, the headers of a delivery request).
 */

/**
 * Every event type, named `<object>.<what happened>`: the four payment events, and what the chain
 * decides: a withdrawal's and a bridge transfer's final state, a deposit credited. The names are
 * listed here, where subscriptions are validated; each owning module declares its events' bodies
 * ({@link WebhookEventDefinition}), and the API assembles the catalogue
 * (`apps/api/src/webhook-events.ts`) without this module importing any owner.
 */
export const WEBHOOK_EVENTS = [
  'payment.settled',
  'payment.failed',
  'payment.expired',
  'payment.refunded',
  'withdrawal.confirmed',
  'withdrawal.failed',
  'deposit.credited',
  'bridge_transfer.completed',
  'bridge_transfer.failed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * An event's payload (`data` of its bodies): one member, named by the object the event is about
 * (`payment`, `withdrawal`, `deposit`, `bridgeTransfer`), holding that object as the API returns it
 * (its `id` a UUID).
 */
export type EventPayload = Readonly<Record<string, Prisma.InputJsonObject & { id: string }>>;

/** What a test event's sample is built from (`POST /gateway/v1/webhooks/{id}/test`). */
export interface EventSampleInput {
  organizationId: string;
  /** The time of the sample (creation, update, the final state). */
  now: Date;
  /** The native token's symbol (`NATIVE_TOKEN_SYMBOL`). */
  token: string;
  /** CAIP-2 id of the home chain (`eip155:<id>`), or `eip155:31337` without one. */
  chain: string;
}

/**
 * One event type as its owning module declares it: the body of its deliveries (one
 * `webhooks` entry of the API reference), an example body, where the object's current state is
 * read, and the sample a test event carries. Build `payload` with {@link eventBody}.
 */
export interface WebhookEventDefinition<E extends WebhookEvent = WebhookEvent> {
  type: E;
  /** The zod schema of a delivery's body (`id`, `type`, `createdAt`, `test`, `delivery`, `data`). */
  payload: z.ZodType;
  /** A body of one delivery (validated against `payload` by the contract tests). */
  example: unknown;
  /** The reference's last sentence about ordering, e.g. ``Events of one payment may arrive out of order: `GET …` is the source of truth.`` */
  sourceOfTruth: string;
  /**
   * The `data` of a test event of this type: a made-up object in the state the event reports, with
   * the id {@link TEST_EVENT_PAYMENT_ID}, matching the object's schema.
   */
  sample(input: EventSampleInput): EventPayload;
}

/** Every event type's definition, as the API assembles them from their owners. */
export type WebhookEventCatalogue = { readonly [E in WebhookEvent]: WebhookEventDefinition<E> };

/**
 * The body schema of an event's deliveries: the same envelope for every event (`id`, `type`,
 * `createdAt`, `test`, the signed `delivery` block) and `data` with one member, `key`, the object.
 * @param type the event type (`withdrawal.confirmed`)
 * @param key the member of `data` naming the object (`withdrawal`)
 * @param object the object's schema, as the API returns it
 * @param meta the component id (`WithdrawalConfirmedEvent`), its description and `data`'s
 */
export const eventBody = <E extends WebhookEvent, K extends string, O extends z.ZodType>(
  type: E,
  key: K,
  object: O,
  meta: { id: string; description: string; data: string },
) =>
  z
    .object({
      id: uuid().meta({ description: 'Event id: the same in every delivery of the event, to every webhook' }),
      type: z.literal(type),
      createdAt: dateTime().meta({ description: 'When the event happened (the state change committed)' }),
      test: EVENT_TEST_FIELD,
      delivery: EventDelivery,
      data: z.object({ [key]: object } as Record<K, O>).meta({ description: meta.data }),
    })
    .meta({ id: meta.id, description: meta.description });

/** The {@link EventSampleInput} of a test event sent now. */
export const eventSampleInput = (ctx: Pick<Context, 'config' | 'chains'>, organizationId: string, now = new Date()): EventSampleInput => ({
  organizationId,
  now,
  token: ctx.config.NATIVE_TOKEN_SYMBOL,
  chain: ctx.chains.home?.caip2 ?? 'eip155:31337',
});

/** `service`: X-Service-* headers; `standard-webhooks`: also webhook-id, webhook-timestamp, webhook-signature. */
export const SIGNATURE_SCHEMES = ['service', 'standard-webhooks'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;

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

/** `POST /gateway/v1/webhooks/:id/recover`. */
export const recoverWebhookBody = z.strictObject({
  since: z
    .string({ error: 'since is required' })
    .pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"' }))
    .meta({
      description: 'Recover the dead deliveries created at or after this time; at most 30 days ago, not in the future',
      example: '2026-11-21T17:00:00Z',
    }),
});

/** An ISO 8601 date-time query parameter (with an offset: `Z` or `+01:00`). */
const timeQuery = (description: string) =>
  z
    .string()
    .pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"' }))
    .optional()
    .meta({ description, example: '2026-11-21T17:00:00Z' });

/**
 * Query of `GET /gateway/v1/webhooks/deliveries`. Filters combine with AND; each is served by an
 * index (see the webhooks guide).
 */
export const listDeliveriesQuery = listQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES).optional().meta({ description: 'Only deliveries in this status' }),
  webhookId: uuidField(EX.webhookId)
    .optional()
    .meta({ description: "Only deliveries to this webhook (another organization's webhook matches nothing)" }),
  event: z.enum(WEBHOOK_EVENTS).optional().meta({ description: 'Only deliveries of this event type' }),
  paymentId: uuidField(EX.paymentId).optional().meta({
    description: 'Only deliveries of the events of this payment (`data.payment.id` of their body; events about other objects never match)',
  }),
  createdAfter: timeQuery('Only deliveries created at or after this time (`createdAt >= createdAfter`)'),
  createdBefore: timeQuery('Only deliveries created before this time (`createdAt < createdBefore`)'),
});

/** `POST /gateway/v1/webhooks/{id}/test`: which sample event to send. */
export const testWebhookBody = z.strictObject({
  event: z
    .enum(WEBHOOK_EVENTS)
    .default('payment.settled')
    .meta({ description: 'The event type of the sample (default `payment.settled`); sent even if the webhook does not subscribe to it' }),
});

export const EVENT_ORDERS = ['desc', 'asc'] as const;

/**
 * Query of `GET /gateway/v1/events`. A forwarder tails the events with
 * `order=asc&after=<the last id it handled>`.
 */
export const listEventsQuery = listQuerySchema.extend({
  type: z.enum(WEBHOOK_EVENTS).optional().meta({ description: 'Only events of this type' }),
  createdAfter: timeQuery('Only events created at or after this time (`createdAt >= createdAfter`)'),
  createdBefore: timeQuery('Only events created before this time (`createdAt < createdBefore`)'),
  order: z
    .enum(EVENT_ORDERS)
    .default('desc')
    .meta({ description: '`desc` (default): newest first, like every list; `asc`: oldest first, for a reader that tails the events' }),
  after: uuidField(EX.eventId).optional().meta({
    description:
      'Only events after this event id in id order (ids are UUIDv7: time-ordered). Any UUID is accepted, e.g. the id of an event since deleted by retention',
  }),
});

export const webhookIdParam = idParam('webhook', EX.webhookId);
export const deliveryIdParam = idParam('delivery', EX.deliveryId);
export const eventIdParam = idParam('event', EX.eventId);

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

const deliveryFields = {
  id: uuid().meta({ description: 'The delivery id: `X-Service-Delivery` and `delivery.id` of its body' }),
  webhookId: uuid().meta({ description: 'The webhook it goes to' }),
  eventId: uuid().meta({ description: 'The event it carries: `id` of its body (`GET /gateway/v1/events/{id}`)' }),
  event: z.enum(WEBHOOK_EVENTS).meta({ description: 'The event type: `type` of its body' }),
  paymentId: uuid().nullable().meta({
    description:
      "The payment the event is about: `data.payment.id` of its body (a test event's sample payment has a fixed id); null for an event about another object (a withdrawal, a deposit, a bridge transfer)",
  }),
  status: z.enum(DELIVERY_STATUSES).meta({
    description: '`pending` (an attempt is scheduled), `delivered` (a 2xx answer), `dead` (attempts exhausted: resend it by hand)',
  }),
  attempts: z.number().int().min(0).meta({ description: 'Attempts made so far (a deferral behind an open circuit is not one)' }),
  nextAttemptAt: dateTime()
    .nullable()
    .meta({ description: 'While `pending`: when the next attempt is due (the end of the cool-down while its circuit is open)' }),
  lastStatusCode: z.number().int().nullable().meta({ description: 'HTTP status of the last attempt; null when it got no answer' }),
  lastError: z.string().nullable(),
  createdAt: dateTime(),
  deliveredAt: dateTime().nullable(),
};
export const Delivery = z.object(deliveryFields).meta({ id: 'Delivery', description: 'One event to one webhook' });
export const DeliveryPage = page('DeliveryPage', Delivery, 'Deliveries, newest first');
export const DeliveryAttempt = z
  .object({
    number: z.number().int().min(1).meta({ description: '1 for the first attempt; a manual resend adds one' }),
    statusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'HTTP status of the answer; null when there was none (timeout, refused, reset)' }),
    durationMs: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'From the request to the end of the answer (or the failure), in milliseconds' }),
    error: z.string().nullable().meta({ description: 'Why the attempt failed (`HTTP 500`, `timeout after 10000 ms`, …); null on success' }),
    responseBody: z.string().nullable().meta({
      description: 'The first 1 KiB of the answer body as received (UTF-8, possibly cut mid-character); null when there was no answer',
    }),
    createdAt: dateTime().meta({ description: 'When the attempt ended and was recorded' }),
  })
  .meta({ id: 'DeliveryAttempt', description: 'One recorded attempt of a delivery' });
export const DeliveryDetail = z
  .object({
    ...deliveryFields,
    attemptLog: z.array(DeliveryAttempt).meta({ description: 'Every recorded attempt, oldest first (`attempts` of them)' }),
  })
  .meta({ id: 'DeliveryDetail', description: 'A delivery with its attempts' });

/** What a manual resend answers: when its attempt is due, with the same circuit `GET /gateway/v1/webhooks` shows. */
export const DeliveryRetry = z
  .object({
    id: uuid(),
    status: z.literal('pending'),
    nextAttemptAt: dateTime().meta({
      description:
        "When the attempt will be made: now, or, while the webhook's circuit is `open`, the end of its cool-down (`health.openUntil`), when the probe may go",
    }),
    health: WebhookHealth,
  })
  .meta({ id: 'DeliveryRetry', description: "The resend, accepted: when its attempt will be made, and the webhook's circuit now" });

/** An event as `GET /gateway/v1/events` lists it: the webhook body without its `delivery` block. */
export const Event = z
  .object({
    id: uuid().meta({ description: 'The event id: `id` of every delivery body of the event' }),
    type: z.enum(WEBHOOK_EVENTS),
    createdAt: dateTime().meta({ description: 'When the event happened (the state change committed)' }),
    test: z.boolean().meta({ description: '`true` for a sample sent by `POST /gateway/v1/webhooks/{id}/test`' }),
    data: z
      .record(
        z.string(),
        z
          .object({ id: uuid() })
          .catchall(z.unknown())
          .meta({ description: 'The object after the change, as the API returns it (the schema of its event type in `webhooks`)' }),
      )
      .meta({
        description:
          "The event's data: `data` of its delivery bodies, one member named by the object the event is about: `payment` (schema `Payment`), `withdrawal` (`Withdrawal`), `deposit` (`Deposit`) or `bridgeTransfer` (`BridgeTransfer`)",
      }),
  })
  .meta({
    id: 'Event',
    description:
      'A state change (of a payment, a withdrawal, a deposit, a bridge transfer), as pushed to the webhooks subscribed to its type',
  });
export const EventPage = page('EventPage', Event, 'Events, newest first (`order=asc`: oldest first)');

/** A webhook as listed: never carries the secret (it is shown once, at registration). */
export type WebhookDto = z.infer<typeof Webhook>;
/** A webhook as `GET /webhooks` lists it: with its endpoint's circuit. */
export type WebhookWithHealthDto = z.infer<typeof WebhookWithHealth>;
/** A delivery as listed by `GET /webhooks/deliveries`, with its event, payment and webhook. */
export type DeliveryDto = z.infer<typeof Delivery>;
/** `GET /webhooks/deliveries/{id}`: a delivery with its attempts. */
export type DeliveryDetailDto = z.infer<typeof DeliveryDetail>;
/** What a manual resend answers: when the attempt will be made, and the circuit. */
export type DeliveryRetryDto = z.infer<typeof DeliveryRetry>;
/** An event as `GET /events` lists it. */
export type EventDto = z.infer<typeof Event>;

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

/** A delivery row with its event's payment id, as the repository reads it. */
export interface DeliveryView {
  id: string;
  webhookId: string;
  eventId: string;
  event: string;
  paymentId: string | null;
  status: (typeof DELIVERY_STATUSES)[number];
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export const toDeliveryDto = (d: DeliveryView): DeliveryDto => ({
  id: d.id,
  webhookId: d.webhookId,
  eventId: d.eventId,
  event: d.event as WebhookEvent,
  paymentId: d.paymentId,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

/** An attempt row as the repository reads it. */
export interface DeliveryAttemptView {
  number: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
  createdAt: Date;
}

export const toDeliveryDetailDto = (d: DeliveryView, attempts: DeliveryAttemptView[]): DeliveryDetailDto => ({
  ...toDeliveryDto(d),
  attemptLog: attempts.map((a) => ({
    number: a.number,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
    responseBody: a.responseBody,
    createdAt: a.createdAt.toISOString(),
  })),
});

/** An event row as the repository reads it. */
export interface EventView {
  id: string;
  type: string;
  createdAt: Date;
  test: boolean;
  payload: unknown;
}

export const toEventDto = (e: EventView): EventDto => ({
  id: e.id,
  type: e.type as WebhookEvent,
  createdAt: e.createdAt.toISOString(),
  test: e.test,
  data: e.payload as EventDto['data'],
});

// --- what a receiver gets -----------------------------------------------------------------------

/**
 * Tolerance a receiver should allow between `delivery.timestamp` and its own clock, in seconds
 * (both ways): 5 minutes, as Stripe and Standard Webhooks use. Documented, not enforced by the
 * service; `@service-gateway/webhook-receiver` defaults to it.
 */
export const DELIVERY_TIMESTAMP_TOLERANCE_SECONDS = 300;

/**
 * The signed `delivery` block of every body: the delivery id and the attempt's time,
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
 * The id of the made-up payment of every test event: a valid UUID that no real payment
 * has (the real ones are random UUIDv7), recognisable by its zeros and its `7e57` ("test").
 */
export const TEST_EVENT_PAYMENT_ID = '00000000-0000-7000-8000-000000007e57';

/**
 * The address of every test event's made-up object: a payment's payer, a withdrawal's
 * recipient, a bridge transfer's sender and recipient; no key signs for it.
 */
export const TEST_EVENT_ADDRESS = '0x0000000000000000000000000000000000007e57';

/**
 * The `test` member of a body: present, and `true`, only on a sample sent by
 * `POST /gateway/v1/webhooks/{id}/test`.
 */
export const EVENT_TEST_FIELD = z
  .boolean()
  .optional()
  .meta({
    description: `Present, and \`true\`, only on a sample sent by \`POST /gateway/v1/webhooks/{id}/test\` (its object is made up: id \`${TEST_EVENT_PAYMENT_ID}\`); absent on real events. Acknowledge a test (2xx) and do not act on it.`,
    example: true,
  });

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
  eventId: EX.eventId,
  event: 'payment.settled',
  paymentId: EX.paymentId,
  status: 'dead',
  attempts: 8,
  nextAttemptAt: null,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  createdAt: EX.time,
  deliveredAt: null,
};
const attempt = (number: number, at: string) => ({
  number,
  statusCode: 500,
  durationMs: 41,
  error: 'HTTP 500',
  responseBody: '{"error":"database unavailable"}',
  createdAt: at,
});
const openCircuit = {
  state: 'open',
  consecutiveFailures: 5,
  lastSuccessAt: EX.time,
  lastFailureAt: '2026-11-21T19:03:00.000Z',
  openUntil: '2026-11-21T19:03:30.000Z',
};
const event = {
  id: EX.eventId,
  type: 'payment.settled',
  createdAt: '2026-11-21T17:01:00.000Z',
  test: false,
  data: { payment: { id: EX.paymentId, object: 'payment', status: 'settled', amount: '12000000000000000000', token: 'GTK' } },
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
  deliveryDetail: {
    ...delivery,
    attempts: 2,
    status: 'pending',
    nextAttemptAt: '2026-11-21T17:03:00.000Z',
    attemptLog: [attempt(1, '2026-11-21T17:00:00.041Z'), attempt(2, '2026-11-21T17:01:00.052Z')],
  },
  testDelivery: {
    ...delivery,
    event: 'payment.refunded',
    paymentId: TEST_EVENT_PAYMENT_ID,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: EX.time,
    lastStatusCode: null,
    lastError: null,
  },
  deliveryRetry: { id: EX.deliveryId, status: 'pending', nextAttemptAt: openCircuit.openUntil, health: openCircuit },
  event,
  eventPage: { data: [event], nextCursor: EX.cursor },
};
