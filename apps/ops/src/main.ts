import { loadOpsConfig } from './config.js';
import { startOps } from './start-ops.js';

/** Process entry point: `pnpm --filter @gw/ops start`. SIGTERM/SIGINT stop it gracefully. */
async function main(): Promise<void> {
  const ops = await startOps(loadOpsConfig());
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ops.deps.logger.info({ signal }, 'ops shutting down');
    ops.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        ops.deps.logger.error({ err }, 'ops shutdown failed');
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
