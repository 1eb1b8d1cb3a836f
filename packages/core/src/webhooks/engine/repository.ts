import type { RawSql } from '@gw/db';
import { isUuid, coalesce } from '@gw/runtime';
import type { RecoveryJob } from './queue.js';

/**
 * The delivery engine's statements on the module's tables (the worker's side of `deliveries` and
 * `delivery_attempts`): the batched delivery store that reads a delivery with its webhook and event
 * and records each attempt ({@link createDeliveryStore}, group-committed raw SQL), the reopening of
 * a recovery's dead deliveries, the sweeper's overdue scan and the ops gauges' backlog. The outbox
 * write, the API's reads and the retention deletes are in the module's top `repository.ts`.
 */

// --- the worker's delivery store: batched reads and records ----------------------------------------

/** A delivery as the worker needs it: its state, its webhook and its event (one row). */
export interface LoadedDelivery {
  id: string;
  /** The organization whose fair share of the pool the attempt counts against. */
  organizationId: string;
  event: string;
  status: 'pending' | 'delivered' | 'dead';
  attempts: number;
  manual: boolean;
  nextAttemptAt: Date | null;
  webhook: {
    id: string;
    url: string;
    active: boolean;
    secretEncrypted: string;
    signatureScheme: string;
    /** Per-webhook cap on attempts in flight; null = WEBHOOK_ENDPOINT_CONCURRENCY. */
    maxConcurrency: number | null;
  };
  /** The stored event; `test` marks a sample of `POST /webhooks/{id}/test`. */
  eventRecord: { id: string; type: string; createdAt: Date; payload: unknown; test: boolean };
}

/** One attempt's outcome, to be recorded with the delivery's new state. */
export interface AttemptRecord {
  deliveryId: string;
  /** The delivery's `attempts` as read before this attempt: the write only applies if it is unchanged. */
  previousAttempts: number;
  status: 'pending' | 'delivered' | 'dead';
  /** When the next attempt is due (`pending` only). */
  nextAttemptAt: Date | null;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** At most the first 1 KiB of the receiver's answer. */
  responseBody: string | null;
}

/** What {@link DeliveryStore.defer} writes (both times in ms precision, as stored). */
export interface Deferral {
  nextAttemptAt: Date | null;
  parkedUntil: Date | null;
}

/** The worker's reads and writes of deliveries (batched, on raw SQL: one round trip per batch, not per delivery). */
export interface DeliveryStore {
  /** @returns the delivery with its webhook and event, or undefined when the id is unknown */
  load(id: string): Promise<LoadedDelivery | undefined>;
  /**
   * Records the attempt row and the delivery's new state together.
   * @returns false (nothing written) when the delivery is no longer `pending` or its attempt count
   *   moved since it was read: another run of the same delivery got there first
   */
  recordAttempt(record: AttemptRecord): Promise<boolean>;
  /** Ends a pending delivery `dead` without an attempt, e.g. because its webhook was deactivated. */
  markDead(id: string, reason: string): Promise<void>;
  /**
   * Writes a pending delivery's deferral without an attempt (deferred while its endpoint's
   * circuit is open); the attempt count does not change.
   * @param until.nextAttemptAt the earliest an attempt can go (the cool-down's end), or null to
   *   leave `nextAttemptAt` as it is
   * @param until.parkedUntil the parked horizon of a delivery parked behind the
   *   circuit's prober (its job sleeps until then unless the probe's outcome wakes it), or null
   *   when it is not parked (the prober itself)
   */
  defer(id: string, until: Deferral): Promise<void>;
  /**
   * Deactivates a webhook on the service's own initiative (auto-disable): `active = false`
   * with `disabledReason`, and its pending deliveries end `dead` with that reason, in one statement.
   * @returns the webhook's organization id, or null when it was already inactive (nothing changed)
   */
  disableWebhook(webhookId: string, reason: string): Promise<string | null>;
}

interface DeliveryRow {
  id: string;
  organization_id: string;
  event: string;
  status: LoadedDelivery['status'];
  attempts: number;
  manual: boolean;
  next_attempt_at: Date | null;
  webhook_id: string;
  url: string;
  active: boolean;
  max_concurrency: number | null;
  secret_encrypted: string;
  signature_scheme: string;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  event_test: boolean;
  payload: unknown;
}

const toLoaded = (r: DeliveryRow): LoadedDelivery => ({
  id: r.id,
  organizationId: r.organization_id,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  manual: r.manual,
  nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at) : null,
  webhook: {
    id: r.webhook_id,
    url: r.url,
    active: r.active,
    secretEncrypted: r.secret_encrypted,
    signatureScheme: r.signature_scheme,
    maxConcurrency: r.max_concurrency,
  },
  eventRecord: { id: r.event_id, type: r.event_type, createdAt: new Date(r.event_created_at), payload: r.payload, test: r.event_test },
});

/** Tuning of {@link createDeliveryStore}. */
export interface DeliveryStoreOptions {
  /** Most deliveries read or recorded by one statement (default 100). */
  maxBatch?: number;
  /** Statements of each kind running at once (default 2); calls arriving meanwhile form the next batch. */
  maxInFlight?: number;
}

