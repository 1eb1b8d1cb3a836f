/**
 * Section `e2e`: payments created and confirmed through the real HTTP API by a load
 * generator in its own process (`e2e-load.ts`), the real API (`api-server.ts`) and the real worker
 * (`apps/worker/src/main.ts`) each in their own process, as in production.
 *
 * Per round (`BENCH_E2E_RUNS`):
 * 1. a new worker; a short warm-up (not measured);
 * 2. per fan-out (`BENCH_E2E_FANOUTS`, default 1 and 10 webhooks per payment): `BENCH_E2E_CONCURRENCY`
 *    (20) payers, one lane each, confirm pending payments of one organization at peak for
 *    `BENCH_E2E_DURATION_S` s. Measured: settled payments/s (first confirm sent → last confirm
 *    answered), deliveries/s (first confirm sent → last receiver 2xx), confirm → receiver 2xx per
 *    delivery, the confirm requests' own latency;
 * 3. last round only: the largest fan-out paced (open loop) at half its measured peak payments/s:
 *    confirm request p50/p99 and confirm → 2xx;
 * 4. the worker stops; the ceiling (`ceiling.ts`: bare BullMQ + HMAC + got) delivers each fan-out
 *    run's deliveries again; ratio = e2e deliveries/s / ceiling deliveries/s of the same round;
 * 5. confirms with no deliveries (organizations without webhooks): the 20 payers paying one
 *    organization, then the same 20 payers each paying one of `BENCH_E2E_SPREAD_ORGS` (20)
 *    organizations; hot-merchant ratio = one-org payments/s / spread payments/s.
 *
 * Then the ledger part (`ledger-scale.ts`, account lookups at 1,000 and 100,000 accounts), and with
 * `BENCH_PROFILE=1` one more fan-out run with the API under `--cpu-prof`.
 *
 * @module
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { type ApiEnv, startApiProcess, stopServers } from './api-section.js';
import { confirmAreas } from '../lib/confirm-areas.js';
import {
  formatThreadShares,
  pidsNamed,
  redisServerPid,
  startCpuAccounting,
  startThreadAccounting,
  type ThreadShares,
} from '../lib/cpu-accounting.js';
import { buildCeilingJobs, runCeiling, type CeilingRunResult } from '../lib/ceiling.js';
import { spawnChild, type Child } from '../lib/child-process.js';
import type { ConfirmRecord, Lane, RunRequest, RunResult } from '../processes/e2e-load.js';
import { createOrganization, fundWallet, type Organization } from '../lib/fixtures.js';
import { flushRedis } from '../lib/infra.js';
import { processCpuUs } from '../lib/http-load.js';
import { runLedgerScale, type LedgerScaleResult } from './ledger-scale.js';
import { assertAlive, deliveriesOf, startRealWorkers, tallyDeliveries } from '../lib/pipeline.js';
import type { SectionDeps } from './pipeline-section.js';
import { mainThreadProfile, profileFlags } from './profile-section.js';
import { summarizeProfile, type ProfileSummary } from '../lib/profile-summary.js';
import { siweLogin } from '../lib/siwe-login.js';
import { formatStages, readStages, stageWindow, type StageWindow } from '../lib/metrics-snapshots.js';
import { abbaOrder, median, summarizeLatency, type LatencySummary } from '../lib/stats.js';

/** One measured phase of confirms (with or without deliveries). */
export interface ConfirmPhase {
  /** Payments confirmed (requests answered). */
  confirmed: number;
  /** Answered 200 with status `settled`. */
  settled: number;
  /** Confirms answered otherwise, per `<http status>/<payment status>`. */
  other: Record<string, number>;
  /** First confirm sent → last confirm answered, s. */
  durationS: number;
  /** settled / durationS. */
  paymentsPerSec: number;
  /** Confirm request → full response, ms. */
  confirmLatencyMs: LatencySummary;
  /** The bench database's backends during the confirms (see {@link sampleDbActivity}). */
  db: DbActivity;
  /**
   * No-delivery phases: the API process's CPU time per request of the run (its
   * untimed creations and its confirms), µs: unlike payments/s, it does not move with the share of
   * the cores the API gets, so it says whether one organization costs more than many.
   */
  apiCpuUsPerRequest?: number;
  /** Paced phases: offered confirms/s and the largest start lag, ms. */
  offeredPerSec?: number;
  maxLagMs?: number;
}

