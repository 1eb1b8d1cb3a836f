import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { Registry } from 'prom-client';
import {
  attemptOutcome,
  createDeliveryMetrics,
  deliveryOutcomeCounter,
  instrumentSender,
  UNKNOWN_EVENT,
  type AttemptResult,
  type ProcessOutcome,
  type Sender,
} from '@gw/core/webhooks';
import {
  collectClusterMetrics,
  createAppMetrics,
  defaultInstanceId,
  mergeMetrics,
  metricsIndexKey,
  metricsKey,
  parseExposition,
  readMetricsSnapshots,
  startMetricsPublisher,
  withoutReservedLabels,
} from '@gw/runtime';
import { redisDbForWorker } from '../../../test/support/stack.js';
import { find, parsePrometheus } from './prometheus-text.js';

/** A sender answering with the given results, in order. */
function fakeSender(...results: Partial<AttemptResult>[]): Sender {
  return {
    close: () => undefined,
    send: async () => ({ ok: false, statusCode: null, durationMs: 12, error: null, responseBody: null, ...results.shift() }),
  };
}

describe('delivery instrumentation (worker)', () => {
  const attempt = (sender: Sender, event = 'payment.settled') =>
    sender.send({ url: 'http://x', body: '{}', timeoutMs: 100, headers: { 'x-service-event': event } });

  it('classifies attempts', () => {
    expect(attemptOutcome({ ok: true, statusCode: 204, error: null })).toBe('success');
    expect(attemptOutcome({ ok: false, statusCode: 500, error: null })).toBe('http_error');
    expect(attemptOutcome({ ok: false, statusCode: null, error: 'timeout after 700 ms' })).toBe('timeout');
    expect(attemptOutcome({ ok: false, statusCode: null, error: 'ECONNREFUSED' })).toBe('network_error');
  });

  it('observes every attempt by outcome, in seconds, and passes the result through', async () => {
    const m = createDeliveryMetrics(createAppMetrics('worker', { instanceId: 'w1' }).registry);
    const sender = instrumentSender(
      fakeSender({ ok: true, statusCode: 200, durationMs: 40 }, { statusCode: 503 }, { error: 'timeout after 10 ms' }),
      m,
    );
    await expect(attempt(sender)).resolves.toMatchObject({ ok: true, statusCode: 200, durationMs: 40 });
    await expect(attempt(sender)).resolves.toMatchObject({ ok: false, statusCode: 503 });
    await attempt(sender);
    const values = (await m.deliveryAttemptDuration.get()).values;
    const counts = values.filter((v) => v.metricName?.endsWith('_count'));
    expect(Object.fromEntries(counts.map((v) => [v.labels.outcome, v.value]))).toEqual({ success: 1, http_error: 1, timeout: 1 });
    const successSum = values.find((v) => v.metricName?.endsWith('_sum') && v.labels.outcome === 'success');
    expect(successSum?.value).toBeCloseTo(0.04);
  });

  it('counts each run of the delivery handler once, by outcome and event; skipped and not-due runs are not counted', async () => {
    const m = createDeliveryMetrics(createAppMetrics('worker', { instanceId: 'w2' }).registry);
    const count = deliveryOutcomeCounter(m);
    const outcomes: (ProcessOutcome | 'error')[] = [
      { kind: 'delivered', attempt: 1, event: 'payment.settled' },
      { kind: 'retry', attempt: 1, at: new Date(), event: 'payment.failed' },
      { kind: 'dead', attempt: 3, reason: 'HTTP 500', event: 'payment.failed' },
      { kind: 'not-due', at: new Date() },
      { kind: 'skipped', reason: 'delivery is delivered' },
      { kind: 'dead', attempt: null, reason: 'webhook deactivated', event: 'payment.refunded' },
      'error',
      { kind: 'delivered', attempt: 2, event: 'payment.settled' },
    ];
    outcomes.forEach(count);
    const values = (await m.deliveriesTotal.get()).values.map((v) => [v.labels.outcome, v.labels.event, v.value]);
    expect(values).toEqual(
      expect.arrayContaining([
        ['delivered', 'payment.settled', 2],
        ['retry', 'payment.failed', 1],
        ['dead', 'payment.failed', 1],
        ['dead', 'payment.refunded', 1],
        ['error', UNKNOWN_EVENT, 1],
      ]),
    );
    expect(values).toHaveLength(5);
  });
});

