/**
 * The bench's committed summary (bench/lib/summary.ts): the headline figures a
 * run's report gives, the merge that keeps the sections a run did not measure, and the README
 * table rendered from it (test/docs-generated.test.ts checks the README against summary.json).
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chainFigures } from '../bench/lib/chain-report.js';
import { cpuCost } from '../bench/lib/cpu-cost.js';
import type { LoadResult } from '../bench/lib/http-load.js';
import { apiFigures, mergeSections, withoutCpuRatio, type Report } from '../bench/lib/report.js';
import type { ApiRound } from '../bench/sections/api-section.js';
import type { ChainPhase, ChainSectionResult } from '../bench/sections/chain-section.js';
import {
  benchFiguresMarkdown,
  measuredSettings,
  mergeSummary,
  readSummary,
  summaryOf,
  writeSummary,
  type BenchSummary,
  type SummaryRun,
} from '../bench/lib/summary.js';
import { TARGETS } from '../bench/lib/targets.js';

const load = (reqPerSec: number, cpuUsPerReq: number | null, non2xx = 0) => ({
  reqPerSec,
  p50Ms: 1,
  p99Ms: 2,
  non2xx,
  errors: 0,
  cpuUsPerReq,
});

/** A report of an API-only run (only what summary.ts reads); CPU costs read ÷ bare and write ÷ bare. */
function apiReport(
  startedAt: string,
  readRatio: number,
  cpu: { read: number | null; write: number | null } = { read: 2.59, write: null },
): Report {
  return {
    startedAt,
    git: { commit: 'abc1234', dirty: false },
    machine: { cpus: 2, cpuModel: 'Test CPU', node: 'v24.0.0', loadAvgStart: [1.5, 1, 0.5], loadAvgEnd: [2.25, 1.5, 0.75] },
    targets: TARGETS,
    api: {
      bare: load(30_000, 32.2),
      read: { ...load(13_000, 83.5), ratio: readRatio, cpuCost: cpu.read },
      write: { ...load(7_400, null), ratio: 0.242, cpuCost: cpu.write },
    },
  } as unknown as Report;
}

/** One round of the API section: req/s and server CPU µs per request of bare, read and write. */
const apiRound = (
  bare: [number, number | undefined],
  read: [number, number | undefined],
  write: [number, number | undefined],
): ApiRound => {
  const result = ([reqPerSec, cpuUsPerReq]: [number, number | undefined]): LoadResult => ({
    reqPerSec,
    p50Ms: 1,
    p99Ms: 2,
    non2xx: 0,
    errors: 0,
    total: reqPerSec * 10,
    statusCodes: { '200': reqPerSec * 10 },
    cpuUsPerReq,
  });
  return { bare: result(bare), read: result(read), write: result(write) };
};

const run = (date: string): SummaryRun => ({
  date,
  commit: 'abc1234',
  dirty: false,
  cpus: 2,
  cpuModel: 'Test CPU',
  node: 'v24.0.0',
  loadAvgStart: [1.5, 1, 0.5],
  loadAvgEnd: [2.25, 1.5, 0.75],
  settings: [],
});

