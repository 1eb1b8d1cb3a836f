import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { type Db, type RawSql, withTransaction } from '@gw/db';
import {
  type AfterCommit,
  AppError,
  type Context,
  fetchPage,
  runAfterCommit,
  assertUuidOrNotFound,
  findOrNotFound,
  isUuid,
  createPortPolicy,
  resolveAllowed,
  urlPort,
  type Logger,
  type Page,
  type PageQuery,
  type Resolver,
  type SecretBox,
} from '@gw/runtime';
import type { WebhookHealth } from './engine/schemas.js';
import type { EndpointGate } from './engine/endpoint-gate.js';
import type { DeliveryRef } from './engine/fair-share.js';
import { enqueueDeliveries, enqueueRecovery, promoteDelayedDelivery, runningRecoveryJobId } from './engine/queue.js';
import { returnRecoverySlot, takeRecoverySlot } from './engine/recovery-budget.js';
import {
  toDeliveryDetailDto,
  toDeliveryDto,
  toEventDto,
  toWebhookDto,
  type DeliveryDetailDto,
  type DeliveryDto,
  type DeliveryRetryDto,
  type EventDto,
  type EventPayload,
  type SignatureScheme,
  type WebhookDto,
  type WebhookEvent,
  type WebhookWithHealthDto,
} from './schemas.js';
import {
  countDeadDeliveries,
  countOtherActiveWebhooks,
  deactivateWebhookRow,
  findDeliveries,
  findDeliveryDetail,
  findDeliveryView,
  findDeliveryWebhookId,
  findDeliveryWithWebhook,
  findEvent,
  findEvents,
  findSubscribedWebhookIds,
  findWebhookActivity,
  findWebhooks,
  insertEventWithDeliveries,
  lockDelivery,
  lockWebhookActivity,
  lockWebhookRegistrations,
  reopenDelivery,
  bringDeliveryForward,
  findWebhook,
  deleteFinishedDeliveries,
  deleteOrphanEvents,
  listSealedWebhookSecrets,
  resealWebhookSecret,
  upsertWebhook,
  type DeletedDeliveries,
  type DeliveryFilter,
} from './repository.js';
import { webhooksProblem } from './problems.js';

/**
 * The webhooks use cases on the API's side: registration and management, the inspection of
 * deliveries and events, a resend, the request of a bulk recovery, test events, and the outbox
 * write (in the caller's transaction). Delivering is the engine's (`engine/`): these enqueue
 * through it and read the endpoint gate's health from it.
 */

type Ctx = Pick<Context, 'prisma' | 'queues' | 'redis' | 'config' | 'secretBox' | 'logger'> & { gate: Pick<EndpointGate, 'reset'> };

// --- registration and management -------------------------------------------------------------------

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks format). */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The one answer to a destination refused for its address (distinct messages would tell an
 * attacker which host names resolve and which resolve to private addresses). The precise reason
 * goes to the log only ({@link checkDestination}). It says what a developer with a local receiver
 * can do (the setting, its restart, the forwarder), never which check failed.
 */
export const DESTINATION_NOT_ALLOWED =
  'url is not an allowed public destination: its host must resolve, and only to public addresses. For a receiver on your machine: ' +
  'WEBHOOK_ALLOW_PRIVATE_URLS=true (the default with NODE_ENV=development) and a restart of the service, or use `gw listen` to forward deliveries to a local URL (docs/quickstart.md)';

/**
 * Normalises a destination URL and refuses what must not be called: non-http(s) schemes,
 * credentials in the URL, and (unless WEBHOOK_ALLOW_PRIVATE_URLS) hosts that are or resolve to
 * private, loopback or link-local addresses, or do not resolve at all. The worker checks the
 * address again at connect time, so a later DNS change cannot open a way in. The port (explicit,
 * or 80/443 by scheme) must pass `portAllowed` (WEBHOOK_ALLOWED_PORTS minus WEBHOOK_BLOCKED_PORTS),
 * also when private URLs are allowed, so that webhooks cannot reach internal services' ports.
 * A host that does not resolve and one that resolves to a non-public address get the same 400
 * ({@link DESTINATION_NOT_ALLOWED}), so registration is no DNS oracle; which of the two it was is
 * logged (`info`, with the host name only: never the path or query, which may carry a token). The
 * port message stays specific: it reveals nothing about DNS.
 * @param logger where the precise reason of an address refusal goes (none: not logged)
 * @throws AppError('validation-error')
 */
