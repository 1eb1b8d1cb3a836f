import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ROUTES, registeredRoutes } from '@gw/api';
import type { RouteDef } from '@gw/runtime';
import { startStack, eventually, type Stack } from '../support/stack.js';
import type { PrivateKeyAccount } from 'viem/accounts';
import { signedConsent, signedRevocation } from '../support/consent.js';
import { ANY_RECIPIENT_ALLOWANCE, newWallet } from '../support/wallet.js';
import { dbDigest } from '../support/db-digest.js';
import { rpc } from '../support/rpc.js';
import { randomUUID } from 'node:crypto';
import { encodeFunctionData, erc20Abi, keccak256, toHex } from 'viem';
import { GatewayGovernor } from '@gw/contracts';
import { contractAddress, deployerAccount, faucet, publicClientOf, walletClientOf } from '@gw/core/chain';
import { signPermit } from '../../packages/client/src/index.js';
import { connectorToken } from '../support/connector-token.js';

type Caller = { apiKey: string; token: string; address: string; organizationId: string; wallet: PrivateKeyAccount };

/**
 * Tenant isolation: every endpoint that takes an id, called by another
 * organization (and another wallet) with the first one's id → 404, and nothing changes.
 * The list of id-taking routes comes from the app itself: a new one without a case here fails.
 */
