import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConfigError } from '@gw/runtime';
import { queueCatalogue } from '@gw/core/queues';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { parseBasicAuth, createSecretComparer } from '../src/basic-auth.js';
import { loadOpsConfig } from '../src/config.js';
import { basic, OPS_PASSWORD, OPS_USER, opsEnv, startOpsFor, type OpsUnderTest } from './ops-stack.js';

describe('ops app: basic auth, own port', () => {
  let stack: Stack;
  let ops: OpsUnderTest;
  let apiKey: string;
  let sessionToken: string;

  beforeAll(async () => {
    stack = await startStack('ops-auth', { worker: false });
    ops = await startOpsFor(stack);
    apiKey = (await stack.org()).apiKey;
    sessionToken = (await stack.login()).token;
  });
  afterAll(async () => {
    await ops?.ops.stop();
    await stack?.stop();
  });

  const protectedPaths = ['/', '/queues/', '/queues/api/queues', '/metrics'];

  it('answers 401 with a Basic challenge without credentials', async () => {
    for (const path of protectedPaths) {
      const res = await ops.http.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(res.headers['www-authenticate']).toBe('Basic realm="gateway-ops", charset="UTF-8"');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 401 to a wrong password, a wrong user and malformed headers', async () => {
    const attempts = [
      basic(OPS_USER, 'wrong'),
      basic(OPS_USER, `${OPS_PASSWORD}x`),
      basic(OPS_USER, OPS_PASSWORD.slice(0, -1)),
      basic('admin', OPS_PASSWORD),
      basic('', ''),
      `Basic ${Buffer.from(`${OPS_USER}${OPS_PASSWORD}`).toString('base64')}`,
      'Basic !!!',
      `Bearer ${OPS_PASSWORD}`,
    ];
    for (const authorization of attempts) {
      const res = await ops.http.get('/queues/api/queues').set('Authorization', authorization);
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
    }
  });

  it('integrator credentials (API key, session JWT, both) do not open it', async () => {
    // They are valid on the API...
    const onApi = await stack.http.get('/api/gateway/v1/webhooks').set({ 'X-API-Key': apiKey, Authorization: `Bearer ${sessionToken}` });
    expect(onApi.status).not.toBe(401);
    // ...and worthless on the ops port, in any header.
    const variants: Record<string, string>[] = [
      { 'X-API-Key': apiKey },
      { Authorization: `Bearer ${sessionToken}` },
      { 'X-API-Key': apiKey, Authorization: `Bearer ${sessionToken}` },
      { Authorization: basic(OPS_USER, apiKey) },
      { Authorization: basic(apiKey, apiKey) },
    ];
    for (const headers of variants) {
      for (const path of ['/queues/api/queues', '/metrics']) {
        const res = await ops.http.get(path).set(headers);
        expect({ path, headers: Object.keys(headers), status: res.status }).toEqual({ path, headers: Object.keys(headers), status: 401 });
      }
    }
  });

  it('opens Bull Board, its API and /metrics with the ops credentials', async () => {
    const auth = basic(OPS_USER, OPS_PASSWORD);
    const root = await ops.http.get('/').set('Authorization', auth);
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/queues/');
    const page = await ops.http.get('/queues/').set('Authorization', auth);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Gateway ops');
    const queues = await ops.http.get('/queues/api/queues').set('Authorization', auth);
    expect(queues.status).toBe(200);
    expect((queues.body.queues as { name: string }[]).map((q) => q.name).sort()).toEqual(queueCatalogue.map((q) => q.name).sort());
    expect(queueCatalogue.map((q) => q.name)).toContain('webhook-deliveries');
    const metrics = await ops.http.get('/metrics').set('Authorization', auth);
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.headers['cache-control']).toBe('no-store');
  });

  it('serves /healthz without credentials (container health check), revealing nothing else', async () => {
    const res = await ops.http.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });

  it('is never mounted on the public API port', async () => {
    for (const path of ['/queues', '/queues/', '/queues/api/queues', '/metrics', '/api/metrics', '/api/queues', '/healthz']) {
      const res = await stack.http.get(path).set('Authorization', basic(OPS_USER, OPS_PASSWORD));
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });

  describe('configuration', () => {
    const env = (extra: Record<string, string>) => ({ ...opsEnv(stack), OPS_USER: '', OPS_PASSWORD: '', ...extra });
    const PROD_KEY = { NODE_ENV: 'production', SECRETS_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}` };

    it('refuses to start without credentials (production, and by default elsewhere too)', () => {
      expect(() => loadOpsConfig(env(PROD_KEY))).toThrow(/OPS_USER and OPS_PASSWORD are required when NODE_ENV=production/);
      expect(() => loadOpsConfig(env({}))).toThrow(/OPS_INSECURE_NO_AUTH=true/);
      expect(() => loadOpsConfig(env({ ...PROD_KEY, OPS_INSECURE_NO_AUTH: 'true' }))).toThrow(ConfigError);
    });

    it('needs both variables, a user without ":", and 12+ characters in production', () => {
      expect(() => loadOpsConfig(env({ OPS_USER: 'x' }))).toThrow(/must be set together/);
      expect(() => loadOpsConfig(env({ OPS_PASSWORD: 'x' }))).toThrow(/must be set together/);
      expect(() => loadOpsConfig(env({ OPS_USER: 'a:b', OPS_PASSWORD: 'x' }))).toThrow(/must not contain/);
      expect(() => loadOpsConfig(env({ ...PROD_KEY, OPS_USER: 'ops', OPS_PASSWORD: 'short' }))).toThrow(/at least 12/);
      expect(loadOpsConfig(env({ ...PROD_KEY, OPS_USER: 'ops', OPS_PASSWORD: 'long enough password' })).auth).toEqual({
        user: 'ops',
        password: 'long enough password',
      });
      expect(() => loadOpsConfig(env({ OPS_PORT: '70000', OPS_USER: 'a', OPS_PASSWORD: 'b' }))).toThrow(/OPS_PORT/);
    });

    it('the error names the variables, never their values', () => {
      try {
        loadOpsConfig(env({ ...PROD_KEY, OPS_USER: 'ops', OPS_PASSWORD: 'sekrit' }));
        throw new Error('expected a ConfigError');
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).variables).toEqual(['OPS_PASSWORD']);
        expect((err as Error).message).not.toContain('sekrit');
      }
    });

    it('runs without auth only with OPS_INSECURE_NO_AUTH=true outside production, and says so', async () => {
      const config = loadOpsConfig(env({ OPS_INSECURE_NO_AUTH: 'true' }));
      expect(config.auth).toBeNull();
      const open = await startOpsFor(stack, { OPS_USER: '', OPS_PASSWORD: '', OPS_INSECURE_NO_AUTH: 'true' });
      try {
        const res = await open.http.get('/queues/api/queues');
        expect(res.status).toBe(200);
      } finally {
        await open.ops.stop();
      }
    });
  });

  describe('helpers', () => {
    it('parseBasicAuth splits at the first colon and rejects other schemes', () => {
      expect(parseBasicAuth(basic('u', 'p:with:colons'))).toEqual({ user: 'u', password: 'p:with:colons' });
      expect(parseBasicAuth(`basic ${Buffer.from('u:').toString('base64')}`)).toEqual({ user: 'u', password: '' });
      expect(parseBasicAuth(undefined)).toBeNull();
      expect(parseBasicAuth('Bearer abc')).toBeNull();
      expect(parseBasicAuth(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeNull();
    });

    it('the comparer is exact whatever the lengths', () => {
      const same = createSecretComparer();
      expect(same('secret', 'secret')).toBe(true);
      expect(same('secret', 'secreT')).toBe(false);
      expect(same('secret', 'secret-longer')).toBe(false);
      expect(same('', 'secret')).toBe(false);
      expect(same('', '')).toBe(true);
    });
  });
});
