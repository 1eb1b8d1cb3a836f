import type { Express, Request, RequestHandler } from 'express';
import type { AppMetrics } from '@gw/core/metrics/index';

/** Label of requests that matched no route (404s, and requests answered by a middleware before any route). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Turns an Express route path (string, RegExp or array of them) into a label. */
function pathLabel(path: unknown): string {
  if (Array.isArray(path)) return path.map(pathLabel).join('|');
  return String(path);
}

const ROUTE = Symbol('route');
/** The last matched route and the base URL at that moment (the template is built only when recorded). */
const MATCHED = Symbol('matchedRoute');
type TrackedRequest = Request & { [ROUTE]?: unknown; [MATCHED]?: { baseUrl: string; path: unknown } };

/**
 * Makes every request of `app` record its route template at the moment the router matches a
 * route: that is when `req.baseUrl` is the matched router's mount path (`/api/gateway/v1`); the
 * routers restore it on the way out, so by the time the response is finished it may have changed
 * (e.g. on errors). The accessor is defined once on the app's request prototype (issue #5: a
 * property defined on each request object made V8 treat every request as a slow dictionary).
 */
function trackRoutes(app: Express): void {
  if (Object.prototype.hasOwnProperty.call(app.request, ROUTE)) return;
  Object.defineProperty(app.request, ROUTE, { value: undefined, writable: true });
  Object.defineProperty(app.request, 'route', {
    configurable: true,
    enumerable: true,
    get(this: TrackedRequest) {
      return this[ROUTE];
    },
    set(this: TrackedRequest, value: { path?: unknown } | undefined) {
      this[ROUTE] = value;
      if (value?.path !== undefined) this[MATCHED] = { baseUrl: this.baseUrl, path: value.path };
    },
  });
}

/**
 * Express middleware observing every request in `gw_http_request_duration_seconds`
 * `{method, route, status}`. `route` is the route template (`req.baseUrl` + `req.route.path`,
 * e.g. `/api/gateway/v1/payments/:id`), never the raw path, so label cardinality stays bounded;
 * requests that matched no route are labelled {@link UNMATCHED_ROUTE}. A request whose client went
 * away before the response was finished is recorded with status `aborted`.
 * Mount it first (before any router) on the app it observes, e.g.
 * `app.use(httpMetrics(app, metrics.httpRequestDuration))`.
 */
export function httpMetrics(app: Express, histogram: AppMetrics['httpRequestDuration']): RequestHandler {
  trackRoutes(app);
  return (req: TrackedRequest, res, next) => {
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = (status: string) => {
      if (recorded) return;
      recorded = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const matched = req[MATCHED];
      const route = matched ? `${matched.baseUrl}${pathLabel(matched.path)}` : UNMATCHED_ROUTE;
      histogram.observe({ method: req.method, route, status }, seconds);
    };
    res.once('finish', () => record(String(res.statusCode)));
    res.once('close', () => record(res.writableFinished ? String(res.statusCode) : 'aborted'));
    next();
  };
}
