import { describe, expect, it, jest } from '@jest/globals';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { series } from '../src/http/series.js';

/**
 * `series`: several middlewares as one router layer must behave exactly as the same
 * middlewares registered one by one: order, early answers, and Express 5's three ways to fail.
 */
describe('series(): middlewares as one router layer', () => {
  const trace =
    (name: string): RequestHandler =>
    (_req, res, next) => {
      (res.locals.trace ??= []).push(name);
      next();
    };
  const appWith = (layer: RequestHandler) => {
    const app = express();
    app.use(layer);
    app.get('/r', (_req, res) => void res.json({ trace: res.locals.trace, route: true }));
    app.get('/r', (_req, res) => void res.json({ trace: res.locals.trace, second: true }));
    const onError: ErrorRequestHandler = (err: Error, _req, res, _next) =>
      void res.status(500).json({ error: err.message, trace: res.locals.trace });
    app.use(onError);
    return app;
  };

  it('runs the middlewares in order, then the routes', async () => {
    const res = await request(appWith(series(trace('a'), trace('b'), trace('c')))).get('/r');
    expect(res.body).toEqual({ trace: ['a', 'b', 'c'], route: true });
  });

  it('an empty series passes straight on', async () => {
    const res = await request(appWith(series())).get('/r');
    expect(res.body).toEqual({ route: true });
  });

  it('a middleware that answers ends the request: the rest never run', async () => {
    const answer: RequestHandler = (_req, res) => void res.status(204).end();
    const after = jest.fn<RequestHandler>((_req, _res, next) => next());
    const res = await request(appWith(series(trace('a'), answer, after))).get('/r');
    expect(res.status).toBe(204);
    expect(after).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a thrown error',
      (() => {
        throw new Error('thrown');
      }) as RequestHandler,
      'thrown',
    ],
    [
      'a rejected promise',
      (async () => {
        await Promise.resolve();
        throw new Error('rejected');
      }) as RequestHandler,
      'rejected',
    ],
    ['next(err)', ((_req, _res, next) => next(new Error('passed'))) as RequestHandler, 'passed'],
  ])('%s skips the rest and reaches the error handler', async (_what, failing, message) => {
    const res = await request(appWith(series(trace('a'), failing, trace('never')))).get('/r');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: message, trace: ['a'] });
  });

  it("next('route') is passed on to the router", async () => {
    const app = express();
    app.get(
      '/r',
      series(trace('a'), (_req, _res, next) => next('route')),
      (_req, res) => void res.json({ first: true }),
    );
    app.get('/r', (_req, res) => void res.json({ trace: res.locals.trace, second: true }));
    const res = await request(app).get('/r');
    expect(res.body).toEqual({ trace: ['a'], second: true });
  });

  it('an async middleware that calls next() later continues the series', async () => {
    const later: RequestHandler = async (_req, res, next) => {
      await new Promise((r) => setTimeout(r, 5));
      (res.locals.trace ??= []).push('later');
      next();
    };
    const res = await request(appWith(series(trace('a'), later, trace('b')))).get('/r');
    expect(res.body).toEqual({ trace: ['a', 'later', 'b'], route: true });
  });
});