describe('publishing to Redis and merging (several replicas)', () => {
  let redis: Redis;
  const prefix = `tm${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    redis = new Redis(`redis://127.0.0.1:6379/${redisDbForWorker()}`);
    await redis.ping(); // ready: publishers skip snapshots while not connected
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('each process publishes under its own key with a TTL; the collector merges them without summing processes', async () => {
    const a = createAppMetrics('worker', { instanceId: 'host-1-aaa' });
    const b = createAppMetrics('worker', { instanceId: 'host-2-bbb' });
    const api = createAppMetrics('api', { instanceId: 'host-3-ccc' });
    createDeliveryMetrics(a.registry).deliveriesTotal.inc({ outcome: 'delivered', event: 'payment.settled' }, 2);
    createDeliveryMetrics(b.registry).deliveriesTotal.inc({ outcome: 'delivered', event: 'payment.settled' }, 3);
    api.httpRequestDuration.observe({ method: 'GET', route: '/api/health', status: '200' }, 0.01);
    const pubs = [a, b, api].map((m) =>
      startMetricsPublisher(redis, m.registry, { prefix, app: m.app, instanceId: m.instanceId, intervalMs: 1000 }),
    );
    await Promise.all(pubs.map((p) => p.publish()));

    expect(await redis.pttl(metricsKey(prefix, 'worker', 'host-1-aaa'))).toBeGreaterThan(2000);
    expect(await redis.pttl(metricsKey(prefix, 'worker', 'host-1-aaa'))).toBeLessThanOrEqual(3000);
    const snapshots = await readMetricsSnapshots(redis, prefix);
    expect(snapshots.map((s) => `${s.app}/${s.instanceId}`).sort()).toEqual(['api/host-3-ccc', 'worker/host-1-aaa', 'worker/host-2-bbb']);

    const { registry } = await collectClusterMetrics(redis, prefix);
    const samples = parsePrometheus(await registry.metrics());
    const delivered = find(samples, 'gw_deliveries_total', { outcome: 'delivered' });
    expect(Object.fromEntries(delivered.map((s) => [s.labels.replica, s.value]))).toEqual({ 'host-1-aaa': 2, 'host-2-bbb': 3 });
    expect(samples.filter((s) => 'instance' in s.labels || 'job' in s.labels)).toEqual([]);
    expect(find(samples, 'gw_http_request_duration_seconds_count', { app: 'api', route: '/api/health' })[0]?.value).toBe(1);
    expect(new Set(find(samples, 'process_cpu_user_seconds_total').map((s) => s.labels.app))).toEqual(new Set(['api', 'worker']));

    // A stopped process's key is deleted at once; one that dies expires after its TTL.
    await pubs[0]!.stop();
    expect(await redis.exists(metricsKey(prefix, 'worker', 'host-1-aaa'))).toBe(0);
    expect((await readMetricsSnapshots(redis, prefix)).map((s) => s.instanceId).sort()).toEqual(['host-2-bbb', 'host-3-ccc']);
    await redis.pexpire(metricsKey(prefix, 'worker', 'host-2-bbb'), 1);
    await redis.zadd(metricsIndexKey(prefix), Date.now() - 1, metricsKey(prefix, 'worker', 'host-2-bbb'));
    await new Promise((r) => setTimeout(r, 20));
    expect((await readMetricsSnapshots(redis, prefix)).map((s) => s.instanceId)).toEqual(['host-3-ccc']);
    expect(await redis.zscore(metricsIndexKey(prefix), metricsKey(prefix, 'worker', 'host-2-bbb'))).toBeNull();
    await Promise.all(pubs.slice(1).map((p) => p.stop()));
    expect(await readMetricsSnapshots(redis, prefix)).toEqual([]);
  });

  it('skips snapshots while Redis is not connected instead of queueing them', async () => {
    const offline = new Redis(`redis://127.0.0.1:6379/${redisDbForWorker()}`, { lazyConnect: true });
    const m = createAppMetrics('api', { instanceId: 'offline' });
    const errors: Error[] = [];
    const pub = startMetricsPublisher(offline, m.registry, {
      prefix,
      app: 'api',
      instanceId: 'offline',
      intervalMs: 50,
      onError: (e) => errors.push(e),
    });
    await pub.publish();
    await new Promise((r) => setTimeout(r, 120));
    expect(await redis.exists(metricsKey(prefix, 'api', 'offline'))).toBe(0);
    // Once connected, it publishes.
    await offline.connect();
    await new Promise((r) => setTimeout(r, 120));
    expect(await redis.exists(metricsKey(prefix, 'api', 'offline'))).toBe(1);
    await pub.stop();
    expect(await redis.exists(metricsKey(prefix, 'api', 'offline'))).toBe(0);
    expect(errors).toEqual([]);
    offline.disconnect();
  });
});

