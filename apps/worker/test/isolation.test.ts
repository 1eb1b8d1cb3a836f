import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { issueCredential } from '@gw/core/auth';
import { deliveryQueues, readOutboxBacklog } from '@gw/core/webhooks';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';
import { exited, spawnWorkerProcess } from '../../../test/support/worker-process.js';

const ONE = 10n ** 18n;

/**
 * Delivery isolation through the real API and worker, on real PostgreSQL and Redis:
 * the per-endpoint cap, deferral by the circuit breaker, auto-disable, bulk recovery and the
 * noisy-neighbour case. Assertions are on counts and order, never on durations.
 */
describe('delivery isolation', () => {
  const stacks: Stack[] = [];
  const receivers: TestReceiver[] = [];
  const servers: Server[] = [];
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.stop();
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });
  afterAll(async () => {
    for (const s of stacks) await s.stop();
  });

  const stackWith = async (label: string, env: Record<string, string>, worker = true) => {
    const stack = await startStack(label, { chain: true, env, worker });
    stacks.push(stack);
    return stack;
  };
  const receiver = async () => {
    const r = await new TestReceiver().start();
    receivers.push(r);
    return r;
  };

  /** An organization with a webhook on `url` and a funded payer; `settle()` confirms one payment. */
  async function merchant(stack: Stack, url: string, extra: Record<string, unknown> = {}) {
    const org = await stack.org();
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url, ...extra });
    expect(reg.status).toBe(201);
    const payer = await stack.login();
    await stack.mint(payer.address, 1000n * ONE);
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const settle = async () => {
      const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: ONE.toString() });
      const c = await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers).send();
      expect(c.status).toBe(200);
    };
    const deliveries = () => stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    const health = async () => {
      const res = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
      expect(res.status).toBe(200);
      return res.body.data[0] as { active: boolean; disabledReason: string | null; health: { state: string; openUntil: string | null } };
    };
    return { org, webhookId: reg.body.id as string, settle, deliveries, health };
  }

  it('the cap holds across two worker processes, and waiting for a slot is not an attempt', async () => {
    const stack = await stackWith('iso-cap', { WEBHOOK_TIMEOUT_MS: '5000', WORKER_LOCK_DURATION_MS: '5000' }, false);
    // A receiver that answers after 150 ms and records how many requests it holds at once.
    let inFlight = 0;
    let maxInFlight = 0;
    let received = 0;
    const server = createServer((req, res) => {
      inFlight += 1;
      received += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          inFlight -= 1;
          res.writeHead(200).end('ok');
        }, 150),
      );
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const m = await merchant(stack, url, { maxConcurrency: 2 });

    const workers = [spawnWorkerProcess(stack), spawnWorkerProcess(stack)];
    try {
      for (let i = 0; i < 16; i++) await m.settle();
      const done = await eventually(
        async () => {
          const rows = await m.deliveries();
          return rows.length === 16 && rows.every((d) => d.status === 'delivered') ? rows : undefined;
        },
        60000,
        'all 16 deliveries delivered',
      );
      expect(maxInFlight).toBeLessThanOrEqual(2);
      expect(maxInFlight).toBeGreaterThanOrEqual(1);
      // Every delivery took exactly one attempt: parking behind the cap counted nothing.
      expect(done.map((d) => d.attempts)).toEqual(Array(16).fill(1));
      expect(received).toBe(16);
    } finally {
      for (const w of workers) w.kill('SIGTERM');
      await Promise.all(workers.map(exited));
    }
  }, 120000);

  it('an open circuit defers deliveries without consuming attempts, and shows when they will try again', async () => {
    const stack = await stackWith('iso-defer', {
      WEBHOOK_CIRCUIT_FAILURE_THRESHOLD: '2',
      WEBHOOK_CIRCUIT_COOLDOWN_MS: '3000',
      WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: '3000',
      WEBHOOK_CAP_WAIT_MAX_MS: '300',
      WEBHOOK_BACKOFF_BASE_MS: '100',
      WEBHOOK_BACKOFF_MAX_MS: '200',
    });
    const r = await receiver();
    r.always({ status: 503 });
    const m = await merchant(stack, r.url, { maxConcurrency: 1 });
    for (let i = 0; i < 5; i++) await m.settle();

    // Two failures open the circuit; the deliveries behind it are deferred to the end of the cool-down.
    const opened = await eventually(async () => {
      const h = await m.health();
      return h.health.state === 'open' ? h : undefined;
    });
    const openUntil = Date.parse(opened.health.openUntil!);
    const deferred = await eventually(async () => {
      const rows = (await m.deliveries()).filter((d) => d.attempts === 0);
      return rows.length > 0 && rows.every((d) => d.nextAttemptAt && d.nextAttemptAt.getTime() >= openUntil) ? rows : undefined;
    });
    expect(deferred.every((d) => d.status === 'pending')).toBe(true);
    const attemptsWhileOpen = (await m.deliveries()).reduce((n, d) => n + d.attempts, 0);
    expect(attemptsWhileOpen).toBe(r.requests.length); // every counted attempt is a real request, nothing else

    // The endpoint recovers: the probe after the cool-down closes the circuit and everything is delivered.
    r.always({ status: 200 });
    const rows = await eventually(
      async () => {
        const all = await m.deliveries();
        return all.every((d) => d.status === 'delivered') ? all : undefined;
      },
      20000,
      'all delivered after the cool-down',
    );
    expect(rows.reduce((n, d) => n + d.attempts, 0)).toBe(r.requests.length);
    for (const d of deferred) expect(rows.find((x) => x.id === d.id)!.attempts).toBe(1); // deferral was not an attempt
    expect((await m.health()).health.state).toBe('closed');
  }, 60000);

  it('an endpoint that stays down costs one run per cool-down, however many deliveries wait for it', async () => {
    const stack = await stackWith('iso-parked', {
      WEBHOOK_CIRCUIT_FAILURE_THRESHOLD: '2',
      WEBHOOK_CIRCUIT_COOLDOWN_MS: '400',
      WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: '400',
      // Failed attempts come back only after the test: every run seen below is a deferral or a probe.
      WEBHOOK_BACKOFF_BASE_MS: '60000',
      WEBHOOK_BACKOFF_MAX_MS: '60000',
    });
    const r = await receiver();
    r.always({ status: 503 });
    const m = await merchant(stack, r.url);
    // Two failures open the circuit; the rest find it open (a third could otherwise be admitted
    // beside the first two on a slow machine, and be attempted instead of parked).
    for (let i = 0; i < 2; i++) await m.settle();
    await eventually(async () => ((await m.health()).health.state === 'open' ? true : undefined));
    for (let i = 0; i < 18; i++) await m.settle();
    // Every delivery has had its first run (an attempt, or a deferral behind the circuit).
    await eventually(async () => ((await m.deliveries()).every((d) => d.attempts > 0 || d.nextAttemptAt) ? true : undefined));

    /** Runs of the deliveries' jobs so far (BullMQ counts each start, deferrals included). */
    const runs = async () => {
      const ids = (await m.deliveries()).map((d) => d.id);
      let n = 0;
      for (const queue of deliveryQueues(stack.api.deps.queues)) for (const id of ids) n += (await queue.getJob(id))?.attemptsStarted ?? 0;
      return n;
    };
    const runsBefore = await runs();
    const requestsBefore = r.requests.length;
    await new Promise((res) => setTimeout(res, 4000)); // ten cool-downs
    const runsDuring = (await runs()) - runsBefore;
    const probes = r.requests.length - requestsBefore;

    // The circuit kept probing, one attempt per cool-down at most ...
    expect(probes).toBeGreaterThanOrEqual(2);
    expect(probes).toBeLessThanOrEqual(11);
    // ... and the other deliveries stayed parked: each probe is one run (the parked job named the
    // next prober runs once, as the probe). Before, the whole backlog woke every cool-down (~10 x 10).
    expect(runsDuring).toBeLessThanOrEqual(probes + 3);
    // A deferral is never an attempt: the attempts recorded are the requests received. A probe may
    // be in flight when the rows are read (received, its attempt not yet recorded: through a
    // transaction pooler that gap is wider), so read until they agree; with deferrals counted as
    // attempts they never would.
    const rows = await eventually(async () => {
      const all = await m.deliveries();
      return all.reduce((n, d) => n + d.attempts, 0) === r.requests.length ? all : undefined;
    });
    expect(rows.every((d) => d.status === 'pending')).toBe(true);
    // The parked deliveries' cool-down's end (their `nextAttemptAt`) is long past, yet they are not
    // overdue: their jobs sleep until the parked horizon, which their rows show, so the overdue
    // gauges and the sweeper's scan see at most the prober (before: every parked delivery).
    // Every delivery never attempted is parked, but for the circuit's prober (its deferral as the
    // prober clears the horizon); some always are (20 deliveries, at most 11 probes in the window).
    const prisma = stack.api.deps.prisma;
    const parked = await prisma.delivery.count({ where: { webhookId: m.webhookId, parkedUntil: { gt: new Date() } } });
    const neverAttempted = rows.filter((d) => d.attempts === 0).length;
    expect(neverAttempted).toBeGreaterThanOrEqual(2);
    expect(parked).toBeGreaterThanOrEqual(neverAttempted - 1);
    expect((await readOutboxBacklog(prisma))!.overdue).toBeLessThanOrEqual(1);
  }, 60000);

  it('a webhook failing for WEBHOOK_DISABLE_AFTER_MS is disabled, its pending deliveries end dead, and re-registering re-activates it', async () => {
    const stack = await stackWith('iso-disable', {
      WEBHOOK_DISABLE_AFTER_MS: '1000',
      WEBHOOK_BACKOFF_BASE_MS: '200',
      WEBHOOK_BACKOFF_MAX_MS: '300',
      WEBHOOK_MAX_ATTEMPTS: '50',
      WEBHOOK_CIRCUIT_FAILURE_THRESHOLD: '1000',
    });
    const r = await receiver();
    r.always({ status: 500 });
    const m = await merchant(stack, r.url);
    await m.settle();
    await m.settle();
    const webhook = await eventually(async () => {
      const w = await stack.api.deps.prisma.webhook.findUniqueOrThrow({ where: { id: m.webhookId } });
      return w.active ? undefined : w;
    }, 20000);
    expect(webhook.disabledReason).toMatch(/^no successful delivery since \d{4}-\d{2}-\d{2}T/);
    const rows = await eventually(async () => {
      const all = await m.deliveries();
      return all.every((d) => d.status === 'dead') ? all : undefined;
    });
    expect(rows).toHaveLength(2);
    expect(rows.some((d) => d.lastError?.startsWith('webhook disabled'))).toBe(true);
    const listed = await m.health();
    expect(listed).toMatchObject({ active: false, disabledReason: webhook.disabledReason });

    r.always({ status: 200 });
    const again = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', m.org.apiKey).send({ url: r.url });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: m.webhookId, active: true, disabledReason: null });
    expect((await m.health()).health).toEqual({
      state: 'closed',
      consecutiveFailures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      openUntil: null,
    });
  }, 60000);

  it('POST /webhooks/:id/recover gives every dead delivery since a time one new attempt, through the queue, for its organization only', async () => {
    const stack = await stackWith('iso-recover', { WEBHOOK_MAX_ATTEMPTS: '1' });
    const r = await receiver();
    r.always({ status: 503 });
    const m = await merchant(stack, r.url);
    for (let i = 0; i < 3; i++) await m.settle();
    await eventually(async () => {
      const all = await m.deliveries();
      return all.length === 3 && all.every((d) => d.status === 'dead') ? all : undefined;
    });
    r.always({ status: 200 });
    const recover = (key: string, body: unknown, id = m.webhookId) =>
      stack.http
        .post(`/api/gateway/v1/webhooks/${id}/recover`)
        .set('X-API-Key', key)
        .send(body as object);
    const since = new Date(Date.now() - 3600_000).toISOString();

    // Refused, and nothing changes: bad `since`, another organization, a connector token, an unknown id.
    for (const body of [
      {},
      { since: 'yesterday' },
      { since: new Date(Date.now() - 31 * 86400_000).toISOString() },
      { since: new Date(Date.now() + 3600_000).toISOString() },
    ]) {
      const res = await recover(m.org.apiKey, body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    const other = await stack.org();
    expect((await recover(other.apiKey, { since })).status).toBe(404);
    expect((await recover(m.org.apiKey, { since }, '0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12')).status).toBe(404);
    const connector = await issueCredential(stack.api.deps.prisma, {
      organizationId: m.org.organizationId,
      kind: 'connector',
      scopes: ['payments:read'],
    });
    expect((await recover(connector.secret, { since })).status).toBe(401); // static connector tokens are retired
    expect((await m.deliveries()).every((d) => d.status === 'dead' && d.attempts === 1)).toBe(true);
    expect(r.requests).toHaveLength(3);

    const res = await recover(m.org.apiKey, { since });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recovered: 3, more: false });
    const rows = await eventually(async () => {
      const all = await m.deliveries();
      return all.every((d) => d.status === 'delivered') ? all : undefined;
    });
    expect(rows.map((d) => d.attempts)).toEqual([2, 2, 2]);
    expect(r.requests).toHaveLength(6);
    // A second recovery finds nothing dead any more.
    expect((await recover(m.org.apiKey, { since })).body).toEqual({ recovered: 0, more: false });
  }, 60000);

  it("noisy neighbour: a healthy organization's deliveries all complete before the hanging endpoint's first attempt ends", async () => {
    const stack = await stackWith('iso-noisy', { WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_ENDPOINT_CONCURRENCY: '2', WORKER_CONCURRENCY: '10' });
    const hanging = await receiver();
    hanging.always({ hang: true });
    const healthy = await receiver();
    const h = await merchant(stack, hanging.url);
    const g = await merchant(stack, healthy.url);
    // The hanging backlog is queued first, more than the worker has slots.
    for (let i = 0; i < 15; i++) await h.settle();
    for (let i = 0; i < 5; i++) await g.settle();
    await eventually(async () => {
      const all = await g.deliveries();
      return all.length === 5 && all.every((d) => d.status === 'delivered') ? all : undefined;
    });
    // At that moment no attempt to the hanging endpoint has even finished (each waits 5 s for its timeout),
    // and it never had more than its cap of 2 requests in flight.
    const backlog = await h.deliveries();
    expect(backlog).toHaveLength(15);
    expect(backlog.every((d) => d.status === 'pending' && d.attempts === 0)).toBe(true);
    expect(hanging.requests.length).toBeLessThanOrEqual(2);
  }, 60000);
});
