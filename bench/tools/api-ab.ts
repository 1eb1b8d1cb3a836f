/**
 * `pnpm bench:api-ab <checkout A> <checkout B>`: a paired A/B of the API's CPU per request
 * between two checkouts (each built with `pnpm build`, each with its own `node_modules`), for
 * changes too small for the API section's rounds to see.
 *
 * Why paired: on this machine the CPU's speed moves by up to 2× within seconds (a fixed loop
 * took 631 ms and 1,211 ms in back-to-back runs on 2026-11-25), so two builds measured in
 * separate runs of `pnpm bench` differ by more than most changes do. Here both APIs run at the
 * same time against one database and one Redis, and short slices (`BENCH_AB_SLICE_S`, default
 * 3 s) of the same load alternate between them in random order, `BENCH_AB_PAIRS` times (default
 * 12). Each pair gives one ratio B ÷ A of CPU µs per request (the server's user + system time
 * over the slice ÷ requests, from `/proc`); the report is the median ratio and the spread of the
 * middle half. A bare Express slice joins each pair as the yardstick the API section uses.
 *
 * `BENCH_AB_FLAGS_A` / `BENCH_AB_FLAGS_B`: Node flags for one side (e.g. `--max-semi-space-size=32`),
 * to compare runtime settings of one checkout (give the same checkout twice);
 * `BENCH_AB_RUNTIME_A` / `BENCH_AB_RUNTIME_B`: `tsx` runs that side from its sources (as `pnpm dev`),
 * anything else from its build (the default, as the image). The bare Express baseline needs neither.
 *
 * Targets: `BENCH_AB_TARGETS=read,write` (default `read`): the API section's read
 * (`GET /gateway/v1/webhooks`, 3 webhooks) and write (`POST /gateway/v1/payments`).
 *
 * Uses the bench's PostgreSQL server and Redis (`BENCH_PG_URL`, `BENCH_REDIS_URL`, as `pnpm bench`),
 * on a database and Redis database of its own. Prints a line per pair and a summary per target;
 * writes nothing.
 *
 * @module
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { closeContext, createContext } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { apiTargets, startApiProcess, startBareExpress, stopServers, type ApiEnv } from '../sections/api-section.js';
import { loadBenchConfig } from '../lib/config.js';
import { createOrganization } from '../lib/fixtures.js';
import { measureLoad, type LoadResult, type LoadTarget } from '../lib/http-load.js';
import { benchServiceEnv, claimRedisDatabase, createBenchDatabase, flushRedis } from '../lib/infra.js';
import { median, medianOf, percentile } from '../lib/stats.js';

const log = (line: string) => console.log(line);

interface Side {
  name: 'A' | 'B';
  pid: number;
  targets: Record<'read' | 'write', LoadTarget>;
}

const cpuUs = (r: LoadResult) => r.cpuUsPerReq!;

async function main(): Promise<void> {
  const [dirA, dirB] = process.argv.slice(2).map((d) => path.resolve(d));
  if (!dirA || !dirB) throw new Error('usage: pnpm bench:api-ab <checkout A> <checkout B>');
  for (const dir of [dirA, dirB]) {
    if (!existsSync(path.join(dir, 'apps/api/dist/index.js'))) throw new Error(`${dir}: run pnpm build there first`);
  }
  const pairs = Number(process.env.BENCH_AB_PAIRS ?? 12);
  const sliceS = Number(process.env.BENCH_AB_SLICE_S ?? 3);
  const kinds = (process.env.BENCH_AB_TARGETS ?? 'read').split(',') as ('read' | 'write')[];
  const cfg = loadBenchConfig();
  const claim = await claimRedisDatabase(cfg.redisUrl);
  await flushRedis(cfg.redisUrl);
  const db = await createBenchDatabase(cfg.pgServerUrl);
  const env: ApiEnv = benchServiceEnv(db, cfg.redisUrl);
  const ctx = createContext(loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }), {
    app: 'bench',
    queues: queueCatalogue,
  });
  const children: Awaited<ReturnType<typeof startBareExpress>>[] = [];
  try {
    const org = await createOrganization(ctx, 'api', 'http://127.0.0.1:9999', cfg.apiWebhooks);
    const bare = await startBareExpress();
    children.push(bare);
    const sides: Side[] = [];
    for (const [name, dir] of [
      ['A', dirA],
      ['B', dirB],
    ] as const) {
      const nodeFlags = (process.env[`BENCH_AB_FLAGS_${name}`] ?? '').split(/\s+/).filter(Boolean);
      const runtime = process.env[`BENCH_AB_RUNTIME_${name}`] === 'tsx' ? 'tsx' : 'dist';
      const api = await startApiProcess(env, { nodeFlags, cwd: dir, runtime });
      children.push(api);
      const t = await apiTargets(api.baseUrl, bare.baseUrl, org);
      sides.push({ name, pid: api.child.pid, targets: { read: t.read, write: t.write } });
    }
    const bareTarget: LoadTarget = { url: `${bare.baseUrl}/`, method: 'GET' };
    log(`api-ab: A = ${dirA}, B = ${dirB}; ${pairs} pairs of ${sliceS} s slices at ${cfg.apiConnections} connections`);
    for (const kind of kinds) {
      for (const s of sides) await measureLoad(s.targets[kind], 2, cfg.apiConnections); // warm-up
      // Pair i is runs.A[i], runs.B[i] and runs.bare[i].
      const runs: Record<'A' | 'B' | 'bare', LoadResult[]> = { A: [], B: [], bare: [] };
      const ratios: number[] = [];
      for (let i = 0; i < pairs; i++) {
        for (const s of Math.random() < 0.5 ? sides : [...sides].reverse()) {
          const r = await measureLoad(s.targets[kind], sliceS, cfg.apiConnections, s.pid);
          if (r.non2xx > 0 || r.errors > 0) throw new Error(`${kind} on ${s.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          runs[s.name].push(r);
        }
        runs.bare.push(await measureLoad(bareTarget, sliceS, cfg.apiConnections, bare.child.pid));
        const [a, b] = [cpuUs(runs.A[i]!), cpuUs(runs.B[i]!)];
        ratios.push(b / a);
        log(`  ${kind} pair ${i + 1}: A ${a.toFixed(1)} µs, B ${b.toFixed(1)} µs, B/A ${ratios[i]!.toFixed(3)}`);
      }
      const columns = ['A', 'B', 'bare'] as const;
      log(
        `${kind}: CPU µs per request, median: ${columns.map((x) => `${x} ${medianOf(runs[x], cpuUs).toFixed(1)}`).join(', ')}; ` +
          `req/s median: ${columns.map((x) => `${x} ${medianOf(runs[x], (r) => r.reqPerSec).toFixed(0)}`).join(', ')}; ` +
          `B/A (CPU) median ${median(ratios).toFixed(3)} (middle half ${percentile(ratios, 25).toFixed(3)}–${percentile(ratios, 75).toFixed(3)})`,
      );
    }
  } finally {
    await stopServers(...children.map((c) => c.child));
    await closeContext(ctx).catch(() => undefined);
    await db.drop().catch(() => undefined);
    await flushRedis(cfg.redisUrl).catch(() => undefined);
    await claim.release().catch(() => undefined);
  }
}

await main();
