/**
 * One ceiling run (see `ceiling-worker.ts`): the same deliveries (URL, body bytes, secret) as a
 * pipeline run, enqueued in batches of one payment's deliveries, exactly as `confirmPayment`
 * enqueues them after its commit, but with no database anywhere.
 *
 * Throughput = delivered / (first enqueue → last receiver 2xx), deliveries/s.
 *
 * @module
 */
import { processCpuUs } from './http-load.js';
import { startThreadAccounting, type ThreadShares } from './cpu-accounting.js';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from '@gw/runtime';
import { type DeliveryRef, deliveryEnvelope, deliveryQueue, enqueueDeliveries } from '@gw/core/webhooks';
import { Prisma } from '@gw/db';
import { isMessage, spawnChild } from './child-process.js';
import type { Receiver } from './receiver.js';
import { monotonicUs } from './profile-summary.js';
import { summarizeLatency, type LatencySummary } from './stats.js';

/** Where this bench process writes the ceiling's job table (removed by `run.ts` at the end, whatever happens). */
export const CEILING_JOBS_FILE = path.join(tmpdir(), `gw-bench-ceiling-${process.pid}.json`);

/** What the ceiling worker needs per delivery id. */
export type CeilingJobs = Record<string, { url: string; body: string; secret: string; event: string }>;

export interface CeilingRunResult {
  delivered: number;
  durationS: number;
  deliveriesPerSec: number;
  /** Enqueue (before `addBulk`) → receiver 2xx, ms. */
  latencyMs: LatencySummary;
  peakRssMb: number;
  /** First enqueue → last delivery answered, µs of the monotonic clock (for profile windows). */
  windowUs: [number, number];
  /** The ceiling worker's CPU time per delivery (user + system), µs, and the cores it used (CPU ÷ wall time). */
  cpuUsPerDelivery: number;
  cores: number;
  /** The ceiling worker's main thread over the window (see `startThreadAccounting`). */
  mainThread?: ThreadShares | undefined;
}

/**
 * Builds the ceiling's job table from the `count` most recent deliveries in the database (those of
 * the last pipeline run), or from the deliveries `ids` when given, exactly as
 * `processDelivery` builds the request: body = JSON of `deliveryEnvelope` (`{ id, type, createdAt,
 * delivery: { id, timestamp }, data }`) of the event, secret = the webhook's decrypted secret. Writes it to a temporary file.
 * @returns the file and the deliveries grouped per event (one group = one payment's deliveries)
 */
export async function buildCeilingJobs(ctx: Context, count: number, ids?: string[]): Promise<{ file: string; groups: DeliveryRef[][] }> {
  const which = ids
    ? Prisma.sql`d.id = ANY(${ids}::uuid[])`
    : Prisma.sql`d.id IN (SELECT id FROM deliveries ORDER BY created_at DESC, id DESC LIMIT ${count})`;
  const rows = await ctx.prisma.$queryRaw<
    {
      id: string;
      organization_id: string;
      webhook_id: string;
      event_id: string;
      type: string;
      event_created_at: Date;
      payload: unknown;
      url: string;
      secret_encrypted: string;
    }[]
  >(Prisma.sql`
    SELECT d.id::text AS id, d.organization_id::text AS organization_id, d.webhook_id::text AS webhook_id, e.id::text AS event_id, e.type, e.created_at AS event_created_at, e.payload, w.url, w.secret_encrypted
    FROM deliveries d JOIN events e ON e.id = d.event_id JOIN webhooks w ON w.id = d.webhook_id
    WHERE ${which}
    ORDER BY d.created_at, d.id`);
  const jobs: CeilingJobs = {};
  const groups = new Map<string, DeliveryRef[]>();
  for (const r of rows) {
    // The same body as processDelivery's (with the signed delivery block), stamped here
    // rather than per attempt: the bytes signed and sent are the same size and shape.
    const event = { id: r.event_id, type: r.type, createdAt: r.event_created_at, payload: r.payload };
    const body = JSON.stringify(deliveryEnvelope(event, r.id, Math.floor(Date.now() / 1000)));
    jobs[r.id] = { url: r.url, body, secret: ctx.secretBox.open(r.secret_encrypted), event: r.type };
    const g = groups.get(r.event_id) ?? [];
    g.push({ id: r.id, organizationId: r.organization_id, webhookId: r.webhook_id });
    groups.set(r.event_id, g);
  }
  const file = CEILING_JOBS_FILE;
  writeFileSync(file, JSON.stringify(jobs));
  return { file, groups: [...groups.values()] };
}

