import { assertUniqueEntries } from '../catalogue.js';

/**
 * What the catalogue says of a problem type: its HTTP status, its `title` (RFC 9457 §3.1.3), and
 * for the human-readable page at `/problems/<code>`, what it means and what the client should do.
 */
export interface ProblemTypeInfo {
  status: number;
  title: string;
  meaning: string;
  action: string;
}

/**
 * The generic problem types: the HTTP protocol's (validation, media type, size, method, route),
 * authentication and scopes, state, balance, limits and failures. Each module of `@gw/core` declares
 * its own beside its code (`<module>/problems.ts`) with the raiser {@link problemsOf} gives it.
 */
export const genericProblemTypes = {
  'validation-error': {
    status: 400,
    title: 'Invalid request',
    meaning:
      "The path, query string, a header or the JSON body does not match the operation's schema; `errors` lists each field (`path`, `message`).",
    action: 'Fix the fields named in `errors` and send the request again. Unknown body fields and query parameters are refused too.',
  },
  'malformed-json': {
    status: 400,
    title: 'Malformed JSON body',
    meaning: 'The body could not be parsed as JSON.',
    action: 'Send a valid JSON document with `Content-Type: application/json`.',
  },
  unauthenticated: {
    status: 401,
    title: 'Unauthenticated',
    meaning:
      'The credentials are missing, unknown, revoked or expired: the API key in `X-API-Key`, or the session JWT in `Authorization: Bearer`. The `WWW-Authenticate` header names the credential that failed.',
    action:
      "Send the organization's API key in `X-API-Key` and, on gateway operations, a current session JWT (log the wallet in again with `POST /api/gateway/v1/sso/login` when it has expired). Repeated failures from one address are rate limited.",
  },
  'insufficient-scope': {
    status: 403,
    title: 'Insufficient scope',
    meaning: 'The credential is valid but lacks the scope the operation needs (`requiredScope`).',
    action: 'Use an API key that carries `requiredScope`, or ask the operator to issue one.',
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    meaning: 'No route matches the path, or the object does not exist or belongs to another organization.',
    action: 'Check the path and the id; ids of other organizations are answered as unknown.',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    meaning: 'The path exists but does not support this HTTP method; the `Allow` header lists the methods it does support.',
    action: 'Use one of the methods in `Allow`.',
  },
  'payload-too-large': {
    status: 413,
    title: 'Payload too large',
    meaning: 'The request body exceeds the size limit (64 KiB).',
    action: 'Send a smaller body.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported media type',
    meaning: 'The request has a body that is not `application/json`, or an unsupported encoding.',
    action: 'Send the body as `application/json` (UTF-8, no content encoding).',
  },
  'invalid-state': {
    status: 409,
    title: 'Invalid state for this operation',
    meaning:
      'The object is not in a state that allows the operation (for instance a payment already settled, a locked staking position, a duplicate reference); `reason` may say more.',
    action: 'Read the object again and act on its current state.',
  },
  'insufficient-funds': {
    status: 422,
    title: 'Insufficient funds',
    meaning: 'The balance of the account to debit is smaller than the amount; `reason` may say which account.',
    action: 'Top up the balance or send a smaller amount.',
  },
  'rate-limited': {
    status: 429,
    title: 'Too many requests',
    meaning:
      'The client went over its request rate limit, failed authentication too often from one address, or went over the budget of an operation (bulk webhook recoveries per organization and hour).',
    action:
      'Wait for the number of seconds in `Retry-After`, then retry with exponential back-off; the `RateLimit` header shows the remaining quota.',
  },
  internal: {
    status: 500,
    title: 'Internal server error',
    meaning: 'An unexpected error occurred; it has been logged.',
    action: 'Retry later; report the `X-Request-Id` of the answer if it persists.',
  },
  unavailable: {
    status: 503,
    title: 'Service unavailable',
    meaning: 'A dependency (the database or the job queue) is unreachable.',
    action: 'Retry shortly with exponential back-off.',
  },
} as const satisfies Record<string, ProblemTypeInfo>;

type GenericProblemTypes = typeof genericProblemTypes;

/**
 * Every problem type, by code: here the generic ones; each module adds its own by declaration
 * merging (`declare module '@gw/runtime' { interface ProblemTypes extends WebhooksProblems {} }`
 * in its `problems.ts`), so that {@link ErrorCode} names them all wherever the module is compiled.
 */
export interface ProblemTypes extends GenericProblemTypes {}

/** The code of a problem type: `type` = `/problems/<code>`. */
export type ErrorCode = keyof ProblemTypes;

/** The code of a generic problem type: those {@link AppError}'s constructor raises by code alone. */
export type GenericProblemCode = keyof GenericProblemTypes;

