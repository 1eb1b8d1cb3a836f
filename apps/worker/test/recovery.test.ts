import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';
import { exited, spawnWorkerProcess } from '../../../test/support/worker-process.js';
import { deliveryQueue } from '@gw/core/webhooks';
import { paymentExpiryQueue } from '@gw/core/payments';

const ONE = 10n ** 18n;
describe('nothing is lost (outbox sweeper, worker killed mid-delivery, SIGTERM drain)', () => {
  let stack: Stack;
  let receiver: TestReceiver;

  beforeAll(async () => {
    // No worker inside the test process: each case decides which worker runs.
    // One lock duration for every worker of this file: BullMQ throttles stalled-job checks per
    // queue with a key that lives for the stalled interval of whichever worker checked last.
    stack = await startStack('recovery', {
      chain: true,
      worker: false,
      env: { SWEEP_GRACE_MS: '0', SWEEP_INTERVAL_MS: '200', WORKER_LOCK_DURATION_MS: '1500' },
    });
    receiver = await new TestReceiver().start();
  });
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });

  async function orgWithHook(events = ['payment.settled', 'payment.expired']) {
    const org = await stack.org();
    await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: receiver.url, events }).expect(201);
    const payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
    const gw = (path: string, body?: object) =>
      stack.http
        .post(`/api/gateway/v1${path}`)
        .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` })
        .send(body);
    return { org, gw };
  }

  it('the sweeper re-enqueues deliveries whose jobs were lost between commit and enqueue; expiries need no job', async () => {
    const { org, gw } = await orgWithHook();
    const p = await gw('/payments', { amount: ONE.toString() });
    await gw(`/payments/${p.body.id}/confirm`).expect(200);
    const expiring = await gw('/payments', { amount: '1', expiresInSeconds: 1 });
    const [delivery] = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    // The state a crash right after the commit leaves: rows committed, no jobs in Redis. A payment
    // never has a job of its own: the expiry scan reads the due ones from PostgreSQL.
    await stack.api.deps.queues.get(deliveryQueue).remove(delivery!.id);
    expect(await stack.api.deps.queues.get(deliveryQueue).getJob(delivery!.id)).toBeUndefined();
    expect(await stack.api.deps.queues.get(paymentExpiryQueue).getJob(expiring.body.id)).toBeUndefined();

    const before = receiver.requests.length;
    const worker = await stack.startWorker();
    try {
      await eventually(
        async () => {
          const rows = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
          return rows.length === 2 && rows.every((d) => d.status === 'delivered');
        },
        20000,
        'swept deliveries delivered',
      );
      const got = receiver.requests
        .slice(before)
        .map((r) => r.body.type)
        .sort();
      expect(got).toEqual(['payment.expired', 'payment.settled']);
      expect((await stack.api.deps.prisma.payment.findUniqueOrThrow({ where: { id: expiring.body.id } })).status).toBe('expired');
    } finally {
      await worker.stop();
    }
  });

  it('a worker killed (SIGKILL) mid-delivery: the job is handed to another worker and delivered', async () => {
    const { org, gw } = await orgWithHook(['payment.settled']);
    receiver.reply({ hang: true });
    const before = receiver.requests.length;
    const child = spawnWorkerProcess(stack, { SWEEP_GRACE_MS: '60000' });
    const p = await gw('/payments', { amount: ONE.toString() });
    await gw(`/payments/${p.body.id}/confirm`).expect(200);
    await receiver.waitFor(before + 1, 30000);
    child.kill('SIGKILL');
    expect((await exited(child)).signal).toBe('SIGKILL');

    const [d] = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    expect(d!.status).toBe('pending');
    expect(d!.attempts).toBe(0); // the cut-off attempt was never recorded

    const worker = await stack.startWorker({ SWEEP_GRACE_MS: '60000' });
    try {
      const done = await eventually(
        async () => {
          const row = await stack.api.deps.prisma.delivery.findUniqueOrThrow({ where: { id: d!.id } });
          return row.status === 'delivered' ? row : undefined;
        },
        30000,
        'delivery after the kill',
      );
      expect(done.attempts).toBe(1);
      const seen = receiver.requests.slice(before).map((r) => r.headers['x-service-delivery']);
      expect(seen).toEqual([d!.id, d!.id]); // at least once: same delivery id, the receiver dedupes
    } finally {
      await worker.stop();
    }
  });

  it('SIGTERM lets in-flight attempts finish and be recorded before the worker exits', async () => {
    const { org, gw } = await orgWithHook(['payment.settled']);
    receiver.reply({ status: 200, delayMs: 1500 });
    const before = receiver.requests.length;
    const child = spawnWorkerProcess(stack, { SWEEP_GRACE_MS: '60000' });
    const p = await gw('/payments', { amount: ONE.toString() });
    await gw(`/payments/${p.body.id}/confirm`).expect(200);
    await receiver.waitFor(before + 1, 30000);
    child.kill('SIGTERM');
    const exit = await exited(child);
    expect(exit.code).toBe(0);
    const [d] = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
  });
});
