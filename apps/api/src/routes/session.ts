import { Router } from 'express';
import { AppError } from '@gw/runtime';
import { issueSiweNonce, loginWithSiwe } from '@gw/core/auth';
import type { ApiDeps } from '../deps.js';
import { apiKeyHash } from '../http/authenticate.js';
import { parse } from '../http/validate.js';
import { loginBody } from './schemas.js';

/** Wallet login (spec, Session) and the JWKS that lets other native applications verify its JWTs. */
export function sessionRouter(deps: ApiDeps, r: Router = Router()): Router {
  /**
   * GET /gateway/v1/sso/nonce (public) → 200 `{ nonce, expiresAt }`: a nonce for the login message,
   * single use, valid for 10 minutes (issue #11). Not cacheable.
   */
  r.get('/gateway/v1/sso/nonce', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const out = await issueSiweNonce(deps.prisma);
    res.json({ nonce: out.nonce, expiresAt: out.expiresAt.toISOString() });
  });

  /**
   * POST /gateway/v1/sso/login (public) `{ message: <EIP-4361 message>, signature: "0x..." }`
   * → 200 `{ token, expiresAt, address, organizationId }`. With an optional `X-API-Key` (the
   * integrator's backend logs its user in) the JWT is bound to that key's organization
   * (`organizationId`, JWT claims `org` and `azp`) and is accepted only with that organization's
   * credentials; without one it is a native session (`organizationId: null`), accepted only with
   * native organizations' credentials (issue #11). Bad signature, unknown or reused nonce, wrong
   * domain, URI or chain, invalid dates, stale issuedAt → 401; an X-API-Key that is not valid → 401.
   */
  r.post('/gateway/v1/sso/login', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const body = parse(loginBody, req.body);
    const presented = req.get('x-api-key');
    let organizationId: string | null = null;
    if (presented !== undefined) {
      const principal = await deps.credentials.authenticate(presented, apiKeyHash(req, presented));
      if (!principal) throw new AppError('unauthenticated', 'The API key is unknown, revoked or expired');
      organizationId = principal.organizationId;
    }
    const out = await loginWithSiwe(deps, body, {
      domain: deps.config.SIWE_DOMAIN,
      maxAgeSeconds: deps.config.SIWE_MAX_AGE_SECONDS,
      chainIds: deps.config.SIWE_CHAIN_IDS,
      clientNonces: deps.config.SIWE_CLIENT_NONCES,
      organizationId,
    });
    res.json({ token: out.token, expiresAt: out.expiresAt.toISOString(), address: out.address, organizationId: out.organizationId });
  });

  /** GET /.well-known/jwks.json (public) → `{ keys: [JWK...] }` (RFC 7517), cacheable for 5 minutes. */
  r.get('/.well-known/jwks.json', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(await deps.tokens.jwks());
  });

  return r;
}
