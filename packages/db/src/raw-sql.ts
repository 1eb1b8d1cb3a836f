import pg from 'pg';
import { Prisma } from './generated/prisma/client.js';

/** `'ReadUncommitted' | 'ReadCommitted' | 'RepeatableRead' | 'Serializable'`. */
export type IsolationLevel = Prisma.TransactionIsolationLevel;

/**
 * The two raw-query methods of a Prisma client, as tagged templates: `` $queryRaw`SELECT … ${v}` ``.
 * Both a PrismaClient and {@link createRawSql} satisfy it, so hot paths can run the same SQL
 * without Prisma's query engine.
 */
export interface RawSql {
  $queryRaw<T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): PromiseLike<T>;
  $executeRaw(strings: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>;
}

/**
 * A constant piece of SQL text spliced into a tagged template as it is, not as a bound parameter:
 * e.g. a column list that several statements return (`sqlFragment('id::text, …')`). Build one only
 * from constants, never from input. It is Prisma's own `Prisma.Sql`, so the same statement also
 * runs on a Prisma client or transaction (which splice it the same way).
 */
export type SqlFragment = Prisma.Sql;

/** A {@link SqlFragment} of constant text. */
export const sqlFragment = (text: string): SqlFragment => Prisma.raw(text);

/**
 * How this process's connections reach PostgreSQL (env `DATABASE_POOLER`):
 * - `none`: directly, or through a pooler in session mode. Each raw SQL call site is a named
 *   prepared statement per connection, parsed and planned once.
 * - `transaction`: through a transaction pooler (PgBouncer `pool_mode = transaction`, RDS Proxy,
 *   Supavisor) that hands each transaction, or each statement outside one, to whichever server
 *   connection is free. No statement is named (pg's extended protocol with the unnamed statement:
 *   Parse, Bind, Execute, Sync in one round trip), so nothing outlives the transaction that
 *   made it; every execution is parsed and planned again.
 */
export type DatabasePooler = 'none' | 'transaction';

/** Options of {@link rawSqlOver} and {@link createRawSql}. */
export interface RawSqlOptions {
  /** Default `none`: see {@link DatabasePooler}. */
  pooler?: DatabasePooler;
}

/**
 * Statement names by call site: a tagged template's strings array is the same object on every call
 * from one place in the code, so each call site becomes one named (prepared) statement per
 * connection, parsed and planned once instead of on every call. The text is kept with the name: a
 * call site whose spliced fragments gave another text runs unnamed instead.
 */
const statementNames = new WeakMap<TemplateStringsArray, { name: string; text: string }>();
let statementCount = 0;

/** A bound value as pg takes it (bigints as their decimal text). */
const param = (v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);

/**
 * Turns a tagged template into pg's `$1, $2, …` text and values, named after its call site unless
 * `named` is false (behind a transaction pooler).
 */
function toQuery(strings: TemplateStringsArray, values: unknown[], named: boolean): { name?: string; text: string; values: unknown[] } {
  let text = strings[0]!;
  const params: unknown[] = [];
  let spliced = false;
  for (let i = 1; i < strings.length; i++) {
    const value = values[i - 1];
    if (value instanceof Prisma.Sql) {
      spliced = true;
      text += value.strings[0]!;
      for (let j = 1; j < value.strings.length; j++) {
        params.push(param(value.values[j - 1]));
        text += `$${params.length}${value.strings[j]}`;
      }
    } else {
      params.push(param(value));
      text += `$${params.length}`;
    }
    text += strings[i];
  }
  if (!named) return { text, values: params };
  let statement = statementNames.get(strings);
  if (statement === undefined) {
    statement = { name: `gw_raw_${++statementCount}`, text };
    statementNames.set(strings, statement);
  } else if (spliced && statement.text !== text) {
    return { text, values: params };
  }
  return { name: statement.name, text, values: params };
}

/** A {@link RawSql} over a pool, which `close()` ends. */
export type RawSqlPool = RawSql & {
  /**
   * Runs `fn` in one transaction on one pooled connection (READ COMMITTED unless
   * `opts.isolationLevel` says otherwise): COMMIT when it
   * resolves, ROLLBACK when it throws (the error is rethrown). Statements inside are prepared
   * per call site like every other raw statement (unnamed behind a transaction pooler). A
   * connection whose ROLLBACK fails is discarded. Application code calls `withTransaction`
   * (transaction.ts), which adds the retry of serialization failures and deadlocks.
   */
  transaction<T>(fn: (tx: RawSql) => Promise<T>, opts?: { isolationLevel?: IsolationLevel | undefined }): Promise<T>;
  close(): Promise<void>;
};

/** The SQL of each isolation level (the names are Prisma's, shared by both transaction paths). */
const SQL_ISOLATION: Record<IsolationLevel, string> = {
  ReadUncommitted: 'READ UNCOMMITTED',
  ReadCommitted: 'READ COMMITTED',
  RepeatableRead: 'REPEATABLE READ',
  Serializable: 'SERIALIZABLE',
};

/** The {@link RawSql} methods over a pool or one checked-out client (inside a transaction). */
const over = (client: pg.Pool | pg.PoolClient, named: boolean): RawSql => ({
  $queryRaw: async <T>(strings: TemplateStringsArray, ...values: unknown[]) =>
    (await client.query(toQuery(strings, values, named))).rows as T,
  $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) =>
    (await client.query(toQuery(strings, values, named))).rowCount ?? 0,
});

/**
 * Raw SQL over a plain `pg.Pool` for the hot paths, without Prisma's per-query overhead.
 * Values are bound parameters, never interpolated. With `pooler: 'none'` (the default) each call
 * site is a named prepared statement on each connection; with `pooler: 'transaction'` every
 * statement is unnamed, which is the only kind a transaction pooler without prepared-statement
 * support (PgBouncer before 1.21) can pass on (see {@link DatabasePooler}).
 * @param pool the pool to run on, e.g. the one a Prisma client shares ({@link createDatabaseClients});
 *   `close()` ends it
 */
export function rawSqlOver(pool: pg.Pool, opts: RawSqlOptions = {}): RawSqlPool {
  const named = (opts.pooler ?? 'none') === 'none';
  return {
    ...over(pool, named),
    transaction: async (fn, txOpts) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(txOpts?.isolationLevel ? `BEGIN ISOLATION LEVEL ${SQL_ISOLATION[txOpts.isolationLevel]}` : 'BEGIN');
        const result = await fn(over(client, named));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw err;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * {@link rawSqlOver} a pool of its own.
 * @param max pool size, in connections
 * @param opts.pooler `transaction` behind a transaction pooler: no named statements
 */
export function createRawSql(databaseUrl: string, max: number, opts: RawSqlOptions = {}): RawSqlPool {
  return rawSqlOver(createPool(databaseUrl, max), opts);
}

/** A `pg.Pool` whose lost idle clients (e.g. a terminated backend) are replaced instead of crashing the process. */
export function createPool(databaseUrl: string, max?: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, ...(max !== undefined ? { max } : {}) });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Whether PostgreSQL answers at `databaseUrl`: opens one connection (not from a pool), runs
 * `SELECT 1` and closes it. Used by the entry points' start-up wait (`waitForDependencies` of
 * @gw/runtime).
 * @param timeoutMs bound of the connection and of the query, each
 * @throws the connection's or the query's error (pg's messages name the user and host, never the password)
 */
export async function probeDatabase(databaseUrl: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}
