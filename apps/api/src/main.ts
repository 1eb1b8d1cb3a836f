import { loadConfig, exitOnStartupError, stopOnSignals } from '@gw/runtime';
import { startApi } from './start-api.js';

/** Process entry point: `pnpm --filter @gw/api start`. SIGTERM/SIGINT: finish in-flight requests, close clients, exit. */
try {
  const api = await startApi(loadConfig());
  stopOnSignals('api', api.stop, api.deps.logger);
} catch (err) {
  exitOnStartupError(err);
}
