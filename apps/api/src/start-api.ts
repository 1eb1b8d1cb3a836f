import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { createEndpointGate, WebhookListCache } from '@gw/core/webhooks';
import {
  closeContext,
  StopProgress,
  createContext,
  createRedis,
  type Config,
  type Logger,
  createAppMetrics,
  listenOn,
  startMetricsPublisher,
} from '@gw/runtime';
import { announceSigningKeyChange, CredentialCache, SessionTokens, WalletRoleCache } from '@gw/core/auth';
import { ensureNativeToken } from '@gw/core/ledger';
import { ensureDeployments } from '@gw/core/chain';
import { queueCatalogue } from '@gw/core/queues';
import { chainResets, paymentFulfilments } from './catalogue.js';
import { createApp } from './create-app.js';
import { createRateLimitCounters } from './http/window-counters.js';
import type { ApiDeps } from './deps.js';

export interface RunningApi {
  app: Express;
  server: Server;
  deps: ApiDeps;
  /** Graceful stop: stop accepting connections, finish in-flight requests, then close the clients. */
  stop(): Promise<void>;
  /** The steps of a stop under way that have not settled (logged when the stop times out). */
  pendingStopSteps(): string[];
}

/**
 * Starts the API on `config.PORT` (0 = any free port; read `server.address()`).
 * The signing key is loaded (or generated on first run) before the port opens.
 * @throws PortUnavailableError when the port is in use (the clients opened so far are closed first)
 */
export async function startApi(config: Config, opts: { logger?: Logger; resolver?: ApiDeps['resolver'] } = {}): Promise<RunningApi> {
  const ctx = createContext(config, { app: 'api', logger: opts.logger, queues: queueCatalogue });
  const requestRedis = createRedis(config, { name: 'api-requests', failFast: true });
  requestRedis.on('error', () => undefined); // reported by /health and the context's connection
  // The rate-limit store loads its Lua script when the app is built: wait (bounded) for Redis.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    requestRedis.once('ready', () => (clearTimeout(timer), resolve()));
  });
  // A new configured key (or retirements scheduled at start-up) is announced to the other replicas.
  const tokens = new SessionTokens(ctx.prisma, ctx.secretBox, config, {
    announce: () => announceSigningKeyChange(ctx.redis, config.QUEUE_PREFIX),
  });
  await tokens.init();
  await ensureNativeToken(ctx.prisma, config);
  // Our contracts on each configured chain: the recorded ones when their code is still
  // there, else deployed now on a chain marked local. A chain without a usable deployment is
  // reported, not fatal: its features answer 503 until `admin chain:deploy` or a deployments file.
  for (const r of await ensureDeployments({ ...ctx, chainResets }, 'local')) {
    if (r.status === 'missing' || r.status === 'unreachable')
      ctx.logger.warn({ chain: r.chain, status: r.status, detail: r.detail }, 'chain not usable');
    else ctx.logger.info({ chain: r.chain, status: r.status }, 'chain deployments');
  }
  const metrics = createAppMetrics('api');
  const publisher = startMetricsPublisher(ctx.redis, metrics.registry, {
    prefix: config.QUEUE_PREFIX,
    app: 'api',
    instanceId: metrics.instanceId,
    onError: (err) => ctx.logger.warn({ err: { message: err.message } }, 'metrics publish failed'),
  });
  const credentials = new CredentialCache(ctx.prisma, config.CREDENTIAL_CACHE_TTL_MS);
  const walletRoles = new WalletRoleCache(ctx.prisma, config.CREDENTIAL_CACHE_TTL_MS);
  const subscriber = createRedis(config, { name: 'api-revocations' });
  subscriber.on('error', () => undefined); // ioredis reconnects and re-subscribes by itself
  // Not awaited: start-up does not wait for Redis; the TTL bounds staleness until subscribed.
  const webhookLists = new WebhookListCache(config.WEBHOOK_CACHE_TTL_MS);
  const listening = Promise.all([
    credentials.listen(subscriber, config.QUEUE_PREFIX),
    webhookLists.listen(subscriber, config.QUEUE_PREFIX),
    walletRoles.listen(subscriber, config.QUEUE_PREFIX),
    tokens.listen(subscriber, config.QUEUE_PREFIX),
  ]).catch(() => []);
  const rateLimits = createRateLimitCounters(requestRedis, config);
  // The request-path Redis: a list whose health cannot be read fails fast (503) instead of hanging.
  const gate = createEndpointGate(requestRedis, config.QUEUE_PREFIX, config);
  const bound: { port?: number } = {};
  const deps: ApiDeps = {
    ...ctx,
    listenPort: () => bound.port,
    tokens,
    credentials,
    walletRoles,
    webhookLists,
    gate,
    requestRedis,
    rateLimits,
    paymentFulfilments,
    resolver: opts.resolver,
    metrics,
  };
  const app = createApp(deps);
  // Slow headers and bodies are cut off at HTTP_HEADERS_TIMEOUT_MS and
  // HTTP_REQUEST_TIMEOUT_MS (Node's defaults were 60 s and 300 s), checked every second.
  const server = createServer(
    {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1000, config.HTTP_HEADERS_TIMEOUT_MS),
    },
    app,
  );
  const progress = new StopProgress();
  const closeClients = async () => {
    await progress.step('share the rate-limit counters a last time', () =>
      Promise.all([rateLimits.requests.stop(), rateLimits.authFailures.stop(), rateLimits.events.stop()]),
    );
    requestRedis.disconnect();
    await progress.step('unsubscribe from the invalidation channels', async () => {
      for (const unsubscribe of await listening) await unsubscribe();
    });
    subscriber.disconnect();
    await progress.step('stop the metrics publisher', () => publisher.stop());
    await progress.step('close PostgreSQL and Redis', () => closeContext(ctx));
  };
  // A busy port is one clear error (PortUnavailableError), not an unhandled 'error' event.
  await listenOn(server, config.PORT, 'PORT').catch(async (err: unknown) => {
    await closeClients();
    throw err;
  });
  bound.port = (server.address() as { port: number }).port;
  server.keepAliveTimeout = 5000;
  ctx.logger.info({ port: bound.port }, 'api listening');
  return {
    app,
    server,
    deps,
    stop: async () => {
      await progress.step(
        'finish the requests in flight',
        () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          }),
      );
      await closeClients();
    },
    pendingStopSteps: () => progress.pending(),
  };
}
