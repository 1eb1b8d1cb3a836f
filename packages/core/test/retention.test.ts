import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createRawSql, type RawSqlPool } from '@gw/db';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { type Config, createLogger } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { pruneInBatches, runRetention } from '@gw/core/retention';

/**
 * Retention against the real PostgreSQL: what is past its retention goes, what is
 * within it (or pending, or live) stays, and the deletes run in bounded batches.
 */
describe('retention job', () => {
  let db: TestDatabase;
  let sql: RawSqlPool;
  let config: Config;
  let organizationId: string;
  let webhookId: string;
  const logger = createLogger('silent');
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const ago = (ms: number) => new Date(Date.now() - ms);

  beforeAll(async () => {
    db = await createTestDatabase('retention');
    sql = createRawSql(db.url, 4, { pooler: db.pooler });
    config = loadConfig({ NODE_ENV: 'test' }); // TTL 24 h, delivered 30 days, dead 90 days
    organizationId = randomUUID();
    webhookId = randomUUID();
    await sql.$executeRaw`INSERT INTO organizations (id, name) VALUES (${organizationId}::uuid, 'retention test')`;
    await sql.$executeRaw`
      INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, updated_at)
      VALUES (${webhookId}::uuid, ${organizationId}::uuid, 'http://127.0.0.1:9/hook', '{payment.settled}', 'v1.k.iv.tag.data', now())`;
  });
  beforeEach(async () => {
    await sql.$executeRaw`TRUNCATE idempotency_records, siwe_nonces, delivery_attempts, deliveries, events`;
  });
  afterAll(async () => {
    await sql.close();
    await db.drop();
  });

  const run = (opts: { batchSize?: number; budgetMs?: number } = {}) => runRetention({ sql, config, logger }, opts);

  async function idempotencyRecord(age: number): Promise<string> {
    const key = randomUUID();
    await sql.$executeRaw`
      INSERT INTO idempotency_records (organization_id, key, request_hash, status_code, response_body, created_at)
      VALUES (${organizationId}::uuid, ${key}, 'h', 201, '{}', ${ago(age)}::timestamptz)`;
    return key;
  }

  async function nonce(n: { createdAgo: number; usedAgo?: number; expiresIn?: number | null }): Promise<string> {
    const value = randomUUID().replaceAll('-', '');
    const used = n.usedAgo === undefined ? null : ago(n.usedAgo);
    const expires = n.expiresIn === undefined || n.expiresIn === null ? null : new Date(Date.now() + n.expiresIn);
    await sql.$executeRaw`
      INSERT INTO siwe_nonces (nonce, address, expires_at, used_at, created_at)
      VALUES (${value}, ${used ? '0x0000000000000000000000000000000000000001' : null}, ${expires}::timestamptz, ${used}::timestamptz,
              ${ago(n.createdAgo)}::timestamptz)`;
    return value;
  }

  async function event(age: number): Promise<string> {
    const id = randomUUID();
    await sql.$executeRaw`
      INSERT INTO events (id, organization_id, type, payload, created_at)
      VALUES (${id}::uuid, ${organizationId}::uuid, 'payment.settled', '{}', ${ago(age)}::timestamptz)`;
    return id;
  }

  /** A delivery (its own event, as old) last changed `age` ago, with `attempts` attempt rows. */
  async function delivery(status: 'pending' | 'delivered' | 'dead', age: number, attempts = 2): Promise<{ id: string; eventId: string }> {
    const eventId = await event(age + HOUR);
    const id = randomUUID();
    const at = ago(age);
    await sql.$executeRaw`
      INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, status, attempts, created_at, updated_at, delivered_at)
      VALUES (${id}::uuid, ${organizationId}::uuid, ${webhookId}::uuid, ${eventId}::uuid, 'payment.settled',
              ${status}::delivery_status, ${attempts}, ${at}::timestamptz, ${at}::timestamptz,
              ${status === 'delivered' ? at : null}::timestamptz)`;
    for (let n = 1; n <= attempts; n++) {
      await sql.$executeRaw`
        INSERT INTO delivery_attempts (id, delivery_id, number, status_code, duration_ms, created_at)
        VALUES (${randomUUID()}::uuid, ${id}::uuid, ${n}, 500, 10, ${at}::timestamptz)`;
    }
    return { id, eventId };
  }

  const exists = async (table: 'deliveries' | 'events', id: string) =>
    table === 'deliveries'
      ? (await sql.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM deliveries WHERE id = ${id}::uuid`)[0]!.n === 1
      : (await sql.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE id = ${id}::uuid`)[0]!.n === 1;
  const attemptsOf = async (id: string) =>
    (await sql.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM delivery_attempts WHERE delivery_id = ${id}::uuid`)[0]!.n;
  const keys = async () =>
    (await sql.$queryRaw<{ key: string }[]>`SELECT key FROM idempotency_records ORDER BY key`).map((r) => r.key).sort();
  const nonces = async () => (await sql.$queryRaw<{ nonce: string }[]>`SELECT nonce FROM siwe_nonces`).map((r) => r.nonce).sort();

  it('deletes expired idempotency records and keeps the live ones', async () => {
    await idempotencyRecord(25 * HOUR);
    await idempotencyRecord(400 * DAY);
    const live = [await idempotencyRecord(23 * HOUR), await idempotencyRecord(1000)];
    const report = await run();
    expect(report.pruned.idempotency_records).toBe(2);
    expect(await keys()).toEqual(live.sort());
  });

  it('deletes used or expired nonces older than a day and keeps live and recent ones', async () => {
    await nonce({ createdAgo: 2 * DAY, usedAgo: 2 * DAY - 60_000, expiresIn: -2 * DAY + 600_000 }); // issued, used
    await nonce({ createdAgo: 2 * DAY, expiresIn: -2 * DAY + 600_000 }); // issued, expired unused
    await nonce({ createdAgo: 3 * DAY, usedAgo: 3 * DAY }); // client nonce, used
    const kept = [
      await nonce({ createdAgo: 60_000, expiresIn: 540_000 }), // live: issued a minute ago
      await nonce({ createdAgo: HOUR, usedAgo: HOUR - 60_000, expiresIn: -HOUR + 600_000 }), // used an hour ago: still guards replays
      await nonce({ createdAgo: 2 * HOUR, usedAgo: 2 * HOUR }), // client nonce used 2 h ago
    ];
    const report = await run();
    expect(report.pruned.siwe_nonces).toBe(3);
    expect(await nonces()).toEqual(kept.sort());
  });

  it('deletes delivered deliveries past DELIVERY_RETENTION_DAYS and dead ones past DEAD_DELIVERY_RETENTION_DAYS, with their attempts; never pending ones', async () => {
    const oldDelivered = await delivery('delivered', 31 * DAY, 3);
    const recentDelivered = await delivery('delivered', 29 * DAY);
    const oldDead = await delivery('dead', 91 * DAY, 8);
    const deadWithinRetention = await delivery('dead', 60 * DAY);
    const ancientPending = await delivery('pending', 400 * DAY, 5);
    const report = await run();

    expect(report.pruned).toMatchObject({ deliveries: 2, delivery_attempts: 11 });
    expect(await exists('deliveries', oldDelivered.id)).toBe(false);
    expect(await exists('deliveries', oldDead.id)).toBe(false);
    expect(await attemptsOf(oldDelivered.id)).toBe(0);
    expect(await attemptsOf(oldDead.id)).toBe(0);
    for (const kept of [recentDelivered, deadWithinRetention, ancientPending]) {
      expect(await exists('deliveries', kept.id)).toBe(true);
      expect(await exists('events', kept.eventId)).toBe(true);
    }
    expect(await attemptsOf(ancientPending.id)).toBe(5);
    expect(await attemptsOf(deadWithinRetention.id)).toBe(2);
    // The events of the pruned deliveries have no delivery left and are past retention: gone too.
    expect(await exists('events', oldDelivered.eventId)).toBe(false);
    expect(await exists('events', oldDead.eventId)).toBe(false);
    expect(report.complete).toBe(true);
  });

  it('deletes old events without deliveries and keeps recent ones', async () => {
    const old = [await event(31 * DAY), await event(365 * DAY)];
    const recent = await event(DAY);
    const report = await run();
    expect(report.pruned.events).toBe(2);
    for (const id of old) expect(await exists('events', id)).toBe(false);
    expect(await exists('events', recent)).toBe(true);
  });

  it('deletes in bounded batches: batch size 2 over 5 rows is 3 statements, all rows deleted', async () => {
    for (let i = 0; i < 5; i++) await idempotencyRecord(48 * HOUR);
    for (let i = 0; i < 5; i++) await delivery('delivered', 40 * DAY, 1);
    const report = await run({ batchSize: 2 });
    const byStep = Object.fromEntries(report.steps.map((s) => [s.step, s]));
    expect(byStep.idempotency_records).toEqual({ step: 'idempotency_records', deleted: 5, batches: 3, complete: true });
    expect(byStep.delivered_deliveries).toEqual({ step: 'delivered_deliveries', deleted: 5, batches: 3, complete: true });
    expect(byStep.events).toMatchObject({ deleted: 5, batches: 3, complete: true });
    expect(report.pruned).toMatchObject({ idempotency_records: 5, deliveries: 5, delivery_attempts: 5, events: 5 });
    expect(await keys()).toEqual([]);
  });

  it('stops at the run budget and reports the run incomplete; the next run goes on', async () => {
    for (let i = 0; i < 3; i++) await idempotencyRecord(48 * HOUR);
    const stopped = await run({ budgetMs: 0 });
    expect(stopped.complete).toBe(false);
    expect(stopped.pruned.idempotency_records).toBe(0);
    expect((await keys()).length).toBe(3);
    const next = await run();
    expect(next.complete).toBe(true);
    expect(next.pruned.idempotency_records).toBe(3);
  });

  it('pruneInBatches: runs until a short batch, and checks the deadline before each batch', async () => {
    let left = 4;
    const sizes: number[] = [];
    const take = async (limit: number) => {
      const n = Math.min(limit, left);
      left -= n;
      sizes.push(n);
      return n;
    };
    expect(await pruneInBatches(take, { batchSize: 2, deadline: Number.POSITIVE_INFINITY })).toEqual({
      deleted: 4,
      batches: 3,
      complete: true,
    });
    expect(sizes).toEqual([2, 2, 0]);
    expect(await pruneInBatches(take, { batchSize: 2, deadline: 0 })).toEqual({ deleted: 0, batches: 0, complete: false });
  });
});
