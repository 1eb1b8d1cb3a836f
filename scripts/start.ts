/**
 * `pnpm start`: the API and the worker in one process (after `pnpm db:migrate`). In containers
 * each app runs alone instead (`pnpm --filter @gw/api start`, `pnpm --filter @gw/worker start`).
 * SIGTERM/SIGINT: the worker drains first (in-flight attempts finish and are recorded), then the
 * HTTP server stops, then the clients close.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig, loadEnvFile, ensureLocalSecretsKey, exitOnStartupError, stopOnSignals } from '@gw/runtime';
import { startApi } from '@gw/api';
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
  const worker = await startWorker(config);
  const api = await startApi(config);
  stopOnSignals(
    'api+worker',
    async () => {
      await worker.stop();
      await api.stop();
    },
    api.deps.logger,
  );
} catch (err) {
  exitOnStartupError(err);
}
