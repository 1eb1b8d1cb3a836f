import type { Request, RequestHandler } from 'express';
import type { AppMetrics } from '@gw/core/metrics/index';

/** Label of requests that matched no route (404s, and requests answered by a middleware before any route). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Turns an Express route path (string, RegExp or array of them) into a label. */
function pathLabel(path: unknown): string {
  if (Array.isArray(path)) return path.map(pathLabel).join('|');
  return String(path);
}

/**
 * Records the route template of `req` at the moment the router matches a route: that is when
 * `req.baseUrl` is the matched router's mount path (`/api/gateway/v1`); the routers restore it
 * on the way out, so by the time the response is finished it may have changed (e.g. on errors).
 */
function trackRoute(req: Request): () => string | undefined {
  let route: unknown;
  let template: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set: (value: { path?: unknown } | undefined) => {
      route = value;
      if (value?.path !== undefined) template = `${req.baseUrl}${pathLabel(value.path)}`;
    },
  });
  return () => template;
}

/**
 * Express middleware observing every request in `gw_http_request_duration_seconds`
 * `{method, route, status}`. `route` is the route template (`req.baseUrl` + `req.route.path`,
 * e.g. `/api/gateway/v1/payments/:id`), never the raw path, so label cardinality stays bounded;
 * requests that matched no route are labelled {@link UNMATCHED_ROUTE}. A request whose client went
 * away before the response was finished is recorded with status `aborted`.
 * Mount it first (before any router), e.g. `app.use(httpMetrics(metrics.httpRequestDuration))`.
 */
export function httpMetrics(histogram: AppMetrics['httpRequestDuration']): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const template = trackRoute(req);
    let recorded = false;
    const record = (status: string) => {
      if (recorded) return;
      recorded = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      histogram.observe({ method: req.method, route: template() ?? UNMATCHED_ROUTE, status }, seconds);
    };
    res.once('finish', () => record(String(res.statusCode)));
    res.once('close', () => record(res.writableFinished ? String(res.statusCode) : 'aborted'));
    next();
  };
}
