/**
 * `pnpm bench:footprint`: what the runtime costs, from the sources through tsx (how the image
 * used to run) and from the compiled build (`pnpm build`, `node --conditions=gw-dist`, how it
 * runs now), measured in the same run on the same machine:
 *
 * - start-up: spawn → the app's "listening"/"started" log line, ms (median of the rounds);
 * - idle RSS: `VmRSS` 3 s after start-up, MiB;
 * - loaded RSS (API): `VmHWM` (peak) after `FOOTPRINT_LOAD_S` s of autocannon on `/api/health`
 *   and then on `/api/openapi.json`, MiB; the worker's loaded peak is the pipeline bench's
 *   `workerPeakRssMb` (`BENCH_RUNTIME=dist BENCH_SECTIONS=pipeline pnpm bench`);
 * - health check CPU: user + system CPU seconds of one `gw healthcheck …` process (http against the
 *   API, tcp against PostgreSQL, heartbeat of the running worker), mean of `FOOTPRINT_CHECKS` runs,
 *   read with bash's `times`; plain `node -e 0` alongside as the floor.
 *
 * Needs PostgreSQL and Redis like `pnpm bench` (own database `gw_bench_*`, dropped at the end;
 * Redis database 13 under `QUEUE_PREFIX=footprint`, flushed at start and end). Run `pnpm build`
 * first. Prints a table and writes `bench/results/footprint.json`. ~2 min on 2 cores.
 *
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyringEntry } from '@gw/runtime';
import { entryArgs, readStatusMb, REPO_ROOT, type BenchRuntime } from '../lib/child-process.js';
import { measureLoad } from '../lib/http-load.js';
import { createBenchDatabase, flushRedis } from '../lib/infra.js';
import { median, round } from '../lib/stats.js';

const ROUNDS = Number(process.env.FOOTPRINT_ROUNDS ?? 3);
const CHECKS = Number(process.env.FOOTPRINT_CHECKS ?? 5);
const LOAD_S = Number(process.env.FOOTPRINT_LOAD_S ?? 8);
const IDLE_MS = 3000;
const SERVER_URL = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const RUNTIMES: BenchRuntime[] = ['tsx', 'dist'];

interface App {
  name: 'api' | 'worker' | 'ops';
  entry: string;
  ready: string;
  flags: string[];
}
const APPS: App[] = [
  { name: 'api', entry: 'apps/api/src/main.ts', ready: 'api listening', flags: [] },
  {
    name: 'worker',
    entry: 'apps/worker/src/main.ts',
    ready: 'worker started',
    flags: ['--max-old-space-size=96', '--max-semi-space-size=16'],
  },
  { name: 'ops', entry: 'apps/ops/src/main.ts', ready: 'ops listening', flags: [] },
];

interface Started {
  pid: number;
  startMs: number;
  ready: Record<string, unknown>;
  stop(): Promise<void>;
}

/** Starts an app and resolves at its ready log line. @throws Error if it exits first or takes over 60 s */
function startApp(app: App, runtime: BenchRuntime, env: Record<string, string>): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...app.flags, ...entryArgs(app.entry, runtime)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${app.name} (${runtime}) not ready after 60 s`)), 60_000);
    child.once('exit', (code, signal) => reject(new Error(`${app.name} (${runtime}) exited (${code ?? signal}) before it was ready`)));
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const text of lines) {
        let line: Record<string, unknown>;
        try {
          line = JSON.parse(text) as Record<string, unknown>;
        } catch {
          continue;
        }
        if (line.msg !== app.ready) continue;
        clearTimeout(timer);
        resolve({
          pid: child.pid!,
          startMs: performance.now() - t0,
          ready: line,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}

/** User + system CPU seconds of the children of one bash running `command` (bash's `times`). */
function childCpuSeconds(command: string[], env: Record<string, string>): { cpuS: number; ok: boolean } {
  const quoted = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // The bench's whole environment: a bash started with almost none (no SHLVL, ...) was seen here to
  // report ~0.15 s more child CPU for the same `node -e 0`, which `/usr/bin/time` does not show.
  const r = spawnSync('bash', ['-c', `${quoted} >/dev/null 2>&1; s=$?; times; exit $s`], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    encoding: 'utf8',
  });
  // `times` prints the shell's own user/sys, then its children's: "0m0.310s 0m0.052s".
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  const secs = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { cpuS: (secs[0] ?? NaN) + (secs[1] ?? NaN), ok: r.status === 0 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  for (const app of APPS) {
    const compiled = entryArgs(app.entry, 'dist')[1]!;
    if (!existsSync(path.join(REPO_ROOT, compiled))) throw new Error(`${compiled} is missing: run \`pnpm build\` first`);
  }
  await flushRedis(REDIS_URL);
  const db = await createBenchDatabase(SERVER_URL);
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL,
    QUEUE_PREFIX: 'footprint',
    SECRETS_ENCRYPTION_KEY: generateKeyringEntry('footprint'),
    PORT: '0',
    OPS_PORT: '0',
    OPS_USER: 'footprint',
    OPS_PASSWORD: 'footprint-password-long-enough',
    RATE_LIMIT_MAX: '100000000',
    ORG_EVENT_QUOTA_PER_MINUTE: '100000000',
    DATABASE_POOL_MAX: '5',
  };
  const results: Record<string, Record<string, unknown>> = {};
  try {
    for (const runtime of RUNTIMES) {
      const out: Record<string, unknown> = {};
      for (const app of APPS) {
        const starts: number[] = [];
        const idle: number[] = [];
        const loaded: number[] = [];
        const checks: Record<string, number[]> = { http: [], tcp: [], heartbeat: [] };
        for (let round_ = 0; round_ < ROUNDS; round_++) {
          const s = await startApp(app, runtime, env);
          try {
            starts.push(s.startMs);
            await sleep(IDLE_MS);
            idle.push(readStatusMb(s.pid, 'VmRSS'));
            const check = (args: string[]) =>
              childCpuSeconds([process.execPath, ...entryArgs('apps/ops/src/healthcheck.ts', runtime), ...args], env);
            if (app.name === 'api') {
              const base = `http://127.0.0.1:${s.ready.port as number}/api`;
              for (const p of ['/health', '/openapi.json']) {
                const r = await measureLoad({ url: `${base}${p}`, method: 'GET' }, LOAD_S / 2, 20);
                if (r.non2xx || r.errors) throw new Error(`api ${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
              }
              loaded.push(readStatusMb(s.pid, 'VmHWM'));
              if (round_ === 0) for (let i = 0; i < CHECKS; i++) checks.http!.push(check(['http', `${base}/health`]).cpuS);
              if (round_ === 0) {
                const pg = new URL(db.url);
                for (let i = 0; i < CHECKS; i++) checks.tcp!.push(check(['tcp', pg.hostname, pg.port || '5432']).cpuS);
              }
            }
            if (app.name === 'worker' && round_ === 0) {
              for (let i = 0; i < CHECKS; i++) {
                const r = check(['heartbeat', 'worker']);
                if (!r.ok) throw new Error('worker heartbeat check failed');
                checks.heartbeat!.push(r.cpuS);
              }
            }
          } finally {
            await s.stop();
          }
        }
        out[app.name] = {
          startMs: round(median(starts)),
          idleRssMb: round(median(idle), 1),
          ...(loaded.length ? { loadedPeakRssMb: round(median(loaded), 1) } : {}),
        };
        for (const [kind, values] of Object.entries(checks)) {
          if (values.length) out[`healthcheck_${kind}_cpuS`] = round(values.reduce((a, b) => a + b, 0) / values.length, 3);
        }
      }
      results[runtime] = out;
    }
    const floor: number[] = [];
    for (let i = 0; i < CHECKS; i++) floor.push(childCpuSeconds([process.execPath, '-e', '0'], {}).cpuS);
    const report = {
      at: new Date().toISOString(),
      node: process.version,
      rounds: ROUNDS,
      checks: CHECKS,
      loadS: LOAD_S,
      plainNodeCpuS: round(floor.reduce((a, b) => a + b, 0) / floor.length, 3),
      ...results,
    };
    mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, 'bench/results/footprint.json'), `${JSON.stringify(report, null, 2)}\n`);
    printTable(report as never);
  } finally {
    await db.drop();
    await flushRedis(REDIS_URL);
  }
}

function printTable(
  r: { node: string; plainNodeCpuS: number } & Record<BenchRuntime, Record<string, Record<string, number> | number>>,
): void {
  const rows: string[][] = [['figure', 'tsx (before)', 'dist (after)']];
  for (const app of APPS) {
    for (const key of ['startMs', 'idleRssMb', 'loadedPeakRssMb']) {
      const a = (r.tsx[app.name] as Record<string, number>)[key];
      const b = (r.dist[app.name] as Record<string, number>)[key];
      if (a !== undefined) rows.push([`${app.name} ${key}`, String(a), String(b)]);
    }
  }
  for (const kind of ['http', 'tcp', 'heartbeat']) {
    const key = `healthcheck_${kind}_cpuS`;
    rows.push([`healthcheck ${kind} CPU s`, String(r.tsx[key]), String(r.dist[key])]);
  }
  rows.push(['plain `node -e 0` CPU s', String(r.plainNodeCpuS), '']);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(`runtime footprint (${r.node})`);
  for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
}

await main();