/**
 * The worker's {@link DeliveryStore} over raw SQL. Concurrent reads are coalesced into
 * one `SELECT … WHERE id = ANY(…)`, concurrent attempt records into one statement that updates the
 * deliveries from `unnest(…)` and inserts the attempt rows of exactly the deliveries it updated, so
 * at high concurrency each kind costs one round trip per batch instead of one per delivery, and
 * at low concurrency a batch is a single delivery (no added wait beyond the current tick).
 *
 * Each attempt is still guarded by the attempt count that was read: a stalled job run twice cannot
 * record the same attempt twice (two records of one delivery never share a batch). A failed batch
 * fails each of its callers' jobs, which BullMQ retries; nothing is half-written because each batch
 * is one statement.
 *
 * @param sql the worker's raw SQL (`ctx.sql`); up to `2 × maxInFlight` of its connections at once
 */
export function createDeliveryStore(sql: RawSql, opts: DeliveryStoreOptions = {}): DeliveryStore {
  const batching = { maxBatch: opts.maxBatch ?? 100, maxInFlight: opts.maxInFlight ?? 2 };

  const load = coalesce<string, LoadedDelivery | undefined>(async (requested) => {
    // A malformed id is simply unknown; it must not fail the statement for the rest of the batch.
    const ids = requested.map((id) => (isUuid(id) ? id.toLowerCase() : null));
    const rows = await sql.$queryRaw<DeliveryRow[]>`
      SELECT d.id::text, d.organization_id::text, d.event, d.status::text AS status, d.attempts, d.manual, d.next_attempt_at,
             w.id::text AS webhook_id, w.url, w.active, w.max_concurrency, w.secret_encrypted, w.signature_scheme,
             e.id::text AS event_id, e.type AS event_type, e.created_at AS event_created_at, e.test AS event_test, e.payload
      FROM deliveries d
      JOIN webhooks w ON w.id = d.webhook_id
      JOIN events e ON e.id = d.event_id
      WHERE d.id = ANY(${ids}::uuid[])`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = id === null ? undefined : byId.get(id);
      return row ? toLoaded(row) : undefined;
    });
  }, batching);

  const recordAttempt = coalesce<AttemptRecord, boolean>(
    async (records) => {
      const col = <K extends keyof AttemptRecord>(k: K) => records.map((r) => r[k]);
      const rows = await sql.$queryRaw<{ id: string }[]>`
        WITH input AS (
          SELECT * FROM unnest(
            ${col('deliveryId')}::uuid[], ${col('previousAttempts')}::int[], ${col('status')}::delivery_status[],
            ${col('nextAttemptAt')}::timestamptz[], ${col('statusCode')}::int[], ${col('durationMs')}::int[],
            ${col('error')}::text[], ${col('responseBody')}::text[]
          ) AS t(id, previous_attempts, status, next_attempt_at, status_code, duration_ms, error, response_body)
        ),
        updated AS (
          UPDATE deliveries d SET
            attempts = input.previous_attempts + 1,
            status = input.status,
            manual = false,
            next_attempt_at = input.next_attempt_at,
            parked_until = NULL,
            last_status_code = input.status_code,
            last_error = input.error,
            delivered_at = CASE WHEN input.status = 'delivered' THEN now() ELSE d.delivered_at END,
            updated_at = now()
          FROM input
          WHERE d.id = input.id AND d.status = 'pending' AND d.attempts = input.previous_attempts
          RETURNING d.id
        ),
        attempts AS (
          INSERT INTO delivery_attempts (id, delivery_id, number, status_code, duration_ms, error, response_body, created_at)
          SELECT gen_random_uuid(), input.id, input.previous_attempts + 1, input.status_code, input.duration_ms,
                 input.error, input.response_body, now()
          FROM input JOIN updated ON updated.id = input.id
        )
        SELECT id::text FROM updated`;
      const written = new Set(rows.map((r) => r.id));
      return records.map((r) => written.has(r.deliveryId.toLowerCase()));
    },
    { ...batching, key: (r) => r.deliveryId.toLowerCase() },
  );

  const defer = coalesce<Deferral & { id: string }, void>(
    async (items) => {
      await sql.$executeRaw`
        UPDATE deliveries d SET next_attempt_at = coalesce(t.at, d.next_attempt_at), parked_until = t.parked, updated_at = now()
        FROM unnest(
          ${items.map((i) => i.id)}::uuid[], ${items.map((i) => i.nextAttemptAt)}::timestamptz[], ${items.map((i) => i.parkedUntil)}::timestamptz[]
        ) AS t(id, at, parked)
        WHERE d.id = t.id AND d.status = 'pending'`;
      return items.map(() => undefined);
    },
    { ...batching, key: (i) => i.id.toLowerCase() },
  );

  return {
    load,
    recordAttempt,
    defer: (id, until) => defer({ id, ...until }),
    disableWebhook: async (webhookId, reason) => {
      const rows = await sql.$queryRaw<{ organization_id: string }[]>`
        WITH disabled AS (
          UPDATE webhooks SET active = false, disabled_reason = ${reason}, disabled_at = now(), updated_at = now()
          WHERE id = ${webhookId}::uuid AND active
          RETURNING id, organization_id
        ),
        ended AS (
          UPDATE deliveries d SET status = 'dead', manual = false, next_attempt_at = NULL, parked_until = NULL,
                 last_error = ${`webhook disabled: ${reason}`}, updated_at = now()
          FROM disabled WHERE d.webhook_id = disabled.id AND d.status = 'pending'
        )
        SELECT organization_id::text FROM disabled`;
      return rows[0]?.organization_id ?? null;
    },
    markDead: async (id, reason) => {
      await sql.$executeRaw`
        UPDATE deliveries SET status = 'dead', manual = false, next_attempt_at = NULL, parked_until = NULL, last_error = ${reason}, updated_at = now()
        WHERE id = ${id}::uuid AND status = 'pending'`;
    },
  };
}

