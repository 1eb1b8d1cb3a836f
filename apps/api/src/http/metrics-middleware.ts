import type { Express, RequestHandler } from 'express';
import type { AppMetrics } from '@gw/runtime';
import { mountedRoutes } from './list-routes.js';
import { onResponseEnd } from './on-response-end.js';

/** Label of requests that matched no route (404s, and requests answered by a middleware before any route). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Route templates by route object, for labels (issue #5: computed once from the router stack
 * instead of per request). A route belongs to one router mounted at one place, so its template is
 * constant: mount paths + route path, e.g. `/api/gateway/v1/payments/:id`. Express leaves the
 * matched route in `req.route` after the routers return, so the template is found when the
 * response finishes, even after an error handler answered.
 */
function routeTemplates(app: Express): (route: unknown) => string | undefined {
  let templates = new WeakMap<object, string>();
  const unknown = new WeakSet<object>();
  return (route) => {
    if (typeof route !== 'object' || route === null) return undefined;
    if (!templates.has(route) && !unknown.has(route)) {
      // First request, or a route added since: walk the stack again (once per route object).
      templates = new WeakMap();
      for (const r of mountedRoutes(app)) templates.set(r.route, r.paths.join('|'));
      if (!templates.has(route)) unknown.add(route);
    }
    return templates.get(route);
  };
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
  const templateOf = routeTemplates(app);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    onResponseEnd(res, (aborted) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = aborted ? 'aborted' : String(res.statusCode);
      histogram.observe(
        { method: req.method, route: (res.locals.route as string | undefined) ?? templateOf(req.route) ?? UNMATCHED_ROUTE, status },
        seconds,
      );
    });
    next();
  };
}
