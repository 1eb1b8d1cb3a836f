import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import express, { type Express, type RequestHandler } from 'express';
import type { Queue } from 'bullmq';
import { type Context, checkDependencies, queueShard } from '@gw/runtime';
import { knownChainTransactionQueues } from '@gw/core/chain';
import { basicAuth } from './basic-auth.js';
import { boardActionGuard } from './board-actions.js';
import type { OpsConfig } from './config.js';
import { createOpsMetrics, type OpsMetrics } from './ops-metrics.js';

/** Where Bull Board is mounted on the ops port. */
export const BOARD_PATH = '/queues';

/** How often (ms) Bull Board looks for on-chain outbox queues that appeared since. */
const CHAIN_QUEUES_REFRESH_MS = 10_000;

/** What the ops app needs: the shared clients (see `createContext`) and its configuration. */
export interface OpsDeps extends Pick<Context, 'logger' | 'prisma' | 'redis' | 'queues'> {
  config: Pick<
    OpsConfig,
    'auth' | 'OPS_BULL_BOARD_ACTIONS' | 'QUEUE_PREFIX' | 'OPS_LOGIN_MAX_FAILURES' | 'OPS_LOGIN_LOCKOUT_MS' | 'OPS_LOGIN_GLOBAL_MAX_FAILURES'
  >;
  /** Created from the other deps when omitted. */
  metrics?: OpsMetrics;
}

/** Headers of every authenticated response: nothing here may be cached, framed or referred. */
const privateHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'Cache-Control': 'no-store',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  next();
};

/**
 * Builds the ops HTTP app (exported for supertest and `startOps`). It is served on OPS_PORT only,
 * never on the public API's port:
 * - `GET /healthz` (no auth): 200 when Redis and PostgreSQL answer, else 503; for the container;
 * - everything else behind HTTP basic auth (OPS_USER / OPS_PASSWORD), unless the configuration
 *   has no credentials (development with OPS_INSECURE_NO_AUTH=true):
 *   - `GET /` → redirect to Bull Board at {@link BOARD_PATH}, over every queue of `deps.queues` (each
 *     shard of the delivery queue as a queue of its own, `shard-<i>.webhook-deliveries`) and
 *     the on-chain outbox's queues (one per chain and signer, found in `chain_nonces`):
 *     read-only unless `OPS_BULL_BOARD_ACTIONS` lists actions, and then only those (any other
 *     mutating route answers 403 and changes nothing; see `BOARD_ACTIONS`);
 *   - `GET /metrics`: Prometheus text of every api/worker/ops process, merged (see `OpsMetrics`).
 */
export function createOpsApp(deps: OpsDeps): Express {
  const metrics =
    deps.metrics ??
    createOpsMetrics({ queues: deps.queues.all(), prisma: deps.prisma, redis: deps.redis, prefix: deps.config.QUEUE_PREFIX });
  const app = express();
  app.disable('x-powered-by');

  app.get('/healthz', async (_req, res) => {
    const health = await checkDependencies(deps.prisma, deps.redis);
    res.status(health.status === 'ok' ? 200 : 503).json(health);
  });

  if (deps.config.auth) {
    const throttle = {
      maxFailures: deps.config.OPS_LOGIN_MAX_FAILURES,
      lockoutMs: deps.config.OPS_LOGIN_LOCKOUT_MS,
      globalMaxFailures: deps.config.OPS_LOGIN_GLOBAL_MAX_FAILURES,
    };
    app.use(basicAuth(deps.config.auth, deps.logger, throttle));
  }
  app.use(privateHeaders);

  app.get('/', (_req, res) => res.redirect(302, `${BOARD_PATH}/`));

  app.get('/metrics', async (_req, res, next) => {
    try {
      const { contentType, body } = await metrics.render();
      res.type(contentType).send(body);
    } catch (err) {
      next(err);
    }
  });

  // Read-only unless actions are listed. With none, Bull Board's own read-only mode
  // (no action buttons, its API refuses them); with some, its buttons show and the guard below
  // refuses, on the server, every mutating route whose action is not listed.
  const actions = deps.config.OPS_BULL_BOARD_ACTIONS;
  const readOnlyMode = actions.length === 0;
  const board = new ExpressAdapter();
  board.setBasePath(BOARD_PATH);
  // Each shard of the delivery queue is a queue of its own on the board (same BullMQ
  // name, its own keys): `shard-<i>.webhook-deliveries`, shown as `webhook-deliveries {deliveries:<i>}`.
  const adapter = (queue: Queue) => {
    const shard = queueShard(queue);
    return new BullMQAdapter(queue, {
      readOnlyMode,
      allowRetries: actions.includes('retry'),
      ...(shard && {
        prefix: `shard-${shard.shard}.`,
        displayName: `${queue.name} {${shard.tag}} (shard ${shard.shard + 1} of ${shard.shards})`,
      }),
    });
  };
  const { addQueue } = createBullBoard({
    queues: deps.queues.all().map(adapter),
    serverAdapter: board,
    options: {
      uiConfig: { boardTitle: 'Gateway ops', hideDocsLink: true },
      handlerHooks: boardActionGuard(actions, deps.logger),
    },
  });
  // The on-chain outbox's queues, one per (chain, signer), exist once a signer has signed;
  // the board looks for new ones at most every CHAIN_QUEUES_REFRESH_MS, when it is used.
  const shown = new Set(deps.queues.all().map((q) => q.name));
  let lookedAt = 0;
  const chainQueues: RequestHandler = (_req, _res, next) => {
    if (Date.now() - lookedAt < CHAIN_QUEUES_REFRESH_MS) return next();
    lookedAt = Date.now();
    knownChainTransactionQueues(deps)
      .then((defs) => {
        for (const def of defs) {
          if (shown.has(def.name)) continue;
          shown.add(def.name);
          addQueue(adapter(deps.queues.get(def)));
        }
      })
      .catch((err: Error) => deps.logger.warn({ err: { message: err.message } }, 'ops: the chain queues could not be listed'))
      .finally(() => next());
  };
  app.use(BOARD_PATH, chainQueues, board.getRouter() as express.Router);

  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(((err, _req, res, _next) => {
    deps.logger.error({ err: { message: (err as Error).message } }, 'ops request failed');
    res.status(500).type('text/plain').send('Internal error');
  }) as express.ErrorRequestHandler);
  return app;
}
