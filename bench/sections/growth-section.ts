/**
 * The growth section ("Growth"): do listing deliveries, listing payments, confirming a
 * payment and one sweeper cycle stay fast when months of traffic fill the tables? And what does a
 * queued delivery cost in Redis, and does a large backlog drain at the rate of a small one?
 *
 * Two databases, side by side in the same run, each with its own real API process (same settings,
 * started and warmed up the same way) and its own context for the sweeper:
 *
 * - **empty**: a second bench database holding only the measured organization (API key, two
 *   webhooks, a funded payer logged in through the API) with a first page's worth of rows
 *   (`BENCH_GROWTH_EMPTY_DELIVERIES`=500 deliveries, `BENCH_GROWTH_EMPTY_PAYMENTS`=100 payments,
 *   the same status mix as below), so that both answer full pages of the same size;
 * - **full**: the bench database with `BENCH_GROWTH_ORGS`=1,000 organizations,
 *   `BENCH_GROWTH_DELIVERIES`=5,000,000 deliveries (one event each, 1–3 attempts) and
 *   `BENCH_GROWTH_PAYMENTS`=1,000,000 payments, spread with a long tail (growth-plan.ts) over ~90
 *   days; its measured organization is the median-size one. Bulk seed (growth-seed.ts), then
 *   VACUUM (ANALYZE).
 *
 * Both also hold `BENCH_GROWTH_OVERDUE`=10 pending deliveries and 10 pending payments past due:
 * the sweeper's real work, the same on both sides. Measured, with the calls to the two sides
 * interleaved one by one (so that whatever else the machine does weighs on both alike):
 * `BENCH_GROWTH_SAMPLES`=1,000 sequential requests each of `GET /gateway/v1/webhooks/deliveries?status=dead`
 * (plus the largest organization's, full side) and `GET /gateway/v1/payments`; as many
 * `POST /gateway/v1/payments/:id/confirm` (payments created untimed first); `BENCH_GROWTH_SWEEPS`=1,000
 * calls of the worker's `sweepOutbox` (pending deliveries, with SWEEP_GRACE_MS).
 *
 * Then `EXPLAIN (ANALYZE, BUFFERS)` of each statement behind the figures, with the keyset
 * indexes ("after") and, in a transaction rolled back, with the indexes as they were before
 * ("before"); and, for each of `BENCH_GROWTH_DRAIN`=10,000 and 100,000, that many pending
 * deliveries of the pipeline organization (bulk SQL) get their jobs (`enqueueDeliveries`, the real
 * job shape and options) with no worker running; the queue's keys are weighed with `MEMORY USAGE`
 * (bytes per job); then one real worker (default WORKER_CONCURRENCY) drains the backlog to the
 * fast receiver: deliveries/s = jobs / (first → last 2xx).
 *
 * @module
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { sweepOutbox } from '@gw/worker/jobs';
import { createPayment } from '@gw/core/payments';
import { type DeliveryRef, deliveryQueue, deliveryQueues, enqueueDeliveries } from '@gw/core/webhooks';
import { issueCredential } from '@gw/core/auth';
import { ensureNativeToken } from '@gw/core/ledger';
import { closeContext, createContext, type Context } from '@gw/runtime';
import { parseScopes } from '@gw/core/auth';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { startApiProcess, stopServers, type ApiEnv } from './api-section.js';
import type { Child } from '../lib/child-process.js';
import { createOrganization, fundWallet } from '../lib/fixtures.js';
import { orgSizes, typicalIndex } from './growth-plan.js';
import { seedGrowth, seedOrganizations } from './growth-seed.js';
import { createBenchDatabase, flushRedis } from '../lib/infra.js';
import { assertAlive, startRealWorkers } from '../lib/pipeline.js';
import type { SectionDeps } from './pipeline-section.js';
import { siweLogin } from '../lib/siwe-login.js';
import { summarizeLatency, type LatencySummary } from '../lib/stats.js';

/** The measured operations (keys of `growth.<operation>` in latest.json). */
export const GROWTH_OPERATIONS = ['listDeadDeliveries', 'listPayments', 'confirmPayment', 'sweeperCycle'] as const;
export type GrowthOperation = (typeof GROWTH_OPERATIONS)[number];

export interface GrowthPhase {
  /** Latency per operation, ms. */
  ops: Record<GrowthOperation, LatencySummary>;
  /** Rows in the big tables at the start of the phase. */
  rows: Record<string, number>;
}

