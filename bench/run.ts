/**
 * `pnpm bench`: measures the delivery pipeline and the API against their ceilings on this
 * machine (see bench/README.md), prints a table and writes bench/results/latest.json and summary.json.
 *
 * Owns the set-up and tear-down: a fresh PostgreSQL database (migrated, dropped at the end),
 * a dedicated Redis database (flushed at start, between runs and at the end), the receiver
 * process, and the fixtures (organization, API key, webhooks, payer).
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { startPgBouncer, type RunningPgBouncer } from '@gw/db/pgbouncer';
import { closeContext, createContext, type Context } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import {
  apiTargets,
  runApiRounds,
  startApiProcess,
  startBareExpress,
  stopServers,
  type ApiEnv,
  type ApiRound,
} from './sections/api-section.js';
import { CEILING_JOBS_FILE } from './lib/ceiling.js';
import { loadBenchConfig } from './lib/config.js';
import { createFixtures, createOrganization, type Organization } from './lib/fixtures.js';
import { runChainSection } from './sections/chain-section.js';
import { runE2eSection } from './sections/e2e-section.js';
import { runFairnessSection } from './sections/fairness-section.js';
import { runGrowthSection } from './sections/growth-section.js';
import { benchServiceEnv, claimRedisDatabase, createBenchDatabase, flushRedis, type BenchDatabase } from './lib/infra.js';
import { runPipelineSection, runSlowSection, type SectionDeps } from './sections/pipeline-section.js';
import { runProfileSection } from './sections/profile-section.js';
import { formatProfileSummary } from './lib/profile-summary.js';
import { startReceiver, type Receiver } from './lib/receiver.js';
import { buildReport, formatReport, SUMMARY_FILE, writeReport, type BenchResults } from './lib/report.js';
import { writeSummary } from './lib/summary.js';

const log = (line: string) => console.log(line);

/** Runs one section and logs how long it took. */
async function timed<T>(title: string, fn: () => Promise<T>): Promise<T> {
  log(`\n${title}`);
  const t0 = Date.now();
  const out = await fn();
  log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return out;
}

async function runApi(deps: SectionDeps, env: ApiEnv, org: Organization): Promise<ApiRound[]> {
  const { cfg } = deps;
  await flushRedis(cfg.redisUrl);
  const api = await startApiProcess(env, { nodeFlags: cfg.apiNodeFlags });
  const bare = await startBareExpress();
  try {
    const targets = { ...(await apiTargets(api.baseUrl, bare.baseUrl, org)), pids: { bare: bare.child.pid, api: api.child.pid } };
    return await runApiRounds(targets, {
      rounds: cfg.apiRuns,
      durationS: cfg.apiDurationS,
      warmupS: cfg.apiWarmupS,
      connections: cfg.apiConnections,
      // The write runs leave ~20,000 new payments each: vacuum them and checkpoint now, untimed.
      settle: async () => {
        await deps.ctx.sql.$executeRaw`VACUUM (ANALYZE) payments`;
        await deps.ctx.sql.$executeRaw`CHECKPOINT`;
      },
      onRound: (i, r) =>
        log(
          `  round ${i + 1}: bare ${r.bare.reqPerSec.toFixed(0)} req/s (${r.bare.cpuUsPerReq?.toFixed(0)} µs CPU), ` +
            `read ${r.read.reqPerSec.toFixed(0)} req/s (${r.read.cpuUsPerReq?.toFixed(0)} µs) ${JSON.stringify(r.read.statusCodes)}, ` +
            `write ${r.write.reqPerSec.toFixed(0)} req/s (${r.write.cpuUsPerReq?.toFixed(0)} µs) ${JSON.stringify(r.write.statusCodes)}`,
        ),
    });
  } finally {
    await stopServers(api.child, bare.child);
  }
}

