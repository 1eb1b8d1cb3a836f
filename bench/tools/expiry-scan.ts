/**
 * `pnpm bench:expiry`: how fast the expiry scan (`expireDuePayments`) clears a mass
 * expiry, e.g. the payments of a flash sale that all expire in the same second.
 *
 * Seeds, in a fresh bench database, one organization with BENCH_EXPIRY_WEBHOOKS (1) webhooks
 * subscribed to `payment.expired`, BENCH_EXPIRY_PAYMENTS (10,000) pending payments already past
 * `expiresAt` and as many not yet due (they must stay pending), through the payments repository
 * (`insertPaymentRows`, untimed). Then one `expireDuePayments` with no budget limit, timed: each
 * due payment is expired in its own transaction with its event and one delivery per webhook,
 * whose jobs are enqueued after each commit (Redis database BENCH_REDIS_URL, flushed before and
 * after; no worker runs, so they stay queued). Reports payments/s and checks that every due
 * payment is `expired` with exactly one event and that the others are still `pending`.
 *
 * Env as for `pnpm bench` (BENCH_PG_URL, BENCH_REDIS_URL). The database is dropped at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { closeContext, createContext } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { expireDuePayments, insertPaymentRows, type NewPayment } from '@gw/core/payments';
import { claimRedisDatabase, createBenchDatabase, flushRedis } from '../lib/infra.js';

const num = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const N = { payments: num('BENCH_EXPIRY_PAYMENTS', 10_000), webhooks: num('BENCH_EXPIRY_WEBHOOKS', 1) };
const pgServerUrl = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';

async function main(): Promise<void> {
  const claim = await claimRedisDatabase(redisUrl);
  await flushRedis(redisUrl);
  const db = await createBenchDatabase(pgServerUrl);
  const ctx = createContext(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: 'bench',
      SECRETS_ENCRYPTION_KEY: `bench:${randomBytes(32).toString('base64')}`,
    }),
    { app: 'bench', queues: queueCatalogue },
  );
  try {
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(`bench:expiry: database ${db.name}; ${JSON.stringify(N)}; load average ${load.join(' ')}`);
    const organizationId = randomUUID();
    await ctx.sql.$executeRaw`INSERT INTO organizations (id, name) VALUES (${organizationId}::uuid, 'expiry bench')`;
    await ctx.sql.$executeRaw`
      INSERT INTO webhooks (id, organization_id, url, events, secret_encrypted, updated_at)
      SELECT gen_random_uuid(), ${organizationId}::uuid, 'http://127.0.0.1:9999/h/' || i, '{payment.expired}', 'x', now()
      FROM generate_series(1, ${N.webhooks}::int) AS i`;
    const seed = async (expiresAt: Date): Promise<void> => {
      for (let done = 0; done < N.payments; done += 1000) {
        const rows: (NewPayment & { id: string })[] = Array.from({ length: Math.min(1000, N.payments - done) }, () => ({
          id: randomUUID(),
          organizationId,
          payer: '0x00000000000000000000000000000000000000a1',
          token: 'GTK',
          amount: 1n,
          description: null,
          purpose: 'payment',
          credits: null,
          expiresAt,
        }));
        await insertPaymentRows(ctx.sql, rows);
      }
    };
    await seed(new Date(Date.now() - 1000));
    await seed(new Date(Date.now() + 3_600_000));
    await ctx.sql.$executeRaw`VACUUM (ANALYZE) payments`;

    const t0 = performance.now();
    const expired = await expireDuePayments(ctx, { budgetMs: 3_600_000 });
    const seconds = (performance.now() - t0) / 1000;

    const [check] = await ctx.sql.$queryRaw<{ expired: number; pending: number; events: number; deliveries: number }[]>`
      SELECT (SELECT count(*) FROM payments WHERE status = 'expired')::int AS expired,
             (SELECT count(*) FROM payments WHERE status = 'pending')::int AS pending,
             (SELECT count(*) FROM events WHERE type = 'payment.expired')::int AS events,
             (SELECT count(*) FROM deliveries)::int AS deliveries`;
    const want = { expired: N.payments, pending: N.payments, events: N.payments, deliveries: N.payments * N.webhooks };
    if (expired !== N.payments || JSON.stringify(check) !== JSON.stringify(want)) {
      throw new Error(`expired ${expired}; rows ${JSON.stringify(check)}, expected ${JSON.stringify(want)}`);
    }
    console.log(
      `  ${expired} due payments expired in ${seconds.toFixed(2)} s: ${Math.round(expired / seconds)} payments/s ` +
        `(${N.webhooks} webhook(s): ${want.deliveries} deliveries written and enqueued); ${N.payments} not due left pending`,
    );
  } finally {
    await closeContext(ctx);
    await db.drop();
    await flushRedis(redisUrl);
    await claim.release();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
