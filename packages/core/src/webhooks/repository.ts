import { Prisma, type Db, type DeliveryStatus, type KeysetPage, type RawSql, type Tx, type Webhook, keysetSql, sqlFragment } from '@gw/db';
import type { Context } from '@gw/runtime';
import type { DeliveryAttemptView, DeliveryView, EventView } from './schemas.js';

/**
 * The API's statements on the webhooks module's tables: `webhooks`, `events`, `deliveries` and
 * `delivery_attempts` (no other module reads or writes them), including the retention job's
 * deletes. The worker's reads and records of deliveries are the engine's, group-committed raw SQL
 * (`createDeliveryStore` in `engine/repository.ts`); the outbox write runs in the caller's
 * transaction ({@link insertEventWithDeliveries}).
 */

// --- webhooks -------------------------------------------------------------------------------------

/**
 * Serialises the registrations of one organization until the end of the transaction (a
 * per-organization advisory lock), so that a burst cannot pass the cap on active webhooks.
 */
export async function lockWebhookRegistrations(tx: RawSql, organizationId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`webhooks:${organizationId}`}, 0))`;
}

/** The organization's active webhooks other than the one at `url`. */
export async function countOtherActiveWebhooks(
  tx: RawSql,
  organizationId: string,
  url: string,
): Promise<{ count: number; maxConcurrencySum: number }> {
  const counted = await tx.$queryRaw<{ count: number; max_concurrency_sum: number }[]>`
      SELECT count(*)::int AS count, coalesce(sum(max_concurrency), 0)::int AS max_concurrency_sum
      FROM webhooks WHERE organization_id = ${organizationId}::uuid AND active AND url <> ${url}`;
  return { count: counted[0]!.count, maxConcurrencySum: counted[0]!.max_concurrency_sum };
}

/** A webhook row as written by {@link upsertWebhook}: `inserted` is false when the URL existed. */
export type UpsertedWebhook = Pick<
  Webhook,
  'id' | 'url' | 'events' | 'signatureScheme' | 'maxConcurrency' | 'active' | 'disabledReason' | 'createdAt'
> & { inserted: boolean };

/**
 * Inserts the organization's webhook for `url`, or updates the existing one (events, secret,
 * scheme and cap replaced; re-activated), in one statement (`INSERT ... ON CONFLICT DO UPDATE`).
 */
export async function upsertWebhook(
  tx: RawSql,
  w: {
    organizationId: string;
    url: string;
    events: string[];
    secretEncrypted: string;
    signatureScheme: string;
    maxConcurrency: number | null;
  },
): Promise<UpsertedWebhook> {
  const rows = await tx.$queryRaw<UpsertedWebhook[]>`
    INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, signature_scheme, max_concurrency, active, created_at, updated_at)
    VALUES (gen_random_uuid(), ${w.organizationId}::uuid, ${w.url}, ${w.events}::text[], ${w.secretEncrypted}, ${w.signatureScheme}, ${w.maxConcurrency}::int, true, now(), now())
    ON CONFLICT (organization_id, url) DO UPDATE
      SET events = EXCLUDED.events, secret_encrypted = EXCLUDED.secret_encrypted, signature_scheme = EXCLUDED.signature_scheme,
          max_concurrency = EXCLUDED.max_concurrency, active = true, disabled_reason = NULL, disabled_at = NULL, updated_at = now()
    RETURNING id::text AS id, url, events, signature_scheme AS "signatureScheme", max_concurrency AS "maxConcurrency",
              active, disabled_reason AS "disabledReason", created_at AS "createdAt", (xmax = 0) AS inserted`;
  return rows[0]!;
}

/** The organization's webhooks, oldest first. */
export function findWebhooks(ctx: Pick<Context, 'prisma'>, organizationId: string): Promise<Webhook[]> {
  return ctx.prisma.webhook.findMany({ where: { organizationId }, orderBy: { createdAt: 'asc' } });
}

/** The organization's webhook `id`, or null (another organization's is null too). */
export function findWebhook(ctx: Pick<Context, 'prisma'>, organizationId: string, id: string): Promise<Webhook | null> {
  return ctx.prisma.webhook.findFirst({ where: { id, organizationId } });
}

/** Whether the organization's webhook is active, or null when it has no such webhook. */
export function findWebhookActivity(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  webhookId: string,
): Promise<{ active: boolean } | null> {
  return ctx.prisma.webhook.findFirst({ where: { id: webhookId, organizationId }, select: { active: true } });
}

/** Sets the organization's webhook inactive. @returns the webhook after the change, or null when it has no such webhook */
export async function deactivateWebhookRow(ctx: Pick<Context, 'prisma'>, organizationId: string, id: string): Promise<Webhook | null> {
  const { count } = await ctx.prisma.webhook.updateMany({ where: { id, organizationId }, data: { active: false } });
  if (count === 0) return null;
  return ctx.prisma.webhook.findUniqueOrThrow({ where: { id } });
}

/** Every webhook's signing secret as stored (sealed), for the rotation of SECRETS_ENCRYPTION_KEY. */
export function listSealedWebhookSecrets(db: Db<'webhook'>): Promise<{ id: string; secretEncrypted: string }[]> {
  return db.webhook.findMany({ select: { id: true, secretEncrypted: true } });
}

/** Replaces a webhook's sealed secret if it is still `previous` (no lost concurrent rotation). @returns 1 when replaced, else 0 */
export async function resealWebhookSecret(db: Db<'webhook'>, id: string, previous: string, sealed: string): Promise<number> {
  const { count } = await db.webhook.updateMany({ where: { id, secretEncrypted: previous }, data: { secretEncrypted: sealed } });
  return count;
}

// --- the outbox: events and their deliveries ------------------------------------------------------

/** Ids of the organization's active webhooks subscribed to `type`. */
export async function findSubscribedWebhookIds(tx: RawSql, organizationId: string, type: string): Promise<string[]> {
  const webhooks = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM webhooks WHERE organization_id = ${organizationId}::uuid AND active AND ${type} = ANY(events)`;
  return webhooks.map((w) => w.id);
}

