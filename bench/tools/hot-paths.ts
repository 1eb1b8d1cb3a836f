/**
 * `node --import tsx bench/tools/hot-paths.ts`: per-operation cost of the hot paths, measured in this
 * one process, to attribute what the end-to-end figures and CPU profiles show:
 *
 * - SQL round trips per operation (counted at `pg`'s `Client.query`, which both Prisma's
 *   adapter and raw `pg` go through; BEGIN/COMMIT included), with the statements' first words;
 * - client-side CPU per operation, µs (`process.cpuUsage()` user+system of this process divided
 *   by the iterations; PostgreSQL's own CPU is not included), and wall time per operation, µs,
 *   one operation at a time (no concurrency).
 *
 * Operations: the worker's `processDelivery` with a sender that answers 200 at once (so only
 * database, Prisma, decryption and signing remain), the same read done as one raw SQL
 * statement for comparison, `confirmPayment` (50 webhooks), `createPayment`,
 * `authenticateCredential`, `SessionTokens.verify` (JWT) and `listWebhooks`.
 *
 * Uses its own database (created, dropped) and Redis database `/13` (flushed); env as for
 * `pnpm bench` (BENCH_PG_URL, BENCH_REDIS_URL, BENCH_POOLER=pgbouncer: through a PgBouncer in
 * transaction mode) plus BENCH_HOT_ITERATIONS (default 300) and BENCH_DATABASE_POOLER (the
 * DATABASE_POOLER of the measured clients; default `transaction` through PgBouncer, else `none`:
 * `transaction` without PgBouncer isolates the cost of unnamed statements).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { authenticateCredential, SessionTokens } from '@gw/core/auth';
import { closeContext, createContext, type Context } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { paymentFulfilments } from '@gw/api/catalogue';
import { confirmPayment, createPayment } from '@gw/core/payments';
import { deliveryQueue, processDelivery, type Sender, createDeliveryStore, createEndpointGate, listWebhooks } from '@gw/core/webhooks';
import { createRawSql, Prisma, type DatabasePooler } from '@gw/db';
import { startPgBouncer } from '@gw/db/pgbouncer';
import { createFixtures, createPendingPayments } from '../lib/fixtures.js';
import { createBenchDatabase, flushRedis } from '../lib/infra.js';

/** Counts statements at the driver: every query Prisma or raw `pg` sends goes through here. */
const statements: string[] = [];
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text?: string };
  const text = typeof q === 'string' ? q : (q?.text ?? '');
  statements.push(text.trim().split(/\s+/).slice(0, 3).join(' ').slice(0, 40));
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** A sender that "delivers" at once: isolates everything processDelivery does besides HTTP. */
const instantSender: Sender = {
  send: async () => ({ ok: true, statusCode: 200, durationMs: 0, error: null, responseBody: '' }),
  close: () => undefined,
};

interface OpCost {
  op: string;
  iterations: number;
  /** SQL statements per operation. */
  statements: number;
  /** Client CPU per operation, µs. */
  cpuUs: number;
  /** Wall time per operation, µs. */
  wallUs: number;
  /** First words of the statements of one operation. */
  sample: string[];
}

/** Runs `fn(i)` for i < iterations after `warmup` calls; one at a time. */
async function measure(op: string, iterations: number, fn: (i: number) => Promise<unknown>, warmup = 20): Promise<OpCost> {
  for (let i = 0; i < warmup; i++) await fn(i);
  statements.length = 0;
  await fn(warmup);
  const sample = [...statements];
  statements.length = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) await fn(warmup + 1 + i);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return {
    op,
    iterations,
    statements: statements.length / iterations,
    cpuUs: Math.round((cpu.user + cpu.system) / iterations),
    wallUs: Math.round((wall * 1000) / iterations),
    sample,
  };
}

