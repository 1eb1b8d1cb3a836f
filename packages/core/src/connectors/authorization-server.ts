import { generateKeyPairSync, randomUUID } from 'node:crypto';
// Type-only: `oidc-provider` (Koa, jose, …) is loaded by createAuthorizationServer, in the API only;
// the worker imports this module (retention) and must not carry the library in its heap.
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { withTransaction, type RawSql } from '@gw/db';
import { bareHost, isPublicAddress, systemResolver, urlPort, type Context, type Resolver, type SecretBox } from '@gw/runtime';
import { createGuardedFetch } from './guarded-fetch.js';
import { PgOAuthAdapter, type OAuthAdapterHooks } from './oauth-adapter.js';
import { insertOAuthKey, listSealedOAuthKeys, lockOAuthKeyCreation, resealOAuthKey, upsertOAuthRecord } from './repository.js';
import { oauthIdHash, organizationOfResource, recordTokenIssue, revokeGrantOnReuse } from './service.js';
import { CONNECTOR_SCOPES, PROTOCOL_SCOPES } from './scopes.js';

/**
 * The OAuth 2.1 authorization server of the AI connectors: `oidc-provider` configured
 * for MCP clients, its storage in PostgreSQL ({@link PgOAuthAdapter}), its signing keys sealed
 * with SECRETS_ENCRYPTION_KEY.
 *
 * - Authorization code with PKCE, S256 only (the library's only method), for public clients
 *   (`token_endpoint_auth_method: none`) and confidential ones; exact redirect URIs.
 * - Resource indicators (RFC 8707): the only resources are the organizations' MCP endpoints
 *   (`<origin>/mcp/<organization id>`); their access tokens are opaque (so revocation is
 *   immediate), carry that audience, and are refused anywhere else.
 * - Refresh tokens rotate on every use; revocation (RFC 7009); `iss` in the authorization response
 *   (RFC 9207); dynamic client registration (RFC 7591); Client ID Metadata Documents (draft-02).
 * - The wallet holder is the resource owner: every authorization goes through the consent page
 *   (`/oauth/interaction/<uid>`, served by the API), where they sign in with SIWE.
 */

/** Path prefix of the authorization server's endpoints on the API's origin. */
export const OAUTH_PATH = '/oauth';

/** Lifetimes, in seconds. */
export const OAUTH_TTL = {
  AccessToken: 15 * 60,
  AuthorizationCode: 60,
  Interaction: 30 * 60,
  Session: 30 * 60,
  RefreshToken: 30 * 24 * 3600,
  Grant: 30 * 24 * 3600,
} as const;

/** The scopes the server knows: the connector scopes and `offline_access`. */
export const OAUTH_SCOPES: readonly string[] = [...PROTOCOL_SCOPES, ...CONNECTOR_SCOPES];

type Jwk = Record<string, unknown> & { kid: string };

/**
 * The private signing keys (JWKs, newest first), created on first start (one RS256, one ES256)
 * and sealed with SECRETS_ENCRYPTION_KEY; replicas starting together create them once (advisory lock).
 */
export async function loadOAuthSigningKeys(ctx: Pick<Context, 'sql' | 'secretBox'>): Promise<Jwk[]> {
  const open = (rows: { kid: string; sealedJwk: string }[]) => rows.map((r) => JSON.parse(ctx.secretBox.open(r.sealedJwk)) as Jwk);
  const existing = await listSealedOAuthKeys(ctx.sql);
  if (existing.length) return open(existing);
  await withTransaction(ctx.sql, async (tx) => {
    await lockOAuthKeyCreation(tx);
    if ((await listSealedOAuthKeys(tx)).length) return;
    for (const [type, alg] of [
      ['rsa', 'RS256'],
      ['ec', 'ES256'],
    ] as const) {
      const { privateKey } =
        type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg, use: 'sig' } as Jwk;
      await insertOAuthKey(tx, jwk.kid, ctx.secretBox.seal(JSON.stringify(jwk)));
    }
  });
  return open(await listSealedOAuthKeys(ctx.sql));
}

/**
 * `secrets:reencrypt`: re-seals the authorization server's signing keys that are
 * sealed with an older key of SECRETS_ENCRYPTION_KEY's keyring under the current one.
 * @returns how many keys were re-sealed
 */
export async function reencryptOAuthSigningKeys(db: RawSql, box: SecretBox): Promise<number> {
  let n = 0;
  for (const k of await listSealedOAuthKeys(db)) {
    if (!box.needsRotation(k.sealedJwk)) continue;
    n += await resealOAuthKey(db, k.kid, k.sealedJwk, box.seal(box.open(k.sealedJwk)));
  }
  return n;
}

/** What {@link createAuthorizationServer} needs besides the context. */
export interface AuthorizationServerOptions {
  /** The issuer: the API's public origin (`https://gateway.example.com`), no path. */
  issuer: string;
  /** Behind a proxy that sets `X-Forwarded-*` (TRUST_PROXY). */
  proxy: boolean;
  /** DNS resolver of the Client ID Metadata Document check and fetch (tests inject one). */
  resolver?: Resolver;
}

/**
 * Builds the authorization server. Mount `provider.callback()` on the API's origin for the paths
 * under {@link OAUTH_PATH} and `/.well-known/openid-configuration`.
 */
