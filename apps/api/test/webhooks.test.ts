import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueCredential } from '@gw/core/auth';
import { startStack, type Stack } from '../../../test/support/stack.js';

const REGISTER = '/api/gateway/v1/webhooks/register';

describe('webhook management (spec: Webhook endpoints)', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let other: { organizationId: string; apiKey: string };

  beforeAll(async () => {
    stack = await startStack('webhooks', { worker: false });
    org = await stack.org();
    other = await stack.org();
  });
  afterAll(() => stack.stop());

  it('registers with the default event and shows the secret once', async () => {
    const res = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://a.example.com/hook' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: 'https://a.example.com/hook', events: ['payment.settled'], active: true });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(typeof res.body.id).toBe('string');
    expect(new Date(res.body.createdAt).toString()).not.toBe('Invalid Date');

    const list = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: res.body.id,
        url: 'https://a.example.com/hook',
        events: ['payment.settled'],
        signatureScheme: 'service',
        active: true,
        maxConcurrency: null,
        disabledReason: null,
        createdAt: res.body.createdAt,
        health: { state: 'closed', consecutiveFailures: 0, lastSuccessAt: null, lastFailureAt: null, openUntil: null },
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
  });

  it('registering the same URL again updates events, rotates the secret and re-activates (200, no duplicate)', async () => {
    const first = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://b.example.com/x' });
    await stack.http.delete(`/api/gateway/v1/webhooks/${first.body.id}`).set('X-API-Key', org.apiKey).expect(200);
    const again = await stack.http
      .post(REGISTER)
      .set('X-API-Key', org.apiKey)
      .send({ url: 'https://b.example.com/x', events: ['payment.failed', 'payment.refunded'] });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.secret).not.toBe(first.body.secret);
    expect(again.body.events).toEqual(['payment.failed', 'payment.refunded']);
    expect(again.body.active).toBe(true);
    const rows = await stack.api.deps.prisma.webhook.count({
      where: { organizationId: org.organizationId, url: 'https://b.example.com/x' },
    });
    expect(rows).toBe(1);
  });

  it('the same URL in two organizations is two webhooks', async () => {
    const a = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://shared.example.com/' });
    const b = await stack.http.post(REGISTER).set('X-API-Key', other.apiKey).send({ url: 'https://shared.example.com/' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it.each([
    [{ events: ['payment.settled'] }, 'url'],
    [{ url: 'ftp://example.com/x' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'https://example.com/', events: ['payment.unknown'] }, 'events'],
    [{ url: 'https://example.com/', events: [] }, 'events'],
    [{ url: 'https://example.com/', extra: 1 }, 'extra'],
    [{ url: 'https://example.com/', signatureScheme: 'hmac-md5' }, 'signatureScheme'],
  ])('rejects %j with a 400 problem naming %s, and stores nothing', async (body, field) => {
    const before = await stack.api.deps.prisma.webhook.count();
    const res = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: '/problems/validation-error', status: 400 });
    expect(JSON.stringify(res.body.errors ?? res.body.detail)).toContain(field);
    expect(await stack.api.deps.prisma.webhook.count()).toBe(before);
  });

  it('takes the API key only: Bearer alone is 401, a retired static AI-connector token 401, an unknown key 401', async () => {
    const bearerOnly = await stack.http.post(REGISTER).set('Authorization', 'Bearer abc.def.ghi').send({ url: 'https://c.example.com/' });
    expect(bearerOnly.status).toBe(401);
    expect(bearerOnly.body.type).toBe('/problems/unauthenticated');

    const connector = await issueCredential(stack.api.deps.prisma, {
      organizationId: org.organizationId,
      kind: 'connector',
      scopes: ['payments:read'],
    });
    const viaConnector = await stack.http.post(REGISTER).set('X-API-Key', connector.secret).send({ url: 'https://c.example.com/' });
    expect(viaConnector.status).toBe(401);
    expect(viaConnector.body.type).toBe('/problems/unauthenticated');
    expect(viaConnector.body.detail).toMatch(/OAuth/);
    const listViaConnector = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', connector.secret);
    expect(listViaConnector.status).toBe(401);

    const unknown = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', `sk_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(401);
  });

  it("another organization's webhook is 404 and stays active", async () => {
    const mine = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://d.example.com/' });
    const res = await stack.http.delete(`/api/gateway/v1/webhooks/${mine.body.id}`).set('X-API-Key', other.apiKey);
    expect(res.status).toBe(404);
    const row = await stack.api.deps.prisma.webhook.findUniqueOrThrow({ where: { id: mine.body.id } });
    expect(row.active).toBe(true);
    expect((await stack.http.delete('/api/gateway/v1/webhooks/not-a-uuid').set('X-API-Key', org.apiKey)).status).toBe(404);
  });

  it('deactivation answers the webhook with active: false', async () => {
    const hook = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://e.example.com/' });
    const res = await stack.http.delete(`/api/gateway/v1/webhooks/${hook.body.id}`).set('X-API-Key', org.apiKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: hook.body.id, active: false });
    expect(res.body.secret).toBeUndefined();
  });

  it('GET /webhooks/{id} reads one webhook with its circuit, never its secret; another organization gets 404', async () => {
    const hook = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://f.example.com/hook' });
    const res = await stack.http.get(`/api/gateway/v1/webhooks/${hook.body.id}`).set('X-API-Key', org.apiKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: hook.body.id, url: 'https://f.example.com/hook', active: true, health: { state: 'closed' } });
    expect(JSON.stringify(res.body)).not.toContain('whsec_');
    const listed = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
    expect(listed.body.data.find((w: { id: string }) => w.id === hook.body.id)).toEqual(res.body);
    expect((await stack.http.get(`/api/gateway/v1/webhooks/${hook.body.id}`).set('X-API-Key', other.apiKey)).status).toBe(404);
    expect((await stack.http.get('/api/gateway/v1/webhooks/not-a-uuid').set('X-API-Key', org.apiKey)).status).toBe(404);
    // The fixed paths beside it keep their own routes.
    expect((await stack.http.get('/api/gateway/v1/webhooks/deliveries').set('X-API-Key', org.apiKey)).status).toBe(200);
  });

  it('deliveries list rejects an unknown status with 400 and filters by a known one', async () => {
    const bad = await stack.http.get('/api/gateway/v1/webhooks/deliveries?status=lost').set('X-API-Key', org.apiKey);
    expect(bad.status).toBe(400);
    const ok = await stack.http.get('/api/gateway/v1/webhooks/deliveries?status=dead').set('X-API-Key', org.apiKey);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: [], nextCursor: null });
  });

  it('retry of an unknown or foreign delivery is 404', async () => {
    const res = await stack.http
      .post('/api/gateway/v1/webhooks/deliveries/0190a3c4-0000-7000-8000-000000000000/retry')
      .set('X-API-Key', org.apiKey);
    expect(res.status).toBe(404);
  });
});

