/**
 * Turns the sections' raw runs into the reported figures (medians over runs; ratios taken per
 * round, then their median), prints them as a table with the issue's targets, and writes
 * `bench/results/latest.json` (plus a timestamped copy). The committed `summary.json` is
 * summary.ts's, which reads this module's types only (the docs generator loads it without the bench).
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiRound } from '../sections/api-section.js';
import { REPO_ROOT } from './child-process.js';
import type { BenchConfig } from './config.js';
import { chainFigures, chainRows } from './chain-report.js';
import type { ChainSectionResult } from '../sections/chain-section.js';
import { e2eFigures, e2eRows } from './e2e-report.js';
import type { E2eSectionResult } from '../sections/e2e-section.js';
import type { FairnessSectionResult } from '../sections/fairness-section.js';
import type { HealthyRun } from '../sections/healthy-run.js';
import { GROWTH_OPERATIONS, type GrowthSectionResult } from '../sections/growth-section.js';
import { p99Ratio } from '../sections/growth-plan.js';
import type { LoadResult } from './http-load.js';
import type { PipelineRunResult } from './pipeline.js';
import type { PipelineSectionResult, SlowSectionResult } from '../sections/pipeline-section.js';
import type { ProfileSectionResult } from '../sections/profile-section.js';
import { median, medianOf, round } from './stats.js';
import { cpuCost } from './cpu-cost.js';
import { TARGETS } from './targets.js';

export const RESULTS_DIR = path.join(REPO_ROOT, 'bench', 'results');

export { TARGETS } from './targets.js';

const latencyOf = (runs: PipelineRunResult[]) => ({
  p50Ms: round(
    medianOf(runs, (r) => r.latencyMs.p50),
    1,
  ),
  p95Ms: round(
    medianOf(runs, (r) => r.latencyMs.p95),
    1,
  ),
  p99Ms: round(
    medianOf(runs, (r) => r.latencyMs.p99),
    1,
  ),
});

const integrity = (runs: PipelineRunResult[]) => ({
  missing: runs.reduce((n, r) => n + (r.expected - r.delivered), 0),
  duplicates: runs.reduce((n, r) => n + r.duplicates, 0),
  notCleanInDb: runs.reduce((n, r) => n + r.notCleanInDb, 0),
});

/** Median figures of the pipeline section. */
function pipelineFigures(s: PipelineSectionResult) {
  const one = s.rounds.map((r) => r.pipeline[1]!);
  const ceilings = s.rounds.map((r) => r.ceiling);
  const processCounts = Object.keys(s.rounds[0]!.pipeline).map(Number);
  const byProcesses = Object.fromEntries(
    processCounts.map((n) => {
      const runs = s.rounds.map((r) => r.pipeline[n]!);
      return [
        `${n}`,
        {
          deliveriesPerSec: round(medianOf(runs, (r) => r.deliveriesPerSec)),
          /** per round: this / 1-worker pipeline of the same round */
          scaleVsOneWorker: round(median(s.rounds.map((r) => r.pipeline[n]!.deliveriesPerSec / r.pipeline[1]!.deliveriesPerSec)), 2),
          /** per round: this / ceiling (one ceiling process) of the same round */
          ratioToCeiling: round(median(s.rounds.map((r) => r.pipeline[n]!.deliveriesPerSec / r.ceiling.deliveriesPerSec)), 3),
          ...latencyOf(runs),
          /** median over runs of the largest worker's VmHWM */
          workerPeakRssMb: round(medianOf(runs, (r) => Math.max(...r.workerPeakRssMb))),
          ...integrity(runs),
        },
      ];
    }),
  );
  return {
    deliveriesPerSec: round(medianOf(one, (r) => r.deliveriesPerSec)),
    ceilingPerSec: round(medianOf(ceilings, (r) => r.deliveriesPerSec)),
    ratio: round(median(s.rounds.map((r) => r.ratio)), 3),
    /** p99 commit → receiver 2xx at half the measured peak rate (the target figure), ms */
    p99Ms: round(
      medianOf(s.paced.runs, (r) => r.latencyMs.p99),
      1,
    ),
    workerPeakRssMb: round(medianOf(one, (r) => Math.max(...r.workerPeakRssMb))),
    /** RSS of the worker once started, before any job (module graph + runtime), MiB */
    workerStartRssMb: round(medianOf(one, (r) => Math.max(...r.workerStartRssMb))),
    atPeak: latencyOf(one),
    halfPeak: {
      offeredDeliveriesPerSec: round(s.paced.offeredDeliveriesPerSec),
      paymentsPerSec: round(s.paced.paymentsPerSec, 2),
      deliveriesPerSec: round(medianOf(s.paced.runs, (r) => r.deliveriesPerSec)),
      ...latencyOf(s.paced.runs),
      workerPeakRssMb: round(medianOf(s.paced.runs, (r) => Math.max(...r.workerPeakRssMb))),
      ...integrity(s.paced.runs),
    },
    ceilingPeakRssMb: round(medianOf(ceilings, (r) => r.peakRssMb)),
    byProcesses,
    ...integrity(one),
  };
}

