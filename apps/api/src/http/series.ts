import type { NextFunction, Request, RequestHandler, Response } from 'express';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * Runs several middlewares, in order, as one router layer: each one's `next()` starts the
 * following one, the last one's continues the router. Errors behave as in Express 5: a thrown
 * error, a rejected promise or `next(err)` skips the rest and goes to the error handlers
 * (`next('route')` and `next('router')` are passed on to the router as they are).
 *
 * Why: every layer of an Express router costs CPU on every request that passes it (the router's
 * `next`, its path check, its promise check); the API profile of a cached read (bench
 * `apiRead`) spends about a tenth of its time in the router. Middlewares that every request runs
 * through anyway gain nothing from being separate layers.
 */
export function series(...handlers: RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err !== undefined && err !== null && err !== false) return next(err);
      const handler = handlers[i++];
      if (!handler) return next();
      try {
        const returned: unknown = handler(req, res, step);
        if (isThenable(returned)) returned.then(undefined, (e: unknown) => step(e ?? new Error('Rejected promise')));
      } catch (e) {
        step(e);
      }
    };
    step();
  };
}