describe('tenant isolation on every id-taking endpoint', () => {
  let stack: Stack;
  let a: Caller;
  let b: Caller;
  const ids: Record<string, string> = {};
  let revocationByB: object;

  const caller = async (): Promise<Caller> => {
    const org = await stack.org();
    const wallet = newWallet();
    await stack.api.deps.prisma.walletRole.create({ data: { address: wallet.address, role: 'agent' } });
    const { token, address } = await stack.login(wallet, { allowance: ANY_RECIPIENT_ALLOWANCE });
    await stack.mint(address, 10n ** 21n);
    return { apiKey: org.apiKey, organizationId: org.organizationId, token, address, wallet };
  };
  const as = (c: Caller) => ({ 'X-API-Key': c.apiKey, Authorization: `Bearer ${c.token}` });
  /**
   * A gasless deposit of `amount` base units by `c` (tokens from the faucet, the permit signed by its
   * wallet), awaited until credited so that nothing moves while the attacks below compare digests.
   */
  const permitDeposit = async (c: Caller, amount: bigint): Promise<string> => {
    await faucet(stack.api.deps, c.address, amount);
    const typed = await stack.http
      .get('/api/gateway/v1/wallet/permit-deposits/typed-data')
      .query({ amount: String(amount) })
      .set(as(c));
    const signature = await signPermit(c.wallet, typed.body.typedData);
    const res = await stack.http
      .post('/api/gateway/v1/wallet/permit-deposits')
      .set(as(c))
      .send({ amount: String(amount), deadline: Number(typed.body.typedData.message.deadline), signature });
    expect(res.status).toBe(202);
    await eventually(
      async () => {
        await rpc(stack.chains!.anvils[0]!.rpcUrl, 'anvil_mine', ['0x1']);
        const now = await stack.http.get(`/api/gateway/v1/wallet/permit-deposits/${res.body.id}`).set(as(c));
        return now.body.deposit === 'credited' ? true : undefined;
      },
      60_000,
      'the permit deposit credited',
    );
    return res.body.id as string;
  };

  beforeAll(async () => {
    stack = await startStack('tenancy', { chain: true, env: { WEBHOOK_MAX_ATTEMPTS: '1', RATE_LIMIT_MAX: '100000' } });
    a = await caller();
    b = await caller();
    const post = async (path: string, body: object, expected: number) => {
      const res = await stack.http.post(path).set(as(a)).send(body);
      expect({ path, status: res.status }).toEqual({ path, status: expected });
      return res.body;
    };
    ids.webhook = (
      await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', a.apiKey).send({ url: 'http://127.0.0.1:9999/none' })
    ).body.id;
    const pending = await post('/api/gateway/v1/payments', { amount: '10' }, 201);
    ids.pendingPayment = pending.id;
    const settled = await post('/api/gateway/v1/payments', { amount: '10' }, 201);
    await post(`/api/gateway/v1/payments/${settled.id}/confirm`, {}, 200);
    ids.settledPayment = settled.id;
    ids.delivery = (
      await eventually(async () => {
        const d = await stack.api.deps.prisma.delivery.findFirst({ where: { organizationId: a.organizationId, status: 'dead' } });
        return d ?? undefined;
      })
    ).id;
    ids.event = (await stack.api.deps.prisma.delivery.findUniqueOrThrow({ where: { id: ids.delivery } })).eventId;
    ids.stakingOperation = (await post('/api/gateway/v1/staking/stake', { source: 'custody', amount: '100' }, 202)).id;
    ids.bridge = (
      await post('/api/gateway/v1/bridge/initiate', { toChainId: 'eip155:31338', toAddress: newWallet().address, amount: '5' }, 202)
    ).id;
    ids.withdrawal = (await post('/api/gateway/v1/wallet/withdraw', { amount: '5' }, 202)).id;
    ids.permitDeposit = await permitDeposit(a, 7n);
    ids.consent = (await post('/api/gateway/v1/consents', await signedConsent(a.wallet, a.organizationId), 201)).id;
    // B's own valid revocation signature for A's consent id (revocations are signed).
    revocationByB = await signedRevocation(b.wallet, ids.consent!);
    ids.shipment = (await post('/api/cargolink/v1/shipments', { reference: 'REF-1', origin: 'DE', destination: 'US' }, 201)).id;
    // A grant of A's wallet to an AI connector at A.
    ids.grant = (await connectorToken(stack, { organizationId: a.organizationId, wallet: a.address, scopes: ['payments:read'] })).grantId;
    // A's relayed vote and delegation (rows written directly: their relay is governance's own test).
    const voteTx = randomUUID();
    ids.vote = randomUUID();
    await stack.api.deps.prisma.governanceVote.create({
      data: {
        id: ids.vote,
        organizationId: a.organizationId,
        chainId: 31337,
        proposalId: '1',
        voter: a.address,
        support: 1,
        chainTransactionId: voteTx,
      },
    });
    ids.delegation = randomUUID();
    await stack.api.deps.prisma.governanceDelegation.create({
      data: {
        id: ids.delegation,
        organizationId: a.organizationId,
        chainId: 31337,
        delegator: a.address,
        delegatee: a.address,
        nonce: '0',
        expiry: 1n,
        chainTransactionId: randomUUID(),
      },
    });
  });
  afterAll(() => stack.stop());

  /** Each id-taking route: how B attacks A's object. */
  const cases: Record<
    string,
    () => { method: 'get' | 'post' | 'delete'; path: string; body?: object; headers: () => Record<string, string> }
  > = {
    'POST /api/gateway/v1/webhooks/deliveries/:id/retry': () => ({
      method: 'post',
      path: `/api/gateway/v1/webhooks/deliveries/${ids.delivery}/retry`,
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'GET /api/gateway/v1/webhooks/deliveries/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/webhooks/deliveries/${ids.delivery}`,
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'POST /api/gateway/v1/webhooks/:id/test': () => ({
      method: 'post',
      path: `/api/gateway/v1/webhooks/${ids.webhook}/test`,
      body: { event: 'payment.settled' },
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'GET /api/gateway/v1/events/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/events/${ids.event}`,
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'GET /api/gateway/v1/webhooks/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/webhooks/${ids.webhook}`,
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'DELETE /api/gateway/v1/webhooks/:id': () => ({
      method: 'delete',
      path: `/api/gateway/v1/webhooks/${ids.webhook}`,
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'POST /api/gateway/v1/webhooks/:id/recover': () => ({
      method: 'post',
      path: `/api/gateway/v1/webhooks/${ids.webhook}/recover`,
      body: { since: new Date(Date.now() - 3600_000).toISOString() },
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'GET /api/gateway/v1/payments/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/payments/${ids.pendingPayment}`,
      headers: () => as(b),
    }),
    'POST /api/gateway/v1/payments/:id/confirm': () => ({
      method: 'post',
      path: `/api/gateway/v1/payments/${ids.pendingPayment}/confirm`,
      headers: () => as(b),
    }),
    'POST /api/gateway/v1/payments/:id/refund': () => ({
      method: 'post',
      path: `/api/gateway/v1/payments/${ids.settledPayment}/refund`,
      headers: () => as(b),
    }),
    'GET /api/gateway/v1/staking/operations/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/staking/operations/${ids.stakingOperation}`,
      headers: () => as(b),
    }),
    'GET /api/gateway/v1/bridge/transfers/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/bridge/transfers/${ids.bridge}`,
      headers: () => as(b),
    }),
    'GET /api/gateway/v1/wallet/permit-deposits/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/wallet/permit-deposits/${ids.permitDeposit}`,
      headers: () => as(b),
    }),
    'GET /api/gateway/v1/governance/votes/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/governance/votes/${ids.vote}`,
      headers: () => as(b),
    }),
    'GET /api/gateway/v1/governance/delegations/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/governance/delegations/${ids.delegation}`,
      headers: () => as(b),
    }),
    'GET /api/gateway/v1/wallet/withdrawals/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/wallet/withdrawals/${ids.withdrawal}`,
      headers: () => as(b),
    }),
    'DELETE /api/gateway/v1/connectors/grants/:id': () => ({
      method: 'delete',
      path: `/api/gateway/v1/connectors/grants/${ids.grant}`,
      headers: () => as(b),
    }),
    'DELETE /api/connectors/grants/:id': () => ({
      method: 'delete',
      path: `/api/connectors/grants/${ids.grant}`,
      headers: () => ({ 'X-API-Key': b.apiKey }),
    }),
    'DELETE /api/gateway/v1/consents/:id': () => ({
      method: 'delete',
      path: `/api/gateway/v1/consents/${ids.consent}`,
      body: revocationByB,
      headers: () => as(b),
    }),
    'POST /api/cargolink/v1/shipments/:id/checkpoints': () => ({
      method: 'post',
      path: `/api/cargolink/v1/shipments/${ids.shipment}/checkpoints`,
      body: { location: 'Hamburg', status: 'in_transit' },
      headers: () => as(b),
    }),
    'GET /api/v1/supply/checkpoints?shipmentId': () => ({
      method: 'get',
      path: `/api/v1/supply/checkpoints?shipmentId=${ids.shipment}`,
      headers: () => as(b),
    }),
    'POST /api/v1/supply/customs/clear {shipmentId}': () => ({
      method: 'post',
      path: '/api/v1/supply/customs/clear',
      body: { shipmentId: ids.shipment, declaredValue: '1000', hsCode: '847130' },
      headers: () => as(b),
    }),
    'POST /api/cargolink/v1/certificates {shipmentId}': () => ({
      method: 'post',
      path: '/api/cargolink/v1/certificates',
      body: { shipmentId: ids.shipment, kind: 'origin', issuer: 'Chamber', number: 'C-1', issuedAt: new Date().toISOString() },
      headers: () => as(b),
    }),
  };

  it('has a case for every route with an id in its path', () => {
    const idRoutes = registeredRoutes(stack.api.app)
      .filter((r) => r.path.includes('/:') && !r.path.startsWith('/api/contracts-abi/'))
      .map((r) => `${r.method} ${r.path}`);
    expect(idRoutes.filter((r) => !(r in cases))).toEqual([]);
  });

  it.each(Object.keys(cases))('%s with another tenant’s id → 404, nothing changes', async (name) => {
    const c = cases[name]!();
    const before = await dbDigest(stack.api.deps.prisma);
    let req = stack.http[c.method](c.path).set(c.headers());
    if (c.body) req = req.send(c.body);
    const res = await req;
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('/problems/not-found');
    expect(await dbDigest(stack.api.deps.prisma)).toBe(before);
  });

  it('the owner still reaches each object (the 404s above are not from broken ids)', async () => {
    expect((await stack.http.get(`/api/gateway/v1/payments/${ids.pendingPayment}`).set(as(a))).status).toBe(200);
    expect((await stack.http.get(`/api/gateway/v1/bridge/transfers/${ids.bridge}`).set(as(a))).status).toBe(200);
    expect((await stack.http.get(`/api/gateway/v1/wallet/withdrawals/${ids.withdrawal}`).set(as(a))).status).toBe(200);
    expect((await stack.http.get(`/api/gateway/v1/wallet/permit-deposits/${ids.permitDeposit}`).set(as(a))).status).toBe(200);
    expect((await stack.http.get(`/api/gateway/v1/governance/votes/${ids.vote}`).set(as(a))).status).toBe(200);
    expect((await stack.http.get(`/api/gateway/v1/governance/delegations/${ids.delegation}`).set(as(a))).status).toBe(200);
    expect((await stack.http.get(`/api/gateway/v1/webhooks/deliveries/${ids.delivery}`).set('X-API-Key', a.apiKey)).status).toBe(200);
    expect((await stack.http.get(`/api/gateway/v1/events/${ids.event}`).set('X-API-Key', a.apiKey)).status).toBe(200);
    expect((await stack.http.get(`/api/v1/supply/checkpoints?shipmentId=${ids.shipment}`).set(as(a))).status).toBe(200);
    const recovered = await stack.http
      .post(`/api/gateway/v1/webhooks/${ids.webhook}/recover`)
      .set('X-API-Key', a.apiKey)
      .send({ since: new Date(Date.now() - 3600_000).toISOString() });
    expect(recovered.status).toBe(202);
    expect(recovered.body.recovered).toBeGreaterThanOrEqual(1); // A's dead delivery
    const test = await stack.http.post(`/api/gateway/v1/webhooks/${ids.webhook}/test`).set('X-API-Key', a.apiKey).send({});
    expect(test.status).toBe(202);
    expect(
      (
        await stack.http
          .post(`/api/cargolink/v1/shipments/${ids.shipment}/checkpoints`)
          .set(as(a))
          .send({ location: 'Hamburg', status: 'in_transit' })
      ).status,
    ).toBe(201);
  });
});

