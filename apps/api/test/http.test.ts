import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { startStack, type Stack } from '../../../test/support/stack.js';

describe('problem details, scopes and rate limits', () => {
  let stack: Stack;
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });

  beforeAll(async () => {
    stack = await startStack('http', { worker: false, env: { RATE_LIMIT_MAX: '15', LOG_LEVEL: 'debug' }, logStream: sink });
  });
  afterAll(() => stack.stop());

  it('unknown paths are 404 problem documents', async () => {
    const res = await stack.http.get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: '/problems/not-found',
      title: 'Not found',
      status: 404,
      detail: expect.any(String),
      instance: '/api/nope',
    });
  });

  it('malformed JSON is a 400 problem, a non-JSON body 415', async () => {
    const org = await stack.org();
    const bad = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .set('Content-Type', 'application/json')
      .send('{"url":');
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('/problems/malformed-json');
    const form = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .type('form')
      .send('url=https://x.example.com');
    expect(form.status).toBe(415);
  });

  it('gateway endpoints need both the API key and the JWT (401), and the scope (403)', async () => {
    const org = await stack.org('payments:read');
    const { token } = await stack.login();
    const body = { amount: '1000' };
    expect((await stack.http.post('/api/gateway/v1/payments').send(body)).status).toBe(401);
    expect((await stack.http.post('/api/gateway/v1/payments').set('X-API-Key', org.apiKey).send(body)).status).toBe(401);
    expect((await stack.http.post('/api/gateway/v1/payments').set('Authorization', `Bearer ${token}`).send(body)).status).toBe(401);
    const noScope = await stack.http
      .post('/api/gateway/v1/payments')
      .set('X-API-Key', org.apiKey)
      .set('Authorization', `Bearer ${token}`)
      .send(body);
    expect(noScope.status).toBe(403);
    expect(noScope.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'payments:write' });
    const read = await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', org.apiKey).set('Authorization', `Bearer ${token}`);
    expect(read.status).toBe(200);
  });

  it('refuses JWTs that are forged, expired or for another audience', async () => {
    const org = await stack.org();
    const { token, address } = await stack.login();
    const decoded = jwt.decode(token, { complete: true })!;
    const { privateKey: strangerKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const payload = decoded.payload as jwt.JwtPayload;
    const forged = [
      jwt.sign({ ...payload }, strangerKey, { algorithm: 'ES256', keyid: decoded.header.kid }),
      `${token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...payload, sub: '0x0000000000000000000000000000000000000001' })).toString('base64url')}.${token.split('.')[2]}`,
      jwt.sign({ sub: address }, '', { algorithm: 'none' } as jwt.SignOptions),
      jwt.sign({ ...payload, exp: Math.floor(Date.now() / 1000) - 10 }, strangerKey, { algorithm: 'ES256', keyid: decoded.header.kid }),
      'not-a-jwt',
    ];
    for (const t of forged) {
      const res = await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', org.apiKey).set('Authorization', `Bearer ${t}`);
      expect(res.status).toBe(401);
    }
  });

  it('rate limits per API key with 429, Retry-After and RateLimit headers', async () => {
    const org = await stack.org();
    const other = await stack.org();
    let last;
    for (let i = 0; i < 16; i++) last = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.headers['ratelimit-policy']).toBeDefined();
    expect(last!.headers['ratelimit']).toBeDefined();
    expect(last!.body.type).toBe('/problems/rate-limited');
    // Another key has its own budget.
    expect((await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', other.apiKey)).status).toBe(200);
  });

  it('never logs API keys, JWTs, webhook secrets or signatures', async () => {
    const org = await stack.org();
    const { token } = await stack.login();
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: 'https://logs.example.com/' });
    await stack.http.get('/api/gateway/v1/payments?status=bogus').set('X-API-Key', org.apiKey).set('Authorization', `Bearer ${token}`);
    await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', `${org.apiKey}x`);
    const all = logs.join('');
    expect(logs.length).toBeGreaterThan(3);
    expect(all).toContain('"path":"/api/gateway/v1/webhooks/register"');
    for (const secret of [org.apiKey, token, reg.body.secret, token.split('.')[2]!]) expect(all).not.toContain(secret);
  });
});
