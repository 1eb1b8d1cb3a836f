import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { loadConfig } from '@gw/core/config';
import {
  announceWorkerSlots,
  createEndpointGate,
  fairShare,
  gateKeys,
  organizationShareKeys,
  poolShareKeys,
  rankDeliveries,
  type Admission,
  type GateSlot,
} from '@gw/core/webhooks';
import { redisDbForWorker } from '../../../test/support/stack.js';

/**
 * Each organization's fair share of the worker pool on a real Redis: the pool from the
 * replicas' announcements, the share rule of the endpoint gate, the hand-over to parked jobs, and
 * the backlog ranks that order the queue. Every test has its own key prefix, so its pool and its
 * organizations are its own.
 */
describe('fair share of the worker pool', () => {
  const redis = new Redis(`redis://127.0.0.1:6379/${redisDbForWorker()}`, { maxRetriesPerRequest: 1 });
  const config = loadConfig({ NODE_ENV: 'test', WEBHOOK_TIMEOUT_MS: '100', WORKER_CONCURRENCY: '10' });
  const prefixes: string[] = [];
  let prefix = '';
  const woken: string[][] = [];
  const admitted = (a: Admission) => {
    if (!a.admitted) throw new Error(`expected admission, got ${a.reason}`);
    return a;
  };
  /** A webhook of `organizationId` with a cap that never binds here. */
  const slot = (organizationId: string, webhookId = randomUUID()): GateSlot => ({ webhookId, organizationId, limit: 100 });
  const gateOf = () => createEndpointGate(redis, prefix, config, async (ids) => void woken.push(ids));

  beforeEach(() => {
    prefix = `fair${randomBytes(4).toString('hex')}`;
    prefixes.push(prefix);
    woken.length = 0;
  });
  afterAll(async () => {
    for (const p of prefixes) {
      const keys = await redis.keys(`${p}:*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('computes the share as ⌊pool / (organizations with work + 1)⌋ between the floor and the ceiling', () => {
    expect(fairShare(50, 1, 2, 40)).toBe(25);
    expect(fairShare(50, 3, 2, 40)).toBe(12);
    expect(fairShare(50, 30, 2, 40)).toBe(2); // the floor
    expect(fairShare(400, 1, 2, 40)).toBe(40); // the ceiling
  });

  it('the pool is the sum of the live replicas’ announced slots; a withdrawn replica leaves it', async () => {
    expect(await announceWorkerSlots(redis, prefix, 'replica-a', 10, 5000)).toBe(10);
    expect(await announceWorkerSlots(redis, prefix, 'replica-b', 30, 5000)).toBe(40);
    expect(await announceWorkerSlots(redis, prefix, 'replica-a', 10, 5000)).toBe(40);
    expect(await redis.get(poolShareKeys(prefix).pool)).toBe('40');
    expect(await announceWorkerSlots(redis, prefix, 'replica-b', 0, 5000)).toBe(10);
    // A replica whose announcement lapsed (a crash) leaves the pool at the next announcement.
    await announceWorkerSlots(redis, prefix, 'replica-c', 5, 50);
    await new Promise((r) => setTimeout(r, 80));
    expect(await announceWorkerSlots(redis, prefix, 'replica-a', 10, 5000)).toBe(10);
  });

  it('an organization alone takes half the pool; a newcomer takes a free slot while the first holds its share', async () => {
    await announceWorkerSlots(redis, prefix, 'replica', 10, 5000);
    const gate = gateOf();
    const busy = randomUUID();
    const leases = [];
    for (let i = 0; i < 5; i++) leases.push(admitted(await gate.admit(slot(busy), `busy-${i}`)).lease);
    const refused = await gate.admit(slot(busy), 'busy-5');
    expect(refused).toMatchObject({ admitted: false, reason: 'fair_share', until: null });
    expect(await redis.zrange(organizationShareKeys(prefix, busy).parked, 0, -1)).toEqual(['busy-5']);
    // Another organization with nothing in flight is admitted at once.
    admitted(await gate.admit(slot(randomUUID()), 'newcomer'));
    expect(await redis.zcard(poolShareKeys(prefix).inflight)).toBe(6);
  });

  it('an organization with attempts in flight gets another only while one share of the pool stays free', async () => {
    await announceWorkerSlots(redis, prefix, 'replica', 10, 5000);
    const gate = gateOf();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (let i = 0; i < 5; i++) admitted(await gate.admit(slot(a), `a-${i}`));
    // b: share ⌊10 / 3⌋ = 3; its first slot is free for the taking, then one share (3) must stay free.
    admitted(await gate.admit(slot(b), 'b-0'));
    admitted(await gate.admit(slot(b), 'b-1'));
    expect(await gate.admit(slot(b), 'b-2')).toMatchObject({ admitted: false, reason: 'fair_share' });
    // c: share ⌊10 / 4⌋ = 2; its first slot, then nothing more while 7 of 10 are in flight.
    admitted(await gate.admit(slot(c), 'c-0'));
    expect(await gate.admit(slot(c), 'c-1')).toMatchObject({ admitted: false, reason: 'fair_share' });
    expect(await redis.zcard(poolShareKeys(prefix).inflight)).toBe(8);
  });

  it("a finishing attempt hands its organization's free share to its oldest parked jobs, and an organization without work stops counting", async () => {
    await announceWorkerSlots(redis, prefix, 'replica', 10, 5000);
    const gate = gateOf();
    const org = randomUUID();
    const hook = slot(org);
    const leases = [];
    for (let i = 0; i < 5; i++) leases.push(admitted(await gate.admit(hook, `job-${i}`)).lease);
    for (const id of ['parked-1', 'parked-2']) expect(await gate.admit(hook, id)).toMatchObject({ reason: 'fair_share' });
    const active = poolShareKeys(prefix).active;
    expect(await redis.zscore(active, org)).not.toBeNull();

    const report = await gate.report(hook, leases.shift()!, true);
    expect(report.promoted).toEqual(['parked-1']);
    expect(woken).toEqual([['parked-1']]);
    admitted(await gate.admit(hook, 'parked-1'));
    expect(await redis.zrange(organizationShareKeys(prefix, org).parked, 0, -1)).toEqual(['parked-2']);

    // The parked one gives up (its delivery was finished elsewhere); once nothing is in flight or
    // parked, the organization no longer divides the pool.
    await redis.zrem(organizationShareKeys(prefix, org).parked, 'parked-2');
    const all = await redis.zrange(organizationShareKeys(prefix, org).inflight, 0, -1);
    for (const lease of all) await gate.report(hook, lease, true);
    expect(await redis.zscore(active, org)).toBeNull();
  });

  it('a lease of a killed worker frees its share when it expires', async () => {
    await announceWorkerSlots(redis, prefix, 'replica', 2, 5000);
    const gate = gateOf(); // leases live WEBHOOK_TIMEOUT_MS + 5 s; the test shortens this one by hand
    const org = randomUUID();
    admitted(await gate.admit(slot(org), 'crashed'));
    const [lease] = await redis.zrange(organizationShareKeys(prefix, org).inflight, 0, -1);
    // Share ⌊2 / 2⌋ = 1, raised to the floor 2; one share must stay free: the second attempt waits.
    expect(await gate.admit(slot(org), 'next')).toMatchObject({ reason: 'fair_share' });
    const past = Date.now() - 1000;
    await redis.zadd(organizationShareKeys(prefix, org).inflight, past, lease!);
    await redis.zadd(poolShareKeys(prefix).inflight, past, lease!);
    admitted(await gate.admit(slot(org), 'next'));
  });

  it('attempts to a webhook that answers fast do not count against the share; one slow answer makes them count again', async () => {
    await announceWorkerSlots(redis, prefix, 'replica', 10, 5000);
    const gate = gateOf();
    const org = randomUUID();
    const hook = slot(org);
    // Without history the webhook is not fast: its attempts count (alone: share 5).
    for (let i = 0; i < 3; i++) await gate.report(hook, admitted(await gate.admit(hook, `warm-${i}`)).lease, true);
    // Three answers within a few ms: fast. Now the organization may fill the pool (10), not only its share (5).
    const leases = [];
    for (let i = 0; i < 10; i++) leases.push(admitted(await gate.admit(hook, `fast-${i}`)).lease);
    expect(await gate.admit(hook, 'fast-10')).toMatchObject({ admitted: false, reason: 'fair_share' }); // the pool is full
    expect(await redis.zcard(organizationShareKeys(prefix, org).inflight)).toBe(0);
    expect(await redis.zscore(poolShareKeys(prefix).active, org)).toBeNull();
    // The others answer; then one that held its slot for 10 s (its lease moved back as if it had):
    // the moving average jumps past 250 ms and the webhook's attempts count again.
    const slowLease = leases.shift()!;
    for (const lease of leases) await gate.report(hook, lease, true);
    await redis.zadd(gateKeys(prefix, hook.webhookId).leases, Date.now() + gate.leaseMs - 10_000, slowLease);
    await gate.report(hook, slowLease, true);
    for (let i = 0; i < 5; i++) admitted(await gate.admit(hook, `slow-${i}`));
    expect(await gate.admit(hook, 'slow-5')).toMatchObject({ admitted: false, reason: 'fair_share' });
    expect(await redis.zcard(organizationShareKeys(prefix, org).inflight)).toBe(5);
  });

  it("ranks each delivery in its organization's backlog; an admitted one leaves the backlog", async () => {
    const [busy, quiet] = [randomUUID(), randomUUID()];
    const burst = Array.from({ length: 4 }, () => ({ id: randomUUID(), organizationId: busy }));
    expect(await rankDeliveries(redis, prefix, burst)).toEqual([1, 2, 3, 4]);
    const q = { id: randomUUID(), organizationId: quiet };
    const more = { id: randomUUID(), organizationId: busy };
    expect(await rankDeliveries(redis, prefix, [more, q])).toEqual([5, 1]);
    // Enqueued again (the sweeper): it keeps its place in the backlog (ties within a millisecond
    // are ordered by id) and is not counted twice.
    const [again] = await rankDeliveries(redis, prefix, [burst[1]!]);
    expect(again).toBeGreaterThanOrEqual(1);
    expect(again).toBeLessThanOrEqual(5);
    expect(await redis.zcard(organizationShareKeys(prefix, busy).queued)).toBe(5);

    await announceWorkerSlots(redis, prefix, 'replica', 10, 5000);
    admitted(await gateOf().admit(slot(busy), burst[0]!.id));
    expect(await redis.zcard(organizationShareKeys(prefix, busy).queued)).toBe(4);
    expect(await rankDeliveries(redis, prefix, [{ id: randomUUID(), organizationId: busy }])).toEqual([5]);
  });
});
