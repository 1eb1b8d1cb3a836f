/**
 * `pnpm bench:confirm-ab <checkout A> <checkout B>`: a paired A/B of one payer's confirms
 * (`POST /api/gateway/v1/payments/{id}/confirm`) between two checkouts, for a regression of the
 * confirm path that separate runs cannot tell from the machine's drift (see `api-ab.ts` for why
 * pairing: the CPU's speed here moves by up to 2× within seconds).
 *
 * Each side is its own world: its own API process started from its own checkout, on its own
 * database migrated by that checkout's migrations (the schemas of two commits differ) and its own
 * Redis prefix (`ab-a`, `ab-b`) in the bench's Redis database. Each side's data is made by its own
 * checkout's bench fixtures (a child process in that checkout: `createOrganization`, `fundWallet`):
 * one organization with `BENCH_AB_WEBHOOKS` webhooks (default 10) subscribed to `payment.settled`,
 * pointing at port 9999 (nothing listens there), and one payer wallet funded by a direct ledger entry (no
 * chain: CHAIN_RPC_URLS is unset). No worker runs: the deliveries each confirm writes (one row per
 * webhook) are enqueued and stay queued, which is all the confirm path does with them. The payer
 * logs in through each API by SIWE (`siweLogin`, with the organization's API key).
 *
 * A slice: `BENCH_AB_PAYMENTS` (default 300) pending payments are created through the side's API
 * (not measured), then confirmed `BENCH_AB_CONCURRENCY` (default 20) at a time, all by the one
 * payer, so the confirms queue on the payer's ledger account lock as they do in production. Per
 * slice: confirms/s (first sent → last answered), the API process's CPU µs per confirm and the CPU
 * µs per confirm of the side's PostgreSQL backends (both from `/proc`), and the latency p50/p99.
 * Before the pairs, each API's CPU over 5 s with no request (its timers and pollers) is printed
 * in ms per s: the per-confirm CPU includes it. A pair creates both sides' payments first, then runs
 * the two confirm slices one after the other, each after a pause of `BENCH_AB_SETTLE_MS` (default
 * 2000); the second slice of a pair runs after the first one's writes (it was up to 30 % slower on
 * a loaded machine), so which side goes first alternates in A B, B A, B A, A B … order from a
 * random start, `BENCH_AB_PAIRS` pairs (default 12) after one warm-up pair. Every confirm must
 * answer 200 `settled`.
 *
 * Report: per pair the two sides and B ÷ A of confirms/s and of API CPU µs per confirm; then the
 * medians and the middle half (25th–75th percentile) of the ratios.
 *
 * `BENCH_AB_CPU_PROF_DIR`: each API also runs with `--cpu-prof` into `<dir>/A` and `<dir>/B`, and
 * `<dir>/windows.json` records when each measured slice ran (CLOCK_MONOTONIC µs, the profiles'
 * clock) and how many confirms it held: `pnpm bench:cpu-profile-diff <dir>` then compares the two
 * sides' CPU per confirm function by function, counting only samples taken during the slices.
 *
 * `BENCH_AB_RUNTIME_A` / `BENCH_AB_RUNTIME_B`: `dist` runs that side's API from its build
 * (`pnpm build` there first, as the image); anything else (default) from its sources with tsx, as
 * `pnpm start` does. Uses `BENCH_PG_URL` and `BENCH_REDIS_URL` (claimed and flushed, as `pnpm
 * bench`); drops both databases at the end; writes nothing else.
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startApiProcess, stopServers } from '../sections/api-section.js';
import type { BenchRuntime, Child } from '../lib/child-process.js';
import { loadBenchConfig } from '../lib/config.js';
import { monotonicUs, type SliceWindow } from '../lib/profile-summary.js';
import { feedAtPeak } from '../lib/feed.js';
import { processCpuUs } from '../lib/http-load.js';
import { benchServiceEnv, claimRedisDatabase, flushRedis } from '../lib/infra.js';
import { siweLogin } from '../lib/siwe-login.js';
import { abbaOrder, median, percentile, summarizeLatency } from '../lib/stats.js';

const log = (line: string) => console.log(line);

/** The window over which each API's CPU is measured with no request, ms. */
const IDLE_WINDOW_MS = 5000;