export async function checkDestination(
  rawUrl: string,
  allowPrivate: boolean,
  resolver?: Resolver,
  portAllowed: (port: number) => boolean = () => true,
  logger?: Pick<Logger, 'info'>,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AppError('validation-error', 'url must be an absolute http(s) URL', { errors: [{ path: 'url', message: 'invalid URL' }] });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('validation-error', 'url must use https (or http)', { errors: [{ path: 'url', message: 'unsupported scheme' }] });
  }
  if (url.username || url.password) {
    throw new AppError('validation-error', 'url must not carry credentials', { errors: [{ path: 'url', message: 'credentials in URL' }] });
  }
  url.hash = '';
  if (!portAllowed(urlPort(url))) {
    const message = `port ${urlPort(url)} is not allowed for webhook destinations (see WEBHOOK_ALLOWED_PORTS in docs/configuration.md)`;
    throw new AppError('validation-error', message, { errors: [{ path: 'url', message }] });
  }
  // With private destinations allowed there is nothing to guard: no DNS look-up at all.
  if (allowPrivate) return url.toString();
  try {
    await resolveAllowed(url.hostname, false, resolver);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    logger?.info(
      { host: url.hostname, reason: code === 'ESSRF' ? 'non-public address' : 'does not resolve', code },
      'webhook destination refused',
    );
    throw new AppError('validation-error', DESTINATION_NOT_ALLOWED, { errors: [{ path: 'url', message: DESTINATION_NOT_ALLOWED }] });
  }
  return url.toString();
}

export interface RegisterResult {
  created: boolean;
  webhook: WebhookDto & { secret: string };
}

/**
 * Registers a destination, or updates it when the organization already has this URL
 * (one webhook per URL and organization): events replaced, secret rotated (the old one stops
 * working at once), webhook re-activated. One statement (`INSERT ... ON CONFLICT DO UPDATE`),
 * so concurrent registrations of one URL cannot create a duplicate.
 * @param events defaults to `["payment.settled"]`
 * @returns `created` tells 201 from 200; the secret is returned only here
 */
export async function registerWebhook(
  ctx: Ctx,
  organizationId: string,
  input: {
    url: string;
    events?: WebhookEvent[] | undefined;
    signatureScheme?: SignatureScheme | undefined;
    maxConcurrency?: number | undefined;
  },
  resolver?: Resolver,
): Promise<RegisterResult> {
  const ports = createPortPolicy(ctx.config.WEBHOOK_ALLOWED_PORTS, ctx.config.WEBHOOK_BLOCKED_PORTS);
  const url = await checkDestination(
    input.url,
    ctx.config.WEBHOOK_ALLOW_PRIVATE_URLS,
    resolver,
    ports,
    ctx.logger.child({ organizationId }),
  );
  const events = [...new Set(input.events ?? ['payment.settled'])];
  const scheme = input.signatureScheme ?? 'service';
  const secret = generateWebhookSecret();
  const sealed = ctx.secretBox.seal(secret);
  const maxConcurrency = input.maxConcurrency ?? null;
  const max = ctx.config.WEBHOOKS_MAX_PER_ORG;
  // At most WEBHOOKS_MAX_PER_ORG active webhooks per organization. The per-organization
  // advisory lock serialises concurrent registrations, so a burst cannot pass the cap.
  const concurrencyMax = ctx.config.WEBHOOK_ORG_CONCURRENCY_MAX;
  const row = await withTransaction(ctx.prisma, async (tx) => {
    await lockWebhookRegistrations(tx, organizationId);
    const others = await countOtherActiveWebhooks(tx, organizationId, url);
    if (others.count >= max) {
      throw webhooksProblem('webhook-limit-reached', `An organization can have at most ${max} active webhooks; deactivate one first`, {
        limit: max,
      });
    }
    // The caps an organization asks for add up to at most WEBHOOK_ORG_CONCURRENCY_MAX.
    if (maxConcurrency !== null && others.maxConcurrencySum + maxConcurrency > concurrencyMax) {
      const message = `maxConcurrency: the organization's active webhooks may ask for ${concurrencyMax} attempts in flight in all; its other webhooks ask for ${others.maxConcurrencySum}`;
      throw new AppError('validation-error', message, { errors: [{ path: 'maxConcurrency', message }] });
    }
    return upsertWebhook(tx, {
      organizationId,
      url,
      events,
      secretEncrypted: sealed,
      signatureScheme: scheme,
      maxConcurrency,
    });
  });
  // A re-registered endpoint starts with a closed circuit (its owner says it is fixed).
  if (!row.inserted) await ctx.gate.reset(row.id);
  return { created: row.inserted, webhook: { ...toWebhookDto(row), secret } };
}

