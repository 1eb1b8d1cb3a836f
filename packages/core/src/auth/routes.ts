import { PUBLIC_CACHE, Reply, cacheControl, defineRoute, type Context } from '@gw/runtime';
import { Jwks, LoginNonce, LoginSession, loginBody, loginHeaders, sessionExamples as ex } from './schemas.js';
import type { CredentialCache } from './credential-cache.js';
import { issueSiweNonce, login } from './service.js';
import type { SessionTokens } from './session-tokens.js';

const route = defineRoute<
  Pick<Context, 'prisma' | 'config' | 'secretBox'> & {
    tokens: SessionTokens;
    credentials: CredentialCache;
    /** The port the API listens on (the development loopback rule of `siweDomainPolicy`). */
    listenPort?: () => number | undefined;
  }
>();

/** Wallet login and the JWKS that lets other native applications verify its JWTs. */
export const sessionRoutes = [
  route({
    operationId: 'getLoginNonce',
    method: 'get',
    path: '/gateway/v1/sso/nonce',
    tag: 'Session',
    summary: 'Get a nonce for the login message',
    description:
      'Returns a nonce issued by the service for the `Nonce:` field of the EIP-4361 login message: single use, valid for 10 minutes. ' +
      "The nonce is stateless (it carries its expiry and the service's MAC over it): asking for one stores nothing; the login that uses it records its single use. " +
      'Login accepts only nonces issued here (except while the operator sets `SIWE_CLIENT_NONCES=true`, a migration aid for one release). Not cacheable.',
    auth: 'public',
    // Nonces and session JWTs are never stored by a cache, nor are the refusals.
    noStore: true,
    success: [
      {
        status: 200,
        description: 'A fresh nonce',
        schema: LoginNonce,
        example: ex.loginNonce,
        headers: { 'Cache-Control': { description: '`no-store`', schema: { type: 'string' } } },
      },
    ],
    handler: (deps) => {
      const out = issueSiweNonce(deps.secretBox);
      return { nonce: out.nonce, expiresAt: out.expiresAt.toISOString() };
    },
  }),
  route({
    operationId: 'login',
    method: 'post',
    path: '/gateway/v1/sso/login',
    tag: 'Session',
    summary: 'Sign in with Ethereum (EIP-4361)',
    description:
      "Takes an EIP-4361 message and the wallet's signature of it and returns an ES256 JWT. " +
      "The message's `domain` must be `SIWE_DOMAIN`; its `URI` must have that domain as its authority and use https (http only for `localhost`); its `Chain ID` must be one of `SIWE_CHAIN_IDS` (default `1`); " +
      'its nonce must come from `GET /gateway/v1/sso/nonce` (single use, 10 minutes); `Issued At` must be a valid RFC 3339 date-time at most 5 minutes old; ' +
      '`Not Before`/`Expiration Time` must be valid and are honoured; nothing may follow the last field; the signature must recover to the message address. ' +
      'Any failure is 401 `invalid-signature`, whose `detail` names the field, its value and what the service expects, also given as the extension members `field` and `expected`.\n\n' +
      '**Local development** (`NODE_ENV=development`, the default of `pnpm start`, with a loopback `SIWE_DOMAIN` such as the default `localhost`): the `domain` may also be `localhost`, `127.0.0.1` or `[::1]`, with or without the port the API listens on, ' +
      'and the `URI` may use http on them, so a client signing for its base address (`http://localhost:3000/api` → `localhost:3000`) logs in without configuration. Production accepts exactly `SIWE_DOMAIN`.\n\n' +
      "**Organization-bound sessions:** an integrator's backend sends its API key in the optional `X-API-Key`: the JWT then carries the organization (`org` and `azp` claims, `organizationId` in the answer) " +
      "and is accepted only together with that organization's credentials; any other organization gets 403 `session-organization-mismatch`. " +
      'Without a key the JWT is a native session (`organizationId: null`), valid across the native applications: accepted only with the credentials of organizations the operator marked native, others get 403 `native-session-not-allowed`. ' +
      'An `X-API-Key` that is not valid is 401 `unauthenticated`. Verify the JWT with the keys of `GET /.well-known/jwks.json`. ' +
      "The session sends value to others (transfers to another wallet, bridges to another address) only within an allowance the holder signs in the message's Resources: " +
      '`urn:gw:allowance?per_transaction=<base units>&per_day=<base units>&total=<base units>&recipients=<0x…,0x…|*>` (docs/integrating.md); a malformed one is 401 `invalid-signature` with `field: resources`.',
    auth: 'public',
    noStore: true,
    headers: loginHeaders,
    body: { schema: loginBody, example: ex.loginBody },
    errors: ['invalid-signature', 'unauthenticated'],
    problems: {
      'invalid-signature': {
        detail: "domain is 'localhost:3467'; this service expects 'localhost' (SIWE_DOMAIN)",
        ext: { field: 'domain', expected: "'localhost' (SIWE_DOMAIN)" },
      },
      unauthenticated: { detail: 'The API key is unknown, revoked or expired' },
      'validation-error': {
        detail: 'Invalid body: signature must be 0x-prefixed hex',
        ext: { errors: [{ path: 'signature', message: 'must be 0x-prefixed hex' }] },
      },
    },
    success: [{ status: 200, description: 'Session JWT', schema: LoginSession, example: ex.session }],
    handler: (deps, { body, header }) => login(deps, body, header('x-api-key')),
  }),
  route({
    operationId: 'getJwks',
    method: 'get',
    path: '/.well-known/jwks.json',
    tag: 'Session',
    summary: 'Public keys of the session JWTs (RFC 7517)',
    description: 'The P-256 public keys (with `kid`) that verify the JWTs issued by login. Cacheable for 5 minutes.',
    auth: 'public',
    success: [
      {
        status: 200,
        description: 'JSON Web Key Set',
        schema: Jwks,
        example: ex.jwks,
        headers: cacheControl(PUBLIC_CACHE),
      },
    ],
    handler: async (deps) => new Reply(200, await deps.tokens.jwks(), { 'Cache-Control': PUBLIC_CACHE }),
  }),
];
