import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { DEFAULT_REDIS_MAX_ENTRIES, DEFAULT_TTL_MS, MemoryStore, RedisStore, type DeliveryStore } from '../src/stores.js';
import { connect, countByPrefix, deleteByPrefix, uniquePrefix } from './redis-helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Behaviour every DeliveryStore must have. `make` gets a lease in ms. */
function storeContract(make: (leaseMs: number) => DeliveryStore) {
  it('claims a new id once, then reports in-progress, then done after complete', async () => {
    const store = make(60_000);
    expect(await store.claim('d1')).toBe('claimed');
    expect(await store.claim('d1')).toBe('in-progress');
    await store.complete('d1');
    expect(await store.claim('d1')).toBe('done');
    expect(await store.claim('d1')).toBe('done');
    expect(await store.claim('d2')).toBe('claimed');
  });

  it('gives exactly one claim to concurrent duplicates', async () => {
    const store = make(60_000);
    const results = await Promise.all(Array.from({ length: 25 }, () => store.claim('concurrent')));
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r === 'in-progress')).toHaveLength(24);
  });

  it('release makes the id claimable again (handler failed → retry is processed)', async () => {
    const store = make(60_000);
    expect(await store.claim('r1')).toBe('claimed');
    await store.release('r1');
    expect(await store.claim('r1')).toBe('claimed');
    await store.complete('r1');
    expect(await store.claim('r1')).toBe('done');
  });

  it('release never removes a completed record', async () => {
    const store = make(60_000);
    expect(await store.claim('r2')).toBe('claimed');
    await store.complete('r2');
    await store.release('r2');
    expect(await store.claim('r2')).toBe('done');
  });

  it('release of an unknown id is a no-op', async () => {
    const store = make(60_000);
    await expect(store.release('never-claimed')).resolves.toBeUndefined();
    expect(await store.claim('never-claimed')).toBe('claimed');
  });
}

describe('MemoryStore', () => {
  storeContract((leaseMs) => new MemoryStore({ leaseMs }));

  it('forgets completed ids after ttlMs', async () => {
    let now = 1_000_000;
    const store = new MemoryStore({ ttlMs: 5_000, now: () => now });
    await store.claim('t');
    await store.complete('t');
    now += 4_999;
    expect(await store.claim('t')).toBe('done');
    now += 1;
    expect(await store.claim('t')).toBe('claimed');
  });

  it('lets an abandoned claim expire after leaseMs (crashed handler)', async () => {
    let now = 0;
    const store = new MemoryStore({ leaseMs: 1_000, now: () => now });
    expect(await store.claim('l')).toBe('claimed');
    now += 999;
    expect(await store.claim('l')).toBe('in-progress');
    now += 1;
    expect(await store.claim('l')).toBe('claimed');
  });

  it('defaults to a 7-day retention', async () => {
    let now = 0;
    const store = new MemoryStore({ now: () => now });
    await store.claim('w');
    await store.complete('w');
    now += DEFAULT_TTL_MS - 1;
    expect(await store.claim('w')).toBe('done');
    now += 1;
    expect(await store.claim('w')).toBe('claimed');
    expect(DEFAULT_TTL_MS).toBe(604_800_000);
  });

  it('stays within maxEntries, evicting the oldest completed ids before live claims', async () => {
    const store = new MemoryStore({ maxEntries: 3 });
    await store.claim('live');
    for (const id of ['a', 'b', 'c', 'd']) {
      await store.claim(id);
      await store.complete(id);
      expect(store.size).toBeLessThanOrEqual(3);
    }
    expect(store.size).toBe(3);
    expect(await store.claim('live')).toBe('in-progress'); // live claim survived
    expect(await store.claim('d')).toBe('done'); // newest kept
    expect(await store.claim('c')).toBe('done');
    expect(store.size).toBe(3);
  });

  it('drops expired entries first when full', async () => {
    let now = 0;
    const store = new MemoryStore({ maxEntries: 2, ttlMs: 10, leaseMs: 10_000, now: () => now });
    await store.claim('old');
    await store.complete('old'); // expires at 10
    await store.claim('live'); // lease until 10_000
    now = 50;
    expect(await store.claim('new')).toBe('claimed');
    expect(await store.claim('live')).toBe('in-progress');
    expect(store.size).toBe(2);
  });

  it('rejects invalid options', () => {
    expect(() => new MemoryStore({ ttlMs: 0 })).toThrow(RangeError);
    expect(() => new MemoryStore({ maxEntries: -1 })).toThrow(RangeError);
    expect(() => new MemoryStore({ leaseMs: 1.5 })).toThrow(RangeError);
  });
});

