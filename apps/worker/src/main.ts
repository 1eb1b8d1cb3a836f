import { fileURLToPath } from 'node:url';
import { loadConfig, loadEnvFile, exitOnStartupError, stopOnSignals } from '@gw/runtime';
import { startWorker } from './start-worker.js';
import { reportHeapLimit } from './heap-limit.js';

/**
 * Process entry point: `pnpm --filter @gw/worker start`. SIGTERM/SIGINT: stop taking jobs, let
 * in-flight attempts finish and be recorded, close the clients, exit 0.
 */
try {
  // Local runs: the repository's .env fills what the environment leaves unset (containers have none).
  loadEnvFile(fileURLToPath(new URL('../../../', import.meta.url)));
  const config = loadConfig();
  const worker = await startWorker(config);
  reportHeapLimit(config, worker.ctx.logger);
  stopOnSignals('worker', worker.stop, worker.ctx.logger);
} catch (err) {
  exitOnStartupError(err);
}