/** The organization's webhooks, oldest first, without secrets. */
export async function listWebhooks(ctx: Pick<Context, 'prisma'>, organizationId: string): Promise<WebhookDto[]> {
  return (await findWebhooks(ctx, organizationId)).map(toWebhookDto);
}

/** What reads a webhook's circuit: the gate, and a logger for when Redis cannot answer. */
type HealthReader = Pick<Context, 'logger'> & { gate: Pick<EndpointGate, 'health'> };

/**
 * The circuits of `webhookIds`, read live from Redis (one pipeline); the gate answers for every id
 * asked (a webhook never attempted is closed).
 * @throws AppError unavailable (503) when Redis cannot be read; the cause is logged, nothing changed
 */
async function readHealth(ctx: HealthReader, webhookIds: string[]): Promise<Map<string, WebhookHealth>> {
  return ctx.gate.health(webhookIds).catch((err: unknown) => {
    ctx.logger.warn({ err: { message: (err as Error).message } }, 'webhook health unreadable');
    throw new AppError('unavailable', 'Webhook health is temporarily unavailable; try again');
  });
}

/**
 * The list with each endpoint's circuit: the list may come from the per-process cache,
 * the health is always read live from Redis (one pipeline).
 * @throws AppError unavailable (503) when Redis cannot be read
 */
export async function withHealth(ctx: HealthReader, list: WebhookDto[]): Promise<WebhookWithHealthDto[]> {
  const health = await readHealth(
    ctx,
    list.map((w) => w.id),
  );
  return list.map((w) => ({ ...w, health: health.get(w.id)! }));
}

/**
 * One webhook of the organization with its endpoint's circuit, read live.
 * @throws AppError not-found (unknown id, or another organization's webhook), unavailable (the
 *   circuit cannot be read)
 */
export async function getWebhook(
  ctx: Pick<Context, 'prisma'> & HealthReader,
  organizationId: string,
  id: string,
): Promise<WebhookWithHealthDto> {
  const row = await findOrNotFound(id, 'No such webhook', (uuid) => findWebhook(ctx, organizationId, uuid));
  const [withCircuit] = await withHealth(ctx, [toWebhookDto(row)]);
  return withCircuit!;
}

/**
 * Deactivates a webhook: no new deliveries are created for it, and pending ones are not
 * attempted again (each ends `dead` with `lastError` "webhook deactivated" when it next falls due;
 * re-registering the URL re-activates it and they can be resent by hand).
 * @throws AppError('not-found') unknown id or another organization's webhook
 */
export async function deactivateWebhook(ctx: Pick<Context, 'prisma'>, organizationId: string, id: string): Promise<WebhookDto> {
  const webhook = await findOrNotFound(id, 'No such webhook', (uuid) => deactivateWebhookRow(ctx, organizationId, uuid));
  return toWebhookDto(webhook);
}

/**
 * Re-encrypts the webhook signing secrets that are not sealed with the current key of `box` (the
 * first entry of SECRETS_ENCRYPTION_KEY): webhooks' part of the rotation step after prepending a
 * new key id (`pnpm --silent admin secrets:reencrypt`, which also runs `auth`'s
 * `reencryptSigningKeys`). Each row is updated only if its ciphertext is still the one read, so a
 * concurrent re-registration (a new secret) is never overwritten. Idempotent: a second run changes
 * nothing.
 * @returns how many webhook secrets were re-encrypted
 * @throws AppError('internal') when a value was sealed with a key id the ring does not contain
 */
export async function reencryptWebhookSecrets(db: Db<'webhook'>, box: SecretBox): Promise<number> {
  let webhooks = 0;
  for (const w of await listSealedWebhookSecrets(db)) {
    if (!box.needsRotation(w.secretEncrypted)) continue;
    webhooks += await resealWebhookSecret(db, w.id, w.secretEncrypted, box.seal(box.open(w.secretEncrypted)));
  }
  return webhooks;
}

