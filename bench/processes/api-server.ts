/**
 * Child-process entry of the real API for the API benchmark: `startApi(loadConfig())` from
 * `@gw/api`, configured by the environment the bench passes (PORT=0, its database, its Redis,
 * RATE_LIMIT_MAX very high, LOG_LEVEL=silent). IPC: `{ type: 'ready', port }`; SIGTERM stops
 * it gracefully (so `--cpu-prof` writes its profile on exit).
 */
import { loadConfig } from '@gw/core/config';
import { startApi } from '@gw/api';

const api = await startApi(loadConfig());
process.send?.({ type: 'ready', port: (api.server.address() as { port: number }).port });
process.on('SIGTERM', () => {
  void api.stop().finally(() => process.exit(0));
});
