import { z } from 'zod';
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { Problem, type ErrorCode, type HeadersObject, type OperationDoc, type ProblemExample } from '@gw/runtime';
import { errorCatalog } from '@gw/core/problems';
import { PROBLEM_JSON } from '../http/problem.js';

/** An operation of the document: the documentation part of a route row. */
export type Operation = OperationDoc;

/**
 * Reusable response headers (`#/components/headers/...`). The schemas' patterns are the syntax
 * sent: the contract check validates every real answer's headers against them.
 */
export const HEADER_COMPONENTS = {
  RateLimit: {
    description:
      'IETF `RateLimit` header field (draft-ietf-httpapi-ratelimit-headers, structured-field syntax): for the quota policy `"default"`, ' +
      '`r` requests remaining and `t` seconds until the window resets, for this API key (or client address)',
    schema: { type: 'string', pattern: '^"default"; ?r=\\d+; ?t=\\d+$', examples: ['"default"; r=599; t=60'] },
  },
  RateLimitPolicy: {
    description:
      'IETF `RateLimit-Policy` header field (draft-ietf-httpapi-ratelimit-headers): the quota policy `"default"`, `q` requests (`RATE_LIMIT_MAX`) ' +
      'per window of `w` seconds (`RATE_LIMIT_WINDOW_MS`), and `pk`, the partition key: an opaque byte sequence naming the counter (a digest, never the credential)',
    schema: {
      type: 'string',
      pattern: '^"default"; ?q=\\d+; ?w=\\d+; ?pk=:[A-Za-z0-9+/]+=*:$',
      examples: ['"default"; q=600; w=60; pk=:ZDYyNzVlODAzNTVm:'],
    },
  },
  RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0, examples: [42] } },
  IdempotentReplayed: {
    description: '`true` when this is the stored first answer to an earlier request with the same `Idempotency-Key`',
    schema: { type: 'string', enum: ['true'] },
  },
  RequestId: {
    description:
      "The request's id, also in the API's log line of the request: the client's `X-Request-Id` when it is 1 to 128 characters of " +
      '`A-Z a-z 0-9 . _ : -`, otherwise (absent, malformed or too long) a new UUID',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', examples: ['0b5c6f3e-3d1a-4b8e-9f0a-2c7d8e9f1a2b'] },
  },
} satisfies HeadersObject;
/**
 * `WWW-Authenticate` of every 401 (RFC 9110 §11.6.1): required, hence inline (a `$ref` takes no
 * `required` beside it).
 */
const WWW_AUTHENTICATE = {
  required: true,
  description:
    'RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) ' +
    'and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature',
  schema: {
    type: 'string' as const,
    pattern: '^(ApiKey|Bearer|SIWE) realm="gateway"',
    examples: ['Bearer realm="gateway", error="invalid_token", error_description="The JWT is invalid or has expired"'],
  },
};
const ref = (name: keyof typeof HEADER_COMPONENTS & string) => ({ $ref: `#/components/headers/${name}` });

/** Example detail of each problem code, when the operation gives none. */
const DEFAULT_PROBLEMS: Partial<Record<ErrorCode, ProblemExample>> = {
  'validation-error': {
    detail: 'Invalid body: amount must be a string of positive integer base units, at most 2^256 − 1 (uint256)',
    ext: { errors: [{ path: 'amount', message: 'must be a string of positive integer base units, at most 2^256 − 1 (uint256)' }] },
  },
  'malformed-json': { detail: 'The request body is not valid JSON' },
  unauthenticated: { detail: 'X-API-Key and a Bearer JWT are required' },
  'insufficient-scope': { detail: 'This operation needs the scope {scope}', ext: { requiredScope: '{scope}' } },
  'connector-not-allowed': { detail: 'Webhooks can only be managed with the organization API key, not an AI-connector token' },
  'role-required': { detail: 'This operation needs a wallet with the role agent', ext: { requiredRole: 'agent' } },
  'not-found': { detail: 'No such object' },
  'payload-too-large': { detail: 'Payload too large' },
  'unsupported-media-type': { detail: 'Send the body as application/json' },
  'invalid-state': { detail: 'The object is not in a state that allows this operation' },
  'idempotency-key-reused': { detail: 'This Idempotency-Key was used with a different request' },
  'insufficient-funds': { detail: 'Insufficient balance in GTK' },
  'rate-limited': { detail: 'Rate limit exceeded; retry after 42 s with exponential back-off' },
  'event-quota-exceeded': { detail: 'The organization may create 600 payment events per minute; retry after 17 s', ext: { limit: 600 } },
  'session-organization-mismatch': {
    detail:
      "This JWT was issued through another organization's login; it is accepted only with that organization's credentials. Log the user in with your own API key (X-API-Key on POST /gateway/v1/sso/login).",
  },
  'native-session-not-allowed': {
    detail:
      'This JWT is a native session (login without an API key), accepted only with the credentials of a native application of the ecosystem. Log the user in with your API key in X-API-Key on POST /gateway/v1/sso/login to get a session bound to your organization.',
  },
  unavailable: { detail: 'The job queue is unreachable; retry shortly' },
};

