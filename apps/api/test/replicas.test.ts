import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startApi, type RunningApi } from '../src/index.js';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';

const SYNC_MS = 20;
const afterSync = () => new Promise((r) => setTimeout(r, SYNC_MS * 5));

/**
 * Two API replicas over one PostgreSQL and one Redis: the per-process webhook-list cache
 * and the in-memory limit counters must behave as one service.
 */
describe('two API replicas', () => {
  let stack: Stack;
  let second: RunningApi;
  let a: ReturnType<typeof request>;
  let b: ReturnType<typeof request>;

  beforeAll(async () => {
    const env = {
      // A long TTL: only the change announcement can make the other replica notice in time.
      WEBHOOK_CACHE_TTL_MS: '300000',
      RATE_LIMIT_MAX: '10',
      AUTH_FAILURE_LIMIT: '3',
      RATE_LIMIT_SYNC_MS: String(SYNC_MS),
    };
    stack = await startStack('replicas', { worker: false, env });
    second = await startApi(stack.config); // same database, Redis and prefix: a second replica
    a = stack.http;
    b = request(`http://127.0.0.1:${(second.server.address() as { port: number }).port}`);
    await eventually(async () => (await second.deps.redis.pubsub('NUMSUB', `${stack.config.QUEUE_PREFIX}:webhooks-changed`))[1] === 2);
  });
  afterAll(async () => {
    await second?.stop();
    await stack.stop();
  });

  const list = (api: ReturnType<typeof request>, key: string) =>
    api.get('/api/gateway/v1/webhooks').set('X-API-Key', key) as unknown as Promise<{
      status: number;
      body: { data: { url: string; active: boolean }[] };
    }>;

  it('a webhook registered or deactivated on one replica is listed at once by the other, whose list was cached', async () => {
    const org = await stack.org();
    expect((await list(b, org.apiKey)).body.data).toEqual([]); // cached on b
    const reg = await a
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: 'https://one.example.com/hook' });
    expect(reg.status).toBe(201);
    expect((await list(a, org.apiKey)).body.data.map((w) => w.url)).toEqual(['https://one.example.com/hook']);
    await eventually(async () => (await list(b, org.apiKey)).body.data.length === 1, 2000, 'the change to reach replica b');

    expect((await b.delete(`/api/gateway/v1/webhooks/${reg.body.id}`).set('X-API-Key', org.apiKey)).status).toBe(200);
    expect((await list(b, org.apiKey)).body.data[0]!.active).toBe(false);
    await eventually(async () => (await list(a, org.apiKey)).body.data[0]!.active === false, 2000, 'the change to reach replica a');
  });

  it('the request limit holds across replicas within one sync interval', async () => {
    const org = await stack.org();
    for (let i = 0; i < 6; i++) expect((await list(a, org.apiKey)).status).toBe(200);
    await afterSync();
    expect((await list(b, org.apiKey)).status).toBe(200); // b learns the key's total at its next sync
    await afterSync();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await list(b, org.apiKey)).status);
    expect(statuses).toEqual([200, 200, 200, 429]); // 6 on a + 4 on b = 10 allowed, the 11th refused
  });

  it('failed authentications on one replica block the address on the other', async () => {
    const org = await stack.org();
    for (let i = 0; i < 3; i++) expect((await list(a, `sk_${String(i).repeat(43)}`)).status).toBe(401);
    await afterSync();
    await list(b, org.apiKey); // b starts following this address
    await afterSync();
    const blocked = await list(b, org.apiKey);
    expect(blocked.status).toBe(429);
  });
});
