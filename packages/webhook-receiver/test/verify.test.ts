import { describe, expect, it, jest } from '@jest/globals';
import {
  handleDelivery,
  MemoryStore,
  sign,
  verify,
  WebhookVerificationError,
  type DeliveryStore,
  type WebhookContext,
  type WebhookEvent,
  type WebhookVerificationReason,
} from '../src/index.js';

const SECRET = 'whsec_dmVyaWZ5LXRlc3Qtc2VjcmV0LW9uZQ==';
const OLD = 'whsec_b2xkLXZlcmlmeS10ZXN0LXNlY3JldA==';

// Non-canonical JSON on purpose: verified as sent, never re-serialised. The signed delivery
// block carries the delivery id and a current timestamp, as the service sends them.
const TS = Math.floor(Date.now() / 1000);
const RAW = `{ "type": "payment.settled", "id": "evt_v1",\n "createdAt": "2025-03-01T12:00:00.000Z", "delivery": {"timestamp": ${TS}, "id": "dlv_v1"}, "data": { "payment": { "id": "pay_v1", "amount": "1.50" } } }`;

function headersFor(raw: string | Buffer, overrides: Record<string, string | undefined> = {}, secret = SECRET): Record<string, string> {
  const all: Record<string, string | undefined> = {
    'x-service-signature': sign(secret, raw),
    'x-service-event': 'payment.settled',
    'x-service-delivery': 'dlv_v1',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
}

function reasonOf(fn: () => unknown): { reason: WebhookVerificationReason; status: number } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    const e = error as WebhookVerificationError;
    expect(e.name).toBe('WebhookVerificationError');
    return { reason: e.reason, status: e.status };
  }
  throw new Error('expected verify to throw');
}

