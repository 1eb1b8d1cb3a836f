/**
 * The organizations' MCP endpoints on the real stack, through the MCP SDK's own client:
 * bearer authentication and its challenge, the protected-resource metadata, DNS-rebinding checks,
 * tools/list as the grant, reads equal to REST, payments within and over the grant's limits, the
 * approval threshold, the audit trail, and the spend guard's row lock under 50 concurrent calls.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { PrivateKeyAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { getBalance } from '@gw/core/ledger';
import { argumentsDigest, authenticateAccessToken, findConnectorGrant, type ConnectorScope } from '@gw/core/connectors';
import { openApiJson, publicOrigin } from '@gw/api';
import { MCP_TOOLS, TOOL_DEFINITIONS, resolveTools, runTool, toolsFor } from '../src/mcp/tools.js';
import { ROUTES } from '../src/routes/catalogue.js';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { newWallet } from '../../../test/support/wallet.js';
import { connectorToken, type ConnectorToken } from '../../../test/support/connector-token.js';

const ONE = 10n ** 18n;
const run = promisify(execFile);
/** The MCP Inspector's CLI (`@modelcontextprotocol/inspector-cli`, on the 1.x SDK): a client written elsewhere. */
const INSPECTOR_CLI = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/build/index.js');

type ToolResult = { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: Record<string, unknown> };

