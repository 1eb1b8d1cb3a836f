import { describe, expect, it } from '@jest/globals';
import { backoffDelayMs } from '@gw/core/webhooks';
import { ConfigError, loadConfig, SecretBox } from '@gw/runtime';

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

  it('requires SECRETS_ENCRYPTION_KEY outside NODE_ENV=test (issue #11: no built-in development key)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(() => loadConfig({})).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(loadConfig({ NODE_ENV: 'test' }).SECRETS_ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('back-off (spec, Limits: 1, 2, 4, 8 minutes ..., capped at 1 hour)', () => {
  it('doubles from the base and caps at the maximum', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelayMs(n, 60_000, 3_600_000) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(backoffDelayMs(2000, 60_000, 3_600_000)).toBe(3_600_000);
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
});
