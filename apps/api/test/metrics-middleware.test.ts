import { describe, expect, it } from '@jest/globals';
import express, { Router } from 'express';
import request from 'supertest';
import { createAppMetrics } from '@gw/runtime';
import type { RouteDef } from '@gw/runtime';
import type { RouteDeps } from '../src/deps.js';
import { httpMetrics, UNMATCHED_ROUTE } from '../src/http/metrics-middleware.js';
import { mountRoutes } from '../src/http/mount-routes.js';

/** Observations of the histogram as `method route status` → count. */
async function counts(metrics: ReturnType<typeof createAppMetrics>): Promise<Record<string, number>> {
  const json = await metrics.httpRequestDuration.get();
  const out: Record<string, number> = {};
  for (const v of json.values) {
    if (v.metricName !== 'gw_http_request_duration_seconds_count') continue;
    out[`${v.labels.method} ${v.labels.route} ${v.labels.status}`] = v.value;
  }
  return out;
}

describe('httpMetrics middleware', () => {
  /** Three public rows, mounted as the API mounts its route table. */
  const rows = [
    { path: '/v1/items/{id}', method: 'get', handler: (_d: unknown, { params }: { params: { id: string } }) => ({ id: params.id }) },
    {
      path: '/v1/items/{id}/fail',
      method: 'post',
      handler: () => {
        throw new Error('boom');
      },
    },
    { path: '/v1/slow', method: 'get', handler: () => new Promise((r) => setTimeout(() => r('ok'), 30)) },
  ].map((r) => ({
    ...r,
    operationId: r.path,
    tag: 't',
    summary: 's',
    description: 'd',
    auth: 'public',
    success: [],
  })) as unknown as RouteDef<RouteDeps>[];

  const build = () => {
    const metrics = createAppMetrics('api', { instanceId: 'test' });
    const app = express();
    app.use(httpMetrics(metrics.httpRequestDuration));
    const api = Router();
    mountRoutes({} as RouteDeps, { api }, rows);
    app.use('/api', api);
    app.get('/health', (_req, res) => {
      res.send('ok');
    });
    app.use((_req, res) => {
      res.status(404).send('nope');
    });
    app.use(((_err, _req, res, _next) => {
      res.status(500).send('error');
    }) as express.ErrorRequestHandler);
    return { app, metrics };
  };

  it('labels by method, the route row template and status; a route outside the table is unmatched', async () => {
    const { app, metrics } = build();
    await request(app).get('/api/v1/items/123').expect(200);
    await request(app).get('/api/v1/items/456').expect(200);
    await request(app).get('/health').expect(200);
    await request(app).get('/api/v1/slow').expect(200);
    expect(await counts(metrics)).toEqual({
      'GET /api/v1/items/:id 200': 2,
      [`GET ${UNMATCHED_ROUTE} 200`]: 1,
      'GET /api/v1/slow 200': 1,
    });
    const slow = (await metrics.httpRequestDuration.get()).values.find(
      (v) => v.metricName === 'gw_http_request_duration_seconds_sum' && v.labels.route === '/api/v1/slow',
    );
    expect(slow!.value).toBeGreaterThanOrEqual(0.025);
  });

  it('keeps the template when a route fails and the error handler answers', async () => {
    const { app, metrics } = build();
    await request(app).post('/api/v1/items/9/fail').expect(500);
    expect(await counts(metrics)).toEqual({ 'POST /api/v1/items/:id/fail 500': 1 });
  });

  it(`labels requests that matched no route "${UNMATCHED_ROUTE}", never with their raw path`, async () => {
    const { app, metrics } = build();
    await request(app).get('/api/v1/unknown/123').expect(404);
    await request(app).get('/x?secret=1').expect(404);
    expect(await counts(metrics)).toEqual({ [`GET ${UNMATCHED_ROUTE} 404`]: 2 });
  });
});
