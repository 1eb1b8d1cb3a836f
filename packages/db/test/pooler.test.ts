/**
 * PostgreSQL through a transaction pooler. Debian's PgBouncer 1.18 in
 * `pool_mode = transaction` with ONE server connection per database, so every client connection
 * shares it: the named prepared statements of the raw SQL (`gw_raw_N`, one per call site and
 * connection) collide there, deterministically; with `pooler: 'transaction'` nothing is named and
 * the same calls pass. Prisma (PrismaPg) names nothing, so it passes as it is. The migrate CLI
 * refuses to run through a transaction pooler without DATABASE_DIRECT_URL.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPrismaClient, createRawSql, withTransaction } from '../src/index.js';
import { createTestDatabase, startPgBouncer, type RunningPgBouncer, type TestDatabase } from '../src/testing.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('behind PgBouncer 1.18 in transaction mode', () => {
  let db: TestDatabase;
  let bouncer: RunningPgBouncer;
  let url: string;

  beforeAll(async () => {
    db = await createTestDatabase('pooler');
    bouncer = await startPgBouncer({ serverUrl: db.directUrl, poolSize: 1 });
    url = bouncer.route(db.directUrl);
  });
  afterAll(async () => {
    await bouncer?.stop();
    await db?.drop();
  });

  /** Four concurrent calls of one call site, on four client connections of one pool. */
  const fourAtOnce = (sql: ReturnType<typeof createRawSql>) => {
    const call = (i: number) => sql.$queryRaw<{ n: number }[]>`SELECT ${i}::int AS n`;
    return Promise.allSettled([call(1), call(2), call(3), call(4)]);
  };

  it('is a PgBouncer 1.x (Debian 12 ships 1.18: no prepared statements in transaction mode; 1.21+ runs with them off)', () => {
    expect(bouncer.version).toMatch(/^PgBouncer 1\.\d+/);
  });

  it('breaks the named statements of the raw SQL (DATABASE_POOLER=none)', async () => {
    const sql = createRawSql(url, 4);
    try {
      const results = await fourAtOnce(sql);
      const errors = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as Error).message);
      // The first client prepares gw_raw_N on the one server connection; the others try again there.
      expect(errors.length).toBeGreaterThanOrEqual(1);
      for (const message of errors) expect(message).toMatch(/^prepared statement "gw_raw_\d+" (already exists|does not exist)$/);
    } finally {
      await sql.close();
    }
  });

  it('passes with DATABASE_POOLER=transaction: unnamed statements, also inside transactions', async () => {
    const sql = createRawSql(url, 4, { pooler: 'transaction' });
    try {
      for (let round = 0; round < 3; round++) {
        const results = await fourAtOnce(sql);
        expect(results.map((r) => (r.status === 'fulfilled' ? r.value[0]!.n : (r.reason as Error).message))).toEqual([1, 2, 3, 4]);
      }
      const inTx = await Promise.all(
        [1, 2, 3].map((i) =>
          sql.transaction(async (tx) => {
            const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT ${i}::int + 1 AS n`;
            await tx.$executeRaw`SELECT pg_advisory_xact_lock(${i})`;
            return row!.n;
          }),
        ),
      );
      expect(inTx).toEqual([2, 3, 4]);
    } finally {
      await sql.close();
    }
  });

  it('passes with Prisma as it is: PrismaPg names no statement', async () => {
    const prisma = createPrismaClient(url, { poolMax: 4 });
    try {
      const orgs = await Promise.all([1, 2, 3, 4].map((i) => prisma.organization.create({ data: { name: `pooled ${i}` } })));
      expect(await prisma.organization.count({ where: { id: { in: orgs.map((o) => o.id) } } })).toBe(4);
      const names = await Promise.all(
        orgs.map((o) =>
          withTransaction(prisma, (tx) => tx.organization.update({ where: { id: o.id }, data: { name: `${o.name}!` } }), {
            isolationLevel: 'Serializable',
            retries: 5,
          }),
        ),
      );
      expect(names.map((o) => o.name).sort()).toEqual(['pooled 1!', 'pooled 2!', 'pooled 3!', 'pooled 4!']);
    } finally {
      await prisma.$disconnect();
    }
  });

  const migrate = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--no-warnings', '--import', 'tsx', 'packages/db/src/cli/migrate.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
      encoding: 'utf8',
    });

  it('migrate refuses to run through a transaction pooler without DATABASE_DIRECT_URL, and uses it when set', () => {
    const refused = migrate({ DATABASE_URL: url, DATABASE_POOLER: 'transaction' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/DATABASE_POOLER=transaction .*set DATABASE_DIRECT_URL/);
    const direct = migrate({ DATABASE_URL: url, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: db.directUrl });
    expect({ status: direct.status, stderr: direct.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(direct.stdout)).toEqual({ migrated: true, database: db.name, applied: [] });
  });
});