describe('MCP endpoint', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let holder: { token: string; address: string; wallet: PrivateKeyAccount };
  let origin: string;
  const clients: Client[] = [];

  const connect = async (t: Pick<ConnectorToken, 'token' | 'url'>): Promise<Client> => {
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(t.url), { requestInit: { headers: { Authorization: `Bearer ${t.token}` } } }),
    );
    clients.push(client);
    return client;
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as unknown as ToolResult;
  const balance = (address: string) => getBalance(stack.api.deps.prisma, { type: 'wallet', id: address }, stack.config.NATIVE_TOKEN_SYMBOL);
  const rest = (path: string) =>
    stack.http.get(`/api/gateway/v1${path}`).set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${holder.token}` });
  const grantOf = (t: ConnectorToken) => findConnectorGrant(stack.api.deps, org.organizationId, t.grantId);
  /** Signs in on the approval page as `signer` (SIWE); returns the session cookie. @throws Error a refused sign-in */
  const approvalSignIn = async (id: string, signer: PrivateKeyAccount): Promise<string> => {
    const asked = await stack.http.post(`/oauth/approvals/${id}/sign-in/message`).send({ address: signer.address });
    if (asked.status !== 200) throw new Error(`sign-in message: ${asked.status} ${JSON.stringify(asked.body)}`);
    const { message } = asked.body as { message: string };
    const res = await stack.http.post(`/oauth/approvals/${id}/sign-in`).send({ message, signature: await signer.signMessage({ message }) });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.body)}`);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return cookies.map((c) => c.split(';')[0]!).join('; ');
  };
  /** The holder's decision as the page's script makes it: the message for `decision`, signed by `signer`. */
  const approvalDecide = async (id: string, signer: PrivateKeyAccount, decision: 'approve' | 'reject', cookie: string) => {
    const { message } = (
      await stack.http.post(`/oauth/approvals/${id}/message`).set('Cookie', cookie).send({ address: signer.address, decision })
    ).body as { message: string };
    return stack.http
      .post(`/oauth/approvals/${id}/decide`)
      .set('Cookie', cookie)
      .send({ decision, message, signature: await signer.signMessage({ message }) });
  };
  const paymentsGrant = (
    limits: Parameters<typeof connectorToken>[1]['limits'] = {},
    scopes: ConnectorScope[] = ['payments:read', 'payments:write', 'wallet:read'],
  ) => connectorToken(stack, { organizationId: org.organizationId, wallet: holder.address, scopes, limits });

  beforeAll(async () => {
    stack = await startStack('mcp', { chain: true, worker: false });
    org = await stack.org();
    holder = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(holder.address, 1000n * ONE);
    origin = publicOrigin(stack.api.deps);
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await stack.stop();
  });

  describe('the catalogue', () => {
    it('every tool is a gateway route of a connector scope; reads are read-only, writes destructive', () => {
      expect(MCP_TOOLS.map((t) => t.name)).toEqual(TOOL_DEFINITIONS.map((t) => t.name));
      expect(MCP_TOOLS.filter((t) => t.destructive).map((t) => t.name)).toEqual([
        'create_payment',
        'confirm_payment',
        'consume_credits',
        'transfer',
        'stake',
        'vote',
      ]);
      expect(MCP_TOOLS.some((t) => /webhook|consent|health/i.test(`${t.name} ${t.operationId}`))).toBe(false);
    });

    it('the start-up check refuses an unknown operation, a non-gateway route, an API-key-only or role route, a scope outside CONNECTOR_SCOPES', () => {
      const one = (operationId: string) => () => resolveTools([{ name: 'x_tool', operationId, title: 'x', destructive: false }], ROUTES);
      expect(one('noSuchOperation')).toThrow(/no route has this operationId/);
      expect(one('getTokenInfo')).toThrow(/auth is public/);
      expect(one('listWebhooks')).toThrow(/auth is webhooks/);
      const apiKeyOnly = ROUTES.find((r) => r.apiKeyOnly);
      if (apiKeyOnly) expect(one(apiKeyOnly.operationId)).toThrow(/apiKeyOnly/);
      expect(one('requestClearance')).toThrow(/role agent/);
      expect(one('ingestShipment')).toThrow(/logistics:write is not one of CONNECTOR_SCOPES/);
    });
  });

  describe('authentication and discovery', () => {
    it('401 without a token, with a bad one and with another organization’s, each with the Bearer challenge naming the metadata', async () => {
      const other = await stack.org();
      const otherToken = await connectorToken(stack, {
        organizationId: other.organizationId,
        wallet: holder.address,
        scopes: ['wallet:read'],
      });
      const expired = await connectorToken(stack, {
        organizationId: org.organizationId,
        wallet: holder.address,
        scopes: ['wallet:read'],
        expiresIn: -10,
      });
      const path = `/mcp/${org.organizationId}`;
      const metadata = `${origin}/.well-known/oauth-protected-resource/mcp/${org.organizationId}`;
      const ping = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
      for (const auth of [undefined, 'Bearer nope', `Bearer ${'A'.repeat(43)}`, `Bearer ${otherToken.token}`, `Bearer ${expired.token}`]) {
        const req = stack.http.post(path).set('Host', new URL(origin).host).set('Accept', 'application/json, text/event-stream');
        const res = await (auth ? req.set('Authorization', auth) : req).send(ping);
        expect({ auth, status: res.status }).toEqual({ auth, status: 401 });
        expect(res.headers['www-authenticate']).toMatch(/^Bearer /);
        expect(res.headers['www-authenticate']).toContain(`resource_metadata="${metadata}"`);
      }
    });

    it('serves the RFC 9728 protected-resource metadata of the endpoint', async () => {
      const res = await stack.http.get(`/.well-known/oauth-protected-resource/mcp/${org.organizationId}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        resource: `${origin}/mcp/${org.organizationId}`,
        authorization_servers: [origin],
        bearer_methods_supported: ['header'],
        resource_name: expect.any(String),
      });
      expect(res.body.scopes_supported).toEqual(expect.arrayContaining(['payments:write', 'wallet:read', 'offline_access']));
      expect((await stack.http.get('/.well-known/oauth-protected-resource/mcp/not-an-id')).status).toBe(404);
    });

    it('403 for a Host or an Origin of another site (DNS rebinding); no Origin passes; GET and DELETE are 405', async () => {
      const t = await paymentsGrant();
      const path = `/mcp/${org.organizationId}`;
      const ping = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
      const post = () => stack.http.post(path).set({ Authorization: `Bearer ${t.token}`, Accept: 'application/json, text/event-stream' });
      expect((await post().set('Host', 'evil.example').send(ping)).status).toBe(403);
      expect((await post().set('Host', new URL(origin).host).set('Origin', 'https://evil.example').send(ping)).status).toBe(403);
      expect(
        (
          await post()
            .set('Host', `evil.example:${new URL(origin).port}`)
            .send(ping)
        ).status,
      ).toBe(403);
      const ok = await post().set('Host', new URL(origin).host).set('Origin', origin).send(ping);
      expect(ok.status).toBe(200);
      const get = await stack.http.get(path).set({ Host: new URL(origin).host, Authorization: `Bearer ${t.token}` });
      expect(get.status).toBe(405);
      expect(get.headers.allow).toBe('POST');
      expect((await stack.http.delete(path).set('Host', new URL(origin).host)).status).toBe(405);
    });
  });

  describe('tools', () => {
    it('tools/list is the grant: only the tools of its scopes, with annotations and input schemas', async () => {
      const t = await paymentsGrant();
      const client = await connect(t);
      const { tools } = await client.listTools();
      const expected = toolsFor(['payments:read', 'payments:write', 'wallet:read']).map((x) => x.name);
      expect(tools.map((x) => x.name).sort()).toEqual([...expected].sort());
      expect(expected.sort()).toEqual([
        'confirm_payment',
        'create_payment',
        'get_payment',
        'get_token_info',
        'get_wallet_balances',
        'list_payments',
      ]);
      const create = tools.find((x) => x.name === 'create_payment')!;
      expect(create.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
      expect(create.inputSchema).toMatchObject({
        type: 'object',
        properties: { amount: expect.any(Object), idempotencyKey: expect.any(Object) },
      });
      expect(tools.find((x) => x.name === 'get_payment')!.annotations).toMatchObject({ readOnlyHint: true });
      expect(tools.find((x) => x.name === 'get_payment')!.inputSchema).toMatchObject({ properties: { id: expect.any(Object) } });
    });

    it('a read tool answers what REST answers', async () => {
      const client = await connect(await paymentsGrant());
      const viaMcp = await call(client, 'get_wallet_balances');
      expect(viaMcp.isError).toBeFalsy();
      const viaRest = await rest('/wallet/balances');
      expect(viaRest.status).toBe(200);
      expect(viaMcp.structuredContent).toEqual(viaRest.body);
      expect(JSON.parse(viaMcp.content[0]!.text!)).toEqual(viaRest.body);
      const created = await call(client, 'create_payment', { amount: ONE.toString(), description: 'read check' });
      const id = created.structuredContent!.id as string;
      expect((await call(client, 'get_payment', { id })).structuredContent).toEqual((await rest(`/payments/${id}`)).body);
      expect((await call(client, 'list_payments', { limit: 5 })).structuredContent).toEqual((await rest('/payments?limit=5')).body);
    });

    it('another client, the MCP Inspector CLI (SDK 1.x), lists and calls the tools with the same bearer token', async () => {
      const t = await paymentsGrant();
      const inspector = async (...args: string[]) => {
        const { stdout } = await run(
          process.execPath,
          [INSPECTOR_CLI, t.url, '--transport', 'http', '--header', `Authorization: Bearer ${t.token}`, ...args],
          // Its own directory: the CLI finds its package.json relative to the working directory.
          { timeout: 60_000, cwd: dirname(INSPECTOR_CLI) },
        );
        return JSON.parse(stdout) as Record<string, unknown>;
      };
      const listed = (await inspector('--method', 'tools/list')) as { tools: { name: string }[] };
      expect(listed.tools.map((x) => x.name).sort()).toEqual(
        toolsFor(['payments:read', 'payments:write', 'wallet:read'])
          .map((x) => x.name)
          .sort(),
      );
      const balances = (await inspector('--method', 'tools/call', '--tool-name', 'get_wallet_balances')) as { structuredContent: unknown };
      expect(balances.structuredContent).toEqual((await rest('/wallet/balances')).body);
    });

    it('bad arguments are the REST validation-error, as a tool error', async () => {
      const client = await connect(await paymentsGrant());
      const bad = await call(client, 'create_payment', { amount: '1.5' });
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toMatchObject({ code: 'validation-error', status: 400, type: '/problems/validation-error' });
      expect(bad.structuredContent!.errors).toEqual([{ path: 'amount', message: expect.any(String) }]);
      const unknown = await call(client, 'get_payment', { id: '0193a5c0-0000-7000-8000-000000000001', extra: 1 });
      expect(unknown.structuredContent).toMatchObject({
        code: 'validation-error',
        errors: [{ path: 'extra', message: 'Unrecognized key' }],
      });
      const missing = await call(client, 'get_payment', { id: '0193a5c0-0000-7000-8000-000000000001' });
      expect(missing.structuredContent).toMatchObject({ code: 'not-found', status: 404 });
    });

    it('create_payment and confirm_payment within the limits settle; the grant records the spend; an idempotency key replays', async () => {
      const t = await paymentsGrant({ perTransaction: 5n * ONE, perDay: 20n * ONE, total: 50n * ONE });
      const client = await connect(t);
      const before = await balance(holder.address);
      const args = { amount: (3n * ONE).toString(), description: 'MCP order', idempotencyKey: `mcp-${Date.now()}` };
      const created = await call(client, 'create_payment', args);
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ status: 'pending', amount: (3n * ONE).toString(), payer: holder.address });
      const again = await call(client, 'create_payment', args);
      expect(again.structuredContent!.id).toBe(created.structuredContent!.id);
      const confirmed = await call(client, 'confirm_payment', { id: created.structuredContent!.id });
      expect(confirmed.isError).toBeFalsy();
      expect(confirmed.structuredContent).toMatchObject({ status: 'settled' });
      expect(await balance(holder.address)).toBe(before - 3n * ONE);
      expect((await grantOf(t))!.spent).toBe(3n * ONE);
    });

    it('over the per-transaction limit: spending-limit-exceeded, and nothing moves', async () => {
      const t = await paymentsGrant({ perTransaction: 2n * ONE });
      const client = await connect(t);
      const created = await call(client, 'create_payment', { amount: (3n * ONE).toString() });
      const before = await balance(holder.address);
      const res = await call(client, 'confirm_payment', { id: created.structuredContent!.id });
      expect(res.isError).toBe(true);
      expect(res.content[0]!.text).toMatch(/^spending-limit-exceeded: /);
      expect(res.structuredContent).toMatchObject({
        code: 'spending-limit-exceeded',
        status: 403,
        type: '/problems/spending-limit-exceeded',
        limit: (2n * ONE).toString(),
        requested: (3n * ONE).toString(),
        window: 'per-transaction',
      });
      expect(await balance(holder.address)).toBe(before);
      expect((await rest(`/payments/${created.structuredContent!.id}`)).body.status).toBe('pending');
      expect((await grantOf(t))!.spent).toBe(0n);
    });

    it('above the approval threshold: a pending approval (not an error), recorded, with the approval page; nothing moves', async () => {
      const t = await paymentsGrant({ approvalThreshold: ONE });
      const client = await connect(t);
      const created = await call(client, 'create_payment', { amount: (2n * ONE).toString() });
      const before = await balance(holder.address);
      const res = await call(client, 'confirm_payment', { id: created.structuredContent!.id });
      expect(res.isError).toBeFalsy();
      expect(res.structuredContent).toEqual({
        status: 'pending_approval',
        approvalId: expect.any(String),
        approvalUrl: `${origin}/oauth/approvals/${res.structuredContent!.approvalId as string}`,
        amount: (2n * ONE).toString(),
        threshold: ONE.toString(),
      });
      const rows = await stack.api.deps.sql.$queryRaw<
        { status: string; tool: string; amount: string; arguments: unknown; grantId: string }[]
      >`
        SELECT status, tool, amount::text AS amount, arguments, grant_id::text AS "grantId" FROM connector_approvals WHERE id = ${res.structuredContent!.approvalId as string}::uuid`;
      expect(rows).toEqual([
        {
          status: 'pending',
          tool: 'confirm_payment',
          amount: (2n * ONE).toString(),
          arguments: { id: created.structuredContent!.id },
          grantId: t.grantId,
        },
      ]);
      expect(await balance(holder.address)).toBe(before);
      expect((await grantOf(t))!.spent).toBe(0n);

      // The holder signs in on the approval page (SIWE), then approves; a stranger's signature is refused first.
      const id = res.structuredContent!.approvalId as string;
      const cookie = await approvalSignIn(id, holder.wallet);
      const page = await stack.http.get(`/oauth/approvals/${id}`).set('Cookie', cookie);
      expect(page.status).toBe(200);
      expect(page.text).toContain((2n * ONE).toString());
      expect(page.text).toContain('mcp-org');
      const stranger = await approvalDecide(id, newWallet(), 'approve', cookie);
      expect(stranger.status).toBe(401);
      const approved = await approvalDecide(id, holder.wallet, 'approve', cookie);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ id, status: 'approved', result: { status: 'settled' } });
      expect(await balance(holder.address)).toBe(before - 2n * ONE);
      expect((await grantOf(t))!.spent).toBe(2n * ONE);
      // Decided once: a second decision changes nothing.
      expect((await approvalDecide(id, holder.wallet, 'approve', cookie)).status).toBe(409);
      expect(await balance(holder.address)).toBe(before - 2n * ONE);
    });

    it('a transfer above the threshold: only after the holder signs in, the page and the signed statement name the recipient, the amount and the chain', async () => {
      const t = await connectorToken(stack, {
        organizationId: org.organizationId,
        wallet: holder.address,
        scopes: ['wallet:read', 'wallet:write'],
        limits: { approvalThreshold: ONE / 10n },
      });
      const client = await connect(t);
      const recipient = newWallet().address;
      const amount = ONE / 2n;
      const res = await call(client, 'transfer', { to: recipient, amount: amount.toString() });
      expect(res.structuredContent).toMatchObject({ status: 'pending_approval', amount: amount.toString() });
      const id = res.structuredContent!.approvalId as string;
      const before = await balance(holder.address);
      const chain = `chain ${stack.config.CHAIN_HOME_ID}`;

      // Without the holder's sign-in: a sign-in prompt, and nothing of the request.
      const anonymous = await stack.http.get(`/oauth/approvals/${id}`);
      expect(anonymous.status).toBe(200);
      expect(anonymous.text).toMatch(/Sign in with Ethereum/);
      for (const hidden of [holder.address, recipient, amount.toString(), '0.5', 'mcp-org', 'Test AI client', 'transfer']) {
        expect(anonymous.text.toLowerCase()).not.toContain(hidden.toLowerCase());
      }
      // Nor does the message to sign leak it, and a stranger cannot sign in.
      const unsigned = await stack.http.post(`/oauth/approvals/${id}/message`).send({ address: holder.address, decision: 'approve' });
      expect(unsigned.status).toBe(401);
      expect(JSON.stringify(unsigned.body)).not.toContain(recipient);
      await expect(approvalSignIn(id, newWallet())).rejects.toThrow(/sign-in: 401/);

      const cookie = await approvalSignIn(id, holder.wallet);
      const page = await stack.http.get(`/oauth/approvals/${id}`).set('Cookie', cookie);
      expect(page.status).toBe(200);
      for (const shown of [recipient, holder.address, 'mcp-org', amount.toString(), `0.5 ${stack.config.NATIVE_TOKEN_SYMBOL}`, chain]) {
        expect(page.text).toContain(shown);
      }
      const { message } = (
        await stack.http.post(`/oauth/approvals/${id}/message`).set('Cookie', cookie).send({ address: holder.address, decision: 'approve' })
      ).body as { message: string };
      const statement = parseSiweMessage(message).statement!;
      for (const signed of [recipient, amount.toString(), `0.5 ${stack.config.NATIVE_TOKEN_SYMBOL}`, chain])
        expect(statement).toContain(signed);

      // A signature over a statement that does not name the recipient is refused; nothing moves.
      const vague = message.replace(statement, `Approve transfer for ${amount} base units requested by Test AI client (approval ${id}).`);
      const refused = await stack.http
        .post(`/oauth/approvals/${id}/decide`)
        .set('Cookie', cookie)
        .send({ decision: 'approve', message: vague, signature: await holder.wallet.signMessage({ message: vague }) });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ type: '/problems/invalid-signature', field: 'statement' });
      expect(await balance(holder.address)).toBe(before);

      // The statement the holder read goes through: the tokens reach that recipient.
      const approved = await approvalDecide(id, holder.wallet, 'approve', cookie);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'approved', result: { to: recipient, amount: amount.toString() } });
      expect(await balance(recipient)).toBe(amount);
      expect(await balance(holder.address)).toBe(before - amount);
    });

    it('a tool of a scope the grant lacks is not listed, and calling it is refused', async () => {
      const t = await connectorToken(stack, { organizationId: org.organizationId, wallet: holder.address, scopes: ['payments:read'] });
      const client = await connect(t);
      const { tools } = await client.listTools();
      expect(tools.map((x) => x.name).sort()).toEqual(['get_payment', 'list_payments']);
      const before = await balance(holder.address);
      const refused = await client.callTool({ name: 'create_payment', arguments: { amount: ONE.toString() } }).then(
        (r) => r as unknown as ToolResult,
        (err: Error) => ({ isError: true, content: [{ type: 'text', text: err.message }] }) as ToolResult,
      );
      expect(refused.isError).toBe(true);
      expect(refused.content[0]!.text).toMatch(/create_payment/);
      // runTool checks the grant's scopes again (the approval page calls it outside tools/list).
      const caller = (await authenticateAccessToken(stack.api.deps, t.token, t.resource))!;
      await expect(runTool({ ...stack.api.deps, openApiJson }, caller, 'create_payment', { amount: ONE.toString() })).rejects.toMatchObject(
        { code: 'insufficient-scope', extensions: { requiredScope: 'payments:write' } },
      );
      expect(await balance(holder.address)).toBe(before);
    });

    it('every call leaves one audit record: tool, digest of the arguments, amount charged, outcome', async () => {
      const t = await paymentsGrant({ perTransaction: 2n * ONE, approvalThreshold: ONE + 1n });
      const client = await connect(t);
      const small = await call(client, 'create_payment', { amount: ONE.toString() });
      const big = await call(client, 'create_payment', { amount: (3n * ONE).toString() });
      const mid = await call(client, 'create_payment', { amount: (ONE + ONE / 2n).toString() });
      await call(client, 'confirm_payment', { id: small.structuredContent!.id });
      await call(client, 'confirm_payment', { id: big.structuredContent!.id });
      await call(client, 'confirm_payment', { id: mid.structuredContent!.id });
      const records = await stack.api.deps.sql.$queryRaw<
        {
          tool: string;
          outcome: string;
          amount: string | null;
          wallet: string;
          grantId: string;
          clientId: string;
          argumentsDigest: string;
        }[]
      >`SELECT tool, outcome, amount::text AS amount, wallet, grant_id::text AS "grantId", client_id AS "clientId", arguments_digest AS "argumentsDigest"
          FROM connector_audit WHERE grant_id = ${t.grantId}::uuid AND kind = 'tool_call' ORDER BY id`;
      expect(records.map((r) => [r.tool, r.outcome, r.amount])).toEqual([
        ['create_payment', 'ok', null],
        ['create_payment', 'ok', null],
        ['create_payment', 'ok', null],
        ['confirm_payment', 'ok', ONE.toString()],
        ['confirm_payment', 'spending-limit-exceeded', null],
        ['confirm_payment', 'pending_approval', (ONE + ONE / 2n).toString()],
      ]);
      expect(records[3]!.argumentsDigest).toBe(argumentsDigest({ id: small.structuredContent!.id }));
      for (const r of records) {
        expect(r).toMatchObject({ wallet: holder.address, grantId: t.grantId, argumentsDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
      }
    });
  });

  it('50 concurrent confirm_payment calls under one grant: exactly the per-day limit’s worth settle (the guard locks the grant row)', async () => {
    const amount = ONE;
    const allowed = 7;
    const t = await paymentsGrant({ perTransaction: amount, perDay: BigInt(allowed) * amount, total: 1000n * ONE });
    const client = await connect(t);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const created = await stack.http
        .post('/api/gateway/v1/payments')
        .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${holder.token}` })
        .send({ amount: amount.toString(), description: `concurrent ${i}` });
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const before = await balance(holder.address);
    const results = await Promise.all(ids.map((id) => call(client, 'confirm_payment', { id })));
    const settled = results.filter((r) => !r.isError && r.structuredContent?.status === 'settled');
    const refused = results.filter((r) => r.isError);
    expect(settled).toHaveLength(allowed);
    expect(refused).toHaveLength(50 - allowed);
    for (const r of refused) expect(r.structuredContent).toMatchObject({ code: 'spending-limit-exceeded', window: 'per-day' });
    expect((await grantOf(t))!.spent).toBe(BigInt(allowed) * amount);
    expect(await balance(holder.address)).toBe(before - BigInt(allowed) * amount);
  });
});
