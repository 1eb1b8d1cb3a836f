/**
 * Integration test of @gw/db against the real PostgreSQL (through jest's ESM VM, ts-jest):
 * the generated Prisma 7 client (wasm query compiler) + PrismaPg, the transaction helper, and
 * the wasm-schema-engine migrations runner.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import {
  DEFAULT_MIGRATIONS_DIR,
  Prisma,
  PaymentStatus,
  createPrismaClient,
  migrateDatabase,
  withTransaction,
  type PrismaClient,
} from '../src/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function migrationFolders(): Promise<string[]> {
  const entries = await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

describe('@gw/db', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    db = await createTestDatabase('db');
    prisma = createPrismaClient(db.url, { poolMax: 4 });
  });

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('creates and reads back an Organization through the generated client', async () => {
    const created = await prisma.organization.create({ data: { name: 'Acme' } });
    expect(created.id).toMatch(UUID_V7);
    expect(created.createdAt).toBeInstanceOf(Date);

    const read = await prisma.organization.findUnique({ where: { id: created.id } });
    expect(read).toEqual({ id: created.id, name: 'Acme', native: false, createdAt: created.createdAt });
  });

  it('round-trips enums and Decimal(78,0) amounts exactly', async () => {
    const org = await prisma.organization.create({ data: { name: 'Decimals' } });
    const huge = '123456789012345678901234567890123456789012345678901234567890123456789012345678';
    const payment = await prisma.payment.create({
      data: {
        organizationId: org.id,
        payer: '0xabc',
        token: 'GW',
        amount: new Prisma.Decimal(huge),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    expect(payment.status).toBe(PaymentStatus.pending);
    const read = await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(read.amount.toFixed()).toBe(huge);
    expect(Prisma.Decimal.isDecimal(read.amount)).toBe(true);
  });

  it('withTransaction commits on success and rolls back on throw', async () => {
    const kept = await withTransaction(prisma, (tx) => tx.organization.create({ data: { name: 'kept' } }));
    await expect(
      withTransaction(
        prisma,
        async (tx) => {
          await tx.organization.create({ data: { name: 'rolled-back' } });
          throw new Error('boom');
        },
        { isolationLevel: 'Serializable' },
      ),
    ).rejects.toThrow('boom');

    expect(await prisma.organization.count({ where: { name: 'kept' } })).toBe(1);
    expect(await prisma.organization.count({ where: { name: 'rolled-back' } })).toBe(0);
    expect(kept.name).toBe('kept');
  });

  it('withTransaction retries serialization failures when asked to', async () => {
    await prisma.token.create({ data: { symbol: 'CNT', name: 'counter', decimals: 0 } });
    let runs = 0;
    let reads = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    // Two concurrent read-modify-write transactions on the same row at SERIALIZABLE, both
    // reading before either writes (barrier): one of them must fail with 40001 (P2034) and be
    // re-run; the re-run does not wait.
    const bump = () =>
      withTransaction(
        prisma,
        async (tx) => {
          runs++;
          const t = await tx.token.findUniqueOrThrow({ where: { symbol: 'CNT' } });
          if (++reads === 2) release();
          if (reads <= 2) await bothRead;
          await tx.token.update({ where: { symbol: 'CNT' }, data: { decimals: t.decimals + 1 } });
        },
        { isolationLevel: 'Serializable', retries: 5 },
      );
    await Promise.all([bump(), bump()]);
    const t = await prisma.token.findUniqueOrThrow({ where: { symbol: 'CNT' } });
    expect(t.decimals).toBe(2);
    expect(runs).toBe(3); // exactly one re-run
  });

  it('records every migration folder in _prisma_migrations, and a second run applies nothing', async () => {
    const folders = await migrationFolders();
    expect(folders.length).toBeGreaterThan(0);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ migration_name: string }>(
        'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
      );
      expect(rows.map((r) => r.migration_name)).toEqual(folders);
    } finally {
      await client.end();
    }

    // The clone is a byte copy of the template, so this is the template's second run. It runs
    // the wasm schema engine in-process, inside jest's VM.
    await expect(migrateDatabase(db.url)).resolves.toEqual({ applied: [] });
  });

  it('migrateDatabase creates a missing database and is idempotent', async () => {
    const fresh = await createTestDatabase('fresh');
    await fresh.drop(); // keep the (unique, teardown-tracked) name, lose the database
    try {
      const first = await migrateDatabase(fresh.url);
      expect(first.applied).toEqual(await migrationFolders());
      expect(await migrateDatabase(fresh.url)).toEqual({ applied: [] });

      const client = createPrismaClient(fresh.url);
      try {
        await expect(client.organization.count()).resolves.toBe(0);
      } finally {
        await client.$disconnect();
      }
    } finally {
      await fresh.drop();
    }
  });
});
