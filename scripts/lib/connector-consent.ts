import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * The wallet holder's side of an AI connector's authorization over plain HTTP, in one
 * place for `pnpm demo` (scripts/demo.ts) and the tests (test/support/oauth-flow.ts): the consent
 * page's two POSTs made exactly as its script (`/oauth/assets/holder.js`) makes them, the holder's
 * viem account signing the message, then the redirects back to the client followed until its
 * redirect URI; and an in-memory `OAuthClientProvider` for the MCP SDK's client.
 */

/** A cookie jar for one user agent: enough for the provider's interaction and session cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** `fetch` with the jar's cookies, following no redirect. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
    });
    this.store(res);
    return res;
  }
}

/** The holder's choices on the consent page. Limits in base units, as strings. */
export interface ConsentChoice {
  scopes: string[];
  perTransaction: string;
  perDay: string;
  total: string;
  approvalThreshold?: string | null;
  recipients?: string[] | null;
}

/** What {@link consentOverHttp} gives back. */
export interface ConsentOutcome {
  /** The redirect back to the client: `code` (or `error`), `state` and `iss` (RFC 9207). */
  callback: URL;
  /** The consent page's HTML. */
  page: string;
}

/** An error of the consent page's POSTs, with the answer's status and problem document. */
export type ConsentError = Error & { status: number; body: Record<string, unknown> };

/**
 * Runs the browser's part of an authorization from the authorization URL the client built: the
 * authorization request (the provider redirects to the consent page), the consent page, the
 * holder's EIP-4361 signature of the choices (`POST …/message`, `personal_sign`, `POST …/confirm`)
 * or the refusal (`POST …/deny`), and the redirects back to the client until `redirectUri`.
 * @throws Error the authorization request or the consent page not answering as expected
 * @throws ConsentError a POST refused (`status`, `body`: the problem document)
 */
export async function consentOverHttp(
  authorizationUrl: URL | string,
  opts: {
    redirectUri: string;
    holder: Pick<PrivateKeyAccount, 'address' | 'signMessage'>;
    choice: ConsentChoice;
    decide?: 'allow' | 'deny';
    jar?: CookieJar;
  },
): Promise<ConsentOutcome> {
  const jar = opts.jar ?? new CookieJar();
  const url = new URL(authorizationUrl);
  const start = await jar.fetch(url.href);
  if (start.status !== 303 && start.status !== 302) throw new Error(`authorization request: ${start.status} ${await start.text()}`);
  const interaction = new URL(start.headers.get('location')!, url);
  const pageRes = await jar.fetch(interaction.href);
  const page = await pageRes.text();
  if (pageRes.status !== 200) throw new Error(`consent page: ${pageRes.status} ${page}`);
  const post = async (path: string, body: unknown) => {
    const res = await jar.fetch(`${interaction.href}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const out = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw Object.assign(new Error(`${path}: ${res.status} ${JSON.stringify(out)}`), { status: res.status, body: out });
    return out;
  };
  let redirectTo: string;
  if (opts.decide === 'deny') {
    redirectTo = (await post('/deny', {})).redirectTo as string;
  } else {
    const choice = { address: opts.holder.address, approvalThreshold: null, recipients: null, ...opts.choice };
    const { message } = (await post('/message', choice)) as { message: string };
    const signature = await opts.holder.signMessage({ message });
    redirectTo = (await post('/confirm', { ...choice, message, signature })).redirectTo as string;
  }
  // The provider resumes the authorization and redirects to the client.
  let next = new URL(redirectTo, url);
  for (let hops = 0; hops < 5 && !next.href.startsWith(opts.redirectUri); hops++) {
    const res = await jar.fetch(next.href);
    const location = res.headers.get('location');
    if (!location) throw new Error(`resume: ${res.status} ${await res.text()}`);
    next = new URL(location, next);
  }
  if (!next.href.startsWith(opts.redirectUri))
    throw new Error(`the authorization did not return to ${opts.redirectUri} (ended at ${next.href})`);
  return { callback: next, page };
}

/**
 * An MCP client's OAuth state for one server, in memory: the registered client (dynamic
 * registration), the tokens, the PKCE verifier and the discovery state. `redirectToAuthorization`
 * hands the authorization URL to `onRedirect` (a browser, or {@link consentOverHttp}), which
 * keeps the callback for the caller's `transport.finishAuth(callback.searchParams)`.
 */
export class MemoryOAuthClientProvider implements OAuthClientProvider {
  private client: StoredOAuthClientInformation | undefined;
  private saved: StoredOAuthTokens | undefined;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  constructor(
    private readonly opts: {
      redirectUrl: string;
      clientName: string;
      onRedirect: (authorizationUrl: URL) => void | Promise<void>;
    },
  ) {}
  get redirectUrl(): string {
    return this.opts.redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.opts.clientName,
      redirect_uris: [this.opts.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.client;
  }
  saveClientInformation(info: StoredOAuthClientInformation): void {
    this.client = info;
  }
  tokens(): StoredOAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: StoredOAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(authorizationUrl: URL): void | Promise<void> {
    return this.opts.onRedirect(authorizationUrl);
  }
  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }
  codeVerifier(): string {
    if (!this.verifier) throw new Error('No PKCE code verifier saved');
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}
