/**
 * `pnpm start`: the API and the worker in one process (after `pnpm db:migrate`). In containers
 * each app runs alone instead (`pnpm --filter @gw/api start`, `pnpm --filter @gw/worker start`).
 * SIGTERM/SIGINT: the worker drains first (in-flight attempts finish and are recorded), then the
 * HTTP server stops, then the clients close.
 */
import { loadConfig } from '@gw/core/config/env';
import { exitOnStartupError, stopOnSignals } from '@gw/core/process/stop-on-signals';
import { startApi } from '@gw/api';
import { startWorker } from '@gw/worker';

try {
  const config = loadConfig();
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
