import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { verifySignature } from '@service-gateway/webhook-receiver';
import { startApi, type RunningApi } from '@gw/api';
import { revokeCredential, revocationChannel } from '@gw/core/auth';
import { webhookChangeChannel } from '@gw/core/webhooks';
import { isRedisCluster, sha256Hex } from '@gw/runtime';
import { eventually, startStack, type Stack } from './support/stack.js';
import { TestReceiver } from './support/receiver.js';
import { RedisCluster, redisCommand } from './support/redis-cluster.js';
import { basic, OPS_PASSWORD, OPS_USER, startOpsFor, type OpsUnderTest } from '../apps/ops/test/ops-stack.js';
import { parsePrometheus, total } from '../apps/ops/test/prometheus-text.js';

const ONE = 10n ** 18n;
const SYNC_MS = 20;
const afterSync = () => new Promise((r) => setTimeout(r, SYNC_MS * 5));

/**
 * The whole service on a real 3-master Redis Cluster (REDIS_CLUSTER_NODES, prefix
 * `{t…}`): the API (two replicas), the worker and the ops app; deliveries, retries, rate limits,
 * pub/sub evictions, metrics and health.
 */
describe('Redis Cluster: the service on a 3-master cluster', () => {
  let cluster: RedisCluster;
  let stack: Stack;
  let second: RunningApi;
  let ops: OpsUnderTest;
  let b: ReturnType<typeof request>;

  beforeAll(async () => {
    cluster = await RedisCluster.start({ masters: 3 });
    stack = await startStack('cluster', {
      chain: true,
      env: {
        REDIS_CLUSTER_NODES: cluster.nodes,
        WEBHOOK_BACKOFF_BASE_MS: '200',
        WEBHOOK_BACKOFF_MAX_MS: '800',
        WEBHOOK_MAX_ATTEMPTS: '4',
        WEBHOOK_TIMEOUT_MS: '2000',
        // Long TTLs: only the pub/sub announcements can make the other replica notice in time.
        CREDENTIAL_CACHE_TTL_MS: '300000',
        WEBHOOK_CACHE_TTL_MS: '300000',
        RATE_LIMIT_MAX: '30',
        RATE_LIMIT_SYNC_MS: String(SYNC_MS),
      },
    });
    second = await startApi(stack.config); // same database, cluster and prefix: a second replica
    b = request(`http://127.0.0.1:${(second.server.address() as { port: number }).port}`);
    ops = await startOpsFor(stack);
    // PUBSUB NUMSUB is per node on a cluster: add up the masters' answers (one subscriber per replica).
    const subscribers = async (channel: string) => {
      let n = 0;
      for (const port of cluster.ports) n += Number(((await redisCommand(port, 'PUBSUB', 'NUMSUB', channel)) as [string, number])[1]);
      return n;
    };
    await eventually(
      async () =>
        (await subscribers(revocationChannel(stack.config.QUEUE_PREFIX))) === 2 &&
        (await subscribers(webhookChangeChannel(stack.config.QUEUE_PREFIX))) === 2,
      10_000,
      'both replicas to subscribe',
    );
  }, 60_000);
  afterAll(async () => {
    await ops?.ops.stop().catch(() => undefined);
    await second?.stop().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    await cluster?.stop();
  });

  it('runs on a cluster connection with a hash-tagged prefix', () => {
    expect(stack.config.QUEUE_PREFIX).toMatch(/^\{t[0-9a-f]{8}\}$/);
    expect(isRedisCluster(stack.api.deps.redis)).toBe(true);
    expect(isRedisCluster(stack.api.deps.requestRedis)).toBe(true);
  });

  it('payment → signed delivery; a failing attempt is retried and the delivery ends delivered', async () => {
    const receiver = await new TestReceiver().start();
    try {
      receiver.reply({ status: 500 }).always({ status: 200 });
      const org = await stack.org();
      const reg = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: receiver.url, events: ['payment.settled'] });
      expect(reg.status).toBe(201);
      const payer = await stack.login();
      await stack.mint(payer.address, 10n * ONE);
      const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
      const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: ONE.toString() });
      expect(p.status).toBe(201);
      expect((await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers)).status).toBe(200);

      await receiver.waitFor(2, 20_000);
      for (const req of receiver.requests) {
        expect(req.headers['x-service-event']).toBe('payment.settled');
        expect(verifySignature(reg.body.secret, req.raw, req.headers['x-service-signature'] as string)).toBe(true);
      }
      expect(receiver.requests[0]!.headers['x-service-delivery']).toBe(receiver.requests[1]!.headers['x-service-delivery']);
      const delivery = await eventually(async () => {
        const [d] = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
        return d?.status === 'delivered' ? d : undefined;
      });
      expect(delivery.attempts).toBe(2);
    } finally {
      await receiver.stop();
    }
  });

  it("keeps every key of the service in the prefix's hash slot, on one master", async () => {
    const prefix = stack.config.QUEUE_PREFIX;
    const owner = await cluster.masterOf(`${prefix}:x`);
    const found = new Map<number, string[]>();
    for (const port of cluster.ports) {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = (await redisCommand(port, 'SCAN', cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)) as [string, string[]];
        keys.push(...batch);
        cursor = next;
      } while (cursor !== '0');
      found.set(port, keys);
    }
    const mine = found.get(owner)!;
    // BullMQ's queues, the endpoint gate, the metrics index and the rate-limit counters.
    expect(mine.some((k) => k.startsWith(`${prefix}:webhook-deliveries:`))).toBe(true);
    expect(mine.some((k) => k.startsWith(`${prefix}:metrics`))).toBe(true);
    expect(mine.some((k) => k.startsWith(`${prefix}:rl:`))).toBe(true);
    for (const port of cluster.ports) if (port !== owner) expect(found.get(port)).toEqual([]);
    const slots = new Set(await Promise.all(mine.slice(0, 50).map((k) => redisCommand(owner, 'CLUSTER', 'KEYSLOT', k))));
    expect(slots.size).toBe(1);
  });

  it('RateLimit headers count down, and the limit holds across two replicas', async () => {
    const org = await stack.org();
    const list = (api: ReturnType<typeof request>) => api.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
    const first = await list(stack.http);
    const next = await list(stack.http);
    const field = /^"default"; r=(\d+); t=(\d+)$/;
    expect(first.headers['ratelimit']).toMatch(field);
    expect(Number(field.exec(next.headers['ratelimit']!)![1])).toBeLessThan(Number(field.exec(first.headers['ratelimit']!)![1]));
    for (let i = 0; i < 18; i++) expect((await list(stack.http)).status).toBe(200); // 20 on replica a
    await afterSync();
    expect((await list(b)).status).toBe(200); // b learns the key's total at its next sync
    await afterSync();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await list(b)).status);
    expect(statuses).toEqual([...Array(9).fill(200), 429]); // 20 + 10 allowed, the 31st refused
  });

  it("a revocation on one replica evicts the other's cached key over pub/sub; webhook changes too", async () => {
    const org = await stack.org();
    expect((await b.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey)).body.data).toEqual([]); // cached on b
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: 'https://one.example.com/hook' });
    expect(reg.status).toBe(201);
    await eventually(
      async () => (await b.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey)).body.data.length === 1,
      2000,
      'the webhook change to reach replica b',
    );
    expect(
      await revokeCredential(stack.api.deps.prisma, sha256Hex(org.apiKey), {
        redis: stack.api.deps.redis,
        prefix: stack.config.QUEUE_PREFIX,
      }),
    ).toBe(true);
    await eventually(
      async () => (await b.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey)).status === 401,
      2000,
      'the revocation to reach replica b',
    );
  });

  it('ops /metrics merges the api and worker snapshots read from the cluster; health is ok', async () => {
    const samples = await eventually(
      async () => {
        const res = await ops.http.get('/metrics').set('Authorization', basic(OPS_USER, OPS_PASSWORD));
        if (res.status !== 200) return undefined;
        const s = parsePrometheus(res.text);
        return total(s, 'gw_deliveries_total', { outcome: 'delivered' }) >= 1 && total(s, 'gw_http_request_duration_seconds_count') >= 1
          ? s
          : undefined;
      },
      20_000,
      'worker and api metrics',
    );
    expect(total(samples, 'gw_ops_source_up', { source: 'redis' })).toBe(1);
    expect((await stack.http.get('/api/health')).status).toBe(200);
    expect((await ops.http.get('/healthz')).status).toBe(200);
  });

  it("Bull Board lists the queues and their counts from the cluster, and shows a node's Redis stats", async () => {
    const auth = basic(OPS_USER, OPS_PASSWORD);
    const queues = await ops.http.get('/queues/api/queues').set('Authorization', auth);
    expect(queues.status).toBe(200);
    const deliveries = (queues.body.queues as { name: string; counts: Record<string, number> }[]).find(
      (q) => q.name === 'webhook-deliveries',
    );
    expect(deliveries).toBeDefined();
    expect(Object.values(deliveries!.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const stats = await ops.http.get('/queues/api/redis/stats').set('Authorization', auth);
    expect(stats.status).toBe(200);
    expect(stats.body.mode).toBe('cluster');
  });
});