/**
 * Runs the ceiling worker once over `groups` (after `warmupGroups`, not measured).
 * @param ctx only its queues are used (same prefix as the real worker's runs; Redis is flushed between runs)
 */
export async function runCeiling(
  ctx: Context,
  receiver: Receiver,
  env: { REDIS_URL: string; QUEUE_PREFIX: string },
  opts: {
    file: string;
    groups: DeliveryRef[][];
    warmupGroups: DeliveryRef[][];
    concurrency: number;
    timeoutMs: number;
    nodeFlags?: string[];
  },
): Promise<CeilingRunResult> {
  const expected = opts.groups.reduce((n, g) => n + g.length, 0);
  await receiver.reset(0);
  const child = spawnChild({
    entry: 'bench/processes/ceiling-worker.ts',
    name: 'ceiling worker',
    ipc: true,
    nodeFlags: opts.nodeFlags,
    env: {
      ...env,
      WORKER_CONCURRENCY: String(opts.concurrency),
      DELIVERY_QUEUE_SHARDS: String(ctx.config.DELIVERY_QUEUE_SHARDS),
      BENCH_JOBS_FILE: opts.file,
    },
  });
  try {
    await child.next(isMessage<{ type: 'ready' }>('ready'));
    const alive = () => {
      const status = child.exitStatus();
      if (status) throw new Error(`ceiling worker exited (${status}) during the run`);
    };
    // Warm-up: the same deliveries under other job ids (the receiver keys on X-Service-Delivery).
    for (const g of opts.warmupGroups) {
      await ctx.queues
        .get(deliveryQueue)
        .addBulk(g.map(({ id }) => ({ name: deliveryQueue.jobName, data: { deliveryId: id }, opts: { jobId: `warm-${id}` } })));
    }
    const warm = opts.warmupGroups.reduce((n, g) => n + g.length, 0);
    await receiver.waitFor(warm, opts.timeoutMs, alive);
    await receiver.reset(0);

    const windowStart = monotonicUs();
    const cpuBefore = processCpuUs(child.pid);
    const mainThread = startThreadAccounting(child.pid);
    const enqueuedAt = new Map<string, number>();
    const first = performance.timeOrigin + performance.now();
    for (const g of opts.groups) {
      const t = performance.timeOrigin + performance.now();
      await enqueueDeliveries(ctx, g);
      for (const { id } of g) enqueuedAt.set(id, t);
    }
    await receiver.waitFor(expected, opts.timeoutMs, alive);
    const windowUs: [number, number] = [windowStart, monotonicUs()];
    const cpuUs = processCpuUs(child.pid) - cpuBefore;
    const thread = mainThread.stop();
    const peakRssMb = child.peakRssMb();
    const { answeredAt } = await receiver.collect();
    let last = first;
    const latencies: number[] = [];
    for (const [id, at] of answeredAt) {
      const t = enqueuedAt.get(id);
      if (t === undefined) continue;
      last = Math.max(last, at);
      latencies.push(at - t);
    }
    const durationS = (last - first) / 1000;
    return {
      delivered: latencies.length,
      durationS,
      deliveriesPerSec: latencies.length / durationS,
      latencyMs: summarizeLatency(latencies),
      peakRssMb,
      windowUs,
      cpuUsPerDelivery: cpuUs / Math.max(1, latencies.length),
      cores: cpuUs / (windowUs[1] - windowUs[0]),
      mainThread: thread,
    };
  } finally {
    await child.stop();
  }
}
