/**
 * jest global teardown: stops the PgBouncer of `TEST_DATABASE_POOLER=pgbouncer` runs, then drops
 * this run's template database and any clone of it that a test file did not drop (crashed file,
 * missing `afterAll`). See test/global-setup.ts, including
 * why packages/db/src/testing.ts is loaded through tsx's `tsImport` (this file cannot import
 * other `.ts` files directly, not even ./global-setup.ts).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

type Testing = typeof import('../packages/db/src/testing.js');

export default async function globalTeardown(globalConfig: { rootDir: string }): Promise<void> {
  // The PgBouncer of `TEST_DATABASE_POOLER=pgbouncer` runs (started by the global setup), first.
  const holder = globalThis as { gwTestPgBouncer?: { stop(): Promise<void> } };
  await holder.gwTestPgBouncer?.stop();
  delete holder.gwTestPgBouncer;
  const templateUrl = process.env.GW_TEST_TEMPLATE_DATABASE_URL;
  if (!templateUrl) return; // setup failed before creating it
  const url = pathToFileURL(path.join(globalConfig.rootDir, 'packages', 'db', 'src', 'testing.ts')).href;
  const testing = (await tsImport(url, url)) as Testing;
  const dropped = await testing.dropRunDatabases(templateUrl);
  delete process.env[testing.TEMPLATE_ENV];
  if (process.env.GW_TEST_VERBOSE === '1') console.log(`dropped ${dropped.join(', ')}`);
}
