/**
 * Bulk seeding of the growth section: payments, events, deliveries and their attempts
 * for many organizations, written server-side by `INSERT … SELECT … FROM generate_series(…)`, a
 * few statements per table (chunks of `CHUNK` rows), never one insert per row.
 *
 * Why not `COPY … FROM STDIN`: `pg-copy-streams` is not in the lockfile, and the rows are
 * synthetic, so generating them inside PostgreSQL skips building, encoding and sending ~3 GB of
 * text from a Node process that shares the machine's two cores with the server. Like `COPY`, each
 * statement is one bulk write with no per-row round trip, planning or trigger.
 *
 * For the big seed (`bulk: true`) the secondary indexes of the four tables are dropped first and
 * rebuilt after (`CREATE INDEX` sorts once; 5 million random inserts into seven b-trees would take
 * far longer), the session skips foreign-key triggers (`session_replication_role = replica`: the
 * rows are consistent by construction), and the tables are `VACUUM (ANALYZE)`d at the end so that
 * the planner has statistics and index-only scans can use the visibility map.
 *
 * Row shape (see `DELIVERY_MIX` / `PAYMENT_MIX` in growth-plan.ts): row i of n gets a creation time
 * evenly spread over the last `days` days (oldest first, so ids, UUID v7 from that time like the
 * service's, grow with i and the primary keys are appended to), and organization
 * `width_bucket((i × step) mod n, starts)`: each organization gets exactly its planned count, its
 * rows spread over the whole period. One event per delivery; deliveries alternate between the
 * organization's two webhooks.
 *
 * @module
 */
import type pg from 'pg';
import { bucketStarts, DELIVERY_MIX, PAYMENT_MIX, permutationStep } from './growth-plan.js';

/** Rows per statement. */
const CHUNK = 500_000;

/** Tables the seed writes (their secondary indexes are rebuilt around a bulk seed). */
const TABLES = ['payments', 'events', 'deliveries', 'delivery_attempts'] as const;

export interface SeedPlan {
  /** Organization ids, and per organization: deliveries, payments, and its two webhooks. */
  orgIds: string[];
  deliveries: number[];
  payments: number[];
  webhook1: string[];
  webhook2: string[];
  /** Native token symbol (payments' `token`). */
  token: string;
  /** Creation times spread over the last `days` days. */
  days: number;
  /** Drop and rebuild indexes, skip FK triggers, VACUUM (ANALYZE) at the end (the big seed). */
  bulk: boolean;
}

/** A UUID v7 (48-bit ms time, version 7, variant 8) from a bigint ms expression and an md5 hex string expression. */
const uuidV7 = (ms: string, md5: string) =>
  `(lpad(to_hex(${ms}), 12, '0') || '7' || substr(${md5}, 1, 3) || '8' || substr(${md5}, 4, 15))::uuid`;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Seeds `plan`; logs each step with its time. @returns seconds per step */
