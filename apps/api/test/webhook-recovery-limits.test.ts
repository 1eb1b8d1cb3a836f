import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { recoveryQueue } from '@gw/core/webhooks';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';

const ONE = 10n ** 18n;

/**
 * Bulk recovery limits (without them, register → recover 29 days → delete
 * re-queued hundreds of rows, repeatable at will). Through the real API and worker on real
 * PostgreSQL and Redis, with small limits: at most WEBHOOK_RECOVERY_MAX_DELIVERIES (2) deliveries
 * per recovery (the answer says whether more remain), one recovery per webhook at a time (409
 * `recovery-in-progress`), and WEBHOOK_RECOVERIES_PER_HOUR (3) recoveries per organization
 * (429 `rate-limited` with `Retry-After`).
 */
describe('bulk recovery: cap, one at a time per webhook, rate per organization', () => {
  let stack: Stack;
  let receiver: TestReceiver;
  const since = () => new Date(Date.now() - 3600_000).toISOString();

  beforeAll(async () => {
    stack = await startStack('webhook-recovery-limits', {
      chain: true,
      env: { WEBHOOK_MAX_ATTEMPTS: '1', WEBHOOK_RECOVERY_MAX_DELIVERIES: '2', WEBHOOK_RECOVERIES_PER_HOUR: '3' },
    });
    receiver = await new TestReceiver().start();
    receiver.always({ status: 503 });
  });
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });

  /** An organization with `hooks` webhooks on the receiver and `payments` settled payments, every delivery dead. */
  async function merchant(hooks: number, payments: number) {
    const org = await stack.org();
    const webhookIds: string[] = [];
    for (let i = 0; i < hooks; i++) {
      const reg = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: `${receiver.url}/${org.organizationId}/${i}` });
      expect(reg.status).toBe(201);
      webhookIds.push(reg.body.id);
    }
    const payer = await stack.login();
    await stack.mint(payer.address, 100n * ONE);
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    for (let i = 0; i < payments; i++) {
      const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: ONE.toString() });
      await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers).expect(200);
    }
    const deliveries = (webhookId: string) => stack.api.deps.prisma.delivery.findMany({ where: { webhookId }, orderBy: { id: 'asc' } });
    await eventually(async () => {
      const all = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
      return all.length === hooks * payments && all.every((d) => d.status === 'dead');
    });
    const recover = (webhookId: string) =>
      stack.http.post(`/api/gateway/v1/webhooks/${webhookId}/recover`).set('X-API-Key', org.apiKey).send({ since: since() });
    return { org, webhookIds, deliveries, recover };
  }

  const recoveryJobs = () => stack.api.deps.queues.get(recoveryQueue).getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  /** Resolves once no recovery job is waiting or running (each one has finished). */
  const recoveriesIdle = () =>
    eventually(async () => {
      const j = await recoveryJobs();
      return (j.waiting ?? 0) + (j.active ?? 0) + (j.delayed ?? 0) === 0;
    });

  let a: Awaited<ReturnType<typeof merchant>>;

  it('caps a recovery at WEBHOOK_RECOVERY_MAX_DELIVERIES and says more remain; a second one while it runs is 409', async () => {
    a = await merchant(2, 3);
    const [w1, w2] = a.webhookIds as [string, string];
    // No worker from here on: a queued recovery stays "running" until one starts.
    await stack.worker!.stop();

    const first = await a.recover(w1);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ recovered: 2, more: true });

    const jobsBefore = await recoveryJobs();
    const second = await a.recover(w1);
    expect(second.status).toBe(409);
    expect(second.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(second.body).toMatchObject({
      type: '/problems/recovery-in-progress',
      status: 409,
      detail: expect.stringMatching(/already running/),
    });
    expect(await recoveryJobs()).toEqual(jobsBefore); // nothing queued by the refusal
    expect((await a.deliveries(w1)).every((d) => d.status === 'dead')).toBe(true);

    // Another webhook of the organization is not held up by it; two recoveries of it sent at
    // once: one is queued, the other refused.
    const [x, y] = await Promise.all([a.recover(w2), a.recover(w2)]);
    expect([x, y].map((r) => r.status).sort()).toEqual([202, 409]);
    expect([x, y].find((r) => r.status === 202)!.body).toEqual({ recovered: 2, more: true });
    expect((await recoveryJobs()).waiting).toBe(jobsBefore.waiting! + 1);
  });

  it('the job reopens exactly the capped deliveries; once it has run, the next recovery takes the rest', async () => {
    const [w1] = a.webhookIds as [string];
    receiver.always({ status: 200 });
    await stack.startWorker();
    const rows = await eventually(async () => {
      const all = await a.deliveries(w1);
      return all.filter((d) => d.status === 'delivered').length === 2 && all.every((d) => d.status !== 'pending') ? all : undefined;
    });
    expect(rows.map((d) => d.status)).toEqual(['delivered', 'delivered', 'dead']); // oldest first, the third untouched
    await recoveriesIdle();

    const rest = await a.recover(w1);
    expect(rest.status).toBe(202);
    expect(rest.body).toEqual({ recovered: 1, more: false });
    await eventually(async () => (await a.deliveries(w1)).every((d) => d.status === 'delivered'));
  });

  it('WEBHOOK_RECOVERIES_PER_HOUR per organization: the next one is 429 with Retry-After; other organizations are not affected', async () => {
    const [, w2] = a.webhookIds as [string, string];
    await recoveriesIdle();
    const jobsBefore = await recoveryJobs();
    const refused = await a.recover(w2);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      type: '/problems/rate-limited',
      status: 429,
      detail: expect.stringMatching(/3 recoveries per hour/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await recoveryJobs()).toEqual(jobsBefore);
    expect((await a.deliveries(w2)).filter((d) => d.status === 'dead')).toHaveLength(1);

    receiver.always({ status: 503 });
    const b = await merchant(1, 1);
    const res = await b.recover(b.webhookIds[0]!);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recovered: 1, more: false });
  });

  it('a recovery that finds nothing dead is not counted and queues nothing', async () => {
    const c = await merchant(1, 1);
    receiver.always({ status: 200 });
    const w = c.webhookIds[0]!;
    expect((await c.recover(w)).body).toEqual({ recovered: 1, more: false });
    await eventually(async () => (await c.deliveries(w)).every((d) => d.status === 'delivered'));
    await recoveriesIdle();
    const jobsBefore = await recoveryJobs();
    for (let i = 0; i < 4; i++) {
      const res = await c.recover(w);
      expect({ status: res.status, body: res.body }).toEqual({ status: 202, body: { recovered: 0, more: false } });
    }
    expect(await recoveryJobs()).toEqual(jobsBefore);
  });
});
