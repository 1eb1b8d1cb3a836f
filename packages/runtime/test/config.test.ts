import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, composeEnv, defineEnvSlice, runtimeEnvSlice, SecretBox } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c).toMatchObject({
      PORT: 3000,
      REDIS_URL: 'redis://127.0.0.1:6379',
      SIWE_DOMAIN: 'localhost',
      JWT_TTL_SECONDS: 3600,
      WEBHOOK_TIMEOUT_MS: 10000,
      WEBHOOK_MAX_ATTEMPTS: 8,
      WEBHOOK_BACKOFF_BASE_MS: 60000,
      WEBHOOK_BACKOFF_MAX_MS: 3600000,
      WEBHOOK_ALLOW_PRIVATE_URLS: false,
      RATE_LIMIT_MAX: 600,
      RATE_LIMIT_WINDOW_MS: 60000,
      LOG_LEVEL: 'info',
    });
  });

  it('names the invalid variables and never echoes their values', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', WEBHOOK_ALLOW_PRIVATE_URLS: 'yes-please', REDIS_URL: 'http://secret-host-value:1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    expect(e.variables.sort()).toEqual(['PORT', 'REDIS_URL', 'WEBHOOK_ALLOW_PRIVATE_URLS']);
    expect(e.message).not.toContain('eighty');
    expect(e.message).not.toContain('secret-host-value');
  });

  it('requires SECRETS_ENCRYPTION_KEY outside NODE_ENV=test (no built-in development key)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(() => loadConfig({})).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(loadConfig({ NODE_ENV: 'test' }).SECRETS_ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('composition of the slices (each module declares its variables, @gw/core/config composes them)', () => {
  const slice = (owner: string, schema: z.ZodObject) =>
    defineEnvSlice({ owner, schema, source: { url: import.meta.url, variable: owner } });

  it('parses every slice in one pass, so that every invalid variable is named at once', () => {
    const env = composeEnv([runtimeEnvSlice, slice('a', z.object({ A_MS: z.coerce.number().int().default(5) }))]);
    expect(env.load({ NODE_ENV: 'test', A_MS: '7' })).toMatchObject({ PORT: 3000, A_MS: 7 });
    let error: unknown;
    try {
      env.load({ NODE_ENV: 'test', PORT: 'x', A_MS: 'y' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).variables.sort()).toEqual(['A_MS', 'PORT']);
  });

  it('refuses a variable declared by two slices', () => {
    expect(() => composeEnv([runtimeEnvSlice, slice('b', z.object({ PORT: z.string() }))])).toThrow(/PORT is declared by two slices/);
  });
});

describe('local defaults: NODE_ENV=development relaxes what a local run needs; production and test keep the strict rules', () => {
  const key = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
  const local = (env: Record<string, string> = {}) => loadConfig({ SECRETS_ENCRYPTION_KEY: key, ...env });

  it('development (the default, what `pnpm start` runs): private webhook URLs allowed, retries every 5 s up to 1 min', () => {
    for (const c of [local(), local({ NODE_ENV: 'development' })]) {
      expect(c).toMatchObject({
        NODE_ENV: 'development',
        WEBHOOK_ALLOW_PRIVATE_URLS: true,
        WEBHOOK_BACKOFF_BASE_MS: 5000,
        WEBHOOK_BACKOFF_MAX_MS: 60000,
      });
    }
  });

  it("production and test: private URLs refused and the specification's back-off (1 min doubling to 1 h)", () => {
    for (const NODE_ENV of ['production', 'test']) {
      expect(local({ NODE_ENV })).toMatchObject({
        WEBHOOK_ALLOW_PRIVATE_URLS: false,
        WEBHOOK_BACKOFF_BASE_MS: 60000,
        WEBHOOK_BACKOFF_MAX_MS: 3600000,
      });
    }
  });

  it('an explicit value always wins, in either direction', () => {
    expect(local({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
    expect(local({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(true);
    expect(local({ WEBHOOK_BACKOFF_BASE_MS: '60000', WEBHOOK_BACKOFF_MAX_MS: '3600000' })).toMatchObject({
      WEBHOOK_BACKOFF_BASE_MS: 60000,
      WEBHOOK_BACKOFF_MAX_MS: 3600000,
    });
    expect(local({ NODE_ENV: 'production', WEBHOOK_BACKOFF_BASE_MS: '1000', WEBHOOK_BACKOFF_MAX_MS: '8000' })).toMatchObject({
      WEBHOOK_BACKOFF_BASE_MS: 1000,
      WEBHOOK_BACKOFF_MAX_MS: 8000,
    });
  });

  it('one bound set alone keeps the pair consistent (the unset one follows it), two inconsistent ones are refused', () => {
    expect(local({ WEBHOOK_BACKOFF_BASE_MS: '120000' })).toMatchObject({ WEBHOOK_BACKOFF_BASE_MS: 120000, WEBHOOK_BACKOFF_MAX_MS: 120000 });
    expect(local({ NODE_ENV: 'production', WEBHOOK_BACKOFF_MAX_MS: '30000' })).toMatchObject({
      WEBHOOK_BACKOFF_BASE_MS: 30000,
      WEBHOOK_BACKOFF_MAX_MS: 30000,
    });
    expect(() => local({ WEBHOOK_BACKOFF_BASE_MS: '2000', WEBHOOK_BACKOFF_MAX_MS: '1000' })).toThrow(/WEBHOOK_BACKOFF_MAX_MS must be >=/);
  });

  it('start-up wait and shutdown bound: 30 s and 25 s by default', () => {
    expect(local()).toMatchObject({ STARTUP_WAIT_MS: 30000, SHUTDOWN_TIMEOUT_MS: 25000 });
    expect(local({ STARTUP_WAIT_MS: '0' }).STARTUP_WAIT_MS).toBe(0);
  });
});

describe('secrets at rest (AES-256-GCM with key ids)', () => {
  const k1 = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
  const k2 = `k2:${Buffer.alloc(32, 2).toString('base64')}`;

  it('round-trips, hides the plaintext and detects tampering', () => {
    const box = new SecretBox(k1);
    const sealed = box.seal('whsec_topsecret');
    expect(sealed).not.toContain('topsecret');
    expect(box.open(sealed)).toBe('whsec_topsecret');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('x'.repeat(15)).toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });

  it('rotates: a ring with a new first key still opens values sealed under the old one', () => {
    const old = new SecretBox(k1).seal('value');
    const rotated = new SecretBox(`${k2},${k1}`);
    expect(rotated.open(old)).toBe('value');
    expect(rotated.needsRotation(old)).toBe(true);
    expect(rotated.needsRotation(rotated.seal('value'))).toBe(false);
    expect(() => new SecretBox(k2).open(old)).toThrow(/configured keys/);
  });

  it('says what happened when the key of that id is not the one that sealed the value (a new local key beside an old database)', () => {
    const sealed = new SecretBox(`local:${Buffer.alloc(32, 3).toString('base64')}`).seal('value');
    const other = new SecretBox(`local:${Buffer.alloc(32, 4).toString('base64')}`);
    expect(() => other.open(sealed)).toThrow(/key id 'local' cannot be decrypted with the configured key of that id: the key changed/);
  });
});
