import type { Request, RequestHandler } from 'express';
import { AppError } from '@gw/runtime';
import type { RouteInfo } from './mount-routes.js';

/** A route as the method index needs it: upper-case method and full Express path (`/api/x/:id`). */
export type IndexedRoute = Pick<RouteInfo, 'method' | 'path'>;

/** The order methods are listed in `Allow`. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * A path pattern as Express matches it (non-strict, case-insensitive): `:param` is one segment,
 * one trailing slash is allowed.
 */
const patternOf = (path: string): RegExp => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`, 'i');

/** The request's path as Express routes it: the URL's path, percent-encoded, without the query. */
export const requestPath = (req: Request): string => req.originalUrl.split('?')[0]!;

/**
 * The methods of each path pattern of the route table, for `Allow` (RFC 9110 §10.2.1) and
 * 405 answers (§15.5.6).
 */
export class MethodIndex {
  private readonly patterns: { pattern: RegExp; methods: Set<string> }[] = [];

  /** @param routes the registered routes (`registeredRoutes(app)`), plus pages outside the table */
  constructor(routes: readonly IndexedRoute[]) {
    const byPath = new Map<string, Set<string>>();
    for (const r of routes) byPath.set(r.path, (byPath.get(r.path) ?? new Set()).add(r.method.toUpperCase()));
    for (const [path, methods] of byPath) this.patterns.push({ pattern: patternOf(path), methods });
  }

  /**
   * The methods a request path supports, sorted (`GET, HEAD, POST, DELETE, OPTIONS`): those of
   * every route pattern it matches, `HEAD` wherever `GET` is (Express answers it), and `OPTIONS`;
   * undefined when no route of the table matches the path.
   */
  allowed(path: string): string[] | undefined {
    const methods = new Set<string>();
    for (const p of this.patterns) if (p.pattern.test(path)) p.methods.forEach((m) => methods.add(m));
    if (methods.size === 0) return undefined;
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    const rank = (m: string) => (METHOD_ORDER.includes(m) ? METHOD_ORDER.indexOf(m) : METHOD_ORDER.length);
    return [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  }
}

/**
 * Answers `OPTIONS` on any path of the route table: 204, no body, `Allow` listing its methods
 * (RFC 9110 §9.3.7). It grants no CORS access by itself: only the CORS policy (which runs before,
 * on public paths) adds `Access-Control-*` fields, so a browser's preflight of an authenticated
 * endpoint fails. Other paths fall through (404).
 */
export function answerOptions(index: () => MethodIndex): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'OPTIONS') return next();
    const allowed = index().allowed(requestPath(req));
    if (!allowed) return next();
    res.setHeader('Allow', allowed.join(', '));
    res.status(204).end();
  };
}

/**
 * Placed after the routes: a request that reached it matched no route, so when its path matches a
 * route pattern of another method it is 405 `method-not-allowed` (problem+json) with `Allow`
 * (RFC 9110 §15.5.6); otherwise it falls through (404).
 * @throws AppError('method-not-allowed') 405
 */
export function methodNotAllowed(index: () => MethodIndex): RequestHandler {
  return (req, res, next) => {
    const allowed = index().allowed(requestPath(req));
    // No route pattern, or one of this very method that Express did not match after all: 404.
    if (!allowed || allowed.includes(req.method)) return next();
    res.setHeader('Allow', allowed.join(', '));
    throw new AppError('method-not-allowed', `${req.method} is not allowed here; allowed: ${allowed.join(', ')}`);
  };
}
