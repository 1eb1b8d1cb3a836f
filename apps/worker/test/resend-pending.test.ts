import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';

const ONE = 10n ** 18n;

/**
 * A resend of a `pending` delivery (failing, waiting for its next automatic attempt)
 * brings that attempt forward to now, instead of answering 409 and leaving the integrator who
 * fixed the endpoint to wait out the back-off. The back-off here is 10 minutes, so an attempt
 * within this test can only come from the resend. Real API, worker, PostgreSQL and Redis.
 */
describe('resend of a pending delivery: its next attempt now', () => {
  let stack: Stack;
  let receiver: TestReceiver;

  beforeAll(async () => {
    stack = await startStack('resend-pending', {
      chain: true,
      env: { WEBHOOK_BACKOFF_BASE_MS: '600000', WEBHOOK_BACKOFF_MAX_MS: '600000', WEBHOOK_MAX_ATTEMPTS: '3' },
    });
    receiver = await new TestReceiver().start();
  });
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });

  const row = (id: string) => stack.api.deps.prisma.delivery.findUniqueOrThrow({ where: { id }, include: { attemptLog: true } });

  it('a failed attempt waits 10 min; the resend makes the next one now, counted as one of its attempts; the back-off goes on', async () => {
    receiver.always({ status: 500 });
    const org = await stack.org();
    const reg = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: receiver.url });
    expect(reg.status).toBe(201);
    const test = await stack.http.post(`/api/gateway/v1/webhooks/${reg.body.id}/test`).set('X-API-Key', org.apiKey).send({});
    expect(test.status).toBe(202);
    const id = test.body.id as string;
    const first = await eventually(async () => {
      const d = await row(id);
      return d.attempts === 1 ? d : undefined;
    });
    expect(first.status).toBe('pending');
    expect(first.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    // The endpoint is fixed; the resend brings the second attempt forward.
    receiver.always({ status: 200 });
    const resend = await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${id}/retry`).set('X-API-Key', org.apiKey);
    expect(resend.status).toBe(202);
    expect(resend.body).toMatchObject({ id, status: 'pending', health: { state: 'closed' } });
    expect(Math.abs(Date.parse(resend.body.nextAttemptAt) - Date.now())).toBeLessThan(60_000);
    const done = await eventually(async () => {
      const d = await row(id);
      return d.status === 'delivered' ? d : undefined;
    });
    expect(done.attempts).toBe(2);
    expect(done.attemptLog.map((a) => a.statusCode).sort()).toEqual([200, 500]);
    expect(receiver.requests.filter((r) => r.headers['x-service-delivery'] === id)).toHaveLength(2);
  });

  it('a brought-forward attempt that fails again stays pending with the next back-off; it is not a manual last attempt', async () => {
    receiver.always({ status: 503 });
    const org = await stack.org();
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: `${receiver.url}/b` });
    const payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: ONE.toString() });
    await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers).expect(200);
    const [delivery] = await eventually(async () => {
      const ds = await stack.api.deps.prisma.delivery.findMany({ where: { webhookId: reg.body.id } });
      return ds.length === 1 && ds[0]!.attempts === 1 ? ds : undefined;
    });
    await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${delivery!.id}/retry`).set('X-API-Key', org.apiKey).expect(202);
    const second = await eventually(async () => {
      const d = await row(delivery!.id);
      return d.attempts === 2 ? d : undefined;
    });
    expect(second.status).toBe('pending'); // 2 of WEBHOOK_MAX_ATTEMPTS (3): not dead
    expect(second.manual).toBe(false);
    expect(second.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    // Another organization can neither see nor resend it.
    const other = await stack.org();
    expect((await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${delivery!.id}/retry`).set('X-API-Key', other.apiKey)).status).toBe(
      404,
    );
    expect((await row(delivery!.id)).attempts).toBe(2);
  });
});