const intSetting = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};

/**
 * Run in a side's checkout (`node --import tsx -e`, so `@gw/*` and the fixtures are that
 * checkout's): migrates the side's database, makes the organization and its webhooks, funds the
 * payer; prints `{ organizationId, apiKey }` as the last line of stdout.
 */
const SETUP_SCRIPT = `
import { existsSync } from 'node:fs';
import { migrateDatabase } from '@gw/db';
import { closeContext, createContext } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { ensureNativeToken } from '@gw/core/ledger';
await migrateDatabase(process.env.DATABASE_URL);
const fx = await import(existsSync('bench/lib/fixtures.ts') ? './bench/lib/fixtures.ts' : './bench/fixtures.ts');
// No queue opened at once: the setup enqueues nothing, and a checkout may predate @gw/core/queues.
const ctx = createContext(loadConfig({ ...process.env }), { app: 'bench', queues: [] });
await ensureNativeToken(ctx.prisma, ctx.config);
const org = await fx.createOrganization(ctx, 'confirm-ab', 'http://127.0.0.1:9999', Number(process.env.AB_WEBHOOKS));
await fx.fundWallet(ctx, process.env.AB_PAYER);
await closeContext(ctx);
console.log(JSON.stringify({ organizationId: org.organizationId, apiKey: org.apiKey }));
process.exit(0);
`;

/** Runs {@link SETUP_SCRIPT} in `cwd` with `env`. @returns its JSON line. @throws Error with its stderr when it fails */
function setUpSide(cwd: string, env: Record<string, string>): Promise<{ organizationId: string; apiKey: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SETUP_SCRIPT], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as { organizationId: string; apiKey: string });
      else reject(new Error(`set-up in ${cwd} failed (${code}): ${err.slice(-2000)}`));
    });
  });
}

interface Side {
  name: 'A' | 'B';
  dir: string;
  dbName: string;
  api: Child;
  baseUrl: string;
  headers: Record<string, string>;
  /** The slices measured on this side, warm-up first. */
  windows: SliceWindow[];
}

interface Slice {
  confirmsPerSec: number;
  /** API process user + system CPU per confirm, µs. */
  apiCpuUs: number;
  /** The side's PostgreSQL backends' CPU per confirm, µs. */
  pgCpuUs: number;
  p50Ms: number;
  p99Ms: number;
}

