import { Prisma, type PrismaClient } from './generated/prisma/client.js';
import type { Tx } from './client.js';
import type { IsolationLevel, RawSql, RawSqlPool } from './raw-sql.js';

/**
 * The one transaction entry point of the project: {@link withTransaction} runs a
 * callback in a transaction on either path, the Prisma client (`ctx.prisma`, a `Tx`) or the plain
 * pg pool of the hot paths (`ctx.sql`, a `RawSql`), and re-runs it after a serialization failure
 * or a deadlock, a bounded number of times. Nothing else opens a transaction (`pnpm lint` refuses
 * `$transaction(…)` and `.transaction(…)` outside this package).
 */

/** Options of {@link withTransaction}. */
export interface WithTransactionOptions {
  /** Default: the database's (PostgreSQL: `ReadCommitted`). */
  isolationLevel?: IsolationLevel;
  /** Prisma path only: longest wait for a connection from the pool, in ms (Prisma's default: 2000). */
  maxWait?: number;
  /** Prisma path only: longest the whole transaction may run before Prisma rolls it back, in ms (default: 5000). */
  timeout?: number;
  /**
   * How many times to re-run `fn` after a serialization failure or deadlock (PostgreSQL
   * 40001/40P01, Prisma `P2034`): default {@link DEFAULT_TRANSACTION_RETRIES}; 0 runs it once.
   * `fn` may therefore run several times: it must have no side effect outside the transaction (no
   * HTTP call, no queue job: return what to do and do it after the commit).
   */
  retries?: number;
}

/** Re-runs of a transaction that lost a race, unless the caller says otherwise. */
export const DEFAULT_TRANSACTION_RETRIES = 3;

/** PostgreSQL's SQLSTATEs for "the transaction lost a race": serialization_failure, deadlock_detected. */
const CONFLICT_CODES = new Set(['40001', '40P01']);

/**
 * True for errors meaning "the transaction lost a race, running it again may succeed": a
 * PostgreSQL 40001 (serialization failure) or 40P01 (deadlock) from `pg`, Prisma's `P2034`, or
 * either code surfacing through Prisma's pg adapter.
 */
export function isTransactionConflict(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (err.code === 'P2034') return true;
    const meta = err.meta as { driverAdapterError?: { cause?: { originalCode?: string } } } | undefined;
    return CONFLICT_CODES.has(meta?.driverAdapterError?.cause?.originalCode ?? '');
  }
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}

const isPrisma = (db: PrismaClient | RawSqlPool): db is PrismaClient => '$transaction' in db;

/**
 * Runs `fn` in one transaction: committed when `fn` resolves, rolled back when it throws (the
 * error is re-thrown unchanged). On the Prisma client `fn` gets a `Tx`; on the raw pool
 * (`ctx.sql`) a `RawSql` bound to the transaction's connection. Both paths share the options and
 * the retry: a serialization failure or deadlock re-runs `fn` after a short jittered back-off
 * (5–25 ms × attempt), at most `retries` times.
 *
 * ```ts
 * const out = await withTransaction(ctx.sql, async (tx) => {
 *   const payment = await lockPayment(tx, id);
 *   …
 * });
 * ```
 *
 * @returns what `fn` resolved to
 * @throws whatever `fn` throws; the conflict error itself (pg 40001/40P01, Prisma `P2034`) when
 *   it persists after `retries` re-runs; Prisma `P2028` when a Prisma transaction exceeds `timeout`
 */
export function withTransaction<T>(db: PrismaClient, fn: (tx: Tx) => Promise<T>, opts?: WithTransactionOptions): Promise<T>;
export function withTransaction<T>(db: RawSqlPool, fn: (tx: RawSql) => Promise<T>, opts?: WithTransactionOptions): Promise<T>;
export async function withTransaction<T>(
  db: PrismaClient | RawSqlPool,
  fn: ((tx: Tx) => Promise<T>) | ((tx: RawSql) => Promise<T>),
  opts: WithTransactionOptions = {},
): Promise<T> {
  const { retries = DEFAULT_TRANSACTION_RETRIES, ...txOptions } = opts;
  const once = (): Promise<T> =>
    isPrisma(db)
      ? db.$transaction(fn as (tx: Tx) => Promise<T>, txOptions)
      : db.transaction(fn as (tx: RawSql) => Promise<T>, { isolationLevel: txOptions.isolationLevel });
  for (let attempt = 0; ; attempt++) {
    try {
      return await once();
    } catch (err) {
      if (attempt >= retries || !isTransactionConflict(err)) throw err;
      // Jittered back-off so the competing transactions do not collide again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
