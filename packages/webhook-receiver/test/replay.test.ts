import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import {
  handleDelivery,
  MemoryStore,
  RedisStore,
  sign,
  verify,
  WebhookVerificationError,
  type DeliveryStore,
  type WebhookContext,
  type WebhookEvent,
} from '../src/index.js';
import { connect, countByPrefix, deleteByPrefix, uniquePrefix } from './redis-helpers.js';

/**
 * `X-Service-Delivery` is not signed, so a captured body and its signature,
 * sent again under new `X-Service-Delivery` values, must not run the handler again, must not be
 * accepted once its signed timestamp is out of tolerance, and must not fill (or evict from) the
 * dedupe store. The delivery id and the attempt's timestamp are inside the signed body.
 */

const SECRET = 'whsec_cmVwbGF5LXRlc3Qtc2VjcmV0LW9mLWlzc3VlLTI0';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A delivery as the service sends it: the signed body carries `delivery: { id, timestamp }`. */
function captured(deliveryId = randomUUID(), timestamp = nowSeconds()) {
  const raw = JSON.stringify({
    id: randomUUID(),
    type: 'payment.settled',
    createdAt: new Date().toISOString(),
    delivery: { id: deliveryId, timestamp },
    data: { payment: { id: randomUUID(), status: 'settled', amount: '1500000000000000000' } },
  });
  const headers = {
    'content-type': 'application/json',
    'x-service-signature': sign(SECRET, raw),
    'x-service-event': 'payment.settled',
    'x-service-delivery': deliveryId,
  };
  return { raw, headers, deliveryId };
}

type Handler = jest.Mock<(event: WebhookEvent, ctx: WebhookContext) => Promise<void>>;

const deliver = (store: DeliveryStore, handler: Handler, raw: string, headers: Record<string, string>) =>
  handleDelivery({ rawBody: raw, headers, secret: SECRET, store, handler, onError: () => undefined });

/** The same captured bytes and signature, under a new `X-Service-Delivery` each time. */
const forgedIds = (d: ReturnType<typeof captured>, n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...d.headers, 'x-service-delivery': `forged-${i}-${randomUUID()}` }));