/**
 * Whether the organization's webhook is active, locked against a concurrent deactivation or
 * re-registration until the end of the transaction (`FOR SHARE`), or null when it has no such
 * webhook. For a test event, written in the same transaction.
 */
export async function lockWebhookActivity(tx: RawSql, organizationId: string, webhookId: string): Promise<{ active: boolean } | null> {
  const rows = await tx.$queryRaw<{ active: boolean }[]>`
    SELECT active FROM webhooks WHERE id = ${webhookId}::uuid AND organization_id = ${organizationId}::uuid FOR SHARE`;
  return rows[0] ?? null;
}

/**
 * Writes an event and one `pending` delivery per webhook, in one statement (plain SQL: Prisma's
 * createManyAndReturn costs ~20 ms of CPU for 50 deliveries).
 * @param e.paymentId the payment the event is about (the deliveries' `paymentId` filter)
 * @param e.test a sample of `POST /webhooks/{id}/test`, whose body says `"test": true`
 * @param deliveries the new deliveries' ids and their webhooks
 */
export async function insertEventWithDeliveries(
  tx: RawSql,
  e: {
    id: string;
    organizationId: string;
    type: string;
    payload: string;
    paymentId: string | null;
    test?: boolean;
    deliveryIds: string[];
    webhookIds: string[];
  },
): Promise<void> {
  await tx.$executeRaw`
    WITH e AS (
      INSERT INTO events (id, organization_id, type, payload, payment_id, test, created_at)
      VALUES (${e.id}::uuid, ${e.organizationId}::uuid, ${e.type}, ${e.payload}::jsonb, ${e.paymentId}::uuid, ${e.test ?? false}, now())
      RETURNING id
    )
    INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, status, attempts, manual, next_attempt_at, created_at, updated_at)
    SELECT t.id::uuid, ${e.organizationId}::uuid, t.webhook_id::uuid, e.id, ${e.type}, 'pending', 0, false, now(), now(), now()
    FROM e, unnest(${e.deliveryIds}::text[], ${e.webhookIds}::text[]) AS t(id, webhook_id)`;
}

// --- deliveries and events (API) ----------------------------------------------------------------------

/**
 * How far the time in a row's UUIDv7 id may be from its `created_at`, in ms. The id is
 * taken by the API's clock when the event is recorded, `created_at` is the database's `now()` (the
 * start of that transaction): on one synchronised host they differ by the milliseconds the
 * transaction ran before. The time filters bound the id by the time ± this margin (so that the
 * keyset scan stops), then compare `created_at` exactly; the margin covers clock skew between the
 * API and database hosts and long transactions.
 */