describe('destination address policy (WEBHOOK_ALLOW_PRIVATE_URLS=false)', () => {
  let stack: Stack;
  let org: { apiKey: string };
  const logLines: string[] = [];
  const resolver = async (host: string) => {
    const table: Record<string, string> = {
      'public.example.com': '93.184.216.34',
      'internal.example.com': '10.0.0.7',
      'meta.example.com': '169.254.169.254',
    };
    const address = table[host];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };

  beforeAll(async () => {
    stack = await startStack('ssrf', {
      worker: false,
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false', LOG_LEVEL: 'info' },
      resolver,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      }),
    });
    org = await stack.org();
  });
  afterAll(() => stack.stop());

  it.each([
    'http://127.0.0.1/hook',
    'http://localhost:8080/hook',
    'http://[::1]/hook',
    'http://2130706433/',
    'http://0x7f.1/',
    'https://internal.example.com/',
    'https://meta.example.com/latest',
    'http://192.168.1.10/',
    'http://[::ffff:10.0.0.1]/',
  ])('refuses %s with 400', async (url) => {
    const res = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('/problems/validation-error');
  });

  it('a host that does not resolve and one that resolves to a private address get the same answer (no DNS oracle)', async () => {
    const answers = [];
    const urls = [
      'https://nowhere.example.com/hook?token=t0p-s3cret',
      'https://internal.example.com/hook',
      'https://meta.example.com/hook',
    ];
    for (const url of urls) {
      const res = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url });
      const { instance: _instance, ...problem } = res.body as Record<string, unknown>;
      answers.push({ status: res.status, problem });
    }
    expect(answers[0]!.status).toBe(400);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // The one message names neither outcome, and tells a developer what to set.
    expect(answers[0]!.problem.detail).not.toMatch(/does not resolve|resolves to a|loopback|link-local/i);
    expect(answers[0]!.problem.detail).toMatch(/WEBHOOK_ALLOW_PRIVATE_URLS/);
    // And the forwarder, for a receiver on the developer's machine.
    expect(answers[0]!.problem.detail).toMatch(/`gw listen`.*docs\/quickstart\.md/);
    // The operator's log says which it was, with the host name only (never the path or query).
    const refusals = logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'webhook destination refused');
    expect(refusals.slice(-3).map((l) => [l.host, l.reason])).toEqual([
      ['nowhere.example.com', 'does not resolve'],
      ['internal.example.com', 'non-public address'],
      ['meta.example.com', 'non-public address'],
    ]);
    expect(logLines.join('\n')).not.toContain('t0p-s3cret');
    // The port check reveals nothing about DNS and keeps its own message.
    const port = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://public.example.com:6379/hook' });
    expect(port.status).toBe(400);
    expect(port.body.detail).toMatch(/port 6379/);
  });

  it('accepts a host that resolves to a public address', async () => {
    const res = await stack.http.post(REGISTER).set('X-API-Key', org.apiKey).send({ url: 'https://public.example.com/hook' });
    expect(res.status).toBe(201);
  });
});
