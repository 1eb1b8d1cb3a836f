import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@gw/runtime';
import { onResponseEnd } from './on-response-end.js';

/** Level of a finished request's log line: 5xx `error`, 4xx `info`, everything else `debug`. */
export function requestLogLevel(statusCode: number): 'error' | 'info' | 'debug' {
  return statusCode >= 500 ? 'error' : statusCode >= 400 ? 'info' : 'debug';
}

/**
 * What a client-supplied `X-Request-Id` must look like to be kept: 1 to 128 characters of
 * `A-Z a-z 0-9 . _ : -` (UUIDs, ULIDs, W3C trace ids, `svc:1234` all fit). Anything else (longer,
 * other characters, several header fields) is discarded, never logged, and replaced by a UUID.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the client's `X-Request-Id` when it is exactly one field matching
 * {@link REQUEST_ID_PATTERN}, otherwise a new random UUID (RFC 9562 v4).
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

/**
 * Gives every request an id ({@link requestIdOf}: the client's well-formed `X-Request-Id`, else a
 * new UUID), echoes it in the `X-Request-Id` response header (refusals included), keeps it in
 * `res.locals.requestId`, and logs one line when the request finishes (or its client goes away):
 * `{ req: { id, method, path }, res: { statusCode }, responseTime }` with `responseTime` in ms, at
 * {@link requestLogLevel}. Only the id, method, path and status are logged: never other headers,
 * bodies or query strings, which can carry credentials.
 *
 * Not pino-http: pino-http builds a child logger with serialized bindings for
 * every request even when the line is never written, which the API profile priced at ~5 % of a
 * cached read. Here nothing is built unless the line's level is enabled.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = requestIdOf(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    res.locals.requestId = id;
    const started = performance.now();
    onResponseEnd(res, (aborted) => {
      const level = aborted ? 'info' : requestLogLevel(res.statusCode);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, path: req.originalUrl.split('?')[0] },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}
