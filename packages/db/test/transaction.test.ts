/**
 * The one transaction entry point (packages/db/src/transaction.ts) against the real
 * PostgreSQL: both paths, the Prisma client and the raw pg pool, re-run a transaction that lost a
 * race (deadlock 40P01, serialization failure 40001) at most `retries` times, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createPrismaClient,
  createRawSql,
  isTransactionConflict,
  withTransaction,
  type PrismaClient,
  type RawSql,
  type RawSqlPool,
} from '../src/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

/** A promise and its resolver: the barrier that makes two transactions cross. */
function barrier(parties: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    /** Resolves once `parties` callers arrived (later callers pass at once). */
    arrive: () => {
      if (++arrived === parties) open();
      return arrived <= parties ? opened : Promise.resolve();
    },
  };
}

describe('withTransaction (one entry point, both paths)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let sql: RawSqlPool;

  beforeAll(async () => {
    db = await createTestDatabase('tx');
    prisma = createPrismaClient(db.url, { poolMax: 4 });
    sql = createRawSql(db.url, 4);
    await sql.$executeRaw`CREATE TABLE tx_probe (id int PRIMARY KEY, n int NOT NULL)`;
  });
  afterAll(async () => {
    await sql?.close();
    await prisma?.$disconnect();
    await db?.drop();
  });

  const reset = async () => {
    await sql.$executeRaw`DELETE FROM tx_probe`;
    await sql.$executeRaw`INSERT INTO tx_probe (id, n) VALUES (1, 0), (2, 0)`;
  };
  const values = async () => (await sql.$queryRaw<{ n: number }[]>`SELECT n FROM tx_probe ORDER BY id`).map((r) => r.n);

  /** Two transactions that lock rows 1 and 2 in opposite orders, both holding their first lock before either asks for its second. */
  function crossing(retries: number | undefined) {
    const bothLocked = barrier(2);
    let runs = 0;
    const bump = (first: number, second: number) =>
      withTransaction(
        sql,
        async (tx: RawSql) => {
          runs++;
          await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = ${first}`;
          await bothLocked.arrive();
          await tx.$executeRaw`UPDATE tx_probe SET n = n + 1 WHERE id = ${second}`;
        },
        retries === undefined ? {} : { retries },
      );
    return { settled: Promise.allSettled([bump(1, 2), bump(2, 1)]), runs: () => runs };
  }

  it('raw path: a deadlock (40P01) is re-run by default, and both transactions commit', async () => {
    await reset();
    const { settled, runs } = crossing(undefined);
    const outcomes = await settled;
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs()).toBe(3); // PostgreSQL aborted exactly one of the two; it ran again
    expect(await values()).toEqual([2, 2]);
  });

  it('raw path: with retries 0 the deadlock reaches the caller as 40P01 and the loser wrote nothing', async () => {
    await reset();
    const { settled, runs } = crossing(0);
    const outcomes = await settled;
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0]!.reason as { code?: string }).code).toBe('40P01');
    expect(isTransactionConflict(rejected[0]!.reason)).toBe(true);
    expect(runs()).toBe(2);
    expect(await values()).toEqual([1, 1]);
  });

  it('raw path: SERIALIZABLE read-modify-writes that collide (40001) are re-run until both count', async () => {
    await reset();
    const bothRead = barrier(2);
    let runs = 0;
    const increment = () =>
      withTransaction(
        sql,
        async (tx: RawSql) => {
          runs++;
          const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT n FROM tx_probe WHERE id = 1`;
          await bothRead.arrive();
          await tx.$executeRaw`UPDATE tx_probe SET n = ${row!.n + 1} WHERE id = 1`;
        },
        { isolationLevel: 'Serializable' },
      );
    await Promise.all([increment(), increment()]);
    expect((await values())[0]).toBe(2);
    expect(runs).toBe(3);
  });

  it('Prisma path: a 40001 raised by PostgreSQL through the adapter is recognised and re-run; other errors are not', async () => {
    let runs = 0;
    const result = await withTransaction(prisma, async (tx) => {
      runs++;
      if (runs === 1) await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'lost a race' USING ERRCODE = '40001'; END $$`;
      return 'second run';
    });
    expect(result).toBe('second run');
    expect(runs).toBe(2);

    let failing = 0;
    await expect(
      withTransaction(prisma, async (tx) => {
        failing++;
        await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'a real error' USING ERRCODE = '23505'; END $$`;
      }),
    ).rejects.toThrow();
    expect(failing).toBe(1);
  });

  it('a conflict that persists is re-run exactly `retries` times, then thrown', async () => {
    let runs = 0;
    const err = await withTransaction(
      sql,
      async (tx: RawSql) => {
        runs++;
        await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'always loses' USING ERRCODE = '40001'; END $$`;
      },
      { retries: 2 },
    ).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('40001');
    expect(runs).toBe(3);
  });
});
