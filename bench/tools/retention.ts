/**
 * `pnpm bench:retention`: the prune rate of the retention job, per table.
 *
 * Seeds, directly in a fresh bench database (fixtures may write tables directly): one
 * organization and BENCH_RETENTION_WEBHOOKS (10) webhooks; BENCH_RETENTION_DELIVERIES (100,000)
 * `delivered` deliveries last changed 40 days ago, each with its own event and
 * BENCH_RETENTION_ATTEMPTS (2) attempt rows; BENCH_RETENTION_KEYS (100,000) idempotency records
 * 2 days old; BENCH_RETENTION_NONCES (100,000) used nonces 2 days old. As many rows of each kind
 * within retention are seeded too (they are kept: the deletes must find the old rows among them).
 * Then `VACUUM ANALYZE`, and one `runRetention` with the default batch size (BENCH_RETENTION_BATCH,
 * 1000) and no budget limit, timed per step. Reports rows/s per table (the steps run one after
 * the other; deliveries' rate counts deliveries, their attempts go with them in the same
 * statements) and checks the kept rows are all there.
 *
 * Env as for `pnpm bench` (BENCH_PG_URL); no Redis. The database is dropped at the end.
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { createRawSql, type RawSqlPool } from '@gw/db';
import { createLogger } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { runRetention, type RetentionStep } from '@gw/core/retention';
import { createBenchDatabase } from '../lib/infra.js';
import { seedRetentionRows } from '../lib/retention-seed.js';

const num = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const N = {
  deliveries: num('BENCH_RETENTION_DELIVERIES', 100_000),
  attempts: num('BENCH_RETENTION_ATTEMPTS', 2),
  keys: num('BENCH_RETENTION_KEYS', 100_000),
  nonces: num('BENCH_RETENTION_NONCES', 100_000),
  webhooks: num('BENCH_RETENTION_WEBHOOKS', 10),
  batch: num('BENCH_RETENTION_BATCH', 1000),
};
const pgServerUrl = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Old rows (past retention) and as many recent ones (kept), then `VACUUM ANALYZE` and a checkpoint: untimed. */
async function seed(sql: RawSqlPool): Promise<void> {
  await seedRetentionRows(sql, { organizationId: '00000000-0000-7000-8000-000000000001', ...N, ages: 'both', tag: '' });
  await sql.$executeRaw`VACUUM (ANALYZE) events, deliveries, delivery_attempts, idempotency_records, siwe_nonces`;
  await sql.$executeRaw`CHECKPOINT`;
}

async function counts(sql: RawSqlPool): Promise<Record<string, number>> {
  const [row] = await sql.$queryRaw<Record<string, number>[]>`
    SELECT (SELECT count(*) FROM deliveries)::int AS deliveries, (SELECT count(*) FROM delivery_attempts)::int AS delivery_attempts,
           (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM idempotency_records)::int AS idempotency_records,
           (SELECT count(*) FROM siwe_nonces)::int AS siwe_nonces`;
  return row!;
}

async function main(): Promise<void> {
  const db = await createBenchDatabase(pgServerUrl);
  const sql = createRawSql(db.url, 2);
  try {
    console.log(
      `bench:retention: database ${db.name}; ${JSON.stringify(N)}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const t0 = performance.now();
    await seed(sql);
    const before = await counts(sql);
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(before)}`);

    // Time each step: wrap the batch functions through a run whose steps are timed one by one.
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
    const stepTimes = new Map<RetentionStep['step'], number>();
    const t1 = performance.now();
    const report = await runRetention(
      { sql: timedSql(sql, stepTimes), config, logger: createLogger('silent') },
      { batchSize: N.batch, budgetMs: 3_600_000 },
    );
    const total = performance.now() - t1;
    const after = await counts(sql);
    console.log(`  run: ${(total / 1000).toFixed(2)} s, complete ${report.complete}`);
    console.log('  | table | rows deleted | statements | s | rows/s |');
    console.log('  | --- | --- | --- | --- | --- |');
    for (const s of report.steps) {
      const ms = stepTimes.get(s.step) ?? 0;
      console.log(`  | ${s.step} | ${s.deleted} | ${s.batches} | ${(ms / 1000).toFixed(2)} | ${Math.round(s.deleted / (ms / 1000))} |`);
    }
    console.log(`  attempts deleted with the deliveries: ${report.pruned.delivery_attempts}`);
    console.log(
      `  overall: ${Math.round(Object.values(report.pruned).reduce((a, b) => a + b, 0) / (total / 1000))} rows/s (all tables, attempts included)`,
    );
    const expectKept = {
      deliveries: N.deliveries,
      delivery_attempts: N.deliveries * N.attempts,
      events: N.deliveries,
      idempotency_records: N.keys,
      siwe_nonces: N.nonces,
    };
    if (JSON.stringify(after) !== JSON.stringify(expectKept)) {
      throw new Error(`kept rows ${JSON.stringify(after)}, expected ${JSON.stringify(expectKept)}`);
    }
    console.log(`  kept (within retention): ${JSON.stringify(after)}: as expected`);
  } finally {
    await sql.close();
    await db.drop();
  }
}

/**
 * The raw SQL handle with each statement's time added to the step it belongs to (the step is
 * recognised from the table in the statement's text).
 */
function timedSql(sql: RawSqlPool, times: Map<RetentionStep['step'], number>): RawSqlPool {
  const stepOf = (text: string, values: unknown[]): RetentionStep['step'] => {
    if (text.includes('idempotency_records')) return 'idempotency_records';
    if (text.includes('siwe_nonces')) return 'siwe_nonces';
    if (text.includes('FROM events e')) return 'events';
    return values.includes('dead') ? 'dead_deliveries' : 'delivered_deliveries';
  };
  const wrap =
    <T>(fn: (strings: TemplateStringsArray, ...values: unknown[]) => PromiseLike<T>) =>
    async (strings: TemplateStringsArray, ...values: unknown[]): Promise<T> => {
      const t = performance.now();
      try {
        return await fn(strings, ...values);
      } finally {
        const step = stepOf(strings.join(' '), values);
        times.set(step, (times.get(step) ?? 0) + performance.now() - t);
      }
    };
  return {
    ...sql,
    $queryRaw: wrap((s, ...v) => sql.$queryRaw(s, ...v)),
    $executeRaw: wrap((s, ...v) => sql.$executeRaw(s, ...v)),
  } as RawSqlPool;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
