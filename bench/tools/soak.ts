/**
 * `pnpm bench:soak`: the real API and worker under a steady mixed load for
 * `BENCH_SOAK_DURATION_S` (1800 s), each process's memory sampled every `BENCH_SOAK_SAMPLE_S` (10 s),
 * to tell whether anything grows with use.
 *
 * Set-up (not measured): a fresh database (`createBenchDatabase`), Redis database
 * `BENCH_REDIS_URL` (default **11**, claimed and flushed), the receiver (`startReceiver`, one process)
 * and four organizations made with `createOrganization`: `soak-healthy` (2 webhooks answered 200 at
 * once), `soak-fail` (1 webhook answered 500 at once), `soak-slow` (1 webhook answered 200 after
 * `BENCH_SOAK_SLOW_MS`, 3000 ms) and `soak-quiet` (no webhooks), each with `BENCH_SOAK_PAYERS` (2)
 * funded payer wallets. Then the real API (`startApiProcess`) and one real worker
 * (`startRealWorkers`, `BENCH_WORKER_CONCURRENCY`, the image's Node flags) with, unless
 * `BENCH_WORKER_ENV` says otherwise: `RETENTION_INTERVAL_MS` = `BENCH_SOAK_RETENTION_INTERVAL_MS`
 * (60 s), a short back-off (`WEBHOOK_BACKOFF_BASE_MS` 2000, `WEBHOOK_BACKOFF_MAX_MS` 30000,
 * `WEBHOOK_MAX_ATTEMPTS` 4) and `WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS` 60000, so the failing endpoint's
 * deliveries are retried, parked by its circuit and die within the run rather than after hours.
 * `BENCH_SOAK_FAIL_WEBHOOKS` (1): `soak-fail`'s webhooks; 0 keeps its payments but notifies nobody, to
 * tell how much of the worker's growth is the failing endpoint's parked backlog.
 *
 * Load (`bench/processes/soak-load.ts`, its own process): `BENCH_SOAK_PAYMENTS_PER_SEC` (4) payments
 * created with an `Idempotency-Key` (every 5th sent twice: the replay must return the same payment)
 * and confirmed through the HTTP API, the payers' organizations in turn, and `BENCH_SOAK_READS_PER_SEC`
 * (8) reads (`GET /webhooks`, `GET /payments?limit=20`), both open loop; one payer logs in again every
 * `BENCH_SOAK_RELOGIN_S` (10 s), so sessions keep changing. Every retention interval the tool writes
 * `BENCH_SOAK_RETENTION_ROWS` (2000) delivered deliveries 40 days old (each with its event and 2
 * attempts), as many idempotency records and used nonces 2 days old, for the next retention pass to
 * prune (the load's own rows are all within retention).
 *
 * Samples, every `BENCH_SOAK_SAMPLE_S`: each process's RSS (`VmRSS` of /proc/<pid>/status); its V8
 * heap used: for the API and the worker `nodejs_heap_size_used_bytes` of the snapshot each publishes
 * to Redis every 5 s (`startMetricsPublisher`, what the ops app serves: no extra endpoint, no extra
 * work in the process; the sample is taken at the snapshot's own time), for the receiver and the
 * load generator `process.memoryUsage()` over IPC; and the size of every registered per-process cache
 * (`gw_cache_entries{cache}`, with its bound `gw_cache_max_entries`, from the same snapshots).
 *
 * Report: after `BENCH_SOAK_WARMUP_S` (300 s), the least-squares slope of each process's RSS and heap,
 * as % of its post-warm-up mean per hour, against the target ≤ 5 %/h (reported, not
 * asserted), and beside it, not judged, the slope of each 5-minute window's minimum (the floor the
 * collections return to; a leak raises it too); each cache's size at the end against its bound, and whether it stopped growing (its
 * largest size in the last half of the post-warm-up samples ≤ 1.05 × its largest in the first half,
 * or its size at the end ≤ that, or it sits at its bound). The load served (payments, replays, confirms, reads, errors), the
 * deliveries by outcome (the worker's `gw_deliveries_total`, and each organization's rows by status)
 * and the retention job's pruned rows. Then, once the load stops and the healthy and slow
 * endpoints' deliveries have drained (at most `BENCH_RUN_TIMEOUT_MS`): **lost** = settled payments ×
 * webhooks (PostgreSQL) − deliveries recorded `delivered` and answered by the receiver, per healthy
 * and slow organization (0 expected), and duplicates (2xx answers beyond one per delivery).
 * Prints a table and writes `bench/results/latest-soak.json` (git-ignored). Exits non-zero only
 * when the harness fails (a process dies, set-up fails), never for a missed target.
 *
 * Also read by it (see `bench/lib/config.ts`): BENCH_PG_URL, BENCH_RUNTIME, BENCH_WORKER_NODE_FLAGS,
 * BENCH_WORKER_ENV, BENCH_API_NODE_FLAGS, BENCH_WORKER_CONCURRENCY, BENCH_RUN_TIMEOUT_MS.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Prisma } from '@gw/db';
import { ensureNativeToken } from '@gw/core/ledger';
import { closeContext, createContext, type Context, type MetricsSnapshot } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { metricValues, readSnapshots } from '../lib/metrics-snapshots.js';
import { startApiProcess, stopServers } from '../sections/api-section.js';
import { BENCH_RUNTIME, isMessage, readStatusMb, REPO_ROOT, spawnChild, type Child } from '../lib/child-process.js';
import { loadBenchConfig } from '../lib/config.js';
import { createOrganization, fundWallet, type Organization } from '../lib/fixtures.js';
import { benchServiceEnv, claimRedisDatabase, createBenchDatabase, flushRedis, type BenchDatabase } from '../lib/infra.js';
import { assertAlive, startRealWorkers, tallyDeliveries, type DeliveryRowState } from '../lib/pipeline.js';
import { startReceiver, type Receiver } from '../lib/receiver.js';
import { seedRetentionRows } from '../lib/retention-seed.js';
import { leastSquaresSlope, round } from '../lib/stats.js';
import type { SoakLane, SoakLoadStats, StartRequest } from '../processes/soak-load.js';

const int = (name: string, fallback: number, min = 0): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}`);
  return value;
};

/** The soak's settings (`BENCH_SOAK_*`), defaults beside them. */
const S = {
  durationS: int('BENCH_SOAK_DURATION_S', 1800, 30),
  warmupS: int('BENCH_SOAK_WARMUP_S', 300, 0),
  sampleS: int('BENCH_SOAK_SAMPLE_S', 10, 1),
  paymentsPerSec: int('BENCH_SOAK_PAYMENTS_PER_SEC', 4, 0),
  readsPerSec: int('BENCH_SOAK_READS_PER_SEC', 8, 0),
  payersPerOrg: int('BENCH_SOAK_PAYERS', 2, 1),
  slowMs: int('BENCH_SOAK_SLOW_MS', 3000, 1),
  reloginS: int('BENCH_SOAK_RELOGIN_S', 10, 0),
  retentionIntervalMs: int('BENCH_SOAK_RETENTION_INTERVAL_MS', 60_000, 1000),
  retentionRows: int('BENCH_SOAK_RETENTION_ROWS', 2000, 0),
  /** Webhooks of `soak-fail` (0: its payments notify nobody, to tell its parked backlog's share of the worker's growth). */
  failWebhooks: int('BENCH_SOAK_FAIL_WEBHOOKS', 1, 0),
};
/** Growth target after warm-up, % of the post-warm-up mean per hour. */
const TARGET_PCT_PER_HOUR = 5;
/**
 * A cache "stopped growing" when its largest size in the second half of the post-warm-up samples is
 * at most this × its largest in the first half, or it ends no larger than that (a cache emptied from
 * time to time: the verified sessions in the 30-minute run), or it sits at its bound.
 */