/** The pending deliveries of the given payments' events. */
async function pendingDeliveries(ctx: Context, paymentIds: string[]): Promise<string[]> {
  const rows = await ctx.prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT d.id::text AS id FROM deliveries d JOIN events e ON e.id = d.event_id
    WHERE e.payload->'payment'->>'id' = ANY(${paymentIds}::text[]) AND d.status = 'pending' ORDER BY d.id`);
  return rows.map((r) => r.id);
}

async function main(): Promise<void> {
  const iterations = Number(process.env.BENCH_HOT_ITERATIONS ?? 300);
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
  await flushRedis(redisUrl);
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const db = await createBenchDatabase(serverUrl);
  const bouncer = process.env.BENCH_POOLER === 'pgbouncer' ? await startPgBouncer({ serverUrl, poolSize: 20 }) : undefined;
  const url = bouncer ? bouncer.route(db.url) : db.url;
  const pooler = (process.env.BENCH_DATABASE_POOLER ?? (bouncer ? 'transaction' : 'none')) as DatabasePooler;
  console.log(`${bouncer ? `through ${bouncer.version} (transaction mode)` : 'direct'}, DATABASE_POOLER=${pooler}`);
  const ctx = createContext(
    loadConfig({
      DATABASE_URL: url,
      DATABASE_POOLER: pooler,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: 'hot',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      // The fixtures give one organization more webhooks than the default cap.
      WEBHOOKS_MAX_PER_ORG: '10000',
      SECRETS_ENCRYPTION_KEY: `hot:${randomBytes(32).toString('base64')}`,
    }),
    { app: 'hot-paths', queues: queueCatalogue },
  );
  // Confirms run with the API's fulfilments, as the confirm route does.
  const settle = { ...ctx, paymentFulfilments };
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  const workerSql = createRawSql(url, 4, { pooler });
  try {
    const fx = await createFixtures(ctx, 'http://127.0.0.1:9999', 50);
    const results: OpCost[] = [];

    // Deliveries to process: 50 per confirmed payment.
    const needed = Math.ceil((iterations + 21) / 50) * 2;
    const payIds = await createPendingPayments(ctx, fx, needed + iterations + 21);
    const forDeliveries = payIds.slice(0, needed);
    for (const id of forDeliveries) await confirmPayment(settle, fx.organizationId, id, fx.payer);
    await ctx.queues.get(deliveryQueue).obliterate({ force: true });
    const deliveries = await pendingDeliveries(ctx, forDeliveries);
    const gate = createEndpointGate(ctx.redis, ctx.config.QUEUE_PREFIX, ctx.config);
    results.push(
      await measure('processDelivery (instant 200 sender, one at a time)', iterations, (i) =>
        processDelivery({ ...ctx, deliveries: createDeliveryStore(workerSql), gate }, instantSender, deliveries[i]!),
      ),
    );
    results.push(
      await measure('  same read as 1 raw SQL statement (pg)', iterations, (i) =>
        raw.query(
          `SELECT d.id, d.status, d.attempts, d.manual, d.next_attempt_at, d.event, w.url, w.active, w.secret_encrypted,
                  e.id AS event_id, e.type, e.created_at, e.payload
           FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN events e ON e.id = d.event_id WHERE d.id = $1`,
          [deliveries[i % deliveries.length]],
        ),
      ),
    );

    // The two halves of processDelivery, through Prisma and as raw pg: the read, and the attempt
    // record (guarded by an impossible attempt count, so nothing changes but the work is the same).
    results.push(
      await measure('  its read: findUnique + include (Prisma)', iterations, (i) =>
        ctx.prisma.delivery.findUnique({
          where: { id: deliveries[i % deliveries.length]! },
          include: { webhook: true, eventRecord: true },
        }),
      ),
    );
    const recordSql = (id: string) => Prisma.sql`
      WITH d AS (
        UPDATE deliveries SET attempts = 1, status = 'delivered'::delivery_status, manual = false, next_attempt_at = NULL,
          last_status_code = 200, last_error = NULL, delivered_at = now(), updated_at = now()
        WHERE id = ${id}::uuid AND status = 'pending' AND attempts = -1 RETURNING id)
      INSERT INTO delivery_attempts (id, delivery_id, number, status_code, duration_ms, error, response_body, created_at)
      SELECT gen_random_uuid(), d.id, 1, 200, 3, NULL, '', now() FROM d`;
    results.push(
      await measure('  its write: attempt CTE via $executeRaw (Prisma)', iterations, (i) =>
        ctx.prisma.$executeRaw(recordSql(deliveries[i % deliveries.length]!)),
      ),
    );
    results.push(
      await measure('  its write: same CTE as raw pg', iterations, (i) => {
        const q = recordSql(deliveries[i % deliveries.length]!);
        return raw.query(
          q.sql.replace(/\?/g, () => '$1'),
          q.values,
        );
      }),
    );

    const toConfirm = payIds.slice(needed);
    results.push(
      await measure(`confirmPayment (${fx.webhookIds.length} webhooks, incl. enqueue)`, Math.min(iterations, toConfirm.length - 21), (i) =>
        confirmPayment(settle, fx.organizationId, toConfirm[i]!, fx.payer),
      ),
    );
    results.push(
      await measure('createPayment', iterations, () =>
        createPayment(ctx, { organizationId: fx.organizationId, payer: fx.payer, amount: 1n, expiresInSeconds: 900 }),
      ),
    );
    results.push(await measure('authenticateCredential (API key)', iterations, () => authenticateCredential(ctx.prisma, fx.apiKey)));
    const tokens = new SessionTokens(ctx.prisma, ctx.secretBox, ctx.config);
    await tokens.init();
    const { token } = await tokens.issue({ address: fx.payer, roles: ['user'], organizationId: fx.organizationId });
    results.push(await measure('SessionTokens.verify (JWT ES256)', iterations, () => tokens.verify(token)));
    results.push(await measure(`listWebhooks (${fx.webhookIds.length} rows)`, iterations, () => listWebhooks(ctx, fx.organizationId)));

    const w = Math.max(...results.map((r) => r.op.length));
    console.log(`${'operation'.padEnd(w)}  SQL/op  CPU µs/op  wall µs/op  statements of one op`);
    for (const r of results) {
      console.log(
        `${r.op.padEnd(w)}  ${r.statements.toFixed(1).padStart(6)}  ${String(r.cpuUs).padStart(9)}  ${String(r.wallUs).padStart(10)}  ${r.sample.join(' | ')}`,
      );
    }
  } finally {
    await raw.end();
    await workerSql.close();
    await closeContext(ctx);
    await bouncer?.stop();
    await db.drop();
    await flushRedis(redisUrl);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
