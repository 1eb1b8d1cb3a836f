import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, sha256Hex, type Scope, type Principal, type Session } from '@gw/runtime';
import { CONNECTOR_TOKEN_RETIRED, isStaticConnectorToken, authProblem } from '@gw/core/auth';
import { isConnectorAccessToken, looksLikeOAuthToken, sessionSpendGuard, connectorsProblem } from '@gw/core/connectors';
import type { ApiDeps } from '../deps.js';
import { apiKeyChallenge, bearerChallenge } from './challenges.js';

/**
 * How a route authenticates:
 * - `gateway`: `X-API-Key` (API key) and `Authorization: Bearer <JWT>`, both required;
 * - `webhooks`: the organization's API key in `X-API-Key` only; a JWT is neither needed nor enough.
 * A static AI-connector token (`ct_…`) is 401 everywhere (retired); an AI connector's OAuth access
 * token is 403 `connector-not-allowed` (it is for the MCP endpoint).
 */
export type AuthMode = 'gateway' | 'webhooks';

export interface AuthState {
  principal: Principal;
  /** Present in `gateway` mode. */
  session?: Session;
}

/** The authenticated caller of this request. @throws Error when the route has no auth middleware (a bug) */
export function auth(res: Response): AuthState {
  const state = res.locals.auth as AuthState | undefined;
  if (!state) throw new Error('route used auth() without requireAuth()');
  return state;
}

/** Same as {@link auth} but also requires the wallet session (gateway mode). */
export function session(res: Response): Session {
  const s = auth(res).session;
  if (!s) throw new Error('route needs a session but is not in gateway mode');
  return s;
}

const API_KEY_HASH = Symbol('apiKeyHash');

/**
 * SHA-256 (hex) of the request's `X-API-Key`, computed once per request: the rate limiter keys on
 * it and the credential cache looks it up (never the key itself).
 */
export function apiKeyHash(req: Request, presented: string): string {
  const r = req as Request & { [API_KEY_HASH]?: string };
  return (r[API_KEY_HASH] ??= sha256Hex(presented));
}

const bearer = (req: Request): string | undefined => {
  const header = req.get('authorization');
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m?.[1];
};

/**
 * Organization-bound sessions: a JWT minted with an organization's API key is accepted
 * only with that organization's credentials; a native JWT (minted without a key) only with the
 * credentials of an organization the operator marked native.
 * @throws AppError('session-organization-mismatch') 403, AppError('native-session-not-allowed') 403
 */
function assertSessionFitsOrganization(s: Pick<Session, 'organizationId'>, principal: Principal): void {
  if (s.organizationId !== null) {
    if (s.organizationId !== principal.organizationId) {
      throw authProblem(
        'session-organization-mismatch',
        "This JWT was issued through another organization's login; it is accepted only with that organization's credentials. Log the user in with your own API key (X-API-Key on POST /gateway/v1/sso/login).",
      );
    }
    return;
  }
  if (!principal.organizationNative) {
    throw authProblem(
      'native-session-not-allowed',
      'This JWT is a native session (login without an API key), accepted only with the credentials of a native application of the ecosystem. Log the user in with your API key in X-API-Key on POST /gateway/v1/sso/login to get a session bound to your organization.',
    );
  }
}

/**
 * An AI connector's OAuth access token is for its organization's MCP endpoint only
 * (RFC 8707 audience). Presented to the REST API (as `X-API-Key` or as the Bearer token) it is
 * 403 `connector-not-allowed`, so "webhooks cannot be registered with an AI connector's token"
 * holds for OAuth tokens too, and no connector token reaches anything else. Only a string shaped
 * like one of our opaque tokens is looked up (one indexed read, on requests that would fail anyway).
 * @throws AppError('connector-not-allowed') 403
 */
async function refuseConnectorAccessToken(deps: Pick<ApiDeps, 'sql'>, presented: string | undefined): Promise<void> {
  if (presented && looksLikeOAuthToken(presented) && (await isConnectorAccessToken(deps, presented))) {
    throw connectorsProblem(
      'connector-not-allowed',
      "This is an AI connector's OAuth access token: it is accepted only by the organization's MCP endpoint, not by the REST API",
    );
  }
}

