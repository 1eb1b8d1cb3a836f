import { fileURLToPath } from 'node:url';
import { loadConfig, loadEnvFile, exitOnStartupError, stopOnSignals } from '@gw/runtime';
import { startApi } from './start-api.js';

/** Process entry point: `pnpm --filter @gw/api start`. SIGTERM/SIGINT: finish in-flight requests, close clients, exit. */
try {
  // Local runs: the repository's .env fills what the environment leaves unset (containers have none).
  loadEnvFile(fileURLToPath(new URL('../../../', import.meta.url)));
  const api = await startApi(loadConfig());
  stopOnSignals('api', api.stop, api.deps.logger);
} catch (err) {
  exitOnStartupError(err);
}