describe('labels and foreign exposition text', () => {
  it('labels every series of a process `app` and `replica` (`<hostname>:<pid>:<random>`), never `instance` or `job`', async () => {
    expect(defaultInstanceId()).toMatch(new RegExp(`^[^:]+:${process.pid}:[0-9a-f]{6}$`));
    const m = createAppMetrics('api');
    m.httpRequestDuration.observe({ method: 'GET', route: '/x', status: '200' }, 0.02);
    const samples = parsePrometheus(await m.registry.metrics());
    expect(samples.length).toBeGreaterThan(20);
    for (const s of samples) {
      expect(Object.keys(s.labels)).not.toContain('instance');
      expect(Object.keys(s.labels)).not.toContain('job');
      expect(s.labels).toMatchObject({ app: 'api', replica: m.instanceId });
    }
  });

  it('parses exposition text into families: histograms keep their samples, counters and gauges their labels', () => {
    const text = [
      '# HELP h_seconds A histogram',
      '# TYPE h_seconds histogram',
      'h_seconds_bucket{le="0.1",route="/a"} 1',
      'h_seconds_bucket{le="+Inf",route="/a"} 2',
      'h_seconds_sum{route="/a"} 0.35',
      'h_seconds_count{route="/a"} 2',
      '# HELP c_total Escaped \\\\ help\\nsecond line',
      '# TYPE c_total counter',
      'c_total{queue="q \\"one\\"", state="waiting"} 3 1700000000000',
      'bare 4',
      '',
    ].join('\n');
    const families = parseExposition(text);
    expect(families.map((f) => [f.name, f.type, f.values.length])).toEqual([
      ['h_seconds', 'histogram', 4],
      ['c_total', 'counter', 1],
      ['bare', 'untyped', 1],
    ]);
    expect(families[0]!.values[1]).toEqual({ labels: { le: '+Inf', route: '/a' }, value: 2, metricName: 'h_seconds_bucket' });
    expect(families[1]!.help).toBe('Escaped \\ help\nsecond line');
    expect(families[1]!.values[0]).toEqual({ labels: { queue: 'q "one"', state: 'waiting' }, value: 3 });
    expect(() => parseExposition('x{a="1" b="2"} 1')).toThrow(/malformed labels/);
    expect(() => parseExposition('x{a="1"} one')).toThrow(/not a sample value/);
    expect(() => parseExposition('# TYPE x kind')).toThrow(/unknown metric type/);
  });

  it('renames reserved labels of a source that still carries them (a process older than the rename)', async () => {
    const legacy = [
      {
        name: 'gw_deliveries_total',
        help: 'h',
        type: 'counter',
        aggregator: 'sum',
        values: [{ labels: { app: 'worker', instance: 'old-1-abc', job: 'x' }, value: 2 }],
      },
    ];
    expect(withoutReservedLabels(legacy)[0]!.values[0]!.labels).toEqual({ app: 'worker', replica: 'old-1-abc', exported_job: 'x' });
    expect(legacy[0]!.values[0]!.labels).toHaveProperty('instance'); // not modified
    const merged = parsePrometheus(await (await mergeMetrics([{ metrics: legacy }])).metrics());
    expect(merged).toEqual([{ name: 'gw_deliveries_total', labels: { app: 'worker', replica: 'old-1-abc', exported_job: 'x' }, value: 2 }]);
  });

  it("merges BullMQ's export of several queues with prom-client registries into one valid document", async () => {
    const connection = new Redis(`redis://127.0.0.1:6379/${redisDbForWorker()}`, { maxRetriesPerRequest: null });
    const prefix = `tq${randomBytes(4).toString('hex')}`;
    const queues = [new Queue('alpha', { connection, prefix }), new Queue('beta', { connection, prefix })];
    try {
      await queues[0]!.add('j', {});
      await queues[0]!.add('j', {}, { delay: 60_000 });
      await queues[1]!.add('j', {});
      const texts = await Promise.all(queues.map((q) => q.exportPrometheusMetrics()));
      // BullMQ declares its families once per queue: concatenated, the text would repeat them.
      expect(texts.join('\n').match(/^# TYPE bullmq_job_count /gm)).toHaveLength(2);
      const local = new Registry();
      local.setDefaultLabels({ app: 'ops', replica: 'r' });
      const body = await (
        await mergeMetrics(
          [],
          [local],
          texts.flatMap((t) => parseExposition(t)),
        )
      ).metrics();
      expect(body.match(/^# TYPE bullmq_job_count gauge$/gm)).toHaveLength(1);
      expect(body.match(/^# TYPE bullmq_job_completed_total counter$/gm)).toHaveLength(1);
      const samples = parsePrometheus(body);
      expect(find(samples, 'bullmq_job_count', { queue: 'alpha', state: 'waiting' })[0]?.value).toBe(1);
      expect(find(samples, 'bullmq_job_count', { queue: 'alpha', state: 'delayed' })[0]?.value).toBe(1);
      expect(find(samples, 'bullmq_job_count', { queue: 'beta', state: 'waiting' })[0]?.value).toBe(1);
      expect(
        find(samples, 'bullmq_job_completed_total')
          .map((s) => s.labels.queue)
          .sort(),
      ).toEqual(['alpha', 'beta']);
      expect(find(samples, 'bullmq_job_failed_total')).toHaveLength(2);
    } finally {
      await Promise.all(queues.map((q) => q.obliterate({ force: true }).then(() => q.close())));
      connection.disconnect();
    }
  });
});
