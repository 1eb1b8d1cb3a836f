import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { issueCredential } from '@gw/core/auth';
import type { Scope } from '@gw/runtime';
import { verify } from '@service-gateway/webhook-receiver';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';

const ONE = 10n ** 18n;
const GW = '/api/gateway/v1';

type Json = Record<string, any>;

/**
 * Deliveries you can inspect and a resend that says when it will happen, through the real API and worker on real PostgreSQL and Redis: each delivery names
 * its event and payment, `GET /webhooks/deliveries/{id}` shows its attempts with the stored answers,
 * the list filters by webhook, event, payment and time, `GET /events` pages the organization's
 * events, and `POST /webhooks/{id}/test` sends a signed sample through the real pipeline.
 */
describe('webhook inspection', () => {
  let stack: Stack;
  const receivers: TestReceiver[] = [];
  const receiver = async () => {
    const r = await new TestReceiver().start();
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    // Fast retries: a delivery that fails once is attempted again within a few hundred ms.
    stack = await startStack('webhook-inspection', {
      chain: true,
      env: { WEBHOOK_BACKOFF_BASE_MS: '100', WEBHOOK_BACKOFF_MAX_MS: '200', WEBHOOK_MAX_ATTEMPTS: '4', RATE_LIMIT_MAX: '100000' },
    });
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.stop();
  });
  afterAll(() => stack.stop());

  /** An organization with a funded payer; `webhook()` registers, `settle()` confirms a payment, `refund()` refunds one. */
  async function merchant() {
    const org = await stack.org();
    const payer = await stack.login();
    await stack.mint(payer.address, 1000n * ONE);
    const as = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const key = { 'X-API-Key': org.apiKey };
    return {
      org,
      key,
      webhook: async (url: string, events?: string[]) => {
        const res = await stack.http
          .post(`${GW}/webhooks/register`)
          .set(key)
          .send({ url, ...(events ? { events } : {}) });
        expect(res.status).toBe(201);
        return res.body as { id: string; secret: string };
      },
      settle: async () => {
        const p = await stack.http.post(`${GW}/payments`).set(as).send({ amount: ONE.toString() });
        expect(p.status).toBe(201);
        const c = await stack.http.post(`${GW}/payments/${p.body.id}/confirm`).set(as).send();
        expect(c.status).toBe(200);
        return p.body.id as string;
      },
      refund: async (paymentId: string) => {
        const r = await stack.http.post(`${GW}/payments/${paymentId}/refund`).set(as).send();
        expect(r.status).toBe(200);
      },
      get: (path: string) => stack.http.get(`${GW}${path}`).set(key),
    };
  }

  /** Every item of a delivery list for `query`, page by page (`limit` 1 walks the cursor). */
  async function listAll(get: (path: string) => ReturnType<Stack['http']['get']>, query: string, limit = 100): Promise<Json[]> {
    const items: Json[] = [];
    let cursor: string | null = null;
    do {
      const sep = query ? '&' : '';
      const res = await get(`/webhooks/deliveries?${query}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      items.push(...res.body.data);
      cursor = res.body.nextCursor;
    } while (cursor);
    return items;
  }

  it('each delivery names its event, event type, payment and webhook; GET /deliveries/{id} shows every attempt with the first KiB of the answer', async () => {
    const m = await merchant();
    const r = await receiver();
    // The first attempt fails with a long answer, the second succeeds.
    r.reply({ status: 500, body: `boom ${'x'.repeat(3000)}` }).always({ status: 200, body: 'thanks' });
    const hook = await m.webhook(r.url);
    const paymentId = await m.settle();
    await r.waitFor(2);

    const listed = await eventually(async () => {
      const res = await m.get('/webhooks/deliveries');
      return res.body.data[0]?.status === 'delivered' ? (res.body.data[0] as Json) : undefined;
    });
    const body = r.requests[0]!.body as Json;
    expect(listed).toMatchObject({
      webhookId: hook.id,
      eventId: body.id,
      event: 'payment.settled',
      paymentId,
      status: 'delivered',
      attempts: 2,
    });

    const detail = await m.get(`/webhooks/deliveries/${listed.id}`);
    expect(detail.status).toBe(200);
    const { attemptLog, ...delivery } = detail.body as Json;
    expect(delivery).toEqual(listed);
    expect(attemptLog).toHaveLength(2);
    expect(attemptLog[0]).toMatchObject({ number: 1, statusCode: 500, error: 'HTTP 500' });
    expect(attemptLog[0].responseBody).toBe(`boom ${'x'.repeat(3000)}`.slice(0, 1024));
    expect(attemptLog[1]).toMatchObject({ number: 2, statusCode: 200, error: null, responseBody: 'thanks' });
    for (const a of attemptLog) {
      expect(Number.isInteger(a.durationMs) && a.durationMs >= 0).toBe(true);
      expect(Date.parse(a.createdAt)).toBeGreaterThanOrEqual(Date.parse(delivery.createdAt));
    }
    expect(Date.parse(attemptLog[1].createdAt)).toBeGreaterThanOrEqual(Date.parse(attemptLog[0].createdAt));
  });

  it('filters the list by webhook, event type, payment and creation time, with keyset pages', async () => {
    const m = await merchant();
    const r = await receiver();
    const a = await m.webhook(`${r.url}?a`, ['payment.settled', 'payment.refunded']);
    const b = await m.webhook(`${r.url}?b`, ['payment.settled']);
    const first = await m.settle();
    const between = new Date().toISOString();
    await new Promise((done) => setTimeout(done, 20)); // the two groups of deliveries apart in time
    const second = await m.settle();
    await m.refund(first);
    // Deliveries: first settled → a, b; second settled → a, b; first refunded → a.
    const all = await eventually(async () => {
      const rows = await listAll(m.get, '');
      return rows.length === 5 && rows.every((d) => d.status === 'delivered') ? rows : undefined;
    });
    const ids = (rows: Json[]) => rows.map((d) => d.id as string).sort();
    const where = (pred: (d: Json) => boolean) => ids(all.filter(pred));

    expect(ids(await listAll(m.get, `webhookId=${b.id}`, 1))).toEqual(where((d) => d.webhookId === b.id));
    expect(ids(await listAll(m.get, `webhookId=${a.id}`))).toHaveLength(3);
    expect(ids(await listAll(m.get, 'event=payment.refunded'))).toEqual(where((d) => d.event === 'payment.refunded'));
    expect(ids(await listAll(m.get, `paymentId=${first}`, 1))).toEqual(where((d) => d.paymentId === first));
    expect(ids(await listAll(m.get, `paymentId=${first}`))).toHaveLength(3);
    expect(ids(await listAll(m.get, `paymentId=${second}&event=payment.settled&webhookId=${a.id}`))).toEqual(
      where((d) => d.paymentId === second && d.webhookId === a.id),
    );
    const after = await listAll(m.get, `createdAfter=${encodeURIComponent(between)}`, 1);
    expect(ids(after)).toEqual(where((d) => d.createdAt >= between));
    expect(after.length).toBe(3);
    const before = await listAll(m.get, `createdBefore=${encodeURIComponent(between)}&status=delivered`);
    expect(ids(before)).toEqual(where((d) => d.createdAt < between));
    expect(before.length).toBe(2);
    // Newest first, as before.
    expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort().reverse());

    // Another organization filtering by these ids sees nothing of them.
    const other = await merchant();
    expect((await other.get(`/webhooks/deliveries?webhookId=${a.id}`)).body).toEqual({ data: [], nextCursor: null });
    expect((await other.get(`/webhooks/deliveries?paymentId=${first}`)).body).toEqual({ data: [], nextCursor: null });
    expect((await other.get(`/webhooks/deliveries/${all[0]!.id}`)).status).toBe(404);

    for (const bad of ['webhookId=nope', 'paymentId=1', 'event=payment.lost', 'createdAfter=yesterday', 'createdBefore=2026-13-01']) {
      const res = await m.get(`/webhooks/deliveries?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation-error');
      expect(JSON.stringify(res.body.errors)).toContain(bad.split('=')[0]);
    }
    // Extreme but valid times are answered, not a 500.
    for (const edge of [
      'createdAfter=0000-01-01T00:00:00Z',
      'createdBefore=9999-12-31T23:59:59.999Z',
      'createdAfter=2026-01-01T00:00:00%2B14:00',
    ]) {
      expect({ edge, status: (await m.get(`/webhooks/deliveries?${edge}`)).status }).toEqual({ edge, status: 200 });
      expect({ edge, status: (await m.get(`/events?${edge}`)).status }).toEqual({ edge, status: 200 });
    }
    expect((await m.get('/webhooks/deliveries/not-a-uuid')).status).toBe(404);
    expect((await m.get('/webhooks/deliveries/0190a3c4-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it('GET /events pages the organization’s events, newest first or oldest first after an id, filtered by type and time', async () => {
    const m = await merchant();
    const r = await receiver();
    await m.webhook(r.url, ['payment.settled', 'payment.refunded']);
    const p1 = await m.settle();
    const p2 = await m.settle();
    await m.refund(p1);
    const other = await merchant();
    await other.settle(); // an event of another organization (no webhook: the event is still recorded)
    await r.waitFor(3);

    const page = await m.get('/events');
    expect(page.status).toBe(200);
    const events = page.body.data as Json[];
    expect(events.map((e) => [e.type, e.data.payment.id])).toEqual([
      ['payment.refunded', p1],
      ['payment.settled', p2],
      ['payment.settled', p1],
    ]);
    expect(page.body.nextCursor).toBeNull();
    // The same event the receivers got: id, type, createdAt and data are those of the body.
    const delivered = r.requests.map((q) => q.body as Json).find((b) => b.type === 'payment.refunded')!;
    expect(events[0]).toEqual({
      id: delivered.id,
      type: delivered.type,
      createdAt: delivered.createdAt,
      test: false,
      data: delivered.data,
    });

    const asc = await m.get('/events?order=asc&limit=2');
    expect(asc.body.data.map((e: Json) => e.id)).toEqual([events[2]!.id, events[1]!.id]);
    const ascNext = await m.get(`/events?order=asc&limit=2&cursor=${asc.body.nextCursor}`);
    expect(ascNext.body).toEqual({ data: [events[0]], nextCursor: null });
    // A forwarder's tail: everything after the last id it saw, oldest first.
    const tail = await m.get(`/events?order=asc&after=${events[2]!.id}`);
    expect(tail.body.data.map((e: Json) => e.id)).toEqual([events[1]!.id, events[0]!.id]);
    expect((await m.get(`/events?order=asc&after=${events[0]!.id}`)).body).toEqual({ data: [], nextCursor: null });
    expect((await m.get(`/events?after=${events[2]!.id}`)).body.data.map((e: Json) => e.id)).toEqual([events[0]!.id, events[1]!.id]);

    expect((await m.get('/events?type=payment.refunded')).body.data).toEqual([events[0]]);
    const since = events[1]!.createdAt as string;
    expect((await m.get(`/events?createdAfter=${encodeURIComponent(since)}`)).body.data.map((e: Json) => e.id)).toEqual([
      events[0]!.id,
      events[1]!.id,
    ]);
    expect((await m.get(`/events?createdBefore=${encodeURIComponent(since)}`)).body.data.map((e: Json) => e.id)).toEqual([events[2]!.id]);

    const one = await m.get(`/events/${events[1]!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(events[1]);
    expect((await other.get(`/events/${events[1]!.id}`)).status).toBe(404);
    expect((await m.get('/events/0190a3c4-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await other.get('/events')).body.data.map((e: Json) => e.data.payment.id)).not.toContain(p1);

    for (const bad of ['order=up', 'after=last', 'type=payment.lost', 'createdAfter=now']) {
      const res = await m.get(`/events?${bad}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain(bad.split('=')[0]);
    }
  });

  it('POST /webhooks/{id}/test sends a signed sample event, marked as a test, to that one webhook through the real pipeline', async () => {
    const m = await merchant();
    const target = await receiver();
    const bystander = await receiver();
    // Subscribed to payment.settled only: the test event of another type still goes to it.
    const hook = await m.webhook(target.url, ['payment.settled']);
    await m.webhook(bystander.url, ['payment.refunded']);

    const res = await stack.http.post(`${GW}/webhooks/${hook.id}/test`).set(m.key).send({ event: 'payment.refunded' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ webhookId: hook.id, event: 'payment.refunded', status: 'pending', attempts: 0 });

    await target.waitFor(1);
    const req = target.requests[0]!;
    const verified = verify(req.raw, req.headers as Record<string, string>, hook.secret);
    expect(verified.deliveryId).toBe(res.body.id);
    const event = verified.event as unknown as Json;
    expect(event).toMatchObject({ id: res.body.eventId, type: 'payment.refunded', test: true });
    expect(event.data.payment).toMatchObject({ id: res.body.paymentId, status: 'refunded', organizationId: m.org.organizationId });
    expect(event.data.payment.description).toMatch(/test/i);

    // The caller polls the delivery until its attempt is recorded.
    const done = await eventually(async () => {
      const d = await m.get(`/webhooks/deliveries/${res.body.id}`);
      return d.body.status === 'delivered' ? (d.body as Json) : undefined;
    });
    expect(done.attemptLog).toEqual([expect.objectContaining({ number: 1, statusCode: 200 })]);
    // The event is listed, marked as a test; no other webhook got it.
    const listed = await m.get(`/events/${res.body.eventId}`);
    expect(listed.body).toMatchObject({ type: 'payment.refunded', test: true });
    expect(bystander.requests).toHaveLength(0);
    expect((await m.get(`/webhooks/deliveries?paymentId=${res.body.paymentId}`)).body.data.map((d: Json) => d.id)).toEqual([res.body.id]);

    // No body: payment.settled.
    const byDefault = await stack.http.post(`${GW}/webhooks/${hook.id}/test`).set(m.key);
    expect(byDefault.status).toBe(202);
    expect(byDefault.body.event).toBe('payment.settled');
    await target.waitFor(2);
    expect(verify(target.requests[1]!.raw, target.requests[1]!.headers as Record<string, string>, hook.secret).event).toMatchObject({
      type: 'payment.settled',
      test: true,
    });

    // Refusals change nothing: an unknown event (400), another organization's webhook (404), a deactivated one (409).
    const count = () => stack.api.deps.prisma.delivery.count();
    const before = await count();
    const unknown = await stack.http.post(`${GW}/webhooks/${hook.id}/test`).set(m.key).send({ event: 'payment.lost' });
    expect(unknown.status).toBe(400);
    const other = await merchant();
    expect((await stack.http.post(`${GW}/webhooks/${hook.id}/test`).set(other.key).send({})).status).toBe(404);
    await stack.http.delete(`${GW}/webhooks/${hook.id}`).set(m.key).expect(200);
    const off = await stack.http.post(`${GW}/webhooks/${hook.id}/test`).set(m.key).send({});
    expect(off.status).toBe(409);
    expect(off.body.type).toBe('/problems/invalid-state');
    expect(await count()).toBe(before);
  });

  it('scopes: a webhooks:read key inspects but cannot send a test event; a payments key can do neither', async () => {
    const m = await merchant();
    const hook = await m.webhook('http://127.0.0.1:9999/none');
    const key = async (scopes: Scope[]) =>
      (await issueCredential(stack.api.deps.prisma, { organizationId: m.org.organizationId, kind: 'api_key', scopes })).secret;
    const reader = { read: await key(['webhooks:read']), pay: await key(['payments:read', 'payments:write']) };
    expect((await stack.http.get(`${GW}/events`).set('X-API-Key', reader.read)).status).toBe(200);
    const test = await stack.http.post(`${GW}/webhooks/${hook.id}/test`).set('X-API-Key', reader.read).send({});
    expect({ status: test.status, type: test.body.type }).toEqual({ status: 403, type: '/problems/insufficient-scope' });
    for (const path of ['/events', `/events/${hook.id}`, `/webhooks/deliveries/${hook.id}`]) {
      const res = await stack.http.get(`${GW}${path}`).set('X-API-Key', reader.pay);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
  });
});

/**
 * Friction 4: a manual resend behind an open circuit waited ~30 s while the answer said only
 * `pending`. The answer now carries the webhook's circuit and when the attempt will be made.
 */
describe('the manual resend says when it will happen', () => {
  let stack: Stack;
  let r: TestReceiver;

  beforeAll(async () => {
    // One failure opens the circuit for a minute; one attempt per delivery, so it dies at once.
    stack = await startStack('resend-answer', {
      chain: true,
      env: {
        WEBHOOK_CIRCUIT_FAILURE_THRESHOLD: '1',
        WEBHOOK_CIRCUIT_COOLDOWN_MS: '60000',
        WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: '60000',
        WEBHOOK_MAX_ATTEMPTS: '1',
      },
    });
    r = await new TestReceiver().start();
  });
  afterAll(async () => {
    await r.stop();
    await stack.stop();
  });

  it('while the circuit is open: 202 with the circuit and nextAttemptAt = openUntil, and the attempt waits until then', async () => {
    r.always({ status: 503 });
    const org = await stack.org();
    await stack.http.post(`${GW}/webhooks/register`).set('X-API-Key', org.apiKey).send({ url: r.url }).expect(201);
    const payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
    const as = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const p = await stack.http.post(`${GW}/payments`).set(as).send({ amount: ONE.toString() });
    await stack.http.post(`${GW}/payments/${p.body.id}/confirm`).set(as).send().expect(200);
    const dead = await eventually(async () => {
      const res = await stack.http.get(`${GW}/webhooks/deliveries?status=dead`).set('X-API-Key', org.apiKey);
      return res.body.data[0] as Json | undefined;
    });
    const circuit = await eventually(async () => {
      const res = await stack.http.get(`${GW}/webhooks`).set('X-API-Key', org.apiKey);
      const health = res.body.data[0].health as Json;
      return health.state === 'open' ? health : undefined;
    });

    const retry = await stack.http.post(`${GW}/webhooks/deliveries/${dead.id}/retry`).set('X-API-Key', org.apiKey);
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ id: dead.id, status: 'pending', nextAttemptAt: circuit.openUntil });
    expect(retry.body.health).toMatchObject({ state: 'open', openUntil: circuit.openUntil, consecutiveFailures: 1 });

    // The answer told the truth: the worker defers the attempt to the end of the cool-down, with no attempt.
    const deferred = await eventually(async () => {
      const res = await stack.http.get(`${GW}/webhooks/deliveries/${dead.id}`).set('X-API-Key', org.apiKey);
      return res.body.nextAttemptAt && Date.parse(res.body.nextAttemptAt) >= Date.parse(circuit.openUntil) ? (res.body as Json) : undefined;
    });
    expect(deferred).toMatchObject({ status: 'pending', attempts: 1 });
    expect(deferred.attemptLog).toHaveLength(1);
    expect(r.requests).toHaveLength(1);
  });

  it('while the circuit is closed: nextAttemptAt is now', async () => {
    r.always({ status: 200 });
    const org = await stack.org();
    const reg = await stack.http
      .post(`${GW}/webhooks/register`)
      .set('X-API-Key', org.apiKey)
      .send({ url: `${r.url}?closed` });
    expect(reg.status).toBe(201);
    const payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
    const as = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const p = await stack.http.post(`${GW}/payments`).set(as).send({ amount: ONE.toString() });
    await stack.http.post(`${GW}/payments/${p.body.id}/confirm`).set(as).send().expect(200);
    const delivered = await eventually(async () => {
      const res = await stack.http.get(`${GW}/webhooks/deliveries?status=delivered`).set('X-API-Key', org.apiKey);
      return res.body.data[0] as Json | undefined;
    });
    const asked = Date.now();
    const retry = await stack.http.post(`${GW}/webhooks/deliveries/${delivered.id}/retry`).set('X-API-Key', org.apiKey);
    const answered = Date.now();
    expect(retry.status).toBe(202);
    expect(retry.body.health).toMatchObject({ state: 'closed', openUntil: null });
    const at = Date.parse(retry.body.nextAttemptAt);
    expect(at).toBeGreaterThanOrEqual(asked - 1000);
    expect(at).toBeLessThanOrEqual(answered);
  });
});
