/**
 * `pnpm db:migrate` — creates the database when missing and applies pending migrations.
 *
 * Input: env `DATABASE_DIRECT_URL`, else `DATABASE_URL` (default
 * `postgresql://postgres@127.0.0.1:5432/gateway`). Migrations need a direct connection to
 * PostgreSQL: the schema engine holds a session advisory lock and runs a migration's statements
 * on one session. So with `DATABASE_POOLER=transaction` (DATABASE_URL goes through a transaction
 * pooler) it refuses to start unless `DATABASE_DIRECT_URL` is set.
 * Optional env `GW_MIGRATIONS_DIR` overrides the migrations folder (default: the repository's
 * `prisma/migrations`). `GW_MIGRATE_VERBOSE=1` prints progress and engine logs to stderr.
 *
 * Output, on success, exactly one JSON line on stdout (exit code 0):
 *   {"migrated":true,"database":"gateway","applied":["20250101120000_init"]}
 * `database` is the database name only (never the URL nor credentials); `applied` is `[]` when
 * the database was already up to date.
 *
 * On failure: one line `db:migrate failed (<db name> on <host>): <message>` on stderr, with the
 * URL's password redacted, and exit code 1.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { migrateDatabase, parseDatabaseUrl } from '../migrate.js';

/**
 * `.env` for local runs (`pnpm start` migrates first), by the rules of @gw/runtime's
 * `loadEnvFile`, which this package cannot import (the runtime depends on it): the environment
 * wins; the file is GW_ENV_FILE (must exist) or the repository's `.env` when it exists, skipped
 * with NODE_ENV=test. test/env-file.test.ts runs both.
 */
function loadEnvFile(): void {
  const explicit = process.env.GW_ENV_FILE;
  if (!explicit && process.env.NODE_ENV === 'test') return;
  const path = explicit
    ? isAbsolute(explicit)
      ? explicit
      : resolve(explicit)
    : fileURLToPath(new URL('../../../../.env', import.meta.url));
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (!explicit && (err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new Error(`cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { cause: err });
  }
  for (const [key, value] of Object.entries(parseEnv(text))) if (!(key in process.env) && value !== undefined) process.env[key] = value;
}

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/gateway';

function redactPassword(message: string, databaseUrl: string): string {
  try {
    const password = decodeURIComponent(new URL(databaseUrl).password);
    if (password) return message.split(password).join('***');
  } catch {
    /* unparseable URL: nothing to redact */
  }
  return message;
}

async function main(): Promise<number> {
  try {
    loadEnvFile();
  } catch (err) {
    process.stderr.write(`db:migrate failed: ${(err as Error).message}\n`);
    return 1;
  }
  const direct = process.env.DATABASE_DIRECT_URL;
  if (!direct && process.env.DATABASE_POOLER === 'transaction') {
    process.stderr.write(
      'db:migrate failed: DATABASE_POOLER=transaction means DATABASE_URL goes through a transaction pooler, ' +
        "which cannot hold the migration's session advisory lock: set DATABASE_DIRECT_URL to a direct PostgreSQL URL\n",
    );
    return 1;
  }
  const databaseUrl = direct || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  let where = `<invalid ${direct ? 'DATABASE_DIRECT_URL' : 'DATABASE_URL'}>`;
  try {
    const info = parseDatabaseUrl(databaseUrl);
    where = `${info.database} on ${info.host}`;
    const verbose = process.env.GW_MIGRATE_VERBOSE === '1';
    const { applied } = await migrateDatabase(databaseUrl, {
      ...(process.env.GW_MIGRATIONS_DIR ? { migrationsDir: process.env.GW_MIGRATIONS_DIR } : {}),
      ...(verbose ? { log: (msg: string) => console.error(redactPassword(msg, databaseUrl)) } : {}),
    });
    process.stdout.write(`${JSON.stringify({ migrated: true, database: info.database, applied })}\n`);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`db:migrate failed (${where}): ${redactPassword(message, databaseUrl)}\n`);
    if (process.env.GW_MIGRATE_VERBOSE === '1' && err instanceof Error && err.stack) {
      process.stderr.write(`${redactPassword(err.stack, databaseUrl)}\n`);
    }
    return 1;
  }
}

process.exitCode = await main();