/** A GET route's 200 answer holds a list when its schema has an array anywhere (a page's `data`, a `recent`, …). */
function returnsList(route: RouteDef<never>): boolean {
  const ok = route.success.find((s) => s.status === 200);
  if (!ok?.schema || (ok.contentType ?? 'application/json') !== 'application/json') return false;
  const hasArray = (node: unknown): boolean =>
    Array.isArray(node)
      ? node.some(hasArray)
      : !!node && typeof node === 'object' && ((node as { type?: unknown }).type === 'array' || Object.values(node).some(hasArray));
  return hasArray(z.toJSONSchema(ok.schema, { io: 'output', unrepresentable: 'any' }));
}

/**
 * Every list endpoint (`GET /consents` once returned the wallet's consents for every
 * organization): the route table is walked for the authenticated GET routes whose answer
 * holds a list; organizations A and B each create their own data with the same wallet, and B's
 * answer (B's key, and the wallet's session bound to B where the route takes a JWT) must contain
 * nothing of A's: neither A's organization id nor the id of any row that carries A's
 * `organization_id` (read from the database, every such table). Public routes are left out: they
 * authenticate nobody, so they can hold no tenant's data.
 */
describe('tenant isolation on every list endpoint', () => {
  const listRoutes = ROUTES.filter((r) => r.method === 'get' && r.auth !== 'public' && returnsList(r as RouteDef<never>));
  const name = (r: (typeof listRoutes)[number]) => `GET /api${r.path}`;
  /**
   * Lists that by design hold no organization's rows: the wallet's own balances and stakes (shown
   * to every application the wallet uses) and catalogues shared by all. Every other list must show
   * its owner some of its own rows below, so that a clean answer to B is not a vacuous one.
   */
  const NO_ORGANIZATION_ROWS = new Set([
    'GET /api/gateway/v1/wallet/balances',
    'GET /api/gateway/v1/wallet/deposits',
    // The EIP-712 typed data of a permit for the wallet (its `types` is a list): no stored rows at all.
    'GET /api/gateway/v1/wallet/permit-deposits/typed-data',
    'GET /api/gateway/v1/bridge/permit-typed-data',
    // Read from the staking contract (the wallet's own position, the pool's figures) or typed data to sign.
    'GET /api/gateway/v1/staking/positions',
    'GET /api/gateway/v1/staking/typed-data',
    'GET /api/gateway/v1/farming/pools',
    'GET /api/gateway/v1/governance/proposals',
    // The EIP-712 ballot and delegation for the wallet: no stored rows at all.
    'GET /api/gateway/v1/governance/ballot/typed-data',
    'GET /api/gateway/v1/governance/delegation/typed-data',
    'GET /api/gateway/v1/treasury/overview',
    'GET /api/v1/supply/tariffs',
    // The organization's connector ceiling is one settings document (no row ids); B's
    // answer is B's own ceiling, which the test below compares with A's.
    'GET /api/connectors/ceiling',
  ]);

  type Tenant = { organizationId: string; apiKey: string; token: string; shipmentId: string; deliveryId: string; webhookId: string };
  let stack: Stack;
  let wallet: PrivateKeyAccount;
  let a: Tenant;
  let b: Tenant;
  /** Ids of every row carrying A's organization_id, and A's organization id. */
  let markersOfA: string[];
  /** A proposal of the Governor (proposed by the deployer), for the ballot's typed data. */
  let proposalId: string;

  /** Values of the required query (or path) parameters of a list, for the tenant calling it. */
  const parameterValues: Record<string, (t: Tenant) => string> = {
    shipmentId: (t) => t.shipmentId,
    // GET /webhooks/deliveries/{id} (its attempts); GET /webhooks/{id} takes its own below.
    id: (t) => t.deliveryId,
    patient: () => wallet.address,
    amount: () => '1',
    proposalId: () => proposalId,
    choice: () => 'for',
    delegatee: () => wallet.address,
  };
  /** Path parameters named like another route's, by route path. */
  const parameterValuesByPath: Record<string, Record<string, (t: Tenant) => string>> = {
    '/gateway/v1/webhooks/{id}': { id: (t) => t.webhookId }, // its `events` list
    '/gateway/v1/staking/typed-data': { action: () => 'claim' },
  };

  const headersOf = (route: (typeof listRoutes)[number], t: Tenant): Record<string, string> =>
    route.auth === 'webhooks' ? { 'X-API-Key': t.apiKey } : { 'X-API-Key': t.apiKey, Authorization: `Bearer ${t.token}` };

  const urlOf = (route: (typeof listRoutes)[number], t: Tenant): string => {
    const value = (key: string) => {
      const of = parameterValuesByPath[route.path]?.[key] ?? parameterValues[key];
      if (!of) throw new Error(`${name(route)}: no value for its required parameter "${key}" in parameterValues`);
      return of(t);
    };
    const path = route.path.replace(/\{(\w+)\}/g, (_m, key: string) => encodeURIComponent(value(key)));
    const shape = (route.query?.shape ?? {}) as Record<string, z.ZodType>;
    const required = Object.keys(shape).filter((key) => !shape[key]!.safeParse(undefined).success);
    const query = new URLSearchParams(required.map((key): [string, string] => [key, value(key)]));
    return `/api${path}${required.length ? `?${query}` : ''}`;
  };

  const get = (route: (typeof listRoutes)[number], t: Tenant) => stack.http.get(urlOf(route, t)).set(headersOf(route, t));

  /** An organization, the shared wallet's session bound to it, and one of everything it can create. */
  async function tenant(): Promise<Tenant> {
    const org = await stack.org();
    const { token } = await stack.login(wallet, { apiKey: org.apiKey, allowance: ANY_RECIPIENT_ALLOWANCE });
    const as = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${token}` };
    const post = async (path: string, body: object, expected: number) => {
      const res = await stack.http.post(path).set(as).send(body);
      expect({ path, status: res.status }).toEqual({ path, status: expected });
      return res.body;
    };
    const webhook = await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: `http://127.0.0.1:9999/${org.organizationId}` })
      .expect(201);
    await post('/api/gateway/v1/payments', { amount: '10' }, 201);
    const settled = await post('/api/gateway/v1/payments', { amount: '10' }, 201);
    await post(`/api/gateway/v1/payments/${settled.id}/confirm`, {}, 200);
    await post('/api/gateway/v1/staking/stake', { source: 'custody', amount: '100' }, 202);
    await post('/api/gateway/v1/bridge/initiate', { toChainId: 'eip155:31338', toAddress: newWallet().address, amount: '5' }, 202);
    await post('/api/gateway/v1/consents', await signedConsent(wallet, org.organizationId), 201);
    const purchase = await post('/api/ai-billing/credits/purchase', { credits: 10 }, 201);
    await post(`/api/gateway/v1/payments/${purchase.id}/confirm`, {}, 200);
    await post('/api/ai-billing/consumption', { units: 1, feature: 'chat.completion' }, 201);
    const shipment = await post(
      '/api/cargolink/v1/shipments',
      { reference: `REF-${org.organizationId}`, origin: 'DE', destination: 'US' },
      201,
    );
    await post(`/api/cargolink/v1/shipments/${shipment.id}/checkpoints`, { location: 'Hamburg', status: 'in_transit' }, 201);
    const certificate = { shipmentId: shipment.id, kind: 'origin', issuer: 'Chamber', number: 'C-1', issuedAt: new Date().toISOString() };
    await post('/api/cargolink/v1/certificates', certificate, 201);
    await post('/api/v1/supply/customs/clear', { shipmentId: shipment.id, declaredValue: '1000', hsCode: '847130' }, 202);
    await stack.api.deps.prisma.carbonCredit.create({
      data: {
        organizationId: org.organizationId,
        registry: 'Verra',
        projectName: `Project ${org.organizationId}`,
        vintage: 2024,
        tonnes: 5,
      },
    });
    // A grant of the wallet to an AI connector (with its consent audit record), under a ceiling.
    await connectorToken(stack, { organizationId: org.organizationId, wallet: wallet.address, scopes: ['payments:read'] });
    // A read of the wallet's clinical records under the consent above (logged for this organization).
    await stack.http.get(`/api/v1/health/records?patient=${wallet.address}`).set(as).expect(200);
    const delivery = await stack.api.deps.prisma.delivery.findFirstOrThrow({ where: { organizationId: org.organizationId } });
    return {
      organizationId: org.organizationId,
      apiKey: org.apiKey,
      token,
      shipmentId: shipment.id,
      deliveryId: delivery.id,
      webhookId: webhook.body.id as string,
    };
  }

  beforeAll(async () => {
    stack = await startStack('tenancy-lists', { chain: true, env: { WEBHOOK_MAX_ATTEMPTS: '1', RATE_LIMIT_MAX: '100000' } });
    wallet = newWallet();
    await stack.api.deps.prisma.walletRole.create({ data: { address: wallet.address, role: 'agent' } });
    await stack.mint(wallet.address, 10n ** 21n);
    await stack.api.deps.prisma.clinicalRecord.create({
      data: { patient: wallet.address, kind: 'lab_result', summary: 'HbA1c 5.4 %', recordedAt: new Date() },
    });
    a = await tenant();
    b = await tenant();
    proposalId = await proposeOnChain(stack);
    // Every delivery has died (nothing answers at its URL), so the rows below are final.
    await eventually(async () => {
      const deliveries = await stack.api.deps.prisma.delivery.findMany({ select: { status: true } });
      return deliveries.length >= 2 && deliveries.every((d) => d.status === 'dead');
    });
    const tables = await stack.api.deps.prisma.$queryRaw<{ table_name: string }[]>`
      SELECT c.table_name FROM information_schema.columns c
      JOIN information_schema.columns i ON i.table_schema = c.table_schema AND i.table_name = c.table_name AND i.column_name = 'id'
      WHERE c.table_schema = current_schema() AND c.column_name = 'organization_id'
      ORDER BY c.table_name`;
    markersOfA = [a.organizationId];
    for (const { table_name } of tables) {
      const rows = await stack.api.deps.prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT id::text AS id FROM "${table_name}" WHERE organization_id = $1::uuid`,
        a.organizationId,
      );
      markersOfA.push(...rows.map((r) => r.id));
    }
  });
  afterAll(() => stack.stop());

  const leaksOfA = (text: string) => markersOfA.filter((m) => text.includes(m));

  it('walks every list route, each registered', () => {
    expect(listRoutes.length).toBeGreaterThanOrEqual(15);
    const registered = new Set(registeredRoutes(stack.api.app).map((r) => r.operationId));
    expect(listRoutes.filter((r) => !registered.has(r.operationId)).map(name)).toEqual([]);
    const names = listRoutes.map(name);
    expect([...NO_ORGANIZATION_ROWS].filter((n) => !names.includes(n))).toEqual([]);
  });

  it.each(listRoutes.map((r) => [name(r), r] as const))('%s: nothing of organization A in B’s answer', async (_name, route) => {
    const mine = await get(route, a);
    expect(mine.status).toBe(200);
    // Not vacuous: A sees its own rows here (unless the list holds no organization's rows by design).
    if (!NO_ORGANIZATION_ROWS.has(name(route))) expect(leaksOfA(mine.text).length).toBeGreaterThan(0);
    const theirs = await get(route, b);
    expect(theirs.status).toBe(200);
    expect(leaksOfA(theirs.text)).toEqual([]);
  });
});

/** A proposal of the deployer's on the stack's Governor (a payment of 1 base unit from the treasury); its id. */
async function proposeOnChain(stack: Stack): Promise<string> {
  const deps = stack.api.deps;
  const home = deps.chains.home!;
  const [token, governor] = await Promise.all([
    contractAddress(deps, home.chainId, 'token'),
    contractAddress(deps, home.chainId, 'governor'),
  ]);
  const deployer = deployerAccount(deps, home);
  const calldatas = [encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [deployer.address, 1n] })];
  const description = 'Tenancy: a proposal';
  const hash = await walletClientOf(deps, home, deployer).writeContract({
    address: governor,
    abi: GatewayGovernor.abi,
    functionName: 'propose',
    args: [[token], [0n], calldatas, description],
    account: deployer,
    chain: undefined,
  } as never);
  await publicClientOf(deps, home).waitForTransactionReceipt({ hash });
  const id = await publicClientOf(deps, home).readContract({
    address: governor,
    abi: GatewayGovernor.abi,
    functionName: 'hashProposal',
    args: [[token], [0n], calldatas, keccak256(toHex(description))],
  });
  return id.toString();
}
