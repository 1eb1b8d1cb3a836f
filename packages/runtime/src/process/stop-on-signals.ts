import type { Logger } from '../logging/logger.js';

/**
 * Graceful shutdown of an entry point: on the first SIGTERM or SIGINT, logs, runs `stop` (which
 * drains workers, then closes the HTTP server, then the clients) and exits 0, or 1 if `stop`
 * throws. Later signals are ignored while stopping.
 */
export function stopOnSignals(app: string, stop: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, stopping: app }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err, stopping: app }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** Start-up failure of an entry point (e.g. invalid configuration): its message on stderr, exit 1. */
export function exitOnStartupError(err: unknown): never {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
