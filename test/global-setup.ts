/**
 * jest global setup (runs once per `pnpm test`, before any worker starts):
 *
 * 1. drops `gw_tpl_*` / `gw_test_*` databases left by runs that crashed more than 6 hours ago;
 * 2. creates this run's template database `gw_tpl_<runId>` on the server of env
 *    `GW_TEST_PG_URL` (default `postgresql://postgres@127.0.0.1:5432/postgres`);
 * 3. migrates it by running the `db:migrate` CLI in a child process (the wasm schema engine
 *    is not run inside jest);
 * 4. sets `process.env.GW_TEST_TEMPLATE_DATABASE_URL`, which the workers inherit and
 *    `createTestDatabase()` (`@gw/db/testing`) clones from;
 * 5. with `TEST_DATABASE_POOLER=pgbouncer` (`pnpm test:pooler`): starts a PgBouncer of
 *    its own in transaction pooling mode on a free loopback port and sets
 *    `GW_TEST_PGBOUNCER_ADDRESS`, so that every test database's `url` goes through it
 *    (test/global-teardown.ts stops it).
 *
 * Why `tsImport`: jest loads this file outside its module system (transpiled, then handed to
 * Node's own loader), so its imports are resolved by Node, which cannot load `.ts` files nor
 * apply jest's `moduleNameMapper`. tsx (a root devDependency, also used by the CLIs) loads
 * `packages/db/src/testing.ts` instead; `pg` then resolves from packages/db.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

type Testing = typeof import('../packages/db/src/testing.js');

/** Loads packages/db/src/testing.ts through tsx. */
async function loadTesting(rootDir: string): Promise<Testing> {
  const url = pathToFileURL(path.join(rootDir, 'packages', 'db', 'src', 'testing.ts')).href;
  return (await tsImport(url, url)) as Testing;
}

export default async function globalSetup(globalConfig: { rootDir: string }): Promise<void> {
  const started = Date.now();
  const testing = await loadTesting(globalConfig.rootDir);
  const stale = await testing.dropStaleTestDatabases();
  const template = await testing.createTemplateDatabase();
  try {
    await testing.runMigrateCli(template.url, globalConfig.rootDir);
  } catch (err) {
    await testing.dropRunDatabases(template.url).catch(() => undefined);
    throw err;
  }
  process.env[testing.TEMPLATE_ENV] = template.url;
  if (process.env[testing.TEST_POOLER_ENV]) {
    if (process.env[testing.TEST_POOLER_ENV] !== 'pgbouncer') {
      await testing.dropRunDatabases(template.url).catch(() => undefined);
      throw new Error(`${testing.TEST_POOLER_ENV} must be pgbouncer or unset`);
    }
    const bouncer = await testing.startPgBouncer({ serverUrl: template.url }).catch(async (err: unknown) => {
      await testing.dropRunDatabases(template.url).catch(() => undefined);
      throw err;
    });
    // jest runs the global teardown in this process: it stops the PgBouncer from here.
    (globalThis as { gwTestPgBouncer?: { stop(): Promise<void> } }).gwTestPgBouncer = bouncer;
    process.env[testing.TEST_PGBOUNCER_ENV] = bouncer.address;
    console.log(`\ntest databases through ${bouncer.version} (pool_mode=transaction) on ${bouncer.address}`);
  }
  if (process.env.GW_TEST_VERBOSE === '1') {
    console.log(
      `\ntemplate database ${template.name} migrated in ${Date.now() - started} ms` +
        (stale.length ? `; dropped stale ${stale.join(', ')}` : ''),
    );
  }
}
