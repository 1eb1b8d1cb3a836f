import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import express from 'express';
import type { Redis } from 'ioredis';
import request from 'supertest';
import {
  MemoryStore,
  RedisStore,
  sign,
  webhookReceiver,
  type DeliveryStore,
  type WebhookContext,
  type WebhookEvent,
  type WebhookReceiverOptions,
} from '../src/index.js';
import { connect, countByPrefix, deleteByPrefix, uniquePrefix } from './redis-helpers.js';

const SECRET = 'whsec_bWlkZGxld2FyZS10ZXN0LXNlY3JldA==';
const OLD_SECRET = 'whsec_b2xkLXNlY3JldC1iZWZvcmUtcm90YXRpb24=';

let seq = 0;
function delivery(overrides: { type?: string; raw?: string; id?: string; timestamp?: number } = {}) {
  seq += 1;
  const type = overrides.type ?? 'payment.settled';
  const deliveryId = overrides.id ?? `dlv_${seq}_${Date.now()}`;
  const timestamp = overrides.timestamp ?? Math.floor(Date.now() / 1000);
  // Deliberately non-canonical JSON (spacing, key order, non-ASCII): must be verified as sent.
  // The signed delivery block carries the delivery id and the attempt's time, as the service sends them.
  const raw =
    overrides.raw ??
    `{ "type": "${type}", "id": "evt_${seq}",\n  "createdAt": "2025-03-01T12:00:00.000Z", "delivery": { "id": "${deliveryId}", "timestamp": ${timestamp} }, "data": { "payment": { "id": "pay_${seq}", "amount": "12.30", "note": "Zürich \u2713" } } }`;
  return { raw, type, deliveryId };
}

type Handler = jest.Mock<(event: WebhookEvent, ctx: WebhookContext) => Promise<void>>;

function makeApp(opts: Partial<WebhookReceiverOptions> & { handler: Handler; store?: DeliveryStore }) {
  const app = express();
  const onError = jest.fn();
  app.post(
    '/webhooks',
    webhookReceiver({ secret: SECRET, store: opts.store ?? new MemoryStore(), onError, ...opts } as WebhookReceiverOptions),
  );
  // A JSON API elsewhere in the same app must not interfere.
  app.use(express.json());
  app.post('/other', (req, res) => {
    res.json({ echoed: req.body });
  });
  return { app, onError };
}

function post(app: express.Express, d: { raw: string; type: string; deliveryId: string }, secret = SECRET) {
  return request(app)
    .post('/webhooks')
    .set('Content-Type', 'application/json')
    .set('X-Service-Signature', sign(secret, d.raw))
    .set('X-Service-Event', d.type)
    .set('X-Service-Delivery', d.deliveryId)
    .send(d.raw);
}

const okHandler = (): Handler => jest.fn(async () => {});

