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

/** An Express route object (`req.route` while a request is in it) with its full path templates. */
export interface MountedRoute {
  route: object;
  methods: string[];
  /** Full path templates, mount paths included, e.g. `/api/gateway/v1/payments/:id/confirm`. */
  paths: string[];
}

/** Walks Express 5's router stack (mounted routers included) and returns every route with its full paths. */
export function mountedRoutes(app: Express): MountedRoute[] {
  const out: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const methods = Object.entries(layer.route.methods)
          .filter(([m, on]) => on && m !== '_all')
          .map(([m]) => m.toUpperCase());
        out.push({ route: layer.route, methods, paths: paths.map((p) => `${prefix}${p}`) });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return out;
}

/**
 * Every route the app answers. Used by the tests that must cover all routes (fuzzing, tenant
 * isolation, OpenAPI completeness), so a new route cannot slip past them.
 */
export function listRoutes(app: Express): RouteInfo[] {
  const seen = new Set<string>();
  const out: RouteInfo[] = [];
  for (const { methods, paths } of mountedRoutes(app)) {
    for (const path of paths) {
      for (const method of methods) {
        if (seen.has(`${method} ${path}`)) continue;
        seen.add(`${method} ${path}`);
        out.push({ method, path });
      }
    }
  }
  return out;
}
