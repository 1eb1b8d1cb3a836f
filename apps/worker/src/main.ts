import { loadConfig } from '@gw/core/config/env';
import { startWorker } from './start-worker.js';

/**
 * Process entry point: `pnpm --filter @gw/worker start`. SIGTERM/SIGINT: stop taking jobs,
 * let in-flight attempts finish and be recorded, close the clients, exit 0.
 */
async function main(): Promise<void> {
  const worker = await startWorker(loadConfig());
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    worker.ctx.logger.info({ signal }, 'worker draining');
    worker.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        worker.ctx.logger.error({ err }, 'worker shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
