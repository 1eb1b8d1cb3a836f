import { exitOnStartupError, stopOnSignals } from '@gw/runtime';
import { loadOpsConfig } from './config.js';
import { startOps } from './start-ops.js';

/** Process entry point: `pnpm --filter @gw/ops start`. SIGTERM/SIGINT stop it gracefully. */
try {
  const ops = await startOps(loadOpsConfig());
  stopOnSignals('ops', ops.stop, ops.deps.logger);
} catch (err) {
  exitOnStartupError(err);
}