describe('verify', () => {
  it('returns the delivery id, the event type and the parsed event for a genuine delivery', () => {
    const d = verify<{ id: string; amount: string }>(Buffer.from(RAW), headersFor(RAW), SECRET);
    expect(d).toEqual({ deliveryId: 'dlv_v1', timestamp: TS, eventType: 'payment.settled', event: JSON.parse(RAW) });
    expect(d.event.data.payment?.amount).toBe('1.50');
  });

  it('accepts the body as a string, a Uint8Array (subarray view) and an ArrayBuffer', () => {
    const bytes = Buffer.from(RAW);
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes, 4);
    const view = padded.subarray(4, 4 + bytes.length);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    for (const body of [RAW, view, arrayBuffer]) expect(verify(body, headersFor(RAW), SECRET).deliveryId).toBe('dlv_v1');
  });

  it('reads headers case-insensitively from a plain record, a WHATWG Headers object and repeated values', () => {
    const h = headersFor(RAW);
    const mixedCase: Record<string, string> = {
      'X-Service-Signature': h['x-service-signature']!,
      'X-SERVICE-EVENT': h['x-service-event']!,
      'x-Service-Delivery': h['x-service-delivery']!,
    };
    expect(verify(RAW, mixedCase, SECRET).deliveryId).toBe('dlv_v1');
    expect(verify(RAW, new Headers(mixedCase), SECRET).eventType).toBe('payment.settled');
    expect(verify(RAW, { ...h, 'x-service-delivery': ['dlv_v1', 'dlv_second'] }, SECRET).deliveryId).toBe('dlv_v1');
  });

  it('accepts any of several secrets (rotation) and refuses others', () => {
    expect(verify(RAW, headersFor(RAW, {}, OLD), [SECRET, OLD]).deliveryId).toBe('dlv_v1');
    expect(reasonOf(() => verify(RAW, headersFor(RAW, {}, 'whsec_other'), [SECRET, OLD]))).toEqual({
      reason: 'bad-signature',
      status: 401,
    });
  });

  it.each<[string, () => unknown, WebhookVerificationReason, number]>([
    ['no signature header', () => verify(RAW, headersFor(RAW, { 'x-service-signature': undefined }), SECRET), 'missing-signature', 401],
    ['an empty signature header', () => verify(RAW, headersFor(RAW, { 'x-service-signature': '' }), SECRET), 'missing-signature', 401],
    ['a tampered body', () => verify(RAW.replace('1.50', '9.50'), headersFor(RAW), SECRET), 'bad-signature', 401],
    [
      'a truncated signature',
      () => verify(RAW, headersFor(RAW, { 'x-service-signature': sign(SECRET, RAW).slice(0, -1) }), SECRET),
      'bad-signature',
      401,
    ],
    ['no X-Service-Delivery', () => verify(RAW, headersFor(RAW, { 'x-service-delivery': undefined }), SECRET), 'missing-header', 400],
    ['no X-Service-Event', () => verify(RAW, headersFor(RAW, { 'x-service-event': undefined }), SECRET), 'missing-header', 400],
    [
      'a 257-character delivery id',
      () => verify(RAW, headersFor(RAW, { 'x-service-delivery': 'd'.repeat(257) }), SECRET),
      'invalid-header',
      400,
    ],
    ['signed invalid JSON', () => verify('{"id": ', headersFor('{"id": '), SECRET), 'malformed-body', 400],
    ['a signed JSON array', () => verify('[1]', headersFor('[1]'), SECRET), 'malformed-body', 400],
    ['a signed JSON null', () => verify('null', headersFor('null'), SECRET), 'malformed-body', 400],
    [
      'an event header contradicting the body',
      () => verify(RAW, headersFor(RAW, { 'x-service-event': 'payment.refunded' }), SECRET),
      'event-type-mismatch',
      400,
    ],
    [
      'a delivery header contradicting the signed delivery id',
      () => verify(RAW, headersFor(RAW, { 'x-service-delivery': 'dlv_other' }), SECRET),
      'delivery-mismatch',
      400,
    ],
    ...[
      ['no delivery block', '{"type":"payment.settled","id":"e","data":{}}'],
      ['a delivery block without a timestamp', '{"type":"payment.settled","delivery":{"id":"dlv_v1"}}'],
      ['a string timestamp', `{"type":"payment.settled","delivery":{"id":"dlv_v1","timestamp":"${TS}"}}`],
      ['a fractional timestamp', `{"type":"payment.settled","delivery":{"id":"dlv_v1","timestamp":${TS}.5}}`],
      ['a numeric delivery id', `{"type":"payment.settled","delivery":{"id":1,"timestamp":${TS}}}`],
    ].map(([label, raw]): [string, () => unknown, WebhookVerificationReason, number] => [
      `a signed body with ${label}`,
      () => verify(raw!, headersFor(raw!), SECRET),
      'malformed-body',
      400,
    ]),
    [
      'a signed timestamp 301 s old',
      () => verify(RAW, headersFor(RAW), SECRET, { now: () => (TS + 301) * 1000 }),
      'timestamp-outside-tolerance',
      401,
    ],
  ])('refuses %s', (_label, call, reason, status) => {
    expect(reasonOf(call)).toEqual({ reason, status });
  });

  it('checks the signature first: an unsigned request learns nothing about the other headers', () => {
    expect(reasonOf(() => verify('not json', {}, SECRET)).reason).toBe('missing-signature');
  });

  it('throws TypeError on programmer errors: no or empty secret, a parsed body, no headers', () => {
    expect(() => verify(RAW, headersFor(RAW), '')).toThrow(TypeError);
    expect(() => verify(RAW, headersFor(RAW), [])).toThrow(TypeError);
    expect(() => verify(JSON.parse(RAW) as never, headersFor(RAW), SECRET)).toThrow(TypeError);
    expect(() => verify(RAW, undefined as never, SECRET)).toThrow(TypeError);
  });
});

