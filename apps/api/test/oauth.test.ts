/**
 * The AI connectors' authorization server, driven by `oauth4webapi` (an OAuth client
 * that is not the server's library) on the real stack: RFC 8414 metadata, dynamic registration,
 * the authorization code with PKCE S256 and `resource` (RFC 8707), the consent signed with SIWE by
 * the wallet holder and checked against the organization's ceiling, `iss` in the response
 * (RFC 9207), the token's audience, refresh rotation, revocation (RFC 7009), the holder's and the
 * organization's revocation, refusal of the token by the REST API, and the audit trail.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type * as oauth from 'oauth4webapi';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { parseSiweMessage } from 'viem/siwe';
import { authenticateAccessToken, mcpResource, oauthIdHash, recordConsent, reencryptOAuthSigningKeys } from '@gw/core/connectors';
import { SecretBox, generateKeyringEntry, systemResolver } from '@gw/runtime';
import { publicOrigin } from '@gw/api';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { newWallet } from '../../../test/support/wallet.js';
import { authorize, discover, exchange, refresh, register, revoke } from '../../../test/support/oauth-flow.js';

const REDIRECT = 'http://127.0.0.1:53682/callback';

describe('OAuth 2.1 for AI connectors', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let origin: string;
  let resource: string;
  let as: oauth.AuthorizationServer;
  const holder = newWallet();
  const logs: string[] = [];
  const resolved: string[] = [];
  /** Who looked `cimd.rebind.test` up, in order: allowFetch's `check` or a connection's `connect`. */
  const rebindLookups: ('check' | 'connect')[] = [];
  /** Every secret the flows below see: none may reach a log line. */
  const secrets: string[] = [];

  const setCeiling = (body: Record<string, unknown>) => stack.http.post('/api/connectors/ceiling').set('X-API-Key', org.apiKey).send(body);

  const mcpTools = async (token: string, url = resource) => {
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    try {
      return (await client.listTools()).tools.map((t) => t.name).sort();
    } finally {
      await client.close();
    }
  };
  const mcpStatus = async (token: string, url = resource) =>
    (
      await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).status;

  /** The consent of `holder` to `client`: a payments:read grant with limits of 1, unless `over` says otherwise. */
  const consent = (client: oauth.Client, over: Partial<Parameters<typeof authorize>[2]> = {}) =>
    authorize(as, client, {
      redirectUri: REDIRECT,
      resource,
      scope: 'payments:read',
      holder,
      choice: { scopes: ['payments:read'], perTransaction: '1', perDay: '1', total: '1' },
      ...over,
    });
  /** {@link consent}, then the code exchange. */
  const consentAndExchange = async (client: oauth.Client) =>
    exchange(as, client, await consent(client), { redirectUri: REDIRECT, resource });

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    stack = await startStack('oauth', {
      chain: false,
      worker: false,
      env: { LOG_LEVEL: 'debug' },
      logStream,
      // A Client ID Metadata Document host that resolves to a private address (see the CIMD test).
      resolver: async (host) => {
        resolved.push(host);
        if (host === 'cimd.internal.test') return [{ address: '10.0.0.7', family: 4 }];
        if (host === 'cimd.rebind.test') {
          // DNS rebinding: public to the first lookup (allowFetch's check), loopback to every later one.
          const first = !rebindLookups.length;
          rebindLookups.push(new Error().stack?.includes('allowFetch') ? 'check' : 'connect');
          return [{ address: first ? '93.184.215.14' : '127.0.0.1', family: 4 }];
        }
        return systemResolver(host);
      },
    });
    org = await stack.org();
    origin = publicOrigin(stack.api.deps);
    resource = mcpResource(origin, org.organizationId);
    as = await discover(origin);
  });
  afterAll(() => stack.stop());

  it('serves RFC 8414 metadata (PKCE S256 only, iss parameter, registration, revocation) and the provider answers at /oauth', async () => {
    expect(as.issuer).toBe(origin);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    expect(as.registration_endpoint).toBe(`${origin}/oauth/register`);
    expect(as.revocation_endpoint).toBe(`${origin}/oauth/revoke`);
    expect(as.token_endpoint).toBe(`${origin}/oauth/token`);
    expect(as.scopes_supported).toEqual(expect.arrayContaining(['payments:write', 'offline_access']));
    expect(as.scopes_supported).not.toContain('webhooks:write');
    expect(as.response_types_supported).toEqual(['code']);
  });

  it('a Client ID Metadata Document on a private address is never fetched (SSRF): the client is unknown', async () => {
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: 'https://cimd.internal.test/client.json',
      redirect_uri: 'https://cimd.internal.test/cb',
      response_type: 'code',
      scope: 'payments:read',
      resource,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('invalid_client');
    expect(page).toContain('fetch not allowed');
    expect(resolved).toContain('cimd.internal.test');
  });

  it('a Client ID Metadata Document host that rebinds to loopback after the check: the fetch resolves where it connects and is refused', async () => {
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: 'https://cimd.rebind.test/client.json',
      redirect_uri: 'https://cimd.rebind.test/cb',
      response_type: 'code',
      scope: 'payments:read',
      resource,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('invalid_client');
    expect(page).toContain('fetch failed');
    // Checked by allowFetch (public), then resolved again by the fetch's own connection, with the
    // gateway's resolver and check, and refused there (loopback); the library's fetch would have
    // looked the name up with the system's resolver, unchecked.
    expect(rebindLookups.slice(0, 2)).toEqual(['check', 'connect']);
  });

  it('refuses a consent while the organization has not enabled connectors', async () => {
    const client = await register(as, REDIRECT);
    await expect(consent(client, { choice: { scopes: ['payments:read'], perTransaction: '0', perDay: '0', total: '0' } })).rejects.toThrow(
      /consent page: 400 [\s\S]*has not enabled AI connectors[\s\S]*connector:ceiling --org [0-9a-f-]{36}[\s\S]*POST \/api\/connectors\/ceiling/,
    );
  });

  describe('with a ceiling', () => {
    let client: oauth.Client;
    let tokens: oauth.TokenEndpointResponse;

    beforeAll(async () => {
      const res = await setCeiling({
        scopes: ['wallet:read', 'payments:read', 'payments:write'],
        anyClient: true,
        maxPerTransaction: '1000',
        maxPerDay: '5000',
        maxTotal: null,
      });
      expect(res.status).toBe(200);
      client = await register(as, REDIRECT, 'Independent agent');
    });

    it("the MCP endpoint's 401 challenge (RFC 6750 §3, RFC 9728 §5.1) asks only for the scopes the organization's ceiling allows", async () => {
      const challenge = async (url: string) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
        expect(res.status).toBe(401);
        const header = res.headers.get('www-authenticate') ?? '';
        expect(header).toMatch(/^Bearer /);
        expect(header).toContain('resource_metadata="');
        return { header, scope: /scope="([^"]*)"/.exec(header)?.[1] };
      };
      const ours = await challenge(resource);
      expect(ours.scope?.split(' ').sort()).toEqual(['payments:read', 'payments:write', 'wallet:read']);
      // An organization that has not enabled connectors has nothing to offer: no scope is named.
      const other = await stack.org();
      expect((await challenge(mcpResource(origin, other.organizationId))).scope).toBeUndefined();
    });

    it('a limit above the ceiling is refused at the consent page, nothing granted', async () => {
      await expect(
        consent(client, { choice: { scopes: ['payments:read'], perTransaction: '1001', perDay: '10', total: '10' } }),
      ).rejects.toMatchObject({ status: 400 });
      const grants = await stack.http.get('/api/connectors/grants').set('X-API-Key', org.apiKey);
      expect(grants.body.data).toEqual([]);
      // Nor is the provider's grant left behind.
      const left = await stack.api.deps.sql.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM oauth_records WHERE model = 'Grant'`;
      expect(left[0]!.n).toBe(0);
    });

    it('the page shows the ceiling and leaves a limit without a cap empty; a spending grant with a total of 0 is refused', async () => {
      const outcome = await consent(client);
      // The ceiling's limits are on the page; 'In total' has no cap, so no value is suggested.
      expect(outcome.page).toMatch(/Per transaction[^<]*<\/dt><dd[^>]*>at most 1000 base units/);
      expect(outcome.page).toMatch(/Per day[^<]*<\/dt><dd[^>]*>at most 5000 base units/);
      expect(outcome.page).toMatch(/In total[^<]*<\/dt><dd[^>]*>no maximum/);
      expect(outcome.page).toMatch(/Recipients<\/dt><dd[^>]*>any/);
      expect(outcome.page).toMatch(/<input type="text" id="total" value="" /);
      expect(outcome.page).toMatch(/<input type="text" id="perTransaction" value="1000" /);
      // A grant that may spend but with 0 in total could spend nothing: refused with the reason.
      const refused = consent(client, {
        scope: 'payments:read payments:write',
        choice: { scopes: ['payments:read', 'payments:write'], perTransaction: '10', perDay: '10', total: '0' },
      });
      await expect(refused).rejects.toMatchObject({ status: 400 });
      await expect(refused).rejects.toThrow(/total is 0: a grant that may spend \(payments:write\) could spend nothing/);
      // The server refuses it on its own too (the page is not the only check).
      await expect(
        recordConsent(stack.api.deps, {
          organizationId: org.organizationId,
          wallet: holder.address,
          clientId: client.client_id,
          clientName: null,
          oauthGrantId: 'not-used',
          resource,
          scopes: ['payments:write'],
          limits: { perTransaction: 10n, perDay: 10n, total: 0n, recipients: null, approvalThreshold: null },
        }),
      ).rejects.toMatchObject({ code: 'validation-error', message: expect.stringMatching(/total is 0/) });
    });

    it("a dynamically registered client's name is marked unverified on the page and in the signed statement", async () => {
      const impostor = await register(as, REDIRECT, 'Claude');
      const signed: string[] = [];
      const recording = {
        ...holder,
        signMessage: ({ message }: { message: string }) => (signed.push(message), holder.signMessage({ message })),
      };
      const outcome = await consent(impostor, { holder: recording as typeof holder });
      expect(outcome.page).toMatch(/“Claude”[\s\S]{0,80}unverified/);
      expect(outcome.page).toContain(impostor.client_id);
      const statement = parseSiweMessage(signed[0]!).statement!;
      expect(statement).toContain(`Authorize “Claude” (name unverified; client id ${impostor.client_id}; returning to 127.0.0.1:53682)`);
    });

    it('a signature over other choices than those submitted is refused', async () => {
      const other = newWallet();
      await expect(
        consent(client, {
          holder: { ...holder, signMessage: ({ message }: { message: string }) => other.signMessage({ message }) } as typeof holder,
        }),
      ).rejects.toMatchObject({ status: 401 });
    });

    it('the holder narrows the scopes; the code exchange gives an opaque token for the MCP endpoint with iss checked (RFC 9207)', async () => {
      const outcome = await consent(client, {
        scope: 'wallet:read payments:read payments:write webhooks:write offline_access',
        choice: { scopes: ['wallet:read', 'payments:read'], perTransaction: '100', perDay: '500', total: '1000' },
      });
      expect(outcome.page).toContain('Independent agent');
      expect(outcome.page).toContain('127.0.0.1:53682'); // the redirect host
      expect(outcome.callback.searchParams.get('iss')).toBe(origin);
      tokens = await exchange(as, client, outcome, { redirectUri: REDIRECT, resource });
      secrets.push(tokens.access_token, tokens.refresh_token!, outcome.callback.searchParams.get('code')!, outcome.codeVerifier);
      expect(tokens.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(tokens.refresh_token).toBeDefined();
      expect(tokens.scope?.split(' ').sort()).toEqual(['payments:read', 'wallet:read']);
      // Stored only as a hash: no row holds the token itself.
      const rows = await stack.api.deps.sql.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM oauth_records WHERE payload::text LIKE ${`%${tokens.access_token}%`} OR id_hash = ${tokens.access_token}`;
      expect(rows[0]!.n).toBe(0);
      const caller = await authenticateAccessToken(stack.api.deps, tokens.access_token, resource);
      expect(caller).toMatchObject({
        organizationId: org.organizationId,
        wallet: holder.address,
        scopes: ['wallet:read', 'payments:read'],
      });
    });

    it("tools/list is exactly what the holder granted; the token is refused by another organization's endpoint (audience)", async () => {
      const names = await mcpTools(tokens.access_token);
      expect(names.length).toBeGreaterThan(0);
      expect(names).toContain('list_payments');
      expect(names).not.toContain('create_payment');
      expect(names).not.toContain('confirm_payment');
      const other = await stack.org();
      expect(await mcpStatus(tokens.access_token, mcpResource(origin, other.organizationId))).toBe(401);
    });

    it('the REST API refuses the token: 403 connector-not-allowed on webhook registration and on gateway routes', async () => {
      const asBearer = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('Authorization', `Bearer ${tokens.access_token}`)
        .send({ url: 'https://example.com/hook', events: ['payment.settled'] });
      expect(asBearer.status).toBe(403);
      expect(asBearer.body.type).toMatch(/connector-not-allowed$/);
      const asKey = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', tokens.access_token)
        .send({ url: 'https://example.com/hook', events: ['payment.settled'] });
      expect(asKey.status).toBe(403);
      const gateway = await stack.http.get('/api/gateway/v1/payments').set('Authorization', `Bearer ${tokens.access_token}`);
      expect(gateway.status).toBe(403);
    });

    it('refresh tokens rotate: the new one works (the old one presented again is a reuse: see the reuse tests below)', async () => {
      const first = tokens.refresh_token!;
      const next = await refresh(as, client, first, resource);
      expect(next.refresh_token).toBeDefined();
      expect(next.refresh_token).not.toBe(first);
      secrets.push(next.access_token, next.refresh_token!);
      expect(await mcpStatus(next.access_token)).toBe(200);
      tokens = next;
    });

    it('revocation (RFC 7009) of the access token is immediate', async () => {
      const t = await consentAndExchange(client);
      expect(await mcpStatus(t.access_token)).toBe(200);
      await revoke(as, client, t.access_token);
      expect(await mcpStatus(t.access_token)).toBe(401);
    });

    it('the holder lists their grants with spent and remaining amounts and revokes one: access and refresh tokens stop at once', async () => {
      const session = await stack.login(holder, { apiKey: org.apiKey });
      const auth = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${session.token}` };
      const list = await stack.http.get('/api/gateway/v1/connectors/grants').set(auth);
      expect(list.status).toBe(200);
      const grant = list.body.data.find((g: { scopes: string[] }) => g.scopes.includes('wallet:read'));
      expect(grant).toMatchObject({
        wallet: holder.address,
        clientName: 'Independent agent',
        status: 'active',
        limits: { perTransaction: '100', perDay: '500', total: '1000', recipients: null, approvalThreshold: null },
        spent: '0',
        remainingToday: '500',
        remainingTotal: '1000',
      });
      const revoked = await stack.http.delete(`/api/gateway/v1/connectors/grants/${grant.id}`).set(auth);
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ status: 'revoked', revokedBy: 'holder' });
      expect(await mcpStatus(tokens.access_token)).toBe(401);
      await expect(refresh(as, client, tokens.refresh_token!, resource)).rejects.toThrow();
      // Another wallet cannot see or revoke it.
      const stranger = await stack.login(newWallet(), { apiKey: org.apiKey });
      const theirs = await stack.http
        .delete(`/api/gateway/v1/connectors/grants/${grant.id}`)
        .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${stranger.token}` });
      expect(theirs.status).toBe(404);
    });

    it("the organization lists and revokes its users' grants; the audit trail holds consents and revocations", async () => {
      const t = await consentAndExchange(client);
      const list = await stack.http.get('/api/connectors/grants').query({ wallet: holder.address }).set('X-API-Key', org.apiKey);
      const active = list.body.data.filter((g: { status: string }) => g.status === 'active');
      expect(active.length).toBeGreaterThan(0);
      for (const g of active) {
        const res = await stack.http.delete(`/api/connectors/grants/${g.id}`).set('X-API-Key', org.apiKey);
        expect(res.body.revokedBy).toBe('organization');
      }
      expect(await mcpStatus(t.access_token)).toBe(401);
      const audit = await stack.http.get('/api/connectors/audit').query({ limit: 100 }).set('X-API-Key', org.apiKey);
      const kinds = audit.body.data.map((a: { kind: string }) => a.kind);
      expect(kinds).toContain('consent');
      expect(kinds).toContain('revocation');
      // Each token issue is recorded (code exchange and refresh), without the tokens themselves.
      const issues = audit.body.data.filter((a: { kind: string }) => a.kind === 'token');
      expect(issues.map((a: { detail: { grantType: string } }) => a.detail.grantType)).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token']),
      );
      for (const secret of [...secrets, t.access_token]) expect(JSON.stringify(audit.body)).not.toContain(secret);
      // Append-only: the database refuses to change the trail.
      await expect(stack.api.deps.sql.$executeRaw`DELETE FROM connector_audit`).rejects.toThrow(/append-only/);
    });

    it('the holder can deny: the client gets access_denied', async () => {
      const outcome = await consent(client, { choice: { scopes: [], perTransaction: '0', perDay: '0', total: '0' }, decide: 'deny' });
      expect(outcome.callback.searchParams.get('error')).toBe('access_denied');
      expect(outcome.callback.searchParams.get('iss')).toBe(origin);
    });

    it('never logs access, refresh or registration tokens, codes, verifiers or the signing keys', async () => {
      const all = logs.join('');
      expect(logs.length).toBeGreaterThan(5);
      expect(all).toContain('/oauth/token');
      expect(secrets.length).toBeGreaterThanOrEqual(6);
      for (const secret of secrets) expect(all).not.toContain(secret);
      const keys = await stack.api.deps.sql.$queryRaw<{ sealed: string }[]>`SELECT sealed_jwk AS sealed FROM oauth_signing_keys`;
      expect(keys.length).toBe(2);
      for (const k of keys) {
        const jwk = JSON.parse(stack.api.deps.secretBox.open(k.sealed)) as { d: string };
        expect(k.sealed).not.toContain(jwk.d); // sealed at rest
        expect(all).not.toContain(jwk.d);
      }
      // secrets:reencrypt moves them to a new key of the keyring, once; the new box opens them.
      const rotated = new SecretBox(`${generateKeyringEntry('k9')},${stack.config.SECRETS_ENCRYPTION_KEY}`);
      expect(await reencryptOAuthSigningKeys(stack.api.deps.sql, rotated)).toBe(2);
      expect(await reencryptOAuthSigningKeys(stack.api.deps.sql, rotated)).toBe(0);
      const resealed = await stack.api.deps.sql.$queryRaw<{ sealed: string }[]>`SELECT sealed_jwk AS sealed FROM oauth_signing_keys`;
      for (const k of resealed) expect(JSON.parse(rotated.open(k.sealed)).kid).toBeDefined();
    });

    it('a request for an unknown resource is refused', async () => {
      await expect(consent(client, { resource: `${origin}/mcp/not-an-organization` })).rejects.toThrow();
      expect(oauthIdHash('x')).toMatch(/^[0-9a-f]{64}$/);
    });

    /** POSTs to the token endpoint as a public client, in parallel with others: status and JSON body. */
    const tokenRequest = async (params: Record<string, string>) => {
      const res = await fetch(as.token_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ client_id: client.client_id, resource, ...params }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    /** The organization's newest grant (the one the test just consented to). */
    const newestGrant = async () =>
      (await stack.http.get('/api/connectors/grants').query({ limit: 1 }).set('X-API-Key', org.apiKey)).body.data[0] as {
        status: string;
        revokedBy: string | null;
      };

    it('one authorization code redeemed by parallel requests: exactly one answer has tokens, the others invalid_grant, the grant is revoked', async () => {
      const outcome = await consent(client);
      const params = {
        grant_type: 'authorization_code',
        code: outcome.callback.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        code_verifier: outcome.codeVerifier,
      };
      const answers = await Promise.all(Array.from({ length: 4 }, () => tokenRequest(params)));
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      // RFC 6749 §4.1.2: a code presented twice revokes what was issued under it, whichever request won.
      expect(await mcpStatus(won[0]!.body.access_token!)).toBe(401);
      expect(await newestGrant()).toMatchObject({ status: 'revoked', revokedBy: 'token-reuse' });
    });

    it('one refresh token used by parallel requests: one wins, the reuse revokes the grant and every token of its chain (RFC 9700 §4.14.2)', async () => {
      const t = await consentAndExchange(client);
      expect(t.refresh_token).toBeDefined();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => tokenRequest({ grant_type: 'refresh_token', refresh_token: t.refresh_token! })),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(await mcpStatus(t.access_token)).toBe(401);
      expect(await mcpStatus(won[0]!.body.access_token!)).toBe(401);
      const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: won[0]!.body.refresh_token! });
      expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(await newestGrant()).toMatchObject({ status: 'revoked', revokedBy: 'token-reuse' });
      const audit = await stack.http.get('/api/connectors/audit').query({ limit: 5 }).set('X-API-Key', org.apiKey);
      expect(audit.body.data).toContainEqual(
        expect.objectContaining({ kind: 'revocation', outcome: 'revoked', detail: expect.objectContaining({ by: 'token-reuse' }) }),
      );
    });

    it('a refresh token used again after its rotation (sequential reuse) revokes the grant too', async () => {
      const t = await consentAndExchange(client);
      const next = await refresh(as, client, t.refresh_token!, resource);
      await expect(refresh(as, client, t.refresh_token!, resource)).rejects.toThrow();
      expect(await mcpStatus(next.access_token)).toBe(401);
      expect(await newestGrant()).toMatchObject({ status: 'revoked', revokedBy: 'token-reuse' });
    });
  });
});
