import type { components } from './generated/openapi.js';

/**
 * An RFC 9457 problem document as the gateway sends it (`application/problem+json`, the
 * document's `Problem` schema): `type` is `/problems/<code>`, plus the extension members some
 * types carry (`errors`, `requiredScope`, …).
 */
export type Problem = components['schemas']['Problem'];

/** Last path segment of a problem `type` (`/problems/not-found` → `not-found`; `about:blank` stays as is). */
export function problemCode(type: string): string {
  const path = type.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  return segments[segments.length - 1] ?? type;
}

const isProblem = (body: unknown): body is Problem =>
  typeof body === 'object' && body !== null && typeof (body as { type?: unknown }).type === 'string';

/**
 * A gateway answer with an error status, thrown by `gw.unwrap`, `gw.paginate` and `gw.login`
 * (the raw `gw.GET/POST/…` methods return `{ error, response }` instead, as openapi-fetch does).
 * Carries the RFC 9457 problem document; when the body is not one (a proxy's HTML page, an empty
 * body), a problem is made from the status: `type: 'about:blank'`, `title` the status text.
 */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  /** The HTTP status code (also `problem.status`). */
  readonly status: number;
  /** The problem type, `/problems/<code>` (a URI reference), or `about:blank`. */
  readonly type: string;
  /** Short summary of the problem type. */
  readonly title: string;
  /** Explanation of this occurrence (may be empty). */
  readonly detail: string;
  /** The last path segment of `type`: `not-found`, `rate-limited`, `idempotency-key-reused`, … */
  readonly code: string;
  /** The whole problem document, extension members included. */
  readonly problem: Problem;
  /** The answer's `X-Request-Id`, to quote to the operator (undefined when absent). */
  readonly requestId: string | undefined;
  /** The HTTP answer (its body already read). */
  readonly response: Response;

  constructor(problem: Problem, response: Response) {
    super(`${problem.status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.problem = problem;
    this.status = problem.status;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail ?? '';
    this.code = problemCode(problem.type);
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    this.response = response;
  }

  /**
   * The error of a failed answer, from the body openapi-fetch already parsed (`error`) or, when
   * that is not a problem document, from the status line.
   */
  static from(error: unknown, response: Response): ProblemError {
    const instance = new URL(response.url || 'http://invalid/').pathname;
    const problem: Problem = isProblem(error)
      ? { ...error, status: typeof error.status === 'number' ? error.status : response.status }
      : {
          type: 'about:blank',
          title: response.statusText || `HTTP ${response.status}`,
          status: response.status,
          detail: typeof error === 'string' ? error.slice(0, 500) : '',
          instance,
        };
    return new ProblemError(problem, response);
  }
}
