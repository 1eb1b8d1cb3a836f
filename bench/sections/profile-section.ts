/**
 * `BENCH_PROFILE=1`: extra runs under `node --cpu-prof` (not counted in the medians, since the
 * profiler itself costs a few per cent), then a summary of each profile:
 * - the real worker during one 1-worker pipeline run at peak;
 * - the ceiling worker during one ceiling run (what the bare path costs, for comparison);
 * - the API during one read run and one write run (one process; the runs' time windows split the profile).
 *
 * Profiles land in `bench/results/profiles/<what>/*.cpuprofile` (open them in Chrome DevTools or
 * VS Code for flame graphs).
 *
 * @module
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchConfig } from '../lib/config.js';
import type { Organization } from '../lib/fixtures.js';
import { buildCeilingJobs, runCeiling } from '../lib/ceiling.js';
import { REPO_ROOT } from '../lib/child-process.js';
import { apiTargets, startApiProcess, startBareExpress, stopServers, type ApiEnv } from './api-section.js';
import { measureLoad } from '../lib/http-load.js';
import { flushRedis } from '../lib/infra.js';
import { profiledPipelineRun, type SectionDeps } from './pipeline-section.js';
import { monotonicUs, summarizeProfile, type ProfileSummary } from '../lib/profile-summary.js';
import { formatSteps, workerSteps } from '../lib/worker-steps.js';

export const PROFILE_DIR = path.join(REPO_ROOT, 'bench', 'results', 'profiles');

/** Sampling interval of the profiles, µs (V8's default is 1000). */
const SAMPLING_INTERVAL_US = 500;

export function profileFlags(what: string): { dir: string; flags: string[] } {
  const dir = path.join(PROFILE_DIR, what);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return { dir, flags: ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-interval=${SAMPLING_INTERVAL_US}`] };
}

/**
 * The main thread's profile in `dir`: with `--import tsx`, Node also profiles the module-loader
 * hooks thread; files are named `CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile`, main thread = 0.
 */
export function mainThreadProfile(dir: string): string {
  const files = readdirSync(dir).filter((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (files.length !== 1) throw new Error(`expected one main-thread profile in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]!);
}

export interface ProfileSectionResult {
  worker?: ProfileSummary;
  ceiling?: ProfileSummary;
  apiRead?: ProfileSummary;
  apiWrite?: ProfileSummary;
  /** The API during one e2e fan-out run (run by the e2e section itself). */
  apiE2e?: ProfileSummary;
  /** The worker's and the ceiling's busy time by delivery step, µs per delivery (`bench/lib/worker-steps.ts`). */
  steps?: { worker: ReturnType<typeof workerSteps>; ceiling: ReturnType<typeof workerSteps> };
}

/** Runs the profiled runs of the selected sections. */
export async function runProfileSection(
  d: SectionDeps,
  apiEnv: ApiEnv,
  cfg: BenchConfig,
  apiOrg?: Organization,
): Promise<ProfileSectionResult> {
  const out: ProfileSectionResult = {};
  if (cfg.sections.has('pipeline')) {
    const w = profileFlags('worker');
    await flushRedis(cfg.redisUrl);
    const r = await profiledPipelineRun(d, w.flags);
    d.log(`  profiled pipeline run: ${r.deliveriesPerSec.toFixed(0)} deliveries/s`);
    out.worker = summarizeProfile(mainThreadProfile(w.dir), { window: r.windowUs });
    const workerByStep = workerSteps(mainThreadProfile(w.dir), r.delivered, r.windowUs);

    const c = profileFlags('ceiling');
    const jobs = await buildCeilingJobs(d.ctx, cfg.payments * d.fx.webhookIds.length);
    await flushRedis(cfg.redisUrl);
    const cr = await runCeiling(
      d.ctx,
      d.receiver,
      { REDIS_URL: d.env.REDIS_URL, QUEUE_PREFIX: d.env.QUEUE_PREFIX },
      {
        file: jobs.file,
        groups: jobs.groups,
        warmupGroups: jobs.groups.slice(0, cfg.warmupPayments),
        concurrency: cfg.workerConcurrency,
        timeoutMs: cfg.runTimeoutMs,
        nodeFlags: c.flags,
      },
    );
    rmSync(jobs.file, { force: true });
    d.log(`  profiled ceiling run: ${cr.deliveriesPerSec.toFixed(0)} deliveries/s`);
    out.ceiling = summarizeProfile(mainThreadProfile(c.dir), { window: cr.windowUs });
    out.steps = { worker: workerByStep, ceiling: workerSteps(mainThreadProfile(c.dir), cr.delivered, cr.windowUs) };
    d.log(
      `  busy time by delivery step (bench/lib/worker-steps.ts), µs per delivery:\n${formatSteps(out.steps.worker, out.steps.ceiling)}`,
    );
  }
  if (cfg.sections.has('api') && apiOrg) {
    // One profiled API process; the read and the write runs are told apart by their time windows.
    const a = profileFlags('api');
    await flushRedis(cfg.redisUrl);
    const api = await startApiProcess(apiEnv, { nodeFlags: a.flags });
    const bare = await startBareExpress();
    const windows: { read?: [number, number]; write?: [number, number] } = {};
    try {
      const targets = await apiTargets(api.baseUrl, bare.baseUrl, apiOrg);
      for (const kind of ['read', 'write'] as const) {
        if (cfg.apiWarmupS > 0) await measureLoad(targets[kind], cfg.apiWarmupS, cfg.apiConnections);
        const from = monotonicUs();
        const r = await measureLoad(targets[kind], cfg.apiDurationS, cfg.apiConnections);
        windows[kind] = [from, monotonicUs()];
        d.log(`  profiled ${kind} run: ${r.reqPerSec.toFixed(0)} req/s, non-2xx ${r.non2xx}`);
      }
    } finally {
      await stopServers(api.child, bare.child);
    }
    const file = mainThreadProfile(a.dir);
    out.apiRead = summarizeProfile(file, { window: windows.read });
    out.apiWrite = summarizeProfile(file, { window: windows.write });
  }
  return out;
}
