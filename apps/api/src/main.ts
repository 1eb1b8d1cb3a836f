import { fileURLToPath } from 'node:url';
import { createLogger, exitOnStartupError, loadEnvFile, runService } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { startApi } from './start-api.js';

/**
 * Process entry point: `pnpm --filter @gw/api start`. Waits up to STARTUP_WAIT_MS for PostgreSQL
 * and Redis (one line for each that is down), exits 1 on a busy port (one line). SIGTERM/SIGINT,
 * also while starting: finish in-flight requests, close clients, exit (see `runService`).
 */
try {
  // Local runs: the repository's .env fills what the environment leaves unset (containers have none).
  loadEnvFile(fileURLToPath(new URL('../../../', import.meta.url)));
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { app: 'api' });
  await runService({ app: 'api', logger, config, start: () => startApi(config, { logger }) });
} catch (err) {
  exitOnStartupError(err);
}