/**
 * Mean number of the bench database's backends in each state during a phase, sampled every
 * 20 ms from `pg_stat_activity`: `lock` waiting for a row or transaction lock (contention),
 * `io` waiting for I/O or an LWLock (WAL flush at commit), `cpu` active without a wait event,
 * `idleInTx` inside a transaction waiting for its client's next statement (the API's own time:
 * CPU, event-loop queueing, network), `idle` not in a transaction (an idle pool connection).
 */
export interface DbActivity {
  samples: number;
  lock: number;
  io: number;
  cpu: number;
  idleInTx: number;
  idle: number;
}

interface ActivitySample {
  at: number;
  lock: number;
  io: number;
  cpu: number;
  idleInTx: number;
  idle: number;
}

/** Starts sampling `pg_stat_activity` of the bench database; `stop` returns the samples (wall-clock `at`, ms). */
function sampleDbActivity(url: string): { stop(): Promise<ActivitySample[]> } {
  const client = new pg.Client({ connectionString: url });
  const samples: ActivitySample[] = [];
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<Omit<ActivitySample, 'at'>>(`
        SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS lock,
               count(*) FILTER (WHERE state = 'active' AND wait_event_type IN ('IO', 'LWLock'))::int AS io,
               count(*) FILTER (WHERE state = 'active' AND wait_event_type IS NULL)::int AS cpu,
               count(*) FILTER (WHERE state = 'idle in transaction')::int AS "idleInTx",
               count(*) FILTER (WHERE state = 'idle')::int AS idle
        FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`);
      samples.push({ at: performance.timeOrigin + performance.now(), ...rows[0]! });
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** Mean backend counts of the samples taken in [from, to] (wall-clock ms). */
function activityIn(samples: ActivitySample[], from: number, to: number): DbActivity {
  const inWindow = samples.filter((x) => x.at >= from && x.at <= to);
  const mean = (k: keyof Omit<ActivitySample, 'at'>) =>
    Math.round((inWindow.reduce((n, x) => n + x[k], 0) / Math.max(1, inWindow.length)) * 10) / 10;
  return { samples: inWindow.length, lock: mean('lock'), io: mean('io'), cpu: mean('cpu'), idleInTx: mean('idleInTx'), idle: mean('idle') };
}

/** A phase with deliveries: also what the receiver saw. */
export interface DeliveryPhase extends ConfirmPhase {
  fanout: number;
  expected: number;
  delivered: number;
  duplicates: number;
  notCleanInDb: number;
  /** delivered / (first confirm sent → last receiver 2xx). */
  deliveriesPerSec: number;
  /** Confirm request sent → receiver 2xx, per delivery, ms. */
  confirmToReceiverMs: LatencySummary;
  /**
   * Cores each process group used from the first confirm to the last delivery (CPU time ÷ wall
   * time, `bench/lib/cpu-accounting.ts`): api, worker, load generator, receiver, postgres (every
   * backend on the machine), redis, total.
   */
  cpuCores: Record<string, number>;
  /** The (first) worker's main thread over the phase: shares of the wall time on a core and waiting for one. */
  workerMainThread?: ThreadShares | undefined;
  /** The (first) worker's delivery stages over the phase (from its published metrics), if it published. */
  workerStages?: StageWindow | undefined;
  /** Delivery commit (`created_at`) → receiver 2xx, ms. */
  commitToReceiverMs: LatencySummary;
  windowUs: [number, number];
}

export interface E2eRound {
  /** Per fan-out: the e2e run, its ceiling and their ratio. */
  fanouts: { fanout: number; run: DeliveryPhase; ceiling: CeilingRunResult; ratio: number }[];
  oneOrg: ConfirmPhase;
  spread: ConfirmPhase;
  /** oneOrg / spread payments/s. */
  hotMerchantRatio: number;
}

export interface E2eSectionResult {
  rounds: E2eRound[];
  halfPeak: DeliveryPhase;
  ledger?: LedgerScaleResult;
  profile?: ProfileSummary;
  /** The profile's busy time split by confirm-path area (see `confirm-areas.ts`). */
  profileAreas?: ReturnType<typeof confirmAreas>;
  payers: number;
  spreadOrgs: number;
}

const isRunAnswer = (m: unknown): m is RunResult | { type: 'failed'; message: string } =>
  typeof m === 'object' && m !== null && ['done', 'failed'].includes((m as { type?: string }).type ?? '');

/** The load generator process (`e2e-load.ts`). */
export interface LoadGenerator {
  pid: number;
  run(req: Omit<RunRequest, 'type'>): Promise<RunResult>;
  stop(): Promise<void>;
}

export async function startLoadGenerator(): Promise<LoadGenerator> {
  const child: Child = spawnChild({ entry: 'bench/processes/e2e-load.ts', name: 'load generator', env: {}, ipc: true });
  await child.next((m): m is { type: 'ready' } => (m as { type?: string }).type === 'ready');
  return {
    pid: child.pid,
    run: async (req) => {
      child.send({ type: 'run', ...req });
      const m = await child.next(isRunAnswer, 600_000);
      if (m.type === 'failed') throw new Error(`load generator: ${m.message}`);
      return m;
    },
    stop: async () => {
      await child.stop();
    },
  };
}

/** One load-generator run with `pg_stat_activity` sampled throughout. */
async function runSampled(gen: LoadGenerator, dbUrl: string, req: Omit<RunRequest, 'type'>) {
  const sampler = sampleDbActivity(dbUrl);
  try {
    const r = await gen.run(req);
    return { r, samples: await sampler.stop() };
  } finally {
    await sampler.stop();
  }
}

/** One slice of a no-delivery phase: the load generator's result, the database samples, the API's CPU µs. */
interface ConfirmSlice {
  r: RunResult;
  samples: ActivitySample[];
  apiCpuUs: number;
}

/** The slices of one side as one phase: confirms and durations added up, the database samples of the slices' windows only. */
function mergeSlices(slices: ConfirmSlice[]): ConfirmPhase {
  const confirms = slices.flatMap((x) => x.r.confirms);
  const created = slices.reduce((n, x) => n + x.r.created, 0);
  const r: RunResult = {
    ...slices[0]!.r,
    created,
    createMs: slices.reduce((n, x) => n + x.r.createMs, 0),
    confirms,
    confirmMs: slices.reduce((n, x) => n + x.r.confirmMs, 0),
    maxLagMs: Math.max(...slices.map((x) => x.r.maxLagMs)),
  };
  // Each slice's samples inside its own confirms; activityIn then spans them all.
  const samples = slices.flatMap((x) => {
    const from = Math.min(...x.r.confirms.map((c) => c.sentAt));
    const to = Math.max(...x.r.confirms.map((c) => c.sentAt + c.ms));
    return x.samples.filter((s) => s.at >= from && s.at <= to);
  });
  const apiCpuUs = slices.reduce((n, x) => n + x.apiCpuUs, 0);
  return { ...confirmPhase(r, samples), apiCpuUsPerRequest: Math.round(apiCpuUs / Math.max(1, created + confirms.length)) };
}

/** Organizations and logged-in, funded payers of the section. */
export interface E2eFixtures {
  /** Per fan-out: an organization with that many webhooks on the receiver. */
  byFanout: Map<number, Organization>;
  /** An organization without webhooks (the hot merchant). */
  hot: Organization;
  /** Organizations without webhooks the same load is spread over. */
  spread: Organization[];
  /** Payers (one per lane, `BENCH_E2E_CONCURRENCY`). */
  payers: number;
  /**
   * Session JWTs per organization id: a session is bound to the organization whose API key went
   * with the login, so each organization has its own payers, each logged in through
   * it and holding 10^30 base units: `payers` for the fan-out and hot organizations, a share
   * of them for each spread organization.
   */
  tokens: Map<string, string[]>;
}

async function createE2eFixtures(d: SectionDeps, apiBaseUrl: string): Promise<E2eFixtures> {
  const { ctx, receiver, cfg } = d;
  const byFanout = new Map<number, Organization>();
  for (const n of cfg.e2eFanouts) byFanout.set(n, await createOrganization(ctx, `e2e-f${n}`, receiver.baseUrl, n));
  const hot = await createOrganization(ctx, 'e2e-hot', receiver.baseUrl, 0);
  const spread: Organization[] = [];
  for (let i = 0; i < cfg.e2eSpreadOrgs; i++) spread.push(await createOrganization(ctx, `e2e-spread-${i}`, receiver.baseUrl, 0));
  const payers = cfg.e2eConcurrency;
  const tokens = new Map<string, string[]>();
  const login = async (org: Organization, count: number) => {
    const list: string[] = [];
    for (let i = 0; i < count; i++) {
      const { token, address } = await siweLogin(apiBaseUrl, org.apiKey);
      await fundWallet(ctx, address);
      list.push(token);
    }
    tokens.set(org.organizationId, list);
  };
  for (const org of [...byFanout.values(), hot]) await login(org, payers);
  for (const org of spread) await login(org, Math.ceil(payers / spread.length));
  return { byFanout, hot, spread, payers, tokens };
}

const countOther = (confirms: ConfirmRecord[]) => {
  const other: Record<string, number> = {};
  for (const c of confirms) {
    if (c.httpStatus === 200 && c.status === 'settled') continue;
    const k = `${c.httpStatus}/${c.status || '-'}`;
    other[k] = (other[k] ?? 0) + 1;
  }
  return other;
};

function confirmPhase(r: RunResult, samples: ActivitySample[], offeredPerSec?: number): ConfirmPhase {
  const settled = r.confirms.filter((c) => c.httpStatus === 200 && c.status === 'settled').length;
  const durationS = r.confirmMs / 1000;
  return {
    confirmed: r.confirms.length,
    settled,
    other: countOther(r.confirms),
    durationS,
    paymentsPerSec: settled / durationS,
    confirmLatencyMs: summarizeLatency(r.confirms.map((c) => c.ms)),
    db: activityIn(samples, Math.min(...r.confirms.map((c) => c.sentAt)), Math.max(...r.confirms.map((c) => c.sentAt + c.ms))),
    ...(offeredPerSec === undefined ? {} : { offeredPerSec, maxLagMs: r.maxLagMs }),
  };
}

interface RunEnv {
  d: SectionDeps;
  gen: LoadGenerator;
  apiBaseUrl: string;
  fx: E2eFixtures;
  /** The API process's id and the Redis server's, for the CPU accounting of delivery phases. */
  apiPid: number;
  redisPid: number;
}

/** One lane per payer: lane i pays organization i mod orgs, as that organization's payer ⌊i / orgs⌋. */
const lanesFor = (fx: E2eFixtures, orgs: Organization[]): Lane[] =>
  Array.from({ length: fx.payers }, (_, i) => {
    const org = orgs[i % orgs.length]!;
    return { apiKey: org.apiKey, token: fx.tokens.get(org.organizationId)![Math.floor(i / orgs.length)]! };
  });

/** Confirms at peak (or paced) for an organization with webhooks, and tallies the receiver's answers. */
async function deliveryPhase(
  e: RunEnv,
  fanout: number,
  workers: Child[],
  perSec?: number,
): Promise<{ phase: DeliveryPhase; deliveryIds: string[] }> {
  const { ctx, receiver, cfg } = e.d;
  const org = e.fx.byFanout.get(fanout)!;
  const lanes = lanesFor(e.fx, [org]);
  const perLane =
    perSec === undefined ? Math.floor(cfg.e2eMaxPayments / lanes.length) : Math.ceil((perSec * cfg.e2eDurationS) / lanes.length) + 1;
  await receiver.reset(0);
  const prefix = e.d.env.QUEUE_PREFIX;
  const stagesBefore = await readStages(ctx.redis, prefix, workers[0]!.pid);
  const mainThread = startThreadAccounting(workers[0]!.pid);
  const cpu = startCpuAccounting(() => ({
    api: [e.apiPid],
    worker: workers.map((w) => w.pid),
    loadGenerator: [e.gen.pid],
    receiver: [receiver.pid],
    postgres: pidsNamed('postgres'),
    redis: [e.redisPid],
  }));
  const { r, samples } = await runSampled(e.gen, e.d.env.DATABASE_DIRECT_URL, {
    baseUrl: e.apiBaseUrl,
    lanes,
    perLane,
    concurrency: cfg.e2eConcurrency,
    durationS: cfg.e2eDurationS,
    perSec,
  });
  const phase = confirmPhase(r, samples, perSec);
  const settledIds = r.confirms.filter((c) => c.httpStatus === 200 && c.status === 'settled').map((c) => c.paymentId);
  const expected = settledIds.length * fanout;
  await receiver.waitFor(expected, cfg.runTimeoutMs, () => assertAlive(workers));
  const cpuCores = cpu.stop();
  const workerMainThread = mainThread.stop();
  const stagesAfter = stagesBefore && (await readStages(ctx.redis, prefix, workers[0]!.pid, Date.now()));
  // The API's part: the confirms (the drain that follows is the worker's).
  const windowUs = r.confirmWindowUs;
  const { answeredAt, total } = await receiver.collect();
  // The worker records attempts group-committed: give the last records a moment to land.
  let rows = await deliveriesOf(ctx, settledIds);
  for (let i = 0; i < 20 && tallyDeliveries(rows, answeredAt).notCleanInDb > 0; i++) {
    await new Promise((res) => setTimeout(res, 250));
    rows = await deliveriesOf(ctx, settledIds);
  }
  const t = tallyDeliveries(rows, answeredAt);
  const sentAt = new Map(r.confirms.map((c) => [c.paymentId, c.sentAt]));
  const confirmToReceiver: number[] = [];
  for (const row of rows) {
    const answered = answeredAt.get(row.id);
    const sent = sentAt.get(row.payment_id);
    if (answered !== undefined && sent !== undefined) confirmToReceiver.push(answered - sent);
  }
  const firstSent = Math.min(...r.confirms.map((c) => c.sentAt));
  const out: DeliveryPhase = {
    ...phase,
    fanout,
    expected,
    delivered: t.delivered,
    duplicates: total - answeredAt.size,
    notCleanInDb: t.notCleanInDb + (expected - rows.length),
    deliveriesPerSec: t.delivered / ((t.lastAnswer - firstSent) / 1000),
    confirmToReceiverMs: summarizeLatency(confirmToReceiver),
    commitToReceiverMs: summarizeLatency(t.latencies),
    windowUs,
    cpuCores,
    workerMainThread,
    workerStages: stagesBefore && stagesAfter ? stageWindow(stagesBefore, stagesAfter) : undefined,
  };
  return { phase: out, deliveryIds: rows.map((x) => x.id) };
}

const fmtDb = (a: DbActivity) => `db backends: lock ${a.lock}, io ${a.io}, cpu ${a.cpu}, idle in tx ${a.idleInTx}, idle ${a.idle}`;
const fmtLat = (l: LatencySummary) => `p50 ${l.p50.toFixed(1)} / p99 ${l.p99.toFixed(1)} ms`;
const fmtDelivery = (p: DeliveryPhase) =>
  `${p.paymentsPerSec.toFixed(1)} payments/s, ${p.deliveriesPerSec.toFixed(0)} deliveries/s (${p.delivered}/${p.expected}, dup ${p.duplicates}, not clean ${p.notCleanInDb}), ` +
  `confirm ${fmtLat(p.confirmLatencyMs)}, confirm→2xx ${fmtLat(p.confirmToReceiverMs)}; ${fmtDb(p.db)}${Object.keys(p.other).length ? `, other ${JSON.stringify(p.other)}` : ''}; ` +
  `cores used: ${Object.entries(p.cpuCores)
    .map(([k, v]) => `${k} ${v}`)
    .join(
      ', ',
    )}${p.workerMainThread ? `; worker main thread: ${formatThreadShares(p.workerMainThread)}` : ''}${p.workerStages ? `; worker stages: ${formatStages(p.workerStages)}` : ''}`;
const fmtConfirm = (p: ConfirmPhase) =>
  `${p.paymentsPerSec.toFixed(1)} payments/s (${p.settled} settled in ${p.durationS.toFixed(1)} s), confirm ${fmtLat(p.confirmLatencyMs)}${p.apiCpuUsPerRequest === undefined ? '' : `, API CPU ${p.apiCpuUsPerRequest} µs per request`}; ${fmtDb(p.db)}${Object.keys(p.other).length ? `, other ${JSON.stringify(p.other)}` : ''}`;

async function startWorker(d: SectionDeps): Promise<Child[]> {
  return startRealWorkers(d.ctx, d.env, {
    processes: d.cfg.e2eWorkerProcesses,
    concurrency: d.cfg.workerConcurrency,
    nodeFlags: d.cfg.workerNodeFlags,
    extraEnv: d.cfg.workerEnv,
  });
}

/** The ceiling worker over the same deliveries (URL, body, secret) as an e2e run; Redis flushed first, no real worker running. */
async function ceilingOf(d: SectionDeps, fanout: number, ids: string[]): Promise<CeilingRunResult> {
  const jobs = await buildCeilingJobs(d.ctx, ids.length, ids);
  try {
    await flushRedis(d.cfg.redisUrl);
    return await runCeiling(
      d.ctx,
      d.receiver,
      { REDIS_URL: d.env.REDIS_URL, QUEUE_PREFIX: d.env.QUEUE_PREFIX },
      {
        file: jobs.file,
        groups: jobs.groups,
        warmupGroups: jobs.groups.slice(0, Math.max(1, Math.ceil(50 / fanout))),
        concurrency: d.cfg.workerConcurrency,
        timeoutMs: d.cfg.runTimeoutMs,
      },
    );
  } finally {
    rmSync(jobs.file, { force: true });
  }
}

/** Runs the section; see the module doc. */
export async function runE2eSection(d: SectionDeps, apiEnv: ApiEnv): Promise<E2eSectionResult> {
  const { cfg, log } = d;
  const maxFanout = Math.max(...cfg.e2eFanouts);
  await flushRedis(cfg.redisUrl);
  let api = await startApiProcess(apiEnv);
  const gen = await startLoadGenerator();
  let workers: Child[] = [];
  try {
    const fx = await createE2eFixtures(d, api.baseUrl);
    let e: RunEnv = { d, gen, apiBaseUrl: api.baseUrl, fx, apiPid: api.child.pid, redisPid: await redisServerPid(cfg.redisUrl) };
    const rounds: E2eRound[] = [];
    let halfPeak: DeliveryPhase | undefined;
    for (let i = 0; i < cfg.e2eRuns; i++) {
      await flushRedis(cfg.redisUrl);
      workers = await startWorker(d);
      // Warm-up (API, worker, load generator, receiver connections), drained before the measured runs: not measured.
      await deliveryPhase({ ...e, d: { ...d, cfg: { ...cfg, e2eDurationS: 2, e2eMaxPayments: 5 * fx.payers } } }, maxFanout, workers);

      const runs: { phase: DeliveryPhase; deliveryIds: string[] }[] = [];
      for (const fanout of cfg.e2eFanouts) {
        const r = await deliveryPhase(e, fanout, workers);
        log(`  round ${i + 1}: fan-out ${fanout}: ${fmtDelivery(r.phase)}`);
        runs.push(r);
      }
      if (i === cfg.e2eRuns - 1) {
        const peaks = [
          ...rounds.map((x) => x.fanouts.find((f) => f.fanout === maxFanout)!.run),
          runs.find((r) => r.phase.fanout === maxFanout)!.phase,
        ];
        const perSec = median(peaks.map((p) => p.paymentsPerSec)) / 2;
        halfPeak = (await deliveryPhase(e, maxFanout, workers, perSec)).phase;
        log(
          `  half peak: fan-out ${maxFanout} paced at ${perSec.toFixed(1)} payments/s: ${fmtDelivery(halfPeak)}, max lag ${halfPeak.maxLagMs?.toFixed(0)} ms`,
        );
      }
      await Promise.all(workers.map((w) => w.stop()));
      workers = [];

      const fanouts: E2eRound['fanouts'] = [];
      for (const { phase: run, deliveryIds } of runs) {
        const ceiling = await ceilingOf(d, run.fanout, deliveryIds);
        log(
          `  round ${i + 1}: ceiling of fan-out ${run.fanout}'s ${run.delivered} deliveries: ${ceiling.deliveriesPerSec.toFixed(0)}/s, ` +
            `CPU ${ceiling.cpuUsPerDelivery.toFixed(0)} µs per delivery (${ceiling.cores.toFixed(2)} cores)` +
            (ceiling.mainThread ? `; main thread: ${formatThreadShares(ceiling.mainThread)}` : ''),
        );
        fanouts.push({ fanout: run.fanout, run, ceiling, ratio: run.deliveriesPerSec / ceiling.deliveriesPerSec });
      }

      // No deliveries: one organization vs the same payers spread over several, in interleaved
      // slices (A B B A …, see abbaOrder) so that a change of the machine's speed during
      // the round weighs on both sides alike.
      await flushRedis(cfg.redisUrl);
      const slice = async (orgs: Organization[]): Promise<ConfirmSlice> => {
        const cpuBefore = processCpuUs(api.child.pid);
        const { r, samples } = await runSampled(gen, d.env.DATABASE_DIRECT_URL, {
          baseUrl: api.baseUrl,
          lanes: lanesFor(fx, orgs),
          perLane: Math.max(1, Math.floor(cfg.e2eMaxPayments / fx.payers / cfg.e2eHotSlices)),
          concurrency: cfg.e2eConcurrency,
          durationS: cfg.e2eDurationS,
        });
        return { r, samples, apiCpuUs: processCpuUs(api.child.pid) - cpuBefore };
      };
      const one: ConfirmSlice[] = [];
      const many: ConfirmSlice[] = [];
      for (const hotFirst of abbaOrder(cfg.e2eHotSlices, i % 2 === 0)) {
        if (hotFirst) one.push(await slice([fx.hot]));
        else many.push(await slice(fx.spread));
      }
      const oneOrg = mergeSlices(one);
      const spread = mergeSlices(many);
      log(`  round ${i + 1}: no deliveries, one organization: ${fmtConfirm(oneOrg)}`);
      log(`  round ${i + 1}: no deliveries, ${fx.spread.length} organizations: ${fmtConfirm(spread)}`);
      rounds.push({ fanouts, oneOrg, spread, hotMerchantRatio: oneOrg.paymentsPerSec / spread.paymentsPerSec });
    }

    let profile: ProfileSummary | undefined;
    let profileAreas: ReturnType<typeof confirmAreas> | undefined;
    if (cfg.profile) {
      // One more peak run of the largest fan-out with the API under --cpu-prof (not in any median).
      await stopServers(api.child);
      const p = profileFlags('api-e2e');
      await flushRedis(cfg.redisUrl);
      api = await startApiProcess(apiEnv, { nodeFlags: p.flags });
      e = { ...e, apiBaseUrl: api.baseUrl, apiPid: api.child.pid };
      workers = await startWorker(d);
      const { phase: r } = await deliveryPhase(e, maxFanout, workers);
      log(`  profiled run (API under --cpu-prof): fan-out ${maxFanout}: ${fmtDelivery(r)}`);
      await Promise.all(workers.map((w) => w.stop()));
      workers = [];
      await stopServers(api.child);
      profile = summarizeProfile(mainThreadProfile(p.dir), { window: r.windowUs, top: 40 });
      profileAreas = confirmAreas(mainThreadProfile(p.dir), r.windowUs);
      log(`  API busy time by area (idle ${profileAreas.idlePct} %): ${profileAreas.rows.map((x) => `${x.area} ${x.pct} %`).join(', ')}`);
    }

    const ledger = cfg.e2eLedgerAccounts.length
      ? await runLedgerScale(d, fx.hot.organizationId, fx.byFanout.get(maxFanout)!.organizationId)
      : undefined;
    return { rounds, halfPeak: halfPeak!, ledger, profile, profileAreas, payers: fx.payers, spreadOrgs: fx.spread.length };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await gen.stop();
    await stopServers(api.child);
  }
}
