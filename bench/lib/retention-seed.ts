/**
 * Rows for the retention job to prune, written directly in a bench database (fixtures
 * may write tables directly), set-based with `generate_series`: used by `pnpm bench:retention`
 * (old rows and as many recent ones, once) and by `pnpm bench:soak` (old rows only, again and again,
 * so every retention pass of the soak has work).
 *
 * @module
 */
import type { RawSqlPool } from '@gw/db';

export interface RetentionSeed {
  /** A new organization's id: the helper creates it with `webhooks` webhooks (never called; their URL is a closed port). */
  organizationId: string;
  webhooks: number;
  /** `delivered` deliveries per age, each with its own event and `attempts` attempt rows. */
  deliveries: number;
  attempts: number;
  /** Idempotency records per age. */
  keys: number;
  /** Used login nonces per age. */
  nonces: number;
  /**
   * `old`: past retention (deliveries 40 days, keys and nonces 2 days); `both`: those and as many
   * within retention (deliveries 1 day, keys and nonces 1 hour), which a run must keep.
   */
  ages: 'old' | 'both';
  /** Makes this call's nonces unique (they are global); default the organization id. */
  tag?: string;
}

/** Writes the rows of {@link RetentionSeed}; several calls may seed one database (distinct organizations and tags). */
export async function seedRetentionRows(sql: RawSqlPool, s: RetentionSeed): Promise<void> {
  const tag = s.tag ?? s.organizationId;
  await sql.$executeRaw`INSERT INTO organizations (id, name) VALUES (${s.organizationId}::uuid, 'retention bench')`;
  await sql.$executeRaw`
    INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, updated_at)
    SELECT gen_random_uuid(), ${s.organizationId}::uuid, 'http://127.0.0.1:9/h/' || i, '{payment.settled}', 'x', now()
    FROM generate_series(1, ${s.webhooks}::int) AS i`;
  const deliveryAges = s.ages === 'both' ? ['40 days', '1 day'] : ['40 days'];
  for (const age of deliveryAges) {
    // One event per delivery (as with one subscribed webhook), spread over the webhooks.
    await sql.$executeRaw`
      WITH w AS (SELECT id, row_number() OVER () - 1 AS n FROM webhooks WHERE organization_id = ${s.organizationId}::uuid),
      e AS (
        INSERT INTO events (id, organization_id, type, payload, created_at)
        SELECT gen_random_uuid(), ${s.organizationId}::uuid, 'payment.settled',
               '{"payment":{"id":"p","amount":"1000000000000000000"}}', now() - ${age}::interval - (i || ' ms')::interval
        FROM generate_series(1, ${s.deliveries}::int) AS i
        RETURNING id, created_at
      ),
      numbered AS (SELECT id, created_at, row_number() OVER () AS i FROM e)
      INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, status, attempts, created_at, updated_at, delivered_at)
      SELECT gen_random_uuid(), ${s.organizationId}::uuid, w.id, numbered.id, 'payment.settled',
             'delivered'::delivery_status, ${s.attempts}::int, numbered.created_at, numbered.created_at, numbered.created_at
      FROM numbered JOIN w ON w.n = numbered.i % ${s.webhooks}::int`;
  }
  await sql.$executeRaw`
    INSERT INTO delivery_attempts (id, delivery_id, number, status_code, duration_ms, response_body, created_at)
    SELECT gen_random_uuid(), d.id, n, CASE WHEN n = ${s.attempts}::int THEN 200 ELSE 500 END, 25, 'ok', d.updated_at
    FROM deliveries d, generate_series(1, ${s.attempts}::int) AS n
    WHERE d.organization_id = ${s.organizationId}::uuid`;
  for (const age of s.ages === 'both' ? ['2 days', '1 hour'] : ['2 days']) {
    await sql.$executeRaw`
      INSERT INTO idempotency_records (organization_id, key, request_hash, status_code, response_body, created_at)
      SELECT ${s.organizationId}::uuid, ${age}::text || '-' || i, md5(i::text), 201, '{"id":"p"}', now() - ${age}::interval
      FROM generate_series(1, ${s.keys}::int) AS i`;
    await sql.$executeRaw`
      INSERT INTO siwe_nonces (nonce, address, expires_at, used_at, created_at)
      SELECT md5(${tag}::text || ${age}::text || i), '0x0000000000000000000000000000000000000001', now() - ${age}::interval + interval '10 minutes',
             now() - ${age}::interval, now() - ${age}::interval
      FROM generate_series(1, ${s.nonces}::int) AS i`;
  }
}