export interface GrowthPlan {
  name: string;
  sql: string;
  before: string;
  after: string;
  beforeExecMs: number;
  afterExecMs: number;
}

export interface DrainRun {
  jobs: number;
  /** Sum of `MEMORY USAGE` of the queue's keys, after − before enqueueing, bytes. */
  redisBytes: number;
  redisBytesPerJob: number;
  /** `used_memory` of INFO memory, after − before (the whole server: noisy when others use it), bytes per job. */
  usedMemoryPerJob: number;
  /** First → last 2xx at the receiver, s. */
  drainS: number;
  deliveriesPerSec: number;
  /** Deliveries not `delivered` in the database at the end (must be 0). */
  notDelivered: number;
}

export interface GrowthSectionResult {
  empty: GrowthPhase;
  full: GrowthPhase;
  /** Dead list of the largest organization, full database, ms. */
  largestOrgListDead: LatencySummary;
  measuredOrg: { deliveries: number; dead: number; payments: number };
  /** The measured organization of the empty database. */
  emptyOrg: { deliveries: number; dead: number; payments: number };
  largestOrg: { deliveries: number; dead: number; payments: number };
  seed: { seconds: number; steps: Record<string, number>; databaseBytesBefore: number; databaseBytesAfter: number };
  plans: GrowthPlan[];
  drain: DrainRun[];
  workerConcurrency: number;
  samples: number;
  sweeps: number;
  /** `after` (the schema's), or `before`: the lists measured with the older (created_at) indexes. */
  indexes: 'after' | 'before';
}

const count = async (client: pg.Client, sql: string, params: unknown[] = []) =>
  Number((await client.query<{ n: string }>(sql, params)).rows[0]!.n);

async function tableRows(client: pg.Client): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['payments', 'events', 'deliveries', 'delivery_attempts', 'organizations']) {
    out[t] = await count(client, `SELECT count(*)::text AS n FROM ${t}`);
  }
  return out;
}

async function getOk(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body);
}

/** Pending deliveries and payments `overdue` past due (+ grace): what a sweeper cycle really has to look at. */
async function seedOverdue(client: pg.Client, orgId: string, webhookId: string, overdue: number, token: string): Promise<void> {
  await client.query(
    `WITH e AS (
       INSERT INTO events (id, organization_id, type, payload, created_at)
       SELECT gen_random_uuid(), $1::uuid, 'payment.settled', '{"payment":{"id":"overdue"}}', now() - interval '20 minutes'
       FROM generate_series(1, $3::int) RETURNING id
     )
     INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, status, attempts, manual, next_attempt_at, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, $2::uuid, e.id, 'payment.settled', 'pending', 0, false, now() - interval '10 minutes',
            now() - interval '20 minutes', now() - interval '20 minutes'
     FROM e`,
    [orgId, webhookId, overdue],
  );
  await client.query(
    `INSERT INTO payments (id, organization_id, payer, token, amount, purpose, status, expires_at, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, '0x' || substr(md5('overdue' || g), 1, 40), $3, 1, 'payment', 'pending',
            now() - interval '10 minutes', now() - interval '70 minutes', now() - interval '70 minutes'
     FROM generate_series(1, $2::int) AS g`,
    [orgId, overdue, token],
  );
}

interface MeasuredOrg {
  organizationId: string;
  apiKey: string;
  webhookIds: string[];
}

/** One database under measurement: its context (sweeper, payments), its API process and its organization. */
interface Side {
  ctx: Context;
  env: ApiEnv;
  org: MeasuredOrg;
}

/** A side with its API started and a funded payer logged in. */
interface LiveSide extends Side {
  api: { child: Child; baseUrl: string };
  base: string;
  keyOnly: Record<string, string>;
  withSession: Record<string, string>;
  address: string;
}

async function goLive(side: Side): Promise<LiveSide> {
  const api = await startApiProcess(side.env);
  const { token, address } = await siweLogin(api.baseUrl, side.org.apiKey);
  await fundWallet(side.ctx, address);
  const keyOnly = { 'x-api-key': side.org.apiKey };
  // The payments routes are the gateway's: API key + the payer's session JWT.
  return {
    ...side,
    api,
    base: `${api.baseUrl}/api/gateway/v1`,
    keyOnly,
    withSession: { ...keyOnly, authorization: `Bearer ${token}` },
    address,
  };
}

