/**
 * Test databases: one migrated *template* database per jest run, cloned into a fresh database
 * per test file (`CREATE DATABASE <clone> TEMPLATE <template>` copies files, it takes ~100 ms
 * instead of re-running migrations).
 *
 * Lifecycle (see test/global-setup.ts and test/global-teardown.ts at the repository root):
 *
 * 1. global setup: {@link dropStaleTestDatabases}, {@link createTemplateDatabase},
 *    {@link runMigrateCli} on it, then sets env `GW_TEST_TEMPLATE_DATABASE_URL`, which jest's
 *    workers inherit;
 * 2. each test file: `const db = await createTestDatabase('payments')`, use `db.url`, and
 *    `await db.drop()` in `afterAll`;
 * 3. global teardown: {@link dropRunDatabases} (the template and any clone a crashed file left).
 *
 * Behind PgBouncer: with env `TEST_DATABASE_POOLER=pgbouncer` (`pnpm test:pooler`) the
 * global setup also starts a PgBouncer of its own in transaction pooling mode ({@link startPgBouncer},
 * `./pgbouncer.ts`) and sets `GW_TEST_PGBOUNCER_ADDRESS`; then every {@link TestDatabase}'s `url`
 * goes through it and its `pooler` is `transaction` (pass it on as DATABASE_POOLER), while the
 * template, its migrations, the clones and their drops stay on the direct connection.
 *
 * Names (all lower case, at most 63 bytes, PostgreSQL's limit):
 *   template `gw_tpl_<runId>`, clones `gw_test_<runId>_<label>_<random>`, where
 *   `runId = <Date.now() base 36>_<pid base 36><random>`. The leading timestamp lets
 *   {@link dropStaleTestDatabases} recognise databases left by crashed runs without any catalog
 *   access beyond `pg_database`, and without touching other engineers' concurrent runs.
 *
 * This module deliberately imports only `pg` and Node built-ins and never uses `import.meta`:
 * jest loads global setup files outside its ESM VM (possibly as CommonJS).
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { localAppRoleName } from './local-role.js';
import { routeThrough, TEST_PGBOUNCER_ENV, TEST_POOLER_ENV } from './pgbouncer.js';

export { startPgBouncer, TEST_PGBOUNCER_ENV, TEST_POOLER_ENV, type RunningPgBouncer } from './pgbouncer.js';

/** Env var holding the template database URL, set by the jest global setup. */
export const TEMPLATE_ENV = 'GW_TEST_TEMPLATE_DATABASE_URL';

/** Env var naming the PostgreSQL server for tests (any database of it; `postgres` is used). */
export const SERVER_ENV = 'GW_TEST_PG_URL';

/** Default of {@link SERVER_ENV}. */
export const DEFAULT_TEST_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Databases of crashed runs older than this are dropped by {@link dropStaleTestDatabases}. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

const TEMPLATE_PREFIX = 'gw_tpl_';
const CLONE_PREFIX = 'gw_test_';
const MAX_IDENT = 63;
const NAME_RE = /^gw_(?:tpl|test)_([0-9a-z]+)_/;
const PG_OBJECT_IN_USE = '55006'; // "source database ... is being accessed by other users"

/** A database made for tests. */
export interface TestDatabase {
  /**
   * Connection URL of the new database (same server and credentials as the template); through
   * the run's PgBouncer when env `TEST_DATABASE_POOLER=pgbouncer` (see {@link TestDatabase.pooler}).
   */
  url: string;
  /** The same database on the server itself: for what needs a session (migrations, admin work). */
  directUrl: string;
  /**
   * What DATABASE_POOLER must be for `url`: `transaction` when it goes through the run's
   * PgBouncer, else `none`.
   */
  pooler: 'none' | 'transaction';
  /** Database name, e.g. `gw_test_m3k9x2ab_1f3c9a_payments_8d2e1b`. */
  name: string;
  /** Terminates its connections and drops it. Idempotent; safe to call after a failure. */
  drop(): Promise<void>;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
}

function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

