import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { queueCatalogue } from '@gw/core/queues';
import { deliveryQueue } from '@gw/core/webhooks';
import { paymentExpiryQueue } from '@gw/core/payments';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';
import { basic, OPS_PASSWORD, OPS_USER, startOpsFor, type OpsUnderTest } from './ops-stack.js';
import { find, parsePrometheus, total, type Sample } from './prometheus-text.js';

const ONE = 10n ** 18n;

/**
 * GET /metrics on the ops port after real traffic: the real API and worker (started by
 * startStack, each publishing its registry to Redis) and the ops app merging them with its own
 * queue and outbox gauges.
 */
describe('GET /metrics: every app, merged, with real values', () => {
  let stack: Stack;
  let ops: OpsUnderTest;
  let receiver: TestReceiver;
  let org: { organizationId: string; apiKey: string };
  let payer: { token: string; address: string };

  const scrape = async (): Promise<Sample[]> => {
    const res = await ops.http.get('/metrics').set('Authorization', basic(OPS_USER, OPS_PASSWORD));
    expect(res.status).toBe(200);
    return parsePrometheus(res.text);
  };
  /** Scrapes until `check` holds (snapshots are published every few seconds). */
  const scrapeUntil = (what: string, check: (s: Sample[]) => boolean) =>
    eventually(
      async () => {
        const s = await scrape();
        return check(s) ? s : undefined;
      },
      20000,
      what,
    );
  const gw = (path: string, body?: object) =>
    stack.http
      .post(`/api/gateway/v1${path}`)
      .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` })
      .send(body);
  const createPayment = async () => {
    const p = await gw('/payments', { amount: ONE.toString() });
    expect(p.status).toBe(201);
    return p.body.id as string;
  };

  beforeAll(async () => {
    // Fast back-off so that the failed first attempt is retried within the test.
    stack = await startStack('ops-metrics', {
      chain: true,
      env: { WEBHOOK_BACKOFF_BASE_MS: '200', WEBHOOK_BACKOFF_MAX_MS: '800', WEBHOOK_MAX_ATTEMPTS: '4', WEBHOOK_TIMEOUT_MS: '2000' },
    });
    if (!('metrics' in stack.api.deps)) {
      throw new Error('startApi publishes no metrics: createAppMetrics/startMetricsPublisher are not wired into startApi and startWorker');
    }
    ops = await startOpsFor(stack);
    receiver = await new TestReceiver().start();
    receiver.reply({ status: 500 }).always({ status: 200 });
    org = await stack.org();
    const reg = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: receiver.url, events: ['payment.settled'] });
    expect(reg.status).toBe(201);
    payer = await stack.login();
    await stack.mint(payer.address, 100n * ONE);
    const id = await createPayment();
    expect((await gw(`/payments/${id}/confirm`)).status).toBe(200);
    await receiver.waitFor(2);
    await stack.http.get('/api/definitely-not-a-route').expect(404);
  });
  afterAll(async () => {
    await receiver?.stop();
    await ops?.ops.stop();
    await stack?.stop();
  });

  it('counts deliveries by outcome and event, and times attempts by outcome (worker)', async () => {
    const s = await scrapeUntil('worker delivery metrics', (x) => total(x, 'gw_deliveries_total', { outcome: 'delivered' }) >= 1);
    expect(total(s, 'gw_deliveries_total', { outcome: 'retry', event: 'payment.settled', app: 'worker' })).toBe(1);
    expect(total(s, 'gw_deliveries_total', { outcome: 'delivered', event: 'payment.settled', app: 'worker' })).toBe(1);
    expect(total(s, 'gw_delivery_attempt_duration_seconds_count', { outcome: 'http_error', app: 'worker' })).toBe(1);
    expect(total(s, 'gw_delivery_attempt_duration_seconds_count', { outcome: 'success', app: 'worker' })).toBe(1);
    expect(total(s, 'gw_delivery_attempt_duration_seconds_sum', { app: 'worker' })).toBeGreaterThan(0);
    const buckets = find(s, 'gw_delivery_attempt_duration_seconds_bucket', { outcome: 'success', le: '+Inf' });
    expect(buckets).toHaveLength(1);
    expect(buckets[0]!.labels.replica).toBeTruthy();
  });

  it('times each awaited stage of a delivery run, and the event loop (worker)', async () => {
    const s = await scrapeUntil('worker stage metrics', (x) => total(x, 'gw_delivery_stage_seconds_count', { stage: 'record' }) >= 2);
    const count = (stage: string) => total(s, 'gw_delivery_stage_seconds_count', { stage, app: 'worker' });
    const sum = (stage: string) => total(s, 'gw_delivery_stage_seconds_sum', { stage, app: 'worker' });
    // Two runs (the failed attempt, then the delivered one), each through every stage once.
    for (const stage of ['read', 'admit', 'send', 'record', 'report', 'run']) expect(count(stage)).toBe(2);
    // Only the delivered run completes in BullMQ; the failed one was moved to delayed.
    expect(count('finish')).toBe(1);
    // The processor's time holds its sequential stages.
    expect(sum('run')).toBeGreaterThanOrEqual(sum('send'));
    expect(sum('send')).toBeGreaterThan(0);
    expect(find(s, 'gw_event_loop_busy_seconds', { app: 'worker' })[0]?.value).toBeGreaterThan(0);
  });

  it('times HTTP requests by method, route template and status (api)', async () => {
    const s = await scrapeUntil('api http metrics', (x) => total(x, 'gw_http_request_duration_seconds_count', { route: 'unmatched' }) >= 1);
    const count = (labels: Record<string, string>) => total(s, 'gw_http_request_duration_seconds_count', { app: 'api', ...labels });
    expect(count({ method: 'POST', route: '/api/gateway/v1/payments/:id/confirm', status: '200' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/gateway/v1/payments', status: '201' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/gateway/v1/webhooks/register', status: '201' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    // Templates only: no raw ids in any label.
    const routes = new Set(find(s, 'gw_http_request_duration_seconds_count').map((x) => x.labels.route));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('exposes the process metrics of each app (api, worker, ops)', async () => {
    const s = await scrapeUntil('process metrics', (x) =>
      ['api', 'worker', 'ops'].every((app) => find(x, 'process_cpu_user_seconds_total', { app }).length > 0),
    );
    for (const app of ['api', 'worker', 'ops']) {
      expect(find(s, 'process_resident_memory_bytes', { app })[0]?.value).toBeGreaterThan(0);
      expect(find(s, 'nodejs_heap_size_used_bytes', { app })[0]?.value).toBeGreaterThan(0);
    }
    expect(find(s, 'gw_metrics_instances', { app: 'worker' })[0]?.value).toBe(1);
    expect(find(s, 'gw_metrics_instances', { app: 'api' })[0]?.value).toBe(1);
    expect(find(s, 'gw_ops_source_up', { source: 'database' })[0]?.value).toBe(1);
    expect(find(s, 'gw_ops_source_up', { source: 'redis' })[0]?.value).toBe(1);
  });

  it('keeps several replicas apart and drops a stopped one', async () => {
    const second = await stack.startWorker();
    const two = await scrapeUntil('two workers', (x) => find(x, 'gw_metrics_instances', { app: 'worker' })[0]?.value === 2);
    expect(new Set(find(two, 'process_cpu_user_seconds_total', { app: 'worker' }).map((x) => x.labels.replica)).size).toBe(2);
    await second.stop();
    const one = await scrape();
    expect(find(one, 'gw_metrics_instances', { app: 'worker' })[0]?.value).toBe(1);
  });

  it('serves no label Prometheus reserves for the target (instance, job): replicas are labelled `replica`', async () => {
    const res = await ops.http.get('/metrics').set('Authorization', basic(OPS_USER, OPS_PASSWORD));
    expect(res.status).toBe(200);
    const lines = res.text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(lines.length).toBeGreaterThan(100);
    const labelNames = new Set<string>();
    for (const line of lines) {
      // Every sample line is `name{label="value",...} value`, each label name read off the line itself.
      const m = /^[a-zA-Z_:][a-zA-Z0-9_:]*(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*)\})? \S+$/.exec(line);
      expect({ line, valid: Boolean(m) }).toEqual({ line, valid: true });
      for (const l of (m?.[1] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="(?:[^"\\]|\\.)*"/g)) labelNames.add(l[1]!);
    }
    expect(labelNames).not.toContain('instance');
    expect(labelNames).not.toContain('job');
    expect(labelNames).toContain('replica');
    expect(labelNames).toContain('app');
    // Each family is declared once (BullMQ exports HELP/TYPE per queue; the merge groups them).
    const types = res.text.split('\n').filter((line) => line.startsWith('# TYPE '));
    expect(new Set(types).size).toBe(types.length);
    // Every process (api, worker, ops) has a replica id `<hostname>:<pid>:<random>`.
    const s = parsePrometheus(res.text);
    for (const app of ['api', 'worker', 'ops']) {
      expect(find(s, 'process_cpu_user_seconds_total', { app })[0]?.labels.replica).toMatch(/^[^:]+:\d+:[0-9a-f]{6}$/);
    }
  });

  it("serves BullMQ's own queue metrics (exportPrometheusMetrics) for each queue of the catalogue", async () => {
    const s = await scrapeUntil(
      'bullmq completed count',
      (x) => total(x, 'bullmq_job_completed_total', { queue: deliveryQueue.name }) >= 1,
    );
    for (const queue of queueCatalogue.map((q) => q.name)) {
      const states = find(s, 'bullmq_job_count', { queue }).map((x) => x.labels.state);
      expect(states).toEqual(
        expect.arrayContaining(['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed', 'waiting-children']),
      );
      expect(find(s, 'bullmq_job_completed_total', { queue })).toHaveLength(1);
      expect(find(s, 'bullmq_job_failed_total', { queue })).toHaveLength(1);
      expect(find(s, 'gw_queue_depth', { queue })).toHaveLength(1);
      // One series per queue and state: not one per replica, nor summed over scrapes.
      expect(new Set(states).size).toBe(states.length);
    }
    // Counted by BullMQ in Redis (workers run with `metrics`): one series for the fleet, no replica label.
    expect(find(s, 'bullmq_job_completed_total', { queue: deliveryQueue.name })[0]?.labels).toEqual({ queue: deliveryQueue.name });
  });

  it('reports queue depth, delayed jobs and the age of the oldest pending delivery', async () => {
    const before = await scrape();
    for (const queue of queueCatalogue.map((q) => q.name)) {
      expect(find(before, 'gw_queue_depth', { queue })).toHaveLength(1);
      expect(find(before, 'bullmq_job_count', { queue, state: 'delayed' })).toHaveLength(1);
    }
    // With no worker running, a settled payment's delivery stays pending in the outbox and its job waits.
    await stack.worker!.stop();
    const id = await createPayment();
    expect((await gw(`/payments/${id}/confirm`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const s = await scrape();
    expect(total(s, 'gw_queue_depth', { queue: deliveryQueue.name })).toBe(1);
    // Deliveries are queued with their backlog rank as priority: `prioritized`, not `waiting`.
    expect(total(s, 'bullmq_job_count', { queue: deliveryQueue.name, state: 'prioritized' })).toBe(1);
    expect(total(s, 'bullmq_job_count', { queue: deliveryQueue.name, state: 'waiting' })).toBe(0);
    // The expiry scan's next run (one job scheduler, not one delayed job per payment).
    expect(total(s, 'bullmq_job_count', { queue: paymentExpiryQueue.name, state: 'delayed' })).toBe(1);
    expect(total(s, 'gw_outbox_pending_deliveries')).toBe(1);
    expect(total(s, 'gw_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(1);
    expect(total(s, 'gw_outbox_oldest_pending_age_seconds')).toBeLessThan(60);
    expect(total(s, 'gw_outbox_overdue_deliveries')).toBe(1);
  });

  it('counts the bridge transfers failed at their destination leg, which wait for an operator (bridge:retry)', async () => {
    const prisma = stack.api.deps.prisma;
    const row = (status: 'failed' | 'completed', destinationTransactionId: string | null) => ({
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      toChainId: 'eip155:31338',
      toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      token: 'GTK',
      amount: '1',
      funding: 'permit',
      status,
      destinationTransactionId,
    });
    const before = total(await scrape(), 'gw_bridge_transfers_failed_at_destination');
    // Failed at the destination (counted); failed at the source, nothing moved; completed (neither counted).
    await prisma.bridgeTransfer.createMany({
      data: [
        row('failed', crypto.randomUUID()),
        row('failed', crypto.randomUUID()),
        row('failed', null),
        row('completed', crypto.randomUUID()),
      ],
    });
    expect(total(await scrape(), 'gw_bridge_transfers_failed_at_destination')).toBe(before + 2);
  });

  it('shows each webhook circuit that changed state, and counts deferrals and cap waits', async () => {
    // A second endpoint that always fails: its circuit opens after WEBHOOK_CIRCUIT_FAILURE_THRESHOLD (5) failures.
    // It answers after 300 ms, so deliveries arriving meanwhile find its cap of 1 taken (cap waits).
    const failing = await new TestReceiver().start();
    failing.always({ status: 503, delayMs: 300 });
    // The previous test stopped the stack's worker. This one keeps an opened circuit open for 10 s, so
    // the deliveries that come due meanwhile are deferred (not a race against a 100 ms cool-down).
    const worker = await stack.startWorker({ WEBHOOK_CIRCUIT_COOLDOWN_MS: '10000', WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: '10000' });
    try {
      const reg = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: failing.url, events: ['payment.settled'], maxConcurrency: 1 });
      expect(reg.status).toBe(201);
      for (let i = 0; i < 6; i++) {
        const id = await createPayment();
        expect((await gw(`/payments/${id}/confirm`)).status).toBe(200);
      }
      const s = await scrapeUntil(
        'an open circuit, a deferral and a cap wait',
        (x) =>
          (find(x, 'gw_webhook_circuit_state', { webhook_id: reg.body.id })[0]?.value ?? 0) >= 1 &&
          total(x, 'gw_delivery_deferrals_total', { app: 'worker' }) >= 1 &&
          total(x, 'gw_delivery_cap_waits_total', { app: 'worker' }) >= 1,
      );
      expect(find(s, 'gw_webhook_circuit_state', { webhook_id: reg.body.id })[0]?.value).toBe(2); // open
      expect(find(s, 'gw_webhook_consecutive_failures', { webhook_id: reg.body.id })[0]?.value).toBeGreaterThanOrEqual(5);
      // The healthy endpoint never changed state, so it has no series; no secret or URL is a label.
      expect(find(s, 'gw_webhook_circuit_state').map((x) => x.labels.webhook_id)).toEqual([reg.body.id]);
      expect(JSON.stringify(find(s, 'gw_webhook_circuit_state'))).not.toContain('127.0.0.1');
    } finally {
      await worker.stop();
      await failing.stop();
    }
  });
});