/**
 * A query time (ISO 8601, validated by the contract) as a Date, or undefined. Times before 1970
 * (which PostgreSQL may not take: year 0) become 1970-01-01: no row is older, so no answer changes.
 */
const timeOf = (iso: string | undefined): Date | undefined => (iso === undefined ? undefined : new Date(Math.max(0, Date.parse(iso))));

/** The creation-time filters of a list as the API takes them: ISO 8601 date-times, `createdAfter` inclusive, `createdBefore` exclusive. */
interface CreatedQuery {
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
}

/** A list's filter with its creation times as Dates ({@link timeOf}). */
const withTimes = <Q extends CreatedQuery>(
  q: Q,
): Omit<Q, keyof CreatedQuery> & { createdAfter: Date | undefined; createdBefore: Date | undefined } => ({
  ...q,
  createdAfter: timeOf(q.createdAfter),
  createdBefore: timeOf(q.createdBefore),
});

/**
 * The organization's deliveries, newest first (keyset pages by id), each with its event id, event
 * type, payment id and webhook, filtered by any of status, webhook, event type,
 * payment and creation time (AND). A webhook or payment of another organization matches nothing.
 * @param q.limit 1..100; `cursor` the previous page's `nextCursor`; `createdAfter` (inclusive) and
 *   `createdBefore` (exclusive) ISO 8601 date-times
 * @throws AppError('validation-error') for a cursor that is not one of this list's
 */
export async function listDeliveries(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: Omit<DeliveryFilter, keyof CreatedQuery> & CreatedQuery & PageQuery,
): Promise<Page<DeliveryDto>> {
  return fetchPage(q, (page) => findDeliveries(ctx.prisma, organizationId, withTimes(q), page), toDeliveryDto);
}

/**
 * One delivery of the organization with every recorded attempt, oldest first: number,
 * HTTP status, duration in ms, error, the first 1 KiB of the answer as stored, and when.
 * @throws AppError('not-found') unknown id, or another organization's delivery
 */
export async function getDelivery(ctx: Pick<Context, 'prisma'>, organizationId: string, id: string): Promise<DeliveryDetailDto> {
  const found = await findOrNotFound(id, 'No such delivery', (uuid) => findDeliveryDetail(ctx.prisma, organizationId, uuid));
  return toDeliveryDetailDto(found.delivery, found.attempts);
}

/**
 * The organization's events, in id order (UUIDv7: creation order): newest first by
 * default, oldest first with `order: 'asc'`; `after` keeps only the events after that id (a
 * forwarder's tail: `order=asc&after=<the last id it handled>`), `type` and the creation times
 * filter. Each item is the webhook body of the event without its `delivery` block.
 * @param q.limit 1..100; `cursor` the previous page's `nextCursor` (it continues in `order`)
 * @throws AppError('validation-error') for a cursor that is not one of this list's
 */
export async function listEvents(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { type?: WebhookEvent | undefined; order: 'asc' | 'desc'; after?: string | undefined } & CreatedQuery & PageQuery,
): Promise<Page<EventDto>> {
  return fetchPage(q, (page) => findEvents(ctx.prisma, organizationId, withTimes(q), page), toEventDto);
}

/**
 * One event of the organization.
 * @throws AppError('not-found') unknown id, or another organization's event
 */
export async function getEvent(ctx: Pick<Context, 'prisma'>, organizationId: string, id: string): Promise<EventDto> {
  const row = await findOrNotFound(id, 'No such event', (uuid) => findEvent(ctx.prisma, organizationId, uuid));
  return toEventDto(row);
}

/**
 * Manual resend: a `dead` or `delivered` delivery gets one new immediate attempt; success ends
 * `delivered`, failure `dead` again (no automatic back-off). A `pending` delivery, waiting for its
 * next automatic attempt, has that attempt brought forward to now, as Stripe's and Svix's resends
 * do, so an integrator who fixed the endpoint need not wait out the back-off (up to an hour). It
 * stays one of the delivery's automatic attempts: on failure the back-off goes on from there. Its
 * delayed job is promoted; a job already running is left alone (an attempt is being made).
 * "Immediate" means as soon as the webhook's circuit lets an attempt go: while it is open, the
 * attempt waits for the end of its cool-down like every delivery to that endpoint, and the answer
 * says so (`nextAttemptAt`), so that a `pending` answer is not followed by an unexplained wait.
 * The circuit is read before anything changes, so a Redis that cannot be read is a 503 with
 * nothing changed.
 * @returns the delivery's id, `pending`, the webhook's circuit (`health`) and `nextAttemptAt`:
 *   `health.openUntil` while the circuit is open, else now
 * @throws AppError not-found, invalid-state (its webhook is deactivated), unavailable (the
 *   circuit cannot be read)
 */