const AUTH_TEXT = {
  gateway:
    "**Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. " +
    "A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); " +
    "a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`.",
  webhooks:
    "**Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`.",
  public: '**Authentication:** none (public); credentials sent anyway are ignored.',
} as const;

const IDEMPOTENCY_TEXT =
  '**Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.';

/** The problem codes an operation can answer, from its own list and its configuration. */
export function problemCodes(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (op.query || op.body || op.idempotent) codes.add('validation-error');
  // Every write goes through the JSON body parser, whether or not the operation takes a body.
  if (op.body || op.method !== 'get')
    ['malformed-json', 'payload-too-large', 'unsupported-media-type'].forEach((c) => codes.add(c as ErrorCode));
  if (op.auth !== 'public') codes.add('unauthenticated');
  if (op.auth === 'gateway') {
    codes.add('session-organization-mismatch');
    codes.add('native-session-not-allowed');
  }
  if (op.scope) codes.add('insufficient-scope');
  if (op.auth === 'webhooks' || op.apiKeyOnly) codes.add('connector-not-allowed');
  if (op.role) codes.add('role-required');
  for (const c of op.errors ?? []) codes.add(c);
  if (op.idempotent) codes.add('idempotency-key-reused');
  if (op.rateLimited !== false) codes.add('rate-limited');
  if (op.eventQuota) codes.add('event-quota-exceeded');
  if (op.method !== 'get' && op.path !== '/gateway/v1/sso/login') codes.add('unavailable');
  return [...codes];
}

/** The example request path of an operation (`{id}` filled in), as problem `instance`. */
function examplePath(op: Operation): string {
  return `/api${op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const shape = op.params?.shape as Record<string, z.ZodType> | undefined;
    const meta = shape?.[name]?.meta() as { example?: unknown } | undefined;
    return String(meta?.example ?? name);
  })}`;
}

function problemResponses(op: Operation): Record<string, ResponseConfig> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of problemCodes(op)) {
    const { status } = errorCatalog[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, ResponseConfig> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const fill = (v: unknown): unknown =>
      typeof v === 'string'
        ? v.replaceAll('{scope}', op.scope ?? '')
        : Array.isArray(v)
          ? v.map(fill)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
            : v;
    const examples = Object.fromEntries(
      codes.map((code) => {
        const p = op.problems?.[code] ??
          (code === 'unauthenticated' && op.auth === 'webhooks'
            ? { detail: 'Webhook management takes the organization API key in X-API-Key' }
            : undefined) ??
          (code === 'connector-not-allowed' && op.auth === 'gateway'
            ? { detail: 'This operation takes the organization API key in X-API-Key, not an AI-connector token' }
            : undefined) ??
          DEFAULT_PROBLEMS[code] ?? { detail: errorCatalog[code].title };
        const value = {
          type: `/problems/${code}`,
          title: errorCatalog[code].title,
          status,
          detail: p.detail,
          instance: examplePath(op),
          ...p.ext,
        };
        return [code, { summary: errorCatalog[code].title, value: fill(value) }];
      }),
    );
    out[String(status)] = {
      description: codes.map((c) => `\`/problems/${c}\`: ${errorCatalog[c].title}`).join('; '),
      headers: {
        'X-Request-Id': ref('RequestId'),
        // Set by the request limiter before anything answers (absent on the failed-authentication 429).
        ...(op.rateLimited !== false ? { RateLimit: ref('RateLimit'), 'RateLimit-Policy': ref('RateLimitPolicy') } : {}),
        ...(status === 401 ? { 'WWW-Authenticate': WWW_AUTHENTICATE } : {}),
        ...(status === 429 || status === 503 ? { 'Retry-After': ref('RetryAfter') } : {}),
      },
      content: { [PROBLEM_JSON]: { schema: Problem, examples } },
    };
  }
  return out;
}

