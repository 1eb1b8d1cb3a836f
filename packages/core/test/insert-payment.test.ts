import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRawSql, type RawSqlPool } from '@gw/db';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { insertPayment, type NewPayment } from '@gw/core/payments';

/** The group-committed insert of `POST /payments` without an Idempotency-Key, on the real PostgreSQL. */
describe('insertPayment', () => {
  let db: TestDatabase;
  let sql: RawSqlPool;
  let organizationId: string;

  beforeAll(async () => {
    db = await createTestDatabase('insert_payment');
    sql = createRawSql(db.url, 4, { pooler: db.pooler });
    organizationId = randomUUID();
    await sql.$executeRaw`INSERT INTO organizations (id, name) VALUES (${organizationId}::uuid, 'payments')`;
  });
  afterAll(async () => {
    await sql.close();
    await db.drop();
  });

  const payment = (i: number, over: Partial<NewPayment> = {}): NewPayment => ({
    organizationId,
    payer: '0x00000000000000000000000000000000000000a1',
    token: 'GTK',
    amount: 10n ** 18n * BigInt(i + 1),
    description: i % 2 ? `order ${i}` : null,
    purpose: i % 3 === 0 ? 'credit_purchase' : 'payment',
    credits: i % 3 === 0 ? BigInt(i + 5) : null,
    expiresAt: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
    ...over,
  });

  it('concurrent inserts each return their own committed, pending payment with the values given', async () => {
    const wanted = Array.from({ length: 40 }, (_, i) => payment(i));
    const created = await Promise.all(wanted.map((p) => insertPayment(sql, p)));
    expect(new Set(created.map((p) => p.id)).size).toBe(40);
    created.forEach((p, i) => {
      const w = wanted[i]!;
      expect(p).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/),
        object: 'payment',
        status: 'pending',
        amount: w.amount.toString(),
        token: 'GTK',
        payer: w.payer,
        organizationId,
        description: w.description,
        purpose: w.purpose,
        credits: w.credits?.toString() ?? null,
        failureReason: null,
        expiresAt: w.expiresAt.toISOString(),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        settledAt: null,
        refundedAt: null,
      });
    });
    const stored = await sql.$queryRaw<{ id: string; amount: string; status: string }[]>`
      SELECT id::text, amount::text, status::text FROM payments WHERE id = ANY(${created.map((p) => p.id)}::uuid[])`;
    expect(stored).toHaveLength(40);
    const byId = new Map(stored.map((r) => [r.id, r]));
    created.forEach((p) => expect(byId.get(p.id)).toEqual({ id: p.id, amount: p.amount, status: 'pending' }));
  });

  it('a payment that cannot be inserted fails alone; the others of its batch are committed', async () => {
    const unknownOrganization = randomUUID();
    const results = await Promise.allSettled([
      insertPayment(sql, payment(1)),
      insertPayment(sql, payment(2, { organizationId: unknownOrganization })),
      insertPayment(sql, payment(3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/foreign key/);
    const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof insertPayment>>> => r.status === 'fulfilled');
    const stored = await sql.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM payments WHERE id = ANY(${ok.map((r) => r.value.id)}::uuid[])`;
    expect(stored[0]!.n).toBe(2);
    const none = await sql.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM payments WHERE organization_id = ${unknownOrganization}::uuid`;
    expect(none[0]!.n).toBe(0);
  });
});