export async function retryDelivery(
  ctx: Ctx & { gate: Pick<EndpointGate, 'health'> },
  organizationId: string,
  id: string,
): Promise<DeliveryRetryDto> {
  const webhookId = await findOrNotFound(id, 'No such delivery', (uuid) => findDeliveryWebhookId(ctx.prisma, organizationId, uuid));
  const health = (await readHealth(ctx, [webhookId])).get(webhookId)!;
  const now = new Date();
  const wasPending = await withTransaction(ctx.prisma, async (tx) => {
    await lockDelivery(tx, organizationId, id);
    const delivery = await findDeliveryWithWebhook(tx, organizationId, id);
    if (!delivery) throw new AppError('not-found', 'No such delivery');
    if (!delivery.webhook.active) throw new AppError('invalid-state', 'The webhook is deactivated; register its URL again first');
    if (delivery.status === 'pending') await bringDeliveryForward(tx, id, now);
    else await reopenDelivery(tx, id, now);
    return delivery.status === 'pending';
  });
  try {
    await enqueueDeliveries(ctx, [{ id, organizationId, webhookId }], { replaceFinished: true });
    if (wasPending) await promoteDelayedDelivery(ctx.queues, id, webhookId);
  } catch (err) {
    ctx.logger.warn({ err, deliveryId: id }, 'manual resend not enqueued; the sweeper will re-enqueue');
  }
  const nextAttemptAt = health.state === 'open' && health.openUntil ? health.openUntil : now.toISOString();
  return { id, status: 'pending', nextAttemptAt, health };
}

/** How far back a bulk recovery may reach: 30 days, in ms. */
export const RECOVERY_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** What `POST /webhooks/:id/recover` answers. */
export interface RecoveryResult {
  /** The dead deliveries the queued job reopens (at most WEBHOOK_RECOVERY_MAX_DELIVERIES). */
  recovered: number;
  /** More dead deliveries match than this recovery takes: recover again once it has finished. */
  more: boolean;
}

/**
 * Bulk recovery after an outage: the oldest dead deliveries of the webhook created at or after
 * `since` get one new attempt each, the way a manual resend does. This call only counts them and
 * queues the work (`webhook-recovery` queue, see `recoverDeadDeliveries`); nothing changes if the
 * enqueue fails.
 *
 * Three limits, so that recoveries are neither unbounded nor repeatable at will:
 * - at most WEBHOOK_RECOVERY_MAX_DELIVERIES deliveries per recovery; `more` says others remain;
 * - one recovery per webhook at a time: while one is queued or running, another is 409
 *   `recovery-in-progress` (held by BullMQ's job deduplication, across API replicas);
 * - at most WEBHOOK_RECOVERIES_PER_HOUR recoveries per organization in any rolling hour
 *   (`recovery-budget.ts`); past it 429 with `Retry-After`. A recovery that finds nothing to
 *   reopen, or is refused, does not count.
 * @param since at most {@link RECOVERY_MAX_AGE_MS} ago and not in the future
 * @returns `recovered` (the dead deliveries the job will reopen) and `more`
 * @throws AppError validation-error (`since` out of range), not-found (unknown id or another
 *   organization's webhook), invalid-state (the webhook is deactivated), recovery-in-progress
 *   (409), rate-limited (429, with `retryAfterSeconds`)
 */