/** Median figures of the slow-receiver section. */
function slowFigures(s: SlowSectionResult) {
  const settings = s.settings.map((x) => {
    const ideal = (x.concurrency * 1000) / s.delayMs;
    const perSec = medianOf(x.runs, (r) => r.deliveriesPerSec);
    return {
      concurrency: x.concurrency,
      deliveriesPerSec: round(perSec),
      /** concurrency / delay: what the concurrency allows if nothing else limits, deliveries/s */
      idealPerSec: round(ideal),
      efficiency: round(perSec / ideal, 3),
      ...latencyOf(x.runs),
      workerPeakRssMb: round(medianOf(x.runs, (r) => Math.max(...r.workerPeakRssMb))),
      ...integrity(x.runs),
    };
  });
  const first = s.settings[0]!;
  const last = s.settings[s.settings.length - 1]!;
  const runs = Math.min(first.runs.length, last.runs.length);
  const scale = median(Array.from({ length: runs }, (_, i) => last.runs[i]!.deliveriesPerSec / first.runs[i]!.deliveriesPerSec));
  return { delayMs: s.delayMs, settings, scale: round(scale, 2), concurrencyRatio: round(last.concurrency / first.concurrency, 2) };
}

const loadFigures = (results: LoadResult[]) => ({
  reqPerSec: round(medianOf(results, (r) => r.reqPerSec)),
  p50Ms: round(
    medianOf(results, (r) => r.p50Ms),
    1,
  ),
  p99Ms: round(
    medianOf(results, (r) => r.p99Ms),
    1,
  ),
  non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  errors: results.reduce((n, r) => n + r.errors, 0),
  /** Server CPU per request, µs (median over rounds); null when not measured. */
  cpuUsPerReq:
    results.every((r) => r.cpuUsPerReq !== undefined) && results.length > 0
      ? round(
          medianOf(results, (r) => r.cpuUsPerReq!),
          1,
        )
      : null,
});

/**
 * Median figures of the API section. `ratio`: req/s ÷ bare req/s per round, then the median
 * (reported, not judged). `cpuCost`: CPU µs per request ÷ bare's, of the medians over the same
 * rounds (the judged figure; see {@link cpuCost}).
 */
export function apiFigures(rounds: ApiRound[]) {
  const ratio = (pick: (r: ApiRound) => LoadResult) => round(median(rounds.map((r) => pick(r).reqPerSec / r.bare.reqPerSec)), 3);
  const bare = loadFigures(rounds.map((r) => r.bare));
  const op = (pick: (r: ApiRound) => LoadResult) => {
    const figures = loadFigures(rounds.map(pick));
    return { ...figures, ratio: ratio(pick), cpuCost: cpuCost(figures.cpuUsPerReq, bare.cpuUsPerReq) };
  };
  return { bare, read: op((r) => r.read), write: op((r) => r.write) };
}

