import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { loadConfig } from '@gw/core/config';
import {
  circuitRegistryKey,
  coalescedHealthReader,
  createEndpointGate,
  gateKeys,
  type Admission,
  type EndpointGate,
  type GateSlot,
  PARKED_HORIZON_MS,
} from '@gw/core/webhooks';
import { redisDbForWorker } from '../../../test/support/stack.js';

/**
 * The per-endpoint cap and circuit breaker on a real Redis: own database per jest
 * worker, own key prefix per run. Cool-downs are a few hundred ms so that transitions can be
 * driven by waiting for them (the state machine, not timing, is asserted).
 */
describe('endpoint gate: concurrency cap and circuit breaker', () => {
  const redis = new Redis(`redis://127.0.0.1:6379/${redisDbForWorker()}`, { maxRetriesPerRequest: 1 });
  const prefix = `gate${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    WEBHOOK_TIMEOUT_MS: '100',
    WEBHOOK_CIRCUIT_FAILURE_THRESHOLD: '3',
    WEBHOOK_CIRCUIT_MIN_REQUESTS: '10',
    WEBHOOK_CIRCUIT_FAILURE_RATE: '50',
    WEBHOOK_CIRCUIT_WINDOW_MS: '60000',
    WEBHOOK_CIRCUIT_COOLDOWN_MS: '200',
    WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: '500',
    // The share floor at the ceiling: the fair share never binds in the cap and breaker tests.
    WEBHOOK_ORG_CONCURRENCY_MIN: '40',
  });
  const woken: string[][] = [];
  const wokenAt: [string, number][] = [];
  let gate: EndpointGate;
  const admitted = (a: Admission) => {
    if (!a.admitted) throw new Error(`expected admission, got ${a.reason}`);
    return a;
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // Each webhook belongs to an organization of its own: the organization's fair share (its
  // own describe below) never binds in these tests of the per-webhook cap and breaker.
  const organizations = new Map<string, string>();
  const at = (webhookId: string, limit: number): GateSlot => {
    if (!organizations.has(webhookId)) organizations.set(webhookId, randomUUID());
    return { webhookId, organizationId: organizations.get(webhookId)!, limit };
  };

  beforeAll(() => {
    gate = createEndpointGate(
      redis,
      prefix,
      config,
      async (ids) => void woken.push(ids),
      async (id, when) => void wokenAt.push([id, when.getTime()]),
    );
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('admits at most `limit` attempts at once and hands a freed slot to the oldest parked job', async () => {
    const hook = randomUUID();
    const a = admitted(await gate.admit(at(hook, 2), 'job-a'));
    admitted(await gate.admit(at(hook, 2), 'job-b'));
    const c = await gate.admit(at(hook, 2), 'job-c');
    const d = await gate.admit(at(hook, 2), 'job-d');
    expect(c).toMatchObject({ admitted: false, reason: 'cap', until: null });
    expect(d).toMatchObject({ admitted: false, reason: 'cap' });
    expect(await redis.zrange(gateKeys(prefix, hook).waiters, 0, -1)).toEqual(['job-c', 'job-d']);

    woken.length = 0;
    const report = await gate.report(at(hook, 2), a.lease, true);
    expect(report).toMatchObject({ state: 'closed', transition: null, consecutiveFailures: 0, promoted: ['job-c'] });
    expect(woken).toEqual([['job-c']]);
    expect(await redis.zrange(gateKeys(prefix, hook).waiters, 0, -1)).toEqual(['job-d']);
    // The promoted job takes the slot; the parked one is still behind the cap.
    admitted(await gate.admit(at(hook, 2), 'job-c'));
    expect(await gate.admit(at(hook, 2), 'job-e')).toMatchObject({ admitted: false, reason: 'cap' });
  });

  it('release frees an unused lease without counting an outcome and hands the slot to the oldest parked job', async () => {
    const hook = randomUUID();
    const a = admitted(await gate.admit(at(hook, 1), 'job-a'));
    expect(await gate.admit(at(hook, 1), 'job-b')).toMatchObject({ admitted: false, reason: 'cap' });
    expect(await gate.admit(at(hook, 1), 'job-c')).toMatchObject({ admitted: false, reason: 'cap' });

    woken.length = 0;
    await gate.release(at(hook, 1), a.lease, 'job-a');
    expect(woken).toEqual([['job-b']]);
    expect(await redis.zcard(gateKeys(prefix, hook).leases)).toBe(0);
    // Nothing was counted: no success, no failure, no attempt in the window, no average.
    expect((await gate.health([hook])).get(hook)).toMatchObject({
      state: 'closed',
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
    });
    expect(await redis.exists(gateKeys(prefix, hook).window)).toBe(0);
    expect(await redis.hget(gateKeys(prefix, hook).circuit, 'avgMs')).toBeNull();

    // A refused admission given back (lease null) only leaves the parked list.
    await gate.release(at(hook, 1), null, 'job-c');
    expect(await redis.zrange(gateKeys(prefix, hook).waiters, 0, -1)).toEqual([]);
    admitted(await gate.admit(at(hook, 1), 'job-b'));
  });

  it('a released half-open probe lets the next job be the probe, and its failure still opens the circuit', async () => {
    const hook = randomUUID();
    for (let i = 0; i < 3; i++) await gate.report(at(hook, 5), admitted(await gate.admit(at(hook, 5), randomUUID())).lease, false);
    await sleep(250);
    const probe = admitted(await gate.admit(at(hook, 5), 'probe'));
    expect(probe.probe).toBe(true);
    expect(await gate.admit(at(hook, 5), 'behind')).toMatchObject({ admitted: false, reason: 'half_open' });

    woken.length = 0;
    await gate.release(at(hook, 5), probe.lease, 'probe');
    expect(woken).toEqual([['behind']]);
    expect((await gate.health([hook])).get(hook)).toMatchObject({ state: 'half_open', consecutiveFailures: 3 });
    const next = admitted(await gate.admit(at(hook, 5), 'behind'));
    expect(next.probe).toBe(true);
    expect(await gate.report(at(hook, 5), next.lease, false)).toMatchObject({ state: 'open', transition: 'open', consecutiveFailures: 4 });
  });

  it("a dead worker's lease expires: its slot frees itself after leaseMs without a report", async () => {
    const hook = randomUUID();
    admitted(await gate.admit(at(hook, 1), 'crashed')); // never reported, as if its worker was killed
    expect(await gate.admit(at(hook, 1), 'next')).toMatchObject({ admitted: false, reason: 'cap' });
    expect(await redis.zcard(gateKeys(prefix, hook).leases)).toBe(1);
    await sleep(gate.leaseMs + 100);
    admitted(await gate.admit(at(hook, 1), 'next'));
    expect(await redis.zcard(gateKeys(prefix, hook).leases)).toBe(1); // the expired lease is gone, the new one counts
  }, 20000);

  it('closed → open after consecutive failures → half_open (one probe) → closed, and open again with a doubled cool-down', async () => {
    const hook = randomUUID();
    const fail = async () => gate.report(at(hook, 5), admitted(await gate.admit(at(hook, 5), randomUUID())).lease, false);
    expect((await fail()).state).toBe('closed');
    expect((await fail()).state).toBe('closed');
    const opened = await fail();
    expect(opened).toMatchObject({ state: 'open', transition: 'open', consecutiveFailures: 3 });
    expect(opened.openUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await redis.sismember(circuitRegistryKey(prefix), hook)).toBe(1);

    // Open: nothing goes through, and the answer says until when.
    const refused = await gate.admit(at(hook, 5), 'while-open');
    expect(refused).toMatchObject({ admitted: false, reason: 'circuit_open' });
    expect(refused.admitted === false && refused.until!.getTime()).toBe(opened.openUntil!.getTime());
    expect((await gate.health([hook])).get(hook)).toMatchObject({ state: 'open', consecutiveFailures: 3 });

    // Cool-down over: the first admission is the probe, the others wait for it.
    await sleep(250);
    const probe = admitted(await gate.admit(at(hook, 5), 'probe'));
    expect(probe).toMatchObject({ probe: true, transition: 'half_open' });
    const behind = await gate.admit(at(hook, 5), 'behind-probe');
    expect(behind).toMatchObject({ admitted: false, reason: 'half_open' });
    // It looks again when a failed probe's doubled cool-down (400 ms) would end after the probe's lease.
    expect(behind.admitted === false && behind.until!.getTime() - Date.now()).toBeGreaterThan(gate.leaseMs);
    const closed = await gate.report(at(hook, 5), probe.lease, true);
    expect(closed).toMatchObject({ state: 'closed', transition: 'closed', consecutiveFailures: 0, promoted: ['behind-probe'] });
    const health = (await gate.health([hook])).get(hook)!;
    expect(health.state).toBe('closed');
    expect(health.lastSuccessAt).not.toBeNull();
    expect(health.openUntil).toBeNull();

    // Fails again: open (base cool-down), a failed probe opens it with twice the cool-down.
    await fail();
    await fail();
    const reopened = await fail();
    expect(reopened).toMatchObject({ state: 'open', transition: 'open' });
    await sleep(250);
    const probe2 = admitted(await gate.admit(at(hook, 5), 'probe-2'));
    expect(probe2.probe).toBe(true);
    const before = Date.now();
    const failedProbe = await gate.report(at(hook, 5), probe2.lease, false);
    expect(failedProbe).toMatchObject({ state: 'open', transition: 'open', consecutiveFailures: 4 });
    const cooldown = failedProbe.openUntil!.getTime() - before;
    expect(cooldown).toBeGreaterThan(300); // 400 ms: doubled from 200
    expect(cooldown).toBeLessThanOrEqual(500); // capped by WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS
  });

  it('behind an open circuit one job is the prober; the others stay parked until the probe ends', async () => {
    const hook = randomUUID();
    const slot = at(hook, 5);
    const waiters = () => redis.zrange(gateKeys(prefix, hook).waiters, 0, -1);
    for (let i = 0; i < 3; i++) await gate.report(slot, admitted(await gate.admit(slot, randomUUID())).lease, false);

    // The first job to ask waits for the cool-down's end; the others are parked far beyond it.
    const prober = await gate.admit(slot, 'prober');
    expect(prober).toMatchObject({ admitted: false, reason: 'circuit_open', parkedUntil: null });
    const a = await gate.admit(slot, 'parked-a');
    const b = await gate.admit(slot, 'parked-b');
    for (const parked of [a, b]) {
      expect(parked).toMatchObject({ admitted: false, reason: 'circuit_open' });
      if (parked.admitted) throw new Error('admitted');
      expect(parked.until!.getTime()).toBe(prober.admitted === false ? prober.until!.getTime() : NaN);
      // The parked horizon, a safety net: an hour, not a cool-down.
      expect(parked.parkedUntil!.getTime() - Date.now()).toBeGreaterThan(PARKED_HORIZON_MS - 60_000);
    }
    expect(await waiters()).toEqual(['parked-a', 'parked-b']);
    // Asking again changes nothing: the prober stays the prober, a parked job stays parked.
    expect(await gate.admit(slot, 'prober')).toMatchObject({ reason: 'circuit_open', parkedUntil: null });
    expect((await gate.admit(slot, 'parked-a')) as { parkedUntil: Date | null }).toHaveProperty('parkedUntil', expect.any(Date));

    // The probe fails: the circuit opens again and the oldest parked job is the next prober, woken at its end.
    await sleep(250);
    const probe = admitted(await gate.admit(slot, 'prober'));
    expect(probe.probe).toBe(true);
    wokenAt.length = 0;
    const failed = await gate.report(slot, probe.lease, false);
    expect(failed).toMatchObject({ state: 'open', transition: 'open', prober: 'parked-a' });
    expect(wokenAt).toEqual([['parked-a', failed.openUntil!.getTime()]]);
    expect(await waiters()).toEqual(['parked-b']);
    // The failed probe's own job, back after its back-off, is parked behind the new prober.
    expect((await gate.admit(slot, 'prober')) as { parkedUntil: Date | null }).toHaveProperty('parkedUntil', expect.any(Date));
    expect(await gate.admit(slot, 'parked-a')).toMatchObject({ reason: 'circuit_open', parkedUntil: null });

    // The next probe succeeds: closed, and the parked jobs are handed the free slots.
    await sleep(failed.openUntil!.getTime() - Date.now() + 50);
    const probe2 = admitted(await gate.admit(slot, 'parked-a'));
    expect(probe2.probe).toBe(true);
    woken.length = 0;
    const closed = await gate.report(slot, probe2.lease, true);
    expect(closed).toMatchObject({ state: 'closed', transition: 'closed', prober: null, promoted: ['parked-b', 'prober'] });
    expect(woken).toEqual([['parked-b', 'prober']]);
    expect(await redis.hget(gateKeys(prefix, hook).circuit, 'prober')).toBeNull();
  });

  it('a prober that gives its admission back hands the role to the oldest parked job', async () => {
    const hook = randomUUID();
    const slot = at(hook, 5);
    for (let i = 0; i < 3; i++) await gate.report(slot, admitted(await gate.admit(slot, randomUUID())).lease, false);
    expect(await gate.admit(slot, 'prober')).toMatchObject({ reason: 'circuit_open', parkedUntil: null });
    expect(await gate.admit(slot, 'parked')).toMatchObject({ reason: 'circuit_open' });
    const openUntil = Number(await redis.hget(gateKeys(prefix, hook).circuit, 'openUntil'));
    wokenAt.length = 0;
    await gate.release(slot, null, 'prober');
    expect(wokenAt).toEqual([['parked', openUntil]]);
    expect(await redis.hget(gateKeys(prefix, hook).circuit, 'prober')).toBe('parked');
    expect(await redis.zrange(gateKeys(prefix, hook).waiters, 0, -1)).toEqual([]);
  });

  it('opens on the failure rate over the window once the minimum number of attempts is reached', async () => {
    const hook = randomUUID();
    const run = async (ok: boolean) => gate.report(at(hook, 5), admitted(await gate.admit(at(hook, 5), randomUUID())).lease, ok);
    // Alternating outcomes never reach 3 consecutive failures; the 10th attempt reaches the minimum at 50 %.
    for (let i = 0; i < 9; i++) expect((await run(i % 2 === 1)).state).toBe('closed');
    const tenth = await run(false);
    expect(tenth).toMatchObject({ state: 'open', transition: 'open', consecutiveFailures: 2 });
  });

  it('tracks failingSince from the first failure after a success, and reset() starts the circuit closed', async () => {
    const hook = randomUUID();
    const run = async (ok: boolean) => gate.report(at(hook, 5), admitted(await gate.admit(at(hook, 5), randomUUID())).lease, ok);
    const first = await run(false);
    expect(first.failingSince).not.toBeNull();
    const second = await run(false);
    expect(second.failingSince!.getTime()).toBe(first.failingSince!.getTime());
    expect((await run(true)).failingSince).toBeNull();
    await run(false);
    await run(false);
    await run(false);
    expect((await gate.health([hook])).get(hook)!.state).toBe('open');
    await gate.reset(hook);
    expect((await gate.health([hook])).get(hook)).toEqual({
      state: 'closed',
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      openUntil: null,
    });
    admitted(await gate.admit(at(hook, 5), 'after-reset'));
  });

  it('gives every admission its own lease, also across gates (processes) and for the same job', async () => {
    const hook = randomUUID();
    const other = createEndpointGate(redis, prefix, config);
    const leases = [
      admitted(await gate.admit(at(hook, 10), 'job-x')).lease,
      admitted(await gate.admit(at(hook, 10), 'job-x')).lease,
      admitted(await other.admit(at(hook, 10), 'job-x')).lease,
    ];
    expect(new Set(leases).size).toBe(3);
    for (const lease of leases) expect(lease.startsWith('job-x:')).toBe(true);
    expect(await redis.zcard(gateKeys(prefix, hook).leases)).toBe(3);
  });

  it('reads the health of concurrent callers in one pipeline, each id once, each caller getting exactly its ids', async () => {
    const [open, closed, never] = [randomUUID(), randomUUID(), randomUUID()];
    for (let i = 0; i < 3; i++) await gate.report(at(open, 5), admitted(await gate.admit(at(open, 5), randomUUID())).lease, false);
    await gate.report(at(closed, 5), admitted(await gate.admit(at(closed, 5), randomUUID())).lease, true);

    const pipelines: number[] = [];
    const counting = Object.create(redis) as Redis;
    counting.pipeline = () => {
      const p = redis.pipeline();
      const exec = p.exec.bind(p);
      p.exec = (async () => {
        pipelines.push(p.length);
        return exec();
      }) as typeof p.exec;
      return p;
    };
    const read = coalescedHealthReader(counting, prefix);
    const asks = [[open, closed], [closed], [never, open], [open, closed, never], []];
    const answers = await Promise.all(asks.map((ids) => read(ids)));

    // One batch for the four non-empty calls made in the same tick: three ids, three HMGETs.
    expect(pipelines).toEqual([3]);
    answers.forEach((answer, i) => expect([...answer.keys()]).toEqual(asks[i]));
    expect(answers[0]!.get(open)).toMatchObject({ state: 'open', consecutiveFailures: 3 });
    expect(answers[1]!.get(closed)).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    expect(answers[2]!.get(never)).toEqual({
      state: 'closed',
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      openUntil: null,
    });

    // Read live: a later call sees a change made after the first batch.
    await gate.reset(open);
    expect((await read([open])).get(open)!.state).toBe('closed');
    expect(pipelines).toEqual([3, 1]);
  });
});