export async function recoverWebhook(
  ctx: Pick<Context, 'prisma' | 'queues' | 'redis' | 'config'>,
  organizationId: string,
  webhookId: string,
  since: Date,
): Promise<RecoveryResult> {
  const until = new Date();
  if (since.getTime() > until.getTime() || until.getTime() - since.getTime() > RECOVERY_MAX_AGE_MS) {
    const message = 'since must be within the last 30 days';
    throw new AppError('validation-error', message, { errors: [{ path: 'since', message }] });
  }
  const webhook = await findOrNotFound(webhookId, 'No such webhook', (uuid) => findWebhookActivity(ctx, organizationId, uuid));
  if (!webhook.active) throw new AppError('invalid-state', 'The webhook is deactivated; register its URL again first');
  if (await runningRecoveryJobId(ctx.queues, webhookId)) throw recoveryInProgress();

  const { QUEUE_PREFIX: prefix, WEBHOOK_RECOVERIES_PER_HOUR: perHour, WEBHOOK_RECOVERY_MAX_DELIVERIES: cap } = ctx.config;
  const slot = uuidv7();
  const budget = await takeRecoverySlot(ctx.redis, prefix, organizationId, perHour, slot);
  if (!budget.taken) {
    const seconds = Math.max(1, Math.ceil(budget.retryAfterMs / 1000));
    throw new AppError(
      'rate-limited',
      `An organization may start at most ${perHour} recoveries per hour (WEBHOOK_RECOVERIES_PER_HOUR); retry in ${seconds} s`,
      {},
      { retryAfterSeconds: seconds },
    );
  }
  let queued = false;
  try {
    const found = await countDeadDeliveries(ctx, { organizationId, webhookId, since, until, upTo: cap + 1 });
    const result = { recovered: Math.min(found, cap), more: found > cap };
    if (result.recovered === 0) return result;
    const job = { organizationId, webhookId, since: since.toISOString(), until: until.toISOString(), limit: cap };
    if ((await enqueueRecovery(ctx.queues, job, slot)) === 'running') throw recoveryInProgress();
    queued = true;
    return result;
  } finally {
    // Nothing queued (nothing to reopen, another recovery won the race, or the enqueue failed): not counted.
    if (!queued) await returnRecoverySlot(ctx.redis, prefix, organizationId, slot);
  }
}

const recoveryInProgress = () =>
  webhooksProblem('recovery-in-progress', 'A recovery of this webhook is already running; retry once it has finished');

// --- retention ----------------------------------------------------------------------------------

const DAY_MS = 24 * 3_600_000;

/**
 * One batch of the retention job's delivery rules: deletes up to `limit` deliveries of
 * `status` last updated more than DELIVERY_RETENTION_DAYS (`delivered`) or
 * DEAD_DELIVERY_RETENTION_DAYS (`dead`) before `now`, with their attempts. `pending` deliveries are
 * never deleted.
 * @param now the run's instant (cut-offs are computed from it)
 * @returns deliveries and attempt rows deleted (fewer deliveries than `limit`: nothing left)
 */
export function pruneFinishedDeliveries(
  ctx: { sql: RawSql; config: Pick<Context['config'], 'DELIVERY_RETENTION_DAYS' | 'DEAD_DELIVERY_RETENTION_DAYS'> },
  status: 'delivered' | 'dead',
  now: Date,
  limit: number,
): Promise<DeletedDeliveries> {
  const days = status === 'delivered' ? ctx.config.DELIVERY_RETENTION_DAYS : ctx.config.DEAD_DELIVERY_RETENTION_DAYS;
  return deleteFinishedDeliveries(ctx.sql, status, new Date(now.getTime() - days * DAY_MS), limit);
}

/**
 * One batch of the retention job's `events` rule: deletes up to `limit` events older
 * than DELIVERY_RETENTION_DAYS before `now` that no delivery refers to any more, oldest first,
 * resuming after `from` (the newest event the previous batch deleted).
 * @returns rows deleted and the creation time of the newest one (the next batch's `from`)
 */
export function pruneOrphanEvents(
  ctx: { sql: RawSql; config: Pick<Context['config'], 'DELIVERY_RETENTION_DAYS'> },
  now: Date,
  from: Date | null,
  limit: number,
): Promise<{ deleted: number; newest: Date | null }> {
  return deleteOrphanEvents(ctx.sql, new Date(now.getTime() - ctx.config.DELIVERY_RETENTION_DAYS * DAY_MS), from, limit);
}

// --- the outbox ------------------------------------------------------------------------------------

/**
 * Transactional outbox: inside the transaction that changes an object's state (a payment's, a
 * withdrawal's, a deposit's, a bridge transfer's), writes the event and one `pending` delivery per
 * active webhook of the organization that subscribes to that event, so that no committed change
 * goes unannounced and no announced change is rolled back. Jobs are enqueued only after the
 * commit ({@link deliverAfterCommit}, run by `runAfterCommit` or by the worker after an on-chain outcome); the
 * sweeper re-enqueues any the process failed to enqueue. Ids are UUIDv7 like Prisma's, so lists ordered by id stay in creation order.
 *
 * @param tx the transaction of the state change (raw SQL, or a Prisma transaction)
 * @param organizationId the tenant whose webhooks get it (the only one that may see it)
 * @param payload event data, sent to receivers as the body's `data`: `{ <object>: <the object as the API returns it> }`
 * @returns the new deliveries (possibly none), to enqueue after the commit
 */
