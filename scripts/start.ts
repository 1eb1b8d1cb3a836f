/**
 * `pnpm start`: the API and the worker in one process (after `pnpm db:migrate`; `exec` in the
 * script makes this process pnpm's own child, so a signal to pnpm reaches it). In containers each
 * app runs alone instead (`pnpm --filter @gw/api start`, `pnpm --filter @gw/worker start`).
 * Waits up to STARTUP_WAIT_MS for PostgreSQL and Redis (one line for each that is down), then
 * prints the start-up banner on stderr (API, reference, SIWE domains, development relaxations).
 * SIGTERM/SIGINT, also while starting: the worker drains first (in-flight attempts finish and are
 * recorded), then the HTTP server stops, then the clients close; a second signal exits at once.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createLogger, ensureLocalSecretsKey, exitOnStartupError, loadConfig, loadEnvFile, runService } from '@gw/runtime';
import { startApi, startupBanner } from '@gw/api';
import { startWorker } from '@gw/worker';

try {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // .env fills what the environment leaves unset (`pnpm db:migrate`, run before, read it too).
  loadEnvFile(root);
  // Quick start: without SECRETS_ENCRYPTION_KEY, a random key kept in .data/secrets.key (0600).
  const key = ensureLocalSecretsKey(root);
  const config = loadConfig();
  if (key.source === 'generated')
    process.stderr.write(`generated a local SECRETS_ENCRYPTION_KEY in ${key.path} (mode 0600; keep it, back it up)\n`);
  const logger = createLogger(config.LOG_LEVEL, { app: 'api+worker' });
  const running = await runService({
    app: 'api+worker',
    logger,
    config,
    // The API first: a busy port fails before the worker has taken any job.
    start: async () => {
      const api = await startApi(config);
      const worker = await startWorker(config).catch(async (err: unknown) => {
        await api.stop();
        throw err;
      });
      return {
        api,
        stop: async () => {
          await worker.stop();
          await api.stop();
        },
      };
    },
  });
  if (running) process.stderr.write(startupBanner(config, (running.api.server.address() as AddressInfo).port));
} catch (err) {
  exitOnStartupError(err);
}