/**
 * `n` rounds; in each, every function of `fns` once, in turn, each timed (ms). Interleaving the
 * empty and the full database's calls puts both under the same machine load at every moment, so
 * the load of other work on the machine cancels out of their ratio.
 */
async function interleaved(n: number, fns: ((i: number) => Promise<unknown>)[]): Promise<number[][]> {
  const out = fns.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    // Odd rounds run the functions in reverse order, so that none always follows the same one.
    for (let j = 0; j < fns.length; j++) {
      const f = i % 2 === 0 ? j : fns.length - 1 - j;
      const t = performance.now();
      await fns[f]!(i);
      out[f]!.push(performance.now() - t);
    }
  }
  return out;
}

/**
 * The measurements of both databases, interleaved call by call (see the module doc). Each side
 * has its own API process, started fresh and warmed up the same way.
 */
async function measureBoth(
  d: SectionDeps,
  sides: [Side, Side],
  largest: { apiKey: string },
): Promise<{ empty: GrowthPhase; full: GrowthPhase; largest: LatencySummary }> {
  const { cfg, log } = d;
  const live: LiveSide[] = [];
  try {
    for (const side of sides) live.push(await goLive(side));
    const [e, f] = live as [LiveSide, LiveSide];
    const deadUrl = (s: LiveSide) => `${s.base}/webhooks/deliveries?status=dead`;
    const paymentsUrl = (s: LiveSide) => `${s.base}/payments`;
    // Warm-up (not measured): the API's pools, prepared statements, JIT of the handlers.
    for (let i = 0; i < 30; i++) {
      for (const s of live) {
        await getOk(deadUrl(s), s.keyOnly);
        await getOk(paymentsUrl(s), s.withSession);
      }
    }
    for (const s of live) {
      const dead = (await getOk(deadUrl(s), s.keyOnly)) as { data: unknown[] };
      const payments = (await getOk(paymentsUrl(s), s.withSession)) as { data: unknown[] };
      if (dead.data.length === 0 || payments.data.length === 0) throw new Error('growth: a measured page is empty');
      log(`  growth: pages of ${dead.data.length} dead deliveries and ${payments.data.length} payments`);
    }
    const largestHeaders = { 'x-api-key': largest.apiKey };
    for (let i = 0; i < 30; i++) await getOk(deadUrl(f), largestHeaders);
    const [deadE, deadF, deadL] = await interleaved(cfg.growthSamples, [
      () => getOk(deadUrl(e), e.keyOnly),
      () => getOk(deadUrl(f), f.keyOnly),
      () => getOk(deadUrl(f), largestHeaders),
    ]);
    const [payE, payF] = await interleaved(cfg.growthSamples, [
      () => getOk(paymentsUrl(e), e.withSession),
      () => getOk(paymentsUrl(f), f.withSession),
    ]);

    // The sweeper (the worker's sweepOutbox, in this process, on each database): the first cycles
    // give the overdue rows their jobs (not measured); then each cycle finds them again and checks
    // that their jobs are live.
    const sweep = (s: LiveSide) => sweepOutbox(s.ctx, { graceMs: s.ctx.config.SWEEP_GRACE_MS });
    for (let i = 0; i < 3; i++) for (const s of live) await sweep(s);
    const [sweepE, sweepF] = await interleaved(cfg.growthSweeps, [() => sweep(e), () => sweep(f)]);

    // Confirms through the API, one at a time (payments created first, not timed).
    const ids = new Map<LiveSide, string[]>();
    for (const s of live) {
      const list: string[] = [];
      for (let i = 0; i < cfg.growthSamples + 20; i++) {
        const { body } = await createPayment(s.ctx, {
          organizationId: s.org.organizationId,
          payer: s.address,
          amount: 1n,
          expiresInSeconds: 3600,
        });
        list.push(body.id);
      }
      ids.set(s, list);
    }
    const confirm = async (s: LiveSide, i: number) => {
      const id = ids.get(s)![i]!;
      const res = await fetch(`${s.base}/payments/${id}/confirm`, {
        method: 'POST',
        headers: { ...s.withSession, 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await res.json()) as { status?: string };
      if (res.status !== 200 || body.status !== 'settled')
        throw new Error(`confirm ${id}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    };
    for (let i = 0; i < 20; i++) for (const s of live) await confirm(s, i);
    const [confE, confF] = await interleaved(cfg.growthSamples, [(i) => confirm(e, 20 + i), (i) => confirm(f, 20 + i)]);

    const phase = (dead: number[], pay: number[], conf: number[], sw: number[]): GrowthPhase['ops'] => ({
      listDeadDeliveries: summarizeLatency(dead),
      listPayments: summarizeLatency(pay),
      confirmPayment: summarizeLatency(conf),
      sweeperCycle: summarizeLatency(sw),
    });
    return {
      empty: { rows: {}, ops: phase(deadE!, payE!, confE!, sweepE!) },
      full: { rows: {}, ops: phase(deadF!, payF!, confF!, sweepF!) },
      largest: summarizeLatency(deadL!),
    };
  } finally {
    await stopServers(...live.map((s) => s.api.child));
  }
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

async function explain(client: pg.Client, sql: string): Promise<{ plan: string; execMs: number }> {
  const res = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
  const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
  const m = /Execution Time: ([\d.]+) ms/.exec(plan);
  return { plan, execMs: m ? Number(m[1]) : Number.NaN };
}

/** The older list indexes (by created_at) the keyset ones replaced, as they were (recreated inside the "before" transaction). */
const OLD_INDEXES = [
  `CREATE INDEX "payments_organization_id_status_created_at_idx" ON payments (organization_id, status, created_at)`,
  `CREATE INDEX "deliveries_organization_id_created_at_idx" ON deliveries (organization_id, created_at DESC)`,
  `CREATE INDEX "deliveries_organization_id_status_created_at_idx" ON deliveries (organization_id, status, created_at DESC)`,
];
const NEW_INDEXES = [
  'payments_organization_id_id_idx',
  'payments_organization_id_status_id_idx',
  'deliveries_organization_id_id_idx',
  'deliveries_organization_id_status_id_idx',
];

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements behind the figures, as the service sends them
 * (literal parameters), now ("after") and with the older indexes ("before": one
 * transaction that drops the new indexes, recreates the old ones, explains, and rolls back).
 */
async function explainAll(client: pg.Client, org: string, largestOrg: string, paymentId: string, graceMs: number): Promise<GrowthPlan[]> {
  const cutoff = lit(new Date(Date.now() - graceMs).toISOString());
  // The list joins each delivery to its event (primary key) for its payment id, and filters
  // by webhook, event type and payment too (findDeliveries in packages/core/src/webhooks/repository.ts).
  const cols = `d.id::text, d.webhook_id::text AS "webhookId", d.event_id::text AS "eventId", d.event, e.payment_id::text AS "paymentId", d.status::text AS status, d.attempts, d.next_attempt_at AS "nextAttemptAt", d.last_status_code AS "lastStatusCode", d.last_error AS "lastError", d.created_at AS "createdAt", d.delivered_at AS "deliveredAt"`;
  const list = (orgId: string, filter: string) =>
    `SELECT ${cols} FROM deliveries d JOIN events e ON e.id = d.event_id WHERE d.organization_id = ${lit(orgId)}::uuid${filter} ORDER BY d.id DESC LIMIT 21`;
  const one = async (sql: string) => (await client.query<{ v: string | null }>(sql)).rows[0]?.v ?? null;
  const webhookOfLargest = await one(
    `SELECT webhook_id::text AS v FROM deliveries WHERE organization_id = ${lit(largestOrg)}::uuid LIMIT 1`,
  );
  // A database seeded before the events.payment_id column existed has none: the plan is then the one of an unknown payment.
  const paymentOfLargest =
    (await one(
      `SELECT payment_id::text AS v FROM events WHERE organization_id = ${lit(largestOrg)}::uuid AND payment_id IS NOT NULL ORDER BY id DESC LIMIT 1 OFFSET 1000`,
    )) ?? '00000000-0000-7000-8000-000000000000';
  const statements: { name: string; sql: string }[] = [
    {
      name: 'GET /webhooks/deliveries?status=dead (typical organization; take 21, each joined to its event)',
      sql: list(org, ` AND d.status = 'dead'::delivery_status`),
    },
    {
      name: 'GET /webhooks/deliveries?status=dead (largest organization)',
      sql: list(largestOrg, ` AND d.status = 'dead'::delivery_status`),
    },
    {
      name: 'GET /webhooks/deliveries?webhookId=… (largest organization)',
      sql: list(largestOrg, ` AND d.webhook_id = ${lit(webhookOfLargest ?? '00000000-0000-7000-8000-000000000000')}::uuid`),
    },
    {
      name: 'GET /webhooks/deliveries?event=payment.refunded (largest organization; a type it has none of)',
      sql: list(largestOrg, ` AND d.event = 'payment.refunded'`),
    },
    {
      name: 'GET /webhooks/deliveries?paymentId=… (largest organization)',
      sql: list(
        largestOrg,
        ` AND d.event_id IN (SELECT id FROM events WHERE payment_id = ${lit(paymentOfLargest)}::uuid AND organization_id = ${lit(largestOrg)}::uuid)`,
      ),
    },
    {
      name: 'GET /payments (typical organization; Prisma findMany, take 21)',
      sql: `SELECT * FROM payments WHERE organization_id = ${lit(org)}::uuid ORDER BY id DESC LIMIT 21 OFFSET 0`,
    },
    {
      name: 'GET /payments (largest organization)',
      sql: `SELECT * FROM payments WHERE organization_id = ${lit(largestOrg)}::uuid ORDER BY id DESC LIMIT 21 OFFSET 0`,
    },
    {
      name: 'confirm: lock and read the payment (lockPayment)',
      sql: `SELECT id FROM payments WHERE id = ${lit(paymentId)}::uuid AND organization_id = ${lit(org)}::uuid FOR UPDATE`,
    },
    {
      name: 'sweeper: overdue deliveries (findOverdueDeliveries)',
      sql: `SELECT id::text, organization_id::text FROM deliveries WHERE status = 'pending' AND next_attempt_at <= ${cutoff}::timestamptz ORDER BY next_attempt_at LIMIT 500`,
    },
    {
      name: 'expiry scan: due payments (findOverduePendingPaymentIds)',
      sql: `SELECT id::text FROM payments WHERE status = 'pending' AND expires_at <= ${cutoff}::timestamptz ORDER BY expires_at LIMIT 500`,
    },
  ];
  const after: { plan: string; execMs: number }[] = [];
  for (const s of statements) {
    await client.query('BEGIN');
    try {
      await explain(client, s.sql); // warm the cache like the measured runs did
      after.push(await explain(client, s.sql));
    } finally {
      await client.query('ROLLBACK');
    }
  }
  const before: { plan: string; execMs: number }[] = [];
  await client.query('BEGIN');
  try {
    for (const name of NEW_INDEXES) await client.query(`DROP INDEX "${name}"`);
    for (const def of OLD_INDEXES) await client.query(def);
    for (const s of statements) {
      await explain(client, s.sql);
      before.push(await explain(client, s.sql));
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return statements.map((s, i) => ({
    name: s.name,
    sql: s.sql,
    before: before[i]!.plan,
    after: after[i]!.plan,
    beforeExecMs: before[i]!.execMs,
    afterExecMs: after[i]!.execMs,
  }));
}

/** Sum of MEMORY USAGE of every key under `pattern` (SCAN, pipelined). */
async function keyBytes(redis: Redis, pattern: string): Promise<number> {
  let cursor = '0';
  let total = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length === 0) continue;
    const pipe = redis.pipeline();
    for (const k of keys) pipe.call('MEMORY', 'USAGE', k, 'SAMPLES', '0');
    const res = (await pipe.exec()) ?? [];
    for (const [err, v] of res) if (!err) total += Number(v ?? 0);
  } while (cursor !== '0');
  return total;
}

const usedMemory = async (redis: Redis) => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? Number.NaN);

/** `n` pending deliveries (one event each) of the pipeline organization, spread over its webhooks. @returns their ids */
async function seedDrainDeliveries(client: pg.Client, orgId: string, webhookIds: string[], n: number): Promise<DeliveryRef[]> {
  const res = await client.query<{ id: string; webhook_id: string }>(
    `WITH t AS (
       SELECT g, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)] AS webhook, gen_random_uuid() AS event_id,
              (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' ||
               substr(md5(random()::text), 1, 15))::uuid AS id
       FROM generate_series(1, $3::int) AS g
     ),
     e AS (
       INSERT INTO events (id, organization_id, type, payload, created_at)
       SELECT event_id, $1::uuid, 'payment.settled',
              jsonb_build_object('payment', jsonb_build_object('id', id::text, 'amount', '1', 'status', 'settled')), now()
       FROM t
     )
     INSERT INTO deliveries (id, organization_id, webhook_id, event_id, event, status, attempts, manual, next_attempt_at, created_at, updated_at)
     SELECT id, $1::uuid, webhook, event_id, 'payment.settled', 'pending', 0, false, now(), now(), now() FROM t
     RETURNING id::text, webhook_id::text`,
    [orgId, webhookIds, n],
  );
  return res.rows.map((r) => ({ id: r.id, organizationId: orgId, webhookId: r.webhook_id }));
}

/**
 * Redis bytes per queued job and the drain rate of one real worker, for each backlog size. One
 * worker process for all the runs, warmed up first (2,000 deliveries, not measured). Each backlog
 * is built with the queue paused (BullMQ `pause`: the worker takes nothing), weighed, and then
 * released at once (`resume`). Two sizes run as small, large, small, so that drift on a shared
 * machine shows and the small figure is the mean of the runs before and after the large one.
 */
async function runDrains(d: SectionDeps, client: pg.Client): Promise<DrainRun[]> {
  const { ctx, cfg, fx, receiver, log } = d;
  const redis = new Redis(cfg.redisUrl, { maxRetriesPerRequest: 1 });
  // Every shard of the delivery queue (one with DELIVERY_QUEUE_SHARDS=1, the default).
  const shards = deliveryQueues(ctx.queues);
  const patterns = shards.map((q) => `${q.opts.prefix}:${deliveryQueue.name}:*`);
  const queueBytes = async () => (await Promise.all(patterns.map((p) => keyBytes(redis, p)))).reduce((a, b) => a + b, 0);
  const sizes = cfg.growthDrain.length === 2 ? [cfg.growthDrain[0]!, cfg.growthDrain[1]!, cfg.growthDrain[0]!] : cfg.growthDrain;
  const runs: DrainRun[] = [];
  await flushRedis(cfg.redisUrl);
  await receiver.reset(0);
  const workers = await startRealWorkers(ctx, d.env, {
    processes: 1,
    concurrency: ctx.config.WORKER_CONCURRENCY,
    nodeFlags: cfg.workerNodeFlags,
    extraEnv: cfg.workerEnv,
  });
  try {
    const warm = await seedDrainDeliveries(client, fx.organizationId, fx.webhookIds, 2000);
    await enqueueDeliveries(ctx, warm);
    await receiver.waitFor(warm.length, cfg.runTimeoutMs, () => assertAlive(workers));
    for (const jobs of sizes) {
      await Promise.all(shards.map((q) => q.pause()));
      const ids = await seedDrainDeliveries(client, fx.organizationId, fx.webhookIds, jobs);
      await client.query('VACUUM (ANALYZE) deliveries');
      // One job first, so that the queue's fixed keys (meta, events stream) exist before the weighing.
      await enqueueDeliveries(ctx, ids.slice(0, 1));
      const bytes0 = await queueBytes();
      const used0 = await usedMemory(redis);
      for (let i = 1; i < ids.length; i += 1000) await enqueueDeliveries(ctx, ids.slice(i, i + 1000));
      const bytes1 = await queueBytes();
      const used1 = await usedMemory(redis);
      const perJob = (bytes1 - bytes0) / (jobs - 1);
      await receiver.reset(0);
      await Promise.all(shards.map((q) => q.resume()));
      await receiver.waitFor(jobs, Math.max(cfg.runTimeoutMs, jobs * 10), () => assertAlive(workers));
      const { answeredAt } = await receiver.collect();
      let first = Number.POSITIVE_INFINITY;
      let last = Number.NEGATIVE_INFINITY;
      for (const { id } of ids) {
        const t = answeredAt.get(id);
        if (t === undefined) continue;
        first = Math.min(first, t);
        last = Math.max(last, t);
      }
      const drainS = (last - first) / 1000;
      // The worker records an attempt just after the receiver's 2xx: give the last ones a moment.
      const undelivered = () =>
        count(client, `SELECT count(*)::text AS n FROM deliveries WHERE id = ANY($1::uuid[]) AND status <> 'delivered'`, [ids]);
      let notDelivered = await undelivered();
      for (let waited = 0; notDelivered > 0 && waited < 15_000; waited += 250) {
        await new Promise((r) => setTimeout(r, 250));
        notDelivered = await undelivered();
      }
      const run: DrainRun = {
        jobs,
        redisBytes: bytes1 - bytes0,
        redisBytesPerJob: Math.round(perJob),
        usedMemoryPerJob: Math.round((used1 - used0) / (jobs - 1)),
        drainS: Math.round(drainS * 100) / 100,
        deliveriesPerSec: Math.round((jobs - 1) / drainS),
        notDelivered,
      };
      runs.push(run);
      log(
        `  growth: ${jobs} jobs: ${run.redisBytesPerJob} B/job in Redis (MEMORY USAGE; used_memory says ${run.usedMemoryPerJob}); ` +
          `drained in ${run.drainS} s = ${run.deliveriesPerSec} deliveries/s (1 worker, concurrency ${ctx.config.WORKER_CONCURRENCY}); not delivered: ${notDelivered}`,
      );
    }
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    redis.disconnect();
    await flushRedis(cfg.redisUrl);
  }
  return runs;
}

/** Runs the growth section; see the module doc. */
export async function runGrowthSection(d: SectionDeps, env: ApiEnv): Promise<GrowthSectionResult> {
  const { ctx, cfg, log } = d;
  const token = ctx.config.NATIVE_TOKEN_SYMBOL;
  // The empty database: its own (migrated) database, context and API, with the same settings.
  const emptyDb = await createBenchDatabase(cfg.pgServerUrl);
  const emptyEnv: ApiEnv = { ...env, DATABASE_URL: emptyDb.url, QUEUE_PREFIX: `${env.QUEUE_PREFIX}-empty` };
  const emptyCtx = createContext(
    loadConfig({
      ...emptyEnv,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOKS_MAX_PER_ORG: '10000',
    }),
    { app: 'bench-growth-empty', queues: queueCatalogue },
  );
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  const emptyClient = new pg.Client({ connectionString: emptyDb.url });
  await client.connect();
  await emptyClient.connect();
  try {
    await ensureNativeToken(emptyCtx.prisma, emptyCtx.config);
    const emptyOrg = await createOrganization(emptyCtx, 'growth', d.receiver.baseUrl, 2);
    const org = await createOrganization(ctx, 'growth', d.receiver.baseUrl, 2);
    const [ewh1, ewh2] = emptyOrg.webhookIds as [string, string];
    const [wh1, wh2] = org.webhookIds as [string, string];
    await seedGrowth(
      emptyClient,
      {
        orgIds: [emptyOrg.organizationId],
        deliveries: [cfg.growthEmptyDeliveries],
        payments: [cfg.growthEmptyPayments],
        webhook1: [ewh1],
        webhook2: [ewh2],
        token,
        days: 90,
        bulk: false,
      },
      () => undefined,
    );
    await seedOverdue(emptyClient, emptyOrg.organizationId, ewh1, cfg.growthOverdue, token);
    await seedOverdue(client, org.organizationId, wh1, cfg.growthOverdue, token);

    // The big seed: the measured organization is the median-size one of BENCH_GROWTH_ORGS.
    const dbBytes = async () => count(client, `SELECT pg_database_size(current_database())::text AS n`);
    const databaseBytesBefore = await dbBytes();
    const t0 = performance.now();
    const others = await seedOrganizations(client, cfg.growthOrgs - 1);
    const deliverySizes = orgSizes(cfg.growthDeliveries, cfg.growthOrgs);
    const paymentSizes = orgSizes(cfg.growthPayments, cfg.growthOrgs);
    const typical = typicalIndex(cfg.growthOrgs);
    const orgs = [...others.slice(0, typical), { id: org.organizationId, webhook1: wh1, webhook2: wh2 }, ...others.slice(typical)];
    log(
      `  growth: seeding ${cfg.growthDeliveries} deliveries and ${cfg.growthPayments} payments over ${cfg.growthOrgs} organizations ` +
        `(largest ${deliverySizes[0]} / ${paymentSizes[0]}, typical ${deliverySizes[typical]} / ${paymentSizes[typical]}, smallest ${deliverySizes.at(-1)} / ${paymentSizes.at(-1)})`,
    );
    const steps = await seedGrowth(
      client,
      {
        orgIds: orgs.map((o) => o.id),
        deliveries: deliverySizes,
        payments: paymentSizes,
        webhook1: orgs.map((o) => o.webhook1),
        webhook2: orgs.map((o) => o.webhook2),
        token,
        days: 90,
        bulk: true,
      },
      log,
    );
    const seedSeconds = Math.round((performance.now() - t0) / 1000);
    const databaseBytesAfter = await dbBytes();
    log(
      `  growth: seeded in ${seedSeconds} s; database ${(databaseBytesBefore / 2 ** 20).toFixed(0)} MiB → ${(databaseBytesAfter / 2 ** 30).toFixed(2)} GiB`,
    );

    const largestId = orgs[0]!.id;
    const largestKey = await issueCredential(ctx.prisma, { organizationId: largestId, kind: 'api_key', scopes: parseScopes('all') });
    const orgCounts = async (c: pg.Client, id: string) => ({
      deliveries: await count(c, `SELECT count(*)::text AS n FROM deliveries WHERE organization_id = $1::uuid`, [id]),
      dead: await count(c, `SELECT count(*)::text AS n FROM deliveries WHERE organization_id = $1::uuid AND status = 'dead'`, [id]),
      payments: await count(c, `SELECT count(*)::text AS n FROM payments WHERE organization_id = $1::uuid`, [id]),
    });
    const measuredOrg = await orgCounts(client, org.organizationId);
    const emptyOrgCounts = await orgCounts(emptyClient, emptyOrg.organizationId);
    const largestOrg = await orgCounts(client, largestId);
    const emptyRows = await tableRows(emptyClient);
    const fullRows = await tableRows(client);
    log(
      `  growth: measured organization ${JSON.stringify(measuredOrg)} (empty database: ${JSON.stringify(emptyOrgCounts)}), largest ${JSON.stringify(largestOrg)}; measuring`,
    );
    if (cfg.growthIndexes === 'before') {
      // For the record: the same measurements with the older list indexes (by created_at).
      for (const c of [client, emptyClient]) {
        for (const name of NEW_INDEXES) await c.query(`DROP INDEX "${name}"`);
        for (const def of OLD_INDEXES) await c.query(def);
        await c.query('ANALYZE payments, deliveries');
      }
      log('  growth: BENCH_GROWTH_INDEXES=before: the keyset list indexes replaced by the older ones, on both databases');
    }
    await flushRedis(cfg.redisUrl);
    const measured = await measureBoth(
      d,
      [
        { ctx: emptyCtx, env: emptyEnv, org: emptyOrg },
        { ctx, env, org },
      ],
      { apiKey: largestKey.secret },
    );
    await flushRedis(cfg.redisUrl);

    log('  growth: EXPLAIN (ANALYZE, BUFFERS), with the keyset indexes and with the older ones');
    // Explained for the typical organization next to the measured one: the measured one's newest
    // rows are the confirms just made (the newest of the whole table), which any plan finds at once.
    const explained = orgs[typical + 1]!.id;
    const somePayment = (
      await client.query<{ id: string }>(`SELECT id::text FROM payments WHERE organization_id = $1::uuid ORDER BY id DESC LIMIT 1`, [
        explained,
      ])
    ).rows[0]!.id;
    const plans =
      cfg.growthIndexes === 'before' ? [] : await explainAll(client, explained, largestId, somePayment, ctx.config.SWEEP_GRACE_MS);
    for (const p of plans) log(`  plan: ${p.name}: before ${p.beforeExecMs} ms, after ${p.afterExecMs} ms`);

    // Nothing else may deliver during the drains: the seeded pending deliveries (future retries to
    // unroutable hosts), the overdue ones and the confirms' are closed first.
    await client.query(`UPDATE deliveries SET status = 'dead', next_attempt_at = NULL WHERE status = 'pending'`);
    const drain = cfg.growthIndexes === 'before' ? [] : await runDrains(d, client);

    return {
      empty: { ...measured.empty, rows: emptyRows },
      full: { ...measured.full, rows: fullRows },
      largestOrgListDead: measured.largest,
      measuredOrg,
      emptyOrg: emptyOrgCounts,
      largestOrg,
      seed: { seconds: seedSeconds, steps, databaseBytesBefore, databaseBytesAfter },
      plans,
      drain,
      workerConcurrency: ctx.config.WORKER_CONCURRENCY,
      samples: cfg.growthSamples,
      sweeps: cfg.growthSweeps,
      indexes: cfg.growthIndexes,
    };
  } finally {
    await client.end();
    await emptyClient.end();
    await closeContext(emptyCtx).catch(() => undefined);
    await emptyDb.drop().catch((err: unknown) => console.error(`could not drop ${emptyDb.name}: ${(err as Error).message}`));
  }
}
