import type { z } from 'zod';
import type { Scope } from '../config/scopes.js';
import type { ErrorCode } from '../errors/app-error.js';
import type { Principal, Session } from './caller.js';

/**
 * The route table: one row per HTTP operation, written once in the module that owns it
 * (`packages/core/src/<module>/routes.ts`). The API app walks the tables once and, from the same
 * rows, registers the Express routes (authentication, scope and role checks, validation of
 * params, query and body) and builds the OpenAPI 3.1 document. Nothing here depends on Express.
 */

/**
 * How an operation authenticates:
 * - `gateway`: `X-API-Key` (API key or AI-connector token) **and** `Authorization: Bearer <JWT>`;
 * - `webhooks`: the organization's API key in `X-API-Key` only (a connector token is 403);
 * - `public`: nothing (credentials sent anyway are ignored).
 */
export type AuthMode = 'gateway' | 'webhooks' | 'public';

/** Response headers of an OpenAPI response: inline header objects or `$ref`s to `#/components/headers`. */
export type HeadersObject = Record<
  string,
  { description?: string; required?: boolean; schema: Record<string, unknown> } | { $ref: string }
>;

/** One success answer of an operation, as documented. */
export interface Success {
  status: number;
  description: string;
  /** Omitted for bodiless answers (304). */
  schema?: z.ZodType;
  example?: unknown;
  /** Default `application/json`. */
  contentType?: string;
  headers?: HeadersObject;
}

/** Example `detail` and extension members of a problem code for one operation. */
export interface ProblemExample {
  detail: string;
  ext?: Record<string, unknown>;
}

/**
 * What the OpenAPI document says of an operation, in the service's own terms (authentication
 * mode, scope, the `AppError` codes it can answer). The API app turns it into security
 * requirements, `x-auth` / `x-scope` extensions, parameters, bodies and problem responses.
 */
export interface OperationDoc {
  operationId: string;
  method: 'get' | 'post' | 'delete';
  /** Path relative to the server URL (`/api`), with `{param}` templates. */
  path: string;
  tag: string;
  summary: string;
  /** What the operation does (Markdown); the authentication paragraph is appended. */
  description: string;
  auth: AuthMode;
  /** Scope the credential must carry (403 `insufficient-scope` otherwise). */
  scope?: Scope;
  /**
   * A `gateway` operation that takes the organization's API key only: an AI-connector token is
   * 403 `connector-not-allowed` whatever its scopes (a patient's consents are not for
   * an AI connector). `webhooks` operations always refuse connector tokens.
   */
  apiKeyOnly?: boolean;
  /** JWT role the wallet must hold (403 `role-required` otherwise). */
  role?: 'agent';
  params?: z.ZodObject;
  /** Query schema; a route without one ignores its query string. */
  query?: z.ZodObject;
  /** Request headers other than the credentials and `Idempotency-Key` (documentation only). */
  headers?: z.ZodObject;
  /** JSON request body; `required: false` when it may be omitted. */
  body?: { schema: z.ZodType; example: unknown; description?: string; required?: boolean };
  /** Accepts `Idempotency-Key` (same key and body → the first answer, `Idempotent-Replayed: true`). */
  idempotent?: boolean;
  /**
   * Every answer of the operation, refusals included, carries `Cache-Control: no-store` (set
   * before anything else runs). Authenticated operations always do; public ones that hand out
   * secrets (login, nonces) say so here.
   */
  noStore?: boolean;
  /** Behind the request rate limiter (everything except health and the API reference). Default true. */
  rateLimited?: boolean;
  /**
   * Each accepted request counts one event against its organization's
   * ORG_EVENT_QUOTA_PER_MINUTE (a payment created sends at least one webhook event later, a refund
   * one); over it, 429 `event-quota-exceeded` with `Retry-After`. Only for API-key operations.
   */
  eventQuota?: boolean;
  success: Success[];
  /** Problem codes specific to the operation; the generic ones follow from the other fields. */
  errors?: ErrorCode[];
  problems?: Partial<Record<ErrorCode, ProblemExample>>;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: validated input and the authenticated caller. */
export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The API key or connector token. Only on `gateway` and `webhooks` routes (a bug to read elsewhere). */
  principal: Principal;
  /** The JWT's wallet. Only on `gateway` routes (a bug to read elsewhere). */
  session: Session;
  /** A request header, by case-insensitive name. */
  header(name: string): string | undefined;
  /** The path the API is mounted at (`/api`), for links in HTML answers. */
  baseUrl: string;
}

/**
 * A handler's answer when it is not a plain 200 JSON body: a status, headers, and a body sent as
 * JSON; as a string with the content type `type` (HTML, JavaScript); as bytes when it is a
 * `Buffer` (only the headers given, no charset added); none when undefined.
 */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
    readonly type?: string,
  ) {}
}

/** 201 with a JSON body. */
export const created = (body: unknown): Reply => new Reply(201, body);

/**
 * The answer of a write that went through `withIdempotency`: its stored status and body, plus
 * `Idempotent-Replayed: true` when it replays the first answer of an `Idempotency-Key`.
 */
export const idempotentReply = (result: { statusCode: number; body: unknown; replayed: boolean }): Reply =>
  new Reply(result.statusCode, result.body, result.replayed ? { 'Idempotent-Replayed': 'true' } : {});

/** One row of a route table. `D` is what the handler needs of the API's dependencies. */
export interface RouteDef<D = never, P = unknown, Q = unknown, B = unknown> extends OperationDoc {
  /** Returns the 200 JSON body, or a {@link Reply}. Throws `AppError` for problem answers. */
  handler: (deps: D, input: RouteInput<P, Q, B>) => unknown;
}

/** A module's route table, whatever each row's input types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteTable<D> = RouteDef<D, any, any, any>[];

/**
 * Types one row: the handler's `params`, `query` and `body` are inferred from the row's schemas.
 * Usage: `const route = defineRoute<Pick<Context, 'prisma'>>(); export const routes = [route({...})]`.
 */
export const defineRoute =
  <D>() =>
  <
    PS extends z.ZodObject | undefined = undefined,
    QS extends z.ZodObject | undefined = undefined,
    BS extends z.ZodType | undefined = undefined,
  >(
    row: Omit<OperationDoc, 'params' | 'query' | 'body'> & {
      params?: PS;
      query?: QS;
      body?: { schema: NonNullable<BS>; example: unknown; description?: string; required?: boolean };
      handler: (deps: D, input: RouteInput<Infer<PS>, Infer<QS>, Infer<BS>>) => unknown;
    },
  ): RouteDef<D, Infer<PS>, Infer<QS>, Infer<BS>> =>
    row as RouteDef<D, Infer<PS>, Infer<QS>, Infer<BS>>;
