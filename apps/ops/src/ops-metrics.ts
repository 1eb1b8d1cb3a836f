import type { Queue } from 'bullmq';
import { Gauge, Registry } from 'prom-client';
import type { PrismaClient } from '@gw/db';
import {
  type RedisConnection,
  createAppMetrics,
  mergeMetrics,
  parseExposition,
  queueShard,
  readMetricsSnapshots,
  type AppMetrics,
  type MetricFamily,
  type MetricsSnapshot,
} from '@gw/runtime';
import { countFailedAtDestination } from '@gw/core/bridge';
import { circuitRegistryKey, readOutboxBacklog, readWebhookHealth, type CircuitState } from '@gw/core/webhooks';

/** A scrape waits at most this long (ms) for Redis or PostgreSQL before reporting it down. */
export const SOURCE_TIMEOUT_MS = 5000;

/** BullMQ job states counted by `gw_queue_depth` (jobs ready to be processed, not yet taken). */
export const DEPTH_STATES: readonly string[] = ['waiting', 'prioritized'];

/**
 * The families of BullMQ's own export (`Queue.exportPrometheusMetrics()`), one series per queue:
 * `bullmq_job_count{queue, state}` (gauge, every state of `getJobCounts()`),
 * `bullmq_job_completed_total{queue}` and `bullmq_job_failed_total{queue}` (counters kept by BullMQ
 * in Redis while workers run with `metrics` enabled, as `startWorker` does). With
 * DELIVERY_QUEUE_SHARDS > 1 the delivery queue's series carry a `shard` label too (one series per
 * shard), and `gw_queue_depth{queue}` adds its shards up.
 */
export const BULLMQ_FAMILIES = ['bullmq_job_count', 'bullmq_job_completed_total', 'bullmq_job_failed_total'] as const;

export interface OpsMetricsDeps {
  queues: Queue[];
  prisma: PrismaClient;
  redis: RedisConnection;
  /** QUEUE_PREFIX: where the api and worker processes publish their snapshots. */
  prefix: string;
}

export interface OpsMetrics {
  /** The ops process's own registry (default process metrics, labels app="ops", replica). */
  process: AppMetrics;
  /** Queue depth, outbox and circuit gauges, refreshed at every scrape. */
  state: Registry;
  /**
   * Refreshes the gauges, reads BullMQ's export of every queue ({@link BULLMQ_FAMILIES}) and
   * returns the Prometheus text of every app, merged.
   */
  render(): Promise<{ contentType: string; body: string; instances: number }>;
}

