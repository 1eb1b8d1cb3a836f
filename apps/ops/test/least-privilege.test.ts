import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { loadOpsConfig } from '../src/config.js';
import { startOps } from '../src/start-ops.js';
import { basic, OPS_PASSWORD, OPS_USER, opsEnv } from './ops-stack.js';

/**
 * The ops console decrypts nothing, so it must not need, nor hold,
 * SECRETS_ENCRYPTION_KEY (least privilege). It starts without it, in production too, and drops it
 * when the environment has it anyway (a shared `.env` on a developer machine).
 */
describe('ops console without SECRETS_ENCRYPTION_KEY', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('ops-no-secrets-key', { worker: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const withoutKey = (extra: Record<string, string> = {}) => {
    const env: Record<string, string> = { ...opsEnv(stack), ...extra };
    delete env.SECRETS_ENCRYPTION_KEY;
    return env;
  };

  it('loads its configuration without the key, in development and in production', () => {
    expect(loadOpsConfig(withoutKey()).SECRETS_ENCRYPTION_KEY).toBeUndefined();
    const production = loadOpsConfig(withoutKey({ NODE_ENV: 'production' }));
    expect(production.NODE_ENV).toBe('production');
    expect(production.SECRETS_ENCRYPTION_KEY).toBeUndefined();
  });

  it('does not keep the key when the environment has one', () => {
    const key = `k1:${Buffer.alloc(32, 9).toString('base64')}`;
    expect(
      loadOpsConfig({ ...withoutKey({ NODE_ENV: 'production' }), SECRETS_ENCRYPTION_KEY: key }).SECRETS_ENCRYPTION_KEY,
    ).toBeUndefined();
  });

  it('serves Bull Board, /metrics and /healthz without it, and holds no secret box', async () => {
    const ops = await startOps(loadOpsConfig(withoutKey({ NODE_ENV: 'production' })));
    try {
      expect(ops.deps).not.toHaveProperty('secretBox');
      const base = `http://127.0.0.1:${(ops.server.address() as { port: number }).port}`;
      const auth = { Authorization: basic(OPS_USER, OPS_PASSWORD) };
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${base}/queues/api/queues`, { headers: auth })).status).toBe(200);
    } finally {
      await ops.stop();
    }
  });
});
