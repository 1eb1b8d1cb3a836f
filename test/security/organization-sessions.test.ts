import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueCredential } from '@gw/core/auth';
import { parseScopes } from '@gw/core/auth';
import { startStack, type Stack } from '../support/stack.js';
import { newWallet } from '../support/wallet.js';

/**
 * Outside review, finding 1: a session JWT was a bearer capability for every
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
    stack = await startStack('org-sessions', { chain: true, worker: false });
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

  it("organization B gets 403 with w2's JWT on consent, health records and transfer, with its API key", async () => {
    const to = newWallet().address;
    for (const key of [orgB.apiKey]) {
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

  it("a static AI-connector token (ct_) is refused everywhere, 401 saying to connect through OAuth: with its own organization's session a transfer moves nothing", async () => {
    const w3 = await stack.login(newWallet(), { apiKey: orgB.apiKey });
    await stack.mint(w3.address, 10n * ONE);
    const transfer = await stack.http
      .post('/api/gateway/v1/wallet/transfer')
      .set(as(connectorB, w3.token))
      .send({ to: newWallet().address, amount: ONE.toString() });
    expect(transfer.status).toBe(401);
    expect(transfer.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(transfer.body).toMatchObject({ type: '/problems/unauthenticated', status: 401 });
    expect(transfer.body.detail).toMatch(/OAuth/);
    expect(transfer.headers['www-authenticate']).toMatch(/ApiKey .*error="invalid_key"/);
    expect(await stack.api.deps.prisma.walletTransfer.count({ where: { fromAddress: w3.address } })).toBe(0);
    // Nor does it log a wallet in for its organization.
    const { signedLogin } = await import('../support/wallet.js');
    const login = await stack.http
      .post('/api/gateway/v1/sso/login')
      .set('X-API-Key', connectorB)
      .send(await signedLogin(newWallet(), { nonce: await stack.nonce() }));
    expect({ status: login.status, type: login.body.type }).toEqual({ status: 401, type: '/problems/unauthenticated' });
    expect(login.body.detail).toMatch(/OAuth/);
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

/**
 * Finding 1, second half ("Consent is a statement the patient signs"): the access log
 * recorded whatever JWT the reader sent, proving nothing about who consented. Now a consent is the
 * patient's EIP-712 signature, stored and verifiable by anyone, and reads are logged against it.
 */
