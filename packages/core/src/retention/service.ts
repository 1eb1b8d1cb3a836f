import { performance } from 'node:perf_hooks';
import { Counter, type Registry } from 'prom-client';
import type { Context } from '@gw/runtime';
import { pruneSpentNonces } from '../auth/index.js';
import { pruneExpiredOAuthRecords } from '../connectors/index.js';
import { pruneExpiredIdempotencyRecords } from '../idempotency/index.js';
import { pruneFinishedDeliveries, pruneOrphanEvents } from '../webhooks/index.js';

/**
 * Retention: the scheduled job that deletes rows nobody needs any more, each table
 * through the repository of the module that owns it, in bounded batches (one short statement
 * each, `FOR UPDATE SKIP LOCKED`), so a hot table is never locked for long:
 *
 * | table                                   | deleted when                                                    |
 * | --------------------------------------- | --------------------------------------------------------------- |
 * | `idempotency_records`                   | older than IDEMPOTENCY_KEY_TTL_HOURS (expired: already ignored) |
 * | `siwe_nonces`                           | used or expired, and issued more than a day ago                 |
 * | `deliveries` + `delivery_attempts`      | `delivered` more than DELIVERY_RETENTION_DAYS ago               |
 * | `deliveries` + `delivery_attempts`      | `dead` more than DEAD_DELIVERY_RETENTION_DAYS ago               |
 * | `events`                                | older than DELIVERY_RETENTION_DAYS and without any delivery     |
 * | `oauth_records`                         | expired more than a day ago (codes, tokens, sessions)           |
 *
 * `pending` deliveries are never deleted; business records (payments, the ledger, transfers,
 * consents, access logs, the connectors' grants and their append-only audit) are not touched.
 */

/** The tables the job deletes from. */
export const RETENTION_TABLES = [
  'idempotency_records',
  'siwe_nonces',
  'deliveries',
  'delivery_attempts',
  'events',
  'oauth_records',
] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];

/** One rule of a run: how many rows it deleted, in how many statements, and whether it finished. */
export interface RetentionStep {
  step: 'idempotency_records' | 'siwe_nonces' | 'delivered_deliveries' | 'dead_deliveries' | 'events' | 'oauth_records';
  /** Rows of the step's table deleted (for deliveries: deliveries, their attempts are in `pruned`). */
  deleted: number;
  /** Delete statements run (each at most the batch size). */
  batches: number;
  /** true when a batch came back short (nothing older is left); false when the budget ran out first. */
  complete: boolean;
}

/** What one run did. */
export interface RetentionReport {
  /** Rows deleted per table. */
  pruned: Record<RetentionTable, number>;
  steps: RetentionStep[];
  /** false when the run budget ran out before every step finished (the next run goes on). */
  complete: boolean;
  /** Wall time of the run, in ms. */
  durationMs: number;
}

/**
 * Runs `deleteBatch(limit)` until it deletes fewer than `limit` rows (nothing left) or `deadline`
 * (a `performance.now()` value, ms) has passed; the deadline is checked before each batch, so a run
 * overruns it by at most one statement.
 * @returns rows deleted, statements run, and whether the last one was short
 */
export async function pruneInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  opts: { batchSize: number; deadline: number },
): Promise<{ deleted: number; batches: number; complete: boolean }> {
  let deleted = 0;
  let batches = 0;
  for (;;) {
    if (performance.now() >= opts.deadline) return { deleted, batches, complete: false };
    const n = await deleteBatch(opts.batchSize);
    deleted += n;
    batches += 1;
    if (n < opts.batchSize) return { deleted, batches, complete: true };
  }
}

/** Overrides of the configured policy (tests, the bench). */
export interface RetentionOptions {
  /** Rows per statement; default RETENTION_BATCH_SIZE. */
  batchSize?: number;
  /** Longest run, in ms; default RETENTION_RUN_BUDGET_MS. */
  budgetMs?: number;
  /** The instant the cut-offs are computed from; default now. */
  now?: Date;
}

