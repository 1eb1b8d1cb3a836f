import { loadConfig } from '@gw/core';
import { startApi } from './start-api.js';

/** Process entry point: `pnpm --filter @gw/api start`. SIGTERM/SIGINT stop it gracefully. */
async function main(): Promise<void> {
  const config = loadConfig();
  const api = await startApi(config);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    api.deps.logger.info({ signal }, 'api shutting down');
    api.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        api.deps.logger.error({ err }, 'api shutdown failed');
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
