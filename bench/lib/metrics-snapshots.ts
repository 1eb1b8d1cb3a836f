/**
 * Reading the metrics snapshots that every process of the service publishes to Redis
 * (`startMetricsPublisher`, every 5 s): the soak's memory samples and the e2e section's worker
 * stages read them instead of scraping the ops app.
 *
 * @module
 */
import { metricsIndexKey, type MetricsSnapshot, type RedisConnection } from '@gw/runtime';

interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/**
 * A snapshot's series `name` summed over its values, by the value of label `by` (or '' for all).
 * For a histogram, `metricName` picks one of its series (`<name>_sum`, `<name>_count`).
 */
export function metricValues(snapshot: MetricsSnapshot | undefined, name: string, by?: string, metricName?: string): Map<string, number> {
  const out = new Map<string, number>();
  const metric = (snapshot?.metrics as { name: string; values: MetricValue[] }[] | undefined)?.find((m) => m.name === name);
  for (const v of metric?.values ?? []) {
    if (metricName !== undefined && v.metricName !== metricName) continue;
    const k = by === undefined ? '' : String(v.labels[by] ?? '');
    out.set(k, (out.get(k) ?? 0) + v.value);
  }
  return out;
}

/** The latest snapshot each process published, by pid (the instance id is `<host>:<pid>:<random>`). */
export async function readSnapshots(redis: RedisConnection, prefix: string): Promise<Map<number, MetricsSnapshot>> {
  const keys = await redis.zrange(metricsIndexKey(prefix), 0, -1);
  const out = new Map<number, MetricsSnapshot>();
  if (keys.length === 0) return out;
  for (const raw of await redis.mget(...keys)) {
    if (!raw) continue;
    const s = JSON.parse(raw) as MetricsSnapshot;
    const pid = Number(s.instanceId.split(':')[1]);
    if (!out.has(pid) || out.get(pid)!.at < s.at) out.set(pid, s);
  }
  return out;
}

/** One worker's delivery stages and event-loop time at one snapshot (cumulative since its start). */
export interface StageReading {
  /** When the snapshot was taken (ms since the epoch). */
  at: number;
  /** Per stage (`gw_delivery_stage_seconds`): summed seconds and count. */
  stages: Map<string, { sum: number; count: number }>;
  /** `gw_event_loop_busy_seconds`. */
  busyS: number;
}

/** A worker's stage reading, the first published at or after `notBefore` (ms since the epoch; waits up to `timeoutMs`). */
export async function readStages(
  redis: RedisConnection,
  prefix: string,
  pid: number,
  notBefore = 0,
  timeoutMs = 8000,
): Promise<StageReading | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = (await readSnapshots(redis, prefix)).get(pid);
    if (s && s.at >= notBefore) {
      const sums = metricValues(s, 'gw_delivery_stage_seconds', 'stage', 'gw_delivery_stage_seconds_sum');
      const counts = metricValues(s, 'gw_delivery_stage_seconds', 'stage', 'gw_delivery_stage_seconds_count');
      const stages = new Map([...sums].map(([k, sum]) => [k, { sum, count: counts.get(k) ?? 0 }]));
      return { at: s.at, stages, busyS: metricValues(s, 'gw_event_loop_busy_seconds').get('') ?? 0 };
    }
    if (Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Between two readings of one worker: each stage's mean wall-clock ms and count, and the event loop's utilization. */
export interface StageWindow {
  stages: Record<string, { meanMs: number; count: number }>;
  /** Event-loop busy time ÷ wall-clock time of the window (0–1). */
  eventLoopUtilization: number;
}

export function stageWindow(a: StageReading, b: StageReading): StageWindow {
  const stages: StageWindow['stages'] = {};
  for (const [k, v] of b.stages) {
    const before = a.stages.get(k) ?? { sum: 0, count: 0 };
    const count = v.count - before.count;
    if (count > 0) stages[k] = { meanMs: ((v.sum - before.sum) / count) * 1000, count };
  }
  return { stages, eventLoopUtilization: (b.busyS - a.busyS) / Math.max(0.001, (b.at - a.at) / 1000) };
}

/** `read 6.1, admit 5.0, …; ELU 0.62` (stage means in ms, in the delivery's order). */
export function formatStages(w: StageWindow): string {
  const order = ['read', 'admit', 'send', 'record', 'report', 'run', 'finish'];
  const parts = order.filter((k) => w.stages[k]).map((k) => `${k} ${w.stages[k]!.meanMs.toFixed(1)}`);
  return `${parts.join(', ')} ms; event loop busy ${(w.eventLoopUtilization * 100).toFixed(0)} %`;
}