describe('RedisStore (real Redis, db 14)', () => {
  let redis: Redis;
  let other: Redis;
  const prefix = uniquePrefix('stores');

  beforeAll(async () => {
    redis = connect();
    other = connect();
    expect(await redis.ping()).toBe('PONG');
  });

  afterAll(async () => {
    await deleteByPrefix(redis, prefix);
    expect(await countByPrefix(redis, prefix)).toBe(0);
    await Promise.all([redis.quit(), other.quit()]);
  });

  let n = 0;
  const scoped = () => `${prefix}${++n}:`;

  storeContract((leaseMs) => new RedisStore(redis, { prefix: scoped(), leaseMs }));

  /** The Redis server's clock in epoch ms (the store's scripts use it). */
  const serverNow = async () => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };

  it('keeps a claim for leaseMs and a completed id for ttlMs, in three keys that expire by themselves', async () => {
    const p = scoped();
    const store = new RedisStore(redis, { prefix: p, leaseMs: 30_000, ttlMs: 120_000 });
    expect(store.keys).toEqual({ done: `${p}{deliveries}:done`, claims: `${p}{deliveries}:claims`, tokens: `${p}{deliveries}:tokens` });
    expect(await store.claim('k')).toBe('claimed');
    const leaseEnd = Number(await redis.zscore(store.keys.claims, 'k')) - (await serverNow());
    expect(leaseEnd).toBeGreaterThan(25_000);
    expect(leaseEnd).toBeLessThanOrEqual(30_000);
    expect(await redis.hget(store.keys.tokens, 'k')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await redis.pttl(store.keys.claims)).toBeGreaterThan(25_000);
    await store.complete('k');
    expect(await redis.zscore(store.keys.claims, 'k')).toBeNull();
    expect(await redis.hget(store.keys.tokens, 'k')).toBeNull();
    const retentionEnd = Number(await redis.zscore(store.keys.done, 'k')) - (await serverNow());
    expect(retentionEnd).toBeGreaterThan(115_000);
    expect(retentionEnd).toBeLessThanOrEqual(120_000);
    const keyTtl = await redis.pttl(store.keys.done);
    expect(keyTtl).toBeGreaterThan(115_000);
    expect(keyTtl).toBeLessThanOrEqual(120_000);
  });

  it('defaults to 7 days retention, the default prefix and 100,000 entries', async () => {
    const p = scoped();
    const store = new RedisStore(redis, { prefix: p });
    await store.claim('x');
    await store.complete('x');
    const retention = Number(await redis.zscore(store.keys.done, 'x')) - (await serverNow());
    expect(retention).toBeGreaterThan(DEFAULT_TTL_MS - 60_000);
    expect(retention).toBeLessThanOrEqual(DEFAULT_TTL_MS);
    expect(new RedisStore(redis).keys.done).toBe('webhook-receiver:{deliveries}:done');
    expect(DEFAULT_REDIS_MAX_ENTRIES).toBe(100_000);
  });

  it('forgets completed ids after ttlMs', async () => {
    const store = new RedisStore(redis, { prefix: scoped(), ttlMs: 150 });
    await store.claim('short');
    await store.complete('short');
    expect(await store.claim('short')).toBe('done');
    await sleep(300);
    expect(await store.size()).toBe(0);
    expect(await store.claim('short')).toBe('claimed');
  });

  it('gives exactly one claim across two processes (separate clients and store instances)', async () => {
    const p = scoped();
    const a = new RedisStore(redis, { prefix: p });
    const b = new RedisStore(other, { prefix: p });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).claim('shared')));
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
  });

  it('lets an abandoned claim expire after leaseMs', async () => {
    const store = new RedisStore(redis, { prefix: scoped(), leaseMs: 150 });
    expect(await store.claim('crash')).toBe('claimed');
    expect(await store.claim('crash')).toBe('in-progress');
    await sleep(300);
    expect(await store.claim('crash')).toBe('claimed');
  });

  it("release does not delete another worker's newer claim", async () => {
    const p = scoped();
    const a = new RedisStore(redis, { prefix: p, leaseMs: 100 });
    const b = new RedisStore(other, { prefix: p, leaseMs: 60_000 });
    expect(await a.claim('slow')).toBe('claimed');
    await sleep(250); // a's lease expires while its handler is still "running"
    expect(await b.claim('slow')).toBe('claimed');
    await a.release('slow'); // a's handler fails late
    expect(await redis.zscore(b.keys.claims, 'slow')).not.toBeNull();
    expect(await a.claim('slow')).toBe('in-progress');
    await b.complete('slow');
    expect(await a.claim('slow')).toBe('done');
  });

  it('rejects invalid options', () => {
    expect(() => new RedisStore(redis, { ttlMs: 0 })).toThrow(RangeError);
    expect(() => new RedisStore(redis, { leaseMs: -5 })).toThrow(RangeError);
    expect(() => new RedisStore(redis, { maxEntries: 0 })).toThrow(RangeError);
  });
});