function successResponses(op: Operation): Record<string, ResponseConfig> {
  const out: Record<string, ResponseConfig> = {};
  for (const s of op.success) {
    const headers: HeadersObject = {
      'X-Request-Id': ref('RequestId'),
      ...(op.rateLimited !== false ? { RateLimit: ref('RateLimit'), 'RateLimit-Policy': ref('RateLimitPolicy') } : {}),
      ...(op.idempotent ? { 'Idempotent-Replayed': ref('IdempotentReplayed') } : {}),
      ...s.headers,
    };
    out[String(s.status)] = {
      description: s.description,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(s.schema
        ? {
            content: {
              [s.contentType ?? 'application/json']: { schema: s.schema, ...(s.example !== undefined ? { example: s.example } : {}) },
            },
          }
        : {}),
    };
  }
  return out;
}

/** Security requirement of an operation (OpenAPI 3.1 allows role names for non-OAuth schemes: the scope). */
function security(op: Operation): RouteConfig['security'] {
  if (op.auth === 'public') return [];
  if (op.auth === 'webhooks') return [{ ApiKey: op.scope ? [op.scope] : [] }];
  return [{ ApiKey: op.scope ? [op.scope] : [], BearerJWT: [] }];
}

function describe(op: Operation): string {
  const scope =
    op.auth === 'public'
      ? ''
      : op.scope
        ? ` **Scope:** \`${op.scope}\` (on the API key).`
        : op.auth === 'webhooks'
          ? ' **Scope:** none: any API key of the organization.'
          : ' **Scope:** none: any API key.';
  const apiKeyOnly = op.apiKeyOnly
    ? " **AI-connector tokens** are refused here (403 `connector-not-allowed`), whatever their scopes: only the organization's API key."
    : '';
  const role = op.role
    ? ` **Role:** the JWT's wallet must hold \`${op.role}\` (granted with the operator CLI; log in again after the grant), else 403 \`role-required\`.`
    : '';
  return [op.description, `${AUTH_TEXT[op.auth]}${scope}${apiKeyOnly}${role}`, ...(op.idempotent ? [IDEMPOTENCY_TEXT] : [])].join('\n\n');
}

export function registerOperation(registry: OpenAPIRegistry, op: Operation): void {
  const idempotencyKey = z.string().min(1).max(255).optional().meta({
    description:
      'Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new',
    example: 'order-1001',
  });
  const headers = op.idempotent ? (op.headers ?? z.object({})).extend({ 'Idempotency-Key': idempotencyKey }) : op.headers;
  const route: RouteConfig = {
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: describe(op),
    security: security(op),
    'x-auth': op.auth === 'gateway' ? 'api-key+jwt' : op.auth === 'webhooks' ? 'api-key' : 'public',
    'x-scope': op.scope ?? null,
    ...(op.apiKeyOnly ? { 'x-api-key-only': true } : {}),
    ...(op.role ? { 'x-required-role': op.role } : {}),
    ...(op.idempotent ? { 'x-idempotent': true } : {}),
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(headers ? { headers } : {}),
      ...(op.body
        ? {
            body: {
              required: op.body.required ?? true,
              description: op.body.description ?? 'JSON body; unknown fields are 400',
              content: { 'application/json': { schema: op.body.schema, example: op.body.example } },
            },
          }
        : {}),
    },
    responses: { ...successResponses(op), ...problemResponses(op) },
  };
  registry.registerPath(route);
}
