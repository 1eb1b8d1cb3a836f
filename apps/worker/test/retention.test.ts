import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { RETENTION_SCHEDULER_ID, retentionQueue } from '@gw/core/retention';

/**
 * The retention job is one BullMQ job scheduler for the whole cluster, set by every
 * worker at start (idempotent upsert), and its runs execute in a started worker.
 */
describe('retention job scheduling', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack('retention_worker', { worker: false, env: { RETENTION_INTERVAL_MS: '1000' } });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('two workers starting register one scheduler, and a scheduled run prunes old rows', async () => {
    const prisma = stack.api.deps.prisma;
    const org = await stack.org();
    const webhook = await prisma.webhook.create({
      data: { organizationId: org.organizationId, url: 'http://127.0.0.1:9/hook', events: ['payment.settled'], secretEncrypted: 'x' },
    });
    const old = new Date(Date.now() - 40 * 24 * 3_600_000);
    const event = await prisma.event.create({
      data: { organizationId: org.organizationId, type: 'payment.settled', payload: {}, createdAt: old },
    });
    const delivered = await prisma.delivery.create({
      data: {
        organizationId: org.organizationId,
        webhookId: webhook.id,
        eventId: event.id,
        event: 'payment.settled',
        status: 'delivered',
        attempts: 1,
        deliveredAt: old,
        attemptLog: { create: [{ number: 1, statusCode: 200, durationMs: 5 }] },
      },
    });
    // Prisma sets updated_at itself: back-date it as the delivery's last change.
    await prisma.$executeRaw`UPDATE deliveries SET updated_at = ${old} WHERE id = ${delivered.id}::uuid`;
    const key = randomUUID();
    await prisma.idempotencyRecord.create({
      data: { organizationId: org.organizationId, key, requestHash: 'h', statusCode: 201, responseBody: {}, createdAt: old },
    });

    const [a, b] = await Promise.all([stack.startWorker(), stack.startWorker()]);
    await Promise.all([a.scheduled, b.scheduled]);
    const queue = stack.api.deps.queues.get(retentionQueue);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => ({ id: s.key, every: s.every }))).toEqual([{ id: RETENTION_SCHEDULER_ID, every: 1000 }]);

    await eventually(
      async () => (await prisma.delivery.count({ where: { id: delivered.id } })) === 0,
      20000,
      'the old delivery pruned by a scheduled run',
    );
    // A run deletes the events after their deliveries, in a later step: the other tables are read
    // once a run has completed, not as soon as the delivery is gone.
    const completed = await eventually(async () => {
      const jobs = await queue.getCompleted();
      return jobs.length > 0 && jobs;
    });
    expect(completed[0]!.name).toBe(retentionQueue.jobName);
    expect(completed[0]!.returnvalue).toMatchObject({ complete: true });
    expect(await prisma.deliveryAttempt.count({ where: { deliveryId: delivered.id } })).toBe(0);
    expect(await prisma.event.count({ where: { id: event.id } })).toBe(0);
    expect(await prisma.idempotencyRecord.count({ where: { key } })).toBe(0);

    // Restarts upsert the same scheduler again: still one, with one pending run at most.
    await stack.startWorker();
    expect(await queue.getJobSchedulersCount()).toBe(1);
    expect((await queue.getDelayed()).length + (await queue.getWaiting()).length).toBeLessThanOrEqual(1);
  });

  it('RETENTION_INTERVAL_MS=0 removes the schedule', async () => {
    const w = await stack.startWorker({ RETENTION_INTERVAL_MS: '0' });
    await w.scheduled;
    expect(await stack.api.deps.queues.get(retentionQueue).getJobSchedulersCount()).toBe(0);
  });
});

describe('retention job: one run per interval whatever the number of workers', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack('retention_once', { worker: false, env: { RETENTION_INTERVAL_MS: '60000' } });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('three workers starting together and one more later make one run, and one next run scheduled; a lost scheduler is restored by the sweeper', async () => {
    const queue = stack.api.deps.queues.get(retentionQueue);
    const workers = await Promise.all([stack.startWorker(), stack.startWorker(), stack.startWorker()]);
    await Promise.all(workers.map((w) => w.scheduled));
    await eventually(async () => (await queue.getCompleted()).length > 0, 15000, 'the first run');
    const late = await stack.startWorker();
    await late.scheduled;
    await new Promise((r) => setTimeout(r, 1500)); // time for a (wrong) extra run to be taken and finish
    expect((await queue.getCompleted()).length).toBe(1);
    expect(await queue.getActiveCount()).toBe(0);
    const next = await queue.getDelayed();
    expect(next.map((j) => j.id)).toEqual([expect.stringMatching(/^repeat:retention:/)]);
    expect(await queue.getJobSchedulersCount()).toBe(1);

    // Redis lost the scheduler (e.g. restarted empty): the next sweep of any worker puts it back.
    await queue.removeJobScheduler(RETENTION_SCHEDULER_ID);
    expect(await queue.getJobSchedulersCount()).toBe(0);
    await late.sweep();
    expect((await queue.getJobScheduler(RETENTION_SCHEDULER_ID))?.every).toBe(60000);
  });
});