/**
 * One retention run (the `maintenance-retention` job): applies every rule in turn (idempotency
 * records, nonces, delivered then dead deliveries with their attempts, then events left without
 * deliveries), sharing one budget, and logs one line with the rows deleted per table and the
 * duration (no row content). Safe to run concurrently with itself and with traffic: every batch
 * skips locked rows and re-checks its condition on the row it deletes.
 * @param ctx `sql`, `logger`, and `config`: IDEMPOTENCY_KEY_TTL_HOURS (h), DELIVERY_RETENTION_DAYS and
 *   DEAD_DELIVERY_RETENTION_DAYS (days), RETENTION_BATCH_SIZE (rows), RETENTION_RUN_BUDGET_MS (ms)
 * @throws the database error of a failed statement (the batches before it stay deleted; the job
 *   fails and the next scheduled run continues)
 */
export async function runRetention(ctx: Pick<Context, 'sql' | 'config' | 'logger'>, opts: RetentionOptions = {}): Promise<RetentionReport> {
  const { config } = ctx;
  const started = performance.now();
  const now = opts.now ?? new Date();
  const batchSize = opts.batchSize ?? config.RETENTION_BATCH_SIZE;
  const deadline = started + (opts.budgetMs ?? config.RETENTION_RUN_BUDGET_MS);
  const pruned: Record<RetentionTable, number> = {
    idempotency_records: 0,
    siwe_nonces: 0,
    deliveries: 0,
    delivery_attempts: 0,
    events: 0,
    oauth_records: 0,
  };
  const steps: RetentionStep[] = [];
  const step = async (name: RetentionStep['step'], table: RetentionTable, deleteBatch: (limit: number) => Promise<number>) => {
    const done = await pruneInBatches(deleteBatch, { batchSize, deadline });
    pruned[table] += done.deleted;
    steps.push({ step: name, ...done });
  };

  await step('idempotency_records', 'idempotency_records', (limit) => pruneExpiredIdempotencyRecords(ctx, now, limit));
  await step('siwe_nonces', 'siwe_nonces', (limit) => pruneSpentNonces(ctx.sql, now, limit));
  for (const [name, status] of [
    ['delivered_deliveries', 'delivered'],
    ['dead_deliveries', 'dead'],
  ] as const) {
    await step(name, 'deliveries', async (limit) => {
      const out = await pruneFinishedDeliveries(ctx, status, now, limit);
      pruned.delivery_attempts += out.attempts;
      return out.deliveries;
    });
  }
  let from: Date | null = null;
  await step('events', 'events', async (limit) => {
    const out = await pruneOrphanEvents(ctx, now, from, limit);
    from = out.newest ?? from;
    return out.deleted;
  });

  await step('oauth_records', 'oauth_records', (limit) => pruneExpiredOAuthRecords(ctx, now, limit));

  const report: RetentionReport = {
    pruned,
    steps,
    complete: steps.every((s) => s.complete),
    durationMs: Math.round(performance.now() - started),
  };
  ctx.logger.info(
    { pruned, batches: steps.reduce((n, s) => n + s.batches, 0), complete: report.complete, durationMs: report.durationMs },
    'retention run',
  );
  return report;
}

/**
 * Registers `gw_retention_pruned_total{table}` (rows deleted by the retention job) on a process's
 * metrics registry.
 * @returns the function that counts one run's report
 */
export function retentionPrunedCounter(registry: Registry): (report: RetentionReport) => void {
  const counter = new Counter({
    name: 'gw_retention_pruned_total',
    help: 'Rows deleted by the retention job, by table',
    labelNames: ['table'] as const,
    registers: [registry],
  });
  for (const table of RETENTION_TABLES) counter.inc({ table }, 0);
  return (report) => {
    for (const table of RETENTION_TABLES) if (report.pruned[table] > 0) counter.inc({ table }, report.pruned[table]);
  };
}
