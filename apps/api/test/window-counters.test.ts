import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createRedis } from '@gw/runtime';
import { SyncedWindowCounters } from '../src/http/window-counters.js';
import { redisDbForWorker } from '../../../test/support/stack.js';

/**
 * The rate limiters' counters: counted in memory, shared through the real Redis.
 * Two instances stand for two API replicas.
 */
describe('SyncedWindowCounters', () => {
  let redis: Redis;
  const prefix = `twc${randomBytes(4).toString('hex')}:`;
  const started: SyncedWindowCounters[] = [];
  const counters = (opts: { windowMs?: number; client?: Redis } = {}) => {
    const c = new SyncedWindowCounters(opts.client ?? redis, { prefix, windowMs: opts.windowMs ?? 60_000, syncMs: 1_000_000 });
    started.push(c);
    return c; // synced by hand (sync()) so that the test decides when replicas talk
  };

  beforeAll(async () => {
    redis = new Redis(`redis://127.0.0.1:6379/${redisDbForWorker()}`);
    await redis.ping();
  });
  afterEach(async () => {
    for (const c of started.splice(0)) await c.stop();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts hits exactly on one replica, before and after syncing, and stores the total in Redis with the window as TTL', async () => {
    const c = counters();
    expect(c.hit('k1').total).toBe(1);
    expect(c.hit('k1').total).toBe(2);
    expect(c.peek('k1').total).toBe(2);
    await c.sync();
    expect(c.hit('k1').total).toBe(3);
    await c.sync();
    expect(await redis.get(`${prefix}k1`)).toBe('3');
    const ttl = await redis.pttl(`${prefix}k1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(c.peek('other').total).toBe(0);
  });

  it("a replica sees another replica's hits after both synced", async () => {
    const a = counters();
    const b = counters();
    for (let i = 0; i < 5; i++) a.hit('shared');
    expect(b.hit('shared').total).toBe(1); // b has not heard of a's hits yet
    await a.sync();
    await b.sync();
    expect(b.peek('shared').total).toBe(6);
    expect(b.hit('shared').total).toBe(7);
    await b.sync();
    // a refreshes a key once it used it again since its last sync (here: a read).
    expect(a.peek('shared').total).toBe(5);
    await a.sync();
    expect(a.peek('shared').total).toBe(7);
  });

  it('peeking a key makes the next sync read its total (failed-authentication counts of other replicas)', async () => {
    const a = counters();
    const b = counters();
    for (let i = 0; i < 3; i++) a.hit('addr');
    await a.sync();
    expect(b.peek('addr').total).toBe(0);
    await b.sync();
    expect(b.peek('addr').total).toBe(3);
  });

  it('a new window starts from zero, with the reset time taken from Redis', async () => {
    const c = counters({ windowMs: 1000 });
    c.hit('w');
    c.hit('w');
    await c.sync();
    const first = c.peek('w');
    expect(first.total).toBe(2);
    expect(first.resetTime.getTime()).toBeGreaterThan(Date.now());
    expect(first.resetTime.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await new Promise((r) => setTimeout(r, first.resetTime.getTime() - Date.now() + 20));
    expect(c.hit('w').total).toBe(1);
  });

  it('takes back a hit not yet synced (decrement) and forgets a key', async () => {
    const c = counters();
    c.hit('d');
    c.hit('d');
    c.unhit('d');
    expect(c.peek('d').total).toBe(1);
    c.forget('d');
    expect(c.peek('d').total).toBe(0);
  });

  it('while Redis is unreachable each replica keeps counting and enforcing its own hits', async () => {
    // A fail-fast client of a port where nothing listens: every command fails at once.
    const down = createRedis('redis://127.0.0.1:1/0', { failFast: true, lazyConnect: true });
    down.on('error', () => undefined);
    try {
      const offline = counters({ client: down });
      for (let i = 0; i < 4; i++) offline.hit('outage');
      await offline.sync();
      expect(offline.hit('outage').total).toBe(5);
    } finally {
      down.disconnect();
    }
  });

  it('hits a failed sync could not send are sent by the next one', async () => {
    let broken = true;
    // The real connection, except that pipelines fail while `broken`.
    const flaky = new Proxy(redis, {
      get: (target, prop) => {
        if (prop !== 'pipeline') return Reflect.get(target, prop);
        return () => {
          const pipeline = target.pipeline();
          if (broken) pipeline.exec = () => Promise.reject(new Error('connection lost'));
          return pipeline;
        };
      },
    });
    const c = counters({ client: flaky });
    c.hit('retry');
    c.hit('retry');
    await c.sync();
    expect(await redis.get(`${prefix}retry`)).toBeNull();
    expect(c.hit('retry').total).toBe(3);
    broken = false;
    await c.sync();
    expect(await redis.get(`${prefix}retry`)).toBe('3');
    expect(c.peek('retry').total).toBe(3);
  });
});