function randomSuffix(bytes = 3): string {
  return randomBytes(bytes).toString('hex');
}

function sanitizeLabel(label: string, maxLength: number): string {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (clean || 'db').slice(0, Math.max(1, maxLength)).replace(/_+$/, '') || 'db';
}

/** Runs `fn` with a client connected to the `postgres` maintenance database of `serverUrl`. */
function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(withDatabase(serverUrl, 'postgres'), fn);
}

/** Runs `fn` with a client connected to `url`, closed afterwards (a connection error after connect is ignored). */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    try {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
      return;
    } catch (err) {
      // A connection may slip in between terminate and drop (e.g. a pool reconnecting).
      if (pgCode(err) !== PG_OBJECT_IN_USE || attempt >= 10) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
  }
}

/**
 * Creates an empty, uniquely named template database `gw_tpl_<runId>` on the server of
 * `serverUrl` (default: env `GW_TEST_PG_URL`, else `postgresql://postgres@127.0.0.1:5432/postgres`).
 *
 * @returns the new database's URL and name (not migrated yet: see {@link runMigrateCli}).
 * @throws {Error} connection errors or missing CREATEDB privilege.
 */
export async function createTemplateDatabase(
  serverUrl: string = process.env[SERVER_ENV] || DEFAULT_TEST_SERVER_URL,
): Promise<{ url: string; name: string }> {
  const runId = `${Date.now().toString(36)}_${process.pid.toString(36)}${randomSuffix(2)}`;
  const name = `${TEMPLATE_PREFIX}${runId}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
  return { url: withDatabase(serverUrl, name), name };
}

/**
 * Applies the migrations to `databaseUrl` by running the `db:migrate` CLI
 * (`packages/db/src/cli/migrate.ts`) in a child Node process, because the wasm schema engine
 * cannot run inside jest's VM (`node --no-warnings --import tsx`).
 *
 * @param repoRoot Repository root (jest's `globalConfig.rootDir`); also the child's cwd.
 * @returns the CLI's JSON line, parsed: `{ migrated: true, database, applied }`.
 * @throws {Error} when the child exits non-zero (message includes its stderr) or prints no JSON.
 */
export async function runMigrateCli(
  databaseUrl: string,
  repoRoot: string,
): Promise<{ migrated: true; database: string; applied: string[] }> {
  const cli = path.join(repoRoot, 'packages', 'db', 'src', 'cli', 'migrate.ts');
  const child = spawn(process.execPath, ['--no-warnings', '--import', 'tsx', cli], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_DIRECT_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`migrate CLI exited with ${code}: ${stderr.trim() || stdout.trim()}`);
  const line = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line) as { migrated: true; database: string; applied: string[] };
  } catch {
    throw new Error(`migrate CLI printed no JSON line: ${stdout.trim()} ${stderr.trim()}`);
  }
}

/**
 * The `host:port` of the run's PgBouncer when the test databases go through one (env
 * `TEST_DATABASE_POOLER=pgbouncer`), else undefined.
 * @throws {Error} when `TEST_DATABASE_POOLER` is set to anything but `pgbouncer`, or the global
 *   setup did not start the PgBouncer
 */
export function testPgBouncerAddress(): string | undefined {
  const mode = process.env[TEST_POOLER_ENV];
  if (!mode) return undefined;
  if (mode !== 'pgbouncer') throw new Error(`${TEST_POOLER_ENV} must be pgbouncer or unset (got ${mode})`);
  const address = process.env[TEST_PGBOUNCER_ENV];
  if (!address) throw new Error(`${TEST_POOLER_ENV}=pgbouncer but ${TEST_PGBOUNCER_ENV} is not set: run through jest's global setup`);
  return address;
}

