/**
 * Sections 1 and 2 of the bench, built from single runs of `pipeline.ts` and `ceiling.ts`:
 *
 * - fast receiver, in interleaved rounds: real pipeline with 1 worker process, ceiling (same
 *   deliveries, bare BullMQ worker), real pipeline with 2 worker processes; the ratio
 *   pipeline/ceiling is taken per round (same conditions), and its median reported;
 * - then paced runs at half the median 1-worker throughput, for the latency target;
 * - slow receiver: the pipeline with 1 worker at each WORKER_CONCURRENCY setting.
 *
 * Redis is flushed before every run (no process of the previous run is left).
 *
 * @module
 */
import { rmSync } from 'node:fs';
import type { Context } from '@gw/runtime';
import type { BenchConfig } from '../lib/config.js';
import { buildCeilingJobs, runCeiling, type CeilingRunResult } from '../lib/ceiling.js';
import type { Fixtures } from '../lib/fixtures.js';
import { flushRedis } from '../lib/infra.js';
import { runPipeline, type PipelineRunResult, type WorkerEnv } from '../lib/pipeline.js';
import type { Receiver } from '../lib/receiver.js';
import { median } from '../lib/stats.js';

export interface FastRound {
  /** Pipeline run per worker-process count (key: process count). */
  pipeline: Record<number, PipelineRunResult>;
  ceiling: CeilingRunResult;
  /** pipeline(1 worker) / ceiling of this round. */
  ratio: number;
}

export interface PipelineSectionResult {
  rounds: FastRound[];
  paced: { paymentsPerSec: number; offeredDeliveriesPerSec: number; runs: PipelineRunResult[] };
}

export interface SlowSectionResult {
  delayMs: number;
  settings: { concurrency: number; runs: PipelineRunResult[] }[];
}

export interface SectionDeps {
  ctx: Context;
  fx: Fixtures;
  receiver: Receiver;
  env: WorkerEnv;
  cfg: BenchConfig;
  log: (line: string) => void;
}

const fmtRun = (r: PipelineRunResult) =>
  `${r.deliveriesPerSec.toFixed(0)}/s, p50 ${r.latencyMs.p50.toFixed(0)} ms, p99 ${r.latencyMs.p99.toFixed(0)} ms, ` +
  `${r.delivered}/${r.expected} delivered, dup ${r.duplicates}, not clean ${r.notCleanInDb}, RSS ${r.workerStartRssMb.map((m) => m.toFixed(0)).join('+')} → peak ${r.workerPeakRssMb.map((m) => m.toFixed(0)).join('+')} MiB, ` +
  `worker CPU ${r.workerCpuUsPerDelivery.toFixed(0)} µs per delivery (${r.workerCores.toFixed(2)} cores)`;

/** A pipeline run with the fast receiver at peak feed. */
function peakRun(d: SectionDeps, processes: number, nodeFlags?: string[]) {
  return runPipeline(d.ctx, d.fx, d.receiver, d.env, {
    processes,
    concurrency: d.cfg.workerConcurrency,
    payments: d.cfg.payments,
    warmupPayments: d.cfg.warmupPayments,
    receiverDelayMs: 0,
    feed: { kind: 'peak', confirmConcurrency: d.cfg.confirmConcurrency },
    timeoutMs: d.cfg.runTimeoutMs,
    nodeFlags: [...d.cfg.workerNodeFlags, ...(nodeFlags ?? [])],
    extraEnv: d.cfg.workerEnv,
  });
}

