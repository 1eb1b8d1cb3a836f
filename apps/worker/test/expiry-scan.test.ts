import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { PAYMENT_EXPIRY_SCHEDULER_ID, expireDuePayments, insertPaymentRows, paymentExpiryQueue } from '@gw/core/payments';

/**
 * Payments expire by a scan of the due ones in PostgreSQL (one BullMQ job scheduler for
 * the cluster), not by one delayed job per payment. The scan expires every due pending payment,
 * exactly once each (events and deliveries included), also when two scans race; leaves the rest
 * alone; and the schedule comes back when Redis loses it. Jobs of the earlier kind (one per
 * payment) still run.
 */
describe('payment expiry scan', () => {
  let stack: Stack;
  let organizationId: string;
  const PAYER = '0x00000000000000000000000000000000000000a1';

  beforeAll(async () => {
    stack = await startStack('expiry_scan', { worker: false });
    ({ organizationId } = await stack.org('payments:read,payments:write'));
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** Inserts `n` pending payments expiring at `expiresAt` (through the payments repository). */
  async function pending(n: number, expiresAt: Date): Promise<string[]> {
    const rows = Array.from({ length: n }, () => ({
      id: randomUUID(),
      organizationId,
      payer: PAYER,
      token: 'GTK',
      amount: 1n,
      description: null,
      purpose: 'payment' as const,
      credits: null,
      expiresAt,
    }));
    await insertPaymentRows(stack.api.deps.sql, rows);
    return rows.map((r) => r.id);
  }

  const statuses = async (ids: string[]) =>
    (await stack.api.deps.prisma.payment.findMany({ where: { id: { in: ids } }, select: { status: true } })).map((p) => p.status);
  const expiredEvents = async (ids: string[]) =>
    (await stack.api.deps.prisma.event.findMany({ where: { organizationId, type: 'payment.expired' } })).filter((e) =>
      ids.includes((e.payload as { payment: { id: string } }).payment.id),
    );

  it('expires every due pending payment once, over several batches, and leaves the others alone', async () => {
    const webhook = await stack.api.deps.prisma.webhook.create({
      data: { organizationId, url: 'http://127.0.0.1:9999/hook', events: ['payment.expired'], secretEncrypted: 'x' },
    });
    const due = await pending(450, new Date(Date.now() - 60_000)); // more than two batches of 200
    const notDue = await pending(5, new Date(Date.now() + 3_600_000));
    const settled = await pending(3, new Date(Date.now() - 60_000));
    await stack.api.deps.prisma.payment.updateMany({ where: { id: { in: settled } }, data: { status: 'settled' } });

    expect(await expireDuePayments(stack.api.deps, { budgetMs: 60_000 })).toBe(450);

    expect(new Set(await statuses(due))).toEqual(new Set(['expired']));
    expect(new Set(await statuses(notDue))).toEqual(new Set(['pending']));
    expect(new Set(await statuses(settled))).toEqual(new Set(['settled']));
    const events = await expiredEvents(due);
    expect(events).toHaveLength(450);
    expect(await stack.api.deps.prisma.delivery.count({ where: { eventId: { in: events.map((e) => e.id) } } })).toBe(450);
    // Nothing left: a second scan expires nothing.
    expect(await expireDuePayments(stack.api.deps, { budgetMs: 60_000 })).toBe(0);
    // The workers of the later tests mark these deliveries dead at once instead of trying them.
    await stack.api.deps.prisma.webhook.update({ where: { id: webhook.id }, data: { active: false } });
  });

  it('two scans racing (two worker replicas) expire each payment exactly once', async () => {
    const due = await pending(120, new Date(Date.now() - 1000));
    const [a, b] = await Promise.all([
      expireDuePayments(stack.api.deps, { budgetMs: 60_000 }),
      expireDuePayments(stack.api.deps, { budgetMs: 60_000 }),
    ]);
    expect(a + b).toBe(120);
    expect(new Set(await statuses(due))).toEqual(new Set(['expired']));
    expect(await expiredEvents(due)).toHaveLength(120);
  });

  it('a worker sets one schedule, its runs expire due payments, and the sweeper puts a lost schedule back', async () => {
    const [a, b] = await Promise.all([stack.startWorker(), stack.startWorker()]);
    try {
      await Promise.all([a.scheduled, b.scheduled]);
      const queue = stack.api.deps.queues.get(paymentExpiryQueue);
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => ({ id: s.key, every: s.every }))).toEqual([
        { id: PAYMENT_EXPIRY_SCHEDULER_ID, every: stack.config.PAYMENT_EXPIRY_SCAN_MS },
      ]);

      const [soon] = await pending(1, new Date(Date.now() + 500));
      await eventually(async () => (await statuses([soon!]))[0] === 'expired', 15000, 'the payment expired by a scheduled scan');

      // Redis lost the scheduler (restarted empty): the next sweep sets it again, and scans resume.
      await queue.removeJobScheduler(PAYMENT_EXPIRY_SCHEDULER_ID);
      expect(await queue.getJobScheduler(PAYMENT_EXPIRY_SCHEDULER_ID)).toBeFalsy();
      await a.sweep();
      expect((await queue.getJobScheduler(PAYMENT_EXPIRY_SCHEDULER_ID))?.every).toBe(stack.config.PAYMENT_EXPIRY_SCAN_MS);
      const [later] = await pending(1, new Date(Date.now() - 1));
      await eventually(async () => (await statuses([later!]))[0] === 'expired', 15000, 'expired after the schedule came back');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('a job of one payment, as versions before the scan scheduled them, is still run', async () => {
    // Due in 2 s, with its own delayed job until then; the worker's scans run hourly here, so the
    // first one (at its start) finds nothing due and only the legacy job can expire the payment.
    const [id] = await pending(1, new Date(Date.now() + 2000));
    const queue = stack.api.deps.queues.get(paymentExpiryQueue);
    await queue.removeJobScheduler(PAYMENT_EXPIRY_SCHEDULER_ID);
    await queue.add(paymentExpiryQueue.jobName, { paymentId: id! }, { jobId: id!, delay: 2000 });
    const worker = await stack.startWorker({ PAYMENT_EXPIRY_SCAN_MS: '3600000' });
    try {
      const job = await eventually(
        async () => {
          const j = await queue.getJob(id!);
          return (await j?.getState()) === 'completed' ? j : undefined;
        },
        15000,
        'the legacy job completed',
      );
      expect(job.returnvalue).toEqual({ result: 'expired' });
      expect(await statuses([id!])).toEqual(['expired']);
    } finally {
      await worker.stop();
    }
  });
});
