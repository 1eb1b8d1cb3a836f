import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifySignature } from '@service-gateway/webhook-receiver';
import { eventually, startStack, type Stack } from './support/stack.js';
import { TestReceiver } from './support/receiver.js';
import { RedisSentinel, redisCommand } from './support/redis-cluster.js';

const ONE = 10n ** 18n;

/**
 * The service through Redis Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): a
 * payment is delivered through the sentinel-managed master, and again after a failover to the
 * replica (a client retries the 503 answered while the service's connections move to the new master).
 */
describe('Redis Sentinel', () => {
  let sentinel: RedisSentinel;
  let stack: Stack;
  let receiver: TestReceiver;

  beforeAll(async () => {
    sentinel = await RedisSentinel.start();
    stack = await startStack('sentinel', {
      chain: true,
      redisUrl: 'redis://127.0.0.1/0',
      env: {
        REDIS_SENTINELS: sentinel.sentinels,
        REDIS_SENTINEL_NAME: sentinel.name,
        SWEEP_INTERVAL_MS: '500',
        SWEEP_GRACE_MS: '1000',
        WEBHOOK_BACKOFF_BASE_MS: '200',
        WEBHOOK_BACKOFF_MAX_MS: '800',
      },
    });
    receiver = await new TestReceiver().start();
  }, 60_000);
  afterAll(async () => {
    await receiver?.stop();
    await stack?.stop().catch(() => undefined);
    await sentinel?.stop();
  });

  async function payAndDeliver(org: { apiKey: string }, payer: { token: string }, secret: string, nth: number): Promise<void> {
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    // A 503 (Redis briefly unavailable while clients move to the new master) is retried, as a client would.
    const p = await eventually(async () => {
      const res = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: ONE.toString() });
      return res.status === 503 ? undefined : res;
    }, 20_000);
    expect(p.status).toBe(201);
    expect((await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers)).status).toBe(200);
    await receiver.waitFor(nth, 30_000);
    const req = receiver.requests[nth - 1]!;
    expect(verifySignature(secret, req.raw, req.headers['x-service-signature'] as string)).toBe(true);
    expect((req.body as { data: { payment: { id: string } } }).data.payment.id).toBe(p.body.id);
  }

  it('delivers a payment through the master, and again after a failover to the replica', async () => {
    const org = await stack.org();
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: receiver.url, events: ['payment.settled'] });
    expect(reg.status).toBe(201);
    const payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
    await payAndDeliver(org, payer, reg.body.secret, 1);
    // The service's keys are on the master the sentinel names.
    const before = await sentinel.masterPort();
    expect(Number(await redisCommand(before, 'DBSIZE'))).toBeGreaterThan(0);

    await redisCommand(sentinel.sentinel.port, 'SENTINEL', 'FAILOVER', sentinel.name);
    await eventually(async () => (await sentinel.masterPort()) !== before, 20_000, 'the failover');
    expect(await sentinel.masterPort()).toBe(sentinel.replica.port);
    // The sentinel reconfigures the old master with CLIENT KILL TYPE normal in the same MULTI as
    // its REPLICAOF, so a probe connected at that moment is closed under it: ask again.
    await eventually(
      async () => String(await redisCommand(before, 'INFO', 'replication').catch(() => '')).includes('role:slave'),
      20_000,
      'the old master to be demoted',
    );
    await payAndDeliver(org, payer, reg.body.secret, 2);
    expect(receiver.requests).toHaveLength(2);
  }, 90_000);
});