const CACHE_FLAT_FACTOR = 1.05;
/** Flows (a payment with its confirm, or a read) the load generator runs at once at most. */
const MAX_IN_FLIGHT = 200;
/** Window of the floor figure ({@link MemoryGrowth.floorPctPerHour}), s. */
const FLOOR_WINDOW_S = 300;
const RESULT_FILE = path.join(REPO_ROOT, 'bench/results/latest-soak.json');

const log = (line: string) => console.log(line);
const MiB = 1024 * 1024;

type ProcessName = 'api' | 'worker' | 'receiver' | 'load';
/** [seconds since the load started, value] */
type Point = [number, number];

interface Series {
  rssMb: Point[];
  heapMb: Point[];
}

/** One memory figure's samples after the warm-up, MiB. */
export interface MemoryGrowth {
  first: number;
  last: number;
  mean: number;
  max: number;
  /** Least-squares slope of every sample, MiB/h, and as % of `mean` per hour: the figure judged. */
  slopeMbPerHour: number;
  pctPerHour: number;
  /**
   * Least-squares slope of the minimum of each {@link FLOOR_WINDOW_S} window (the heap's floor after
   * its collections), as % of `mean` per hour: beside the judged figure, not judged. A sawtooth that
   * happens to rise over the run moves `pctPerHour`; a leak moves both.
   */
  floorPctPerHour: number;
}