/** POSTs and returns status and parsed body (the body is always read, so the connection is reused). */
async function post(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Creates `n` pending payments of 1 base unit through the side's API, `concurrency` in flight. @returns their ids */
async function createPayments(side: Side, n: number, concurrency: number): Promise<string[]> {
  const ids: string[] = [];
  await feedAtPeak(n, concurrency, async () => {
    const r = await post(`${side.baseUrl}/api/gateway/v1/payments`, side.headers, JSON.stringify({ amount: '1' }));
    if (r.status !== 201) throw new Error(`${side.name}: create answered ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
    ids.push(r.json.id as string);
  });
  return ids;
}

/** User + system CPU so far of the side's PostgreSQL backends (those connected to its database), µs. */
async function backendCpuUs(admin: pg.Client, dbName: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName]);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      out.set(pid, processCpuUs(pid));
    } catch {
      // the backend ended meanwhile
    }
  }
  return out;
}

/** Confirms `ids` through the side's API, `concurrency` in flight, and measures the slice. */
async function confirmSlice(side: Side, ids: string[], concurrency: number, admin: pg.Client): Promise<Slice> {
  const startUs = monotonicUs();
  const pgBefore = await backendCpuUs(admin, side.dbName);
  const apiBefore = processCpuUs(side.api.pid);
  const latencies: number[] = [];
  const { ms } = await feedAtPeak(ids.length, concurrency, async (i) => {
    const t0 = performance.now();
    const r = await post(`${side.baseUrl}/api/gateway/v1/payments/${ids[i]}/confirm`, side.headers, '{}');
    latencies.push(performance.now() - t0);
    if (r.status !== 200 || r.json.status !== 'settled')
      throw new Error(`${side.name}: confirm answered ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  });
  const apiUs = processCpuUs(side.api.pid) - apiBefore;
  const pgAfter = await backendCpuUs(admin, side.dbName);
  // A backend that started during the slice counts from zero; one that ended is lost (the pool keeps them).
  let pgUs = 0;
  for (const [pid, after] of pgAfter) pgUs += after - (pgBefore.get(pid) ?? 0);
  const l = summarizeLatency(latencies);
  side.windows.push({ startUs, endUs: monotonicUs(), confirms: ids.length });
  return { confirmsPerSec: ids.length / (ms / 1000), apiCpuUs: apiUs / ids.length, pgCpuUs: pgUs / ids.length, p50Ms: l.p50, p99Ms: l.p99 };
}

const fmt = (s: Slice) =>
  `${s.confirmsPerSec.toFixed(1)}/s, API ${s.apiCpuUs.toFixed(0)} µs, PG ${s.pgCpuUs.toFixed(0)} µs, p50 ${s.p50Ms.toFixed(0)} ms, p99 ${s.p99Ms.toFixed(0)} ms`;

const spread = (xs: number[]) =>
  `median ${median(xs).toFixed(3)} (middle half ${percentile(xs, 25).toFixed(3)}–${percentile(xs, 75).toFixed(3)})`;

async function main(): Promise<void> {
  const [dirA, dirB] = process.argv.slice(2).map((d) => path.resolve(d));
  if (!dirA || !dirB) throw new Error('usage: pnpm bench:confirm-ab <checkout A> <checkout B>');
  const runtimeOf = (name: 'A' | 'B'): BenchRuntime => (process.env[`BENCH_AB_RUNTIME_${name}`] === 'dist' ? 'dist' : 'tsx');
  for (const [name, dir] of [
    ['A', dirA],
    ['B', dirB],
  ] as const) {
    if (!existsSync(path.join(dir, 'node_modules'))) throw new Error(`${dir}: run pnpm install there first`);
    if (runtimeOf(name) === 'dist' && !existsSync(path.join(dir, 'apps/api/dist/index.js')))
      throw new Error(`${dir}: run pnpm build there first`);
  }
  const pairs = intSetting('BENCH_AB_PAIRS', 12);
  const payments = intSetting('BENCH_AB_PAYMENTS', 300);
  const concurrency = intSetting('BENCH_AB_CONCURRENCY', 20);
  const webhooks = intSetting('BENCH_AB_WEBHOOKS', 10);
  const settleMs = Number(process.env.BENCH_AB_SETTLE_MS ?? 2000);
  const profDir = process.env.BENCH_AB_CPU_PROF_DIR ? path.resolve(process.env.BENCH_AB_CPU_PROF_DIR) : undefined;
  const cfg = loadBenchConfig();
  const claim = await claimRedisDatabase(cfg.redisUrl);
  await flushRedis(cfg.redisUrl);
  const admin = new pg.Client({ connectionString: cfg.pgServerUrl });
  await admin.connect();
  const payer = privateKeyToAccount(generatePrivateKey());
  const sides: Side[] = [];
  const dbNames: string[] = [];
  try {
    for (const [name, dir] of [
      ['A', dirA],
      ['B', dirB],
    ] as const) {
      const dbName = `gw_bench_ab_${name.toLowerCase()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const url = new URL(cfg.pgServerUrl);
      url.pathname = `/${dbName}`;
      dbNames.push(dbName);
      const env = { ...benchServiceEnv({ url: url.toString() }, cfg.redisUrl), QUEUE_PREFIX: `ab-${name.toLowerCase()}` };
      const org = await setUpSide(dir, {
        ...env,
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        AB_WEBHOOKS: String(webhooks),
        AB_PAYER: payer.address,
      });
      const nodeFlags = profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profDir, name)}`] : [];
      const api = await startApiProcess(env, { cwd: dir, runtime: runtimeOf(name), nodeFlags });
      const { token } = await siweLogin(api.baseUrl, org.apiKey, 'localhost', payer);
      sides.push({
        name,
        dir,
        dbName,
        api: api.child,
        baseUrl: api.baseUrl,
        headers: { 'x-api-key': org.apiKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        windows: [],
      });
    }
    log(
      `confirm-ab: A = ${dirA} (${runtimeOf('A')}), B = ${dirB} (${runtimeOf('B')}); ${pairs} pairs of ${payments} confirms, ` +
        `${concurrency} in flight, one payer, ${webhooks} webhooks (no worker)`,
    );
    // What each API burns with no request (its timers and pollers), which the per-confirm CPU includes.
    const idleBefore = sides.map((s) => processCpuUs(s.api.pid));
    await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
    log(
      `  idle: ${sides.map((s, i) => `${s.name} ${((processCpuUs(s.api.pid) - idleBefore[i]!) / IDLE_WINDOW_MS).toFixed(1)} ms CPU/s`).join(', ')}`,
    );
    const runs: Record<'A' | 'B', Slice[]> = { A: [], B: [] };
    const rate: number[] = [];
    const cpu: number[] = [];
    const pgCpu: number[] = [];
    // Which side goes first: A B, B A, B A, A B, … from a random start (the second slice of a pair
    // runs after the first one's writes, and was up to 30 % slower on a loaded machine).
    const aFirst = [Math.random() < 0.5, ...abbaOrder(Math.ceil(pairs / 2), Math.random() < 0.5)];
    for (let i = 0; i <= pairs; i++) {
      const ids = new Map<Side, string[]>();
      for (const s of sides) ids.set(s, await createPayments(s, payments, concurrency));
      const out = new Map<string, Slice>();
      const order = aFirst[i]! ? sides : [...sides].reverse();
      for (const s of order) {
        await new Promise((r) => setTimeout(r, settleMs));
        out.set(s.name, await confirmSlice(s, ids.get(s)!, concurrency, admin));
      }
      const [a, b] = [out.get('A')!, out.get('B')!];
      if (i === 0) {
        log(`  warm-up: A ${fmt(a)}; B ${fmt(b)}`);
        continue;
      }
      runs.A.push(a);
      runs.B.push(b);
      rate.push(b.confirmsPerSec / a.confirmsPerSec);
      cpu.push(b.apiCpuUs / a.apiCpuUs);
      pgCpu.push(b.pgCpuUs / a.pgCpuUs);
      log(
        `  pair ${i} (${order[0]!.name} first): A ${fmt(a)}; B ${fmt(b)}; B/A confirms/s ${rate.at(-1)!.toFixed(3)}, ` +
          `API CPU ${cpu.at(-1)!.toFixed(3)}`,
      );
    }
    const med = (side: 'A' | 'B', pick: (s: Slice) => number) => median(runs[side].map(pick));
    for (const side of ['A', 'B'] as const) {
      log(
        `${side}: medians ${med(side, (s) => s.confirmsPerSec).toFixed(1)} confirms/s, API ${med(side, (s) => s.apiCpuUs).toFixed(0)} µs, ` +
          `PG ${med(side, (s) => s.pgCpuUs).toFixed(0)} µs per confirm, p50 ${med(side, (s) => s.p50Ms).toFixed(0)} ms`,
      );
    }
    log(`B/A confirms/s: ${spread(rate)}`);
    log(`B/A API CPU µs per confirm: ${spread(cpu)}`);
    log(`B/A PostgreSQL CPU µs per confirm: ${spread(pgCpu)}`);
  } finally {
    await stopServers(...sides.map((s) => s.api));
    if (profDir) {
      // Only the measured pairs: the warm-up slice is the first of each side.
      const windows = Object.fromEntries(sides.map((s) => [s.name, s.windows.slice(1)]));
      writeFileSync(path.join(profDir, 'windows.json'), JSON.stringify(windows, null, 2));
      log(`CPU profiles in ${profDir}: pnpm bench:cpu-profile-diff ${profDir}`);
    }
    for (const name of dbNames) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await flushRedis(cfg.redisUrl).catch(() => undefined);
    await claim.release().catch(() => undefined);
  }
}

await main();
