import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createQueues } from '@gw/runtime';
import { enqueueRecovery, recoveryQueue, runningRecoveryJobId, type RecoveryJob } from '@gw/core/webhooks';
import { redisDbForWorker } from '../../../test/support/stack.js';

/**
 * One recovery per webhook at a time, held by BullMQ's deduplication on a real Redis.
 * CI once saw two recoveries sent at once both answered 202: both requests were made in the same
 * millisecond, so they had the same job id, and the loser read the winner's id as its own.
 */
describe('enqueueRecovery: one recovery per webhook at a time', () => {
  const url = `redis://127.0.0.1:6379/${redisDbForWorker()}`;
  const connection = new Redis(url, { maxRetriesPerRequest: null });
  const prefix = `recq${randomBytes(4).toString('hex')}`;
  const queues = createQueues(connection, prefix, [recoveryQueue]);

  afterAll(async () => {
    await queues.close();
    const keys = await connection.keys(`${prefix}:*`);
    if (keys.length) await connection.del(...keys);
    connection.disconnect();
  });

  const job = (webhookId: string): RecoveryJob => ({
    organizationId: randomUUID(),
    webhookId,
    since: new Date(Date.now() - 3600_000).toISOString(),
    until: new Date('2026-11-26T08:00:00.000Z').toISOString(), // the same instant for both requests
    limit: 10,
  });

  it('two requests for one webhook in the same millisecond: one is queued, the other is told one is running', async () => {
    const webhookId = randomUUID();
    const data = job(webhookId);
    const results = await Promise.all([enqueueRecovery(queues, data, randomUUID()), enqueueRecovery(queues, data, randomUUID())]);
    expect(results.sort()).toEqual(['queued', 'running']);
    expect(await queues.get(recoveryQueue).getJobCounts('waiting')).toEqual({ waiting: 1 });
    expect(await runningRecoveryJobId(queues, webhookId)).toBeDefined();
  });

  it('a retried enqueue of the same request is a no-op that still answers queued', async () => {
    const webhookId = randomUUID();
    const requestId = randomUUID();
    expect(await enqueueRecovery(queues, job(webhookId), requestId)).toBe('queued');
    expect(await enqueueRecovery(queues, job(webhookId), requestId)).toBe('queued');
    expect(await queues.get(recoveryQueue).getJobCounts('waiting')).toEqual({ waiting: 2 }); // this one and the first test's
  });
});
