/**
 * The healthy organization's paced run, shared by both parts of the bench's fairness section
 * (`fairness-section.ts`: beside a hanging endpoint; `tenants-section.ts`: beside noisy tenants),
 * and how they take an endpoint out of later rounds.
 *
 * @module
 */
import { confirmAtPeak, confirmPaced } from '../lib/confirm-driver.js';
import type { Fixtures } from '../lib/fixtures.js';
import { flushRedis } from '../lib/infra.js';
import type { Child } from '../lib/child-process.js';
import { assertAlive, deliveriesOf, startRealWorkers, tallyDeliveries } from '../lib/pipeline.js';
import type { SectionDeps } from './pipeline-section.js';
import { summarizeLatency, type LatencySummary } from '../lib/stats.js';

/** One paced run of the healthy endpoint. */
export interface HealthyRun {
  expected: number;
  /** Distinct deliveries answered by the receiver. */
  delivered: number;
  /** POSTs beyond one per delivery. */
  duplicates: number;
  /** Deliveries not `delivered` with exactly one attempt at the end of the run. */
  notCleanInDb: number;
  /** Commit → receiver 2xx, ms. */
  latencyMs: LatencySummary;
  /** Largest lag of a confirm call's start behind its schedule, ms. */
  maxFeedLagMs: number;
  /** The 5 slowest deliveries: commit time (ISO 8601) and commit → 2xx, ms (to line them up with H's circuit changes). */
  slowest: { committedAt: string; latencyMs: number }[];
}

/** A healthy run, formatted for the log. */
export const fmtRun = (r: HealthyRun) =>
  `p50 ${r.latencyMs.p50.toFixed(0)} ms, p99 ${r.latencyMs.p99.toFixed(0)} ms, max ${r.latencyMs.max.toFixed(0)} ms, ` +
  `${r.delivered}/${r.expected} delivered, dup ${r.duplicates}, not clean ${r.notCleanInDb}, max feed lag ${r.maxFeedLagMs.toFixed(0)} ms; ` +
  `slowest ${r.slowest.map((x) => `${x.latencyMs} ms at ${x.committedAt.slice(11, 23)}`).join(', ')}`;

/** Takes an endpoint out of later rounds and sections (no sweeper may re-enqueue its backlog). */
export async function retire(d: SectionDeps, webhookId: string): Promise<void> {
  await d.ctx.prisma.$executeRaw`UPDATE webhooks SET active = false WHERE id = ${webhookId}::uuid`;
  await d.ctx.prisma
    .$executeRaw`UPDATE deliveries SET status = 'dead', last_error = 'bench: retired' WHERE webhook_id = ${webhookId}::uuid AND status = 'pending'`;
}

/**
 * The healthy endpoint's organization paced at `fairnessRate` payments/s for the given payments
 * (`fairnessDurationS`), then its deliveries measured: commit → receiver 2xx, duplicates, and rows
 * not `delivered` with one attempt. The receiver's records are kept (held requests count across).
 * @param check called while waiting; throws when a worker died
 */
export async function pacedHealthyRun(d: SectionDeps, healthy: Fixtures, ids: string[], check: () => void): Promise<HealthyRun> {
  const { ctx, cfg, receiver } = d;
  const maxFeedLagMs = await confirmPaced(ctx, healthy, ids, cfg.fairnessRate);
  await receiver.waitFor(ids.length, cfg.runTimeoutMs, check);
  const { answeredAt, total } = await receiver.collect();
  // The worker records an attempt after the receiver's 2xx (group-committed): give the last
  // records up to 10 s to land before counting rows that are not `delivered` with 1 attempt.
  let rows = await deliveriesOf(ctx, ids);
  for (const until = Date.now() + 10_000; Date.now() < until; rows = await deliveriesOf(ctx, ids)) {
    if (rows.length === ids.length && rows.every((r) => r.status === 'delivered' && r.attempts === 1)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const t = tallyDeliveries(rows, answeredAt);
  const slowest = rows
    .filter((r) => answeredAt.has(r.id))
    .map((r) => ({ committedAt: r.created_at.toISOString(), latencyMs: Math.round(answeredAt.get(r.id)! - r.created_at.getTime()) }))
    .sort((x, y) => y.latencyMs - x.latencyMs)
    .slice(0, 5);
  return {
    expected: ids.length,
    delivered: t.delivered,
    duplicates: total - answeredAt.size,
    notCleanInDb: t.notCleanInDb + (ids.length - rows.length),
    latencyMs: summarizeLatency(t.latencies),
    maxFeedLagMs,
    slowest,
  };
}

/**
 * Starts a phase of the fairness section on a clean slate: flushes Redis, lets `resetReceiver` set
 * the receiver's endpoints up, starts one real worker process with the bench's settings and warms
 * it up with the healthy organization's `warmupIds` (all delivered), then resets the receiver
 * again so that the warm-up is not counted. A failed warm-up stops the worker.
 * @returns the worker and the liveness check to pass to the waits
 */
export async function startWarmWorker(
  d: SectionDeps,
  healthy: Fixtures,
  warmupIds: string[],
  resetReceiver: () => Promise<void>,
): Promise<{ workers: Child[]; check: () => void }> {
  const { ctx, cfg, receiver } = d;
  await flushRedis(cfg.redisUrl);
  await resetReceiver();
  const workers = await startRealWorkers(ctx, d.env, {
    processes: 1,
    concurrency: cfg.workerConcurrency,
    nodeFlags: cfg.workerNodeFlags,
    extraEnv: cfg.workerEnv,
  });
  const check = () => assertAlive(workers);
  try {
    await confirmAtPeak(ctx, healthy, warmupIds, cfg.confirmConcurrency);
    const warm = await receiver.waitFor(warmupIds.length, cfg.runTimeoutMs, check);
    if (warm.unique < warmupIds.length) throw new Error(`fairness warm-up: only ${warm.unique} deliveries arrived`);
    await resetReceiver();
    return { workers, check };
  } catch (err) {
    await Promise.all(workers.map((w) => w.stop(ctx.config.WEBHOOK_TIMEOUT_MS + 20_000)));
    throw err;
  }
}
