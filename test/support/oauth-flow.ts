import * as oauth from 'oauth4webapi';
import type { PrivateKeyAccount } from 'viem/accounts';
import { consentOverHttp, type ConsentChoice } from '../../scripts/lib/connector-consent.js';

/**
 * The OAuth 2.1 flow of an AI connector driven by `oauth4webapi`, an OAuth client
 * independent of the server's library, over plain HTTP; the consent page's two POSTs are made as
 * its script makes them, with the holder's viem account signing the message (`consentOverHttp` of
 * scripts/lib/connector-consent.ts, which `pnpm demo` uses too).
 */

export { CookieJar, type ConsentChoice } from '../../scripts/lib/connector-consent.js';

export const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** The authorization server's metadata, fetched from RFC 8414's well-known path. */
export async function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { algorithm: 'oauth2', ...insecure }));
}

/** Dynamic client registration (RFC 7591) of a public client. */
export async function register(as: oauth.AuthorizationServer, redirectUri: string, name = 'Test agent'): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(
    as,
    {
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      client_name: name,
      grant_types: ['authorization_code', 'refresh_token'],
    },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(res) as Promise<oauth.Client>;
}

/** What {@link authorize} gives back. */
export interface AuthorizeOutcome {
  /** The redirect back to the client, with `code`, `state` and `iss` (RFC 9207). */
  callback: URL;
  codeVerifier: string;
  state: string;
  /** The consent page's HTML. */
  page: string;
}

/**
 * Runs the browser part: the authorization request (PKCE S256, `resource`), the consent page, the
 * holder's SIWE signature of the choices, and the redirect back to the client.
 * @param decide `deny` refuses at the consent page
 */
export async function authorize(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  opts: {
    redirectUri: string;
    resource: string;
    scope: string;
    holder: PrivateKeyAccount;
    choice: ConsentChoice;
    decide?: 'allow' | 'deny';
  },
): Promise<AuthorizeOutcome> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: opts.scope,
    state,
    resource: opts.resource,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  }).toString();
  const { callback, page } = await consentOverHttp(url, opts);
  return { callback, codeVerifier, state, page };
}

/** Exchanges the code (with `resource`, RFC 8707) for tokens. */
export async function exchange(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  outcome: AuthorizeOutcome,
  opts: { redirectUri: string; resource: string },
): Promise<oauth.TokenEndpointResponse> {
  const params = oauth.validateAuthResponse(as, client, outcome.callback, outcome.state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, opts.redirectUri, outcome.codeVerifier, {
    additionalParameters: { resource: opts.resource },
    ...insecure,
  });
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

/** Uses a refresh token (with `resource`). */
export async function refresh(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  refreshToken: string,
  resource: string,
): Promise<oauth.TokenEndpointResponse> {
  const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, {
    additionalParameters: { resource },
    ...insecure,
  });
  return oauth.processRefreshTokenResponse(as, client, res);
}

/** Revokes a token (RFC 7009). */
export async function revoke(as: oauth.AuthorizationServer, client: oauth.Client, token: string): Promise<void> {
  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), token, insecure));
}
