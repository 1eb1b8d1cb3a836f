/**
 * Behind Caddy every request comes from the proxy, so the rate limits would give all
 * clients one budget. TRUST_PROXY names the peers whose `X-Forwarded-For` is believed: then the
 * forwarded client address keys the limits; without it the header is ignored (a client cannot
 * pick a fresh address per request). supertest connects from the loopback address.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConfigError } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { startStack, type Stack } from '../../../test/support/stack.js';

/** A rate-limited route that needs no credentials: the limit is keyed by the client address. */
const PATH = '/api/gateway/v1/sso/nonce';
const LIMIT = 3;

async function statuses(stack: Stack, forwardedFor: string | undefined, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const req = stack.http.get(PATH);
    if (forwardedFor !== undefined) req.set('X-Forwarded-For', forwardedFor);
    out.push((await req).status);
  }
  return out;
}

describe('TRUST_PROXY=loopback: the forwarded client address keys the rate limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('trust-proxy-on', {
      worker: false,
      env: { TRUST_PROXY: 'loopback', RATE_LIMIT_MAX: String(LIMIT), AUTH_FAILURE_LIMIT: '2' },
    });
  });
  afterAll(() => stack.stop());

  it('two forwarded clients get separate budgets', async () => {
    expect(await statuses(stack, '203.0.113.7', LIMIT + 1)).toEqual([200, 200, 200, 429]);
    // Another client behind the same proxy is not limited by the first one's requests.
    expect(await statuses(stack, '203.0.113.8', 1)).toEqual([200]);
    // Nor is the proxy's own address (a request without the header).
    expect(await statuses(stack, undefined, 1)).toEqual([200]);
  });

  it('the client is the right-most untrusted address: an address the client prepends is not believed', async () => {
    // A client sending its own `X-Forwarded-For: 198.51.100.1` through a proxy arrives as
    // `198.51.100.1, <its real address>`: it is counted as its real address.
    expect(await statuses(stack, '203.0.113.9', LIMIT)).toEqual([200, 200, 200]);
    expect(await statuses(stack, '198.51.100.1, 203.0.113.9', 1)).toEqual([429]);
    expect(await statuses(stack, '198.51.100.1', 1)).toEqual([200]);
  });

  it('the failed-authentication limit counts per forwarded client too', async () => {
    const failing = async (forwardedFor: string) => {
      const res = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', 'not-a-key').set('X-Forwarded-For', forwardedFor);
      return res.status === 429 ? `429 ${String(res.body.detail)}` : res.status;
    };
    // AUTH_FAILURE_LIMIT=2: the third attempt of one client is refused before its key is checked.
    expect([await failing('203.0.113.20'), await failing('203.0.113.20'), await failing('203.0.113.20')]).toEqual([
      401,
      401,
      '429 Too many failed authentication attempts from this address',
    ]);
    expect(await failing('203.0.113.21')).toBe(401);
  });
});

describe('TRUST_PROXY unset (false): X-Forwarded-For is ignored', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('trust-proxy-off', { worker: false, env: { RATE_LIMIT_MAX: String(LIMIT) } });
  });
  afterAll(() => stack.stop());

  it('every request counts against the socket address, whatever address it claims', async () => {
    expect(stack.config.TRUST_PROXY).toBe(false);
    expect(await statuses(stack, '203.0.113.7', LIMIT)).toEqual([200, 200, 200]);
    expect(await statuses(stack, '203.0.113.8', 1)).toEqual([429]);
    expect(await statuses(stack, undefined, 1)).toEqual([429]);
  });
});

describe('TRUST_PROXY parsing', () => {
  const parse = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).TRUST_PROXY;
  /** The variables the ConfigError names, or null when the value is accepted. */
  const refusedVariables = (value: string) => {
    try {
      parse(value);
      return null;
    } catch (err) {
      if (err instanceof ConfigError) return err.variables;
      throw err;
    }
  };

  it('accepts false, a hop count and lists of addresses, ranges and names', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).TRUST_PROXY).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('1')).toBe(1);
    expect(parse('10')).toBe(10);
    expect(parse('uniquelocal')).toEqual(['uniquelocal']);
    expect(parse('loopback, 172.18.0.0/16,10.0.0.2,fd00::/8')).toEqual(['loopback', '172.18.0.0/16', '10.0.0.2', 'fd00::/8']);
  });

  it('refuses true, out-of-range counts and anything that is not an address, a range or a known name', () => {
    for (const value of ['true', '11', 'proxy.internal', '10.0.0.0/33', 'fd00::/129', '1,loopback', '10.0.0.0/8/8', 'loopback,']) {
      expect({ value, refused: refusedVariables(value) }).toEqual({ value, refused: ['TRUST_PROXY'] });
    }
  });

  it('TRUST_PROXY_HOPS (the old name) is refused rather than silently ignored, unless 0', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY_HOPS: '1' })).toThrow(/TRUST_PROXY_HOPS was replaced by TRUST_PROXY/);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY_HOPS: '0' }).TRUST_PROXY).toBe(false);
  });
});