// --- deliveries (worker) -----------------------------------------------------------------------------

/**
 * Reopens up to `limit` of a recovery's dead deliveries (`pending`, `manual`, due now), locking them
 * in id order; only while the webhook is active.
 * @returns the ids reopened (none left when empty)
 */
export async function reopenDeadDeliveries(sql: RawSql, job: RecoveryJob, limit: number): Promise<string[]> {
  const rows = await sql.$queryRaw<{ id: string }[]>`
      UPDATE deliveries SET status = 'pending', manual = true, next_attempt_at = now(), parked_until = NULL, updated_at = now()
      WHERE id IN (
        SELECT d.id FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.active
        WHERE d.webhook_id = ${job.webhookId}::uuid AND d.organization_id = ${job.organizationId}::uuid
          AND d.status = 'dead' AND d.created_at >= ${job.since}::timestamptz AND d.updated_at <= ${job.until}::timestamptz
        ORDER BY d.id LIMIT ${limit}::int
        FOR UPDATE OF d
      )
      RETURNING id::text`;
  return rows.map((r) => r.id);
}

/**
 * Pending deliveries whose job should have run by `cutoff`, the longest overdue first, with their
 * organization and webhook (the outbox sweeper's): due (`next_attempt_at`) at or before `cutoff`
 * and, when parked behind an open circuit, parked until at or before it. A
 * parked delivery's job sleeps until its horizon, so before then it is not overdue, and it must not
 * fill the page in front of another organization's lost delivery. Two exact ranges of the index
 * `(status, parked_until, next_attempt_at)`, whatever the number of parked rows.
 */
export async function findOverdueDeliveries(
  sql: RawSql,
  cutoff: Date,
  limit: number,
): Promise<{ id: string; organizationId: string; webhookId: string }[]> {
  return sql.$queryRaw<{ id: string; organizationId: string; webhookId: string }[]>`
    SELECT id, "organizationId", "webhookId" FROM (
      (SELECT id::text, organization_id::text AS "organizationId", webhook_id::text AS "webhookId", next_attempt_at AS due
       FROM deliveries
       WHERE status = 'pending' AND parked_until IS NULL AND next_attempt_at <= ${cutoff}::timestamptz
       ORDER BY next_attempt_at LIMIT ${limit}::int)
      UNION ALL
      (SELECT id::text, organization_id::text, webhook_id::text, parked_until
       FROM deliveries
       WHERE status = 'pending' AND parked_until <= ${cutoff}::timestamptz AND next_attempt_at <= ${cutoff}::timestamptz
       ORDER BY parked_until LIMIT ${limit}::int)
    ) AS overdue
    ORDER BY due LIMIT ${limit}::int`;
}

/** The pending deliveries as the ops gauges show them; ages in seconds (null when there is none). */
export interface OutboxBacklog {
  pending: number;
  oldest_age: number | null;
  overdue: number;
  oldest_overdue: number | null;
}

/**
 * Counts and ages of the pending deliveries, overall and past due (one statement). Due = when the
 * delivery's job should have run: `next_attempt_at` (or `created_at`), or its parked horizon when
 * later (a delivery parked behind an open circuit is not overdue before it; PostgreSQL's
 * `greatest` ignores the null of a delivery not parked).
 * @param sql any raw SQL runner (the ops app passes its Prisma client)
 */
export async function readOutboxBacklog(sql: RawSql): Promise<OutboxBacklog | undefined> {
  const [row] = await sql.$queryRaw<OutboxBacklog[]>`
      SELECT
        count(*)::int AS pending,
        EXTRACT(EPOCH FROM (now() - min(created_at)))::float8 AS oldest_age,
        (count(*) FILTER (WHERE due <= now()))::int AS overdue,
        EXTRACT(EPOCH FROM (now() - min(due) FILTER (WHERE due <= now())))::float8 AS oldest_overdue
      FROM (
        SELECT created_at, greatest(coalesce(next_attempt_at, created_at), parked_until) AS due
        FROM deliveries WHERE status = 'pending'
      ) AS pending`;
  return row;
}
