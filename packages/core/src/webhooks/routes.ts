import { Reply, defineRoute, type Context, type Resolver } from '@gw/runtime';
import {
  Delivery,
  DeliveryDetail,
  DeliveryPage,
  DeliveryRetry,
  Event,
  EventPage,
  Webhook,
  WebhookList,
  WebhookRecovery,
  WebhookWithHealth,
  WebhookWithSecret,
  deliveryIdParam,
  eventIdParam,
  listDeliveriesQuery,
  listEventsQuery,
  recoverWebhookBody,
  registerWebhookBody,
  TEST_EVENT_ADDRESS,
  TEST_EVENT_PAYMENT_ID,
  testWebhookBody,
  type WebhookEventCatalogue,
  eventSampleInput,
  webhookExamples as ex,
  webhookIdParam,
} from './schemas.js';
import type { EndpointGate } from './engine/endpoint-gate.js';
import {
  deactivateWebhook,
  getDelivery,
  getEvent,
  getWebhook,
  listDeliveries,
  listEvents,
  listWebhooks,
  sendTestEvent,
  recoverWebhook,
  registerWebhook,
  retryDelivery,
  withHealth,
} from './service.js';
import type { WebhookListCache } from './webhook-list-cache.js';

/** What the webhook handlers need of the API's dependencies. */
type Deps = Context & {
  /** Organizations' webhook lists, cached briefly and evicted on every change (on every replica). */
  webhookLists: WebhookListCache;
  /** Endpoint circuits: read for `GET /webhooks` and a resend's answer, reset on re-registration. */
  gate: Pick<EndpointGate, 'health' | 'reset'>;
  /** DNS resolver for webhook URL checks; injectable in tests. */
  resolver?: Resolver;
};

const route = defineRoute<Deps>();

/** Registrations and deactivations evict the cached list on every API replica. */
const announce = (deps: Deps) => ({ redis: deps.redis, prefix: deps.config.QUEUE_PREFIX });

/**
 * Webhook management, deliveries and events. `X-API-Key` with the organization's API key only: a
 * Bearer token alone is 401, an AI-connector token 403.
 */