export async function seedGrowth(client: pg.Client, plan: SeedPlan, log: (line: string) => void): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    timings[name] = Math.round((performance.now() - t0) / 100) / 10;
    log(`  growth seed: ${name} (${timings[name]} s)`);
  };
  const nowMs = Date.now();
  const startMs = nowMs - plan.days * 86_400_000;
  const spanMs = plan.days * 86_400_000;
  await client.query(`SET synchronous_commit = off`);
  let indexes: { name: string; def: string }[] = [];
  if (plan.bulk) {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const res = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname
       WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
         AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)`,
      [TABLES],
    );
    indexes = res.rows;
    await step(`drop ${indexes.length} secondary indexes`, async () => {
      for (const i of indexes) await client.query(`DROP INDEX "${i.name}"`);
    });
  }
  try {
    const d = sum(plan.deliveries);
    if (d > 0) {
      const starts = bucketStarts(plan.deliveries);
      const stepD = permutationStep(d);
      for (let from = 0; from < d; from += CHUNK) {
        const to = Math.min(d, from + CHUNK) - 1;
        await step(`deliveries ${from}–${to} of ${d} (+ events, attempts)`, () =>
          client.query(deliveriesSql(stepD), [from, to, d, starts, plan.orgIds, plan.webhook1, plan.webhook2, startMs, spanMs, nowMs]),
        );
      }
    }
    const p = sum(plan.payments);
    if (p > 0) {
      const starts = bucketStarts(plan.payments);
      const stepP = permutationStep(p);
      for (let from = 0; from < p; from += CHUNK) {
        const to = Math.min(p, from + CHUNK) - 1;
        await step(`payments ${from}–${to} of ${p}`, () =>
          client.query(paymentsSql(stepP), [from, to, p, starts, plan.orgIds, plan.token, startMs, spanMs, nowMs]),
        );
      }
    }
  } finally {
    if (plan.bulk) {
      await client.query(`SET session_replication_role = DEFAULT`);
      for (const i of indexes) await step(`index ${i.name}`, () => client.query(i.def));
    }
  }
  if (plan.bulk) {
    for (const t of TABLES) await step(`VACUUM (ANALYZE) ${t}`, () => client.query(`VACUUM (ANALYZE) ${t}`));
    await step('CHECKPOINT', () => client.query('CHECKPOINT'));
  } else {
    await client.query(`ANALYZE ${TABLES.join(', ')}`);
  }
  return timings;
}

/**
 * Deliveries i = $1 … $2 of $3, with their events and attempts, in one statement. Parameters:
 * $4 bucket starts, $5 organization ids, $6/$7 their webhooks, $8 start ms, $9 span ms, $10 now ms.
 */
function deliveriesSql(step: number): string {
  const m = DELIVERY_MIX;
  return `
    WITH r AS (
      SELECT i, ($8::bigint + (i * $9::bigint) / $3::bigint) AS ms,
             width_bucket((i * ${step}::bigint) % $3::bigint, $4::bigint[]) AS k,
             abs(hashint8(i)::bigint) % 10000 AS b, abs(hashint8(i + 4000000000)::bigint) % 10000 AS b2,
             md5('d' || i) AS hd, md5('e' || i) AS he
      FROM generate_series($1::bigint, $2::bigint) AS i
    ),
    s AS (
      SELECT r.*, to_timestamp(ms / 1000.0) AS ts,
             CASE WHEN ms > $10::bigint - 86400000 AND b < ${m.pendingRecentPerTenThousand} THEN 'pending'
                  WHEN b >= ${10_000 - m.deadPerTenThousand} THEN 'dead'
                  ELSE 'delivered' END AS status
      FROM r
    ),
    t AS (
      SELECT s.*, ($5::uuid[])[k] AS org,
             CASE WHEN i % 2 = 0 THEN ($6::uuid[])[k] ELSE ($7::uuid[])[k] END AS webhook,
             CASE status WHEN 'pending' THEN 1 + b2 % 2 WHEN 'dead' THEN 3
                  ELSE CASE WHEN b2 < ${m.threeAttemptsPerTenThousand} THEN 3
                            WHEN b2 < ${m.threeAttemptsPerTenThousand + m.twoAttemptsPerTenThousand} THEN 2 ELSE 1 END END AS attempts
      FROM s
    ),
    ev AS (
      INSERT INTO events (id, organization_id, type, payload, payment_id, created_at)
      SELECT ${uuidV7('ms', 'he')}, org, 'payment.settled',
             jsonb_build_object('payment', jsonb_build_object('id', ${uuidV7('ms', 'hd')}::text, 'amount', (1000 + b2)::text, 'status', 'settled')),
             ${uuidV7('ms', 'hd')}, ts
      FROM t
    ),
    dl AS (
      INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, status, attempts, manual, next_attempt_at,
                              last_status_code, last_error, created_at, updated_at, delivered_at)
      SELECT ${uuidV7('ms', 'hd')}, org, webhook, ${uuidV7('ms', 'he')}, 'payment.settled', status::delivery_status, attempts, false,
             CASE WHEN status = 'pending' THEN to_timestamp($10::bigint / 1000.0) + (120 + b2 % 240) * interval '1 minute' END,
             CASE WHEN status = 'delivered' THEN 200 ELSE 500 END,
             CASE WHEN status = 'delivered' THEN NULL ELSE 'HTTP 500' END,
             ts, ts + (attempts - 1) * interval '1 minute',
             CASE WHEN status = 'delivered' THEN ts + (attempts - 1) * interval '1 minute' END
      FROM t
      RETURNING id, created_at, attempts, status
    )
    INSERT INTO delivery_attempts (id, delivery_id, number, status_code, duration_ms, error, response_body, created_at)
    SELECT ${uuidV7('(extract(epoch FROM dl.created_at) * 1000)::bigint + n * 60000', 'md5(dl.id::text || n)')}, dl.id, n,
           CASE WHEN dl.status = 'delivered' AND n = dl.attempts THEN 200 ELSE 500 END,
           20 + (n * 7) % 50, NULL,
           CASE WHEN dl.status = 'delivered' AND n = dl.attempts THEN 'ok' ELSE 'Internal Server Error' END,
           dl.created_at + (n - 1) * interval '1 minute'
    FROM dl, generate_series(1, dl.attempts) AS n`;
}

/**
 * Payments i = $1 … $2 of $3 in one statement. Parameters: $4 bucket starts, $5 organization ids,
 * $6 token, $7 start ms, $8 span ms, $9 now ms.
 */
function paymentsSql(step: number): string {
  const m = PAYMENT_MIX;
  const failed = m.failedPerTenThousand;
  const expired = failed + m.expiredPerTenThousand;
  const refunded = expired + m.refundedPerTenThousand;
  return `
    WITH r AS (
      SELECT i, ($7::bigint + (i * $8::bigint) / $3::bigint) AS ms,
             width_bucket((i * ${step}::bigint) % $3::bigint, $4::bigint[]) AS k,
             abs(hashint8(i + 8000000000)::bigint) % 10000 AS b, abs(hashint8(i + 12000000000)::bigint) % 10000 AS b2,
             md5('p' || i) AS hp
      FROM generate_series($1::bigint, $2::bigint) AS i
    ),
    s AS (
      SELECT r.*, to_timestamp(ms / 1000.0) AS ts,
             CASE WHEN ms > $9::bigint - 86400000 AND b >= ${10_000 - m.pendingRecentPerTenThousand} THEN 'pending'
                  WHEN b < ${failed} THEN 'failed'
                  WHEN b < ${expired} THEN 'expired'
                  WHEN b < ${refunded} THEN 'refunded'
                  ELSE 'settled' END AS status
      FROM r
    )
    INSERT INTO payments (id, organization_id, payer, token, amount, description, purpose, credits, status, failure_reason,
                          expires_at, settled_at, refunded_at, created_at, updated_at)
    SELECT ${uuidV7('ms', 'hp')}, ($5::uuid[])[k], '0x' || substr(md5('payer' || (i % 50000)), 1, 40), $6::text,
           (1000 + b2 * 1000)::numeric, NULL, 'payment', NULL, status::payment_status,
           CASE WHEN status = 'failed' THEN 'insufficient-balance' END,
           CASE WHEN status = 'pending' THEN to_timestamp($9::bigint / 1000.0) + (120 + b2 % 240) * interval '1 minute' ELSE ts + interval '1 hour' END,
           CASE WHEN status IN ('settled', 'refunded') THEN ts + interval '30 seconds' END,
           CASE WHEN status = 'refunded' THEN ts + interval '2 days' END,
           ts, ts + interval '30 seconds'
    FROM s`;
}

/**
 * `count` organizations named `growth-<n>`, each with two active webhooks (to an unroutable
 * address: nothing delivers to them), in two statements.
 * @returns the organizations with their webhooks' ids
 */
export async function seedOrganizations(client: pg.Client, count: number): Promise<{ id: string; webhook1: string; webhook2: string }[]> {
  const res = await client.query<{ id: string; webhook1: string; webhook2: string }>(
    `WITH o AS (
       INSERT INTO organizations (id, name, created_at)
       SELECT gen_random_uuid(), 'growth-' || g, now() - interval '120 days' FROM generate_series(1, $1::int) AS g
       RETURNING id
     ),
     w AS (
       INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, signature_scheme, active, created_at, updated_at)
       SELECT gen_random_uuid(), o.id, 'https://growth.invalid/' || o.id || '/' || n, ARRAY['payment.settled'], 'seed:x:x:x:x', 'service', true,
              now() - interval '120 days', now() - interval '120 days'
       FROM o, generate_series(1, 2) AS n
       RETURNING id, organization_id, url
     )
     SELECT o.id::text AS id,
            (SELECT w.id::text FROM w WHERE w.organization_id = o.id AND w.url LIKE '%/1') AS webhook1,
            (SELECT w.id::text FROM w WHERE w.organization_id = o.id AND w.url LIKE '%/2') AS webhook2
     FROM o`,
    [count],
  );
  return res.rows;
}
