import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Job, UnrecoverableError } from 'bullmq';
import {
  type QueueDef,
  JobDataError,
  createQueues,
  createRedis,
  deleteKeys,
  ensureLiveJobs,
  parseJobData,
  schedulePeriodicJob,
} from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { type RecoveryJob, deliveryQueue, enqueueDeliveries, enqueueRecovery, recoveryQueue } from '@gw/core/webhooks';
import { PAYMENT_EXPIRY_SCHEDULER_ID, paymentExpiryQueue, paymentExpiryScans } from '@gw/core/payments';
import { bridgeRelayQueue } from '@gw/core/bridge';
import { RETENTION_SCHEDULER_ID, retentionQueue, retentionRuns } from '@gw/core/retention';
import { MalformedJobError, defineHandler } from '../src/jobs.js';
import { startStack, eventually, redisDbForWorker, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';

/**
 * The job catalogue checks each job's data against its queue's zod schema when
 * it takes it. A malformed job fails at once (BullMQ UnrecoverableError, no retry) with an error
 * naming the queue, the job id and each issue, logged without the data's values; the worker goes
 * on with the next job. Every shape the code enqueues (today's and older versions') passes.
 */
describe('job data checked against its queue schema: malformed jobs on the real queues', () => {
  let stack: Stack;
  let receiver: TestReceiver;
  const logLines: Record<string, unknown>[] = [];
  const rawLog: string[] = [];

  beforeAll(async () => {
    stack = await startStack('job_data', {
      env: { LOG_LEVEL: 'info' },
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
            rawLog.push(line);
            logLines.push(JSON.parse(line) as Record<string, unknown>);
          }
          done();
        },
      }),
    });
    receiver = await new TestReceiver().start();
  });
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });

  const ORG = '0193a5c0-0000-7000-8000-00000000de70';
  const cases: { queue: QueueDef<unknown>; jobId: string; data: unknown; issues: string }[] = [
    {
      queue: deliveryQueue,
      jobId: 'bad-number',
      data: { deliveryId: 42 },
      issues: 'deliveryId: Invalid input: expected string, received number',
    },
    { queue: deliveryQueue, jobId: 'bad-empty', data: {}, issues: 'deliveryId: Invalid input: expected string, received undefined' },
    { queue: deliveryQueue, jobId: 'bad-secret', data: { deliveryId: 'whsec_must-not-be-logged' }, issues: 'deliveryId: Invalid UUID' },
    {
      queue: recoveryQueue,
      jobId: 'bad-recovery',
      data: { organizationId: ORG, webhookId: ORG, since: 'last week', limit: 0 },
      issues:
        'since: Invalid ISO datetime; until: Invalid input: expected string, received undefined; limit: Too small: expected number to be >0',
    },
    {
      queue: paymentExpiryQueue,
      jobId: 'bad-expiry',
      data: { paymentId: 42 },
      issues: 'paymentId: Invalid input: expected string, received number',
    },
    {
      queue: bridgeRelayQueue,
      jobId: 'bad-relay',
      data: { transferId: null },
      issues: 'transferId: Invalid input: expected string, received null',
    },
    { queue: retentionQueue, jobId: 'bad-retention', data: 'prune', issues: 'data: Invalid input: expected object, received string' },
  ];

  it('a malformed job fails at once (1 attempt of 6) with the queue, job id and issues; the worker goes on with the next job', async () => {
    for (const c of cases) await stack.api.deps.queues.get(c.queue).add(c.queue.jobName, c.data as never, { jobId: c.jobId });

    // A valid delivery queued after them is delivered by the same worker.
    const org = await stack.org();
    const reg = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: receiver.url });
    expect(reg.status).toBe(201);
    const test = await stack.http.post(`/api/gateway/v1/webhooks/${reg.body.id}/test`).set('X-API-Key', org.apiKey).send({});
    expect(test.status).toBe(202);

    for (const c of cases) {
      const job = await eventually(
        async () => {
          const j = await stack.api.deps.queues.get(c.queue).getJob(c.jobId);
          return (await j?.getState()) === 'failed' ? j : undefined;
        },
        15000,
        `${c.queue.name} job ${c.jobId} failed`,
      );
      expect(job.failedReason).toBe(`malformed job ${c.jobId} of queue ${c.queue.name}: ${c.issues}`);
      expect(job.attemptsMade).toBe(1);
      expect(job.opts.attempts).toBe(6); // the queue's infrastructure retries, not used for a malformed job
    }
    const delivered = await eventually(async () => {
      const d = await stack.api.deps.prisma.delivery.findUnique({ where: { id: test.body.id as string } });
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(delivered.attempts).toBe(1);
    expect(receiver.requests.map((r) => r.headers['x-service-delivery'])).toContain(test.body.id);

    // Logged once each, as errors, with the issues and without the data's values.
    const logged = logLines.filter((l) => l.msg === 'malformed job failed without retry');
    expect(logged.map((l) => l.jobId).sort()).toEqual(cases.map((c) => c.jobId).sort());
    expect(logged.find((l) => l.jobId === 'bad-number')).toMatchObject({
      level: 50,
      queue: deliveryQueue.name,
      issues: [{ path: 'deliveryId', message: 'Invalid input: expected string, received number' }],
      err: { message: `malformed job bad-number of queue ${deliveryQueue.name}: ${cases[0]!.issues}` },
    });
    expect(rawLog.filter((l) => l.includes('whsec_must-not-be-logged'))).toEqual([]);
  });
});