export interface ProcessGrowth {
  pid: number;
  /** Samples after the warm-up (RSS, heap). */
  samples: { rss: number; heap: number };
  rssMb: MemoryGrowth;
  heapMb: MemoryGrowth;
  /** Both slopes ≤ {@link TARGET_PCT_PER_HOUR}. */
  met: boolean;
  /** The receiver and the load generator belong to the bench (the receiver keeps a record per delivery by design). */
  harness: boolean;
}

export interface CacheGrowth {
  app: 'api' | 'worker';
  cache: string;
  /** Entries at the first post-warm-up sample, the largest seen, at the end. */
  atWarmup: number;
  max: number;
  end: number;
  /** Its eviction bound (`gw_cache_max_entries`), or null when it has none. */
  bound: number | null;
  withinBound: boolean;
  /** See {@link CACHE_FLAT_FACTOR}; or it sits at its bound. */
  stoppedGrowing: boolean;
}

function growthOf(points: Point[], fromS: number): { n: number; stats: MemoryGrowth } {
  const after = points.filter(([t]) => t >= fromS);
  const ys = after.map(([, y]) => y);
  const mean = ys.reduce((a, b) => a + b, 0) / Math.max(1, ys.length);
  const slopePerHour = leastSquaresSlope(
    after.map(([t]) => t / 3600),
    ys,
  );
  const windows = new Map<number, number>();
  for (const [t, y] of after) {
    const w = Math.floor((t - fromS) / FLOOR_WINDOW_S);
    windows.set(w, Math.min(windows.get(w) ?? Number.POSITIVE_INFINITY, y));
  }
  const floorSlope = leastSquaresSlope(
    [...windows.keys()].map((w) => ((w + 0.5) * FLOOR_WINDOW_S + fromS) / 3600),
    [...windows.values()],
  );
  return {
    n: after.length,
    stats: {
      first: round(ys[0] ?? Number.NaN, 1),
      last: round(ys.at(-1) ?? Number.NaN, 1),
      mean: round(mean, 1),
      max: round(Math.max(...ys), 1),
      slopeMbPerHour: round(slopePerHour, 2),
      pctPerHour: round((slopePerHour / mean) * 100, 2),
      floorPctPerHour: round((floorSlope / mean) * 100, 2),
    },
  };
}

/** The load generator process (`soak-load.ts`). */
async function startLoad(req: Omit<StartRequest, 'type'>) {
  const child: Child = spawnChild({ entry: 'bench/processes/soak-load.ts', name: 'load generator', env: {}, ipc: true });
  await child.next(isMessage<{ type: 'ready' }>('ready'));
  child.send({ type: 'start', ...req });
  const started = await child.next(
    (m): m is { type: 'started' } | { type: 'failed'; message: string } =>
      ['started', 'failed'].includes((m as { type?: string }).type ?? ''),
    120_000,
  );
  if (started.type === 'failed') throw new Error(`load generator: ${started.message}`);
  return {
    child,
    stats: async () => {
      child.send({ type: 'stats' });
      return child.next(isMessage<{ type: 'stats'; stats: SoakLoadStats; rssBytes: number; heapUsedBytes: number }>('stats'), 30_000);
    },
    stop: async () => {
      child.send({ type: 'stop' });
      const m = await child.next(isMessage<{ type: 'stopped'; stats: SoakLoadStats }>('stopped'), 120_000);
      await child.stop();
      return m.stats;
    },
  };
}