export const webhookRoutes = [
  route({
    operationId: 'registerWebhook',
    method: 'post',
    path: '/gateway/v1/webhooks/register',
    tag: 'Webhooks',
    summary: 'Register (or update) a webhook destination',
    description:
      'Creates a destination (201), or updates the one with this URL (200): events replaced, **secret rotated** (the old one stops working at once), webhook re-activated. ' +
      'The secret is returned only here. `events` ⊆ `payment.settled`, `payment.failed`, `payment.expired`, `payment.refunded` (default `["payment.settled"]`). ' +
      '`signatureScheme: "standard-webhooks"` adds the Standard Webhooks headers to the `X-Service-*` ones (re-registering without it resets it to `service`). ' +
      'Loopback, private, carrier-grade NAT, link-local, unique-local and unspecified destinations (also as IPv6 forms that embed such an IPv4 address: `::a.b.c.d`, `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are 400 unless `WEBHOOK_ALLOW_PRIVATE_URLS=true`. ' +
      'A host that does not resolve gets the same 400 and the same `detail` as one that resolves to such an address (`url is not an allowed public destination…`), so registration tells nothing about DNS. ' +
      'The port must be in `WEBHOOK_ALLOWED_PORTS` (default 80, 443, 1024–65535) and not in `WEBHOOK_BLOCKED_PORTS` (database, cache and queue ports such as 5432, 6379, 3306, 27017, 9200, 11211, 5672, 2375): else 400. ' +
      'At most `WEBHOOKS_MAX_PER_ORG` (default 20) active webhooks per organization: a new URL past it is 409 `webhook-limit-reached`.',
    auth: 'webhooks',
    scope: 'webhooks:write',
    errors: ['webhook-limit-reached'],
    body: {
      schema: registerWebhookBody,
      example: { url: 'https://merchant.example/webhooks', events: ['payment.settled', 'payment.refunded'] },
    },
    problems: {
      'validation-error': { detail: 'url must use https (or http)', ext: { errors: [{ path: 'url', message: 'unsupported scheme' }] } },
      'webhook-limit-reached': { detail: 'An organization can have at most 20 active webhooks; deactivate one first', ext: { limit: 20 } },
    },
    success: [
      { status: 201, description: 'Created', schema: WebhookWithSecret, example: ex.withSecret },
      {
        status: 200,
        description: 'The URL existed: updated, secret rotated, re-activated',
        schema: WebhookWithSecret,
        example: ex.withSecret,
      },
    ],
    handler: async (deps, { body, principal }) => {
      const organizationId = principal.organizationId;
      const result = await registerWebhook(deps, organizationId, body, deps.resolver);
      await deps.webhookLists.changed(organizationId, announce(deps));
      return new Reply(result.created ? 201 : 200, result.webhook);
    },
  }),
  route({
    operationId: 'listWebhooks',
    method: 'get',
    path: '/gateway/v1/webhooks',
    tag: 'Webhooks',
    summary: "List the organization's webhooks",
    description:
      'All webhooks of the organization, oldest first, active or not. Never carries a secret. Served from a per-process copy that every registration or deactivation evicts on every API replica (announced over Redis, within milliseconds); `WEBHOOK_CACHE_TTL_MS` bounds staleness if an announcement is lost. ' +
      "Each item's `health` is its endpoint's circuit breaker, read live (see the webhooks guide: delivery isolation). 503 when Redis cannot be read.",
    auth: 'webhooks',
    scope: 'webhooks:read',
    success: [{ status: 200, description: 'Webhooks', schema: WebhookList, example: ex.list }],
    handler: async (deps, { principal }) => {
      const organizationId = principal.organizationId;
      const list = await deps.webhookLists.get(organizationId, () => listWebhooks(deps, organizationId));
      return { data: await withHealth(deps, list) };
    },
  }),
  route({
    operationId: 'listDeliveries',
    method: 'get',
    path: '/gateway/v1/webhooks/deliveries',
    tag: 'Webhooks',
    summary: 'List deliveries',
    description:
      'Deliveries of the organization, newest first: `pending` (attempts scheduled), `delivered`, or `dead` (attempts exhausted). ' +
      'Each names its webhook, its event (`eventId`, `event`) and the payment the event is about (`paymentId`). ' +
      'Filters, combined with AND: `status`, `webhookId`, `event` (type), `paymentId`, `createdAfter` (inclusive) and `createdBefore` (exclusive, ISO 8601 date-times); ' +
      "a webhook or payment id of another organization matches nothing. Each filter is served by an index, so a rare one is found without walking the organization's other deliveries.",
    auth: 'webhooks',
    scope: 'webhooks:read',
    query: listDeliveriesQuery,
    problems: {
      'validation-error': {
        detail: 'Invalid query: createdAfter must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"',
        ext: { errors: [{ path: 'createdAfter', message: 'must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"' }] },
      },
    },
    success: [{ status: 200, description: 'A page of deliveries', schema: DeliveryPage, example: ex.deliveryPage }],
    handler: (deps, { query, principal }) => listDeliveries(deps, principal.organizationId, query),
  }),
  route({
    operationId: 'getDelivery',
    method: 'get',
    path: '/gateway/v1/webhooks/deliveries/{id}',
    tag: 'Webhooks',
    summary: 'Read a delivery with its attempts',
    description:
      'The delivery, as listed, with `attemptLog`: every recorded attempt, oldest first: its number, the HTTP status of the answer (null when none came), the duration in ms, the error, ' +
      'the first 1 KiB of the answer body as received (`responseBody`) and when it ended. A deferral behind an open circuit is not an attempt: `nextAttemptAt` shows when the next one is due. ' +
      'Poll it to watch a delivery (a test event, a resend) until it is `delivered` or `dead`.',
    auth: 'webhooks',
    scope: 'webhooks:read',
    params: deliveryIdParam,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such delivery' } },
    success: [{ status: 200, description: 'The delivery with its attempts', schema: DeliveryDetail, example: ex.deliveryDetail }],
    handler: (deps, { params, principal }) => getDelivery(deps, principal.organizationId, params.id),
  }),
  route({
    operationId: 'retryDelivery',
    method: 'post',
    path: '/gateway/v1/webhooks/deliveries/{id}/retry',
    tag: 'Webhooks',
    summary: 'Resend a delivery by hand',
    description:
      'Makes one immediate attempt of a `dead` or `delivered` delivery (success → `delivered`, failure → `dead` again, without the automatic back-off). ' +
      'For a `pending` delivery waiting for its next automatic attempt, that attempt is brought forward to now (it remains one of its automatic attempts: on failure the back-off goes on). ' +
      "Immediate means as soon as the webhook's circuit lets an attempt go: while it is `open` (after repeated failures), the attempt waits for the end of its cool-down, like every delivery to that endpoint. " +
      "The answer says which: `health` is the webhook's circuit now and `nextAttemptAt` is when the attempt is due (`health.openUntil` while open, else now). " +
      'A delivery of a deactivated webhook is 409; 503 when the circuit cannot be read (nothing changed).',
    auth: 'webhooks',
    scope: 'webhooks:write',
    params: deliveryIdParam,
    errors: ['not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such delivery' },
      'invalid-state': { detail: 'The webhook is deactivated; register its URL again first' },
      unavailable: { detail: 'Webhook health is temporarily unavailable; try again' },
    },
    success: [
      {
        status: 202,
        description: 'Accepted: the delivery is `pending` until its attempt, due at `nextAttemptAt`, is made',
        schema: DeliveryRetry,
        example: ex.deliveryRetry,
      },
    ],
    handler: async (deps, { params, principal }) => new Reply(202, await retryDelivery(deps, principal.organizationId, params.id)),
  }),
  route({
    operationId: 'recoverWebhook',
    method: 'post',
    path: '/gateway/v1/webhooks/{id}/recover',
    tag: 'Webhooks',
    summary: 'Resend every dead delivery since a time (bulk recovery after an outage)',
    description:
      'Every `dead` delivery of the webhook created at or after `since` gets one new attempt, exactly like a manual resend (success → `delivered`, failure → `dead`). ' +
      'The work runs in the background through the queue; `recovered` is how many deliveries it reopens. `since` may be at most 30 days ago and not in the future (400). ' +
      'A deactivated webhook is 409: register its URL again first. ' +
      'Limits: one recovery reopens at most `WEBHOOK_RECOVERY_MAX_DELIVERIES` (1000) deliveries, the oldest first, and `more: true` says others remain; ' +
      'while a recovery of the webhook is queued or running, another is 409 `recovery-in-progress`; ' +
      'an organization may start `WEBHOOK_RECOVERIES_PER_HOUR` (10) recoveries in any rolling hour, over all its webhooks, then 429 `rate-limited` with `Retry-After` (a recovery that finds nothing dead is not counted).',
    auth: 'webhooks',
    scope: 'webhooks:write',
    params: webhookIdParam,
    body: { schema: recoverWebhookBody, example: { since: '2026-11-21T17:00:00Z' } },
    errors: ['not-found', 'invalid-state', 'recovery-in-progress'],
    problems: {
      'validation-error': {
        detail: 'since must be within the last 30 days',
        ext: { errors: [{ path: 'since', message: 'since must be within the last 30 days' }] },
      },
      'not-found': { detail: 'No such webhook' },
      'invalid-state': { detail: 'The webhook is deactivated; register its URL again first' },
      'recovery-in-progress': { detail: 'A recovery of this webhook is already running; retry once it has finished' },
      'rate-limited': {
        detail: 'An organization may start at most 10 recoveries per hour (WEBHOOK_RECOVERIES_PER_HOUR); retry in 1260 s',
      },
    },
    success: [{ status: 202, description: 'Accepted: the recovery is queued', schema: WebhookRecovery, example: ex.recovery }],
    handler: async (deps, { params, body, principal }) =>
      new Reply(202, await recoverWebhook(deps, principal.organizationId, params.id, new Date(body.since))),
  }),
  route({
    operationId: 'listEvents',
    method: 'get',
    path: '/gateway/v1/events',
    tag: 'Webhooks',
    summary: "List the organization's events",
    description:
      "The organization's events (every payment state change, and the test events), whether or not a webhook subscribes to them. " +
      'Each is the body its deliveries carry, without the `delivery` block: `{ id, type, createdAt, test, data }`. ' +
      'In id order (UUIDv7: creation order): newest first by default, oldest first with `order=asc`. `after=<event id>` keeps only the events after it; `type`, `createdAfter` (inclusive) and `createdBefore` (exclusive) filter. ' +
      'A reader that tails the events (a forwarder) asks `order=asc&after=<the last id it handled>`. An event becomes visible when its transaction commits, a few milliseconds after its id was taken, so a tail that must miss nothing asks again from a slightly older id (the last one handled a few seconds ago) and skips the ids it has already handled. ' +
      'Events are kept as long as one of their deliveries is (`DELIVERY_RETENTION_DAYS`, `DEAD_DELIVERY_RETENTION_DAYS`); an event without any delivery goes after `DELIVERY_RETENTION_DAYS`.',
    auth: 'webhooks',
    scope: 'webhooks:read',
    query: listEventsQuery,
    problems: {
      'validation-error': {
        detail: 'Invalid query: after must be a UUID',
        ext: { errors: [{ path: 'after', message: 'must be a UUID' }] },
      },
    },
    success: [{ status: 200, description: 'A page of events', schema: EventPage, example: ex.eventPage }],
    handler: (deps, { query, principal }) => listEvents(deps, principal.organizationId, query),
  }),
  route({
    operationId: 'getEvent',
    method: 'get',
    path: '/gateway/v1/events/{id}',
    tag: 'Webhooks',
    summary: 'Read an event',
    description: 'One event of the organization, as `GET /gateway/v1/events` lists it.',
    auth: 'webhooks',
    scope: 'webhooks:read',
    params: eventIdParam,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such event' } },
    success: [{ status: 200, description: 'The event', schema: Event, example: ex.event }],
    handler: (deps, { params, principal }) => getEvent(deps, principal.organizationId, params.id),
  }),
  route({
    operationId: 'deactivateWebhook',
    method: 'delete',
    path: '/gateway/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Deactivate a webhook',
    description:
      'Stops new deliveries to the webhook; its pending deliveries are not attempted again: each ends `dead` with `lastError: "webhook deactivated"` when it next falls due. Register its URL again to re-activate it.',
    auth: 'webhooks',
    scope: 'webhooks:write',
    params: webhookIdParam,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such webhook' } },
    success: [{ status: 200, description: 'The webhook, `active: false`', schema: Webhook, example: ex.deactivated }],
    handler: async (deps, { params, principal }) => {
      const organizationId = principal.organizationId;
      const webhook = await deactivateWebhook(deps, organizationId, params.id);
      await deps.webhookLists.changed(organizationId, announce(deps));
      return webhook;
    },
  }),
  route({
    operationId: 'getWebhook',
    method: 'get',
    path: '/gateway/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Read a webhook',
    description:
      "One webhook of the organization, active or not, as `GET /gateway/v1/webhooks` lists it, with its endpoint's circuit (`health`) read live. Never carries the secret. 503 when Redis cannot be read.",
    auth: 'webhooks',
    scope: 'webhooks:read',
    params: webhookIdParam,
    errors: ['not-found'],
    problems: {
      'not-found': { detail: 'No such webhook' },
      unavailable: { detail: 'Webhook health is temporarily unavailable; try again' },
    },
    success: [{ status: 200, description: 'The webhook with its circuit', schema: WebhookWithHealth, example: ex.list.data[0] }],
    handler: (deps, { params, principal }) => getWebhook(deps, principal.organizationId, params.id),
  }),
];

