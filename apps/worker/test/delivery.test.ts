import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { handleDelivery, MemoryStore, verifySignature } from '@service-gateway/webhook-receiver';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';
import { createDeliveryStore, createEndpointGate, gateKeys, organizationShareKeys, processDelivery } from '@gw/core/webhooks';

const ONE = 10n ** 18n;

/** Back-off base 200 ms, cap 800 ms, 4 attempts: the specification's schedule, scaled down. */
const FAST = {
  WEBHOOK_BACKOFF_BASE_MS: '200',
  WEBHOOK_BACKOFF_MAX_MS: '800',
  WEBHOOK_MAX_ATTEMPTS: '4',
  WEBHOOK_TIMEOUT_MS: '700',
};

describe('delivery worker (spec: States, Limits)', () => {
  let stack: Stack;
  let receivers: TestReceiver[] = [];
  const receiver = async () => {
    const r = await new TestReceiver().start();
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    stack = await startStack('delivery', { chain: true, env: FAST });
  });
  afterEach(async () => {
    for (const r of receivers) await r.stop();
    receivers = [];
  });
  afterAll(() => stack.stop());

  const gw = (key: string, token: string) => ({
    post: (path: string, body?: object) =>
      stack.http
        .post(`/api/gateway/v1${path}`)
        .set({ 'X-API-Key': key, Authorization: `Bearer ${token}` })
        .send(body),
  });

  /** An organization with a webhook on `url`, a funded payer, and helpers to move payments. */
  async function setup(url: string, events?: string[]) {
    const org = await stack.org();
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url, ...(events ? { events } : {}) });
    expect(reg.status).toBe(201);
    const payer = await stack.login();
    await stack.mint(payer.address, 100n * ONE);
    const settle = async (amount = ONE) => {
      const p = await gw(org.apiKey, payer.token).post('/payments', { amount: amount.toString() });
      const c = await gw(org.apiKey, payer.token).post(`/payments/${p.body.id}/confirm`);
      expect(c.status).toBe(200);
      return c.body as { id: string; status: string };
    };
    return { org, payer, secret: reg.body.secret as string, webhookId: reg.body.id as string, settle };
  }
  const deliveriesOf = (organizationId: string) =>
    stack.api.deps.prisma.delivery.findMany({ where: { organizationId }, include: { attemptLog: { orderBy: { number: 'asc' } } } });

  it('POSTs the event signed with the secret, with the spec headers, and marks it delivered', async () => {
    const r = await receiver();
    const { org, secret, settle } = await setup(r.url);
    const payment = await settle();
    await r.waitFor(1);
    const req = r.requests[0]!;
    expect(req.headers['x-service-event']).toBe('payment.settled');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toMatch(/Service-Webhooks/);
    expect(req.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifySignature(secret, req.raw, req.headers['x-service-signature'] as string)).toBe(true);
    expect(req.body).toEqual({
      id: expect.any(String),
      type: 'payment.settled',
      createdAt: expect.any(String),
      delivery: { id: req.headers['x-service-delivery'], timestamp: expect.any(Number) },
      data: { payment: expect.objectContaining({ id: payment.id, status: 'settled', amount: ONE.toString() }) },
    });
    const [delivery] = await eventually(async () => {
      const d = await deliveriesOf(org.organizationId);
      return d[0]?.status === 'delivered' ? d : undefined;
    });
    expect(req.headers['x-service-delivery']).toBe(delivery!.id);
    expect(delivery!.attempts).toBe(1);
    expect(delivery!.attemptLog[0]).toMatchObject({ number: 1, statusCode: 200, responseBody: 'ok', error: null });

    const listed = await stack.http.get('/api/gateway/v1/webhooks/deliveries?status=delivered').set('X-API-Key', org.apiKey);
    expect(listed.body.data[0]).toMatchObject({
      id: delivery!.id,
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      event: 'payment.settled',
    });
  });

  it('signatureScheme standard-webhooks: also webhook-id/-timestamp/-signature, verifiable with the standardwebhooks package', async () => {
    const r = await receiver();
    const org = await stack.org();
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: r.url, signatureScheme: 'standard-webhooks' });
    expect(reg.status).toBe(201);
    expect(reg.body.signatureScheme).toBe('standard-webhooks');
    const payer = await stack.login();
    await stack.mint(payer.address, ONE);
    const p = await gw(org.apiKey, payer.token).post('/payments', { amount: '5' });
    await gw(org.apiKey, payer.token).post(`/payments/${p.body.id}/confirm`).expect(200);
    await r.waitFor(1);
    const req = r.requests[0]!;
    const headers = req.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(headers['x-service-delivery']);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    // The body's signed delivery block carries the same id and timestamp.
    expect((req.body as { delivery: unknown }).delivery).toEqual({
      id: headers['webhook-id'],
      timestamp: Number(headers['webhook-timestamp']),
    });
    const verified = new StandardWebhook(reg.body.secret).verify(req.raw.toString('utf8'), headers) as { type: string };
    expect(verified.type).toBe('payment.settled');
    // The X-Service-* signature is always sent too.
    expect(verifySignature(reg.body.secret, req.raw, headers['x-service-signature'])).toBe(true);
    // A tampered timestamp fails Standard Webhooks verification.
    expect(() =>
      new StandardWebhook(reg.body.secret).verify(req.raw.toString('utf8'), {
        ...headers,
        'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1),
      }),
    ).toThrow();
    // Re-registering without the field resets the scheme.
    const again = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: r.url });
    expect(again.body.signatureScheme).toBe('service');
  });

  it('each attempt signs the delivery id (= X-Service-Delivery) and its own timestamp into the body; the kit accepts real deliveries and refuses them under another id', async () => {
    const r = await receiver();
    r.reply({ status: 500 }).always({ status: 200 });
    const { org, secret, settle } = await setup(r.url);
    const before = Math.floor(Date.now() / 1000);
    await settle();
    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOf(org.organizationId);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    const after = Math.ceil(Date.now() / 1000);
    expect(r.requests).toHaveLength(2);
    for (const req of r.requests) {
      expect(req.headers['x-service-delivery']).toBe(delivery!.id);
      const signed = (req.body as { delivery: { id: string; timestamp: number } }).delivery;
      expect(signed).toEqual({ id: delivery!.id, timestamp: expect.any(Number) });
      expect(Number.isInteger(signed.timestamp)).toBe(true);
      expect(signed.timestamp).toBeGreaterThanOrEqual(before);
      expect(signed.timestamp).toBeLessThanOrEqual(after);
      expect(verifySignature(secret, req.raw, req.headers['x-service-signature'] as string)).toBe(true);
    }

    // The receiver kit on the real requests: the first attempt is processed, the retry is a
    // duplicate (deduped on the signed id), and the captured first attempt sent again under a
    // new X-Service-Delivery is refused without running the handler.
    const store = new MemoryStore();
    const handled: string[] = [];
    const handle = (req: (typeof r.requests)[number], headers: Record<string, unknown> = req.headers) =>
      handleDelivery({
        rawBody: req.raw,
        headers: headers as Record<string, string>,
        secret,
        store,
        handler: (_event, ctx) => void handled.push(ctx.deliveryId),
      });
    expect((await handle(r.requests[0]!)).body).toBe('{"received":true}');
    expect((await handle(r.requests[1]!)).body).toBe('{"duplicate":true}');
    const replay = await handle(r.requests[0]!, { ...r.requests[0]!.headers, 'x-service-delivery': randomUUID() });
    expect(replay.status).toBe(400);
    expect(handled).toEqual([delivery!.id]);
  });

  it('a job of a delivery that needs no attempt asks the gate while the row is read, and gives the admission back unused', async () => {
    const r = await receiver();
    const { org, webhookId, settle } = await setup(r.url);
    await settle();
    const [delivery] = await eventually(async () => {
      const d = await deliveriesOf(org.organizationId);
      return d[0]?.status === 'delivered' ? d : undefined;
    });
    const ctx = stack.worker!.ctx;
    const prefix = stack.config.QUEUE_PREFIX;
    const gate = createEndpointGate(ctx.redis, prefix, stack.config);
    let sent = 0;
    const sender = {
      send: async () => {
        sent += 1;
        throw new Error('a delivered delivery must not be sent again');
      },
      close: () => undefined,
    };
    // A stale job (say, run twice after a stall): the gate admits it while the row is read, the row
    // says `delivered`, and the lease goes back at once instead of holding a slot for leaseMs.
    const outcome = await processDelivery({ ...ctx, deliveries: createDeliveryStore(ctx.sql), gate }, sender, {
      deliveryId: delivery!.id,
      organizationId: org.organizationId,
      webhookId,
    });
    expect(outcome).toEqual({ kind: 'skipped', reason: 'delivery is delivered' });
    expect(sent).toBe(0);
    expect(await ctx.redis.zcard(gateKeys(prefix, webhookId).leases)).toBe(0);
    expect(await ctx.redis.zcard(organizationShareKeys(prefix, org.organizationId).inflight)).toBe(0);
    expect((await deliveriesOf(org.organizationId))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('delivers only the events a webhook subscribed to', async () => {
    const settledOnly = await receiver();
    const failedOnly = await receiver();
    const { org, payer, settle } = await setup(settledOnly.url);
    await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: failedOnly.url, events: ['payment.failed'] })
      .expect(201);
    await settle();
    const poor = await stack.login();
    const p = await gw(org.apiKey, poor.token).post('/payments', { amount: '1' });
    await gw(org.apiKey, poor.token).post(`/payments/${p.body.id}/confirm`).expect(200);
    await settledOnly.waitFor(1);
    await failedOnly.waitFor(1);
    await eventually(async () => (await deliveriesOf(org.organizationId)).every((d) => d.status === 'delivered'));
    expect(settledOnly.requests.map((q) => q.headers['x-service-event'])).toEqual(['payment.settled']);
    expect(failedOnly.requests.map((q) => q.headers['x-service-event'])).toEqual(['payment.failed']);
    expect(payer.address).toBeDefined();
  });

  it('retries failures with exponential back-off and ends dead after the last attempt', async () => {
    const r = await receiver();
    r.always({ status: 500, body: 'x'.repeat(5000) });
    const { org, settle } = await setup(r.url);
    await settle();
    await r.waitFor(4, 20000);
    const [d] = await eventually(async () => {
      const rows = await deliveriesOf(org.organizationId);
      return rows[0]?.status === 'dead' ? rows : undefined;
    });
    expect(d!.attempts).toBe(4);
    expect(d!.nextAttemptAt).toBeNull();
    expect(d!.lastStatusCode).toBe(500);
    expect(d!.attemptLog.map((a) => a.number)).toEqual([1, 2, 3, 4]);
    expect(d!.attemptLog[0]!.responseBody).toHaveLength(1024);
    // Waits between attempts follow min(200·2^(n−1), 800): 200, 400, 800 ms (plus scheduling delay).
    const gaps = r.requests.slice(1).map((q, i) => q.at - r.requests[i]!.at);
    [200, 400, 800].forEach((min, i) => expect(gaps[i]).toBeGreaterThanOrEqual(min - 20));
    // No automatic attempt after dead.
    await new Promise((res) => setTimeout(res, 1200));
    expect(r.requests).toHaveLength(4);
  });

  it('a receiver that does not answer within the timeout is a failed attempt', async () => {
    const r = await receiver();
    r.reply({ hang: true }).always({ status: 204 });
    const { org, settle } = await setup(r.url);
    await settle();
    const [d] = await eventually(async () => {
      const rows = await deliveriesOf(org.organizationId);
      return rows[0]?.status === 'delivered' ? rows : undefined;
    });
    expect(d!.attemptLog[0]).toMatchObject({ number: 1, statusCode: null, error: 'timeout after 700 ms' });
    expect(d!.attemptLog[1]).toMatchObject({ number: 2, statusCode: 204 });
  });

  it('redirects are not followed: a 3xx is a failure', async () => {
    const r = await receiver();
    r.reply({ status: 302 }).always({ status: 200 });
    const { org, settle } = await setup(r.url);
    await settle();
    await r.waitFor(2);
    const rows = await eventually(async () => {
      const x = await deliveriesOf(org.organizationId);
      return x[0]?.status === 'delivered' ? x : undefined;
    });
    expect(rows[0]!.attemptLog[0]!.statusCode).toBe(302);
    expect(r.requests.every((q) => q.headers['x-service-delivery'] === rows[0]!.id)).toBe(true);
  });

  it('a dead delivery can be resent by hand: one attempt, delivered or dead again', async () => {
    const r = await receiver();
    r.always({ status: 503 });
    const { org, settle } = await setup(r.url);
    await settle();
    const [dead] = await eventually(async () => {
      const rows = await deliveriesOf(org.organizationId);
      return rows[0]?.status === 'dead' ? rows : undefined;
    }, 20000);
    // Failure on resend → dead again after exactly one more attempt.
    const retry1 = await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${dead!.id}/retry`).set('X-API-Key', org.apiKey);
    expect(retry1.status).toBe(202);
    expect(retry1.body).toMatchObject({ id: dead!.id, status: 'pending', health: { state: 'closed' } });
    // A second resend while the first is pending brings the same attempt forward: still one attempt.
    const again = await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${dead!.id}/retry`).set('X-API-Key', org.apiKey);
    expect(again.status).toBe(202);
    await eventually(async () => {
      const row = await stack.api.deps.prisma.delivery.findUniqueOrThrow({ where: { id: dead!.id } });
      return row.status === 'dead' && row.attempts >= 5 ? row : undefined;
    });
    // Success on resend → delivered.
    r.always({ status: 200 });
    await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${dead!.id}/retry`).set('X-API-Key', org.apiKey).expect(202);
    const done = await eventually(async () => {
      const row = await stack.api.deps.prisma.delivery.findUniqueOrThrow({ where: { id: dead!.id } });
      return row.status === 'delivered' ? row : undefined;
    });
    expect(done.deliveredAt).not.toBeNull();
    // Another organization cannot resend it.
    const other = await stack.org();
    expect((await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${dead!.id}/retry`).set('X-API-Key', other.apiKey)).status).toBe(
      404,
    );
  });

  it('re-registering rotates the secret: later deliveries verify only with the new one', async () => {
    const r = await receiver();
    const { org, secret: oldSecret, settle } = await setup(r.url);
    const rotated = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: r.url });
    expect(rotated.status).toBe(200);
    await settle();
    await r.waitFor(1);
    const req = r.requests[0]!;
    const sig = req.headers['x-service-signature'] as string;
    expect(verifySignature(rotated.body.secret, req.raw, sig)).toBe(true);
    expect(verifySignature(oldSecret, req.raw, sig)).toBe(false);
  });

  it('a deactivated webhook gets no new deliveries', async () => {
    const r = await receiver();
    const { org, webhookId, settle } = await setup(r.url);
    await stack.http.delete(`/api/gateway/v1/webhooks/${webhookId}`).set('X-API-Key', org.apiKey).expect(200);
    await settle();
    expect(await stack.api.deps.prisma.delivery.count({ where: { organizationId: org.organizationId } })).toBe(0);
    await new Promise((res) => setTimeout(res, 300));
    expect(r.requests).toHaveLength(0);
  });

  it('refunds and expiries are delivered too; expiry needs no request (the expiry scan)', async () => {
    const r = await receiver();
    const { org, payer, settle } = await setup(r.url, ['payment.refunded', 'payment.expired']);
    const settled = await settle();
    await gw(org.apiKey, payer.token).post(`/payments/${settled.id}/refund`).expect(200);
    const p = await gw(org.apiKey, payer.token).post('/payments', { amount: '5', expiresInSeconds: 1 });
    await r.waitFor(2);
    const events = r.requests.map((q) => q.body);
    expect(events.map((e) => e.type).sort()).toEqual(['payment.expired', 'payment.refunded']);
    expect(events.find((e) => e.type === 'payment.expired').data.payment).toMatchObject({ id: p.body.id, status: 'expired' });
    expect((await stack.api.deps.prisma.payment.findUniqueOrThrow({ where: { id: p.body.id } })).status).toBe('expired');
  });
});