/** Figures of the fairness section: medians over rounds; integrity counts summed. */
function fairnessFigures(f: FairnessSectionResult) {
  const rounds = f.rounds;
  const sum = (pick: (r: FairnessSectionResult['rounds'][number]) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  const healthyP99AloneMs = round(
    medianOf(rounds, (r) => r.alone.latencyMs.p99),
    1,
  );
  const healthyP99BesideMs = round(
    medianOf(rounds, (r) => r.beside.latencyMs.p99),
    1,
  );
  const limitMs = round(TARGETS.fairnessFactor * healthyP99AloneMs + TARGETS.fairnessSlackMs, 1);
  const healthyMissing = sum((r) => r.alone.expected - r.alone.delivered + (r.beside.expected - r.beside.delivered));
  const statuses: Record<string, number> = {};
  for (const r of rounds) for (const [k, n] of Object.entries(r.hanging.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
  return {
    /** median over rounds of the healthy endpoint's p99 commit → 2xx, alone */
    healthyP99AloneMs,
    /** the same beside the hanging endpoint's backlog */
    healthyP99BesideMs,
    /** 2 × alone + 250 ms */
    healthyP99LimitMs: limitMs,
    /** beside ≤ limit, and every healthy delivery arrived */
    healthyMet: healthyP99BesideMs <= limitMs && healthyMissing === 0,
    /** hanging deliveries missing or inconsistent, summed over rounds */
    hangingLost: sum((r) => r.hanging.lost),
    healthyP50AloneMs: round(
      medianOf(rounds, (r) => r.alone.latencyMs.p50),
      1,
    ),
    healthyP50BesideMs: round(
      medianOf(rounds, (r) => r.beside.latencyMs.p50),
      1,
    ),
    /** per round: [p99 alone, p99 beside], ms */
    healthyP99ByRound: rounds.map((r) => [round(r.alone.latencyMs.p99, 1), round(r.beside.latencyMs.p99, 1)]),
    /** rounds whose own beside p99 ≤ 2 × their own alone p99 + 250 ms */
    roundsMet: rounds.filter((r) => r.beside.latencyMs.p99 <= TARGETS.fairnessFactor * r.alone.latencyMs.p99 + TARGETS.fairnessSlackMs)
      .length,
    rounds: rounds.length,
    paymentsPerSec: f.paymentsPerSec,
    durationS: f.durationS,
    healthyMissing,
    healthyDuplicates: sum((r) => r.alone.duplicates + r.beside.duplicates),
    healthyNotCleanInDb: sum((r) => r.alone.notCleanInDb + r.beside.notCleanInDb),
    hanging: {
      deliveriesPerRound: rounds[0]?.hanging.deliveries ?? 0,
      burstS: round(medianOf(rounds, (r) => r.hanging.burstMs) / 1000, 1),
      requests: sum((r) => r.hanging.requests),
      attempts: sum((r) => r.hanging.attempts),
      statuses,
      missingRows: sum((r) => r.hanging.missingRows),
      overCounted: sum((r) => r.hanging.overCounted),
      underCounted: sum((r) => r.hanging.underCounted),
      attemptLogMismatch: sum((r) => r.hanging.attemptLogMismatch),
      unexpectedStatus: sum((r) => r.hanging.unexpectedStatus),
      strayRequests: sum((r) => r.hanging.strayRequests),
      circuitAtEnd: rounds.map((r) => r.hanging.circuitAtEnd?.state ?? null),
    },
    workerPeakRssMb: round(medianOf(rounds, (r) => r.workerPeakRssMb)),
    workerExits: rounds.map((r) => r.workerExit),
    tenants: tenantsFigures(f.tenants),
  };
}

/**
 * Figures of the noisy tenants: the healthy organization's p99 alone, beside one and
 * beside three noisy organizations (medians over rounds), each held to 2 × alone + 250 ms.
 */
function tenantsFigures(t: FairnessSectionResult['tenants']) {
  const rounds = t.rounds;
  const p99 = (pick: (r: (typeof rounds)[number]) => HealthyRun) =>
    round(
      medianOf(rounds, (r) => pick(r).latencyMs.p99),
      1,
    );
  const p99AloneMs = p99((r) => r.alone);
  const limitMs = round(TARGETS.fairnessFactor * p99AloneMs + TARGETS.fairnessSlackMs, 1);
  const runs = rounds.flatMap((r) => [r.alone, r.one.healthy, r.three.healthy]);
  const missing = runs.reduce((n, r) => n + r.expected - r.delivered, 0);
  const withinLimit = (r: (typeof rounds)[number], beside: HealthyRun) =>
    beside.latencyMs.p99 <= TARGETS.fairnessFactor * r.alone.latencyMs.p99 + TARGETS.fairnessSlackMs;
  const p99OneMs = p99((r) => r.one.healthy);
  const p99ThreeMs = p99((r) => r.three.healthy);
  return {
    burstPayments: t.burstPayments,
    slowAnswerMs: t.slowAnswerMs,
    /** median over rounds of the healthy organization's p99 commit → 2xx, alone */
    p99AloneMs,
    /** beside one noisy organization (5 slow webhooks, a burst) */
    p99OneMs,
    /** beside three at once */
    p99ThreeMs,
    /** 2 × alone + 250 ms */
    p99LimitMs: limitMs,
    /** both ≤ limit, and every healthy delivery arrived */
    met: p99OneMs <= limitMs && p99ThreeMs <= limitMs && missing === 0,
    /** per round: [alone, one, three] p99, ms */
    p99ByRound: rounds.map((r) => [r.alone, r.one.healthy, r.three.healthy].map((h) => round(h.latencyMs.p99, 1))),
    /** rounds whose own p99 beside one and beside three are within their own limit */
    roundsMet: rounds.filter((r) => withinLimit(r, r.one.healthy) && withinLimit(r, r.three.healthy)).length,
    rounds: rounds.length,
    missing,
    duplicates: runs.reduce((n, r) => n + r.duplicates, 0),
    notCleanInDb: runs.reduce((n, r) => n + r.notCleanInDb, 0),
    /** median slow requests started while the healthy run went on: one and three noisy organizations */
    slowRequests: [round(medianOf(rounds, (r) => r.one.slowRequests)), round(medianOf(rounds, (r) => r.three.slowRequests))],
  };
}

/** Figures of the growth section: per operation p50/p99 empty vs full and the p99 ratio. */
function growthFigures(g: GrowthSectionResult) {
  const ops = Object.fromEntries(
    GROWTH_OPERATIONS.map((op) => {
      const e = g.empty.ops[op];
      const f = g.full.ops[op];
      return [
        op,
        {
          p50EmptyMs: round(e.p50, 2),
          p99EmptyMs: round(e.p99, 2),
          p50FullMs: round(f.p50, 2),
          p99FullMs: round(f.p99, 2),
          p99Ratio: p99Ratio(e.p99, f.p99),
        },
      ];
    }),
  ) as Record<
    (typeof GROWTH_OPERATIONS)[number],
    { p50EmptyMs: number; p99EmptyMs: number; p50FullMs: number; p99FullMs: number; p99Ratio: number }
  >;
  // Drains ran small, large, small (growth-section.ts): the small rate is the mean of its runs.
  const sizes = [...new Set(g.drain.map((r) => r.jobs))].sort((a, b) => a - b);
  const rateOf = (n: number | undefined) => {
    const runs = g.drain.filter((r) => r.jobs === n);
    return runs.length ? runs.reduce((a, r) => a + r.deliveriesPerSec, 0) / runs.length : Number.NaN;
  };
  const smallRate = rateOf(sizes[0]);
  const bigRate = rateOf(sizes[sizes.length - 1]);
  const big = g.drain.find((r) => r.jobs === sizes[sizes.length - 1]);
  return {
    ...ops,
    /** The dead list of the largest organization on the full database (against the typical one's empty figure). */
    listDeadDeliveriesLargestOrg: {
      p50FullMs: round(g.largestOrgListDead.p50, 2),
      p99FullMs: round(g.largestOrgListDead.p99, 2),
      p99Ratio: p99Ratio(g.empty.ops.listDeadDeliveries.p99, g.largestOrgListDead.p99),
    },
    /** Bytes of Redis per queued delivery job (MEMORY USAGE of the queue's keys, largest backlog). */
    redisBytesPerJob: big?.redisBytesPerJob ?? null,
    /** Drain rate of the large backlog / that of the small one (1 = linear). */
    drain100kVs10k: sizes.length > 1 ? round(bigRate / smallRate, 3) : null,
    drainRate10k: round(smallRate),
    drainRate100k: round(bigRate),
    drain: g.drain,
    workerConcurrency: g.workerConcurrency,
    indexes: g.indexes,
    measuredOrg: g.measuredOrg,
    largestOrg: g.largestOrg,
    rows: { empty: g.empty.rows, full: g.full.rows },
    seed: g.seed,
    samples: g.samples,
    sweeps: g.sweeps,
    plans: g.plans.map((p) => ({ name: p.name, beforeExecMs: p.beforeExecMs, afterExecMs: p.afterExecMs })),
  };
}

export interface BenchResults {
  pipeline?: PipelineSectionResult;
  slow?: SlowSectionResult;
  api?: ApiRound[];
  fairness?: FairnessSectionResult;
  e2e?: E2eSectionResult;
  chain?: ChainSectionResult;
  growth?: GrowthSectionResult;
  profiles?: ProfileSectionResult;
}

/** The commit measured, and whether product code (apps/, packages/, prisma/) had uncommitted changes. */
function gitState(): { commit: string; dirty: boolean } {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return { commit: git('rev-parse', '--short', 'HEAD'), dirty: git('status', '--porcelain', '--', 'apps', 'packages', 'prisma') !== '' };
  } catch {
    return { commit: 'unknown', dirty: true };
  }
}

/** The JSON document of a bench run (`bench/results/latest.json`). */
export function buildReport(cfg: BenchConfig, r: BenchResults, startedAt: Date, loadAtStart: number[]) {
  const { sections, ...settings } = cfg;
  return {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    git: gitState(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryMb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      /** 1/5/15-minute load averages at start and end: well above the core count means other work shared the machine (noisier figures). */
      loadAvgStart: loadAtStart.map((l) => round(l, 2)),
      loadAvgEnd: os.loadavg().map((l) => round(l, 2)),
    },
    settings: { ...settings, sections: [...sections] },
    targets: TARGETS,
    pipeline: r.pipeline ? pipelineFigures(r.pipeline) : undefined,
    slow: r.slow ? slowFigures(r.slow) : undefined,
    api: r.api ? apiFigures(r.api) : undefined,
    fairness: r.fairness ? fairnessFigures(r.fairness) : undefined,
    e2e: r.e2e ? e2eFigures(r.e2e) : undefined,
    chain: r.chain ? chainFigures(r.chain) : undefined,
    growth: r.growth && r.growth.indexes === 'after' ? growthFigures(r.growth) : undefined,
    /** BENCH_GROWTH_INDEXES=before: the same figures with the older list indexes (kept apart from `growth`). */
    growthIndexesBefore: r.growth && r.growth.indexes === 'before' ? growthFigures(r.growth) : undefined,
    profiles: r.profiles,
    raw: {
      pipelineRounds: r.pipeline?.rounds,
      pacedRuns: r.pipeline?.paced.runs,
      slow: r.slow?.settings,
      apiRounds: r.api,
      fairness: r.fairness,
      e2e: r.e2e,
      chain: r.chain,
      growthPlans: r.growth?.plans,
    },
  };
}

export type Report = ReturnType<typeof buildReport>;

/** The committed summary of the headline figures (summary.ts); latest.json and the timestamped copies are git-ignored. */
export const SUMMARY_FILE = path.join(RESULTS_DIR, 'summary.json');

/**
 * Writes `latest.json` (this run's sections, the others kept from the previous one) and
 * `<timestamp>.json` in bench/results; `summary.json` is written beside them by summary.ts's
 * `writeSummary`. @returns the path of latest.json
 */
export function writeReport(report: Report): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const latest = path.join(RESULTS_DIR, 'latest.json');
  writeFileSync(path.join(RESULTS_DIR, `${report.startedAt.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(latest, `${JSON.stringify(mergeSections(latest, report), null, 2)}\n`);
  return latest;
}

/** The sections' figures a report carries (a run of some sections keeps the others' figures in latest.json). */
const SECTION_KEYS = ['pipeline', 'slow', 'api', 'fairness', 'e2e', 'chain', 'growth', 'growthIndexesBefore'] as const;

type Block = Record<string, unknown>;
const isBlock = (v: unknown): v is Block => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An `api` block of an older latest.json without its `cpuRatio` keys (bare ÷ op, the inverse of
 * what is judged now), with `cpuCost` from its medians of CPU µs per request where it lacks it.
 */
export function withoutCpuRatio(api: unknown): unknown {
  if (!isBlock(api)) return api;
  const bareUs = isBlock(api.bare) ? (api.bare.cpuUsPerReq as number | null | undefined) : null;
  const out: Block = { ...api };
  for (const op of ['read', 'write'] as const) {
    const x = api[op];
    if (!isBlock(x)) continue;
    const { cpuRatio: _dropped, ...rest } = x;
    out[op] = { ...rest, cpuCost: rest.cpuCost ?? cpuCost(rest.cpuUsPerReq as number | null | undefined, bareUs) };
  }
  return out;
}

/**
 * `report`, plus the figures of the sections this run did not measure as `file` (the previous
 * latest.json) has them, so that `BENCH_SECTIONS=growth pnpm bench` does not erase the others.
 * The timestamped copy holds only this run.
 */
export function mergeSections(file: string, report: Report): Record<string, unknown> {
  if (!existsSync(file)) return report;
  let previous: Record<string, unknown>;
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return report;
  }
  const merged: Record<string, unknown> = { ...report };
  const kept: string[] = [];
  for (const key of SECTION_KEYS) {
    if (merged[key] === undefined && previous[key] !== undefined) {
      merged[key] = key === 'api' ? withoutCpuRatio(previous[key]) : previous[key];
      kept.push(key);
    }
  }
  if (kept.length > 0) merged.keptFromPreviousRun = { sections: kept, startedAt: previous.startedAt, git: previous.git };
  return merged;
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISS');
/** A CPU cost against its ceiling; `not measured` without a value. */
const cpuVerdict = (cost: number | null, limit: number) => (cost === null ? 'not measured' : verdict(cost <= limit));

/** Renders the report as a plain-text table. */
export function formatReport(report: Report): string {
  const rows: [string, string, string][] = [];
  const m = report.machine;
  rows.push([
    `Commit ${report.git.commit}${report.git.dirty ? ' + uncommitted changes' : ''}; ${m.cpus} × ${m.cpuModel}, Node ${m.node}; load average at start ${m.loadAvgStart.join(' ')}, at end ${m.loadAvgEnd.join(' ')}` +
      (report.settings.pooler === 'pgbouncer'
        ? `; PostgreSQL through PgBouncer (transaction mode, default_pool_size ${report.settings.poolerPoolSize}), DATABASE_POOLER=transaction`
        : ''),
    '',
    '',
  ]);
  const section = (title: string) => rows.push([title, '', '']);
  const row = (figure: string, value: string, target = '') => rows.push([`  ${figure}`, value, target]);
  const p = report.pipeline;
  const s = report.settings;
  if (p) {
    section(
      `Pipeline: ${s.payments} payments × ${s.webhooks} webhooks = ${s.payments * s.webhooks} deliveries, WORKER_CONCURRENCY=${s.workerConcurrency}, median of ${s.pipelineRuns}`,
    );
    row('pipeline, 1 worker process (deliveries/s)', `${p.deliveriesPerSec}`);
    row('ceiling: bare BullMQ + HMAC + got, no DB (deliveries/s)', `${p.ceilingPerSec}`);
    row('pipeline / ceiling (per-round ratio)', `${p.ratio}`, `≥ ${TARGETS.pipelineRatio}  ${verdict(p.ratio >= TARGETS.pipelineRatio)}`);
    row('commit → 2xx at peak, p50 / p95 / p99 (ms)', `${p.atPeak.p50Ms} / ${p.atPeak.p95Ms} / ${p.atPeak.p99Ms}`);
    row(
      `commit → 2xx at half peak (${p.halfPeak.offeredDeliveriesPerSec}/s offered), p50 / p95 / p99 (ms)`,
      `${p.halfPeak.p50Ms} / ${p.halfPeak.p95Ms} / ${p.halfPeak.p99Ms}`,
      `p99 < ${TARGETS.p99AtHalfPeakMs}  ${verdict(p.p99Ms < TARGETS.p99AtHalfPeakMs)}`,
    );
    row('worker RSS once started, before any job (MiB)', `${p.workerStartRssMb}`);
    row(
      'worker peak RSS, VmHWM (MiB)',
      `${p.workerPeakRssMb}`,
      `< ${TARGETS.workerPeakRssMb}  ${verdict(p.workerPeakRssMb < TARGETS.workerPeakRssMb)}`,
    );
    row('ceiling worker peak RSS (MiB)', `${p.ceilingPeakRssMb}`);
    for (const [n, f] of Object.entries(p.byProcesses)) {
      if (n === '1') continue;
      row(
        `${n} worker processes (deliveries/s; × 1 worker; / ceiling)`,
        `${f.deliveriesPerSec}; ×${f.scaleVsOneWorker}; ${f.ratioToCeiling}`,
      );
      row(`${n} worker processes at peak, p50 / p99 (ms); peak RSS each (MiB)`, `${f.p50Ms} / ${f.p99Ms}; ${f.workerPeakRssMb}`);
    }
    row('missing / duplicate / not-clean deliveries (all runs)', `${p.missing} / ${p.duplicates} / ${p.notCleanInDb}`, '0 / 0 / 0');
  }
  const sl = report.slow;
  if (sl) {
    section(
      `Slow receiver: answers after ${sl.delayMs} ms, 1 worker process, ${s.slowPayments * s.webhooks} deliveries, median of ${s.slowRuns}`,
    );
    for (const x of sl.settings) {
      row(
        `WORKER_CONCURRENCY=${x.concurrency} (deliveries/s; ideal ${x.idealPerSec}; efficiency)`,
        `${x.deliveriesPerSec}; ${x.efficiency}`,
      );
    }
    row(`throughput scale for ×${sl.concurrencyRatio} concurrency`, `×${sl.scale}`);
  }
  const a = report.api;
  if (a) {
    section(`API: autocannon ${s.apiDurationS} s × ${s.apiConnections} connections, API in its own process, median of ${s.apiRuns}`);
    row('bare Express 5 GET / (req/s; p99 ms)', `${a.bare.reqPerSec}; ${a.bare.p99Ms}`);
    row(`read GET /gateway/v1/webhooks, ${s.apiWebhooks} webhooks listed (req/s; p99 ms)`, `${a.read.reqPerSec}; ${a.read.p99Ms}`);
    row('write POST /gateway/v1/payments (req/s; p99 ms)', `${a.write.reqPerSec}; ${a.write.p99Ms}`);
    row('CPU µs per request: bare, read, write', `${a.bare.cpuUsPerReq}, ${a.read.cpuUsPerReq}, ${a.write.cpuUsPerReq}`);
    row(
      'CPU per request ÷ bare: read, write',
      `read ${a.read.cpuCost ?? '—'} × (target ≤ ${TARGETS.readCpuCost.toFixed(1)}), write ${a.write.cpuCost ?? '—'} × (target ≤ ${TARGETS.writeCpuCost.toFixed(1)})`,
      `read ${cpuVerdict(a.read.cpuCost, TARGETS.readCpuCost)}, write ${cpuVerdict(a.write.cpuCost, TARGETS.writeCpuCost)}`,
    );
    row('req/s ÷ bare (beside the CPU cost, not judged): read, write', `${a.read.ratio}, ${a.write.ratio}`);
    row(
      'non-2xx / errors (bare, read, write)',
      `${a.bare.non2xx}/${a.bare.errors}, ${a.read.non2xx}/${a.read.errors}, ${a.write.non2xx}/${a.write.errors}`,
      '0',
    );
  }
  const f = report.fairness;
  if (f) {
    section(
      `Fairness: healthy endpoint at ${f.paymentsPerSec} payments/s for ${f.durationS} s, alone then beside a hanging endpoint's ${f.hanging.deliveriesPerRound} deliveries; 1 worker process, ${
        Object.keys(s.workerEnv).length
          ? `worker env ${Object.entries(s.workerEnv)
              .map(([k, v]) => `${k}=${v}`)
              .join(' ')}`
          : 'default timeout, cap and breaker'
      }; median of ${f.rounds}`,
    );
    row('healthy alone, commit → 2xx p50 / p99 (ms)', `${f.healthyP50AloneMs} / ${f.healthyP99AloneMs}`);
    row(
      'healthy beside the hanging backlog, p50 / p99 (ms)',
      `${f.healthyP50BesideMs} / ${f.healthyP99BesideMs}`,
      `p99 ≤ ${TARGETS.fairnessFactor} × alone + ${TARGETS.fairnessSlackMs} = ${f.healthyP99LimitMs}  ${verdict(f.healthyMet)}`,
    );
    row(
      'p99 alone → beside per round (ms); rounds within the target',
      `${f.healthyP99ByRound.map(([a1, b]) => `${a1} → ${b}`).join(', ')}; ${f.roundsMet}/${f.rounds}`,
    );
    row(
      'healthy missing / duplicate / not-clean deliveries',
      `${f.healthyMissing} / ${f.healthyDuplicates} / ${f.healthyNotCleanInDb}`,
      '0 / 0 / 0',
    );
    row(
      'hanging: requests received / attempts recorded; statuses',
      `${f.hanging.requests} / ${f.hanging.attempts}; ${Object.entries(f.hanging.statuses)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
    row(
      'hanging lost (missing, over-, under-counted, attempt log, status)',
      `${f.hangingLost} (${f.hanging.missingRows}, ${f.hanging.overCounted}, ${f.hanging.underCounted}, ${f.hanging.attemptLogMismatch}, ${f.hanging.unexpectedStatus})`,
      `${TARGETS.hangingLost} lost  ${verdict(f.hangingLost === TARGETS.hangingLost)}`,
    );
    const t = f.tenants;
    section(
      `Fairness, noisy tenants: the healthy organization at ${f.paymentsPerSec} payments/s for ${f.durationS} s, alone, then beside 1 and 3 organizations ` +
        `with 5 webhooks answering after ${t.slowAnswerMs / 1000} s and a burst of ${t.burstPayments} payments each; 1 worker process; median of ${t.rounds}`,
    );
    row(
      'healthy alone / beside 1 / beside 3, commit → 2xx p99 (ms)',
      `${t.p99AloneMs} / ${t.p99OneMs} / ${t.p99ThreeMs}`,
      `≤ ${t.p99LimitMs}  ${verdict(t.met)}`,
    );
    row(
      'p99 alone, 1, 3 per round (ms); rounds within the target',
      `${t.p99ByRound.map((r) => r.join(', ')).join('; ')}; ${t.roundsMet}/${t.rounds}`,
    );
    row('healthy missing / duplicate / not-clean deliveries', `${t.missing} / ${t.duplicates} / ${t.notCleanInDb}`, '0 / 0 / 0');
    row('slow requests started during the healthy run (1 / 3 noisy)', t.slowRequests.join(' / '));
  }
  if (report.e2e) e2eRows(report.e2e, s, section, row);
  if (report.chain) chainRows(report.chain, section, row);
  for (const g of [report.growth, report.growthIndexesBefore]) {
    if (!g) continue;
    section(
      `Growth: empty vs ${g.rows.full.deliveries} deliveries / ${g.rows.full.payments} payments over ${g.rows.full.organizations} organizations; ` +
        `typical organization (${g.measuredOrg.deliveries} deliveries, ${g.measuredOrg.dead} dead, ${g.measuredOrg.payments} payments); ${g.samples} samples, ${g.sweeps} sweeps` +
        (g.indexes === 'before' ? '; OLDER LIST INDEXES (BY CREATED_AT)' : ''),
    );
    const labels: Record<(typeof GROWTH_OPERATIONS)[number], string> = {
      listDeadDeliveries: 'GET /webhooks/deliveries?status=dead',
      listPayments: 'GET /payments',
      confirmPayment: 'POST /payments/:id/confirm',
      sweeperCycle: 'one sweeper cycle (sweepOutbox)',
    };
    for (const op of GROWTH_OPERATIONS) {
      const x = g[op];
      row(
        `${labels[op]}: p50 / p99 empty → full (ms)`,
        `${x.p50EmptyMs} / ${x.p99EmptyMs} → ${x.p50FullMs} / ${x.p99FullMs} (p99 × ${x.p99Ratio})`,
        `p99 ≤ ${TARGETS.growthP99Ratio} × empty  ${verdict(x.p99Ratio <= TARGETS.growthP99Ratio)}`,
      );
    }
    const l = g.listDeadDeliveriesLargestOrg;
    row(
      `dead list of the largest organization (${g.largestOrg.deliveries} deliveries, ${g.largestOrg.dead} dead), p50 / p99 (ms)`,
      `${l.p50FullMs} / ${l.p99FullMs} (× ${l.p99Ratio} the typical one's empty p99)`,
    );
    row('Redis per queued delivery job (bytes, MEMORY USAGE)', `${g.redisBytesPerJob}`);
    for (const d of g.drain) {
      row(`drain of ${d.jobs} jobs, 1 worker, concurrency ${g.workerConcurrency} (deliveries/s)`, `${d.deliveriesPerSec} (${d.drainS} s)`);
    }
    row('drain rate 100k / 10k', `${g.drain100kVs10k}`, 'linear ≈ 1');
  }
  // Titles (rows without a value) are printed on their own line and do not widen the columns.
  const figures = rows.filter((r) => r[1] || r[2]);
  const w0 = Math.max(...figures.map((r) => r[0].length));
  const w1 = Math.max(...figures.map((r) => r[1].length));
  return rows.map(([a1, b, c]) => (b || c ? `${a1.padEnd(w0)}  ${b.padStart(w1)}  ${c}` : `\n${a1}`)).join('\n');
}