describe('job data checked against its queue schema: every shape the code enqueues passes, wrong ones do not', () => {
  const url = `redis://127.0.0.1:6379/${redisDbForWorker()}`;
  const prefix = `jobdata${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: url, QUEUE_PREFIX: prefix });
  const redis = createRedis(url, { name: 'job-data-test' });
  const queues = createQueues(redis, prefix, [deliveryQueue, recoveryQueue, paymentExpiryQueue, bridgeRelayQueue, retentionQueue]);
  const ctx = { queues, redis, config };

  afterAll(async () => {
    await queues.close();
    await deleteKeys(redis, `${prefix}:*`);
    redis.disconnect();
  });

  /** What the worker's handler of `queue` runs with for `job` (its data as the schema reads it). */
  const taken = <Data>(queue: QueueDef<Data>, job: Job): Promise<unknown> =>
    defineHandler(queue, async (data) => data).handle(job, undefined);
  const jobs = async (queue: QueueDef<unknown>) =>
    (await queues.get(queue).getJobs(['waiting', 'prioritized', 'delayed'])).filter((j): j is Job => Boolean(j));

  it('delivery jobs of enqueueDeliveries (outbox, resend and sweeper paths)', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const [organizationId, webhookId] = [randomUUID(), randomUUID()];
    await enqueueDeliveries(ctx, [{ id: a, organizationId, webhookId }], { delayMs: 1000 });
    await enqueueDeliveries(ctx, [{ id: b, organizationId, webhookId }], { replaceFinished: true });
    // The webhook and the organization ride in the job.
    for (const id of [a, b])
      expect(await taken(deliveryQueue, (await queues.get(deliveryQueue).getJob(id))!)).toEqual({
        deliveryId: id,
        webhookId,
        organizationId,
      });
  });

  it('a delivery job of the older shape (only its delivery id) still parses', () => {
    const id = randomUUID();
    expect(parseJobData(deliveryQueue, { deliveryId: id })).toEqual({ deliveryId: id });
    expect(() => parseJobData(deliveryQueue, { deliveryId: id, webhookId: 'w-1' })).toThrow('webhookId: Invalid UUID');
  });

  it('recovery jobs: as recoverWebhook queues them (limit), and as older versions did (no limit)', async () => {
    const until = new Date();
    const job: RecoveryJob = {
      organizationId: randomUUID(),
      webhookId: randomUUID(),
      since: new Date(until.getTime() - 86_400_000).toISOString(),
      until: until.toISOString(),
      limit: config.WEBHOOK_RECOVERY_MAX_DELIVERIES,
    };
    expect(await enqueueRecovery(queues, job, randomUUID())).toBe('queued');
    const { limit: _limit, ...legacy } = { ...job, webhookId: randomUUID() };
    await queues.get(recoveryQueue).add(recoveryQueue.jobName, legacy, { jobId: `${legacy.webhookId}-legacy` });
    const found = await jobs(recoveryQueue);
    expect(found).toHaveLength(2);
    expect(await Promise.all(found.map((j) => taken(recoveryQueue, j)))).toEqual(expect.arrayContaining([job, legacy]));
  });

  it('bridge relay jobs as enqueueBridgeRelay adds them and as the sweeper does (ensureLiveJobs)', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await queues.get(bridgeRelayQueue).add(bridgeRelayQueue.jobName, { transferId: a }, { jobId: a });
    expect(await ensureLiveJobs(queues, bridgeRelayQueue, [{ id: b, data: { transferId: b } }])).toBe(1);
    for (const id of [a, b])
      expect(await taken(bridgeRelayQueue, (await queues.get(bridgeRelayQueue).getJob(id))!)).toEqual({ transferId: id });
  });

  it('periodic jobs (expiry scan, retention) as their schedulers produce them, and the legacy expiry job of one payment', async () => {
    await schedulePeriodicJob(queues, paymentExpiryScans, 3_600_000);
    await schedulePeriodicJob(queues, retentionRuns, 3_600_000);
    expect((await queues.get(paymentExpiryQueue).getJobScheduler(PAYMENT_EXPIRY_SCHEDULER_ID))?.every).toBe(3_600_000);
    expect((await queues.get(retentionQueue).getJobScheduler(RETENTION_SCHEDULER_ID))?.every).toBe(3_600_000);
    const paymentId = randomUUID();
    await queues.get(paymentExpiryQueue).add(paymentExpiryQueue.jobName, { paymentId }, { jobId: paymentId, delay: 60_000 });

    const expiry = await Promise.all((await jobs(paymentExpiryQueue)).map((j) => taken(paymentExpiryQueue, j)));
    expect(expiry).toHaveLength(2);
    expect(expiry).toEqual(expect.arrayContaining([{}, { paymentId }]));
    const retention = await jobs(retentionQueue);
    expect(retention).toHaveLength(1);
    expect(await taken(retentionQueue, retention[0]!)).toEqual({});
  });

  it('keys a newer producer may add are stripped, not refused (workers of two versions during a deploy)', () => {
    const id = randomUUID();
    expect(parseJobData(deliveryQueue, { deliveryId: id, priorityHint: 3 })).toEqual({ deliveryId: id });
    expect(parseJobData(paymentExpiryQueue, { scanBudgetMs: 500 })).toEqual({});
    expect(parseJobData(retentionQueue, { dryRun: true })).toEqual({});
  });

  it.each<[string, QueueDef<unknown>, unknown]>([
    ['delivery id missing', deliveryQueue, {}],
    ['delivery id a number', deliveryQueue, { deliveryId: 42 }],
    ['delivery id not a UUID', deliveryQueue, { deliveryId: 'd-1' }],
    ['delivery data not an object', deliveryQueue, null],
    ['recovery without until', recoveryQueue, { organizationId: randomUUID(), webhookId: randomUUID(), since: new Date().toISOString() }],
    [
      'recovery since not ISO',
      recoveryQueue,
      { organizationId: randomUUID(), webhookId: randomUUID(), since: 'yesterday', until: new Date().toISOString() },
    ],
    [
      'recovery since in ms',
      recoveryQueue,
      { organizationId: randomUUID(), webhookId: randomUUID(), since: Date.now(), until: new Date().toISOString() },
    ],
    [
      'recovery limit not an integer',
      recoveryQueue,
      {
        organizationId: randomUUID(),
        webhookId: randomUUID(),
        since: new Date().toISOString(),
        until: new Date().toISOString(),
        limit: 1.5,
      },
    ],
    [
      'recovery limit 0',
      recoveryQueue,
      { organizationId: randomUUID(), webhookId: randomUUID(), since: new Date().toISOString(), until: new Date().toISOString(), limit: 0 },
    ],
    ['recovery organization not a UUID', recoveryQueue, { organizationId: 'acme', webhookId: randomUUID(), since: '', until: '' }],
    ['expiry payment id a number', paymentExpiryQueue, { paymentId: 7 }],
    ['expiry payment id not a UUID', paymentExpiryQueue, { paymentId: 'pay_1' }],
    ['expiry data an array', paymentExpiryQueue, []],
    ['relay transfer id missing', bridgeRelayQueue, {}],
    ['relay transfer id not a UUID', bridgeRelayQueue, { transferId: 'tr-1' }],
    ['retention data a string', retentionQueue, 'prune'],
  ])('refused: %s (the handler throws an UnrecoverableError naming the queue)', async (_what, queue, data) => {
    expect(() => parseJobData(queue, data)).toThrow(JobDataError);
    const job = { id: 'j-1', data } as Job;
    const err = await taken(queue, job).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MalformedJobError);
    expect(err).toBeInstanceOf(UnrecoverableError);
    expect((err as Error).message).toMatch(new RegExp(`^malformed job j-1 of queue ${queue.name}: \\S`));
  });

  it('the enqueue helpers refuse malformed data before adding anything', async () => {
    const before = await queues.get(bridgeRelayQueue).count();
    const good = randomUUID();
    await expect(
      ensureLiveJobs(queues, bridgeRelayQueue, [
        { id: good, data: { transferId: good } },
        { id: 'tr-2', data: { transferId: 'tr-2' } },
      ]),
    ).rejects.toThrow(`malformed job tr-2 of queue ${bridgeRelayQueue.name}: transferId: Invalid UUID`);
    expect(await queues.get(bridgeRelayQueue).count()).toBe(before);
    expect(await queues.get(bridgeRelayQueue).getJob(good)).toBeUndefined();

    await expect(enqueueDeliveries(ctx, [{ id: 'd-1', organizationId: randomUUID(), webhookId: randomUUID() }])).rejects.toThrow(
      'deliveryId: Invalid UUID',
    );
    expect(await queues.get(deliveryQueue).getJob('d-1')).toBeUndefined();
    const recovery = { organizationId: randomUUID(), webhookId: randomUUID(), since: 'yesterday', until: new Date().toISOString() };
    await expect(enqueueRecovery(queues, recovery, randomUUID())).rejects.toThrow('since: Invalid ISO datetime');
  });
});
