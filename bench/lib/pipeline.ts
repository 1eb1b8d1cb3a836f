/**
 * One end-to-end pipeline run: real worker process(es) (`apps/worker/src/main.ts`), payments
 * confirmed through `confirmPayment` in this process, deliveries POSTed to the local receiver.
 *
 * Measured per run:
 * - throughput = delivered / (last receiver 2xx − first delivery commit), deliveries/s;
 * - latency per delivery = receiver 2xx time − the delivery row's `created_at` (written inside
 *   the confirm transaction, so this slightly over-states commit→2xx by the rest of that
 *   transaction), ms, at p50/p95/p99;
 * - peak RSS (VmHWM) of each worker process, MiB, read just before it is stopped.
 *
 * @module
 */
import { processCpuUs } from './http-load.js';
import type { Context } from '@gw/runtime';
import { Prisma } from '@gw/db';
import { deliveryQueue } from '@gw/core/webhooks';
import { spawnChild, type Child } from './child-process.js';
import { confirmAtPeak, confirmPaced } from './confirm-driver.js';
import { createPendingPayments, type Fixtures } from './fixtures.js';
import type { Receiver } from './receiver.js';
import { monotonicUs } from './profile-summary.js';
import { summarizeLatency, type LatencySummary } from './stats.js';
import { waitForWorkers } from './wait-for-workers.js';

export interface PipelineRunOptions {
  /** Worker processes to start. */
  processes: number;
  /** WORKER_CONCURRENCY of each. */
  concurrency: number;
  /** Payments confirmed in the measured part (deliveries = payments × webhooks). */
  payments: number;
  /** Payments confirmed first to warm the worker up (not measured). */
  warmupPayments: number;
  /** Receiver answer delay, ms. */
  receiverDelayMs: number;
  /** Peak feed: `confirmConcurrency` calls in flight; paced feed: `paymentsPerSec` (open loop). */
  feed: { kind: 'peak'; confirmConcurrency: number } | { kind: 'paced'; paymentsPerSec: number };
  /** Give up waiting for the deliveries after this long, ms. */
  timeoutMs: number;
  /** Node flags for the worker processes, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** Extra environment for the worker processes (applied last, so it overrides the bench's). */
  extraEnv?: Record<string, string>;
}

export interface PipelineRunResult {
  /** Deliveries expected (payments × webhooks). */
  expected: number;
  /** Distinct deliveries the receiver answered. */
  delivered: number;
  /** POSTs the receiver got beyond one per delivery (at-least-once re-sends). */
  duplicates: number;
  /** Measured deliveries not `delivered` with exactly one attempt in the database at the end. */
  notCleanInDb: number;
  /** First delivery commit → last receiver 2xx, s. */
  durationS: number;
  /** delivered / durationS. */
  deliveriesPerSec: number;
  /** Commit → receiver 2xx, ms. */
  latencyMs: LatencySummary;
  /** Peak RSS of each worker process, MiB. */
  workerPeakRssMb: number[];
  /** RSS of each worker process once it has started (modules loaded, no job run yet), MiB. */
  workerStartRssMb: number[];
  /** Measured part of the run (first confirm → last delivery answered), µs of the monotonic clock (for profile windows). */
  windowUs: [number, number];
  /** Time `confirmPayment` calls took in total (peak feed), ms; for the paced feed, the largest start lag, ms. */
  feedMs: number;
  /**
   * CPU time of the worker processes (user + system, all their threads) per delivered delivery
   * over the measured part, µs; and the cores they used meanwhile (CPU time ÷ wall time). Set
   * beside the ceiling's, it says whether the gap is CPU (µs per delivery) or waiting (cores < 1).
   */
  workerCpuUsPerDelivery: number;
  workerCores: number;
}

/** Environment every real worker process gets (the bench's database, Redis and key). */
export interface WorkerEnv {
  DATABASE_URL: string;
  /** `transaction` when DATABASE_URL goes through the bench's PgBouncer (BENCH_POOLER=pgbouncer). */
  DATABASE_POOLER: string;
  /** The bench database itself (what DATABASE_URL reaches, without the pooler). */
  DATABASE_DIRECT_URL: string;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  SECRETS_ENCRYPTION_KEY: string;
}

/** Starts `processes` real worker processes and waits until each has registered on the delivery queue. */
export async function startRealWorkers(
  ctx: Context,
  env: WorkerEnv,
  opts: { processes: number; concurrency: number; nodeFlags?: string[]; extraEnv?: Record<string, string> },
): Promise<Child[]> {
  const workers = Array.from({ length: opts.processes }, (_, i) =>
    spawnChild({
      entry: 'apps/worker/src/main.ts',
      name: `worker ${i + 1}`,
      nodeFlags: opts.nodeFlags,
      env: {
        ...env,
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        LOG_LEVEL: 'silent',
        WORKER_CONCURRENCY: String(opts.concurrency),
        ...opts.extraEnv,
      },
    }),
  );
  await waitForWorkers(ctx.queues.get(deliveryQueue), opts.processes, workers);
  return workers;
}

/** @throws Error naming a worker process that has exited (so a run fails at once, not at its timeout) */
export function assertAlive(workers: Child[]): void {
  for (const w of workers) {
    const status = w.exitStatus();
    if (status) throw new Error(`worker process ${w.pid} exited (${status}) during the run; run it by hand with LOG_LEVEL=info to see why`);
  }
}

