import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { errorCatalog } from '@gw/core/problems';
import { openApiJson, registeredRoutes, type RegisteredRoute } from '@gw/api';
import { escapeHtml, problemPage } from '@gw/api/http/problem-pages';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { contractChecker } from '../../../test/support/contract-check.js';

/**
 * The HTTP behaviour the OpenAPI document and docs/http-conventions.md
 * describe: IETF RateLimit header fields, X-Request-Id, WWW-Authenticate, 405 with Allow,
 * OPTIONS, the problem type pages and the CORS policy. Every answer also goes through the
 * contract check (documented status, media type, body and header fields).
 */
describe('HTTP conventions', () => {
  let stack: Stack;
  let routes: RegisteredRoute[];
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  /** A concrete request path of a route: `:file` an ABI that exists, other parameters a UUID. */
  const fill = (path: string) => path.replace(':file', 'token.json').replace(/:\w+/g, () => randomUUID());
  const doc = JSON.parse(openApiJson()) as { components: { headers: Record<string, { schema: Record<string, unknown> }> } };

  beforeAll(async () => {
    stack = await startStack('http-conventions', {
      worker: false,
      env: { RATE_LIMIT_MAX: '500', AUTH_FAILURE_LIMIT: '1000', LOG_LEVEL: 'debug' },
      logStream: sink,
    });
    routes = registeredRoutes(stack.api.app);
  });
  afterAll(() => stack.stop());

  describe('RateLimit and RateLimit-Policy (draft-ietf-httpapi-ratelimit-headers, structured fields)', () => {
    it('sends the structured-field syntax the document shows, counting down', async () => {
      const org = await stack.org();
      const get = () => stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
      const a = await get();
      const b = await get();
      expect([a.status, b.status]).toEqual([200, 200]);
      const field = /^"default"; r=(\d+); t=(\d+)$/;
      const policy = /^"default"; q=500; w=60; pk=:[A-Za-z0-9+/]+=*:$/;
      for (const res of [a, b]) {
        expect(res.headers['ratelimit']).toMatch(field);
        expect(res.headers['ratelimit-policy']).toMatch(policy);
        // The old draft-7 syntax is gone.
        expect(res.headers['ratelimit']).not.toMatch(/limit=|remaining=|reset=/);
        // The same syntax as the document's header components.
        expect(res.headers['ratelimit']).toMatch(new RegExp(String(doc.components.headers.RateLimit!.schema.pattern)));
        expect(res.headers['ratelimit-policy']).toMatch(new RegExp(String(doc.components.headers.RateLimitPolicy!.schema.pattern)));
      }
      const [, r1, t1] = field.exec(a.headers['ratelimit']!)!.map(Number);
      const [, r2] = field.exec(b.headers['ratelimit']!)!.map(Number);
      expect(r1).toBeLessThan(500);
      expect(r2).toBe(r1! - 1);
      expect(t1).toBeGreaterThan(0);
      expect(t1).toBeLessThanOrEqual(60);
      // The partition key is per counter: another key has another one, and never shows the key.
      const other = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', (await stack.org()).apiKey);
      expect(other.headers['ratelimit-policy']).not.toBe(a.headers['ratelimit-policy']);
      expect(a.headers['ratelimit-policy']).not.toContain(org.apiKey);
    });

    it('is absent on the endpoints that are not rate limited', async () => {
      const res = await stack.http.get('/api/health');
      expect(res.headers['ratelimit']).toBeUndefined();
      expect(res.headers['ratelimit-policy']).toBeUndefined();
    });
  });

  describe('X-Request-Id', () => {
    const logged = (id: string) => logs.some((l) => l.includes(`"id":"${id}"`));

    it('keeps a well-formed client id, echoes it and logs it', async () => {
      for (const id of ['trace-7f3a.b_c:01', 'x', randomUUID(), 'A'.repeat(128)]) {
        const res = await stack.http.get('/api/health').set('X-Request-Id', id);
        expect(res.headers['x-request-id']).toBe(id);
        expect(logged(id)).toBe(true);
      }
    });

    it('replaces a malformed, oversized or repeated id with a new UUID and never logs it', async () => {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      for (const junk of ['has space', 'a'.repeat(129), '<script>', 'x"y', 'id;drop', 'é-unicode', 'a/b']) {
        const res = await stack.http.get('/api/health').set('X-Request-Id', junk);
        expect(res.headers['x-request-id']).toMatch(uuid);
        expect(logged(res.headers['x-request-id']!)).toBe(true);
        expect(logs.join('')).not.toContain(junk);
      }
      const twice = await stack.http.get('/api/health').set('X-Request-Id', ['one', 'two'] as unknown as string);
      expect(twice.headers['x-request-id']).toMatch(uuid);
      // Generated when absent, also on problem answers.
      const problem = await stack.http.get('/api/nope');
      expect(problem.status).toBe(404);
      expect(problem.headers['x-request-id']).toMatch(uuid);
    });
  });

  describe('WWW-Authenticate on every 401 (RFC 9110 §11.6.1, RFC 6750)', () => {
    it('gateway operations: both challenges without credentials, the failing one otherwise', async () => {
      const org = await stack.org();
      const { token } = await stack.login();
      const missing = await stack.http.get('/api/gateway/v1/payments');
      expect(missing.status).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('ApiKey realm="gateway", header="X-API-Key", Bearer realm="gateway"');
      const badKey = await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', 'sk_nope').set('Authorization', `Bearer ${token}`);
      expect(badKey.status).toBe(401);
      expect(badKey.headers['www-authenticate']).toBe('ApiKey realm="gateway", header="X-API-Key", error="invalid_key"');
      const noJwt = await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', org.apiKey);
      expect(noJwt.status).toBe(401);
      expect(noJwt.headers['www-authenticate']).toBe('Bearer realm="gateway"');
      const badJwt = await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', org.apiKey).set('Authorization', 'Bearer e30.e30.x');
      expect(badJwt.status).toBe(401);
      expect(badJwt.headers['www-authenticate']).toBe(
        'Bearer realm="gateway", error="invalid_token", error_description="The JWT is invalid or has expired"',
      );
      expect(badJwt.body.type).toBe('/problems/unauthenticated');
    });

    it('webhook management names the API key only; a refused login signature the SIWE scheme', async () => {
      const missing = await stack.http.get('/api/gateway/v1/webhooks');
      expect(missing.status).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('ApiKey realm="gateway", header="X-API-Key"');
      const login = await stack.http.post('/api/gateway/v1/sso/login').send({ message: 'not a SIWE message', signature: '0x00' });
      expect(login.status).toBe(401);
      expect(login.headers['www-authenticate']).toBe('SIWE realm="gateway"');
    });

    it('every authenticated route of the table answers its 401 with a challenge', async () => {
      for (const r of routes.filter((x) => x.auth !== 'public')) {
        const res = await stack.http[r.method.toLowerCase() as 'get'](fill(r.path));
        expect({
          route: `${r.method} ${r.path}`,
          status: res.status,
          challenge: /realm="gateway"/.test(res.headers['www-authenticate'] ?? ''),
        }).toEqual({
          route: `${r.method} ${r.path}`,
          status: 401,
          challenge: true,
        });
      }
    });
  });

  describe('405 with Allow, OPTIONS, HEAD', () => {
    it('a known path with another method is a 405 problem with Allow; an unknown path stays 404', async () => {
      const org = await stack.org();
      const put = await stack.http.put('/api/gateway/v1/payments').set('X-API-Key', org.apiKey);
      expect(put.status).toBe(405);
      expect(put.headers['allow']).toBe('GET, HEAD, POST, OPTIONS');
      expect(put.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(put.body).toEqual({
        type: '/problems/method-not-allowed',
        title: 'Method not allowed',
        status: 405,
        detail: 'PUT is not allowed here; allowed: GET, HEAD, POST, OPTIONS',
        instance: '/api/gateway/v1/payments',
      });
      const health = await stack.http.delete('/api/health');
      expect([health.status, health.headers['allow']]).toEqual([405, 'GET, HEAD, OPTIONS']);
      const abi = await stack.http.post('/api/contracts-abi/token.json');
      expect([abi.status, abi.headers['allow']]).toEqual([405, 'GET, HEAD, OPTIONS']);
      const confirm = await stack.http.get(`/api/gateway/v1/payments/${randomUUID()}/confirm`);
      expect([confirm.status, confirm.headers['allow']]).toEqual([405, 'POST, OPTIONS']);
      const page = await stack.http.post('/problems/not-found');
      expect([page.status, page.headers['allow']]).toEqual([405, 'GET, HEAD, OPTIONS']);
      expect((await stack.http.put('/api/no-such-thing')).status).toBe(404);
      expect((await stack.http.get('/api/contracts-abi/a/b')).status).toBe(404);
    });

    it('every route of the table: PATCH is 405 with an Allow that names the route method', async () => {
      for (const r of routes) {
        const res = await stack.http.patch(fill(r.path));
        expect({
          route: `${r.method} ${r.path}`,
          status: res.status,
          allows: res.headers['allow']?.split(', ').includes(r.method),
        }).toEqual({
          route: `${r.method} ${r.path}`,
          status: 405,
          allows: true,
        });
      }
    });

    it('OPTIONS answers 204 with Allow on every path of the table; HEAD answers GET routes without a body', async () => {
      for (const r of routes) {
        const res = await stack.http.options(fill(r.path));
        expect(res.status).toBe(204);
        expect(res.headers['allow']?.split(', ')).toEqual(expect.arrayContaining([r.method, 'OPTIONS']));
      }
      expect((await stack.http.options('/api/no-such-thing')).status).toBe(404);
      const head = await stack.http.head('/api/gateway/v1/token/info');
      expect(head.status).toBe(200);
      expect(head.text ?? '').toBe('');
    });
  });

  describe('problem type pages', () => {
    it('the type of a real problem resolves, against the answer URL, to its HTML page', async () => {
      const res = await stack.http.get('/api/gateway/v1/payments/x/y/z');
      expect(res.status).toBe(404);
      const url = new URL(res.body.type as string, `${stack.baseUrl}/api/gateway/v1/payments/x/y/z`);
      expect(url.pathname).toBe('/problems/not-found');
      const page = await stack.http.get(url.pathname);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(page.headers['cache-control']).toBe('public, max-age=3600');
      expect(page.text).toContain('<h1>Not found</h1>');
      expect(page.text).toContain('<tr><th>HTTP status</th><td>404</td></tr>');
    });

    it('serves one page per catalogue code and an index of them all; an unknown code is a 404 problem', async () => {
      const index = await stack.http.get('/problems');
      expect(index.status).toBe(200);
      for (const [code, info] of Object.entries(errorCatalog)) {
        expect(index.text).toContain(`href="/problems/${code}"`);
        const page = await stack.http.get(`/problems/${code}`);
        expect(page.status).toBe(200);
        expect(page.text).toContain(`<h1>${escapeHtml(info.title)}</h1>`);
        expect(page.text).toContain(`<td>${info.status}</td>`);
        expect(page.text).toContain('What it means');
        expect(page.text).toContain('What to do');
      }
      const unknown = await stack.http.get('/problems/no-such-code');
      expect(unknown.status).toBe(404);
      expect(unknown.body.type).toBe('/problems/not-found');
      expect((await stack.http.head('/problems/not-found')).status).toBe(200);
    });

    it('escapes the catalogue text', () => {
      const html = problemPage('not-found', { status: 404, title: '<script>x</script>', meaning: 'a & b "q"', action: 'use `<b>`' });
      expect(html).not.toContain('<script>x');
      expect(html).toContain('&#60;script&#62;x&#60;/script&#62;');
      expect(html).toContain('a &#38; b &#34;q&#34;');
      expect(html).toContain('<code>&#60;b&#62;</code>');
    });
  });

  describe('CORS', () => {
    const origin = 'https://app.example.com';
    const grants = (res: { headers: Record<string, string | undefined> }) =>
      Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));

    it('authenticated endpoints grant nothing: no Access-Control-* on preflights or answers', async () => {
      const org = await stack.org();
      const preflight = await stack.http
        .options('/api/gateway/v1/webhooks')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'x-api-key');
      expect(preflight.status).toBe(204);
      expect(grants(preflight)).toEqual([]);
      const get = await stack.http.get('/api/gateway/v1/webhooks').set('Origin', origin).set('X-API-Key', org.apiKey);
      expect(get.status).toBe(200);
      expect(grants(get)).toEqual([]);
      // Public, but not read-only: the login and its nonce grant nothing either.
      const login = await stack.http
        .options('/api/gateway/v1/sso/login')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST');
      expect(grants(login)).toEqual([]);
      expect(grants(await stack.http.get('/api/gateway/v1/sso/nonce').set('Origin', origin))).toEqual([]);
    });

    it('no authenticated route of the table gets a grant', async () => {
      for (const r of routes.filter((x) => x.auth !== 'public')) {
        const res = await stack.http.options(fill(r.path)).set('Origin', origin).set('Access-Control-Request-Method', r.method);
        expect({ route: `${r.method} ${r.path}`, grants: grants(res) }).toEqual({ route: `${r.method} ${r.path}`, grants: [] });
      }
    });

    it('public read-only endpoints and the problem pages allow any origin, without credentials, GET and HEAD only', async () => {
      for (const path of [
        '/api/openapi.json',
        '/api/docs',
        '/api/health',
        '/api/gateway/v1/token/info',
        '/api/contracts-abi/token.json',
        '/problems/not-found',
      ]) {
        const res = await stack.http.get(path).set('Origin', origin);
        expect({ path, status: res.status, acao: res.headers['access-control-allow-origin'] }).toEqual({ path, status: 200, acao: '*' });
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        const preflight = await stack.http.options(path).set('Origin', origin).set('Access-Control-Request-Method', 'GET');
        expect(preflight.status).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe('*');
        expect(preflight.headers['access-control-allow-methods']).toBe('GET,HEAD');
      }
    });
  });

  it('every answer of this file matched the document, headers included', () => {
    // stack.stop() fails the file on a violation; here the checker must know the new header fields.
    expect(contractChecker().doc.components.headers).toHaveProperty('RequestId');
  });
});
