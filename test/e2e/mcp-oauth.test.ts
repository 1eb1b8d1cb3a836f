/**
 * AI connectors end to end: the MCP SDK's own client (`@modelcontextprotocol/client`)
 * connects to an organization's MCP endpoint and runs the whole authorization itself (401 with the
 * Bearer challenge, the RFC 9728 protected-resource metadata, RFC 8414 discovery, dynamic
 * registration, PKCE S256 with `resource`), and its `redirectToAuthorization` opens the consent page
 * in a real headless Chromium (Debian's /usr/bin/chromium through playwright-core) whose wallet is
 * a test EIP-1193 provider (`window.ethereum`, injected before the page's scripts) signing with a
 * viem account. The holder narrows the scopes, sets limits and clicks Allow; the browser comes back
 * to the client's redirect URI with the code; `finishAuth` exchanges it. Then, on the real stack:
 * tools/list is the grant, a payment within the limit settles, one over it is refused, the access
 * token cannot register a webhook, the holder's revocation stops the next MCP call (401), and the
 * audit trail holds the consent, the tool calls and the revocation.
 *
 * Skipped only when /usr/bin/chromium is absent (`.ci/install-chromium.sh` installs it in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PrivateKeyAccount } from 'viem/accounts';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { mcpResource } from '@gw/core/connectors';
import { getBalance } from '@gw/core/ledger';
import { publicOrigin } from '@gw/api';
import { toolsFor } from '../../apps/api/src/mcp/tools.js';
import { startStack, type Stack } from '../support/stack.js';
import { newWallet } from '../support/wallet.js';
import { MemoryOAuthClientProvider } from '../../scripts/lib/connector-consent.js';
import { CHROMIUM, launchChromium } from '../support/chromium.js';

const ONE = 10n ** 18n;
/** Asked by the client (the metadata's scopes_supported) and allowed by the ceiling; the holder keeps only the first three. */
const CEILING_SCOPES = ['payments:read', 'payments:write', 'wallet:read', 'wallet:write', 'staking:read'];
const KEPT = ['payments:read', 'payments:write', 'wallet:read'];

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };

const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(`SKIPPED test/e2e/mcp-oauth.test.ts: ${CHROMIUM} is absent (run .ci/install-chromium.sh: apt-get install chromium)`);
}

/**
 * A browser context whose pages have a wallet: `window.ethereum.request` (EIP-1193) forwards
 * `eth_requestAccounts` and `personal_sign` to this process, where `holder` signs.
 */
async function walletContext(browser: Browser, holder: PrivateKeyAccount, asked: string[]): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.exposeFunction('__testWallet', async (method: string, params: unknown[]) => {
    asked.push(method);
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [holder.address];
    if (method === 'personal_sign') {
      const [hex, address] = params as [`0x${string}`, string];
      if (address.toLowerCase() !== holder.address.toLowerCase()) throw new Error(`personal_sign for ${address}, not the holder`);
      return holder.signMessage({ message: { raw: hex } });
    }
    throw new Error(`unsupported wallet method ${method}`);
  });
  await context.addInitScript(() => {
    const w = globalThis as unknown as { ethereum: unknown; __testWallet: (method: string, params: unknown[]) => Promise<unknown> };
    w.ethereum = {
      isTestWallet: true,
      request: ({ method, params }: { method: string; params?: unknown[] }) => w.__testWallet(method, params ?? []),
    };
  });
  return context;
}