/** Section 1: fast receiver rounds, then paced runs at half the measured peak. */
export async function runPipelineSection(d: SectionDeps): Promise<PipelineSectionResult> {
  const { cfg, log } = d;
  const rounds: FastRound[] = [];
  let jobs: Awaited<ReturnType<typeof buildCeilingJobs>> | undefined;
  for (let i = 0; i < cfg.pipelineRuns; i++) {
    const pipeline: Record<number, PipelineRunResult> = {};
    let ceiling: CeilingRunResult | undefined;
    for (const processes of cfg.workerProcesses) {
      await flushRedis(cfg.redisUrl);
      pipeline[processes] = await peakRun(d, processes);
      log(`  round ${i + 1}: pipeline ${processes} worker(s): ${fmtRun(pipeline[processes])}`);
      if (processes === 1 && !ceiling) {
        jobs ??= await buildCeilingJobs(d.ctx, cfg.payments * d.fx.webhookIds.length);
        await flushRedis(cfg.redisUrl);
        ceiling = await runCeiling(
          d.ctx,
          d.receiver,
          { REDIS_URL: d.env.REDIS_URL, QUEUE_PREFIX: d.env.QUEUE_PREFIX },
          {
            file: jobs.file,
            groups: jobs.groups,
            warmupGroups: jobs.groups.slice(0, cfg.warmupPayments),
            concurrency: cfg.workerConcurrency,
            timeoutMs: cfg.runTimeoutMs,
          },
        );
        log(
          `  round ${i + 1}: ceiling: ${ceiling.deliveriesPerSec.toFixed(0)}/s, ${ceiling.delivered} delivered, RSS ${ceiling.peakRssMb.toFixed(0)} MiB, ` +
            `CPU ${ceiling.cpuUsPerDelivery.toFixed(0)} µs per delivery (${ceiling.cores.toFixed(2)} cores)`,
        );
      }
    }
    if (!ceiling || !pipeline[1]) throw new Error('BENCH_WORKER_PROCESSES must include 1 (the ratio is taken with one worker process)');
    rounds.push({ pipeline, ceiling, ratio: pipeline[1].deliveriesPerSec / ceiling.deliveriesPerSec });
  }
  if (jobs) rmSync(jobs.file, { force: true });

  const peak = median(rounds.map((r) => r.pipeline[1]!.deliveriesPerSec));
  const offeredDeliveriesPerSec = peak / 2;
  const paymentsPerSec = offeredDeliveriesPerSec / d.fx.webhookIds.length;
  const paced: PipelineRunResult[] = [];
  for (let i = 0; i < cfg.pacedRuns; i++) {
    await flushRedis(cfg.redisUrl);
    const r = await runPipeline(d.ctx, d.fx, d.receiver, d.env, {
      processes: 1,
      concurrency: cfg.workerConcurrency,
      payments: cfg.pacedPayments,
      warmupPayments: cfg.warmupPayments,
      receiverDelayMs: 0,
      feed: { kind: 'paced', paymentsPerSec },
      timeoutMs: cfg.runTimeoutMs,
      nodeFlags: cfg.workerNodeFlags,
      extraEnv: cfg.workerEnv,
    });
    paced.push(r);
    log(
      `  paced ${offeredDeliveriesPerSec.toFixed(0)} deliveries/s (${paymentsPerSec.toFixed(2)} payments/s), run ${i + 1}: ${fmtRun(r)}, max feed lag ${r.feedMs.toFixed(0)} ms`,
    );
  }
  return { rounds, paced: { paymentsPerSec, offeredDeliveriesPerSec, runs: paced } };
}

/** Section 2: the slow receiver at each WORKER_CONCURRENCY setting (interleaved per round). */
export async function runSlowSection(d: SectionDeps): Promise<SlowSectionResult> {
  const { cfg, log } = d;
  const settings = cfg.slowConcurrencies.map((concurrency) => ({ concurrency, runs: [] as PipelineRunResult[] }));
  for (let i = 0; i < cfg.slowRuns; i++) {
    for (const s of settings) {
      await flushRedis(cfg.redisUrl);
      const r = await runPipeline(d.ctx, d.fx, d.receiver, d.env, {
        processes: 1,
        concurrency: s.concurrency,
        payments: cfg.slowPayments,
        warmupPayments: cfg.warmupPayments,
        receiverDelayMs: cfg.slowDelayMs,
        feed: { kind: 'peak', confirmConcurrency: cfg.confirmConcurrency },
        timeoutMs: cfg.runTimeoutMs,
        nodeFlags: cfg.workerNodeFlags,
        extraEnv: cfg.workerEnv,
      });
      s.runs.push(r);
      log(`  slow ${cfg.slowDelayMs} ms, WORKER_CONCURRENCY=${s.concurrency}, run ${i + 1}: ${fmtRun(r)}`);
    }
  }
  return { delayMs: cfg.slowDelayMs, settings };
}

/** One extra 1-worker peak run with the given Node flags (e.g. `--cpu-prof`); not part of the medians. */
export function profiledPipelineRun(d: SectionDeps, nodeFlags: string[]) {
  return peakRun(d, 1, nodeFlags);
}
