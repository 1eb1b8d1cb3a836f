import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRawSql, type RawSql } from '@gw/db';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { createDeliveryStore, findOverdueDeliveries, readOutboxBacklog, type AttemptRecord, type DeliveryStore } from '@gw/core/webhooks';

/**
 * The worker's batched reads and attempt records against the real PostgreSQL: batching
 * must not change what one delivery sees or writes, and must keep the attempt-count guard.
 */
describe('delivery store (batched raw SQL)', () => {
  let db: TestDatabase;
  let sql: RawSql & { close(): Promise<void> };
  let store: DeliveryStore;
  let webhookId: string;
  let eventId: string;
  let organizationId: string;

  beforeAll(async () => {
    db = await createTestDatabase('delivery_store');
    sql = createRawSql(db.url, 6, { pooler: db.pooler });
    store = createDeliveryStore(sql, { maxBatch: 10, maxInFlight: 2 });
    organizationId = randomUUID();
    webhookId = randomUUID();
    eventId = randomUUID();
    await sql.$executeRaw`INSERT INTO organizations (id, name) VALUES (${organizationId}::uuid, 'store test')`;
    await sql.$executeRaw`
      INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, updated_at)
      VALUES (${webhookId}::uuid, ${organizationId}::uuid, 'http://127.0.0.1:9/hook', '{payment.settled}', 'v1.k.iv.tag.data', now())`;
    await sql.$executeRaw`
      INSERT INTO events (id, organization_id, type, payload)
      VALUES (${eventId}::uuid, ${organizationId}::uuid, 'payment.settled', '{"payment":{"id":"p1"}}')`;
  });
  afterAll(async () => {
    await sql.close();
    await db.drop();
  });

  /** `n` pending deliveries of the event, each to its own webhook (one per event and webhook). */
  async function pendingDeliveries(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const hook = randomUUID();
      const id = randomUUID();
      await sql.$executeRaw`
        INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, updated_at)
        VALUES (${hook}::uuid, ${organizationId}::uuid, ${`http://127.0.0.1:9/h/${hook}`}, '{payment.settled}', 'v1.k.iv.tag.data', now())`;
      await sql.$executeRaw`
        INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, updated_at)
        VALUES (${id}::uuid, ${organizationId}::uuid, ${hook}::uuid, ${eventId}::uuid, 'payment.settled', now())`;
      ids.push(id);
    }
    return ids;
  }

  const stateOf = async (id: string) =>
    (
      await sql.$queryRaw<
        {
          status: string;
          attempts: number;
          next_attempt_at: Date | null;
          last_status_code: number | null;
          last_error: string | null;
          delivered: boolean;
        }[]
      >`SELECT status::text, attempts, next_attempt_at, last_status_code, last_error, delivered_at IS NOT NULL AS delivered FROM deliveries WHERE id = ${id}::uuid`
    )[0]!;
  const attemptsOf = (id: string) =>
    sql.$queryRaw<
      { number: number; status_code: number | null; duration_ms: number; error: string | null; response_body: string | null }[]
    >`
      SELECT number, status_code, duration_ms, error, response_body FROM delivery_attempts WHERE delivery_id = ${id}::uuid ORDER BY number`;

  const delivered = (deliveryId: string, previousAttempts = 0): AttemptRecord => ({
    deliveryId,
    previousAttempts,
    status: 'delivered',
    nextAttemptAt: null,
    statusCode: 200,
    durationMs: 12,
    error: null,
    responseBody: 'ok',
  });

  it('loads many deliveries concurrently, each with its webhook and event; unknown and malformed ids are undefined', async () => {
    const ids = await pendingDeliveries(25);
    const unknown = randomUUID();
    const loaded = await Promise.all([...ids, unknown, 'not-a-uuid'].map((id) => store.load(id)));
    expect(loaded.slice(-2)).toEqual([undefined, undefined]);
    loaded.slice(0, -2).forEach((d, i) => {
      expect(d).toMatchObject({
        id: ids[i],
        event: 'payment.settled',
        status: 'pending',
        attempts: 0,
        manual: false,
        nextAttemptAt: null,
        webhook: { url: expect.stringContaining('/h/'), active: true, secretEncrypted: 'v1.k.iv.tag.data', signatureScheme: 'service' },
        eventRecord: { id: eventId, type: 'payment.settled', payload: { payment: { id: 'p1' } } },
      });
      expect(d!.eventRecord.createdAt).toBeInstanceOf(Date);
    });
  });

  it('records concurrent attempts of many deliveries with their outcomes, each exactly once', async () => {
    const ids = await pendingDeliveries(30);
    const retryAt = new Date(Date.now() + 60_000);
    const records: AttemptRecord[] = ids.map((id, i) =>
      i % 3 === 0
        ? delivered(id)
        : i % 3 === 1
          ? { ...delivered(id), status: 'pending', nextAttemptAt: retryAt, statusCode: 503, error: 'HTTP 503', responseBody: 'busy' }
          : { ...delivered(id), status: 'dead', statusCode: null, error: 'timeout after 10000 ms', responseBody: null, durationMs: 10_000 },
    );
    await expect(Promise.all(records.map((r) => store.recordAttempt(r)))).resolves.toEqual(ids.map(() => true));

    for (const [i, id] of ids.entries()) {
      const state = await stateOf(id);
      const log = await attemptsOf(id);
      expect(log).toHaveLength(1);
      if (i % 3 === 0) {
        expect(state).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, last_error: null, delivered: true });
        expect(log[0]).toEqual({ number: 1, status_code: 200, duration_ms: 12, error: null, response_body: 'ok' });
      } else if (i % 3 === 1) {
        expect(state).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503, last_error: 'HTTP 503', delivered: false });
        expect(state.next_attempt_at?.getTime()).toBe(retryAt.getTime());
        expect(log[0]).toMatchObject({ number: 1, status_code: 503, response_body: 'busy' });
      } else {
        expect(state).toMatchObject({ status: 'dead', attempts: 1, last_status_code: null, last_error: 'timeout after 10000 ms' });
        expect(log[0]).toMatchObject({ number: 1, status_code: null, duration_ms: 10_000, response_body: null });
      }
    }
  });

  it('two runs of one delivery recording the same attempt at once: exactly one is written', async () => {
    const [id] = await pendingDeliveries(1);
    const results = await Promise.all([store.recordAttempt(delivered(id!)), store.recordAttempt({ ...delivered(id!), statusCode: 204 })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await attemptsOf(id!)).toHaveLength(1);
    expect((await stateOf(id!)).attempts).toBe(1);
  });

  it('a record whose attempt count moved, or whose delivery is no longer pending, writes nothing and does not block its batch', async () => {
    const [moved, done, fine] = await pendingDeliveries(3);
    await store.recordAttempt(delivered(done!));
    const results = await Promise.all([
      store.recordAttempt({ ...delivered(moved!), previousAttempts: 4 }),
      store.recordAttempt({ ...delivered(done!), previousAttempts: 1 }),
      store.recordAttempt(delivered(fine!)),
    ]);
    expect(results).toEqual([false, false, true]);
    expect(await stateOf(moved!)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await attemptsOf(done!)).toHaveLength(1);
    expect(await stateOf(fine!)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('markDead ends a pending delivery without an attempt and leaves finished ones alone', async () => {
    const [pending, finished] = await pendingDeliveries(2);
    await store.recordAttempt(delivered(finished!));
    await store.markDead(pending!, 'webhook deactivated');
    await store.markDead(finished!, 'webhook deactivated');
    expect(await stateOf(pending!)).toMatchObject({ status: 'dead', attempts: 0, last_error: 'webhook deactivated' });
    expect(await attemptsOf(pending!)).toHaveLength(0);
    expect(await stateOf(finished!)).toMatchObject({ status: 'delivered', last_error: null });
  });

  it('a delivery parked behind an open circuit is not overdue before its horizon, and does not hide a lost one from the sweeper', async () => {
    const minute = 60_000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    // Three deliveries parked behind an open circuit whose cool-down ended 10 minutes ago (so their
    // `next_attempt_at` is long past), their jobs asleep until an hour from now, and one delivery of
    // the same age whose job was lost. Earlier tests' pending deliveries are ended first (this
    // test database is this file's own).
    await sql.$executeRaw`UPDATE deliveries SET status = 'dead' WHERE status = 'pending'`;
    const [p1, p2, p3, lost] = await pendingDeliveries(4);
    for (const id of [p1!, p2!, p3!])
      await store.defer(id, { nextAttemptAt: ago(10 * minute), parkedUntil: new Date(Date.now() + 60 * minute) });
    await store.defer(lost!, { nextAttemptAt: ago(5 * minute), parkedUntil: null });
    const cutoff = ago(30_000);
    // A page of one: the lost delivery, not a parked one that is older by `next_attempt_at`.
    expect((await findOverdueDeliveries(sql, cutoff, 1)).map((d) => d.id)).toEqual([lost]);
    expect((await findOverdueDeliveries(sql, cutoff, 10)).map((d) => d.id)).toEqual([lost]);
    const backlog = await readOutboxBacklog(sql);
    expect(backlog).toMatchObject({ pending: 4, overdue: 1 });
    expect(backlog!.oldest_overdue!).toBeGreaterThan(4.5 * 60);
    expect(backlog!.oldest_overdue!).toBeLessThan(6 * 60);
    const parkedOf = async (id: string) =>
      (await sql.$queryRaw<{ parked_until: Date | null }[]>`SELECT parked_until FROM deliveries WHERE id = ${id}::uuid`)[0]!.parked_until;

    // Past its horizon (a safety net that did not wake it), a parked delivery is overdue again,
    // by the horizon's age, and found after the ones overdue longer.
    await store.defer(p1!, { nextAttemptAt: null, parkedUntil: ago(2 * minute) });
    expect((await stateOf(p1!)).next_attempt_at!.getTime()).toBeLessThan(ago(9 * minute).getTime());
    expect((await findOverdueDeliveries(sql, cutoff, 10)).map((d) => d.id)).toEqual([lost, p1]);
    expect(await readOutboxBacklog(sql)).toMatchObject({ pending: 4, overdue: 2 });

    // An attempt ends the parking; so does a deferral as the circuit's prober (no horizon).
    expect(await store.recordAttempt({ ...delivered(p2!), status: 'pending', nextAttemptAt: ago(minute), statusCode: 500 })).toBe(true);
    expect(await parkedOf(p2!)).toBeNull();
    await store.defer(p3!, { nextAttemptAt: ago(minute), parkedUntil: null });
    expect(await parkedOf(p3!)).toBeNull();
    expect((await findOverdueDeliveries(sql, cutoff, 10)).map((d) => d.id).sort()).toEqual([lost, p1, p2, p3].sort());
    await store.markDead(p1!, 'test');
    expect(await parkedOf(p1!)).toBeNull();
    for (const id of [p2!, p3!, lost!]) await store.markDead(id, 'test');
  });
});