/** An organization of the soak, its payers and what its webhooks answer. */
interface SoakOrg extends Organization {
  name: string;
  kind: 'healthy' | 'fail' | 'slow' | 'quiet';
  payers: `0x${string}`[];
}

async function createSoakOrgs(ctx: Context, receiver: Receiver): Promise<SoakOrg[]> {
  await ensureNativeToken(ctx.prisma, ctx.config);
  const plan = [
    ['soak-healthy', 'healthy', 2],
    ['soak-fail', 'fail', S.failWebhooks],
    ['soak-slow', 'slow', 1],
    ['soak-quiet', 'quiet', 0],
  ] as const;
  const orgs: SoakOrg[] = [];
  for (const [name, kind, webhooks] of plan) {
    const org = await createOrganization(ctx, name, receiver.baseUrl, webhooks);
    const payers = Array.from({ length: S.payersPerOrg }, () => generatePrivateKey());
    for (const key of payers) await fundWallet(ctx, getAddress(privateKeyToAccount(key).address));
    orgs.push({ ...org, name, kind, payers });
  }
  return orgs;
}

/** Deliveries of an organization as `tallyDeliveries` reads them. */
const deliveriesOfOrg = (ctx: Context, organizationId: string) =>
  ctx.prisma.$queryRaw<DeliveryRowState[]>(Prisma.sql`
    SELECT d.id::text AS id, d.created_at, d.status::text AS status, d.attempts, e.payload->'payment'->>'id' AS payment_id
    FROM deliveries d JOIN events e ON e.id = d.event_id WHERE d.organization_id = ${organizationId}::uuid`);

const settledPayments = async (ctx: Context, organizationId: string): Promise<number> =>
  (
    await ctx.prisma.$queryRaw<{ n: number }[]>(
      Prisma.sql`SELECT count(*)::int AS n FROM payments WHERE organization_id = ${organizationId}::uuid AND status = 'settled'`,
    )
  )[0]!.n;

const pendingDeliveries = async (ctx: Context, orgIds: string[]): Promise<number> =>
  (
    await ctx.prisma.$queryRaw<{ n: number }[]>(
      Prisma.sql`SELECT count(*)::int AS n FROM deliveries WHERE organization_id = ANY(${orgIds}::uuid[]) AND status = 'pending'`,
    )
  )[0]!.n;

const byStatus = async (ctx: Context, organizationId: string): Promise<Record<string, number>> =>
  Object.fromEntries(
    (
      await ctx.prisma.$queryRaw<{ status: string; n: number }[]>(
        Prisma.sql`SELECT status::text AS status, count(*)::int AS n FROM deliveries WHERE organization_id = ${organizationId}::uuid GROUP BY 1 ORDER BY 1`,
      )
    ).map((r) => [r.status, r.n]),
  );

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