/** The optional parts of a raised problem: `WWW-Authenticate` challenges and `Retry-After`. */
export interface AppErrorOptions {
  /** For a 401: the `WWW-Authenticate` challenges the answer carries (the HTTP layer sends a default API-key challenge when none are given); ignored otherwise. */
  challenges?: readonly AuthChallenge[];
  /** For a 429 or 503 raised by a service (an operation's own budget): the answer's `Retry-After`, in whole seconds. */
  retryAfterSeconds?: number;
}

/**
 * A module's problem types and their raiser: `throw governanceProblem('already-voted', detail,
 * extensions, options)` is an {@link AppError} with the table's status and title; `types` is the
 * table itself, code → status, title, meaning, action (the catalogue composes them).
 */
export interface ProblemRaiser<T extends Record<string, ProblemTypeInfo>> {
  (code: keyof T & string, detail?: string, extensions?: Record<string, unknown>, options?: AppErrorOptions): AppError;
  readonly types: T;
}

/**
 * The raiser of a module's problem types: each module's `problems.ts` declares its table through it
 * (`export const governanceProblem = problemsOf({ 'already-voted': { status: 409, … } })`). The
 * table travels with the raiser, so that no process-wide registry has to be filled before an error
 * can be raised, and go-to-definition leads from a `throw` to the meaning of its code.
 * @param types the module's table, code → status, title, meaning, action
 */
export function problemsOf<const T extends Record<string, ProblemTypeInfo>>(types: T): ProblemRaiser<T> {
  // The code is an ErrorCode once the module merges its table into ProblemTypes (its `problems.ts` does).
  const raise = (code: keyof T & string, detail?: string, extensions: Record<string, unknown> = {}, options: AppErrorOptions = {}) =>
    new AppError(code as ErrorCode, detail, extensions, options, types[code] as ProblemTypeInfo);
  return Object.assign(raise, { types });
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * The full catalogue from the generic problem types and every module's: one entry per code,
 * ordered by HTTP status, then in the order given (the problem pages' index and the OpenAPI
 * document list them so).
 * @throws Error when two parts define the same code
 */
export function composeProblemTypes<const L extends readonly Record<string, ProblemTypeInfo>[]>(parts: L): UnionToIntersection<L[number]> {
  const all = parts.flatMap((part) => Object.entries(part));
  assertUniqueEntries(
    all,
    ([code]) => code,
    ([code]) => `problem type ${code} is defined twice`,
  );
  return Object.fromEntries(all.sort(([, a], [, b]) => a.status - b.status)) as UnionToIntersection<L[number]>;
}

/**
 * One challenge of a `WWW-Authenticate` header field (RFC 9110 §11.6.1): an auth scheme and its
 * parameters, e.g. `{ scheme: 'Bearer', params: { realm: 'gateway', error: 'invalid_token' } }`
 * (RFC 6750 §3). Parameter values are sent as quoted strings.
 */
export interface AuthChallenge {
  scheme: string;
  params: Record<string, string>;
}

/**
 * Every error the service reports to a client is an AppError with a code of {@link ProblemTypes}.
 * The HTTP layer maps it, in one place, to an RFC 9457 problem document
 * (`type` = `/problems/<code>`, `title`, `status`, `detail`).
 */
export class AppError extends Error {
  readonly status: number;
  readonly title: string;
  /** `WWW-Authenticate` challenges of a 401 (see the constructor), or undefined for the default. */
  readonly challenges: readonly AuthChallenge[] | undefined;
  /** Seconds for the `Retry-After` header of the answer (RFC 9110 §10.2.3), or undefined for none. */
  readonly retryAfterSeconds: number | undefined;

  /**
   * Raises a generic problem type (`new AppError('not-found', detail)`); a module's own codes are
   * raised through its raiser ({@link problemsOf}), which passes the module's `info`.
   * @param code the problem type's code
   * @param detail human-readable explanation specific to this occurrence (sent to the client:
   *   never put secrets or internals in it)
   * @param extensions extra problem members (RFC 9457 §3.2), e.g. `{ errors: [...] }`
   * @param options `WWW-Authenticate` challenges of a 401, `Retry-After` of a 429 or 503
   */
  constructor(code: GenericProblemCode, detail?: string, extensions?: Record<string, unknown>, options?: AppErrorOptions);
  /** Raises a module's problem type with its table entry (the path {@link problemsOf} takes). */
  constructor(
    code: ErrorCode,
    detail: string | undefined,
    extensions: Record<string, unknown>,
    options: AppErrorOptions,
    info: ProblemTypeInfo,
  );
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extensions: Record<string, unknown> = {},
    options: AppErrorOptions = {},
    info: ProblemTypeInfo = genericProblemTypes[code as GenericProblemCode],
  ) {
    if (!info) throw new Error(`problem type ${code} is not generic: raise it through its module's raiser`);
    super(detail ?? info.title);
    this.name = 'AppError';
    this.status = info.status;
    this.title = info.title;
    this.challenges = options.challenges;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
