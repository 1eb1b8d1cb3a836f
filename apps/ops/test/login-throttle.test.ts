import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { clientAddressGroup } from '@gw/runtime';
import { basicAuth, OPS_TRUST_COOKIE } from '../src/basic-auth.js';
import { basic } from './ops-stack.js';

const USER = 'operator';
const PASSWORD = 'correct horse battery staple';
const right = basic(USER, PASSWORD);
const wrong = (i: number) => basic(USER, `guess-${i}`);

/**
 * The ops console's login throttle: per address *group* (an IPv6 /64, an
 * IPv4 address), a global failure budget, and a trust cookie that keeps the operator's browser
 * out of a lockout someone else caused. The real middleware in a real Express app, reached over
 * HTTP; the client address comes from X-Forwarded-For (the test app trusts loopback as its
 * proxy), and the clock is the test's, so windows pass without waiting.
 */
function app(throttle: { maxFailures: number; lockoutMs: number; globalMaxFailures?: number }) {
  let now = 1_000_000;
  const a = express();
  a.set('trust proxy', 'loopback');
  a.use(basicAuth({ user: USER, password: PASSWORD }, undefined, { ...throttle, now: () => now }));
  a.get('/', (_req, res) => res.send('ok'));
  const http = request(a);
  return {
    get: (from: string, authorization: string, cookie?: string) => {
      const req = http.get('/').set('X-Forwarded-For', from).set('Authorization', authorization);
      return cookie ? req.set('Cookie', cookie) : req;
    },
    advance: (ms: number) => (now += ms),
  };
}

/** The `name=value` of the trust cookie a response sets, if any. */
const trustCookie = (res: request.Response): string | undefined =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${OPS_TRUST_COOKIE}=`));

describe('clientAddressGroup', () => {
  it('groups IPv6 by /64, keeps IPv4 whole, and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(clientAddressGroup('2001:db8:1:2::a')).toBe(clientAddressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientAddressGroup('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddressGroup('2001:db8:1:3::a')).not.toBe(clientAddressGroup('2001:db8:1:2::a'));
    expect(clientAddressGroup('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressGroup('192.0.2.8')).not.toBe(clientAddressGroup('192.0.2.7'));
    expect(clientAddressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressGroup('::1')).toBe('::/64');
    expect(clientAddressGroup('not an address')).toBe('not an address');
  });
});

describe('ops login throttle', () => {
  it('counts the addresses of one IPv6 /64 together: a fresh address of it is locked out too', async () => {
    const ops = app({ maxFailures: 3, lockoutMs: 60_000 });
    for (const [i, from] of ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:cafe::c'].entries())
      expect((await ops.get(from, wrong(i))).status).toBe(401);
    const locked = await ops.get('2001:db8:1:2::d', right);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another /64, and IPv4, are not affected.
    expect((await ops.get('2001:db8:1:3::d', right)).status).toBe(200);
    expect((await ops.get('192.0.2.7', right)).status).toBe(200);
  });

  it('counts an IPv4 client the same whether the socket reports it mapped into IPv6 or not', async () => {
    const ops = app({ maxFailures: 2, lockoutMs: 60_000 });
    expect((await ops.get('::ffff:192.0.2.9', wrong(1))).status).toBe(401);
    expect((await ops.get('192.0.2.9', wrong(2))).status).toBe(401);
    expect((await ops.get('192.0.2.9', right)).status).toBe(429);
  });

  it('after the global failure budget, addresses never seen to log in are refused, known ones are not', async () => {
    const ops = app({ maxFailures: 3, lockoutMs: 60_000, globalMaxFailures: 5 });
    // The operator's address logged in before the attack.
    expect((await ops.get('198.51.100.1', right)).status).toBe(200);
    // A spread-out guesser: one failure from each of five /64s, none locked out by itself.
    for (let i = 0; i < 5; i++) expect((await ops.get(`2001:db8:${i}::1`, wrong(i))).status).toBe(401);
    // Now a new address is refused whatever it sends, the right password included...
    const refused = await ops.get('2001:db8:99::1', right);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ops.get('203.0.113.5', wrong(9))).status).toBe(429);
    // ...while the address that logged in before still can.
    expect((await ops.get('198.51.100.1', right)).status).toBe(200);
    // The budget counts failures within the window: once they are older, new addresses get in.
    ops.advance(60_001);
    expect((await ops.get('2001:db8:99::1', right)).status).toBe(200);
  });

  it("the operator's browser (trust cookie from an earlier login) gets in while others lock its address out", async () => {
    const ops = app({ maxFailures: 3, lockoutMs: 60_000, globalMaxFailures: 100 });
    const first = await ops.get('192.0.2.50', right);
    expect(first.status).toBe(200);
    const cookie = trustCookie(first);
    expect(cookie).toBeDefined();
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    // Someone else behind the same address guesses until it is locked.
    for (let i = 0; i < 3; i++) expect((await ops.get('192.0.2.50', wrong(i))).status).toBe(401);
    expect((await ops.get('192.0.2.50', right)).status).toBe(429);
    // The operator's browser still gets in; a forged or altered cookie does not help.
    expect((await ops.get('192.0.2.50', right, cookie)).status).toBe(200);
    const forged = `${cookie!.slice(0, -2)}${cookie!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await ops.get('192.0.2.50', right, forged)).status).toBe(429);
    // The cookie is no password: wrong credentials with it are counted, for that browser alone.
    for (let i = 0; i < 3; i++) expect((await ops.get('192.0.2.50', wrong(i), cookie)).status).toBe(401);
    expect((await ops.get('192.0.2.50', right, cookie)).status).toBe(429);
  });

  it('an address keeps its own lockout (OPS_LOGIN_MAX_FAILURES within OPS_LOGIN_LOCKOUT_MS), then gets in again', async () => {
    const ops = app({ maxFailures: 3, lockoutMs: 60_000, globalMaxFailures: 100 });
    for (let i = 0; i < 3; i++) expect((await ops.get('192.0.2.60', wrong(i))).status).toBe(401);
    expect((await ops.get('192.0.2.60', right)).status).toBe(429);
    ops.advance(60_001);
    expect((await ops.get('192.0.2.60', right)).status).toBe(200);
  });
});
