import type { RequestHandler } from 'express';
import cors from 'cors';
import { requestPath, type MethodIndex, type IndexedRoute } from './allow.js';

/** A route as the CORS policy needs it. */
export type CorsRoute = IndexedRoute & { auth: 'gateway' | 'webhooks' | 'public'; noStore?: boolean };

/** Response header fields a cross-origin script may read on the public endpoints. */
const EXPOSED = ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'ETag'];

/**
 * The routes a browser of any origin may read: public `GET` rows that hand out nothing per
 * request (`noStore` public rows, such as the login nonce, are excluded), plus the given pages.
 */
export const corsReadableRoutes = (routes: readonly CorsRoute[]): IndexedRoute[] =>
  routes.filter((r) => r.auth === 'public' && r.method === 'GET' && !r.noStore);

/**
 * The CORS policy (Fetch standard, CORS protocol), with the `cors` package:
 * - on the paths of {@link corsReadableRoutes} (the API document and reference, health, the JWKS,
 *   contract addresses and ABIs, token info, the problem pages): `Access-Control-Allow-Origin: *`,
 *   no credentials, methods `GET, HEAD` only, request header `X-Request-Id`, preflights cached 10
 *   minutes; a preflight is answered by the `OPTIONS` handler that follows (`preflightContinue`);
 * - everywhere else nothing: no `Access-Control-*` field at all. API keys and session JWTs must
 *   never be used from a browser, so a cross-origin script can neither send them (its preflight
 *   gets no grant) nor read an answer.
 * @param readable the paths that get the grant, resolved on first use (the routes are registered
 *   after this middleware is created)
 */
export function corsPolicy(readable: () => MethodIndex): RequestHandler {
  const grant = cors({
    origin: '*',
    credentials: false,
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['X-Request-Id'],
    exposedHeaders: EXPOSED,
    maxAge: 600,
    preflightContinue: true,
  });
  return (req, res, next) => (readable().allowed(requestPath(req)) ? grant(req, res, next) : next());
}