export const ID_TIME_MARGIN_MS = 5 * 60 * 1000;

/**
 * The smallest UUID whose UUIDv7 time (its first 48 bits: Unix ms) is `ms`: every UUIDv7 taken at
 * or after `ms` compares (bytewise, as PostgreSQL compares `uuid`) at or above it, every one taken
 * before it below.
 */
export function uuidTimeBound(ms: number): string {
  const hex = Math.max(0, Math.min(ms, 2 ** 48 - 1))
    .toString(16)
    .padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** `created_at` filters (exact) with the id bounds that let the keyset scan stop ({@link ID_TIME_MARGIN_MS}). */
function timeConditions(alias: string, after: Date | undefined, before: Date | undefined): Prisma.Sql[] {
  const col = (name: string) => sqlFragment(`${alias}.${name}`);
  const out: Prisma.Sql[] = [];
  if (after) {
    out.push(Prisma.sql`${col('created_at')} >= ${after}::timestamptz`);
    out.push(Prisma.sql`${col('id')} >= ${uuidTimeBound(after.getTime() - ID_TIME_MARGIN_MS)}::uuid`);
  }
  if (before) {
    out.push(Prisma.sql`${col('created_at')} < ${before}::timestamptz`);
    out.push(Prisma.sql`${col('id')} < ${uuidTimeBound(before.getTime() + ID_TIME_MARGIN_MS)}::uuid`);
  }
  return out;
}

/** The filters of `GET /webhooks/deliveries`. */
export interface DeliveryFilter {
  status?: DeliveryStatus | undefined;
  webhookId?: string | undefined;
  event?: string | undefined;
  paymentId?: string | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
}

/** The columns of a {@link DeliveryView}: a delivery `d` with its event `e`'s payment id. */
const DELIVERY_VIEW_COLUMNS = sqlFragment(`d.id::text, d.webhook_id::text AS "webhookId", d.event_id::text AS "eventId", d.event,
    e.payment_id::text AS "paymentId", d.status::text AS status, d.attempts, d.next_attempt_at AS "nextAttemptAt",
    d.last_status_code AS "lastStatusCode", d.last_error AS "lastError", d.created_at AS "createdAt", d.delivered_at AS "deliveredAt"`);

/**
 * A page of the organization's deliveries matching `filter`, newest first: keyset order by id
 * (UUIDv7: creation order; `keysetSql`). Each filter is an equality or a
 * range that an index serves: `(organization_id, status, id)`, `(webhook_id, id)`,
 * `(organization_id, event, id)`, the events of a payment by `events(payment_id)`, and the time
 * bounds as id bounds on `(organization_id, id)`. Each delivery is joined to its event (primary
 * key) for its payment id.
 */
export function findDeliveries(db: RawSql, organizationId: string, q: DeliveryFilter, page: KeysetPage): PromiseLike<DeliveryView[]> {
  const keyset = keysetSql('d.id', page);
  const where: Prisma.Sql[] = [Prisma.sql`d.organization_id = ${organizationId}::uuid`];
  if (q.status) where.push(Prisma.sql`d.status = ${q.status}::delivery_status`);
  if (q.webhookId) where.push(Prisma.sql`d.webhook_id = ${q.webhookId}::uuid`);
  if (q.event) where.push(Prisma.sql`d.event = ${q.event}`);
  if (q.paymentId) {
    where.push(
      Prisma.sql`d.event_id IN (SELECT id FROM events WHERE payment_id = ${q.paymentId}::uuid AND organization_id = ${organizationId}::uuid)`,
    );
  }
  where.push(...timeConditions('d', q.createdAfter, q.createdBefore), ...keyset.where);
  return db.$queryRaw<DeliveryView[]>`
    SELECT ${DELIVERY_VIEW_COLUMNS}
    FROM deliveries d JOIN events e ON e.id = d.event_id
    WHERE ${Prisma.join(where, ' AND ')}
    ${keyset.orderLimit}`;
}

/** The organization's delivery with its event's payment id, or null. */
export async function findDeliveryView(db: RawSql, organizationId: string, id: string): Promise<DeliveryView | null> {
  const [delivery] = await db.$queryRaw<DeliveryView[]>`
    SELECT ${DELIVERY_VIEW_COLUMNS}
    FROM deliveries d JOIN events e ON e.id = d.event_id
    WHERE d.id = ${id}::uuid AND d.organization_id = ${organizationId}::uuid`;
  return delivery ?? null;
}

/** The organization's delivery with its event's payment id and its attempts (oldest first), or null. */
export async function findDeliveryDetail(
  db: RawSql,
  organizationId: string,
  id: string,
): Promise<{ delivery: DeliveryView; attempts: DeliveryAttemptView[] } | null> {
  const delivery = await findDeliveryView(db, organizationId, id);
  if (!delivery) return null;
  const attempts = await db.$queryRaw<DeliveryAttemptView[]>`
    SELECT number, status_code AS "statusCode", duration_ms AS "durationMs", error, response_body AS "responseBody", created_at AS "createdAt"
    FROM delivery_attempts WHERE delivery_id = ${id}::uuid
    ORDER BY number`;
  return { delivery, attempts };
}

/** The filters and order of `GET /events`. */
export interface EventQuery {
  type?: string | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
  /** Only events with an id above this one (a filter, not the keyset: the page's `after` is). */
  after?: string | undefined;
  order: 'asc' | 'desc';
}

const EVENT_VIEW_COLUMNS = sqlFragment(`id::text, type, created_at AS "createdAt", test, payload`);

/**
 * A page of the organization's events in id order (UUIDv7: creation order), `desc` or `asc`
 * (`keysetSql`: the page continues past `page.after` in that order), by `(organization_id, id)`
 * or, with a type, `(organization_id, type, id)`; time bounds as for {@link findDeliveries}.
 */
export function findEvents(db: RawSql, organizationId: string, q: EventQuery, page: KeysetPage): PromiseLike<EventView[]> {
  const keyset = keysetSql('e.id', page, q.order);
  const where: Prisma.Sql[] = [Prisma.sql`e.organization_id = ${organizationId}::uuid`];
  if (q.type) where.push(Prisma.sql`e.type = ${q.type}`);
  if (q.after) where.push(Prisma.sql`e.id > ${q.after}::uuid`);
  where.push(...timeConditions('e', q.createdAfter, q.createdBefore), ...keyset.where);
  return db.$queryRaw<EventView[]>`
    SELECT ${EVENT_VIEW_COLUMNS}
    FROM events e
    WHERE ${Prisma.join(where, ' AND ')}
    ${keyset.orderLimit}`;
}

/** The organization's event, or null. */
export async function findEvent(db: RawSql, organizationId: string, id: string): Promise<EventView | null> {
  const [row] = await db.$queryRaw<EventView[]>`
    SELECT ${EVENT_VIEW_COLUMNS} FROM events WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid`;
  return row ?? null;
}

/** The webhook of the organization's delivery, or null when it has no such delivery. */
export async function findDeliveryWebhookId(db: RawSql, organizationId: string, id: string): Promise<string | null> {
  const [row] = await db.$queryRaw<{ webhookId: string }[]>`
    SELECT webhook_id::text AS "webhookId" FROM deliveries WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid`;
  return row?.webhookId ?? null;
}

/** Locks the organization's delivery row until the end of the transaction (nothing when there is none). */
export async function lockDelivery(tx: Tx, organizationId: string, id: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM deliveries WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid FOR UPDATE`;
}

/** The organization's delivery with whether its webhook is active, or null. */
export function findDeliveryWithWebhook(tx: Tx, organizationId: string, id: string) {
  return tx.delivery.findFirst({ where: { id, organizationId }, include: { webhook: { select: { active: true } } } });
}

/**
 * Brings a `pending` delivery's next attempt forward to `at` (now): a resend of a pending
 * delivery. Its attempt count, `manual` flag and back-off are unchanged; a parked delivery is
 * parked no longer (its job is promoted with the resend).
 */
export async function bringDeliveryForward(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.delivery.update({ where: { id }, data: { nextAttemptAt: at, parkedUntil: null } });
}

/** Sets a delivery `pending` for one manual attempt, due at `at` (now). */
export async function reopenDelivery(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.delivery.update({ where: { id }, data: { status: 'pending', manual: true, nextAttemptAt: at, parkedUntil: null } });
}

/**
 * How many of the webhook's `dead` deliveries created at or after `since` and last changed at or
 * before `until` there are, counting no further than `upTo` (a recovery never reads more rows than
 * its cap needs).
 */
export async function countDeadDeliveries(
  ctx: Pick<Context, 'prisma'>,
  q: { organizationId: string; webhookId: string; since: Date; until: Date; upTo: number },
): Promise<number> {
  const [row] = await ctx.prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM deliveries
      WHERE webhook_id = ${q.webhookId}::uuid AND organization_id = ${q.organizationId}::uuid AND status = 'dead'
        AND created_at >= ${q.since} AND updated_at <= ${q.until}
      LIMIT ${q.upTo}::int
    ) AS capped`;
  return row?.n ?? 0;
}

// --- retention (the scheduled pruning job) ----------------------------------------------------------

/** What one batch of {@link deleteFinishedDeliveries} deleted. */
export interface DeletedDeliveries {
  deliveries: number;
  /** Their attempt rows (deleted with them). */
  attempts: number;
}

/**
 * One batch of the retention job: deletes up to `limit` deliveries in `status` (`delivered` or
 * `dead`, never `pending`) whose last change (`updated_at`: when they were delivered or died) is
 * before `before`, oldest first by the `(status, updated_at)` index, together with their attempt
 * rows, in one statement. Rows locked by a concurrent resend or recovery are skipped (`FOR UPDATE
 * SKIP LOCKED`), and a delivery reopened meanwhile is `pending` again and no longer matches.
 * @param before the cut-off: now − DELIVERY_RETENTION_DAYS (delivered) or DEAD_DELIVERY_RETENTION_DAYS (dead)
 * @param limit deliveries per statement (the batch size); their attempts are not counted in it
 */
export async function deleteFinishedDeliveries(
  sql: RawSql,
  status: 'delivered' | 'dead',
  before: Date,
  limit: number,
): Promise<DeletedDeliveries> {
  const [row] = await sql.$queryRaw<DeletedDeliveries[]>`
    WITH victims AS (
      SELECT id FROM deliveries
      WHERE status = ${status}::delivery_status AND updated_at < ${before}::timestamptz
      ORDER BY updated_at LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    ),
    attempts AS (
      DELETE FROM delivery_attempts a USING victims v WHERE a.delivery_id = v.id RETURNING 1
    ),
    deleted AS (
      DELETE FROM deliveries d USING victims v WHERE d.id = v.id RETURNING 1
    )
    SELECT (SELECT count(*) FROM deleted)::int AS deliveries, (SELECT count(*) FROM attempts)::int AS attempts`;
  return row ?? { deliveries: 0, attempts: 0 };
}

/**
 * One batch of the retention job: deletes up to `limit` events created before `before` (and at or
 * after `from`) that no delivery refers to any more (their deliveries were pruned, or no webhook
 * was subscribed), oldest first by the `created_at` index. An event gets its deliveries in the
 * statement that writes it, so an old event never gains one.
 * @param from resume point: the `newest` of the previous batch (events before it that still have
 *   deliveries are not scanned again); null for the first batch
 * @returns how many were deleted, and the `created_at` of the newest one (null when none)
 */
export async function deleteOrphanEvents(
  sql: RawSql,
  before: Date,
  from: Date | null,
  limit: number,
): Promise<{ deleted: number; newest: Date | null }> {
  const [row] = await sql.$queryRaw<{ deleted: number; newest: Date | null }[]>`
    WITH victims AS (
      SELECT e.id, e.created_at FROM events e
      WHERE e.created_at < ${before}::timestamptz AND e.created_at >= ${from ?? new Date(0)}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = e.id)
      ORDER BY e.created_at LIMIT ${limit}::int
      FOR UPDATE OF e SKIP LOCKED
    ),
    deleted AS (
      DELETE FROM events e USING victims v WHERE e.id = v.id RETURNING v.created_at
    )
    SELECT count(*)::int AS deleted, max(created_at) AS newest FROM deleted`;
  return { deleted: row?.deleted ?? 0, newest: row?.newest ? new Date(row.newest) : null };
}
