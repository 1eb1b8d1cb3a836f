import { describe, expect, it } from '@jest/globals';
import express, { Router } from 'express';
import request from 'supertest';
import { createAppMetrics } from '@gw/runtime';
import { httpMetrics, UNMATCHED_ROUTE } from '../src/http/metrics-middleware.js';

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
  const build = () => {
    const metrics = createAppMetrics('api', { instanceId: 'test' });
    const app = express();
    app.use(httpMetrics(app, metrics.httpRequestDuration));
    const inner = Router();
    inner.get('/items/:id', (req, res) => {
      res.json({ id: req.params.id });
    });
    inner.post('/items/:id/fail', () => {
      throw new Error('boom');
    });
    inner.get('/slow', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 30));
      res.send('ok');
    });
    const api = Router();
    api.use('/v1', inner);
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

  it('labels by method, route template (base URL + route path) and status', async () => {
    const { app, metrics } = build();
    await request(app).get('/api/v1/items/123').expect(200);
    await request(app).get('/api/v1/items/456').expect(200);
    await request(app).get('/health').expect(200);
    await request(app).get('/api/v1/slow').expect(200);
    expect(await counts(metrics)).toEqual({
      'GET /api/v1/items/:id 200': 2,
      'GET /health 200': 1,
      'GET /api/v1/slow 200': 1,
    });
    const slow = (await metrics.httpRequestDuration.get()).values.find(
      (v) => v.metricName === 'gw_http_request_duration_seconds_sum' && v.labels.route === '/api/v1/slow',
    );
    expect(slow!.value).toBeGreaterThanOrEqual(0.025);
  });

  it('keeps the template when a route fails and the error handler answers (routers restored baseUrl)', async () => {
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