async function main(): Promise<void> {
  const cfg = { ...loadBenchConfig(), redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/11' };
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  log(
    `bench:soak: ${S.durationS} s (warm-up ${S.warmupS} s, a sample every ${S.sampleS} s), ${S.paymentsPerSec} payments/s + ${S.readsPerSec} reads/s; ` +
      `runtime ${BENCH_RUNTIME}; Redis ${cfg.redisUrl}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const claim = await claimRedisDatabase(cfg.redisUrl);
  await flushRedis(cfg.redisUrl);
  let db: BenchDatabase | undefined;
  let ctx: Context | undefined;
  let receiver: Receiver | undefined;
  let api: Awaited<ReturnType<typeof startApiProcess>> | undefined;
  let workers: Child[] = [];
  let load: Awaited<ReturnType<typeof startLoad>> | undefined;
  const redis = new Redis(cfg.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  const timers: NodeJS.Timeout[] = [];
  try {
    await redis.connect();
    db = await createBenchDatabase(cfg.pgServerUrl);
    log(`bench:soak: database ${db.name} migrated`);
    const env = benchServiceEnv(db, cfg.redisUrl);
    ctx = createContext(loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }), {
      app: 'bench',
      queues: queueCatalogue,
    });
    receiver = await startReceiver();
    await receiver.reset(0, undefined, { prefix: '/soak-slow/', ms: S.slowMs }, '/soak-fail/');
    const orgs = await createSoakOrgs(ctx, receiver);
    api = await startApiProcess(env, { nodeFlags: cfg.apiNodeFlags });
    const workerEnv = {
      RETENTION_INTERVAL_MS: String(S.retentionIntervalMs),
      WEBHOOK_BACKOFF_BASE_MS: '2000',
      WEBHOOK_BACKOFF_MAX_MS: '30000',
      WEBHOOK_MAX_ATTEMPTS: '4',
      WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: '60000',
      ...cfg.workerEnv,
    };
    workers = await startRealWorkers(ctx, env, {
      processes: 1,
      concurrency: cfg.workerConcurrency,
      nodeFlags: cfg.workerNodeFlags,
      extraEnv: workerEnv,
    });
    const worker = workers[0]!;
    log(`bench:soak: api pid ${api.child.pid}, worker pid ${worker.pid} (${JSON.stringify(workerEnv)}), receiver pid ${receiver.pid}`);

    // Lanes: the organizations' payers interleaved, so the organizations take turns.
    const lanes: SoakLane[] = [];
    const laneOrg: SoakOrg[] = [];
    for (let p = 0; p < S.payersPerOrg; p++)
      for (const org of orgs) {
        lanes.push({ apiKey: org.apiKey, privateKey: org.payers[p]! });
        laneOrg.push(org);
      }
    load = await startLoad({
      baseUrl: api.baseUrl,
      lanes,
      paymentsPerSec: S.paymentsPerSec,
      readsPerSec: S.readsPerSec,
      replayEvery: 5,
      reloginEveryS: S.reloginS,
      maxInFlight: MAX_IN_FLIGHT,
      runId: randomUUID(),
    });
    const t0 = performance.now();
    const elapsedS = () => (performance.now() - t0) / 1000;
    const wallAtT0 = Date.now();
    log(`bench:soak: load started (${lanes.length} payers over ${orgs.length} organizations)`);

    // The retention job's work: old rows, written every interval (half an interval out of step with the job).
    let seeded = 0;
    const seed = async () => {
      if (S.retentionRows === 0) return;
      await seedRetentionRows(ctx!.sql, {
        organizationId: randomUUID(),
        webhooks: 2,
        deliveries: S.retentionRows,
        attempts: 2,
        keys: S.retentionRows,
        nonces: S.retentionRows,
        ages: 'old',
      });
      seeded++;
    };
    await seed();
    timers.push(
      setInterval(() => void seed().catch((err: unknown) => log(`  retention seed failed: ${String(err)}`)), S.retentionIntervalMs),
    );

    const procs: Record<ProcessName, number> = { api: api.child.pid, worker: worker.pid, receiver: receiver.pid, load: load.child.pid };
    const series: Record<ProcessName, Series> = {
      api: { rssMb: [], heapMb: [] },
      worker: { rssMb: [], heapMb: [] },
      receiver: { rssMb: [], heapMb: [] },
      load: { rssMb: [], heapMb: [] },
    };
    const caches = new Map<string, { app: 'api' | 'worker'; cache: string; points: Point[]; bound: number | null }>();
    const lastHeapAt: Record<string, number> = {};
    let lastSnapshots = new Map<number, MetricsSnapshot>();

    const sample = async () => {
      const t = elapsedS();
      for (const name of Object.keys(procs) as ProcessName[]) series[name].rssMb.push([t, readStatusMb(procs[name], 'VmRSS')]);
      const snapshots = await readSnapshots(redis, env.QUEUE_PREFIX);
      lastSnapshots = snapshots;
      for (const app of ['api', 'worker'] as const) {
        const s = snapshots.get(procs[app]);
        if (!s || lastHeapAt[app] === s.at) continue; // no new snapshot since the last sample
        lastHeapAt[app] = s.at;
        const ts = (s.at - wallAtT0) / 1000;
        series[app].heapMb.push([ts, (metricValues(s, 'nodejs_heap_size_used_bytes').get('') ?? Number.NaN) / MiB]);
        const bounds = metricValues(s, 'gw_cache_max_entries', 'cache');
        for (const [cache, entries] of metricValues(s, 'gw_cache_entries', 'cache')) {
          const key = `${app}:${cache}`;
          const c = caches.get(key) ?? { app, cache, points: [], bound: null };
          c.points.push([ts, entries]);
          c.bound = bounds.get(cache) ?? null;
          caches.set(key, c);
        }
      }
      const r = await receiver!.memory();
      series.receiver.heapMb.push([t, r.heapUsedBytes / MiB]);
      const l = await load!.stats();
      series.load.heapMb.push([t, l.heapUsedBytes / MiB]);
      return l.stats;
    };

    // The run: a sample every sampleS, a progress line every minute.
    const endAt = t0 + S.durationS * 1000;
    let nextSample = t0;
    let lastLog = -60;
    while (performance.now() < endAt) {
      assertAlive(workers);
      if (api.child.exitStatus()) throw new Error(`the API exited (${api.child.exitStatus()})`);
      const stats = await sample();
      const t = elapsedS();
      if (t - lastLog >= 60) {
        lastLog = t;
        const last = (name: ProcessName, k: keyof Series) => fmt(series[name][k].at(-1)?.[1] ?? Number.NaN, 0);
        log(
          `  ${fmt(t / 60, 1)} min: RSS/heap MiB api ${last('api', 'rssMb')}/${last('api', 'heapMb')}, worker ${last('worker', 'rssMb')}/${last('worker', 'heapMb')}, ` +
            `receiver ${last('receiver', 'rssMb')}/${last('receiver', 'heapMb')}, load ${last('load', 'rssMb')}/${last('load', 'heapMb')}; ` +
            `settled ${stats?.settled ?? 0}, reads ${(stats?.reads.webhooks ?? 0) + (stats?.reads.payments ?? 0)}, skipped ${stats?.skipped ?? 0}, errors ${JSON.stringify(stats?.errors ?? {})}; ` +
            `load average ${os.loadavg()[0]!.toFixed(2)}`,
        );
      }
      nextSample += S.sampleS * 1000;
      const wait = Math.min(nextSample, endAt) - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await sample();
    const loadStats = await load.stop();
    load = undefined;
    for (const timer of timers.splice(0)) clearInterval(timer);
    const loadAtEnd = os.loadavg();
    log(`bench:soak: load stopped at ${fmt(elapsedS(), 0)} s; draining the healthy and slow endpoints' deliveries`);

    // Drain, then the checks against PostgreSQL.
    const drained = orgs.filter((o) => o.kind === 'healthy' || o.kind === 'slow');
    const until = Date.now() + cfg.runTimeoutMs;
    let pending = await pendingDeliveries(
      ctx,
      drained.map((o) => o.organizationId),
    );
    while (pending > 0 && Date.now() < until) {
      assertAlive(workers);
      await new Promise((r) => setTimeout(r, 1000));
      pending = await pendingDeliveries(
        ctx,
        drained.map((o) => o.organizationId),
      );
    }
    await new Promise((r) => setTimeout(r, 1000)); // the last group-committed records
    const finalSnapshots = await readSnapshots(redis, env.QUEUE_PREFIX);
    const workerSnapshot = finalSnapshots.get(worker.pid) ?? lastSnapshots.get(worker.pid);
    const { answeredAt, total, hung } = await receiver.collect();
    const receiverMem = await receiver.memory();
    const deliveries: Record<string, unknown>[] = [];
    let lost = 0;
    let notClean = 0;
    for (const org of orgs) {
      const rows = await deliveriesOfOrg(ctx, org.organizationId);
      const settled = await settledPayments(ctx, org.organizationId);
      const expected = settled * org.webhookIds.length;
      const statuses = await byStatus(ctx, org.organizationId);
      const entry: Record<string, unknown> = {
        organization: org.name,
        kind: org.kind,
        webhooks: org.webhookIds.length,
        settled,
        expected,
        rows: rows.length,
        byStatus: statuses,
      };
      if (org.kind === 'healthy') {
        const t = tallyDeliveries(rows, answeredAt);
        entry.lost = expected - t.delivered;
        entry.notCleanInDb = t.notCleanInDb + Math.max(0, expected - rows.length);
      } else if (org.kind === 'slow') {
        // Answered after slowMs: recorded by the receiver on arrival (`hung`), not among the at-once 2xx answers.
        const answered = new Map(rows.filter((r) => hung.has(r.id)).map((r) => [r.id, 0]));
        const t = tallyDeliveries(rows, answered);
        entry.lost = expected - t.delivered;
        entry.notCleanInDb = t.notCleanInDb + Math.max(0, expected - rows.length);
      }
      lost += Number(entry.lost ?? 0);
      notClean += Number(entry.notCleanInDb ?? 0);
      deliveries.push(entry);
    }
    const duplicates = total - answeredAt.size;
    const outcomes = Object.fromEntries(metricValues(workerSnapshot, 'gw_deliveries_total', 'outcome'));
    const pruned = Object.fromEntries(metricValues(workerSnapshot, 'gw_retention_pruned_total', 'table'));
    const deferrals = Object.fromEntries(metricValues(workerSnapshot, 'gw_delivery_deferrals_total', 'reason'));
    const capWaits = metricValues(workerSnapshot, 'gw_delivery_cap_waits_total').get('') ?? 0;

    // Growth after the warm-up.
    const growth: Partial<Record<ProcessName, ProcessGrowth>> = {};
    for (const name of Object.keys(procs) as ProcessName[]) {
      const rss = growthOf(series[name].rssMb, S.warmupS);
      const heap = growthOf(series[name].heapMb, S.warmupS);
      growth[name] = {
        pid: procs[name],
        samples: { rss: rss.n, heap: heap.n },
        rssMb: rss.stats,
        heapMb: heap.stats,
        met: rss.stats.pctPerHour <= TARGET_PCT_PER_HOUR && heap.stats.pctPerHour <= TARGET_PCT_PER_HOUR,
        harness: name === 'receiver' || name === 'load',
      };
    }
    const cacheGrowth: CacheGrowth[] = [...caches.values()]
      .map((c) => {
        const after = c.points.filter(([t]) => t >= S.warmupS).map(([, y]) => y);
        const half = Math.floor(after.length / 2);
        const firstHalfMax = Math.max(0, ...after.slice(0, half));
        const secondHalfMax = Math.max(0, ...after.slice(half));
        const max = Math.max(0, ...after);
        const end = after.at(-1) ?? Number.NaN;
        return {
          app: c.app,
          cache: c.cache,
          atWarmup: after[0] ?? Number.NaN,
          max,
          end,
          bound: c.bound,
          withinBound: c.bound === null || max <= c.bound,
          stoppedGrowing: secondHalfMax <= firstHalfMax * CACHE_FLAT_FACTOR || end <= firstHalfMax || (c.bound !== null && end >= c.bound),
        };
      })
      .sort((a, b) => (a.app + a.cache).localeCompare(b.app + b.cache));

    // Report.
    const durationS = S.durationS;
    log(`\nbench:soak: memory after the ${S.warmupS} s warm-up (target: ≤ ${TARGET_PCT_PER_HOUR} % of the post-warm-up mean per hour)`);
    log(
      '| process | samples | RSS MiB first → last (max) | RSS slope MiB/h | RSS %/h | RSS floor %/h | heap MiB first → last (max) | heap slope MiB/h | heap %/h | heap floor %/h | met |',
    );
    log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, g] of Object.entries(growth)) {
      log(
        `| ${name}${g.harness ? ' (bench)' : ''} | ${g.samples.rss}/${g.samples.heap} | ${fmt(g.rssMb.first)} → ${fmt(g.rssMb.last)} (${fmt(g.rssMb.max)}) | ${fmt(g.rssMb.slopeMbPerHour, 2)} | ${fmt(g.rssMb.pctPerHour, 2)} | ${fmt(g.rssMb.floorPctPerHour, 2)} | ` +
          `${fmt(g.heapMb.first)} → ${fmt(g.heapMb.last)} (${fmt(g.heapMb.max)}) | ${fmt(g.heapMb.slopeMbPerHour, 2)} | ${fmt(g.heapMb.pctPerHour, 2)} | ${fmt(g.heapMb.floorPctPerHour, 2)} | ${g.met ? 'met' : '**missed**'} |`,
      );
    }
    log(`\nbench:soak: per-process caches (gw_cache_entries), after the warm-up`);
    log('| app | cache | at warm-up | max | end | bound | within bound | stopped growing |');
    log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const c of cacheGrowth)
      log(
        `| ${c.app} | ${c.cache} | ${c.atWarmup} | ${c.max} | ${c.end} | ${c.bound ?? 'none'} | ${c.withinBound ? 'yes' : '**no**'} | ${c.stoppedGrowing ? 'yes' : '**no**'} |`,
      );
    const reads = loadStats.reads.webhooks + loadStats.reads.payments;
    log(
      `\nbench:soak: load served in ${durationS} s: ${loadStats.created} payments created (${fmt(loadStats.created / durationS, 2)}/s), ${loadStats.replayed} idempotent replays ` +
        `(${loadStats.replayMismatches} mismatched), ${loadStats.settled} settled, ${reads} reads (${fmt(reads / durationS, 2)}/s), ${loadStats.relogins} logins, ` +
        `${loadStats.skipped} ticks skipped (${MAX_IN_FLIGHT} flows in flight), errors ${JSON.stringify(loadStats.errors)}`,
    );
    log(
      `bench:soak: worker's delivery runs by outcome ${JSON.stringify(outcomes)}, deferred ${JSON.stringify(deferrals)}, cap waits ${capWaits}; receiver: ${answeredAt.size} answered 2xx at once, ${hung.size} slow, ${receiverMem.failed} answered 500`,
    );
    for (const d of deliveries) log(`  ${d.organization}: ${JSON.stringify(d)}`);
    log(`bench:soak: retention: ${seeded} seedings of ${S.retentionRows} old rows per table; pruned ${JSON.stringify(pruned)}`);
    log(`bench:soak: lost ${lost}, duplicates ${duplicates}, not clean in the database ${notClean} (pending after the drain: ${pending})`);

    const result = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model,
        node: process.version,
        loadAverage: { start: loadAtStart, end: loadAtEnd },
      },
      runtime: BENCH_RUNTIME,
      settings: {
        ...S,
        workerConcurrency: cfg.workerConcurrency,
        workerNodeFlags: cfg.workerNodeFlags,
        workerEnv,
        apiNodeFlags: cfg.apiNodeFlags,
      },
      targetPctPerHour: TARGET_PCT_PER_HOUR,
      growth,
      caches: cacheGrowth,
      load: loadStats,
      deliveries: {
        outcomes,
        deferrals,
        capWaits,
        byOrganization: deliveries,
        receiver: { answered: answeredAt.size, total, slow: hung.size, failed: receiverMem.failed },
      },
      retention: { seedings: seeded, rowsPerSeeding: S.retentionRows, pruned },
      lost,
      duplicates,
      notCleanInDb: notClean,
      pendingAfterDrain: pending,
      raw: { series, caches: [...caches.values()] },
    };
    mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
    writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
    log(`bench:soak: wrote ${path.relative(REPO_ROOT, RESULT_FILE)}`);
  } finally {
    for (const timer of timers) clearInterval(timer);
    if (load) await load.child.stop().catch(() => undefined);
    await Promise.all(workers.map((w) => w.stop()));
    if (api) await stopServers(api.child);
    if (receiver) await receiver.stop().catch(() => undefined);
    if (ctx) await closeContext(ctx).catch(() => undefined);
    redis.disconnect();
    if (db) await db.drop().catch((err: unknown) => log(`bench:soak: could not drop ${db!.name}: ${String(err)}`));
    await flushRedis(cfg.redisUrl).catch(() => undefined);
    await claim.release();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