(haveChromium ? describe : describe.skip)('MCP client through OAuth in a real browser', () => {
  let stack: Stack;
  let browser: Browser;
  let org: { organizationId: string; apiKey: string };
  let origin: string;
  let resource: string;
  const holder = newWallet();
  const walletCalls: string[] = [];
  let provider: MemoryOAuthClientProvider;
  let client: Client;
  const consentPages: string[] = [];
  /** The scopes the consent page offered (asked by the client and within the ceiling). */
  let offered: string[] = [];
  let callback: URL | undefined;
  /** The client's redirect URI: a loopback HTTP server of the test that records what reaches it. */
  let redirectServer: Server;
  let REDIRECT: string;
  const reached: string[] = [];
  const limits = { perTransaction: (5n * ONE).toString(), perDay: (20n * ONE).toString(), total: (50n * ONE).toString() };

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as unknown as ToolResult;
  const balance = () => getBalance(stack.api.deps.prisma, { type: 'wallet', id: holder.address }, stack.config.NATIVE_TOKEN_SYMBOL);

  /**
   * Opens the authorization URL in a page of `context`: the consent page (unless the provider
   * answers the client at once), where `decide` acts, then back to the client's redirect URI.
   * @returns the callback URL, and the consent page's URL (undefined when none was shown)
   */
  const throughConsentPage = async (
    context: BrowserContext,
    authorizationUrl: URL,
    decide: (page: Page) => Promise<void>,
  ): Promise<{ callback: URL; consentUrl?: string }> => {
    const page = await context.newPage();
    try {
      await page.goto(authorizationUrl.href);
      if (page.url().startsWith(REDIRECT)) return { callback: new URL(page.url()) };
      await page.waitForSelector('#allow');
      const consentUrl = page.url();
      await decide(page);
      await page
        .waitForURL((url) => url.href.startsWith(REDIRECT), { timeout: 20_000 })
        .catch(async (err: Error) => {
          throw new Error(`${err.message}; the page says: ${await page.textContent('#status').catch(() => '?')}`);
        });
      return { callback: new URL(page.url()), consentUrl };
    } finally {
      await page.close();
    }
  };

  /** The holder at the consent page: keeps {@link KEPT} only, sets the limits, clicks Allow. */
  const narrowAndAllow = async (page: Page): Promise<void> => {
    offered = await page.$$eval('input[name=scope]', (boxes) => boxes.map((b) => (b as unknown as { value: string }).value));
    for (const scope of offered) {
      const box = page.locator(`input[name=scope][value="${scope}"]`);
      if (KEPT.includes(scope)) await box.check();
      else await box.uncheck();
    }
    await page.fill('#perTransaction', limits.perTransaction);
    await page.fill('#perDay', limits.perDay);
    await page.fill('#total', limits.total);
    await page.click('#allow');
  };

  /** The main client's `redirectToAuthorization`: a fresh browser context with the holder's wallet. */
  const openInBrowser = async (authorizationUrl: URL): Promise<void> => {
    const context = await walletContext(browser, holder, walletCalls);
    try {
      const outcome = await throughConsentPage(context, authorizationUrl, narrowAndAllow);
      if (outcome.consentUrl) consentPages.push(outcome.consentUrl);
      callback = outcome.callback;
    } finally {
      await context.close();
    }
  };

  const connect = async (): Promise<Client> => {
    const c = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider }));
    return c;
  };

  beforeAll(async () => {
    redirectServer = createServer((req, res) => {
      if (req.url?.startsWith('/callback')) reached.push(req.url);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>You can close this window.</p>');
    });
    await new Promise<void>((r) => redirectServer.listen(0, '127.0.0.1', r));
    REDIRECT = `http://127.0.0.1:${(redirectServer.address() as AddressInfo).port}/callback`;
    stack = await startStack('e2e-mcp-oauth', { chain: true, worker: false });
    org = await stack.org();
    origin = publicOrigin(stack.api.deps);
    resource = mcpResource(origin, org.organizationId);
    await stack.mint(holder.address, 100n * ONE);
    const ceiling = await stack.http
      .post('/api/connectors/ceiling')
      .set('X-API-Key', org.apiKey)
      .send({
        scopes: CEILING_SCOPES,
        anyClient: true,
        maxPerTransaction: (10n * ONE).toString(),
        maxPerDay: (100n * ONE).toString(),
        maxTotal: (1000n * ONE).toString(),
      });
    expect(ceiling.status).toBe(200);
    browser = await launchChromium();
    provider = new MemoryOAuthClientProvider({ redirectUrl: REDIRECT, clientName: 'E2E agent', onRedirect: openInBrowser });
  });
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await browser?.close();
    await stack?.stop();
    redirectServer?.closeAllConnections();
    redirectServer?.close();
  });

  it('the SDK client meets 401, discovers, registers, sends the holder to the consent page in Chromium, and finishes with the code', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider });
    const first = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    // The SDK registered the client dynamically and discovered the server through the metadata.
    expect(provider.clientInformation()?.client_id).toEqual(expect.any(String));
    expect(provider.discoveryState()).toMatchObject({
      authorizationServerUrl: expect.stringContaining(origin),
      resourceMetadata: { resource, authorization_servers: [origin] },
    });
    // The browser went through the consent page, the wallet was asked for its account and a signature.
    expect(consentPages).toHaveLength(1);
    expect(consentPages[0]).toMatch(new RegExp(`^${origin}/oauth/interaction/`));
    expect([...offered].sort()).toEqual([...CEILING_SCOPES].sort());
    expect(walletCalls).toEqual(['eth_requestAccounts', 'personal_sign']);
    // The browser landed on the client's redirect URI, which received the code.
    expect(reached).toEqual([`${callback!.pathname}${callback!.search}`]);
    expect(callback?.searchParams.get('code')).toEqual(expect.any(String));
    expect(callback?.searchParams.get('iss')).toBe(origin);
    await transport.finishAuth(callback!.searchParams);
    const tokens = provider.tokens()!;
    expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.scope?.split(' ').sort()).toEqual([...KEPT].sort());
    client = await connect();
  });

  it('tools/list is exactly the tools of the granted scopes', async () => {
    const { tools } = await client.listTools();
    const expected = toolsFor(KEPT).map((t) => t.name);
    expect(tools.map((t) => t.name).sort()).toEqual([...expected].sort());
    expect(expected.length).toBeGreaterThan(0);
    expect(tools.map((t) => t.name)).not.toContain('transfer'); // wallet:write was unticked
  });

  it('a payment within the limit settles; one over the per-transaction limit is refused and nothing moves', async () => {
    const before = await balance();
    const created = await call('create_payment', { amount: (3n * ONE).toString(), description: 'E2E order' });
    expect(created.isError).toBeFalsy();
    const confirmed = await call('confirm_payment', { id: created.structuredContent!.id });
    expect(confirmed.isError).toBeFalsy();
    expect(confirmed.structuredContent).toMatchObject({ id: created.structuredContent!.id, status: 'settled' });
    expect(await balance()).toBe(before - 3n * ONE);

    const big = await call('create_payment', { amount: (6n * ONE).toString(), description: 'E2E too big' });
    expect(big.isError).toBeFalsy();
    const refused = await call('confirm_payment', { id: big.structuredContent!.id });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({
      code: 'spending-limit-exceeded',
      window: 'per-transaction',
      limit: limits.perTransaction,
      requested: (6n * ONE).toString(),
    });
    expect(await balance()).toBe(before - 3n * ONE);
  });

  it('the access token cannot register a webhook: 403 connector-not-allowed', async () => {
    const res = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('Authorization', `Bearer ${provider.tokens()!.access_token}`)
      .send({ url: 'https://example.com/hook', events: ['payment.settled'] });
    expect(res.status).toBe(403);
    expect(res.body.type).toMatch(/connector-not-allowed$/);
  });

  it('the holder revokes the grant: the next MCP call is 401; the audit trail holds the consent, the tool calls and the revocation', async () => {
    const session = await stack.login(holder, { apiKey: org.apiKey });
    const auth = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${session.token}` };
    const grants = await stack.http.get('/api/gateway/v1/connectors/grants').set(auth);
    expect(grants.status).toBe(200);
    expect(grants.body.data).toHaveLength(1);
    const grant = grants.body.data[0];
    expect(grant).toMatchObject({
      wallet: holder.address,
      clientName: 'E2E agent',
      status: 'active',
      spent: (3n * ONE).toString(),
      limits: { ...limits, approvalThreshold: null, recipients: null },
    });
    expect([...grant.scopes].sort()).toEqual([...KEPT].sort());
    const revoked = await stack.http.delete(`/api/gateway/v1/connectors/grants/${grant.id}`).set(auth);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', revokedBy: 'holder' });

    // The MCP endpoint itself answers 401 to the revoked token…
    const raw = await fetch(resource, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${provider.tokens()!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
    // …and the SDK client, whose refresh token went with the grant, is sent back to authorization.
    const redirects: URL[] = [];
    const stale = new MemoryOAuthClientProvider({
      redirectUrl: REDIRECT,
      clientName: 'E2E agent',
      onRedirect: (u) => void redirects.push(u),
    });
    stale.saveClientInformation(provider.clientInformation()!);
    stale.saveTokens(provider.tokens()!);
    const again = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await expect(again.connect(new StreamableHTTPClientTransport(new URL(resource), { authProvider: stale }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(redirects).toHaveLength(1);

    const audit = await stack.http.get('/api/connectors/audit').query({ grantId: grant.id, limit: 100 }).set('X-API-Key', org.apiKey);
    expect(audit.status).toBe(200);
    const rows = audit.body.data as { kind: string; tool: string | null; outcome: string | null }[];
    const kinds = rows.map((r) => r.kind);
    expect(kinds).toContain('consent');
    expect(kinds).toContain('revocation');
    const calls = rows.filter((r) => r.kind === 'tool_call').map((r) => [r.tool, r.outcome]);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['create_payment', 'ok'],
        ['confirm_payment', 'ok'],
        ['confirm_payment', 'spending-limit-exceeded'],
      ]),
    );
  });

  it('the same browser authorizing the same client again is shown the consent page again (no silent grant from its session); Deny gives the client access_denied', async () => {
    const context = await walletContext(browser, holder, []);
    try {
      const outcomes: { callback: URL; consentUrl?: string }[] = [];
      const allowing = new MemoryOAuthClientProvider({
        redirectUrl: REDIRECT,
        clientName: 'E2E agent again',
        onRedirect: async (url) => void outcomes.push(await throughConsentPage(context, url, (page) => page.click('#allow'))),
      });
      const t1 = new StreamableHTTPClientTransport(new URL(resource), { authProvider: allowing });
      await expect(new Client({ name: 'e2e-agent', version: '1.0.0' }).connect(t1)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(outcomes[0]!.consentUrl).toMatch(new RegExp(`^${origin}/oauth/interaction/`));
      await t1.finishAuth(outcomes[0]!.callback.searchParams);
      expect(allowing.tokens()?.access_token).toEqual(expect.any(String));
      // The browser now holds the provider's session for the holder.
      expect((await context.cookies(origin)).map((c) => c.name)).toEqual(expect.arrayContaining(['_session']));

      // The same client (registered already), without tokens: a new authorization in the same browser.
      const denying = new MemoryOAuthClientProvider({
        redirectUrl: REDIRECT,
        clientName: 'E2E agent again',
        onRedirect: async (url) => void outcomes.push(await throughConsentPage(context, url, (page) => page.click('#deny'))),
      });
      denying.saveClientInformation(allowing.clientInformation()!);
      const t2 = new StreamableHTTPClientTransport(new URL(resource), { authProvider: denying });
      await expect(new Client({ name: 'e2e-agent', version: '1.0.0' }).connect(t2)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(outcomes).toHaveLength(2);
      expect(outcomes[1]!.consentUrl).toMatch(new RegExp(`^${origin}/oauth/interaction/`));
      expect(outcomes[1]!.callback.searchParams.get('error')).toBe('access_denied');
      expect(outcomes[1]!.callback.searchParams.get('code')).toBeNull();
      expect(outcomes[1]!.callback.searchParams.get('iss')).toBe(origin);
      expect(denying.tokens()).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});