describe('finding 1: consent is an EIP-712 statement the patient signs', () => {
  let stack: Stack;
  let clinic: { organizationId: string; apiKey: string };
  let patient: Awaited<ReturnType<Stack['login']>>;
  let attacker: Awaited<ReturnType<Stack['login']>>;

  beforeAll(async () => {
    stack = await startStack('signed-consent', { worker: false });
    clinic = await stack.org('all', { native: true });
    patient = await stack.login();
    attacker = await stack.login();
    await stack.api.deps.prisma.clinicalRecord.create({
      data: { patient: patient.address, kind: 'diagnosis', summary: 'E11.9', recordedAt: new Date() },
    });
  });
  afterAll(() => stack.stop());

  const as = (jwt: string) => ({ 'X-API-Key': clinic.apiKey, Authorization: `Bearer ${jwt}` });

  it("a JWT alone no longer creates a consent, nor does another wallet's signature, a stale or a replayed statement", async () => {
    const { signedConsent } = await import('../support/consent.js');
    const jwtOnly = await stack.http
      .post('/api/gateway/v1/consents')
      .set(as(patient.token))
      .send({ organizationId: clinic.organizationId });
    expect(jwtOnly.status).toBe(400);
    const signedByAttacker = await signedConsent(patient.wallet, clinic.organizationId, { signer: attacker.wallet });
    const stale = await signedConsent(patient.wallet, clinic.organizationId, { issuedAt: Math.floor(Date.now() / 1000) - 3600 });
    for (const body of [signedByAttacker, stale]) {
      const res = await stack.http.post('/api/gateway/v1/consents').set(as(patient.token)).send(body);
      expect({ status: res.status, type: res.body.type }).toEqual({ status: 422, type: '/problems/invalid-consent-signature' });
    }
    // The attacker's own JWT with the patient's genuine signature: the signature is not the JWT wallet's.
    const genuine = await signedConsent(patient.wallet, clinic.organizationId);
    expect((await stack.http.post('/api/gateway/v1/consents').set(as(attacker.token)).send(genuine)).status).toBe(422);
    expect(await stack.api.deps.prisma.consent.count()).toBe(0);
    expect((await stack.http.post('/api/gateway/v1/consents').set(as(patient.token)).send(genuine)).status).toBe(201);
    const replay = await stack.http.post('/api/gateway/v1/consents').set(as(patient.token)).send(genuine);
    expect(replay.status).toBe(422);
  });

  it('the stored signature verifies with viem from the stored fields, and reads are logged against the consent id', async () => {
    const { verifyTypedData } = await import('viem');
    const { consentTypedData } = await import('@gw/core/consents');
    const row = await stack.api.deps.prisma.consent.findFirstOrThrow({ where: { patient: patient.address, revokedAt: null } });
    const statement = {
      organization: row.organizationId,
      purpose: row.purpose!,
      scopes: row.scopes,
      issuedAt: row.issuedAt!.getTime() / 1000,
      expiresAt: row.expiresAt!.getTime() / 1000,
      nonce: row.nonce!,
    };
    const typed = consentTypedData(patient.address as `0x${string}`, statement);
    expect(await verifyTypedData({ address: patient.address as `0x${string}`, ...typed, signature: row.signature as `0x${string}` })).toBe(
      true,
    );
    expect(await verifyTypedData({ address: attacker.address as `0x${string}`, ...typed, signature: row.signature as `0x${string}` })).toBe(
      false,
    );

    const read = await stack.http.get(`/api/v1/health/records?patient=${patient.address}`).set(as(attacker.token));
    expect(read.status).toBe(200);
    expect(read.body.consentId).toBe(row.id);
    const log = await stack.api.deps.prisma.healthAccessLog.findFirstOrThrow({ where: { granted: true }, orderBy: { id: 'desc' } });
    expect(log).toMatchObject({ consentId: row.id, patient: patient.address, organizationId: clinic.organizationId });
  });

  it('an unsigned consent row (as the JWT-only endpoint used to write) allows nothing, nor does an expired one', async () => {
    const other = await stack.login();
    const prisma = stack.api.deps.prisma;
    await prisma.clinicalRecord.create({ data: { patient: other.address, kind: 'lab_result', summary: 'x', recordedAt: new Date() } });
    await prisma.consent.create({ data: { patient: other.address, organizationId: clinic.organizationId } });
    const unsigned = await stack.http.get(`/api/v1/health/records?patient=${other.address}`).set(as(patient.token));
    expect(unsigned.status).toBe(403);
    const { signedConsent } = await import('../support/consent.js');
    const body = await signedConsent(other.wallet, clinic.organizationId);
    const created = await stack.http.post('/api/gateway/v1/consents').set(as(other.token)).send(body);
    expect(created.status).toBe(201);
    await prisma.consent.update({ where: { id: created.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await stack.http.get(`/api/v1/health/records?patient=${other.address}`).set(as(patient.token))).status).toBe(403);
  });

  it('revoking takes the patient signature of a ConsentRevocation naming the consent', async () => {
    const { signedRevocation } = await import('../support/consent.js');
    const row = await stack.api.deps.prisma.consent.findFirstOrThrow({ where: { patient: patient.address, revokedAt: null } });
    const path = `/api/gateway/v1/consents/${row.id}`;
    expect((await stack.http.delete(path).set(as(patient.token))).status).toBe(400);
    const byAttacker = await signedRevocation(patient.wallet, row.id, { signer: attacker.wallet });
    expect((await stack.http.delete(path).set(as(patient.token)).send(byAttacker)).status).toBe(422);
    const otherId = await signedRevocation(patient.wallet, '0193a5c0-0000-7000-8000-000000000001');
    expect((await stack.http.delete(path).set(as(patient.token)).send(otherId)).status).toBe(422);
    const genuine = await signedRevocation(patient.wallet, row.id);
    const revoked = await stack.http.delete(path).set(as(patient.token)).send(genuine);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revocationSignature).toBe(genuine.signature);
  });
});
