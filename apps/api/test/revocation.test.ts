import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../../../test/support/worker-process.js';
import { startStack, type Stack } from '../../../test/support/stack.js';

describe('API-key revocation (cached look-ups, evicted on revocation)', () => {
  let stack: Stack;
  const admin = (...args: string[]) => {
    const r = spawnSync('pnpm', ['--silent', 'admin', ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: stack.config.DATABASE_URL,
        REDIS_URL: stack.config.REDIS_URL,
        QUEUE_PREFIX: stack.config.QUEUE_PREFIX,
      },
      encoding: 'utf8',
    });
    return { code: r.status, out: r.stdout ? JSON.parse(r.stdout) : null, err: r.stderr };
  };

  beforeAll(async () => {
    // A long cache TTL: only the revocation announcement can make the API notice in time.
    stack = await startStack('revocation', { worker: false, env: { CREDENTIAL_CACHE_TTL_MS: '300000' } });
  });
  afterAll(() => stack.stop());

  it('a cached key revoked with the CLI is refused by the running API at once', async () => {
    const org = await stack.org();
    expect((await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey)).status).toBe(200); // now cached
    const r = admin('apikey:revoke', '--key', org.apiKey);
    expect(r.code).toBe(0);
    expect(r.out).toEqual({ revoked: true, announced: true });
    const res = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
    expect(res.status).toBe(401);
    expect(admin('apikey:revoke', '--key', org.apiKey).out).toEqual({ revoked: false, announced: true });
  });

  it('revokes by the key prefix shown to operators; an unknown prefix is a usage error', async () => {
    const org = await stack.org();
    const prefix = org.apiKey.slice(0, 10);
    expect(admin('apikey:revoke', '--prefix', prefix).out).toMatchObject({ revoked: true });
    expect((await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey)).status).toBe(401);
    const unknown = admin('apikey:revoke', '--prefix', 'sk_zzzzzzz');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/no active key/);
  });
});