describe('bench summary (bench/results/summary.json)', () => {
  it('takes the headline figures of the sections a report carries, with their targets and whether they were met', () => {
    const s = summaryOf(apiReport('2026-11-27T10:00:00.000Z', 0.432), { BENCH_SECTIONS: 'api', BENCH_RUNTIME: 'dist', PATH: '/bin' });
    expect(Object.keys(s.sections)).toEqual(['api']);
    const api = s.sections.api!;
    expect(api.run).toMatchObject({ date: '2026-11-27T10:00:00.000Z', commit: 'abc1234', cpus: 2, loadAvgStart: [1.5, 1, 0.5] });
    expect(api.run.settings).toEqual(['BENCH_RUNTIME=dist']);
    const byName = Object.fromEntries(api.figures.map((f) => [f.name, f]));
    // The CPU costs are the judged figures; the req/s ratios are reported, not judged.
    expect(byName['api.read.cpuCost']).toMatchObject({ value: 2.59, unit: '×', target: '≤ 2.0', met: false });
    expect(byName['api.write.cpuCost']).toMatchObject({ value: null, unit: '×', target: '≤ 4.0', met: null });
    expect(byName['api.read.ratio']).toMatchObject({ value: 0.432, unit: '', target: null, met: null });
    expect(byName['api.write.ratio']).toMatchObject({ value: 0.242, target: null, met: null });
    expect(byName['api.read.ratio']!.what).toMatch(/not judged/);
    expect(byName['api.read.cpuRatio']).toBeUndefined();
    expect(byName['api.write.cpuRatio']).toBeUndefined();
    expect(byName['api.bare.reqPerSec']).toMatchObject({ value: 30_000, unit: 'req/s', target: null, met: null });
    expect(byName['api.non2xx + errors']).toMatchObject({ value: 0, target: '0', met: true });
    expect(api.figures.map((f) => f.name)).toEqual([
      'api.bare.reqPerSec',
      'api.read.cpuCost',
      'api.write.cpuCost',
      'api.read.ratio',
      'api.write.ratio',
      'api.non2xx + errors',
    ]);
  });

  it('judges the API by CPU per request ÷ bare Express: read ≤ 2.0, write ≤ 4.0, at the line met, null unjudged', () => {
    expect(TARGETS).toMatchObject({ readCpuCost: 2, writeCpuCost: 4 });
    const judged = (read: number | null, write: number | null) => {
      const figures = summaryOf(apiReport('2026-11-27T10:00:00.000Z', 0.5, { read, write }), {}).sections.api!.figures;
      const of = (name: string) => figures.find((f) => f.name === name)!;
      return [of('api.read.cpuCost').met, of('api.write.cpuCost').met];
    };
    expect(judged(1.9, 3.5)).toEqual([true, true]);
    expect(judged(2, 4)).toEqual([true, true]);
    expect(judged(2.01, 4.01)).toEqual([false, false]);
    expect(judged(2.88, 5.37)).toEqual([false, false]);
    expect(judged(1.5, 5.37)).toEqual([true, false]);
    expect(judged(null, null)).toEqual([null, null]);
  });

  it('the CPU cost is op ÷ bare of the medians of CPU µs per request, null when either is missing', () => {
    // The measurement of 2026-11-26: 92 ÷ 32 for the read, 171.7 ÷ 32 for the write.
    expect(cpuCost(92, 32)).toBe(2.88);
    expect(cpuCost(171.7, 32)).toBe(5.37);
    expect(cpuCost(32, 32)).toBe(1);
    expect(cpuCost(null, 32)).toBeNull();
    expect(cpuCost(92, null)).toBeNull();
    expect(cpuCost(undefined, 32)).toBeNull();
    expect(cpuCost(92, 0)).toBeNull();
    expect(cpuCost(Number.NaN, 32)).toBeNull();

    // Medians over rounds first (bare 30, 32, 40 → 32; read 90, 92, 100 → 92; write 170, 171.7, 200 → 171.7),
    // then the quotient; the req/s ratio stays the median of the rounds' ratios.
    const a = apiFigures([
      apiRound([10_000, 30], [5_000, 100], [2_000, 200]),
      apiRound([10_000, 32], [4_000, 90], [3_000, 171.7]),
      apiRound([8_000, 40], [4_000, 92], [2_000, 170]),
    ]);
    expect(a.bare.cpuUsPerReq).toBe(32);
    expect(a.read).toMatchObject({ cpuUsPerReq: 92, cpuCost: 2.88, ratio: 0.5 });
    expect(a.write).toMatchObject({ cpuUsPerReq: 171.7, cpuCost: 5.37, ratio: 0.25 });
    expect(a.read).not.toHaveProperty('cpuRatio');

    // One round without the server's CPU: no median, no cost.
    const noBare = apiFigures([
      apiRound([10_000, 30], [5_000, 60], [2_000, 100]),
      apiRound([10_000, undefined], [5_000, 60], [2_000, 100]),
    ]);
    expect(noBare.read.cpuCost).toBeNull();
    expect(noBare.write.cpuCost).toBeNull();
    const noWrite = apiFigures([apiRound([10_000, 30], [5_000, 60], [2_000, undefined])]);
    expect(noWrite.read.cpuCost).toBe(2);
    expect(noWrite.write.cpuCost).toBeNull();
  });

  it('an older latest.json whose api block has cpuRatio (bare ÷ op): kept without it, with cpuCost from its medians', () => {
    const oldApi = {
      bare: { reqPerSec: 9508, cpuUsPerReq: 32 },
      read: { reqPerSec: 4754, cpuUsPerReq: 92, ratio: 0.5, cpuRatio: 0.348 },
      write: { reqPerSec: 3233, cpuUsPerReq: null, ratio: 0.34, cpuRatio: null },
    };
    expect(withoutCpuRatio(oldApi)).toEqual({
      bare: { reqPerSec: 9508, cpuUsPerReq: 32 },
      read: { reqPerSec: 4754, cpuUsPerReq: 92, ratio: 0.5, cpuCost: 2.88 },
      write: { reqPerSec: 3233, cpuUsPerReq: null, ratio: 0.34, cpuCost: null },
    });
    expect(withoutCpuRatio(undefined)).toBeUndefined();

    const dir = mkdtempSync(path.join(tmpdir(), 'bench-latest-'));
    try {
      const file = path.join(dir, 'latest.json');
      writeFileSync(
        file,
        JSON.stringify({ startedAt: '2026-11-26T10:00:00.000Z', git: { commit: 'old' }, api: oldApi, slow: { scale: 3.9 } }),
      );
      // A run of another section keeps the old api block, read the new way round.
      const merged = mergeSections(file, { startedAt: '2026-11-27T10:00:00.000Z', pipeline: { ratio: 0.6 } } as unknown as Report);
      expect(merged.api).toEqual(withoutCpuRatio(oldApi));
      expect(JSON.stringify(merged)).not.toContain('cpuRatio');
      expect(merged.slow).toEqual({ scale: 3.9 });
      expect(merged.keptFromPreviousRun).toMatchObject({ sections: ['slow', 'api'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads an older summary.json without its api.*.cpuRatio figures', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-summary-'));
    try {
      const file = path.join(dir, 'summary.json');
      const figure = (name: string, value: number) => ({ name, what: '', value, unit: '', target: '≥ 0.5', met: false });
      const old: BenchSummary = {
        about: '',
        sections: {
          api: {
            run: run('2026-11-27T10:52:18.173Z'),
            figures: [figure('api.read.ratio', 0.5), figure('api.read.cpuRatio', 0.45), figure('api.write.cpuRatio', 0.32)],
          },
        },
      };
      writeFileSync(file, JSON.stringify(old));
      expect(readSummary(file).sections.api!.figures.map((f) => f.name)).toEqual(['api.read.ratio']);
      // And a merge with a new api run keeps none of them.
      writeSummary(file, apiReport('2026-11-28T10:00:00.000Z', 0.45), {});
      const names = readSummary(file).sections.api!.figures.map((f) => f.name);
      expect(names).toContain('api.read.cpuCost');
      expect(readFileSync(file, 'utf8')).not.toContain('cpuRatio');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists the BENCH_* settings that change what is measured, not where or which sections run', () => {
    expect(
      measuredSettings({
        BENCH_SECTIONS: 'api',
        BENCH_PG_URL: 'postgresql://x',
        BENCH_REDIS_URL: 'redis://x/12',
        BENCH_PROFILE: '1',
        BENCH_RUN_TIMEOUT_MS: '1',
        BENCH_API_RUNS: '9',
        BENCH_POOLER: 'pgbouncer',
        BENCH_WORKER_ENV: '',
        HOME: '/root',
      }),
    ).toEqual(['BENCH_API_RUNS=9', 'BENCH_POOLER=pgbouncer']);
  });

  it('the chain section: withdrawals and votes against their ceiling, the bridge against its floor, reads per round then the median', () => {
    const phase = (count: number, done: number, durationS: number): ChainPhase => ({
      count,
      done,
      failed: count - done,
      durationS,
      perSec: done / durationS,
      latencyMs: { p50: 1000, p95: 1500, p99: 2000, max: 2100 },
    });
    const loop = (reqPerSec: number, errors = 0) => ({ reqPerSec, p50Ms: 1, p99Ms: 2, errors, total: reqPerSec });
    const read = (bare: number, api: number, apiUncached: number) => ({ bare: loop(bare), api: loop(api), apiUncached: loop(apiUncached) });
    const result: ChainSectionResult = {
      settings: {
        confirmations: 2,
        blockS: 1,
        txPollMs: 1000,
        scanIntervalMs: 1000,
        readCacheMs: 3000,
        readDurationS: 3,
        readConnections: 20,
        withdrawLanes: 10,
        sendLanes: 20,
      },
      deposits: phase(200, 199, 5),
      withdrawals: phase(200, 200, 40),
      outbox: {
        acceptedS: 4.5,
        replaced: 0,
        broadcasts: 200,
        minedBlocks: 22,
        submittedToMinedP50: 1,
        submittedToMinedMax: 2,
        workerCpuMsPerWithdrawal: 94,
        workerCores: 0.45,
        apiCpuMsPerWithdrawal: 7,
        apiCores: 0.03,
      },
      ceiling: phase(200, 200, 4),
      votes: phase(50, 50, 5),
      voteTrace: { acceptedS: 1.234, refused: 0, votingPeriodBlocks: 20, minedBlocks: 4, blocksToSpare: 12 },
      bridges: phase(30, 29, 8),
      bridgeTrace: {
        acceptedS: 0.5,
        sourceP50Ms: 3000,
        sourceP99Ms: 4000,
        destinationP50Ms: 3000,
        destinationP99Ms: 4000,
        lockWaitedBlocksP50: 1,
        mintWaitedBlocksP50: 1,
      },
      reads: [
        { tokenInfo: read(1000, 500, 250), balances: read(1000, 400, 200) },
        { tokenInfo: read(2000, 500, 500), balances: read(500, 400, 200) },
        { tokenInfo: read(1000, 300, 100), balances: read(1000, 300, 100) },
      ],
    };
    const c = chainFigures(result);
    expect(c.withdrawals).toMatchObject({ perSec: 5, ceilingPerSec: 50, ratio: 0.1, notDone: 0, ceilingNotDone: 0 });
    expect(c.deposits).toMatchObject({ perSec: 39.8, p50Ms: 1000, p99Ms: 2000, notDone: 1 });
    // Votes against the same ceiling; the bridge against 2 × 2 confirmations × 1 s.
    expect(c.votes).toMatchObject({ count: 50, perSec: 10, ratio: 0.2, notDone: 0, trace: { acceptedS: 1.23, blocksToSpare: 12 } });
    expect(c.bridge).toMatchObject({
      count: 30,
      p50Ms: 1000,
      p99Ms: 2000,
      floorMs: 4000,
      p50FloorRatio: 0.25,
      p99FloorRatio: 0.5,
      notDone: 1,
    });
    // Per round: 0.5, 0.25, 0.3 → 0.3 (not 500 / 1000 of the medians).
    expect(c.reads.tokenInfo).toMatchObject({ reqPerSec: 500, bareRpcPerSec: 1000, ratio: 0.3, uncachedRatio: 0.25, errors: 0 });
    expect(c.reads.balances).toMatchObject({ ratio: 0.4, uncachedRatio: 0.2 });
    const figures = summaryOf({ ...apiReport('2026-11-27T10:00:00.000Z', 0.5), api: undefined, chain: c } as unknown as Report, {}).sections
      .chain!.figures;
    expect(figures.map((f) => f.name)).toEqual([
      'chain.deposits.perSec',
      'chain.deposits.p99Ms',
      'chain.withdrawals.perSec',
      'chain.withdrawals.ceilingPerSec',
      'chain.withdrawals.ratio',
      'chain.votes.perSec',
      'chain.votes.ratio',
      'chain.bridge.p50Ms',
      'chain.bridge.p99Ms',
      'chain.bridge.p99FloorRatio',
      'chain.reads.tokenInfo.ratio',
      'chain.reads.tokenInfo.uncachedRatio',
      'chain.reads.balances.ratio',
      'chain.reads.balances.uncachedRatio',
      'chain.notDone + reads errors',
    ]);
    expect(figures.at(-1)).toMatchObject({ value: 2, target: '0', met: false });

    // A run that measured the raw pipelined baseline: the relayer's targets, judged against it.
    const withRaw: ChainSectionResult = {
      ...result,
      withdrawals: phase(200, 200, 0.5), // 400/s
      votes: phase(50, 50, 0.5), // 100/s
      outbox: {
        ...result.outbox,
        workerCpuMsPerWithdrawal: 0.8,
        apiCpuMsPerWithdrawal: 1.5,
        postToBroadcastMs: { p50: 900, p95: 1200, p99: 1500, max: 1600 },
        broadcastsSampled: 200,
        lost: 0,
        paidTwice: 1,
      },
      rawPipelined: {
        ...phase(2000, 2000, 5), // 400/s to the last one mined
        confirmedDurationS: 8,
        confirmedPerSec: 250,
        sentS: 1,
        gasPerTx: 56088,
        blocks: 5,
        perBlockMax: 531,
        perBlockMedian: 531,
        blockGasLimit: 30_000_000,
        maxBlockFill: 0.997,
      },
    };
    const t = chainFigures(withRaw).targets!;
    // Rates divide by the baseline to the last one mined (400/s), not by its rate 2 deep (250/s).
    expect(t.withdrawalsVsRaw).toEqual({ value: 1, target: '≥ 1', met: true });
    expect(t.votesVsRaw).toEqual({ value: 0.25, target: '≥ 0.5', met: false });
    expect(t.withdrawalBroadcastP50Ms).toMatchObject({ value: 900, met: true });
    // (2 confirmations + 2) × 1 s blocks.
    expect(t.withdrawalsP99Ms).toMatchObject({ value: 2000, target: '≤ 4000', met: true });
    expect(t.workerCpuMsPerWithdrawal).toMatchObject({ value: 0.8, met: true });
    expect(t.apiCpuMsPerWithdrawal).toMatchObject({ value: 1.5, met: false });
    expect(t.paidTwice).toMatchObject({ value: 1, met: false });
    expect(t.lost).toMatchObject({ value: 0, met: true });
    const rawFigures = summaryOf(
      { ...apiReport('2026-11-27T10:00:00.000Z', 0.5), api: undefined, chain: chainFigures(withRaw) } as unknown as Report,
      {},
    ).sections.chain!.figures;
    expect(rawFigures.find((f) => f.name === 'chain.targets.withdrawalsVsRaw')).toMatchObject({ value: 1, met: true });
    expect(rawFigures.find((f) => f.name === 'chain.targets.paidTwice')).toMatchObject({ value: 1, met: false });
  });

  it('a run of some sections replaces theirs and keeps the others, in the order the bench runs them', () => {
    const previous: BenchSummary = {
      about: 'old',
      sections: {
        api: { run: run('2026-11-01T00:00:00.000Z'), figures: [] },
        pipeline: { run: run('2026-11-01T00:00:00.000Z'), figures: [] },
      },
    };
    const current = summaryOf(apiReport('2026-11-27T10:00:00.000Z', 0.5), {});
    const merged = mergeSummary(previous, current);
    expect(Object.keys(merged.sections)).toEqual(['pipeline', 'api']);
    expect(merged.sections.pipeline!.run.date).toBe('2026-11-01T00:00:00.000Z');
    expect(merged.sections.api!.run.date).toBe('2026-11-27T10:00:00.000Z');
    expect(merged.about).toBe(current.about);
    expect(mergeSummary(undefined, current)).toEqual(current);
  });

  it('writes the merge into the file, creating it the first time', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-summary-'));
    try {
      const file = path.join(dir, 'summary.json');
      expect(readSummary(file).sections).toEqual({});
      writeSummary(file, apiReport('2026-11-26T10:00:00.000Z', 0.4), {});
      writeSummary(file, apiReport('2026-11-27T10:00:00.000Z', 0.45), {});
      const s = JSON.parse(readFileSync(file, 'utf8')) as BenchSummary;
      expect(Object.keys(s.sections)).toEqual(['api']);
      expect(s.sections.api!.figures.find((f) => f.name === 'api.read.ratio')!.value).toBe(0.45);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders one README row per figure and one per section run', () => {
    const summary: BenchSummary = {
      about: '',
      sections: {
        api: {
          run: { ...run('2026-11-27T10:05:09.123Z'), settings: ['BENCH_RUNTIME=dist'] },
          figures: [
            { name: 'api.bare.reqPerSec', what: 'bare `GET /`', value: 30808, unit: 'req/s', target: null, met: null },
            { name: 'api.read.ratio', what: 'read | bare', value: 0.432, unit: '', target: '≥ 0.5', met: false },
          ],
        },
        pipeline: {
          run: { ...run('2026-11-26T09:00:00.000Z'), dirty: true },
          figures: [
            { name: 'pipeline.p99Ms', what: 'p99', value: 54.3, unit: 'ms', target: '< 250', met: true },
            { name: 'pipeline.byProcesses.2.scaleVsOneWorker', what: '2 ÷ 1', value: 1.17, unit: '×', target: null, met: null },
            { name: 'pipeline.missing', what: 'lost', value: 0, unit: 'count', target: '0', met: true },
            { name: 'pipeline.ratio', what: 'ratio', value: null, unit: '', target: '≥ 0.6', met: null },
          ],
        },
      },
    };
    expect(benchFiguresMarkdown(summary).split('\n')).toEqual([
      '| section | figure | what | value | target | met |',
      '| --- | --- | --- | --- | --- | --- |',
      '| pipeline | `pipeline.p99Ms` | p99 | 54.3 ms | < 250 | met |',
      '| pipeline | `pipeline.byProcesses.2.scaleVsOneWorker` | 2 ÷ 1 | ×1.17 |  |  |',
      '| pipeline | `pipeline.missing` | lost | 0 | 0 | met |',
      '| pipeline | `pipeline.ratio` | ratio | — | ≥ 0.6 |  |',
      '| api | `api.bare.reqPerSec` | bare `GET /` | 30,808 req/s |  |  |',
      '| api | `api.read.ratio` | read \\| bare | 0.432 | ≥ 0.5 | **missed** |',
      '',
      '| section | run started | commit | machine | load average (1 min) start → end | settings |',
      '| --- | --- | --- | --- | --- | --- |',
      '| pipeline | 2026-11-26 09:00 UTC | `abc1234` + changes | 2 × Test CPU, Node v24.0.0 | 1.5 → 2.25 | defaults |',
      '| api | 2026-11-27 10:05 UTC | `abc1234` | 2 × Test CPU, Node v24.0.0 | 1.5 → 2.25 | `BENCH_RUNTIME=dist` |',
    ]);
    expect(benchFiguresMarkdown({ about: '', sections: {} })).toMatch(/No figures yet/);
  });
});
