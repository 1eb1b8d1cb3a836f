/**
 * `node --import tsx bench/tools/burst-one-endpoint.ts`: a burst of deliveries to **one** webhook
 * (the per-endpoint cap, default 10 in flight) drained by one real worker
 * (`WORKER_CONCURRENCY`=50), to watch parked jobs wake up (see bench/JOURNAL.md, the e2e entry of
 * 2026-11-22: the parked-delivery bug).
 *
 * `BENCH_BURST_DELIVERIES` (default 300) payments to an organization with one webhook on the local
 * receiver are confirmed first (the jobs wait in Redis), then the worker starts. Every second it
 * prints: deliveries answered, pending delivery rows, the queue's job counts, and the webhook's
 * `waiters` (parked job ids) and `leases` (attempts in flight). A healthy drain ends in a few
 * seconds; a delivery left `delayed` with 0 leases for ~15 s (`WEBHOOK_CAP_WAIT_MAX_MS`) is a lost
 * wake-up.
 *
 * Own database (created, dropped) and Redis database `/13` (flushed), as `pnpm bench`.
 */
import { closeContext, createContext } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { deliveryQueue } from '@gw/core/webhooks';
import { confirmAtPeak } from '../lib/confirm-driver.js';
import { createFixtures, createPendingPayments } from '../lib/fixtures.js';
import { benchServiceEnv, createBenchDatabase, flushRedis } from '../lib/infra.js';
import { startRealWorkers } from '../lib/pipeline.js';
import { startReceiver } from '../lib/receiver.js';

const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const n = Number(process.env.BENCH_BURST_DELIVERIES ?? 300);
await flushRedis(redisUrl);
const db = await createBenchDatabase(process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
const env = benchServiceEnv(db, redisUrl);
const ctx = createContext(loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }), {
  app: 'bench',
  queues: queueCatalogue,
});
const receiver = await startReceiver();
try {
  const fx = await createFixtures(ctx, receiver.baseUrl, 1);
  const ids = await createPendingPayments(ctx, fx, n);
  await receiver.reset(0);
  await confirmAtPeak(ctx, fx, ids, 20);
  const workers = await startRealWorkers(ctx, env, {
    processes: 1,
    concurrency: 50,
    nodeFlags: ['--max-old-space-size=96', '--max-semi-space-size=16'],
  });
  const t0 = Date.now();
  const webhook = `bench:wh:{${fx.webhookIds[0]}}`;
  for (let s = 0; s < 150; s++) {
    const c = await receiver.count();
    const jobs = await ctx.queues.get(deliveryQueue).getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
    const pending = await ctx.prisma.delivery.count({ where: { status: 'pending' } });
    const waiters = await ctx.redis.zcard(`${webhook}:waiters`);
    const leases = await ctx.redis.zcard(`${webhook}:leases`);
    console.log(
      `${((Date.now() - t0) / 1000).toFixed(1)} s: delivered ${c.unique}/${n}, pending rows ${pending}, jobs ${JSON.stringify(jobs)}, waiters ${waiters}, leases ${leases}`,
    );
    if (c.unique >= n) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  await Promise.all(workers.map((w) => w.stop()));
} finally {
  await receiver.stop();
  await closeContext(ctx);
  await db.drop();
  await flushRedis(redisUrl);
}
process.exit(0);
