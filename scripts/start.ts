/**
 * `pnpm start`: the API and the worker in one process (after `pnpm db:migrate`). In containers
 * each app runs alone instead (`pnpm --filter @gw/api start`, `pnpm --filter @gw/worker start`).
 * SIGTERM/SIGINT: the worker drains first (in-flight attempts finish and are recorded), then the
 * HTTP server stops, then the clients close.
 */
import { loadConfig } from '@gw/core';
import { startApi } from '@gw/api';
import { startWorker } from '@gw/worker';

const config = loadConfig();
const worker = await startWorker(config);
const api = await startApi(config);
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  api.deps.logger.info({ signal }, 'shutting down: worker, then HTTP server, then clients');
  try {
    await worker.stop();
    await api.stop();
    process.exit(0);
  } catch (err) {
    api.deps.logger.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
