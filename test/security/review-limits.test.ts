import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { isPublicAddress } from '@gw/runtime';
import { eventually, startStack, type Stack } from '../support/stack.js';
import { TestReceiver } from '../support/receiver.js';
import { basic, OPS_PASSWORD, OPS_USER, startOpsFor } from '../../apps/ops/test/ops-stack.js';

/** Outside review, findings 4–7 and 9, each reproduced as the review describes it. */

const randomKey = () => `sk_${randomBytes(32).toString('base64url')}`;

describe('finding 4: webhook management needs webhooks:read / webhooks:write', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-webhook-scopes', { worker: false });
  });
  afterAll(() => stack.stop());

  it('a payments:read key can no longer re-register (rotate the secret), deactivate, resend or list', async () => {
    const admin = await stack.org('all');
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', admin.apiKey)
      .send({ url: 'https://hooks.example.com/a' });
    expect(reg.status).toBe(201);
    const { apiKey: readOnly } = await stack.api.deps.prisma.$transaction(async () => {
      const { issueCredential } = await import('@gw/core/auth');
      return {
        apiKey: (
          await issueCredential(stack.api.deps.prisma, { organizationId: admin.organizationId, kind: 'api_key', scopes: ['payments:read'] })
        ).secret,
      };
    });
    const calls = [
      stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', readOnly).send({ url: 'https://hooks.example.com/a' }),
      stack.http.delete(`/api/gateway/v1/webhooks/${reg.body.id}`).set('X-API-Key', readOnly),
      stack.http.post('/api/gateway/v1/webhooks/deliveries/0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b/retry').set('X-API-Key', readOnly),
      stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', readOnly),
      stack.http.get('/api/gateway/v1/webhooks/deliveries').set('X-API-Key', readOnly),
      stack.http
        .post(`/api/gateway/v1/webhooks/${reg.body.id}/recover`)
        .set('X-API-Key', readOnly)
        .send({ since: new Date(Date.now() - 3600_000).toISOString() }),
    ];
    for (const res of await Promise.all(calls)) {
      expect({ status: res.status, type: res.body.type }).toEqual({ status: 403, type: '/problems/insufficient-scope' });
    }
    // Nothing changed: the secret was not rotated, the webhook is still active.
    const row = await stack.api.deps.prisma.webhook.findUniqueOrThrow({ where: { id: reg.body.id } });
    expect(row.active).toBe(true);
    expect(stack.api.deps.secretBox.open(row.secretEncrypted)).toBe(reg.body.secret);
  });

  it('webhooks:read lists but cannot write; webhooks:write registers; `all` still does everything', async () => {
    const org = await stack.org('webhooks:read');
    expect((await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey)).status).toBe(200);
    expect((await stack.http.get('/api/gateway/v1/webhooks/deliveries').set('X-API-Key', org.apiKey)).status).toBe(200);
    const write = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: 'https://hooks.example.com/b' });
    expect(write.status).toBe(403);
    const writer = await stack.org('webhooks:write');
    expect(
      (
        await stack.http
          .post('/api/gateway/v1/webhooks/register')
          .set('X-API-Key', writer.apiKey)
          .send({ url: 'https://hooks.example.com/b' })
      ).status,
    ).toBe(201);
  });
});

describe('finding 5: the request rate limit is keyed on the verified key, else the client address', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-rate-key', { worker: false, env: { RATE_LIMIT_MAX: '20', AUTH_FAILURE_LIMIT: '1000' } });
  });
  afterAll(() => stack.stop());

  it('a random X-API-Key per request on a public endpoint no longer escapes the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await stack.http.get('/api/gateway/v1/token/info').set('X-API-Key', randomKey())).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });

  it('nor does a SIWE login with a random X-API-Key; a verified key has its own counter', async () => {
    const login = await stack.http
      .post('/api/gateway/v1/sso/login')
      .set('X-API-Key', randomKey())
      .send({ message: 'x', signature: '0x00' });
    expect(login.status).toBe(429);
    const { apiKey } = await stack.org();
    expect((await stack.http.get('/api/gateway/v1/token/info').set('X-API-Key', apiKey)).status).toBe(200);
  });
});

describe('finding 7: failed authentications are counted before answering, atomically', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-authfail-burst', { worker: false, env: { RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => stack.stop());

  it('a concurrent burst of 300 bad keys gets at most AUTH_FAILURE_LIMIT (30) × 401, the rest 429', async () => {
    const burst = await Promise.all(
      Array.from({ length: 300 }, () => stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', randomKey())),
    );
    const count = (s: number) => burst.filter((r) => r.status === s).length;
    expect({ unauthorized: count(401), limited: count(429) }).toEqual({ unauthorized: 30, limited: 270 });
    expect(burst.find((r) => r.status === 429)!.headers['retry-after']).toBeDefined();
  });
});

