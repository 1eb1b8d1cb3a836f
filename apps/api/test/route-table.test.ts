import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument, registeredRoutes } from '@gw/api';
import { startStack, type Stack } from '../../../test/support/stack.js';

/**
 * The Express routes and the OpenAPI document come from the same route table. Every
 * registered route is documented, every documented operation is registered, and every documented
 * operation answers something other than 404 on the running app (so a row that the document shows
 * but Express does not serve, or the other way round, fails here).
 */
interface Parameter {
  name: string;
  in: string;
  schema?: { example?: unknown };
  example?: unknown;
}
type Operations = Record<string, Record<string, { operationId: string; parameters?: Parameter[] }>>;

describe('one route table for Express and the OpenAPI document', () => {
  let stack: Stack;
  const doc = buildOpenApiDocument() as unknown as { paths: Operations };
  const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

  beforeAll(async () => {
    stack = await startStack('route-table', { worker: false, env: { AUTH_FAILURE_LIMIT: '100000', RATE_LIMIT_MAX: '100000' } });
  });
  afterAll(() => stack.stop());

  it('registers exactly the documented operations, under /api', () => {
    const registered = registeredRoutes(stack.api.app);
    expect(registered.length).toBe(documented.length);
    const key = (method: string, path: string) => `${method} ${path}`;
    const inDoc = new Set(documented.map((d) => key(d.method, `/api${d.path.replace(/\{(\w+)\}/g, ':$1')}`)));
    const real = new Set(registered.map((r) => key(r.method, r.path)));
    expect({ undocumented: [...real].filter((r) => !inDoc.has(r)).sort() }).toEqual({ undocumented: [] });
    expect({ notARoute: [...inDoc].filter((r) => !real.has(r)).sort() }).toEqual({ notARoute: [] });
    expect(new Set(registered.map((r) => r.operationId))).toEqual(new Set(documented.map((d) => d.op.operationId)));
  });

  it('answers every documented operation (no 404 from routing), and 404 for a path that is not in the table', async () => {
    const answers: Record<string, number> = {};
    for (const { method, path, op } of documented) {
      // Path parameters take their documented example (ABIs, ids); no credentials are sent, so a
      // protected operation answers 401 before it looks anything up.
      const url = `/api${path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const p = op.parameters?.find((x) => x.in === 'path' && x.name === name);
        return encodeURIComponent(String(p?.example ?? p?.schema?.example ?? 'x'));
      })}`;
      const res = await stack.http[method.toLowerCase() as 'get' | 'post' | 'delete'](url);
      answers[`${method} ${path}`] = res.status;
    }
    expect(Object.entries(answers).filter(([, status]) => status === 404)).toEqual([]);
    expect(Object.keys(answers)).toHaveLength(documented.length);
    const missing = await stack.http.get('/api/gateway/v1/not-in-the-table');
    expect(missing.status).toBe(404);
    expect(missing.body.type).toBe('/problems/not-found');
  });
});
