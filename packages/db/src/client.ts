/**
 * Prisma Client factory and transaction helpers.
 *
 * Prisma 7 runs queries without an engine binary: the generated client (`prisma-client`
 * generator, output `./generated/prisma`) compiles queries with a WebAssembly query compiler
 * shipped inside `@prisma/client` and sends them through the `@prisma/adapter-pg` driver adapter
 * over `pg`. The wasm is embedded as base64 in a plain `.mjs`, so this module needs no
 * `--experimental-wasm-modules` and loads inside jest too.
 *
 * Everything the generated client exports (the `PrismaClient` class, the `Prisma` namespace,
 * model types such as `Organization`, enums such as `PaymentStatus`, and `$Enums`) is
 * re-exported from here; import them from `@gw/db`, never from the generated folder.
 *
 * @module
 */
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { createPool, rawSqlOver, type DatabasePooler, type RawSqlPool } from './raw-sql.js';
import { type Prisma, PrismaClient } from './generated/prisma/client.js';

export * from './generated/prisma/client.js';

/** Options of {@link createPrismaClient}. */
export interface CreatePrismaClientOptions {
  /** Maximum connections of the underlying `pg.Pool` (pg's default: 10). */
  poolMax?: number;
  /** An existing pool to run on instead (`poolMax` is then ignored); `$disconnect()` leaves it open. */
  pool?: pg.Pool;
}

/**
 * Creates a Prisma Client over a `pg.Pool` for `databaseUrl` (via `PrismaPg`).
 *
 * No connection is opened until the first query. Call `await prisma.$disconnect()` on shutdown
 * (and at the end of tests) to end the pool.
 *
 * A `?schema=<name>` parameter in the URL is passed to the adapter, which then qualifies the
 * tables with that schema (default `public`).
 *
 * Safe behind a transaction pooler as it is: `PrismaPg` names no statement (it would only with
 * its `statementNameGenerator` option, which is not set here), so every query is pg's unnamed
 * extended-protocol statement, and an interactive transaction is one BEGIN…COMMIT on one
 * connection (its isolation level is `SET TRANSACTION`, which ends with the transaction).
 *
 * @param databaseUrl `postgresql://user:pass@host:port/db[?schema=...]`.
 * @throws {TypeError} when `databaseUrl` is not a parseable URL (connection errors surface on
 *   the first query instead, as `Prisma.PrismaClientKnownRequestError`/`...InitializationError`).
 */
export function createPrismaClient(databaseUrl: string, opts: CreatePrismaClientOptions = {}): PrismaClient {
  const schema = new URL(databaseUrl).searchParams.get('schema') ?? undefined;
  const adapter = new PrismaPg(
    opts.pool ?? { connectionString: databaseUrl, ...(opts.poolMax !== undefined ? { max: opts.poolMax } : {}) },
    schema ? { schema } : undefined,
  );
  return new PrismaClient({ adapter });
}

/**
 * The Prisma client and the raw-SQL executor of a process over **one** `pg.Pool` of `poolMax`
 * connections, so that the hot paths' raw SQL does not double the connections a process may open:
 * a process opens at most `poolMax` connections to PostgreSQL (or to the pooler in front of it).
 * Close with `await prisma.$disconnect()` then `await sql.close()` (which ends the pool).
 * @param opts.poolMax pool size, in connections (env DATABASE_POOL_MAX)
 * @param opts.pooler `transaction` behind a transaction pooler (env DATABASE_POOLER): the raw SQL
 *   then names no statement (see {@link DatabasePooler}); Prisma never does
 */
export function createDatabaseClients(
  databaseUrl: string,
  opts: { poolMax: number; pooler?: DatabasePooler },
): { prisma: PrismaClient; sql: RawSqlPool } {
  const pool = createPool(databaseUrl, opts.poolMax);
  return { prisma: createPrismaClient(databaseUrl, { pool }), sql: rawSqlOver(pool, { pooler: opts.pooler ?? 'none' }) };
}

/** The client handed to an interactive transaction's callback. */
export type Tx = Prisma.TransactionClient;

/** The Prisma client or a transaction client, narrowed to the models `K` a repository function uses. */
export type Db<K extends keyof Tx> = Pick<PrismaClient | Tx, K>;