describe('finding 9: limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-caps', {
      worker: false,
      env: { WEBHOOKS_MAX_PER_ORG: '3', HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(() => stack.stop());

  const register = (key: string, url: string) => stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', key).send({ url });

  it('caps the active webhooks of an organization (WEBHOOKS_MAX_PER_ORG), also under a concurrent burst', async () => {
    const { apiKey } = await stack.org();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => register(apiKey, `https://hooks.example.com/${i}`)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = burst.filter((r) => r.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body).toMatchObject({ type: '/problems/webhook-limit-reached', limit: 3 });
    const created = burst.find((r) => r.status === 201)!;
    expect((await register(apiKey, created.body.url)).status).toBe(200); // re-registering is not a new one
    expect((await stack.http.delete(`/api/gateway/v1/webhooks/${created.body.id}`).set('X-API-Key', apiKey)).status).toBe(200);
    expect((await register(apiKey, 'https://hooks.example.com/after-deactivation')).status).toBe(201);
  });

  it('allows only WEBHOOK_ALLOWED_PORTS minus the well-known service ports', async () => {
    const { apiKey } = await stack.org();
    for (const port of [22, 25, 5432, 6379, 3306, 27017, 9200, 11211, 5672, 2375, 2376]) {
      const res = await register(apiKey, `https://hooks.example.com:${port}/in`);
      expect({ port, status: res.status }).toEqual({ port, status: 400 });
    }
    for (const url of ['https://hooks.example.com/in', 'http://hooks.example.com/in', 'https://hooks.example.com:8443/in']) {
      expect((await register(apiKey, url)).status).toBe(201);
    }
  });

  it('answers authenticated routes with Cache-Control: no-store, refusals included', async () => {
    const { apiKey } = await stack.org();
    const { token } = await stack.login();
    const answers = [
      await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', apiKey).set('Authorization', `Bearer ${token}`),
      await stack.http.get('/api/gateway/v1/wallet/balances').set('X-API-Key', apiKey).set('Authorization', `Bearer ${token}`),
      await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', apiKey),
      await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', apiKey),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401]);
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('bounds slow headers: the connection is closed after HTTP_HEADERS_TIMEOUT_MS, not Node’s 60 s', async () => {
    expect(stack.api.server.headersTimeout).toBe(1000);
    expect(stack.api.server.requestTimeout).toBe(2000);
    const port = (stack.api.server.address() as { port: number }).port;
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'));
      const drip = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
      const guard = setTimeout(() => reject(new Error('still open after 10 s')), 10_000);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        clearTimeout(guard);
        resolve(Date.now() - started);
      });
    });
    expect(closedAfter).toBeLessThan(4000);
  });
});

describe('finding 9: the ops console throttles logins with a lockout', () => {
  let stack: Stack;
  let ops: Awaited<ReturnType<typeof startOpsFor>>;
  beforeAll(async () => {
    stack = await startStack('review-ops-throttle', { worker: false });
    ops = await startOpsFor(stack, { OPS_LOGIN_MAX_FAILURES: '3', OPS_LOGIN_LOCKOUT_MS: '60000' });
  });
  afterAll(async () => {
    await ops.ops.stop();
    await stack.stop();
  });

  it('after OPS_LOGIN_MAX_FAILURES wrong passwords the address is locked out, right password included', async () => {
    for (let i = 0; i < 3; i++)
      expect((await ops.http.get('/metrics').set('Authorization', basic(OPS_USER, `guess-${i}`))).status).toBe(401);
    const locked = await ops.http.get('/metrics').set('Authorization', basic(OPS_USER, OPS_PASSWORD));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('finding 6: IPv4 embedded in IPv6 literals (SSRF)', () => {
  let stack: Stack;
  let receiver: TestReceiver;
  beforeAll(async () => {
    stack = await startStack('review-ssrf-v6', {
      chain: true,
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false', WEBHOOK_MAX_ATTEMPTS: '1', WEBHOOK_TIMEOUT_MS: '2000' },
    });
    receiver = await new TestReceiver().start();
  });
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });

  it.each([
    'http://[::127.0.0.1]/',
    'http://[::a9fe:a9fe]/',
    'http://[::a00:1]/',
    'http://[::7f00:1]:8080/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://[2002:c0a8:101::1]/',
  ])('refuses %s at registration', async (url) => {
    const { apiKey } = await stack.org();
    const res = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', apiKey).send({ url });
    expect({ url, status: res.status }).toEqual({ url, status: 400 });
  });

  it('classifies by the embedded IPv4 address', () => {
    for (const ip of ['::127.0.0.1', '::a9fe:a9fe', '::a00:1', '64:ff9b::7f00:1', '2002:7f00:1::', '2002:a00:1::', '64:ff9b:1::8.8.8.8']) {
      expect({ ip, public: isPublicAddress(ip) }).toEqual({ ip, public: false });
    }
    for (const ip of ['64:ff9b::8.8.8.8', '2002:808:808::1', '2606:4700::1111'])
      expect({ ip, public: isPublicAddress(ip) }).toEqual({ ip, public: true });
  });

  it('the sender re-checks literals at delivery: rows inserted straight into the database are not delivered to loopback', async () => {
    const org = await stack.org();
    const port = new URL(receiver.url).port;
    const prisma = stack.api.deps.prisma;
    const urls = [`http://127.0.0.1:${port}/hook`, `http://[::127.0.0.1]:${port}/hook`, `http://[::ffff:127.0.0.1]:${port}/hook`];
    for (const url of urls) {
      await prisma.webhook.create({
        data: {
          organizationId: org.organizationId,
          url,
          events: ['payment.settled'],
          secretEncrypted: stack.api.deps.secretBox.seal('whsec_test'),
        },
      });
    }
    const payer = await stack.login();
    await stack.mint(payer.address, 10n);
    const h = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const p = await stack.http.post('/api/gateway/v1/payments').set(h).send({ amount: '1' });
    await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(h).expect(200);
    const dead = await eventually(async () => {
      const rows = await prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
      return rows.length === urls.length && rows.every((d) => d.status === 'dead') ? rows : undefined;
    });
    for (const d of dead) expect(d.lastError).toMatch(/ESSRF/);
    expect(receiver.requests).toHaveLength(0);
  });
});
