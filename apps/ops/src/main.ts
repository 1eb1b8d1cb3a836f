import { fileURLToPath } from 'node:url';
import { exitOnStartupError, loadEnvFile, stopOnSignals } from '@gw/runtime';
import { loadOpsConfig } from './config.js';
import { startOps } from './start-ops.js';

/** Process entry point: `pnpm --filter @gw/ops start`. SIGTERM/SIGINT stop it gracefully. */
try {
  // Local runs: the repository's .env fills what the environment leaves unset (containers have none).
  loadEnvFile(fileURLToPath(new URL('../../../', import.meta.url)));
  const ops = await startOps(loadOpsConfig());
  stopOnSignals('ops', ops.stop, ops.deps.logger);
} catch (err) {
  exitOnStartupError(err);
}
