import { Router } from 'express';
import type { ApiDeps } from '../deps.js';

/**
 * GET /health (public) → 200 `{ status: "ok", checks: { database: "ok", redis: "ok" } }`, or 503
 * `{ status: "unavailable", checks: { ...: "error" } }` naming the failing check.
 */
export function healthRouter(deps: ApiDeps): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    const timeout = <T>(p: Promise<T>) =>
      Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref())]);
    const [database, redis] = await Promise.all([
      timeout(deps.prisma.$queryRaw`SELECT 1`).then(
        () => 'ok' as const,
        () => 'error' as const,
      ),
      timeout(deps.requestRedis.ping()).then(
        () => 'ok' as const,
        () => 'error' as const,
      ),
    ]);
    const ok = database === 'ok' && redis === 'ok';
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: { database, redis } });
  });
  return r;
}
