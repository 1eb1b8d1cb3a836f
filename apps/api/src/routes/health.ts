import { Router } from 'express';
import { checkDependencies } from '@gw/runtime';
import type { ApiDeps } from '../deps.js';

/**
 * GET /health (public) → 200 `{ status: "ok", checks: { database: "ok", redis: "ok" } }`, or 503
 * `{ status: "unavailable", checks: { ...: "error" } }` naming the failing check.
 */
export function healthRouter(deps: ApiDeps, r: Router = Router()): Router {
  r.get('/health', async (_req, res) => {
    const health = await checkDependencies(deps.prisma, deps.requestRedis);
    res.status(health.status === 'ok' ? 200 : 503).json(health);
  });
  return r;
}