describe('handleDelivery', () => {
  type Handler = jest.Mock<(event: WebhookEvent, ctx: WebhookContext) => Promise<void>>;
  const call = (store: DeliveryStore, handler: Handler, onError = jest.fn(), headers = headersFor(RAW), rawBody: string | Buffer = RAW) =>
    handleDelivery({ rawBody, headers, secret: SECRET, store, handler, onError });

  it('runs the handler once per delivery id; a repeat is 200 {duplicate:true}', async () => {
    const store = new MemoryStore();
    const handler: Handler = jest.fn(async () => {});
    const first = await call(store, handler);
    expect(first).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: '{"received":true}',
    });
    const [event, ctx] = handler.mock.calls[0]!;
    expect(event).toEqual(JSON.parse(RAW));
    expect(ctx).toEqual({ deliveryId: 'dlv_v1', eventType: 'payment.settled', rawBody: Buffer.from(RAW) });
    expect(await call(store, handler)).toMatchObject({ status: 200, body: '{"duplicate":true}' });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('answers the verification status as problem+json without calling the handler', async () => {
    const handler: Handler = jest.fn(async () => {});
    const res = await call(new MemoryStore(), handler, jest.fn(), headersFor(RAW), `${RAW} `);
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'Invalid X-Service-Signature',
    });
    expect((await call(new MemoryStore(), handler, jest.fn(), headersFor(RAW, { 'x-service-event': undefined }))).status).toBe(400);
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 409 with Retry-After while the same id is in progress', async () => {
    const store = new MemoryStore();
    await store.claim('dlv_v1');
    const handler: Handler = jest.fn(async () => {});
    const res = await call(store, handler);
    expect(res.status).toBe(409);
    expect(res.headers['retry-after']).toBe('60');
    expect(handler).not.toHaveBeenCalled();
  });

  it('handler throws → 500 without details, claim released, the retry runs it again', async () => {
    const store = new MemoryStore();
    const onError = jest.fn();
    const handler: Handler = jest.fn(async () => {
      if (handler.mock.calls.length === 1) throw new Error('db down: secret detail');
    });
    const failed = await call(store, handler, onError);
    expect(failed.status).toBe(500);
    expect(failed.body).not.toContain('secret detail');
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { stage: 'handler', deliveryId: 'dlv_v1' });
    expect((await call(store, handler)).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('store down at claim → 503; store down at complete → still 200, reported', async () => {
    const handler: Handler = jest.fn(async () => {});
    const down: DeliveryStore = {
      claim: async () => {
        throw new Error('redis down');
      },
      complete: async () => {},
      release: async () => {},
    };
    const onError = jest.fn();
    expect((await call(down, handler, onError)).status).toBe(503);
    expect(handler).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { stage: 'store', deliveryId: 'dlv_v1' });

    const lateFailure: DeliveryStore = {
      claim: async () => 'claimed',
      complete: async () => {
        throw new Error('redis down after the action');
      },
      release: async () => {},
    };
    const onError2 = jest.fn((_error: unknown, _info: unknown) => {
      throw new Error('a throwing logger changes nothing');
    });
    expect((await call(lateFailure, handler, onError2)).status).toBe(200);
    expect(onError2).toHaveBeenCalledWith(expect.any(Error), { stage: 'store', deliveryId: 'dlv_v1' });
  });

  it('accepts `secrets` for rotation', async () => {
    const handler: Handler = jest.fn(async () => {});
    const res = await handleDelivery({
      rawBody: RAW,
      headers: headersFor(RAW, {}, OLD),
      secrets: [SECRET, OLD],
      store: new MemoryStore(),
      handler,
    });
    expect(res.status).toBe(200);
  });

  it('rejects with TypeError on programmer errors', async () => {
    const handler: Handler = jest.fn(async () => {});
    const store = new MemoryStore();
    await expect(handleDelivery({ rawBody: RAW, headers: {}, secret: '', store, handler })).rejects.toThrow(TypeError);
    await expect(handleDelivery({ rawBody: RAW, headers: {}, secret: SECRET, store: undefined as never, handler })).rejects.toThrow(
      TypeError,
    );
    await expect(handleDelivery({ rawBody: RAW, headers: {}, secret: SECRET, store, handler: undefined as never })).rejects.toThrow(
      TypeError,
    );
    await expect(handleDelivery({ rawBody: {} as never, headers: {}, secret: SECRET, store, handler })).rejects.toThrow(TypeError);
  });
});
