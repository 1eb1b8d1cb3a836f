/**
 * `bench/results/summary.json`, the bench's committed record: for each headline figure of each
 * section its name, what it measures, value, unit, target (the one bench/README.md states) and
 * whether it was met, with the run that measured it (date, commit, machine, load average, the
 * `BENCH_*` settings it ran with). `pnpm bench` rewrites the sections it ran and keeps the others
 * as they were (a `BENCH_SECTIONS=api` run leaves the pipeline's figures alone), and
 * `pnpm docs:generate` renders the file into bench/README.md (`bench-figures`); the
 * generated-docs test fails when the two disagree.
 *
 * Only types come from report.ts, so that the docs generator can import this file without
 * loading the bench.
 *
 * @module
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { JudgedFigure, RelayerTargets } from './chain-report.js';
import type { Report } from './report.js';

/** The sections of `pnpm bench` in the order they run (as `SECTIONS` in config.ts). */
const SECTION_ORDER = ['pipeline', 'slow', 'api', 'fairness', 'e2e', 'chain', 'growth'] as const;
export type SummarySection = (typeof SECTION_ORDER)[number];

export interface SummaryFigure {
  /** The figure's key in latest.json (e.g. `pipeline.ratio`). */
  name: string;
  /** What it measures, in a few words. */
  what: string;
  /** null when the run could not measure it. */
  value: number | null;
  unit: string;
  /** The target, as bench/README.md states it (e.g. `≥ 0.6`); null when there is none. */
  target: string | null;
  /** Whether the value meets the target; null without a target (or a value). */
  met: boolean | null;
}

export interface SummaryRun {
  /** When the run started (ISO 8601). */
  date: string;
  commit: string;
  /** Product code (apps/, packages/, prisma/) had uncommitted changes. */
  dirty: boolean;
  cpus: number;
  cpuModel: string;
  node: string;
  /** 1/5/15-minute load averages at the start and at the end of the run. */
  loadAvgStart: number[];
  loadAvgEnd: number[];
  /** The `BENCH_*` variables the run was given that change what is measured (none: the defaults). */
  settings: string[];
}

export interface SummaryEntry {
  run: SummaryRun;
  figures: SummaryFigure[];
}

export interface BenchSummary {
  about: string;
  sections: Partial<Record<SummarySection, SummaryEntry>>;
}

const ABOUT =
  'Headline figures of pnpm bench, one entry per section, each from the last run of that section (bench/lib/summary.ts). ' +
  'bench/README.md shows them (pnpm docs:generate).';

/** Variables that do not change what a section measures (where it runs, which sections, profiling, time-outs). */
const NEUTRAL_SETTINGS = new Set(['BENCH_SECTIONS', 'BENCH_PG_URL', 'BENCH_REDIS_URL', 'BENCH_PROFILE', 'BENCH_RUN_TIMEOUT_MS']);

