import type { RequestHandler } from 'express';
import type { AppMetrics } from '@gw/runtime';
import { onResponseEnd } from './on-response-end.js';

/** Label of requests that matched no route (404s, and requests answered by a middleware before any route). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Express middleware observing every request in `gw_http_request_duration_seconds`
 * `{method, route, status}`. `route` is the template of the route row that took the request
 * (`res.locals.route`, set by `mountRoutes`, e.g. `/api/gateway/v1/payments/:id`), never the raw
 * path, so label cardinality stays bounded;
 * requests that matched no route are labelled {@link UNMATCHED_ROUTE}. A request whose client went
 * away before the response was finished is recorded with status `aborted`.
 * Mount it first (before any router) on the app it observes, e.g.
 * `app.use(httpMetrics(metrics.httpRequestDuration))`.
 */
export function httpMetrics(histogram: AppMetrics['httpRequestDuration']): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    onResponseEnd(res, (aborted) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = aborted ? 'aborted' : String(res.statusCode);
      histogram.observe({ method: req.method, route: (res.locals.route as string | undefined) ?? UNMATCHED_ROUTE, status }, seconds);
    });
    next();
  };
}
