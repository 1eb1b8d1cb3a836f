import { fileURLToPath } from 'node:url';
import { createLogger, exitOnStartupError, loadEnvFile, runService } from '@gw/runtime';
import { loadOpsConfig } from './config.js';
import { startOps } from './start-ops.js';

/**
 * Process entry point: `pnpm --filter @gw/ops start`. Waits up to STARTUP_WAIT_MS for PostgreSQL
 * and Redis, exits 1 on a busy OPS_PORT (one line); SIGTERM/SIGINT stop it gracefully, also while
 * it starts (see `runService`).
 */
try {
  // Local runs: the repository's .env fills what the environment leaves unset (containers have none).
  loadEnvFile(fileURLToPath(new URL('../../../', import.meta.url)));
  const config = loadOpsConfig();
  const logger = createLogger(config.LOG_LEVEL, { app: 'ops' });
  await runService({ app: 'ops', logger, config, start: () => startOps(config, { logger }) });
} catch (err) {
  exitOnStartupError(err);
}
