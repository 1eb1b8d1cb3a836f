/**
 * The bench's committed summary (issue #26, item 4; bench/lib/summary.ts): the headline figures a
 * run's report gives, the merge that keeps the sections a run did not measure, and the README
 * table rendered from it (test/docs-generated.test.ts checks the README against summary.json).
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chainFigures } from '../bench/lib/chain-report.js';
import type { Report } from '../bench/lib/report.js';
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

/** A report of an API-only run (only what summary.ts reads). */
function apiReport(startedAt: string, readRatio: number): Report {
  return {
    startedAt,
    git: { commit: 'abc1234', dirty: false },
    machine: { cpus: 2, cpuModel: 'Test CPU', node: 'v24.0.0', loadAvgStart: [1.5, 1, 0.5], loadAvgEnd: [2.25, 1.5, 0.75] },
    targets: TARGETS,
    api: {
      bare: load(30_000, 32.2),
      read: { ...load(13_000, 83.5), ratio: readRatio, cpuRatio: 0.386 },
      write: { ...load(7_400, null), ratio: 0.242, cpuRatio: null },
    },
  } as unknown as Report;
}

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
    expect(byName['api.read.ratio']).toMatchObject({ value: 0.432, unit: '', target: '≥ 0.5', met: false });
    expect(byName['api.write.ratio']).toMatchObject({ value: 0.242, target: '≥ 0.25', met: false });
    expect(byName['api.read.cpuRatio']).toMatchObject({ value: 0.386, met: false });
    expect(byName['api.write.cpuRatio']).toMatchObject({ value: null, target: '≥ 0.25', met: null });
    expect(byName['api.bare.reqPerSec']).toMatchObject({ value: 30_000, unit: 'req/s', target: null, met: null });
    expect(byName['api.non2xx + errors']).toMatchObject({ value: 0, target: '0', met: true });
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

  it('the chain section (issues #27, #28): withdrawals and votes against their ceiling, the bridge against its floor, reads per round then the median', () => {
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
    // Issue #28: votes against the same ceiling; the bridge against 2 × 2 confirmations × 1 s.
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
