import { createServer, type Server } from 'node:http';
import { closeContext, createContext, listenOn, type Logger } from '@gw/runtime';
import { queueCatalogue } from '@gw/core/queues';
import type { OpsConfig } from './config.js';
import { createOpsApp, type OpsDeps } from './create-ops-app.js';

export interface RunningOps {
  server: Server;
  deps: OpsDeps;
  /** Graceful stop: stop accepting connections, finish in-flight requests, then close the clients. */
  stop(): Promise<void>;
}

/**
 * Starts the ops app on `config.OPS_PORT` (0 = any free port; read `server.address()`), with its
 * own clients (PostgreSQL, Redis, the queues of the catalogue `@gw/core/queues`, which Bull Board
 * and the queue gauges show) and no secret box. Logs a warning when it runs without
 * authentication (possible only outside production, see `loadOpsConfig`), and the Bull Board
 * actions it allows (OPS_BULL_BOARD_ACTIONS; none: read-only).
 * @throws PortUnavailableError when OPS_PORT is in use (its clients are closed first)
 */
export async function startOps(config: OpsConfig, opts: { logger?: Logger } = {}): Promise<RunningOps> {
  // No secret box: the ops console decrypts nothing (least privilege).
  const ctx = createContext(config, { app: 'ops', logger: opts.logger, queues: queueCatalogue, secrets: false });
  if (!config.auth) {
    ctx.logger.warn('ops: OPS_INSECURE_NO_AUTH=true, Bull Board and /metrics are served WITHOUT authentication');
  }
  ctx.logger.info(
    { actions: config.OPS_BULL_BOARD_ACTIONS },
    config.OPS_BULL_BOARD_ACTIONS.length ? 'ops: Bull Board actions enabled' : 'ops: Bull Board is read-only',
  );
  const deps: OpsDeps = { ...ctx, config };
  const app = createOpsApp(deps);
  const server: Server = createServer(app);
  await listenOn(server, config.OPS_PORT, 'OPS_PORT').catch(async (err: unknown) => {
    await closeContext(ctx);
    throw err;
  });
  server.keepAliveTimeout = 5000;
  ctx.logger.info({ port: (server.address() as { port: number }).port, auth: Boolean(config.auth) }, 'ops listening');
  return {
    server,
    deps,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await closeContext(ctx);
    },
  };
}
