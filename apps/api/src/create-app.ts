import express, { type Express, type RequestHandler } from 'express';
import { AppError } from '@gw/runtime';
import type { ApiDeps, RouteDeps } from './deps.js';
import { errorHandler, notFound } from './http/problem.js';
import { httpMetrics } from './http/metrics-middleware.js';
import { authFailureLimit, recordAuthFailure, requestRateLimit } from './http/rate-limit.js';
import { requireQueueForWrites } from './http/require-queue.js';
import { requestLog } from './http/request-log.js';
import { docsAssets } from './openapi/reference.js';
import { openApiJson } from './openapi/document.js';
import { mountRoutes, type RouteInfo } from './http/mount-routes.js';
import { answerOptions, MethodIndex, methodNotAllowed } from './http/allow.js';
import { corsPolicy, corsReadableRoutes } from './http/cors.js';
import { PROBLEM_PAGE_ROUTES, PROBLEM_PAGES_PATH, problemPages } from './http/problem-pages.js';
import { series } from './http/series.js';
import { securityHeaders } from './http/security-headers.js';
import { ROUTES } from './routes/catalogue.js';
import { mountMcp } from './mcp/server.js';
import { mountAuthorizationServer } from './oauth/mount.js';

/** Requests that carry a body must say it is JSON (415 otherwise), so nothing is silently ignored. */
const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json')) {
    throw new AppError('unsupported-media-type', 'Send the body as application/json');
  }
  next();
};

/**
 * Builds the HTTP application (exported for supertest and for `main.ts`). Everything lives under
 * the base address `/api` (a client's base URL already ends in `/api`); gateway routes under
 * `/api/gateway/v1`. The one exception is the problem type pages at the origin's `/problems/…`,
 * where the problems' relative `type` URIs resolve. No administration route exists here:
 * operators use the CLI.
 *
 * HTTP conventions (docs/http-conventions.md): `X-Request-Id` on every answer; the CORS policy
 * (public GET paths only); `OPTIONS` answered with `Allow` on every path of the route table, a
 * method the path does not support 405 with `Allow`; every 401 with `WWW-Authenticate`.
 */
export function createApp(deps: ApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // No automatic weak ETag (a SHA-1 of every JSON body): authenticated answers are not cached by
  // intermediaries, and the one cacheable document, the ABIs, sets its own strong ETag.
  app.set('etag', false);
  app.set('trust proxy', deps.config.TRUST_PROXY);
  // The route table's paths (and the problem pages) by method, built on first use: the routes are
  // registered below, after these middlewares that need them.
  let routes: RouteInfo[] = [];
  let allMethods: MethodIndex | undefined;
  let readable: MethodIndex | undefined;
  const methods = () => (allMethods ??= new MethodIndex([...routes, ...PROBLEM_PAGE_ROUTES]));
  // What every request runs through, as one router layer (series): metrics, security headers,
  // request id and log, CORS, OPTIONS.
  app.use(
    series(
      ...(deps.metrics ? [httpMetrics(deps.metrics.httpRequestDuration)] : []),
      securityHeaders(),
      requestLog(deps.logger),
      corsPolicy(() => (readable ??= new MethodIndex([...corsReadableRoutes(routes), ...PROBLEM_PAGE_ROUTES]))),
      answerOptions(methods),
    ),
  );

  // Route modules register on the router they are given: the routes of /api and of the gateway
  // sit directly in these two routers instead of in nested ones, which every request would enter
  // and scan (routing was the largest self time of the API profile).
  const api = express.Router();
  const gateway = express.Router();
  // Health and the API reference: public, before the rate limiters.
  // The document is built now: a schema the generator cannot express fails at start-up.
  openApiJson();
  const routeDeps: RouteDeps = { ...deps, openApiJson };
  routes = mountRoutes(
    routeDeps,
    { api },
    ROUTES.filter((r) => r.rateLimited === false),
  );
  api.use('/docs/assets', docsAssets);
  // Limits, then the write guards and the JSON body: one router layer (series).
  api.use(
    series(authFailureLimit(deps), requestRateLimit(deps), requireQueueForWrites(deps), requireJsonBody, express.json({ limit: '64kb' })),
  );
  // The gateway router comes before the other /api rows: a gateway request (nearly all traffic)
  // then enters it at once instead of matching its path against each of those rows first. No
  // other row's path starts with /gateway/v1, so the order changes no answer.
  api.use('/gateway/v1', gateway);

  routes.push(
    ...mountRoutes(
      routeDeps,
      { api, gateway },
      ROUTES.filter((r) => r.rateLimited !== false),
    ),
  );
  app.locals.routes = routes;
  // A path of the route table with another method: 405 with Allow.
  api.use(methodNotAllowed(methods));
  // Anything else under /contracts-abi (nested or traversal paths) is an unknown ABI.
  api.use('/contracts-abi', () => {
    throw new AppError('not-found', 'No such ABI');
  });

  mountMcp(app, deps);
  mountAuthorizationServer(app, routeDeps);
  app.use('/api', api);
  const pages = problemPages();
  app.get(PROBLEM_PAGES_PATH, pages.index);
  app.get(`${PROBLEM_PAGES_PATH}/:code`, pages.page);
  app.use(methodNotAllowed(methods));
  app.use(notFound((path) => methods().allowed(path) !== undefined));
  app.use(errorHandler(deps.logger, { onUnauthenticated: (req, res) => recordAuthFailure(deps, req, res) }));
  return app;
}
