import { fileURLToPath } from 'node:url';
import { createLogger, exitOnStartupError, loadEnvFile, runService } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { startWorker } from './start-worker.js';
import { reportHeapLimit } from './heap-limit.js';

/**
 * Process entry point: `pnpm --filter @gw/worker start`. Waits up to STARTUP_WAIT_MS for
 * PostgreSQL and Redis (one line for each that is down). SIGTERM/SIGINT, also while starting:
 * stop taking jobs, let in-flight attempts finish and be recorded, close the clients, exit 0
 * (see `runService`).
 */
try {
  // Local runs: the repository's .env fills what the environment leaves unset (containers have none).
  loadEnvFile(fileURLToPath(new URL('../../../', import.meta.url)));
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { app: 'worker' });
  const worker = await runService({ app: 'worker', logger, config, start: () => startWorker(config, { logger }) });
  if (worker) reportHeapLimit(config, worker.ctx.logger);
} catch (err) {
  exitOnStartupError(err);
}