/**
 * The test event of a webhook, of any event type. A factory: the samples come from the catalogue
 * of every event type (`catalogue[type].sample`, declared by the module that owns the object),
 * which the API assembles, since this module imports no owner.
 * @param catalogue every event type's definition
 */
export const webhookTestRoutes = (catalogue: WebhookEventCatalogue) => [
  route({
    operationId: 'sendTestEvent',
    method: 'post',
    path: '/gateway/v1/webhooks/{id}/test',
    tag: 'Webhooks',
    summary: 'Send a test event to a webhook',
    description:
      'Sends a signed sample event of type `event` (default `payment.settled`; any event type) to this one webhook, even if it does not subscribe to that type, through the real pipeline: ' +
      'an event and one delivery are written in one transaction and the delivery is queued, signed, attempted, retried and recorded like every other. ' +
      `Its body carries \`"test": true\`, and its object is made up: id \`${TEST_EVENT_PAYMENT_ID}\`, address \`${TEST_EVENT_ADDRESS}\` (a payment's payer, a withdrawal's recipient, a bridge transfer's sender), 1 token, the state the event reports (a payment's description says it is a test). ` +
      'The answer is the delivery (202, `pending`): poll `GET /gateway/v1/webhooks/deliveries/{id}` to watch its attempts. The event is listed by `GET /gateway/v1/events` with `test: true`. ' +
      "A deactivated webhook is 409 (register its URL again first). Each test event counts one event against the organization's `ORG_EVENT_QUOTA_PER_MINUTE`.",
    auth: 'webhooks',
    scope: 'webhooks:write',
    eventQuota: true,
    params: webhookIdParam,
    body: {
      schema: testWebhookBody,
      example: { event: 'payment.refunded' },
      description: 'Optional: no body (or `{}`) sends `payment.settled`',
      required: false,
    },
    errors: ['not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such webhook' },
      'invalid-state': { detail: 'The webhook is deactivated; register its URL again first' },
    },
    success: [
      {
        status: 202,
        description: 'Accepted: the delivery of the test event, `pending` until its attempt is made',
        schema: Delivery,
        example: ex.testDelivery,
      },
    ],
    handler: async (deps, { params, body, principal }) =>
      new Reply(
        202,
        await sendTestEvent(
          deps,
          principal.organizationId,
          params.id,
          body.event,
          catalogue[body.event].sample(eventSampleInput(deps, principal.organizationId)),
        ),
      ),
  }),
];