/**
 * Clones a fresh database from the run's template (env `GW_TEST_TEMPLATE_DATABASE_URL`):
 * `CREATE DATABASE gw_test_<runId>_<label>_<random> TEMPLATE gw_tpl_<runId>`.
 *
 * Retries for up to ~15 s while PostgreSQL refuses because another session is connected to the
 * template (SQLSTATE 55006); never connect to the template from a test.
 *
 * @param label Readable part of the name (e.g. the test file's subject); sanitised to
 *   `[a-z0-9_]` and shortened to keep the name within 63 bytes.
 * @throws {Error} when `GW_TEST_TEMPLATE_DATABASE_URL` is unset (tests not run through the
 *   repository's jest config), or on connection/creation errors.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const templateUrl = process.env[TEMPLATE_ENV];
  if (!templateUrl) {
    throw new Error(
      `${TEMPLATE_ENV} is not set: run tests through the repository's jest config ` +
        '(pnpm test), whose global setup creates and migrates the template database',
    );
  }
  const template = databaseName(templateUrl);
  const runId = template.startsWith(TEMPLATE_PREFIX) ? template.slice(TEMPLATE_PREFIX.length) : `${Date.now().toString(36)}_x`;
  const random = randomSuffix(3);
  const room = MAX_IDENT - CLONE_PREFIX.length - runId.length - random.length - 2;
  const name = `${CLONE_PREFIX}${runId}_${sanitizeLabel(label, room)}_${random}`;

  await withAdmin(templateUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        return;
      } catch (err) {
        if (pgCode(err) !== PG_OBJECT_IN_USE || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });

  const directUrl = withDatabase(templateUrl, name);
  const bouncer = testPgBouncerAddress();
  return {
    url: bouncer ? routeThrough(directUrl, bouncer) : directUrl,
    directUrl,
    pooler: bouncer ? 'transaction' : 'none',
    name,
    // With the database goes the rows-only role a local start made for it (ensureLocalAppRole).
    drop: () =>
      withAdmin(templateUrl, async (client) => {
        await dropDatabase(client, name);
        await client.query(`DROP ROLE IF EXISTS ${quoteIdent(localAppRoleName(name))}`);
      }),
  };
}

/**
 * Drops the run's template and every clone made from it (`gw_test_<runId>_*`) that a test file
 * failed to drop. Used by the jest global teardown.
 *
 * @returns names of the databases dropped.
 */
export async function dropRunDatabases(templateUrl: string): Promise<string[]> {
  const template = databaseName(templateUrl);
  const runId = template.startsWith(TEMPLATE_PREFIX) ? template.slice(TEMPLATE_PREFIX.length) : undefined;
  return withAdmin(templateUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database');
    const clones = runId ? rows.map((r) => r.datname).filter((n) => n.startsWith(`${CLONE_PREFIX}${runId}_`)) : [];
    const dropped: string[] = [];
    for (const name of [...clones, template]) {
      await dropDatabase(client, name);
      dropped.push(name);
    }
    return dropped;
  });
}

/**
 * Drops `gw_tpl_*` / `gw_test_*` databases whose name-embedded creation time is older than
 * `maxAgeMs` (left by crashed or killed runs). Databases of runs still in progress, including
 * other people's, are younger and left alone. Names not following the scheme are ignored.
 *
 * @returns names of the databases dropped.
 */
export async function dropStaleTestDatabases(
  serverUrl: string = process.env[SERVER_ENV] || DEFAULT_TEST_SERVER_URL,
  maxAgeMs: number = STALE_AFTER_MS,
): Promise<string[]> {
  return withAdmin(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'gw\\_tpl\\_%' OR datname LIKE 'gw\\_test\\_%'",
    );
    const now = Date.now();
    const stale = rows
      .map((r) => r.datname)
      .filter((name) => {
        const ts = NAME_RE.exec(name)?.[1];
        const created = ts ? parseInt(ts, 36) : NaN;
        return Number.isFinite(created) && now - created > maxAgeMs;
      })
      .sort((a, b) => Number(a.startsWith(TEMPLATE_PREFIX)) - Number(b.startsWith(TEMPLATE_PREFIX))); // clones first
    const dropped: string[] = [];
    for (const name of stale) {
      try {
        await dropDatabase(client, name);
        dropped.push(name);
      } catch {
        /* best effort: another run's cleanup may be dropping it too */
      }
    }
    return dropped;
  });
}