export async function createAuthorizationServer(
  ctx: Pick<Context, 'sql' | 'secretBox' | 'config'>,
  opts: AuthorizationServerOptions,
): Promise<Provider> {
  const { default: ProviderClass, errors: oidcErrors } = await import('oidc-provider');
  const keys = await loadOAuthSigningKeys(ctx);
  const cookieKeys = ctx.secretBox.deriveKeys('oauth-cookies').map((k) => k.toString('base64'));
  const adapterHooks: OAuthAdapterHooks = {
    alreadyConsumed: (model) =>
      new oidcErrors.InvalidGrant(model === 'RefreshToken' ? 'refresh token already used' : 'authorization code already consumed'),
    atTokenEndpoint: () => ProviderClass.ctx?.oidc?.route === 'token',
    revokeOnReuse: (oauthGrantId) => revokeGrantOnReuse(ctx, oauthGrantId),
  };
  const configuration: Configuration = {
    adapter: (name: string) => new PgOAuthAdapter(ctx.sql, name, adapterHooks),
    jwks: { keys: keys as never },
    cookies: { keys: cookieKeys, long: { signed: true }, short: { signed: true } },
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    // Every authorization shows the consent page (never a silent re-grant from the
    // session): only the grant the consent page just made, when the authorization resumes, counts.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = (ctx.oidc.result as { consent?: { grantId?: string } } | undefined)?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => ({ accountId: sub, claims: async () => ({ sub }) }),
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: { ...OAUTH_TTL },
    interactions: { url: async (_ctx, interaction) => `${OAUTH_PATH}/interaction/${interaction.uid}` },
    routes: {
      authorization: `${OAUTH_PATH}/authorize`,
      token: `${OAUTH_PATH}/token`,
      registration: `${OAUTH_PATH}/register`,
      revocation: `${OAUTH_PATH}/revoke`,
      introspection: `${OAUTH_PATH}/introspect`,
      jwks: `${OAUTH_PATH}/jwks`,
      userinfo: `${OAUTH_PATH}/userinfo`,
      end_session: `${OAUTH_PATH}/logout`,
      pushed_authorization_request: `${OAUTH_PATH}/par`,
      code_verification: `${OAUTH_PATH}/device`,
      device_authorization: `${OAUTH_PATH}/device/auth`,
      backchannel_authentication: `${OAUTH_PATH}/backchannel`,
      challenge: `${OAUTH_PATH}/challenge`,
    },
    // Every outside fetch (a Client ID Metadata Document) connects to the address it checks at
    // connect time, not to whatever a second lookup of the name answers (DNS rebinding).
    fetch: createGuardedFetch(opts.resolver),
    clientBasedCORS: () => true,
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      // RFC 7009 §2.1: a client revokes only its own tokens (anything else is ignored, as unknown).
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      // A client_id that is an https URL is fetched (draft-02): only on port 443 and only when
      // every address its host resolves to is public (the webhooks' SSRF rule), so a client id
      // cannot make the gateway reach its own network; the fetch itself checks again where it
      // connects (createGuardedFetch).
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async (_ctx: KoaContextWithOIDC, clientId: string) => {
          const url = new URL(clientId);
          if (url.protocol !== 'https:' || urlPort(url) !== 443) return false;
          const addresses = await (opts.resolver ?? systemResolver)(bareHost(url.hostname)).catch(() => []);
          return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
        },
      },
      resourceIndicators: {
        enabled: true,
        // A request without `resource` names no MCP endpoint: refused at the consent page.
        defaultResource: async (_ctx, _client, oneOf) => oneOf,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (!organizationOfResource(opts.issuer, resource)) throw new oidcErrors.InvalidTarget('unknown resource');
          return {
            scope: CONNECTOR_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: OAUTH_TTL.AccessToken,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
  } as Configuration;
  const provider = new ProviderClass(opts.issuer, configuration);
  provider.proxy = opts.proxy;
  // Every token issue (code exchange, refresh) is audited before the answer leaves, so
  // the record exists when the client holds the token. Only the grant type, scope and lifetime.
  provider.use(async (koa, next) => {
    await next();
    if (koa.oidc?.route !== 'token' || koa.status !== 200) return;
    const grantId = (koa.oidc.entities as { Grant?: { jti?: string } }).Grant?.jti;
    if (!grantId) return;
    const body = koa.body as { scope?: string; expires_in?: number; refresh_token?: string } | undefined;
    await recordTokenIssue(ctx, grantId, {
      grantType: String((koa.oidc.params as { grant_type?: unknown } | undefined)?.grant_type ?? ''),
      scope: body?.scope ?? null,
      expiresIn: body?.expires_in ?? null,
      refreshToken: Boolean(body?.refresh_token),
    });
  });
  return provider;
}

/** A client registered by the operator (`admin connector:client`). */
export interface PreRegisteredClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
}

/**
 * Registers (or replaces) a public client in the authorization server's storage: PKCE, no
 * secret, exactly these redirect URIs (`admin connector:client`).
 */
export async function registerPublicClient(ctx: { sql: RawSql }, client: PreRegisteredClient): Promise<void> {
  await upsertOAuthRecord(ctx.sql, {
    model: 'Client',
    idHash: oauthIdHash(client.clientId),
    payload: {
      client_id: client.clientId,
      client_name: client.clientName,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: client.redirectUris.every((u) => u.startsWith('https:')) ? 'web' : 'native',
    },
    grantId: null,
    uid: null,
    userCode: null,
    expiresAt: null,
  });
}
