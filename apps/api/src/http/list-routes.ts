import type { Express } from 'express';

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

export interface RouteInfo {
  /** Upper-case HTTP method. */
  method: string;
  /** Full path template, e.g. `/api/gateway/v1/payments/:id/confirm`. */
  path: string;
}

/**
 * Every route the app answers, found by walking Express 5's router stack (mounted routers
 * included). Used by the tests that must cover all routes (fuzzing, tenant isolation, OpenAPI
 * completeness), so a new route cannot slip past them.
 */
export function listRoutes(app: Express): RouteInfo[] {
  const out: RouteInfo[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          for (const [m, on] of Object.entries(layer.route.methods))
            if (on && m !== '_all') out.push({ method: m.toUpperCase(), path: `${prefix}${p}` });
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  const seen = new Set<string>();
  return out.filter((r) => (seen.has(`${r.method} ${r.path}`) ? false : (seen.add(`${r.method} ${r.path}`), true)));
}
