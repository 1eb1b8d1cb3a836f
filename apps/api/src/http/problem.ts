import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { AppError, isAppError, type AuthChallenge, type Logger } from '@gw/runtime';
import { errorCatalog } from '@gw/core/problems';
import { apiKeyChallenge, formatChallenges, siweChallenge } from './challenges.js';
import { sendJson } from './send-json.js';

/** Media type of every error body (RFC 9457). */
export const PROBLEM_JSON = 'application/problem+json';

/**
 * The `WWW-Authenticate` challenges of a 401: the error's own (set where authentication failed),
 * else `SIWE realm="gateway"` for a refused login signature and the API-key challenge otherwise.
 */
const challengesOf = (err: AppError): readonly AuthChallenge[] =>
  err.challenges ?? [err.code === 'invalid-signature' ? siweChallenge() : apiKeyChallenge()];

/**
 * Writes an RFC 9457 problem document: `type` (`/problems/<code>`, a relative reference that
 * resolves against the API's origin to the HTML page served at `/problems/<code>`), `title`,
 * `status`, `detail`, `instance` (the request path), plus the error's extension members. Every 401
 * carries `WWW-Authenticate` (RFC 9110 §11.6.1, §15.5.2) with the error's challenges; an error
 * that names a wait carries `Retry-After` (RFC 9110 §10.2.3, seconds).
 */
export function sendProblem(res: Response, err: AppError, instance: string): void {
  if (err.status === 401) res.setHeader('WWW-Authenticate', formatChallenges(challengesOf(err)));
  if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  sendJson(
    res,
    err.status,
    {
      type: `/problems/${err.code}`,
      title: err.title,
      status: err.status,
      detail: err.message,
      instance,
      ...err.extensions,
    },
    PROBLEM_JSON,
  );
}

/**
 * 404 problem for any path no route matched. A path that is a route of the table once the `/api`
 * of the base address is put in front (a client configured with `http://host:3000` instead of
 * `http://host:3000/api`) is told so.
 * @param isRoute whether a path is one of the route table's (create-app asks the `MethodIndex`
 *   that `methodNotAllowed` reads; taken as a function so that this module imports no route code)
 */
export function notFound(isRoute: (path: string) => boolean): RequestHandler {
  return (req, res) => {
    const underApi = `/api${req.path}`;
    const hint = isRoute(underApi) ? `; the API's base address ends in /api: did you mean ${req.method} ${underApi}?` : '';
    sendProblem(res, new AppError('not-found', `No route for ${req.method} ${req.path}${hint}`), req.originalUrl.split('?')[0]!);
  };
}

/**
 * The one place where errors become HTTP responses. AppErrors map to their catalogue entry;
 * body-parser errors to 400/413/415; anything else is logged and answered as a bare 500
 * (no internals leak).
 * @param hooks.onUnauthenticated called for every 401 before it is answered (every 401 is an
 *   AppError); when it returns an AppError, that is answered instead (the failure that
 *   goes over the failed-authentication limit is already a 429), e.g. to
 *   count failed authentications per client address
 */
export function errorHandler(
  logger: Logger,
  hooks: { onUnauthenticated?: (req: Request, res: Response) => AppError | undefined } = {},
): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const instance = req.originalUrl.split('?')[0]!;
    if (res.headersSent) return;
    if (isAppError(err)) {
      const instead = err.status === 401 ? hooks.onUnauthenticated?.(req, res) : undefined;
      return sendProblem(res, instead ?? err, instance);
    }
    const e = err as { type?: string; status?: number; statusCode?: number };
    if (e.type === 'entity.parse.failed')
      return sendProblem(res, new AppError('malformed-json', 'The request body is not valid JSON'), instance);
    if (e.type === 'entity.too.large') return sendProblem(res, new AppError('payload-too-large'), instance);
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
      return sendProblem(res, new AppError('unsupported-media-type', 'Unsupported body encoding'), instance);
    }
    const status = e.status ?? e.statusCode;
    if (status === 404) return sendProblem(res, new AppError('not-found'), instance);
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendProblem(res, new AppError('validation-error', 'The request could not be read'), instance);
    }
    logger.error({ err, path: instance, method: req.method, reqId: res.locals.requestId }, 'unhandled error');
    sendProblem(res, new AppError('internal', errorCatalog.internal.title), instance);
  };
}