/**
 * Middleware that authenticates and authorises; every answer it guards carries
 * `Cache-Control: no-store`. Missing, malformed, unknown, revoked or expired
 * credentials → 401 with the `WWW-Authenticate` challenges of the credential that failed
 * (RFC 9110 §11.6.1; `Bearer … error="invalid_token"` per RFC 6750 for a bad JWT; see
 * `challenges.ts`; a static `ct_` connector token → 401 saying to connect through OAuth); credentials
 * that lack `scope` → 403 `insufficient-scope`; a connector principal in `webhooks`
 * mode or with `apiKeyOnly` → 403 `connector-not-allowed`.
 */
export function requireAuth(deps: ApiDeps, opts: { mode?: AuthMode; scope?: Scope; apiKeyOnly?: boolean } = {}): RequestHandler {
  const mode = opts.mode ?? 'gateway';
  return async (req: Request, res: Response, next: NextFunction) => {
    // No answer to an authenticated route (success or refusal) may be stored by a cache.
    res.setHeader('Cache-Control', 'no-store');
    const presented = req.get('x-api-key');
    await refuseConnectorAccessToken(deps, presented ?? bearer(req));
    if (!presented) {
      throw mode === 'webhooks'
        ? new AppError(
            'unauthenticated',
            'Webhook management takes the organization API key in X-API-Key',
            {},
            { challenges: [apiKeyChallenge()] },
          )
        : new AppError(
            'unauthenticated',
            'X-API-Key and a Bearer JWT are required',
            {},
            { challenges: [apiKeyChallenge(), bearerChallenge()] },
          );
    }
    // Static AI-connector tokens are retired: no holder consent, no spending limits. The caller is
    // told where agents connect now, rather than that the key is unknown.
    if (isStaticConnectorToken(presented)) {
      throw new AppError('unauthenticated', CONNECTOR_TOKEN_RETIRED, {}, { challenges: [apiKeyChallenge(true)] });
    }
    const principal = await deps.credentials.authenticate(presented, apiKeyHash(req, presented));
    if (!principal) {
      throw new AppError('unauthenticated', 'The API key is unknown, revoked or expired', {}, { challenges: [apiKeyChallenge(true)] });
    }
    if (mode === 'webhooks' && principal.kind !== 'api_key') {
      throw connectorsProblem(
        'connector-not-allowed',
        'Webhooks can only be managed with the organization API key, not an AI-connector token',
      );
    }
    if (opts.apiKeyOnly && principal.kind !== 'api_key') {
      throw connectorsProblem(
        'connector-not-allowed',
        'This operation takes the organization API key in X-API-Key, not an AI-connector token',
      );
    }
    let sessionState: Session | undefined;
    let caller = principal;
    if (mode === 'gateway') {
      const token = bearer(req);
      if (!token) throw new AppError('unauthenticated', 'Authorization: Bearer <JWT> is required', {}, { challenges: [bearerChallenge()] });
      const verified = await deps.tokens.verify(token);
      if (!verified) {
        throw new AppError(
          'unauthenticated',
          'The JWT is invalid or has expired; log in again',
          {},
          { challenges: [bearerChallenge(true)] },
        );
      }
      assertSessionFitsOrganization(verified, principal);
      // Roles come from `wallet_roles` (cached per replica, evicted on every change), never from the token.
      sessionState = { ...verified, roles: await deps.walletRoles.rolesOf(verified.address) };
      // Value the session sends to others is bounded by what the holder signed at login (none by
      // default): a backend holding the JWT cannot move the balance to an address of its choosing.
      if (!principal.spendGuard) caller = { ...principal, spendGuard: sessionSpendGuard(deps, sessionState, principal.organizationId) };
    }
    if (opts.scope && !principal.scopes.includes(opts.scope)) {
      throw new AppError('insufficient-scope', `This operation needs the scope ${opts.scope}`, { requiredScope: opts.scope });
    }
    res.locals.auth = { principal: caller, session: sessionState } satisfies AuthState;
    next();
  };
}
