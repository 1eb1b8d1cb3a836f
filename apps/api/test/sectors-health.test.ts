import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PrivateKeyAccount } from 'viem/accounts';
import { issueCredential } from '@gw/core/auth';
import { signedConsent, signedRevocation } from '../../../test/support/consent.js';
import { startStack, type Stack } from '../../../test/support/stack.js';

/**
 * Clinical records and consents (spec: "a valid token alone is not enough"): records are
 * readable only under the patient's active consent for the calling organization; patients record
 * and revoke consents with their own JWT and their wallet's EIP-712 signature;
 * every read attempt is logged against the consent that allowed it.
 */
describe('sectors: health records and consents', () => {
  let stack: Stack;
  let clinic: { organizationId: string; apiKey: string };
  let other: { organizationId: string; apiKey: string };
  let patient: { token: string; address: string; wallet: PrivateKeyAccount };
  let reader: { token: string; address: string };
  let stranger: { token: string; address: string; wallet: PrivateKeyAccount };

  const as = (key: string | undefined, token: string | undefined) => {
    const headers = () => ({ ...(key ? { 'X-API-Key': key } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) });
    return {
      get: (path: string) => stack.http.get(`/api${path}`).set(headers()),
      post: (path: string, body?: object) => stack.http.post(`/api${path}`).set(headers()).send(body),
      delete: (path: string, body?: object) => stack.http.delete(`/api${path}`).set(headers()).send(body),
    };
  };
  const prisma = () => stack.api.deps.prisma;
  const records = (key: string, who = patient.address, extra = '') =>
    as(key, reader.token).get(`/v1/health/records?patient=${who}${extra}`);
  const logs = (organizationId: string) => prisma().healthAccessLog.findMany({ where: { organizationId }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    stack = await startStack('sectors-health', { worker: false });
    clinic = await stack.org('health:read,consents:read');
    other = await stack.org('health:read');
    patient = await stack.login();
    reader = await stack.login();
    stranger = await stack.login();
    const day = 86_400_000;
    await prisma().clinicalRecord.createMany({
      data: [
        { patient: patient.address, kind: 'lab_result', summary: 'HbA1c 5.4 %', recordedAt: new Date(Date.now() - 30 * day) },
        { patient: patient.address, kind: 'prescription', summary: 'Amoxicillin 500 mg', recordedAt: new Date(Date.now() - 2 * day) },
        { patient: patient.address, kind: 'immunization', summary: 'Influenza vaccine', recordedAt: new Date(Date.now() - 10 * day) },
        { patient: stranger.address, kind: 'diagnosis', summary: 'Not the patient', recordedAt: new Date() },
      ],
    });
  });
  afterAll(() => stack.stop());

  it('without consent: 403 consent-required, and the refused attempt is logged', async () => {
    const res = await records(clinic.apiKey);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: '/problems/consent-required',
      title: 'Consent required',
      status: 403,
      patient: patient.address,
    });
    expect(JSON.stringify(res.body)).not.toContain('HbA1c');
    const [log] = await logs(clinic.organizationId);
    const principal = await prisma().credential.findFirstOrThrow({ where: { organizationId: clinic.organizationId } });
    expect(log).toMatchObject({
      organizationId: clinic.organizationId,
      credentialId: principal.id,
      caller: reader.address,
      patient: patient.address,
      recordCount: 0,
      granted: false,
    });
  });

  it('consent recorded → read allowed (logged) → revoked → 403 again (logged)', async () => {
    // The patient records a signed consent with their own JWT, through any (native) organization's API key.
    const first = await as(other.apiKey, patient.token).post(
      '/gateway/v1/consents',
      await signedConsent(patient.wallet, clinic.organizationId),
    );
    expect(first.status).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    // A newer signed consent for the same organization replaces the active one.
    const signed = await signedConsent(patient.wallet, clinic.organizationId, { purpose: 'Second opinion' });
    const created = await as(clinic.apiKey, patient.token).post('/gateway/v1/consents', signed);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      patient: patient.address,
      organizationId: clinic.organizationId,
      scope: 'health:read',
      purpose: 'Second opinion',
      scopes: ['health:read'],
      nonce: signed.consent.nonce,
      issuedAt: new Date(signed.consent.issuedAt * 1000).toISOString(),
      expiresAt: new Date(signed.consent.expiresAt * 1000).toISOString(),
      signature: signed.signature,
      revocationSignature: null,
      revocationNonce: null,
      createdAt: expect.any(String),
      revokedAt: null,
    });
    expect(created.body.id).not.toBe(first.body.id);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: first.body.id } })).revokedAt).not.toBeNull();

    const before = (await logs(clinic.organizationId)).length;
    const ok = await records(clinic.apiKey);
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.body.patient).toBe(patient.address);
    expect(ok.body.consentId).toBe(created.body.id);
    expect(ok.body.data.map((r: { kind: string }) => r.kind)).toEqual(['prescription', 'immunization', 'lab_result']);
    expect(ok.body.data[0]).toEqual({
      id: expect.any(String),
      patient: patient.address,
      kind: 'prescription',
      summary: 'Amoxicillin 500 mg',
      recordedAt: expect.any(String),
    });
    expect(ok.body.nextCursor).toBeNull();
    const granted = (await logs(clinic.organizationId)).slice(before);
    expect(granted).toEqual([
      expect.objectContaining({
        caller: reader.address,
        patient: patient.address,
        consentId: created.body.id,
        recordCount: 3,
        granted: true,
      }),
    ]);

    // Pages, each logged with what it returned.
    const p1 = await records(clinic.apiKey, patient.address, '&limit=2');
    const p2 = await records(clinic.apiKey, patient.address, `&limit=2&cursor=${p1.body.nextCursor}`);
    expect([...p1.body.data, ...p2.body.data].map((r: { kind: string }) => r.kind)).toEqual(['prescription', 'immunization', 'lab_result']);
    expect(p2.body.nextCursor).toBeNull();
    expect((await logs(clinic.organizationId)).slice(-2).map((l) => l.recordCount)).toEqual([2, 1]);

    // The consent is for that organization only.
    expect((await records(other.apiKey)).status).toBe(403);

    const revocation = await signedRevocation(patient.wallet, created.body.id);
    const revoked = await as(clinic.apiKey, patient.token).delete(`/gateway/v1/consents/${created.body.id}`, revocation);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.body.id, revokedAt: expect.any(String), revocationSignature: revocation.signature });
    const refused = await records(clinic.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe('/problems/consent-required');
    expect((await logs(clinic.organizationId)).at(-1)).toMatchObject({ granted: false, recordCount: 0 });
    // Revoking twice changes nothing.
    const twice = await as(clinic.apiKey, patient.token).delete(
      `/gateway/v1/consents/${created.body.id}`,
      await signedRevocation(patient.wallet, created.body.id),
    );
    expect(twice.body.revokedAt).toBe(revoked.body.revokedAt);

    // A new consent after a revocation is a new record (201), and reads work again.
    const renewed = await as(clinic.apiKey, patient.token).post(
      '/gateway/v1/consents',
      await signedConsent(patient.wallet, clinic.organizationId),
    );
    expect(renewed.status).toBe(201);
    expect(renewed.body.id).not.toBe(created.body.id);
    expect((await records(clinic.apiKey)).status).toBe(200);
    await as(clinic.apiKey, patient.token).delete(
      `/gateway/v1/consents/${renewed.body.id}`,
      await signedRevocation(patient.wallet, renewed.body.id),
    );
  });

  it("GET /gateway/v1/consents lists the wallet's own consents only", async () => {
    const mine = await as(clinic.apiKey, patient.token).get('/gateway/v1/consents');
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThanOrEqual(2);
    expect(mine.body.data.every((c: { patient: string }) => c.patient === patient.address)).toBe(true);
    expect((await as(clinic.apiKey, stranger.token).get('/gateway/v1/consents')).body).toEqual({ data: [], nextCursor: null });
    const p1 = await as(clinic.apiKey, patient.token).get('/gateway/v1/consents?limit=1');
    expect(p1.body.data).toHaveLength(1);
    expect(p1.body.nextCursor).toEqual(expect.any(String));
  });

  it("GET /gateway/v1/consents lists only the consents given to the caller's organization", async () => {
    const x = await stack.org('all');
    const y = await stack.org('all');
    const wallet = (await stack.login()).wallet;
    const inX = await stack.login(wallet, { apiKey: x.apiKey });
    const inY = await stack.login(wallet, { apiKey: y.apiKey });
    const forX = await as(x.apiKey, inX.token).post('/gateway/v1/consents', await signedConsent(wallet, x.organizationId));
    const forY = await as(y.apiKey, inY.token).post('/gateway/v1/consents', await signedConsent(wallet, y.organizationId));
    expect([forX.status, forY.status]).toEqual([201, 201]);
    const seenBy = async (key: string, token: string) => {
      const res = await as(key, token).get('/gateway/v1/consents');
      expect(res.status).toBe(200);
      return res.body.data.map((c: { id: string; organizationId: string }) => ({ id: c.id, organizationId: c.organizationId }));
    };
    // The same wallet, through each organization: only that organization's consent (no purpose,
    // nonce or signature of a consent given to another organization).
    expect(await seenBy(x.apiKey, inX.token)).toEqual([{ id: forX.body.id, organizationId: x.organizationId }]);
    expect(await seenBy(y.apiKey, inY.token)).toEqual([{ id: forY.body.id, organizationId: y.organizationId }]);
  });

  it('listing consents needs consents:read on an API key; a static AI-connector token is refused whatever its scopes', async () => {
    const x = await stack.org('all');
    const wallet = (await stack.login()).wallet;
    const session = await stack.login(wallet, { apiKey: x.apiKey });
    expect((await as(x.apiKey, session.token).post('/gateway/v1/consents', await signedConsent(wallet, x.organizationId))).status).toBe(
      201,
    );
    const credential = async (kind: 'api_key' | 'connector', scopes: string[]) =>
      (await issueCredential(prisma(), { organizationId: x.organizationId, kind, scopes: scopes as never })).secret;

    for (const scopes of [['billing:read'], ['consents:read'], ['billing:read', 'consents:read', 'health:read']]) {
      const res = await as(await credential('connector', scopes), session.token).get('/gateway/v1/consents');
      expect({ scopes, status: res.status, type: res.body.type }).toEqual({ scopes, status: 401, type: '/problems/unauthenticated' });
      expect(JSON.stringify(res.body)).not.toContain(x.organizationId);
    }
    const billing = await as(await credential('api_key', ['billing:read', 'health:read']), session.token).get('/gateway/v1/consents');
    expect(billing.status).toBe(403);
    expect(billing.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'consents:read' });
    const reader = await as(await credential('api_key', ['consents:read']), session.token).get('/gateway/v1/consents');
    expect(reader.status).toBe(200);
    expect(reader.body.data).toHaveLength(1);
  });

  it("another wallet cannot revoke a patient's consent (404); the consent stays active", async () => {
    const c = await as(clinic.apiKey, patient.token).post(
      '/gateway/v1/consents',
      await signedConsent(patient.wallet, other.organizationId),
    );
    const res = await as(clinic.apiKey, stranger.token).delete(
      `/gateway/v1/consents/${c.body.id}`,
      await signedRevocation(stranger.wallet, c.body.id),
    );
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('/problems/not-found');
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.body.id } })).revokedAt).toBeNull();
    const unknown = '0193a5c0-0000-7000-8000-000000000001';
    expect(
      (await as(clinic.apiKey, patient.token).delete(`/gateway/v1/consents/${unknown}`, await signedRevocation(patient.wallet, unknown)))
        .status,
    ).toBe(404);
    await as(clinic.apiKey, patient.token).delete(`/gateway/v1/consents/${c.body.id}`, await signedRevocation(patient.wallet, c.body.id));
  });

  it('concurrent consent requests leave one active consent', async () => {
    const target = await stack.org('payments:read');
    const bodies = await Promise.all(Array.from({ length: 5 }, () => signedConsent(patient.wallet, target.organizationId)));
    const results = await Promise.all(bodies.map((body) => as(clinic.apiKey, patient.token).post('/gateway/v1/consents', body)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(
      await prisma().consent.count({ where: { patient: patient.address, organizationId: target.organizationId, revokedAt: null } }),
    ).toBe(1);
  });

  it('bad input is 400 and changes nothing (no consent, no access log row)', async () => {
    const consents = await prisma().consent.count();
    for (const body of [{}, { organizationId: 'acme' }, { organizationId: clinic.organizationId, patient: reader.address }]) {
      const res = await as(clinic.apiKey, patient.token).post('/gateway/v1/consents', body);
      expect(res.status).toBe(400);
    }
    const unknownOrg = await as(clinic.apiKey, patient.token).post(
      '/gateway/v1/consents',
      await signedConsent(patient.wallet, '0193a5c0-0000-7000-8000-000000000001'),
    );
    expect(unknownOrg.status).toBe(404);
    expect(await prisma().consent.count()).toBe(consents);

    const logged = await prisma().healthAccessLog.count();
    // Flip the case of one letter of the EIP-55 form: still mixed case, checksum now wrong.
    const i = [...patient.address].findIndex((ch, k) => k >= 2 && /[a-fA-F]/.test(ch));
    const ch = patient.address[i]!;
    const badChecksum =
      patient.address.slice(0, i) + (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) + patient.address.slice(i + 1);
    for (const q of [
      '',
      '?patient=',
      '?patient=0x1234',
      '?patient=not-an-address',
      `?patient=${patient.address}&limit=0`,
      `?patient=${patient.address}&cursor=xyz`,
      `?patient=${patient.address}&foo=1`,
    ]) {
      const res = await as(clinic.apiKey, reader.token).get(`/v1/health/records${q}`);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation-error');
    }
    expect((await as(clinic.apiKey, reader.token).get(`/v1/health/records?patient=${badChecksum}`)).status).toBe(400);
    expect(await prisma().healthAccessLog.count()).toBe(logged);
    // A lower-case address is accepted and normalised to EIP-55.
    const lower = await as(clinic.apiKey, reader.token).get(`/v1/health/records?patient=${patient.address.toLowerCase()}`);
    expect(lower.status).toBe(403);
    expect(lower.body.patient).toBe(patient.address);
  });

  it('401 without an API key or a JWT; 403 without the health:read scope (not logged)', async () => {
    const logged = await prisma().healthAccessLog.count();
    expect((await as(undefined, reader.token).get(`/v1/health/records?patient=${patient.address}`)).status).toBe(401);
    expect((await as(clinic.apiKey, undefined).get(`/v1/health/records?patient=${patient.address}`)).status).toBe(401);
    expect((await as(clinic.apiKey, 'not.a.jwt').get(`/v1/health/records?patient=${patient.address}`)).status).toBe(401);
    const noScope = await stack.org('logistics:read');
    const res = await as(noScope.apiKey, reader.token).get(`/v1/health/records?patient=${patient.address}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'health:read' });
    expect(await prisma().healthAccessLog.count()).toBe(logged);

    // Consents need the patient's JWT and an API key: any scope to record or revoke (the patient's
    // signature is the authority), `consents:read` to list.
    expect((await as(undefined, patient.token).post('/gateway/v1/consents', { organizationId: clinic.organizationId })).status).toBe(401);
    expect((await as(clinic.apiKey, undefined).post('/gateway/v1/consents', { organizationId: clinic.organizationId })).status).toBe(401);
    expect((await as(clinic.apiKey, undefined).get('/gateway/v1/consents')).status).toBe(401);
    expect((await as(clinic.apiKey, undefined).delete('/gateway/v1/consents/0193a5c0-0000-7000-8000-000000000001')).status).toBe(401);
    const anyScope = await as(noScope.apiKey, patient.token).get('/gateway/v1/consents');
    expect(anyScope.status).toBe(403);
    expect(anyScope.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'consents:read' });
  });
});