/** `p`, or a rejection after {@link SOURCE_TIMEOUT_MS}. */
async function bounded<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out`)), SOURCE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The metrics only the ops app computes, from the shared state (one value whichever replica
 * serves them): BullMQ's own export of every queue (`Queue.exportPrometheusMetrics()`: job
 * counts per state, completed and failed totals), the depth derived from it, the PostgreSQL
 * outbox (pending deliveries), the bridge transfers waiting for an operator and the webhook
 * circuits. `render()` merges them with the snapshots published by every api/worker replica.
 */
export function createOpsMetrics(deps: OpsMetricsDeps): OpsMetrics {
  const own = createAppMetrics('ops');
  const state = new Registry();
  const registers = [state];
  const queueDepth = new Gauge({
    name: 'gw_queue_depth',
    help: 'Jobs waiting to be processed (waiting + prioritized), per queue (from bullmq_job_count)',
    labelNames: ['queue'] as const,
    registers,
  });
  const outboxPending = new Gauge({
    name: 'gw_outbox_pending_deliveries',
    help: 'Deliveries in status pending (the outbox)',
    registers,
  });
  const outboxAge = new Gauge({
    name: 'gw_outbox_oldest_pending_age_seconds',
    help: 'Age (now - created_at) of the oldest pending delivery, 0 when none',
    registers,
  });
  const outboxOverdue = new Gauge({
    name: 'gw_outbox_overdue_deliveries',
    help: 'Pending deliveries whose attempt is due (next_attempt_at, or created_at, in the past)',
    registers,
  });
  const outboxOverdueAge = new Gauge({
    name: 'gw_outbox_oldest_overdue_seconds',
    help: 'How long the most overdue pending delivery has been due, 0 when none (alert on this: a worker is missing)',
    registers,
  });
  const bridgeFailed = new Gauge({
    name: 'gw_bridge_transfers_failed_at_destination',
    help: 'Bridge transfers failed at their destination leg, the tokens still locked or burned on the source chain (alert on > 0: remove the cause, then admin bridge:retry)',
    registers,
  });
  const up = new Gauge({
    name: 'gw_ops_source_up',
    help: '1 when the last scrape could read the source (redis, database), else 0',
    labelNames: ['source'] as const,
    registers,
  });
  const instances = new Gauge({
    name: 'gw_metrics_instances',
    help: 'Processes whose metrics snapshot is live in Redis, per app',
    labelNames: ['app'] as const,
    registers,
  });

  const circuitState = new Gauge({
    name: 'gw_webhook_circuit_state',
    help: 'Circuit breaker of each webhook whose circuit ever changed state: 0 closed, 1 half_open, 2 open',
    labelNames: ['webhook_id'] as const,
    registers,
  });
  const circuitFailures = new Gauge({
    name: 'gw_webhook_consecutive_failures',
    help: 'Consecutive failed delivery attempts of each webhook whose circuit ever changed state',
    labelNames: ['webhook_id'] as const,
    registers,
  });
  const STATE_VALUE: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2 };
  /** Circuits from Redis; a webhook whose state expired (or was reset by re-registration) leaves the set. */
  const refreshCircuits = async () => {
    const ids = await deps.redis.smembers(circuitRegistryKey(deps.prefix));
    const health = await readWebhookHealth(deps.redis, deps.prefix, ids);
    circuitState.reset();
    circuitFailures.reset();
    for (const [id, h] of health) {
      circuitState.set({ webhook_id: id }, STATE_VALUE[h.state]);
      circuitFailures.set({ webhook_id: id }, h.consecutiveFailures);
    }
  };

  /** BullMQ's export of every queue, as families; `gw_queue_depth` is derived from its counts. */
  const readQueues = async (): Promise<MetricFamily[]> => {
    // Each shard of a sharded queue (same queue name) under its own `shard` label.
    const texts = await Promise.all(
      deps.queues.map((queue) => {
        const shard = queueShard(queue);
        return queue.exportPrometheusMetrics(shard ? { shard: String(shard.shard) } : undefined);
      }),
    );
    const families = texts.flatMap((text) => parseExposition(text));
    const depth = new Map(deps.queues.map((queue) => [queue.name, 0]));
    for (const f of families.filter((x) => x.name === 'bullmq_job_count')) {
      for (const v of f.values) {
        const queue = v.labels.queue;
        if (queue !== undefined && DEPTH_STATES.includes(v.labels.state ?? '')) depth.set(queue, (depth.get(queue) ?? 0) + v.value);
      }
    }
    queueDepth.reset();
    for (const [queue, n] of depth) queueDepth.set({ queue }, n);
    return families;
  };
  const refreshOutbox = async () => {
    const row = await readOutboxBacklog(deps.prisma);
    outboxPending.set(row?.pending ?? 0);
    outboxAge.set(Math.max(0, row?.oldest_age ?? 0));
    outboxOverdue.set(row?.overdue ?? 0);
    outboxOverdueAge.set(Math.max(0, row?.oldest_overdue ?? 0));
    bridgeFailed.set(await countFailedAtDestination(deps.prisma));
  };
  /** Runs one refresh, bounded in time; on failure its gauges are dropped rather than left stale. */
  const attempt = async <T>(source: 'redis' | 'database', fn: () => Promise<T>, gauges: Gauge[]): Promise<T | undefined> => {
    try {
      const result = await bounded(fn(), source);
      up.set({ source }, 1);
      return result;
    } catch {
      for (const g of gauges) g.reset();
      up.set({ source }, 0);
      return undefined;
    }
  };

  return {
    process: own,
    state,
    render: async () => {
      const [snapshots, queues] = await Promise.all([
        bounded(readMetricsSnapshots(deps.redis, deps.prefix), 'redis').catch(() => [] as MetricsSnapshot[]),
        attempt('redis', async () => (await Promise.all([readQueues(), refreshCircuits()]))[0], [
          queueDepth,
          circuitState,
          circuitFailures,
        ]),
        attempt('database', refreshOutbox, [outboxPending, outboxAge, outboxOverdue, outboxOverdueAge, bridgeFailed]),
      ]);
      instances.reset();
      instances.set({ app: 'ops' }, 1);
      for (const s of snapshots) instances.inc({ app: s.app });
      const registry = await mergeMetrics(snapshots, [own.registry, state], queues ?? []);
      return { contentType: registry.contentType, body: await registry.metrics(), instances: snapshots.length + 1 };
    },
  };
}