describe('webhookReceiver on a real Express 5 app', () => {
  it('verifies, parses and hands the event to the handler; answers 200', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const d = delivery();
    const res = await post(app, d);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(handler).toHaveBeenCalledTimes(1);
    const [event, ctx] = handler.mock.calls[0]!;
    expect(event).toEqual(JSON.parse(d.raw));
    expect(event.data.payment?.note).toBe('Zürich \u2713');
    expect(ctx.deliveryId).toBe(d.deliveryId);
    expect(ctx.eventType).toBe('payment.settled');
    expect(Buffer.isBuffer(ctx.rawBody)).toBe(true);
    expect(ctx.rawBody.equals(Buffer.from(d.raw, 'utf8'))).toBe(true);
  });

  it.each(['payment.settled', 'payment.failed', 'payment.expired', 'payment.refunded'])('accepts %s', async (type) => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    expect((await post(app, delivery({ type }))).status).toBe(200);
    expect(handler.mock.calls[0]![1].eventType).toBe(type);
  });

  it('rejects a tampered body with 401 problem+json and never calls the handler', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const d = delivery();
    const res = await request(app)
      .post('/webhooks')
      .set('Content-Type', 'application/json')
      .set('X-Service-Signature', sign(SECRET, d.raw))
      .set('X-Service-Event', d.type)
      .set('X-Service-Delivery', d.deliveryId)
      .send(d.raw.replace('"12.30"', '"99.30"'));
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('rejects a wrong secret, a missing signature and a truncated signature with 401', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const d = delivery();
    expect((await post(app, d, 'whsec_wrong')).status).toBe(401);
    const noSig = await request(app)
      .post('/webhooks')
      .set('Content-Type', 'application/json')
      .set('X-Service-Event', d.type)
      .set('X-Service-Delivery', d.deliveryId)
      .send(d.raw);
    expect(noSig.status).toBe(401);
    const truncated = await request(app)
      .post('/webhooks')
      .set('Content-Type', 'application/json')
      .set('X-Service-Signature', sign(SECRET, d.raw).slice(0, -2))
      .set('X-Service-Event', d.type)
      .set('X-Service-Delivery', d.deliveryId)
      .send(d.raw);
    expect(truncated.status).toBe(401);
    expect(handler).not.toHaveBeenCalled();
  });

  it('checks the signature before the other headers (unauthenticated requests learn nothing)', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const res = await request(app).post('/webhooks').set('Content-Type', 'application/json').send('{}');
    expect(res.status).toBe(401);
  });

  it('answers 400 when X-Service-Delivery or X-Service-Event is missing', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const d = delivery();
    const noDelivery = await request(app)
      .post('/webhooks')
      .set('Content-Type', 'application/json')
      .set('X-Service-Signature', sign(SECRET, d.raw))
      .set('X-Service-Event', d.type)
      .send(d.raw);
    expect(noDelivery.status).toBe(400);
    expect(noDelivery.body.detail).toMatch(/X-Service-Delivery/);
    const noEvent = await request(app)
      .post('/webhooks')
      .set('Content-Type', 'application/json')
      .set('X-Service-Signature', sign(SECRET, d.raw))
      .set('X-Service-Delivery', d.deliveryId)
      .send(d.raw);
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.detail).toMatch(/X-Service-Event/);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 400 on malformed JSON (even when correctly signed) and on non-object JSON', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    expect((await post(app, delivery({ raw: '{"id": "evt_x", ' }))).status).toBe(400);
    expect((await post(app, delivery({ raw: '[1,2,3]' }))).status).toBe(400);
    expect((await post(app, delivery({ raw: 'null' }))).status).toBe(400);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 400 when X-Service-Event contradicts the signed body type', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const d = delivery({ type: 'payment.failed' });
    const res = await post(app, { ...d, type: 'payment.settled' });
    expect(res.status).toBe(400);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses the captured body under another X-Service-Delivery (400) and with a timestamp out of tolerance (401)', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const d = delivery();
    expect((await post(app, d)).status).toBe(200);
    const replayed = await post(app, { ...d, deliveryId: `${d.deliveryId}-again` });
    expect(replayed.status).toBe(400);
    expect(replayed.body.detail).toMatch(/X-Service-Delivery does not match/);
    const stale = await post(app, delivery({ timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.status).toBe(401);
    expect(stale.body.detail).toMatch(/timestamp/);
    const lenient = makeApp({ handler, toleranceSeconds: 900 }).app;
    expect((await post(lenient, delivery({ timestamp: Math.floor(Date.now() / 1000) - 600 }))).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('dedupes: two identical deliveries call the handler once; the repeat gets 200 {duplicate:true}', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler });
    const d = delivery();
    const first = await post(app, d);
    const second = await post(app, d);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ duplicate: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers 409 to a concurrent duplicate while the first is still being handled', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    let started!: () => void;
    const startedP = new Promise<void>((r) => (started = r));
    const handler: Handler = jest.fn(async () => {
      started();
      await gate;
    });
    const { app } = makeApp({ handler });
    const d = delivery();
    const firstP = post(app, d).then((r) => r);
    await startedP;
    const concurrent = await post(app, d);
    expect(concurrent.status).toBe(409);
    expect(concurrent.headers['content-type']).toMatch(/^application\/problem\+json/);
    finish();
    const first = await firstP;
    expect(first.status).toBe(200);
    expect((await post(app, d)).body).toEqual({ duplicate: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('handler failure → 500 and release; the retry calls the handler again; then duplicate', async () => {
    const handler: Handler = jest.fn(async () => {
      if (handler.mock.calls.length === 1) throw new Error('database down: secret detail');
    });
    const { app, onError } = makeApp({ handler });
    const d = delivery();
    const failed = await post(app, d);
    expect(failed.status).toBe(500);
    expect(JSON.stringify(failed.body)).not.toContain('secret detail');
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { stage: 'handler', deliveryId: d.deliveryId });
    const retried = await post(app, d);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ received: true });
    expect(handler).toHaveBeenCalledTimes(2);
    expect((await post(app, d)).body).toEqual({ duplicate: true });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('accepts deliveries signed with either secret during rotation (secrets: [new, old])', async () => {
    const handler = okHandler();
    const app = express();
    app.post('/webhooks', webhookReceiver({ secrets: [SECRET, OLD_SECRET], store: new MemoryStore(), handler }));
    expect((await post(app, delivery(), OLD_SECRET)).status).toBe(200);
    expect((await post(app, delivery(), SECRET)).status).toBe(200);
    expect((await post(app, delivery(), 'whsec_unrelated')).status).toBe(401);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('uses req.body when express.raw() already read it as a Buffer', async () => {
    const handler = okHandler();
    const app = express();
    app.post(
      '/webhooks',
      express.raw({ type: 'application/json' }),
      webhookReceiver({ secret: SECRET, store: new MemoryStore(), handler }),
    );
    const d = delivery();
    expect((await post(app, d)).status).toBe(200);
    expect(handler.mock.calls[0]![1].rawBody.equals(Buffer.from(d.raw))).toBe(true);
    const tampered = await request(app)
      .post('/webhooks')
      .set('Content-Type', 'application/json')
      .set('X-Service-Signature', sign(SECRET, d.raw))
      .set('X-Service-Event', d.type)
      .set('X-Service-Delivery', 'another')
      .send(d.raw + ' ');
    expect(tampered.status).toBe(401);
  });

  it('refuses to guess when express.json() parsed the body first: 500 + onError(config)', async () => {
    const handler = okHandler();
    const onError = jest.fn();
    const app = express();
    app.use(express.json());
    app.post('/webhooks', webhookReceiver({ secret: SECRET, store: new MemoryStore(), handler, onError }));
    const res = await post(app, delivery());
    expect(res.status).toBe(500);
    expect(handler).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { stage: 'config' });
  });

  it('answers 413 past maxBodyBytes without calling the handler', async () => {
    const handler = okHandler();
    const { app } = makeApp({ handler, maxBodyBytes: 64 });
    const res = await post(app, delivery());
    expect(res.status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 405 to non-POST', async () => {
    const handler = okHandler();
    const app = express();
    app.all('/webhooks', webhookReceiver({ secret: SECRET, store: new MemoryStore(), handler }));
    const res = await request(app).get('/webhooks');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('answers 503 (not 2xx) when the store cannot claim, so the sender retries', async () => {
    const handler = okHandler();
    const broken: DeliveryStore = {
      claim: async () => {
        throw new Error('redis down');
      },
      complete: async () => {},
      release: async () => {},
    };
    const { app } = makeApp({ handler, store: broken });
    expect((await post(app, delivery())).status).toBe(503);
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not break other JSON routes of the same app', async () => {
    const { app } = makeApp({ handler: okHandler() });
    const res = await request(app).post('/other').send({ a: 1 });
    expect(res.body).toEqual({ echoed: { a: 1 } });
  });

  it('validates its options at construction', () => {
    const store = new MemoryStore();
    const handler = okHandler();
    expect(() => webhookReceiver({ secret: '', store, handler })).toThrow(TypeError);
    expect(() => webhookReceiver({ secrets: [], store, handler })).toThrow(TypeError);
    expect(() => webhookReceiver({ secret: SECRET, store, handler, maxBodyBytes: 0 })).toThrow(RangeError);
    expect(() => webhookReceiver({ secret: SECRET, store, handler, toleranceSeconds: 0 })).toThrow(RangeError);
    expect(() => webhookReceiver({ secret: SECRET, store, handler, toleranceSeconds: 1.5 })).toThrow(RangeError);
  });
});

describe('webhookReceiver as a plain node:http listener', () => {
  it('works without Express', async () => {
    const handler = okHandler();
    const server = createServer(webhookReceiver({ secret: SECRET, store: new MemoryStore(), handler }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const d = delivery();
      const headers = {
        'Content-Type': 'application/json',
        'X-Service-Signature': sign(SECRET, d.raw),
        'X-Service-Event': d.type,
        'X-Service-Delivery': d.deliveryId,
      };
      const first = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body: d.raw });
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true });
      const again = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body: d.raw });
      expect(await again.json()).toEqual({ duplicate: true });
      const bad = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body: `${d.raw} ` });
      expect(bad.status).toBe(401);
      await bad.text();
      expect(handler).toHaveBeenCalledTimes(1);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('webhookReceiver with RedisStore (real Redis, db 14)', () => {
  let redis: Redis;
  const prefix = uniquePrefix('middleware');

  beforeAll(() => {
    redis = connect();
  });

  afterAll(async () => {
    await deleteByPrefix(redis, prefix);
    expect(await countByPrefix(redis, prefix)).toBe(0);
    await redis.quit();
  });

  it('dedupes across two receiver instances sharing Redis, and retries after failure', async () => {
    let fail = true;
    const handler: Handler = jest.fn(async () => {
      if (fail) {
        fail = false;
        throw new Error('transient');
      }
    });
    const storeA = new RedisStore(redis, { prefix });
    const a = makeApp({ handler, store: storeA }).app;
    const b = makeApp({ handler, store: new RedisStore(redis, { prefix }) }).app;
    const d = delivery();
    expect((await post(a, d)).status).toBe(500);
    expect(await redis.zscore(storeA.keys.claims, d.deliveryId)).toBeNull(); // released
    expect((await post(b, d)).status).toBe(200);
    expect(await redis.zscore(storeA.keys.done, d.deliveryId)).not.toBeNull();
    const dup = await post(a, d);
    expect(dup.status).toBe(200);
    expect(dup.body).toEqual({ duplicate: true });
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
