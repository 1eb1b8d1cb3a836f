import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { ConfigError, createQueues, deleteKeys, shardQueuePrefix } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { deliveryQueue, deliveryQueues, deliveryShard, enqueueDeliveries, promoteDelayedDelivery } from '@gw/core/webhooks';
import { redisDbForWorker } from '../../../test/support/stack.js';

/** The delivery queue sharded over DELIVERY_QUEUE_SHARDS hash tags. */
describe('the delivery queue shards', () => {
  it('a shard has its own hash tag, and the home tag is dropped from its prefix; 1 shard keeps QUEUE_PREFIX', () => {
    expect(shardQueuePrefix('{gw}', 'deliveries', 2, 3)).toBe('gw:{deliveries:2}');
    expect(shardQueuePrefix('gw{prod}', 'deliveries', 0, 4)).toBe('gwprod:{deliveries:0}');
    expect(shardQueuePrefix('gw', 'deliveries', 1, 2)).toBe('gw:{deliveries:1}');
    expect(shardQueuePrefix('{gw}', 'deliveries', 0, 1)).toBe('{gw}');
    expect(shardQueuePrefix('{gw}', undefined, 0, 3)).toBe('{gw}');
  });

  it("a webhook's shard is stable (FNV-1a of its id mod N, whatever its case) and spreads webhooks over the shards", () => {
    // Fixed values: a different hash in a later version would move every webhook to another shard.
    expect(deliveryShard('0190b4a5-8c1e-7d2f-9a3b-4c5d6e7f8091', 3)).toBe(deliveryShard('0190B4A5-8C1E-7D2F-9A3B-4C5D6E7F8091', 3));
    expect([0, 1, 2, 3].map((n) => deliveryShard('0190b4a5-8c1e-7d2f-9a3b-4c5d6e7f8091', n + 1))).toEqual(
      [0, 1, 2, 3].map((n) => fnv1a('0190b4a5-8c1e-7d2f-9a3b-4c5d6e7f8091') % (n + 1)),
    );
    expect(fnv1a('a')).toBe(0xe40c292c); // the published FNV-1a 32-bit test vector
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[deliveryShard(randomUUID(), 4)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(800); // 1,000 expected each
  });

  it('DELIVERY_QUEUE_SHARDS: 1 by default, an integer from 1 to 256, at most WORKER_CONCURRENCY', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).DELIVERY_QUEUE_SHARDS).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', DELIVERY_QUEUE_SHARDS: '8' }).DELIVERY_QUEUE_SHARDS).toBe(8);
    for (const bad of ['0', '257', '1.5', 'three']) {
      expect(() => loadConfig({ NODE_ENV: 'test', DELIVERY_QUEUE_SHARDS: bad })).toThrow(/DELIVERY_QUEUE_SHARDS/);
    }
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'test', DELIVERY_QUEUE_SHARDS: '4', WORKER_CONCURRENCY: '3' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(['DELIVERY_QUEUE_SHARDS', 'WORKER_CONCURRENCY']);
    expect((error as ConfigError).message).toMatch(/DELIVERY_QUEUE_SHARDS must be <= WORKER_CONCURRENCY/);
  });

  describe('on a real Redis, 3 shards', () => {
    const connection = new Redis(`redis://127.0.0.1:6379/${redisDbForWorker()}`, { maxRetriesPerRequest: null });
    const prefix = `shq${randomBytes(4).toString('hex')}`;
    const queues = createQueues(connection, prefix, [deliveryQueue], { shards: { deliveries: 3 } });
    const config = loadConfig({ NODE_ENV: 'test', QUEUE_PREFIX: prefix, DELIVERY_QUEUE_SHARDS: '3' });
    const ctx = { queues, redis: connection, config };

    afterAll(async () => {
      await queues.close();
      await deleteKeys(connection, `${prefix}:*`);
      connection.disconnect();
    });

    it("enqueues each delivery in its webhook's shard (outbox and sweeper paths); a parked job is promoted in whichever shard holds it", async () => {
      expect(queues.all()).toHaveLength(3);
      expect(deliveryQueues(queues).map((q) => q.opts.prefix)).toEqual([0, 1, 2].map((i) => `${prefix}:{deliveries:${i}}`));
      const organizationId = randomUUID();
      const refs = Array.from({ length: 30 }, () => ({ id: randomUUID(), organizationId, webhookId: randomUUID() }));
      expect(await enqueueDeliveries(ctx, refs.slice(0, 20), { delayMs: 60_000 })).toBe(20);
      expect(await enqueueDeliveries(ctx, refs.slice(10), { replaceFinished: true })).toBe(10); // 10 live ones left alone
      for (const r of refs) {
        const shard = deliveryShard(r.webhookId, 3);
        for (let i = 0; i < 3; i++) {
          const job = await queues.get(deliveryQueue, i).getJob(r.id);
          if (i === shard) expect(job?.data).toEqual({ deliveryId: r.id, webhookId: r.webhookId, organizationId });
          else expect(job).toBeUndefined();
        }
      }
      const delayed = refs[0]!;
      const shard = queues.get(deliveryQueue, deliveryShard(delayed.webhookId, 3));
      expect(await shard.getJobState(delayed.id)).toBe('delayed');
      expect(await promoteDelayedDelivery(queues, delayed.id)).toBe('promoted'); // without the webhook: every shard asked
      expect(await shard.getJobState(delayed.id)).not.toBe('delayed');
      expect(await promoteDelayedDelivery(queues, refs[1]!.id, refs[1]!.webhookId)).toBe('promoted');
      expect(await promoteDelayedDelivery(queues, randomUUID())).toBe('missing');
    });
  });
});

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (const c of Buffer.from(s)) h = Math.imul(h ^ c, 0x01000193) >>> 0;
  return h;
}
