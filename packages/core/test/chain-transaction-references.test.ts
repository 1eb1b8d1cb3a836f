import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRawSql, type RawSqlPool } from '@gw/db';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { chainTransactionReferences, nextAttemptReference } from '@gw/core/chain';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * Which outbox row signed a transaction hash (a Transfer log to custody → its gasless deposit): any
 * hash a row signed counts (a fee bump's predecessor may be the one mined), and the look-up is
 * served by the GIN index on `hashes` instead of scanning every row of the kind. And the references
 * of a business change's attempts when a keeper sends it again after a failure.
 */
describe('chain transactions by reference and by hash', () => {
  let db: TestDatabase;
  let sql: RawSqlPool;

  const insert = (
    kind: string,
    reference: string,
    chainId: number,
    hashes: string[],
    status = 'submitted',
    finishedAt: Date | null = null,
  ) => sql.$executeRaw`
    INSERT INTO chain_transactions (id, chain_id, signer, kind, reference, to_address, data, status, tx_hash, hashes, finished_at)
    VALUES (${randomUUID()}::uuid, ${chainId}::int, '0x00000000000000000000000000000000000000a1', ${kind}, ${reference},
      '0x00000000000000000000000000000000000000b2', '0x', ${status}, ${hashes.at(-1) ?? null}, ${hashes}::text[], ${finishedAt})`;

  beforeAll(async () => {
    db = await createTestDatabase('chain_tx_hashes');
    sql = createRawSql(db.url, 2, { pooler: db.pooler });
    await insert('permit-deposit', 'bumped', 31337, [hash(1), hash(2)]);
    await insert('permit-deposit', 'other-chain', 31338, [hash(3)]);
    await insert('withdrawal', 'other-kind', 31337, [hash(4)]);
    // Many rows of the kind, so that the kind alone selects nearly the whole table (as in production).
    await sql.$executeRaw`
      INSERT INTO chain_transactions (id, chain_id, signer, kind, reference, to_address, data, status, tx_hash, hashes)
      SELECT gen_random_uuid(), 31337, '0x00000000000000000000000000000000000000a1', 'permit-deposit', 'filler-' || i,
        '0x00000000000000000000000000000000000000b2', '0x', 'confirmed', h, ARRAY[h]
      FROM generate_series(1, 5000) AS i, LATERAL (SELECT '0x' || lpad(to_hex(100000 + i), 64, '0') AS h) AS x`;
    await sql.$executeRaw`ANALYZE chain_transactions`;
  });
  afterAll(async () => {
    await sql.close();
    await db.drop();
  });

  it('finds a row by its latest hash and by a hash it signed before a fee bump, and only rows of the kind and chain asked', async () => {
    expect(await chainTransactionReferences(sql, 31337, 'permit-deposit', hash(2))).toEqual(['bumped']);
    expect(await chainTransactionReferences(sql, 31337, 'permit-deposit', hash(1))).toEqual(['bumped']);
    expect(await chainTransactionReferences(sql, 31337, 'permit-deposit', hash(3))).toEqual([]);
    expect(await chainTransactionReferences(sql, 31338, 'permit-deposit', hash(3))).toEqual(['other-chain']);
    expect(await chainTransactionReferences(sql, 31337, 'permit-deposit', hash(4))).toEqual([]);
    expect(await chainTransactionReferences(sql, 31337, 'permit-deposit', hash(99))).toEqual([]);
  });

  it("the look-up's shape can use the index on hashes (the planner's choice on 5,000 rows of the kind)", async () => {
    const plan = await sql.$queryRaw<{ 'QUERY PLAN': string }[]>`
      EXPLAIN SELECT reference FROM chain_transactions
      WHERE hashes @> ARRAY[${hash(2)}]::text[] AND kind = 'permit-deposit' AND chain_id = 31337`;
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('chain_transactions_hashes_idx');
  });

  it('nextAttemptReference: the base first, a retry only after failures, each after a doubling back-off, at most maxAttempts', async () => {
    const policy = { maxAttempts: 3, backoffMs: 60_000 };
    const t0 = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const next = (base: string, now: Date) => nextAttemptReference(sql, 'retry-kind', base, policy, now);
    expect(await next('p1', t0)).toBe('p1');
    await insert('retry-kind', 'p1', 31337, [], 'submitted');
    expect(await next('p1', at(3_600_000))).toBeNull(); // an attempt under way
    await sql.$executeRaw`UPDATE chain_transactions SET status = 'failed', finished_at = ${t0} WHERE kind = 'retry-kind' AND reference = 'p1'`;
    expect(await next('p1', at(59_999))).toBeNull();
    expect(await next('p1', at(60_000))).toBe('p1#1');
    await insert('retry-kind', 'p1#1', 31337, [], 'failed', at(60_000));
    expect(await next('p1', at(60_000 + 119_999))).toBeNull(); // twice the back-off after the second failure
    expect(await next('p1', at(60_000 + 120_000))).toBe('p1#2');
    await insert('retry-kind', 'p1#2', 31337, [], 'failed', at(180_000));
    expect(await next('p1', at(86_400_000))).toBeNull(); // three attempts failed: no fourth
    // A confirmed retry ends it; another base (sharing the prefix without '#') is its own change.
    await insert('retry-kind', 'p2', 31337, [], 'failed', t0);
    await insert('retry-kind', 'p2#1', 31337, [], 'confirmed', at(61_000));
    expect(await next('p2', at(86_400_000))).toBeNull();
    await insert('retry-kind', 'p22', 31337, [], 'submitted');
    expect(await next('p2', at(86_400_000))).toBeNull();
    expect(await next('p3', t0)).toBe('p3');
    await insert('retry-kind', 'p3x', 31337, [], 'submitted');
    expect(await next('p3', t0)).toBe('p3');
  });
});
