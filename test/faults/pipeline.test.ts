import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { startStack } from '../support/stack.js';
import { exited, FAULT_ENV, produceDeliveries, RedisServer, repoRoot, report, settle, startFaultRig, tally, waitUntil } from './harness.js';
import { deliveryQueue } from '@gw/core/webhooks';

/**
 * Fault injection: each scenario has its own redis-server and its own PostgreSQL
 * database, breaks something in the middle of a run, and checks that nothing is lost.
 */
describe('faults: nothing is lost', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup = [];
  });

  async function scenario(label: string, env: Record<string, string> = {}, receiverDelayMs = 2) {
    const redis = await RedisServer.start();
    const stack = await startStack(label, {
      chain: true,
      worker: false,
      redisUrl: redis.url,
      env: {
        ...FAULT_ENV,
        // Scenario 5 gives one organization 30 webhooks, over the default cap of 20.
        WEBHOOKS_MAX_PER_ORG: '100',
        ...env,
      },
    });
    const rig = await startFaultRig(stack, receiverDelayMs);
    cleanup.push(async () => {
      await rig.stop();
      await stack.stop();
      await redis.stop();
    });
    return { redis, stack, receiver: rig.receiver, worker: rig.worker };
  }

  it('1. kill -9 of a worker in the middle of 2,000 deliveries; a new worker delivers all', async () => {
    const { stack, receiver, worker } = await scenario('fault-kill');
    const org = await produceDeliveries(stack, receiver.url, { webhooks: 20, payments: 100 });
    const first = worker();
    await waitUntil(() => receiver.total >= 500);
    first.kill('SIGKILL');
    await exited(first);
    worker();
    await settle(stack, org, 120_000);
    const row = await tally(stack, 'kill -9 worker mid-run (2,000)', org, receiver);
    report(row);
    expect(row.expected).toBe(2000);
    expect(row.lost).toBe(0);
    expect(row.falselyDelivered).toBe(0);
  });

  it('2. Redis stopped for 5 s and restarted empty: writes get 503 meanwhile, the sweeper re-enqueues', async () => {
    const { stack, receiver, worker, redis } = await scenario('fault-redis');
    const org = await produceDeliveries(stack, receiver.url, { webhooks: 20, payments: 100 });
    worker();
    await waitUntil(() => receiver.total >= 500);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 500));
    const during = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', 'sk_' + 'x'.repeat(43))
      .send({ url: receiver.url });
    expect(during.status).toBe(503);
    expect(during.body.type).toBe('/problems/unavailable');
    expect(during.headers['retry-after']).toBe('5');
    const paymentsBefore = await stack.api.deps.prisma.payment.count();
    await new Promise((r) => setTimeout(r, 4500));
    await redis.start(); // empty: every queued job is gone
    await settle(stack, org, 120_000);
    expect(await stack.api.deps.prisma.payment.count()).toBe(paymentsBefore);
    const row = await tally(stack, 'Redis down 5 s, restarted empty (2,000)', org, receiver);
    report(row);
    expect(row.expected).toBe(2000);
    expect(row.lost).toBe(0);
    expect(row.falselyDelivered).toBe(0);
  });

  it('3. PostgreSQL connections terminated mid-run: API and worker recover, nothing lost or falsely delivered', async () => {
    const { stack, receiver, worker } = await scenario('fault-pg');
    const org = await produceDeliveries(stack, receiver.url, { webhooks: 20, payments: 100 });
    worker();
    await waitUntil(() => receiver.total >= 500);
    const db = new URL(stack.config.DATABASE_URL).pathname.slice(1);
    const admin = (await import('pg')).default;
    for (let i = 0; i < 3; i++) {
      const client = new admin.Client({ connectionString: stack.config.DATABASE_URL.replace(`/${db}`, '/postgres') });
      await client.connect();
      const r = await client.query(
        'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [db],
      );
      expect(Number(r.rows[0].n)).toBeGreaterThan(0);
      await client.end();
      await new Promise((r2) => setTimeout(r2, 700));
    }
    await settle(stack, org, 120_000);
    // The API answers again on fresh connections.
    expect((await stack.http.get('/api/health')).status).toBe(200);
    const row = await tally(stack, 'PostgreSQL backends terminated x3 (2,000)', org, receiver);
    report(row);
    expect(row.lost).toBe(0);
    expect(row.falselyDelivered).toBe(0);
  });

  it('4. a crash between the commit and the enqueue: the sweeper delivers', async () => {
    const { stack, receiver } = await scenario('fault-commit');
    const org = await stack.org();
    for (let i = 0; i < 10; i++) {
      await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: `${receiver.url}/hook/${i}` })
        .expect(201);
    }
    const payer = await stack.login();
    await stack.mint(payer.address, 10n ** 20n);
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    for (let i = 0; i < 5; i++) {
      const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: '1000' });
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/faults/crash-after-commit.ts', org.organizationId, p.body.id, payer.address],
        {
          cwd: repoRoot,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: stack.config.DATABASE_URL,
            DATABASE_POOLER: stack.config.DATABASE_POOLER,
            REDIS_URL: stack.config.REDIS_URL,
            QUEUE_PREFIX: stack.config.QUEUE_PREFIX,
            LOG_LEVEL: 'silent',
            // Required outside NODE_ENV=test; the stack's key seals the same secrets.
            NODE_ENV: 'test',
            SECRETS_ENCRYPTION_KEY: stack.config.SECRETS_ENCRYPTION_KEY!,
          },
          stdio: 'ignore',
        },
      );
      expect((await exited(child)).signal).toBe('SIGKILL');
      expect((await stack.api.deps.prisma.payment.findUniqueOrThrow({ where: { id: p.body.id } })).status).toBe('settled');
    }
    const pending = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    expect(pending).toHaveLength(50);
    for (const d of pending) expect(await stack.api.deps.queues.get(deliveryQueue).getJob(d.id)).toBeUndefined();
    const w = await stack.startWorker();
    cleanup.push(() => w.stop());
    await settle(stack, org.organizationId, 60_000);
    const row = await tally(stack, 'crash between commit and enqueue (50)', org.organizationId, receiver);
    report(row);
    expect(row.expected).toBe(50);
    expect(row.lost).toBe(0);
  });

  it('5. SIGTERM during attempts: in-flight attempts complete and are recorded', async () => {
    const { stack, receiver, worker } = await scenario('fault-sigterm', {}, 800);
    const org = await produceDeliveries(stack, receiver.url, { webhooks: 30, payments: 10 });
    const first = worker();
    await waitUntil(() => receiver.total >= 40);
    first.kill('SIGTERM');
    expect((await exited(first)).code).toBe(0);
    expect(receiver.aborted).toBe(0);
    // Every attempt the receiver answered was recorded before the worker exited.
    const rows = await stack.api.deps.prisma.delivery.findMany({
      where: { organizationId: org },
      select: { id: true, status: true, attempts: true },
    });
    const answeredButUnrecorded = rows.filter((r) => receiver.acknowledged.has(r.id) && r.status !== 'delivered');
    expect(answeredButUnrecorded).toEqual([]);
    worker();
    await settle(stack, org, 120_000);
    const row = await tally(stack, 'SIGTERM during attempts (300)', org, receiver);
    report(row);
    expect(row.lost).toBe(0);
    expect(row.duplicates).toBe(0);
  });
});
