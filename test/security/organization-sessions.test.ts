import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueCredential, parseScopes } from '@gw/core';
import { startStack, type Stack } from '../support/stack.js';
import { newWallet } from '../support/wallet.js';

/**
 * Outside review, finding 1 (issue #11): a session JWT was a bearer capability for every
 * organization. Reproduced as described: organization B, holding wallet w2's JWT (w2 logged in
 * through organization A's app), got 201 on a consent, 200 on the health records and 201 on a
 * transfer with its own API key (any scope) and even with a connector token.
 */
describe('finding 1: a session JWT is bound to the organization it was issued through', () => {
  let stack: Stack;
  let orgA: { organizationId: string; apiKey: string };
  let orgB: { organizationId: string; apiKey: string };
  let connectorB: string;
  let w2: { token: string; address: string };
  const ONE = 10n ** 18n;

  beforeAll(async () => {
    stack = await startStack('org-sessions', { worker: false });
    orgA = await stack.org('all', { native: false });
    orgB = await stack.org('all', { native: false });
    connectorB = (
      await issueCredential(stack.api.deps.prisma, { organizationId: orgB.organizationId, kind: 'connector', scopes: parseScopes('all') })
    ).secret;
    // w2 logs in through organization A's backend: A's key goes with the login.
    w2 = await stack.login(newWallet(), { apiKey: orgA.apiKey });
    await stack.mint(w2.address, 10n * ONE);
    await stack.api.deps.prisma.clinicalRecord.create({
      data: { patient: w2.address, kind: 'lab_result', summary: 'HbA1c 5.4 %', recordedAt: new Date() },
    });
  });
  afterAll(() => stack.stop());

  const as = (key: string, jwt: string) => ({ 'X-API-Key': key, Authorization: `Bearer ${jwt}` });

  it("organization B gets 403 with w2's JWT on consent, health records and transfer, with its API key and its connector token", async () => {
    const to = newWallet().address;
    for (const key of [orgB.apiKey, connectorB]) {
      const consent = await stack.http
        .post('/api/gateway/v1/consents')
        .set(as(key, w2.token))
        .send({ organizationId: orgB.organizationId });
      const records = await stack.http.get(`/api/v1/health/records?patient=${w2.address}`).set(as(key, w2.token));
      const transfer = await stack.http.post('/api/gateway/v1/wallet/transfer').set(as(key, w2.token)).send({ to, amount: ONE.toString() });
      for (const res of [consent, records, transfer]) {
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.type).toBe('/problems/session-organization-mismatch');
      }
    }
    const consents = await stack.api.deps.prisma.consent.count({ where: { organizationId: orgB.organizationId } });
    const transfers = await stack.api.deps.prisma.walletTransfer.count({ where: { fromAddress: w2.address } });
    expect({ consents, transfers }).toEqual({ consents: 0, transfers: 0 });
  });

  it("the JWT carries the organization as `org` and `azp`, and works with A's own key", async () => {
    const claims = JSON.parse(Buffer.from(w2.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ org: orgA.organizationId, azp: orgA.organizationId, aud: stack.config.JWT_AUDIENCE });
    const res = await stack.http.get('/api/gateway/v1/wallet/balances').set(as(orgA.apiKey, w2.token));
    expect(res.status).toBe(200);
  });

  it("a native JWT (login without a key) is refused with a non-native organization's key, with a problem document saying why", async () => {
    const native = await stack.login();
    const res = await stack.http.get('/api/gateway/v1/wallet/balances').set(as(orgB.apiKey, native.token));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ type: '/problems/native-session-not-allowed', status: 403 });
    expect(res.body.detail).toMatch(/native/);
    const nativeOrg = await stack.org('all', { native: true });
    expect((await stack.http.get('/api/gateway/v1/wallet/balances').set(as(nativeOrg.apiKey, native.token))).status).toBe(200);
  });

  it('a login with an unknown API key is 401, not a native session', async () => {
    const res = await stack.http
      .post('/api/gateway/v1/sso/login')
      .set('X-API-Key', `sk_${'x'.repeat(43)}`)
      .send({ message: 'm', signature: '0x00' });
    expect([400, 401]).toContain(res.status);
    const wallet = newWallet();
    const { signedLogin } = await import('../support/wallet.js');
    const login = await stack.http
      .post('/api/gateway/v1/sso/login')
      .set('X-API-Key', `sk_${'x'.repeat(43)}`)
      .send(await signedLogin(wallet, { nonce: await stack.nonce() }));
    expect(login.status).toBe(401);
    expect(login.body.type).toBe('/problems/unauthenticated');
  });
});
