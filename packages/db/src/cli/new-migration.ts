/**
 * `pnpm db:migration:new <name>` — writes the next migration from the change to
 * `prisma/schema.prisma` since the last migration.
 *
 * `prisma migrate dev` needs the native schema-engine binary and a shadow database; here the
 * WebAssembly engine's `diff` compares two schema *texts* instead, without reading a database
 * (the engine still needs a reachable PostgreSQL server to start: see below; `DATABASE_URL`,
 * default `postgresql://postgres@127.0.0.1:5432/gateway`, names the server, and only its
 * `postgres` maintenance database is connected to):
 *
 *   from: `prisma/migrations/<last folder>/schema.prisma.snapshot` (the schema this command copied
 *         next to the last migration), or `empty` when there is no migration yet;
 *   to:   `prisma/schema.prisma` as it is now.
 *
 * Output: `prisma/migrations/<YYYYMMDDHHMMSS>_<name>/migration.sql` (the diff script) and
 * `.../schema.prisma.snapshot` (a copy of the current schema, the next run's "from" side), and
 * `prisma/migrations/migration_lock.toml` (`provider = "postgresql"`) when missing or different.
 * Prints `no changes` (exit 0, nothing written) when the diff is empty.
 *
 * Exit codes: 0 success or no changes; 1 on any error (bad name, last migration without snapshot,
 * schema errors reported by the engine).
 *
 * Flags (optional, mostly for tests): `--schema <file>`, `--migrations-dir <dir>`.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DiffTarget } from '@prisma/schema-engine-wasm';
import {
  createSchemaEngine,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  MIGRATION_LOCK_CONTENT,
  MIGRATION_LOCK_FILE,
  MIGRATION_SQL_FILE,
  NO_SCHEMA_FILTER,
  redactDatabaseUrl,
  REPO_ROOT,
  withDatabase,
} from '../migrate.js';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/gateway';

/**
 * File name of the schema snapshot kept in every migration folder. Deliberately not `*.prisma`:
 * Prisma's multi-file schema loading (a schema *folder*, and its "related files" lookup, which
 * walks up to the topmost folder holding `.prisma` files) reads every `.prisma` file under
 * `prisma/` recursively, which would define every model twice. `prisma migrate deploy` only
 * reads `migration.sql`, so the extra file is harmless there.
 */
const SNAPSHOT_FILE = 'schema.prisma.snapshot';

interface Args {
  name: string;
  schemaPath: string;
  migrationsDir: string;
}

function parseArgs(argv: string[]): Args {
  let schemaPath = DEFAULT_SCHEMA_PATH;
  let migrationsDir = DEFAULT_MIGRATIONS_DIR;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--schema' || arg === '--migrations-dir') {
      const value = argv[++i];
      if (!value) throw new Error(`${arg} needs a value`);
      if (arg === '--schema') schemaPath = path.resolve(value);
      else migrationsDir = path.resolve(value);
    } else if (arg === '--') {
      continue; // pnpm forwards a literal `--` in some setups
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 1) throw new Error('usage: pnpm db:migration:new <name>   (e.g. add_payment_memo)');
  const name = positional[0]!
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  if (!name) throw new Error(`invalid migration name ${JSON.stringify(positional[0])}: use letters, digits and _`);
  return { name, schemaPath, migrationsDir };
}

/** UTC `YYYYMMDDHHMMSS` of `date`. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** A folder name strictly after `last` (bumps the second when two runs fall in the same one). */
function nextFolderName(name: string, last: string | undefined): string {
  let date = new Date();
  const lastTs = last?.slice(0, 14);
  while (lastTs && /^\d{14}$/.test(lastTs) && timestamp(date) <= lastTs) {
    date = new Date(date.getTime() + 1000);
  }
  return `${timestamp(date)}_${name}`;
}

/** True when a diff script contains nothing but comments and blank lines. */
function isEmptyScript(sql: string): boolean {
  return sql
    .split('\n')
    .map((l) => l.trim())
    .every((l) => l === '' || l.startsWith('--'));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const current = await readFile(args.schemaPath, 'utf8');

  await mkdir(args.migrationsDir, { recursive: true });
  const folders = (await readdir(args.migrationsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const last = folders.at(-1);

  let from: DiffTarget = { tag: 'empty' };
  if (last) {
    const snapshotPath = path.join(args.migrationsDir, last, SNAPSHOT_FILE);
    let snapshot: string;
    try {
      snapshot = await readFile(snapshotPath, 'utf8');
    } catch {
      throw new Error(
        `the last migration ${last} has no ${SNAPSHOT_FILE} snapshot (${snapshotPath}); ` +
          'copy the schema as that migration left it there, then re-run',
      );
    }
    from = { tag: 'schemaDatamodel', files: [{ path: SNAPSHOT_FILE, content: snapshot }] };
  }

  // The diff itself reads no database, but SchemaEngine.new() connects once and runs a
  // version query (a mock adapter makes it fail with "External error id#0"). So it is pointed at
  // the `postgres` maintenance database of DATABASE_URL's server, which always exists.
  const serverUrl = withDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, 'postgres');
  let opened: Awaited<ReturnType<typeof createSchemaEngine>>;
  try {
    opened = await createSchemaEngine(serverUrl, current);
  } catch (err) {
    throw new Error(
      `cannot start the schema engine against ${redactDatabaseUrl(serverUrl)} ` +
        `(it needs a reachable PostgreSQL server, set DATABASE_URL): ${(err as Error).message}`,
      { cause: err },
    );
  }
  const { engine, close, toError } = opened;
  let sql: string;
  try {
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: current }] },
      script: true,
      exitCode: null,
      filters: NO_SCHEMA_FILTER,
    });
    sql = result.stdout ?? '';
  } catch (err) {
    throw toError(err);
  } finally {
    await close();
  }

  if (isEmptyScript(sql)) {
    console.log('no changes');
    return;
  }

  const folder = nextFolderName(args.name, last);
  const dir = path.join(args.migrationsDir, folder);
  await mkdir(dir, { recursive: false });
  await writeFile(path.join(dir, MIGRATION_SQL_FILE), sql.endsWith('\n') ? sql : `${sql}\n`);
  await writeFile(path.join(dir, SNAPSHOT_FILE), current);

  const lockPath = path.join(args.migrationsDir, MIGRATION_LOCK_FILE);
  const lock = await readFile(lockPath, 'utf8').catch(() => null);
  if (lock === null || !/^\s*provider\s*=\s*"postgresql"\s*$/m.test(lock)) {
    await writeFile(lockPath, MIGRATION_LOCK_CONTENT);
  }

  console.log(`created ${path.relative(REPO_ROOT, path.join(dir, MIGRATION_SQL_FILE))}`);
}

main().catch((err: unknown) => {
  console.error(`db:migration:new failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
