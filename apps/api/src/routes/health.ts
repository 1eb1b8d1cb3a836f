import { z } from 'zod';
import { checkDependencies, defineRoute, Reply } from '@gw/runtime';
import type { ApiDeps } from '../deps.js';

const check = () => z.enum(['ok', 'error']);
export const HealthStatus = z
  .object({ status: z.enum(['ok', 'unavailable']), checks: z.object({ database: check(), redis: check() }) })
  .meta({ id: 'HealthStatus' });

const route = defineRoute<Pick<ApiDeps, 'prisma' | 'requestRedis'>>();

/**
 * GET /health (public, not rate limited) → 200 `{ status: "ok", checks: { database: "ok", redis: "ok" } }`,
 * or 503 `{ status: "unavailable", checks: { ...: "error" } }` naming the failing check.
 */
export const healthRoutes = [
  route({
    operationId: 'getHealth',
    method: 'get',
    path: '/health',
    tag: 'Health',
    summary: 'Liveness and dependencies',
    description: 'Checks PostgreSQL and Redis (2 s timeout each). 503 names the failing check. Not rate limited.',
    auth: 'public',
    rateLimited: false,
    success: [
      {
        status: 200,
        description: 'Every dependency answers',
        schema: HealthStatus,
        example: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
      },
      {
        status: 503,
        description: 'A dependency is down (`status: "unavailable"`, the failing check `"error"`)',
        schema: HealthStatus,
        example: { status: 'unavailable', checks: { database: 'ok', redis: 'error' } },
      },
    ],
    handler: async (deps) => {
      const health = await checkDependencies(deps.prisma, deps.requestRedis);
      return new Reply(health.status === 'ok' ? 200 : 503, health);
    },
  }),
];