/** A delivery row as the bench reads it back at the end of a run. */
export interface DeliveryRowState {
  id: string;
  /** Commit time of the delivery (written inside the confirm transaction). */
  created_at: Date;
  status: string;
  attempts: number;
  /** Id of the payment whose event made the delivery. */
  payment_id: string;
}

/** Commit time (`created_at`, ms since the epoch) of every delivery of the given payments' events, with its final state. */
export async function deliveriesOf(ctx: Context, paymentIds: string[]): Promise<DeliveryRowState[]> {
  return ctx.prisma.$queryRaw<DeliveryRowState[]>(Prisma.sql`
    SELECT d.id::text AS id, d.created_at, d.status::text AS status, d.attempts, e.payload->'payment'->>'id' AS payment_id
    FROM deliveries d JOIN events e ON e.id = d.event_id
    WHERE e.payload->'payment'->>'id' = ANY(${paymentIds}::text[])`);
}

/** What the receiver's answers say about a set of delivery rows meant to be delivered at the first attempt. */
export interface DeliveryTally {
  /** Rows the receiver answered. */
  delivered: number;
  /** Rows not `delivered` with exactly one attempt. */
  notCleanInDb: number;
  /** Commit → receiver 2xx per answered row, ms. */
  latencies: number[];
  /** Earliest commit and latest 2xx, ms since the epoch. */
  firstCommit: number;
  lastAnswer: number;
}

/** Matches delivery rows with the receiver's first 2xx per delivery id. */
export function tallyDeliveries(rows: DeliveryRowState[], answeredAt: Map<string, number>): DeliveryTally {
  const t: DeliveryTally = {
    delivered: 0,
    notCleanInDb: 0,
    latencies: [],
    firstCommit: Number.POSITIVE_INFINITY,
    lastAnswer: Number.NEGATIVE_INFINITY,
  };
  for (const row of rows) {
    const committed = row.created_at.getTime();
    t.firstCommit = Math.min(t.firstCommit, committed);
    if (row.status !== 'delivered' || row.attempts !== 1) t.notCleanInDb += 1;
    const answered = answeredAt.get(row.id);
    if (answered === undefined) continue;
    t.delivered += 1;
    t.lastAnswer = Math.max(t.lastAnswer, answered);
    t.latencies.push(answered - committed);
  }
  return t;
}

/** Runs the pipeline once; see the module doc for what is measured. */
export async function runPipeline(
  ctx: Context,
  fx: Fixtures,
  receiver: Receiver,
  env: WorkerEnv,
  opts: PipelineRunOptions,
): Promise<PipelineRunResult> {
  const webhooks = fx.webhookIds.length;
  const warmupIds = await createPendingPayments(ctx, fx, opts.warmupPayments);
  const paymentIds = await createPendingPayments(ctx, fx, opts.payments);
  const expected = opts.payments * webhooks;

  await receiver.reset(opts.receiverDelayMs);
  const workers = await startRealWorkers(ctx, env, opts);
  const workerStartRssMb = workers.map((w) => w.rssMb());
  try {
    await confirmAtPeak(ctx, fx, warmupIds, 1);
    const warm = await receiver.waitFor(warmupIds.length * webhooks, opts.timeoutMs, () => assertAlive(workers));
    if (warm.unique < warmupIds.length * webhooks) throw new Error(`warm-up: only ${warm.unique} deliveries arrived`);
    await receiver.reset(opts.receiverDelayMs);

    const windowStart = monotonicUs();
    const cpuBefore = workers.reduce((n, w) => n + processCpuUs(w.pid), 0);
    const feedMs =
      opts.feed.kind === 'peak'
        ? await confirmAtPeak(ctx, fx, paymentIds, opts.feed.confirmConcurrency)
        : await confirmPaced(ctx, fx, paymentIds, opts.feed.paymentsPerSec);
    await receiver.waitFor(expected, opts.timeoutMs, () => assertAlive(workers));
    const windowUs: [number, number] = [windowStart, monotonicUs()];
    assertAlive(workers);
    const workerCpuUs = workers.reduce((n, w) => n + processCpuUs(w.pid), 0) - cpuBefore;
    const workerPeakRssMb = workers.map((w) => w.peakRssMb());
    await Promise.all(workers.map((w) => w.stop()));

    const { answeredAt, total } = await receiver.collect();
    const rows = await deliveriesOf(ctx, paymentIds);
    const { delivered, notCleanInDb, latencies, firstCommit, lastAnswer } = tallyDeliveries(rows, answeredAt);
    const durationS = (lastAnswer - firstCommit) / 1000;
    return {
      expected,
      delivered,
      duplicates: total - answeredAt.size,
      notCleanInDb: notCleanInDb + (expected - rows.length),
      durationS,
      deliveriesPerSec: delivered / durationS,
      latencyMs: summarizeLatency(latencies),
      workerPeakRssMb,
      workerStartRssMb,
      windowUs,
      feedMs,
      workerCpuUsPerDelivery: workerCpuUs / Math.max(1, delivered),
      workerCores: workerCpuUs / (windowUs[1] - windowUs[0]),
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
