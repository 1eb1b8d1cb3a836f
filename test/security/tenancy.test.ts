import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registeredRoutes } from '@gw/api';
import { startStack, eventually, type Stack } from '../support/stack.js';
import type { PrivateKeyAccount } from 'viem/accounts';
import { signedConsent, signedRevocation } from '../support/consent.js';
import { newWallet } from '../support/wallet.js';
import { dbDigest } from '../support/db-digest.js';

type Caller = { apiKey: string; token: string; address: string; organizationId: string; wallet: PrivateKeyAccount };

/**
 * Tenant isolation (issue #6, attack 4): every endpoint that takes an id, called by another
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
    const { token, address } = await stack.login(wallet);
    await stack.mint(address, 10n ** 21n);
    return { apiKey: org.apiKey, organizationId: org.organizationId, token, address, wallet };
  };
  const as = (c: Caller) => ({ 'X-API-Key': c.apiKey, Authorization: `Bearer ${c.token}` });

  beforeAll(async () => {
    stack = await startStack('tenancy', { env: { WEBHOOK_MAX_ATTEMPTS: '1', RATE_LIMIT_MAX: '100000' } });
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
    ids.position = (await post('/api/gateway/v1/staking/stake', { amount: '100' }, 201)).id;
    ids.bridge = (
      await post('/api/gateway/v1/bridge/initiate', { toChainId: 'eip155:137', toAddress: newWallet().address, amount: '5' }, 202)
    ).id;
    ids.consent = (await post('/api/gateway/v1/consents', await signedConsent(a.wallet, a.organizationId), 201)).id;
    // B's own valid revocation signature for A's consent id (issue #11: revocations are signed).
    revocationByB = await signedRevocation(b.wallet, ids.consent!);
    ids.shipment = (await post('/api/cargolink/v1/shipments', { reference: 'REF-1', origin: 'DE', destination: 'US' }, 201)).id;
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
    'POST /api/gateway/v1/staking/positions/:id/unstake': () => ({
      method: 'post',
      path: `/api/gateway/v1/staking/positions/${ids.position}/unstake`,
      headers: () => as(b),
    }),
    'GET /api/gateway/v1/bridge/transfers/:id': () => ({
      method: 'get',
      path: `/api/gateway/v1/bridge/transfers/${ids.bridge}`,
      headers: () => as(b),
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
    expect((await stack.http.get(`/api/v1/supply/checkpoints?shipmentId=${ids.shipment}`).set(as(a))).status).toBe(200);
    const recovered = await stack.http
      .post(`/api/gateway/v1/webhooks/${ids.webhook}/recover`)
      .set('X-API-Key', a.apiKey)
      .send({ since: new Date(Date.now() - 3600_000).toISOString() });
    expect(recovered.status).toBe(202);
    expect(recovered.body.recovered).toBeGreaterThanOrEqual(1); // A's dead delivery
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