describe('replay of a captured delivery under new X-Service-Delivery values', () => {
  it('runs the handler once: a header that disagrees with the signed delivery id is refused (400)', async () => {
    const store = new MemoryStore();
    const handler: Handler = jest.fn(async () => {});
    const d = captured();
    expect((await deliver(store, handler, d.raw, d.headers)).body).toBe('{"received":true}');
    for (const headers of forgedIds(d, 5)) {
      const res = await deliver(store, handler, d.raw, headers);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).detail).toMatch(/X-Service-Delivery does not match the delivery id in the signed body/);
    }
    // The genuine id, sent again (a retry or a manual resend of the same bytes): recognised.
    expect((await deliver(store, handler, d.raw, d.headers)).body).toBe('{"duplicate":true}');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![1].deliveryId).toBe(d.deliveryId);
  });

  it('verify() reports the mismatch as delivery-mismatch and returns the signed id', () => {
    const d = captured();
    expect(verify(d.raw, d.headers, SECRET).deliveryId).toBe(d.deliveryId);
    let caught: unknown;
    try {
      verify(d.raw, forgedIds(d, 1)[0]!, SECRET);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WebhookVerificationError);
    expect(caught).toMatchObject({ reason: 'delivery-mismatch', status: 400 });
  });

  it('refuses a signed body without the delivery block (bodies from before the delivery id was signed)', async () => {
    const handler: Handler = jest.fn(async () => {});
    const raw = JSON.stringify({ id: 'evt_old', type: 'payment.settled', createdAt: new Date().toISOString(), data: { payment: {} } });
    const headers = { 'x-service-signature': sign(SECRET, raw), 'x-service-event': 'payment.settled', 'x-service-delivery': 'dlv_old' };
    const res = await deliver(new MemoryStore(), handler, raw, headers);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).detail).toMatch(/delivery/);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('signed timestamp tolerance (default 300 s, like Stripe and Standard Webhooks)', () => {
  it('refuses a stale and a too-far-future timestamp with 401, accepts one within tolerance', async () => {
    const handler: Handler = jest.fn(async () => {});
    const store = new MemoryStore();
    const stale = captured(randomUUID(), nowSeconds() - 301);
    const future = captured(randomUUID(), nowSeconds() + 301);
    const recent = captured(randomUUID(), nowSeconds() - 240);
    for (const d of [stale, future]) {
      const res = await deliver(store, handler, d.raw, d.headers);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).detail).toMatch(/timestamp/i);
    }
    expect((await deliver(store, handler, recent.raw, recent.headers)).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('verify() reports timestamp-outside-tolerance; the tolerance and the clock are configurable', () => {
    const d = captured(randomUUID(), 1_800_000_000);
    const at = (seconds: number) => () => seconds * 1000;
    expect(verify(d.raw, d.headers, SECRET, { now: at(1_800_000_300) }).deliveryId).toBe(d.deliveryId);
    expect(verify(d.raw, d.headers, SECRET, { now: at(1_799_999_700) }).deliveryId).toBe(d.deliveryId);
    for (const now of [at(1_800_000_301), at(1_799_999_699)]) {
      expect(() => verify(d.raw, d.headers, SECRET, { now })).toThrow(
        expect.objectContaining({ reason: 'timestamp-outside-tolerance', status: 401 }),
      );
    }
    expect(verify(d.raw, d.headers, SECRET, { now: at(1_800_000_600), toleranceSeconds: 600 }).deliveryId).toBe(d.deliveryId);
    expect(() => verify(d.raw, d.headers, SECRET, { now: at(1_800_000_061), toleranceSeconds: 60 })).toThrow(WebhookVerificationError);
    expect(() => verify(d.raw, d.headers, SECRET, { toleranceSeconds: 0 })).toThrow(RangeError);
  });

  it('handleDelivery takes toleranceSeconds', async () => {
    const handler: Handler = jest.fn(async () => {});
    const d = captured(randomUUID(), nowSeconds() - 120);
    const strict = await handleDelivery({
      rawBody: d.raw,
      headers: d.headers,
      secret: SECRET,
      store: new MemoryStore(),
      handler,
      toleranceSeconds: 60,
    });
    expect(strict.status).toBe(401);
    expect((await deliver(new MemoryStore(), handler, d.raw, d.headers)).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('1,000 forged ids against the dedupe stores', () => {
  it('MemoryStore (maxEntries 1,000): the real id is not evicted and the store does not grow', async () => {
    const store = new MemoryStore({ maxEntries: 1_000 });
    const handler: Handler = jest.fn(async () => {});
    const d = captured();
    expect((await deliver(store, handler, d.raw, d.headers)).status).toBe(200);
    for (const headers of forgedIds(d, 1_000)) await deliver(store, handler, d.raw, headers);
    expect(store.size).toBe(1);
    expect((await deliver(store, handler, d.raw, d.headers)).body).toBe('{"duplicate":true}');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  describe('RedisStore (real Redis, db 14)', () => {
    let redis: Redis;
    const prefix = uniquePrefix('replay');

    beforeAll(() => {
      redis = connect();
    });
    afterAll(async () => {
      await deleteByPrefix(redis, prefix);
      expect(await countByPrefix(redis, prefix)).toBe(0);
      await redis.quit();
    });

    it('keeps nothing for forged ids: one id stored, the real one still a duplicate', async () => {
      const p = `${prefix}forged:`;
      const store = new RedisStore(redis, { prefix: p });
      const handler: Handler = jest.fn(async () => {});
      const d = captured();
      expect((await deliver(store, handler, d.raw, d.headers)).status).toBe(200);
      for (const headers of forgedIds(d, 1_000)) await deliver(store, handler, d.raw, headers);
      expect(await countByPrefix(redis, p)).toBeLessThanOrEqual(3);
      expect(await store.size()).toBe(1);
      expect((await deliver(store, handler, d.raw, d.headers)).body).toBe('{"duplicate":true}');
      expect(handler).toHaveBeenCalledTimes(1);
    });

    it('is bounded even for genuine ids: never more than maxEntries, the oldest completed go first, live claims stay', async () => {
      const p = `${prefix}bounded:`;
      const store = new RedisStore(redis, { prefix: p, maxEntries: 50 });
      expect(await store.claim('live')).toBe('claimed');
      for (let i = 0; i < 200; i++) {
        expect(await store.claim(`id-${i}`)).toBe('claimed');
        await store.complete(`id-${i}`);
      }
      expect(await countByPrefix(redis, p)).toBeLessThanOrEqual(3);
      expect(await store.size()).toBe(50);
      expect(await store.claim('live')).toBe('in-progress');
      expect(await store.claim('id-199')).toBe('done');
      expect(await store.claim('id-151')).toBe('done');
      expect(await store.size()).toBe(50);
      // The oldest completed ids were evicted (a claim now succeeds); the structure stays a few keys.
      expect(await store.claim('id-0')).toBe('claimed');
      expect(await store.size()).toBe(50);
      expect(await countByPrefix(redis, p)).toBeLessThanOrEqual(3);
    });
  });
});
