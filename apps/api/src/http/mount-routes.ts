import type { Request, RequestHandler, Response, Router } from 'express';
import { Reply, type RouteDef, type RouteInput } from '@gw/runtime';
import type { RouteDeps } from '../deps.js';
import { auth, requireAuth } from './authenticate.js';
import { chargeEventQuota } from './rate-limit.js';
import { sendJson } from './send-json.js';
import { parse } from './validate.js';
import { authProblem } from '@gw/core/auth';

/** The Express path of a route row: `{id}` → `:id`. */
export const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Where a row is registered: gateway rows on the router mounted at `/gateway/v1`, the rest on `/api`. */
const GATEWAY_PREFIX = '/gateway/v1';

/**
 * Sends a handler's result: a {@link Reply} as it says (a `Buffer` body as is), anything else as a
 * 200 JSON body ({@link sendJson}: header block and body in one write).
 */
function send(res: Response, result: unknown): void {
  if (!(result instanceof Reply)) return sendJson(res, 200, result);
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  res.status(result.status);
  if (result.type) res.type(result.type).send(result.body as string);
  else if (result.body === undefined) res.end();
  // Bytes go out as they are, with the headers the reply names (`res.type` would add a charset).
  else if (Buffer.isBuffer(result.body)) res.end(result.body);
  else sendJson(res, result.status, result.body);
}

/** Role check of a `role` row (the wallet's roles in `wallet_roles`). @throws AppError('role-required') 403 with `requiredRole` */
function assertRole(res: Response, role: string): void {
  if (!auth(res).session?.roles.includes(role)) {
    throw authProblem('role-required', `This operation needs a wallet with the role ${role}`, { requiredRole: role });
  }
}

/** A handler input whose caller fields throw when the row's authentication mode does not provide them. */
function inputOf(req: Request, res: Response, row: RouteDef<RouteDeps>): RouteInput<unknown, unknown, unknown> {
  const params = row.params ? parse(row.params, req.params, 'path') : req.params;
  const query = row.query ? parse(row.query, req.query, 'query') : undefined;
  const body = row.body ? parse(row.body.schema, req.body) : undefined;
  return {
    params,
    query,
    body,
    get principal() {
      return auth(res).principal;
    },
    get session() {
      const s = auth(res).session;
      if (!s) throw new Error(`${row.operationId} reads the session but is not a gateway route`);
      return s;
    },
    header: (name) => req.get(name),
    baseUrl: req.baseUrl.endsWith(GATEWAY_PREFIX) ? req.baseUrl.slice(0, -GATEWAY_PREFIX.length) : req.baseUrl,
  };
}

/**
 * Registers route rows on the API's routers, in table order: authentication and scope
 * (`requireAuth`), the role, then params, query and body validated with the row's zod schemas
 * (400 `validation-error`), the organization's event quota on `eventQuota` rows (429
 * `event-quota-exceeded`), then the handler. Each request is labelled with the row's path
 * template for the HTTP metrics (`res.locals.route`).
 * @param routers `api` is mounted at `/api`, `gateway` at `/api/gateway/v1`
 */
export function mountRoutes(
  deps: RouteDeps,
  routers: { api: Router; gateway?: Router },
  rows: readonly RouteDef<RouteDeps>[],
): RouteInfo[] {
  const mounted: RouteInfo[] = [];
  for (const row of rows) {
    const onGateway = routers.gateway !== undefined && row.path.startsWith(`${GATEWAY_PREFIX}/`);
    const router = onGateway ? routers.gateway! : routers.api;
    const path = expressPath(onGateway ? row.path.slice(GATEWAY_PREFIX.length) : row.path);
    const label = `/api${expressPath(row.path)}`;
    const authenticate =
      row.auth !== 'public' ? requireAuth(deps, { mode: row.auth, scope: row.scope, apiKeyOnly: row.apiKeyOnly }) : undefined;
    // Two layers per route (every router layer costs CPU on every request): the prelude
    // labels the request for the metrics, sets no-store where the row asks, and authenticates; the
    // handler checks the role, validates and answers.
    const prelude: RequestHandler = (req, res, next) => {
      res.locals.route = label;
      if (row.noStore) res.setHeader('Cache-Control', 'no-store');
      return authenticate ? authenticate(req, res, next) : next();
    };
    const handler: RequestHandler = async (req, res) => {
      if (row.role) assertRole(res, row.role);
      const input = inputOf(req, res, row);
      if (!row.eventQuota) return send(res, await row.handler(deps, input));
      const refund = chargeEventQuota(deps, input.principal.organizationId, res);
      let result: unknown;
      try {
        result = await row.handler(deps, input);
      } catch (err) {
        refund();
        throw err;
      }
      send(res, result);
    };
    const chain = [prelude, handler];
    router[row.method](path, ...chain);
    mounted.push({
      method: row.method.toUpperCase(),
      path: label,
      operationId: row.operationId,
      auth: row.auth,
      noStore: row.noStore === true,
    });
  }
  return mounted;
}

/**
 * A registered route: upper-case method, full Express path (`/api/gateway/v1/payments/:id`),
 * operation id, authentication mode, and whether its answers are `no-store` (for the CORS policy).
 */
export interface RouteInfo {
  method: string;
  path: string;
  operationId: string;
  auth: RouteDef<RouteDeps>['auth'];
  noStore: boolean;
}

/**
 * Every route `createApp` registered from the route table (kept in `app.locals.routes`). The tests
 * that must cover every route (fuzzing, tenant isolation, the OpenAPI document) enumerate these.
 */
export const registeredRoutes = (app: { locals: Record<string, unknown> }): RouteInfo[] =>
  (app.locals.routes as RouteInfo[] | undefined) ?? [];
