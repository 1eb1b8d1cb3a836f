import { Router } from 'express';
import { loginWithSiwe } from '@gw/core';
import type { ApiDeps } from '../deps.js';
import { parse } from '../http/validate.js';
import { loginBody } from './schemas.js';

/** Wallet login (spec, Session) and the JWKS that lets other native applications verify its JWTs. */
export function sessionRouter(deps: ApiDeps, r: Router = Router()): Router {
  /**
   * POST /gateway/v1/sso/login (public) `{ message: <EIP-4361 message>, signature: "0x..." }`
   * → 200 `{ token, expiresAt, address }`. Bad signature, reused nonce, wrong domain, stale
   * issuedAt → 401.
   */
  r.post('/gateway/v1/sso/login', async (req, res) => {
    const body = parse(loginBody, req.body);
    const out = await loginWithSiwe(deps, body, { domain: deps.config.SIWE_DOMAIN, maxAgeSeconds: deps.config.SIWE_MAX_AGE_SECONDS });
    res.json({ token: out.token, expiresAt: out.expiresAt.toISOString(), address: out.address });
  });

  /** GET /.well-known/jwks.json (public) → `{ keys: [JWK...] }` (RFC 7517), cacheable for 5 minutes. */
  r.get('/.well-known/jwks.json', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(await deps.tokens.jwks());
  });

  return r;
}