async function main(): Promise<void> {
  const cfg = loadBenchConfig();
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  log(`bench: sections ${[...cfg.sections].join(', ')}${cfg.profile ? ' + profiles' : ''}; Redis ${cfg.redisUrl}`);
  const claim = await claimRedisDatabase(cfg.redisUrl);
  await flushRedis(cfg.redisUrl);
  let db: BenchDatabase | undefined;
  let ctx: Context | undefined;
  let receiver: Receiver | undefined;
  let bouncer: RunningPgBouncer | undefined;
  try {
    db = await createBenchDatabase(cfg.pgServerUrl);
    log(`bench: database ${db.name} migrated`);
    if (cfg.pooler === 'pgbouncer') {
      // Every process (this one, the API, the workers) through a transaction pooler.
      bouncer = await startPgBouncer({ serverUrl: cfg.pgServerUrl, poolSize: cfg.poolerPoolSize });
      log(`bench: through ${bouncer.version} on ${bouncer.address}, pool_mode=transaction, default_pool_size=${cfg.poolerPoolSize}`);
    }
    const env = {
      ...benchServiceEnv(db, cfg.redisUrl),
      ...(bouncer ? { DATABASE_URL: bouncer.route(db.url), DATABASE_POOLER: 'transaction' } : {}),
    };
    ctx = createContext(
      loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_MAX_PER_ORG: '10000' }),
      {
        app: 'bench',
        queues: queueCatalogue,
      },
    );
    receiver = await startReceiver();
    const fx = await createFixtures(ctx, receiver.baseUrl, cfg.webhooks);
    const apiOrg = cfg.sections.has('api') ? await createOrganization(ctx, 'api', receiver.baseUrl, cfg.apiWebhooks) : undefined;
    const deps: SectionDeps = { ctx, fx, receiver, env, cfg, log };

    const results: BenchResults = {};
    if (cfg.sections.has('pipeline')) results.pipeline = await timed('1. pipeline (fast receiver)', () => runPipelineSection(deps));
    if (cfg.sections.has('slow')) results.slow = await timed('2. slow receiver', () => runSlowSection(deps));
    if (apiOrg) results.api = await timed('3. API', () => runApi(deps, env, apiOrg));
    if (cfg.sections.has('fairness'))
      results.fairness = await timed('4. fairness (a hanging endpoint beside a healthy one)', () => runFairnessSection(deps));
    if (cfg.sections.has('e2e'))
      results.e2e = await timed('5. e2e (HTTP API, fan-out, hot merchant, ledger scale)', () => runE2eSection(deps, env));
    if (cfg.sections.has('chain'))
      results.chain = await timed('6. chain (deposits, withdrawals vs raw transactions, votes, bridge, reads vs bare RPC)', () =>
        runChainSection(deps, env),
      );
    if (cfg.profile) results.profiles = await timed('profiles (node --cpu-prof)', () => runProfileSection(deps, env, cfg, apiOrg));
    if (results.e2e?.profile) results.profiles = { ...results.profiles, apiE2e: results.e2e.profile };
    // Last: it leaves millions of rows in the database.
    if (cfg.sections.has('growth'))
      results.growth = await timed('7. growth (empty vs millions of rows; Redis per job; drain 10k vs 100k)', () =>
        runGrowthSection(deps, env),
      );

    const report = buildReport(cfg, results, startedAt, loadAtStart);
    const file = writeReport(report);
    writeSummary(SUMMARY_FILE, report, process.env);
    log(`\n${formatReport(report)}\n`);
    for (const [what, s] of Object.entries(results.profiles ?? {}))
      if (s && 'topFunctions' in s) log(`profile of ${what}: ${formatProfileSummary(s)}\n`);
    log(`written: ${file} and ${SUMMARY_FILE} (${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s)`);
  } finally {
    await receiver?.stop().catch(() => undefined);
    if (ctx) await closeContext(ctx).catch(() => undefined);
    if (bouncer) log(`bench: PgBouncer used ${bouncer.cpuSeconds() ?? '?'} s of CPU`);
    await bouncer?.stop().catch(() => undefined);
    await db?.drop().catch((err: unknown) => console.error(`could not drop ${db?.name}: ${(err as Error).message}`));
    await flushRedis(cfg.redisUrl).catch(() => undefined);
    await claim.release().catch(() => undefined);
    rmSync(CEILING_JOBS_FILE, { force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