export async function recordEvent(tx: RawSql, organizationId: string, type: WebhookEvent, payload: EventPayload): Promise<DeliveryRef[]> {
  return writeEvent(tx, { organizationId, type, payload, webhookIds: await findSubscribedWebhookIds(tx, organizationId, type) });
}

/**
 * Writes an event (a `test` one when asked) and one `pending` delivery of it to each of `webhookIds`, in `tx`.
 * @returns the deliveries, to enqueue after the commit
 */
async function writeEvent(
  tx: RawSql,
  e: { organizationId: string; type: WebhookEvent; payload: EventPayload; webhookIds: string[]; test?: true },
): Promise<DeliveryRef[]> {
  const deliveryIds = e.webhookIds.map(() => uuidv7());
  await insertEventWithDeliveries(tx, {
    id: uuidv7(),
    organizationId: e.organizationId,
    type: e.type,
    payload: JSON.stringify(e.payload),
    paymentId: paymentIdOf(e.payload),
    ...(e.test ? { test: true } : {}),
    deliveryIds,
    webhookIds: e.webhookIds,
  });
  return deliveryIds.map((id, i) => ({ id, organizationId: e.organizationId, webhookId: e.webhookIds[i]! }));
}

/**
 * The payment an event is about (kept in `events.payment_id` for the deliveries' payment filter),
 * when it is about a payment whose id is a UUID; null for an event about another object.
 */
const paymentIdOf = (payload: EventPayload): string | null => {
  const id = payload.payment?.id;
  return id !== undefined && isUuid(id) ? id : null;
};

/**
 * The after-commit work of a transaction that recorded events: enqueues their `deliveries` (each
 * ranked in its organization's backlog). Run it with `runAfterCommit` once the transaction has
 * committed, or return it from an on-chain outcome (the worker runs it after the outcome's
 * commit); a failure is logged, and the sweeper re-enqueues the deliveries after `SWEEP_GRACE_MS`.
 * @param deliveries what {@link recordEvent} returned
 */
export const deliverAfterCommit =
  (deliveries: readonly DeliveryRef[]): AfterCommit =>
  (ctx) =>
    enqueueDeliveries(ctx, [...deliveries]).then(() => undefined);

/**
 * A test event (`POST /gateway/v1/webhooks/{id}/test`): writes an event marked `test`
 * (its body carries `"test": true`) and one `pending` delivery to this one webhook, whatever
 * events it subscribes to, in one transaction; after the commit the delivery is enqueued like
 * every other ({@link deliverAfterCommit}: signed, attempted, retried and recorded by the worker). The
 * webhook row is locked (`FOR SHARE`) meanwhile, so a concurrent deactivation waits for it.
 * @param payload the sample's data (its event type's `sample`, declared by the module that owns the object)
 * @returns the new delivery, `pending` (poll `GET /webhooks/deliveries/{id}`)
 * @throws AppError not-found (unknown id, or another organization's webhook), invalid-state (the
 *   webhook is deactivated)
 */
export async function sendTestEvent(
  ctx: Pick<Context, 'sql' | 'queues' | 'redis' | 'config' | 'logger'>,
  organizationId: string,
  webhookId: string,
  type: WebhookEvent,
  payload: EventPayload,
): Promise<DeliveryDto> {
  assertUuidOrNotFound(webhookId, 'No such webhook');
  let deliveries: DeliveryRef[] = [];
  const delivery = await withTransaction(ctx.sql, async (tx) => {
    const webhook = await lockWebhookActivity(tx, organizationId, webhookId);
    if (!webhook) throw new AppError('not-found', 'No such webhook');
    if (!webhook.active) throw new AppError('invalid-state', 'The webhook is deactivated; register its URL again first');
    deliveries = await writeEvent(tx, { organizationId, type, payload, webhookIds: [webhookId], test: true });
    return (await findDeliveryView(tx, organizationId, deliveries[0]!.id))!;
  });
  await runAfterCommit(ctx, [deliverAfterCommit(deliveries)]);
  return toDeliveryDto(delivery);
}