/** The `BENCH_*` variables of `env` that change what is measured, as `NAME=value`, sorted. */
export function measuredSettings(env: Record<string, string | undefined>): string[] {
  return Object.entries(env)
    .filter(([k, v]) => k.startsWith('BENCH_') && !NEUTRAL_SETTINGS.has(k) && v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .sort();
}

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The figures of an older summary under names since dropped: `api.*.cpuRatio` (bare ÷ op, the inverse of `cpuCost`). */
const DROPPED_FIGURE = /^api\.(read|write)\.cpuRatio$/;

/** A figure with a target `value op limit`; `met` is null when the value is missing. */
function figure(
  name: string,
  what: string,
  value: number | null | undefined,
  unit: string,
  target?: { op: '≥' | '<' | '≤' | '='; limit: number; text?: string },
): SummaryFigure {
  const v = num(value);
  if (!target) return { name, what, value: v, unit, target: null, met: null };
  const ok = { '≥': (x: number) => x >= target.limit, '<': (x: number) => x < target.limit, '≤': (x: number) => x <= target.limit };
  const test = target.op === '=' ? (x: number) => x === target.limit : ok[target.op];
  return { name, what, value: v, unit, target: target.text ?? `${target.op} ${target.limit}`, met: v === null ? null : test(v) };
}

/** A figure judged where it was computed (chain-report.ts), with its target and verdict as they are. */
const judgedFigure = (name: string, what: string, j: JudgedFigure, unit: string): SummaryFigure => ({
  name,
  what,
  value: num(j.value),
  unit,
  target: j.target,
  met: j.met,
});

/** The chain relayer's targets of a run that measured the raw pipelined baseline (`chain.targets.*`). */
function relayerFigures(t: RelayerTargets, conf: string): SummaryFigure[] {
  const f = (
    key: Exclude<keyof RelayerTargets, 'rawPerSec' | 'broadcastsSampled' | 'withdrawalBroadcastP99Ms'>,
    what: string,
    unit: string,
  ) => judgedFigure(`chain.targets.${key}`, what, t[key], unit);
  return [
    f('withdrawalsVsRaw', 'relayer target: withdrawals confirmed/s ÷ raw pipelined tx/s (to the last one mined)', ''),
    f('votesVsRaw', 'relayer target: votes by signature confirmed/s ÷ raw pipelined tx/s (the same)', ''),
    f('withdrawalBroadcastP50Ms', 'relayer target: withdrawal POST → broadcast p50 (outbox row first `submitted`; ≤ 1 block)', 'ms'),
    f('withdrawalsP99Ms', `relayer target: withdrawals POST → confirmed p99 (≤ (confirmations + 2) blocks; ${conf})`, 'ms'),
    f('votesP99Ms', 'relayer target: votes POST → confirmed p99 (the same limit)', 'ms'),
    f('depositsP99Ms', 'relayer target: deposits broadcast → credited p99 (the same limit)', 'ms'),
    f('bridgeP99FloorRatio', 'relayer target: bridge p99 ÷ floor', '×'),
    f('workerCpuMsPerWithdrawal', 'relayer target: worker CPU per confirmed withdrawal', 'ms'),
    f('apiCpuMsPerWithdrawal', 'relayer target: API CPU per confirmed withdrawal', 'ms'),
    f('lost', 'relayer target: withdrawals confirmed without their transfer on chain', 'count'),
    f('paidTwice', 'relayer target: transfers out of custody beyond one per confirmed withdrawal', 'count'),
    f('notConfirmed', 'relayer target: withdrawals, votes, deposits, bridges not confirmed', 'count'),
  ];
}

/** The headline figures of each section `report` carries. */
export function summaryFigures(report: Report): Partial<Record<SummarySection, SummaryFigure[]>> {
  const t = report.targets;
  const out: Partial<Record<SummarySection, SummaryFigure[]>> = {};
  const p = report.pipeline;
  if (p) {
    out.pipeline = [
      figure('pipeline.deliveriesPerSec', 'real pipeline, 1 worker process, fast receiver', p.deliveriesPerSec, 'deliveries/s'),
      figure('pipeline.ceilingPerSec', 'ceiling: bare BullMQ + HMAC + got, no database', p.ceilingPerSec, 'deliveries/s'),
      figure('pipeline.ratio', 'pipeline ÷ ceiling, per round, median', p.ratio, '', { op: '≥', limit: t.pipelineRatio }),
      figure('pipeline.p99Ms', 'commit → receiver 2xx p99 at half the measured peak', p.p99Ms, 'ms', { op: '<', limit: t.p99AtHalfPeakMs }),
      figure('pipeline.workerPeakRssMb', 'worker peak RSS (VmHWM) during a run', p.workerPeakRssMb, 'MiB', {
        op: '<',
        limit: t.workerPeakRssMb,
      }),
      ...Object.entries(p.byProcesses)
        .filter(([n]) => n !== '1')
        .map(([n, f]) => figure(`pipeline.byProcesses.${n}.scaleVsOneWorker`, `${n} worker processes ÷ 1`, f.scaleVsOneWorker, '×')),
      figure(
        'pipeline.missing + duplicates + notCleanInDb',
        'deliveries lost, duplicated or not recorded once (all runs)',
        p.missing + p.duplicates + p.notCleanInDb + p.halfPeak.missing + p.halfPeak.duplicates + p.halfPeak.notCleanInDb,
        'count',
        { op: '=', limit: 0, text: '0' },
      ),
    ];
  }
  const s = report.slow;
  if (s) {
    const first = s.settings[0];
    const last = s.settings[s.settings.length - 1];
    out.slow = [
      ...s.settings.map((x) =>
        figure(
          `slow.settings.${x.concurrency}.efficiency`,
          `measured ÷ ideal (concurrency ÷ ${s.delayMs} ms delay) at WORKER_CONCURRENCY ${x.concurrency}`,
          x.efficiency,
          '',
        ),
      ),
      figure(
        'slow.scale',
        `throughput at concurrency ${last?.concurrency} ÷ at ${first?.concurrency} (×${s.concurrencyRatio} allowed)`,
        s.scale,
        '×',
      ),
    ];
  }
  const a = report.api;
  if (a) {
    out.api = [
      figure('api.bare.reqPerSec', 'bare Express 5 `GET /`', a.bare.reqPerSec, 'req/s'),
      figure('api.read.cpuCost', '`GET /webhooks` CPU µs per request ÷ bare’s, medians of the same rounds (judged)', a.read.cpuCost, '×', {
        op: '≤',
        limit: t.readCpuCost,
        text: `≤ ${t.readCpuCost.toFixed(1)}`,
      }),
      figure(
        'api.write.cpuCost',
        '`POST /payments` (idempotency key) CPU µs per request ÷ bare’s, medians of the same rounds (judged)',
        a.write.cpuCost,
        '×',
        { op: '≤', limit: t.writeCpuCost, text: `≤ ${t.writeCpuCost.toFixed(1)}` },
      ),
      figure('api.read.ratio', '`GET /webhooks` req/s ÷ bare, per round, median (beside the CPU cost, not judged)', a.read.ratio, ''),
      figure('api.write.ratio', '`POST /payments` req/s ÷ bare, per round, median (beside the CPU cost, not judged)', a.write.ratio, ''),
      figure(
        'api.non2xx + errors',
        'answers other than 2xx and socket errors (all targets, all rounds)',
        a.bare.non2xx + a.bare.errors + a.read.non2xx + a.read.errors + a.write.non2xx + a.write.errors,
        'count',
        { op: '=', limit: 0, text: '0' },
      ),
    ];
  }
  const f = report.fairness;
  if (f) {
    const tn = f.tenants;
    const limit = (ms: number) => ({ op: '≤' as const, limit: ms, text: `≤ ${ms} (2 × alone + 250)` });
    out.fairness = [
      figure('fairness.healthyP99AloneMs', 'healthy endpoint, commit → 2xx p99, alone', f.healthyP99AloneMs, 'ms'),
      figure(
        'fairness.healthyP99BesideMs',
        'the same beside a hanging endpoint’s backlog',
        f.healthyP99BesideMs,
        'ms',
        limit(f.healthyP99LimitMs),
      ),
      figure('fairness.hangingLost', 'hanging endpoint’s deliveries missing or miscounted', f.hangingLost, 'count', {
        op: '=',
        limit: t.hangingLost,
        text: `${t.hangingLost}`,
      }),
      figure('fairness.tenants.p99AloneMs', 'healthy organization p99, alone (noisy-tenant rounds)', tn.p99AloneMs, 'ms'),
      figure('fairness.tenants.p99OneMs', 'the same beside 1 noisy organization', tn.p99OneMs, 'ms', limit(tn.p99LimitMs)),
      figure('fairness.tenants.p99ThreeMs', 'the same beside 3 noisy organizations', tn.p99ThreeMs, 'ms', limit(tn.p99LimitMs)),
    ];
  }
  const e = report.e2e;
  if (e) {
    const fanouts = Object.keys(e)
      .filter((k) => /^fanout\d+$/.test(k))
      .map((k) => Number(k.slice(6)))
      .sort((x, y) => x - y);
    const maxFanout = Math.max(...fanouts);
    const fan = (n: number) => (e as unknown as Record<string, { paymentsPerSec: number; ratio: number }>)[`fanout${n}`]!;
    out.e2e = [
      ...fanouts.map((n) =>
        figure(`e2e.fanout${n}.paymentsPerSec`, `payments settled through the HTTP API, fan-out ${n}`, fan(n).paymentsPerSec, 'payments/s'),
      ),
      figure(
        `e2e.fanout${maxFanout}.ratio`,
        `deliveries ÷ ceiling of the same deliveries, fan-out ${maxFanout}`,
        fan(maxFanout).ratio,
        '',
        {
          op: '≥',
          limit: e.targets.fanoutRatio,
        },
      ),
      figure('e2e.hotMerchantRatio', 'confirms/s to one organization ÷ spread over many, lowest round', e.hotMerchantLowest, '', {
        op: '≥',
        limit: e.targets.hotMerchantRatio,
      }),
      figure('e2e.p99Ms', `confirm request p99 at half the peak (fan-out ${e.halfPeak.fanout}, paced)`, e.p99Ms, 'ms', {
        op: '<',
        limit: e.targets.confirmP99AtHalfPeakMs,
      }),
    ];
  }
  const c = report.chain;
  if (c) {
    const conf = `CHAIN_CONFIRMATIONS ${c.settings.confirmations}, ${c.settings.blockS} s blocks`;
    out.chain = [
      figure(
        'chain.deposits.perSec',
        `deposits credited, first transfer → last credit (${c.deposits.count} wallets)`,
        c.deposits.perSec,
        'deposits/s',
      ),
      figure('chain.deposits.p99Ms', `transfer broadcast → credited p99 (${conf})`, c.deposits.p99Ms, 'ms'),
      figure(
        'chain.withdrawals.perSec',
        `withdrawals confirmed through \`POST /wallet/withdraw\` (${c.withdrawals.count})`,
        c.withdrawals.perSec,
        'withdrawals/s',
      ),
      figure(
        'chain.withdrawals.ceilingPerSec',
        'ceiling: viem `sendRawTransaction` + receipt, same depth, same anvil',
        c.withdrawals.ceilingPerSec,
        'tx/s',
      ),
      ...(c.rawPipelined
        ? [
            figure(
              'chain.rawPipelined.perSec',
              `raw pipelined: ${c.rawPipelined.count} transfers, one key, pre-signed, all sent without waiting; first send → last mined`,
              c.rawPipelined.perSec,
              'tx/s',
            ),
            figure(
              'chain.rawPipelined.confirmedPerSec',
              'the same, to the last one CHAIN_CONFIRMATIONS deep',
              c.rawPipelined.confirmedPerSec,
              'tx/s',
            ),
          ]
        : []),
      figure('chain.withdrawals.ratio', 'withdrawals/s ÷ ceiling/s', c.withdrawals.ratio, ''),
      figure(
        'chain.votes.perSec',
        `votes by signature relayed (\`POST /governance/vote\`), first POST → last confirmed (${c.votes.count})`,
        c.votes.perSec,
        'votes/s',
      ),
      figure('chain.votes.ratio', 'votes/s ÷ the withdrawals’ ceiling/s', c.votes.ratio, ''),
      figure(
        'chain.bridge.p50Ms',
        `bridge home → second chain by permit, POST → completed p50 (${c.bridge.count} transfers)`,
        c.bridge.p50Ms,
        'ms',
      ),
      figure('chain.bridge.p99Ms', 'the same, p99', c.bridge.p99Ms, 'ms'),
      figure(
        'chain.bridge.p99FloorRatio',
        `bridge p99 ÷ floor: 2 × confirmations × block time (${c.bridge.floorMs.toLocaleString('en-US')} ms)`,
        c.bridge.p99FloorRatio,
        '×',
      ),
      figure(
        'chain.reads.tokenInfo.ratio',
        '`GET /token/info` req/s ÷ bare `eth_call` batch (API cache on: 3 s)',
        c.reads.tokenInfo.ratio,
        '',
      ),
      figure('chain.reads.tokenInfo.uncachedRatio', 'the same with `CHAIN_READ_CACHE_MS=0`', c.reads.tokenInfo.uncachedRatio, ''),
      figure(
        'chain.reads.balances.ratio',
        '`GET /wallet/balances` req/s ÷ bare batches on both chains (cache on)',
        c.reads.balances.ratio,
        '',
      ),
      figure('chain.reads.balances.uncachedRatio', 'the same with `CHAIN_READ_CACHE_MS=0`', c.reads.balances.uncachedRatio, ''),
      ...(c.targets ? relayerFigures(c.targets, conf) : []),
      figure(
        'chain.notDone + reads errors',
        'deposits, withdrawals, ceiling transfers, votes, bridges not done; failed reads',
        c.deposits.notDone +
          c.withdrawals.notDone +
          c.withdrawals.ceilingNotDone +
          c.votes.notDone +
          c.bridge.notDone +
          c.reads.tokenInfo.errors +
          c.reads.balances.errors,
        'count',
        { op: '=', limit: 0, text: '0' },
      ),
    ];
  }
  const g = report.growth;
  if (g) {
    const ops = [
      ['listDeadDeliveries', '`GET /webhooks/deliveries?status=dead`'],
      ['listPayments', '`GET /payments`'],
      ['confirmPayment', '`POST /payments/:id/confirm`'],
      ['sweeperCycle', 'one sweeper cycle'],
    ] as const;
    out.growth = [
      ...ops.map(([op, label]) =>
        figure(`growth.${op}.p99Ratio`, `${label}: p99 full ÷ p99 empty database`, g[op].p99Ratio, '×', {
          op: '≤',
          limit: t.growthP99Ratio,
        }),
      ),
      figure('growth.redisBytesPerJob', 'Redis memory per queued delivery job', g.redisBytesPerJob, 'bytes'),
      figure('growth.drainRate100k', 'one worker draining a 100,000-job backlog', g.drainRate100k, 'deliveries/s'),
      figure('growth.drain100kVs10k', 'drain rate of 100,000 jobs ÷ of 10,000 (1 = linear)', g.drain100kVs10k, '×'),
    ];
  }
  return out;
}

/** The summary of `report` alone: one entry per section it carries. */
export function summaryOf(report: Report, env: Record<string, string | undefined>): BenchSummary {
  const m = report.machine;
  const run: SummaryRun = {
    date: report.startedAt,
    commit: report.git.commit,
    dirty: report.git.dirty,
    cpus: m.cpus,
    cpuModel: m.cpuModel,
    node: m.node,
    loadAvgStart: m.loadAvgStart,
    loadAvgEnd: m.loadAvgEnd,
    settings: measuredSettings(env),
  };
  const sections: BenchSummary['sections'] = {};
  for (const [section, figures] of Object.entries(summaryFigures(report)) as [SummarySection, SummaryFigure[]][]) {
    sections[section] = { run, figures };
  }
  return { about: ABOUT, sections };
}

/** `previous` with the sections of `current` replaced (the others kept), in the bench's order. */
export function mergeSummary(previous: BenchSummary | undefined, current: BenchSummary): BenchSummary {
  const all = { ...previous?.sections, ...current.sections };
  const sections: BenchSummary['sections'] = {};
  for (const s of SECTION_ORDER) if (all[s]) sections[s] = all[s];
  return { about: current.about, sections };
}

/**
 * The summary in `file`; an empty one when the file is missing. Figures of an older summary under a
 * dropped name (`api.*.cpuRatio`) are left out. @throws Error when it is not JSON
 */
export function readSummary(file: string): BenchSummary {
  if (!existsSync(file)) return { about: ABOUT, sections: {} };
  const summary = JSON.parse(readFileSync(file, 'utf8')) as BenchSummary;
  for (const entry of Object.values(summary.sections)) {
    if (entry) entry.figures = entry.figures.filter((f) => !DROPPED_FIGURE.test(f.name));
  }
  return summary;
}

/** Merges `report`'s sections into `file` (see {@link mergeSummary}). */
export function writeSummary(file: string, report: Report, env: Record<string, string | undefined>): void {
  let previous: BenchSummary | undefined;
  try {
    previous = readSummary(file);
  } catch {
    previous = undefined; // unreadable: start again from this run
  }
  writeFileSync(file, `${JSON.stringify(mergeSummary(previous, summaryOf(report, env)), null, 2)}\n`);
}

// --- the README table ------------------------------------------------------------------------------

const cell = (v: string) => v.replaceAll('|', '\\|');

/** A number as the README shows it: thousands grouped, as many decimals as stored. */
function formatValue(v: number | null, unit: string): string {
  if (v === null) return '—';
  const [int, frac] = String(Math.abs(v)).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${v < 0 ? '−' : ''}${grouped}${frac ? `.${frac}` : ''}`;
  return unit === '×' ? `×${text}` : unit && unit !== 'count' ? `${text} ${unit}` : text;
}

const verdict = (met: boolean | null) => (met === null ? '' : met ? 'met' : '**missed**');

/**
 * bench/README.md's table of the current figures, from summary.json: one row per figure, then one
 * row per section's run (date, commit, machine, load average, settings).
 */
export function benchFiguresMarkdown(summary: BenchSummary): string {
  const entries = SECTION_ORDER.flatMap((s) => (summary.sections[s] ? [[s, summary.sections[s]] as const] : []));
  if (entries.length === 0) return '_No figures yet: run `pnpm bench`._';
  const figures = entries.flatMap(([section, e]) =>
    e.figures.map(
      (f) =>
        `| ${section} | \`${cell(f.name)}\` | ${cell(f.what)} | ${cell(formatValue(f.value, f.unit))} | ${cell(f.target ?? '')} | ${verdict(f.met)} |`,
    ),
  );
  const runs = entries.map(([section, { run }]) => {
    const load = `${run.loadAvgStart[0] ?? '?'} → ${run.loadAvgEnd[0] ?? '?'}`;
    const settings = run.settings.length ? run.settings.map((x) => `\`${x}\``).join(' ') : 'defaults';
    return `| ${section} | ${run.date.slice(0, 16).replace('T', ' ')} UTC | \`${run.commit}\`${run.dirty ? ' + changes' : ''} | ${run.cpus} × ${cell(run.cpuModel)}, Node ${run.node} | ${load} | ${cell(settings)} |`;
  });
  return [
    '| section | figure | what | value | target | met |',
    '| --- | --- | --- | --- | --- | --- |',
    ...figures,
    '',
    '| section | run started | commit | machine | load average (1 min) start → end | settings |',
    '| --- | --- | --- | --- | --- | --- |',
    ...runs,
  ].join('\n');
}
