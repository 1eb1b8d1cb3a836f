import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { newWallet } from '../../../test/support/wallet.js';

/** Logistics, customs and energy endpoints: `/api/v1/...` and `/api/cargolink/v1/...`. */
describe('sectors: supply, customs, energy, cargolink', () => {
  let stack: Stack;
  let orgA: { organizationId: string; apiKey: string };
  let orgB: { organizationId: string; apiKey: string };
  let user: { token: string; address: string };
  let agent: { token: string; address: string };

  const as = (key: string | undefined, token: string | undefined) => {
    const headers = (extra: Record<string, string> = {}) => ({
      ...(key ? { 'X-API-Key': key } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...extra,
    });
    return {
      get: (path: string) => stack.http.get(`/api${path}`).set(headers()),
      post: (path: string, body?: object, extra: Record<string, string> = {}) =>
        stack.http.post(`/api${path}`).set(headers(extra)).send(body),
    };
  };
  const A = () => as(orgA.apiKey, user.token);
  const B = () => as(orgB.apiKey, user.token);
  const prisma = () => stack.api.deps.prisma;

  const newShipment = async (client = A(), body: Record<string, unknown> = {}) => {
    const res = await client.post('/cargolink/v1/shipments', {
      reference: `REF-${Math.random().toString(36).slice(2, 10)}`,
      origin: 'BR',
      destination: 'DE',
      ...body,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; reference: string; status: string };
  };

  beforeAll(async () => {
    stack = await startStack('sectors-supply', { worker: false });
    orgA = await stack.org();
    orgB = await stack.org();
    user = await stack.login();
    const agentWallet = newWallet();
    await stack.api.deps.prisma.walletRole.create({ data: { address: agentWallet.address, role: 'agent' } });
    agent = await stack.login(agentWallet);
  });
  afterAll(() => stack.stop());

  describe('authentication and scopes', () => {
    const reads = [
      '/v1/supply/shipments',
      '/v1/supply/checkpoints?shipmentId=0193a5c0-0000-7000-8000-000000000001',
      '/v1/supply/certificates',
      '/v1/supply/tariffs',
      '/v1/energy/credits',
    ];
    const writes: [string, object][] = [
      ['/v1/supply/customs/clear', { shipmentId: '0193a5c0-0000-7000-8000-000000000001', declaredValue: '1', hsCode: '0901' }],
      ['/cargolink/v1/shipments', { reference: 'X-1', origin: 'BR', destination: 'DE' }],
      ['/cargolink/v1/shipments/0193a5c0-0000-7000-8000-000000000001/checkpoints', { location: 'Santos', status: 'picked_up' }],
      ['/cargolink/v1/certificates', { kind: 'quality', issuer: 'SGS', number: '1', issuedAt: '2026-01-01T00:00:00Z' }],
    ];

    it.each(reads)('GET %s without API key or without JWT → 401', async (path) => {
      for (const client of [as(undefined, user.token), as(orgA.apiKey, undefined), as(undefined, undefined)]) {
        const res = await client.get(path);
        expect(res.status).toBe(401);
        expect(res.body.type).toBe('/problems/unauthenticated');
      }
    });

    it.each(writes)('POST %s without API key or without JWT → 401, nothing written', async (path, body) => {
      const before = await prisma().shipment.count();
      for (const client of [as(undefined, agent.token), as(orgA.apiKey, undefined)]) {
        const res = await client.post(path, body);
        expect(res.status).toBe(401);
      }
      expect(await prisma().shipment.count()).toBe(before);
    });

    it('each endpoint refuses a key without its scope (403 insufficient-scope)', async () => {
      const limited = await stack.org('payments:read,health:read');
      const c = as(limited.apiKey, agent.token);
      const expected: [Promise<{ status: number; body: { type: string; requiredScope: string } }>, string][] = [
        [c.get(reads[0]!), 'logistics:read'],
        [c.get(reads[1]!), 'logistics:read'],
        [c.get(reads[2]!), 'logistics:read'],
        [c.get(reads[3]!), 'logistics:read'],
        [c.get(reads[4]!), 'energy:read'],
        [c.post(writes[0]![0], writes[0]![1]), 'customs:write'],
        [c.post(writes[1]![0], writes[1]![1]), 'logistics:write'],
        [c.post(writes[2]![0], writes[2]![1]), 'logistics:write'],
        [c.post(writes[3]![0], writes[3]![1]), 'logistics:write'],
      ];
      for (const [call, scope] of expected) {
        const res = await call;
        expect(res.status).toBe(403);
        expect(res.body.type).toBe('/problems/insufficient-scope');
        expect(res.body.requiredScope).toBe(scope);
      }
      expect(await prisma().shipment.count({ where: { organizationId: limited.organizationId } })).toBe(0);
    });
  });

  describe('cargolink shipments → GET /v1/supply/shipments', () => {
    it('creates a shipment (201, status created); a duplicate reference in the organization is 409', async () => {
      const res = await A().post('/cargolink/v1/shipments', {
        reference: 'BK-2026-0001',
        origin: 'br',
        destination: 'DE',
        carrier: 'Maersk',
        hsCode: '090111',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        reference: 'BK-2026-0001',
        origin: 'BR',
        destination: 'DE',
        carrier: 'Maersk',
        hsCode: '090111',
        status: 'created',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const dup = await A().post('/cargolink/v1/shipments', { reference: 'BK-2026-0001', origin: 'CN', destination: 'US' });
      expect(dup.status).toBe(409);
      expect(dup.body.type).toBe('/problems/invalid-state');
      // References are per organization.
      expect((await B().post('/cargolink/v1/shipments', { reference: 'BK-2026-0001', origin: 'CN', destination: 'US' })).status).toBe(201);
      expect(await prisma().shipment.count({ where: { reference: 'BK-2026-0001' } })).toBe(2);
    });

    it('concurrent creates with one reference make one shipment; the others get 409', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, () => A().post('/cargolink/v1/shipments', { reference: 'RACE-1', origin: 'CN', destination: 'US' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(await prisma().shipment.count({ where: { reference: 'RACE-1' } })).toBe(1);
    });

    it('an Idempotency-Key retry returns the first answer', async () => {
      const body = { reference: 'IDEM-1', origin: 'MX', destination: 'US' };
      const a = await A().post('/cargolink/v1/shipments', body, { 'Idempotency-Key': 'ship-idem-1' });
      const b = await A().post('/cargolink/v1/shipments', body, { 'Idempotency-Key': 'ship-idem-1' });
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.body.id).toBe(a.body.id);
    });

    it.each([
      [{ origin: 'BR', destination: 'DE' }],
      [{ reference: '', origin: 'BR', destination: 'DE' }],
      [{ reference: 'has space', origin: 'BR', destination: 'DE' }],
      [{ reference: 'R-1', origin: 'XX', destination: 'DE' }],
      [{ reference: 'R-1', origin: 'UK', destination: 'DE' }],
      [{ reference: 'R-1', origin: 'BRA', destination: 'DE' }],
      [{ reference: 'R-1', origin: 'BR', destination: 'DE', hsCode: '090' }],
      [{ reference: 'R-1', origin: 'BR', destination: 'DE', hsCode: '09011A' }],
      [{ reference: 'R-1', origin: 'BR', destination: 'DE', hsCode: 901110 }],
      [{ reference: 'R-1', origin: 'BR', destination: 'DE', extra: true }],
    ])('rejects %j with 400 and writes nothing', async (body) => {
      const before = await prisma().shipment.count();
      const res = await A().post('/cargolink/v1/shipments', body);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation-error');
      expect(await prisma().shipment.count()).toBe(before);
    });

    it("lists only the organization's shipments, newest first, with a cursor and a status filter", async () => {
      const fresh = await stack.org();
      const c = as(fresh.apiKey, user.token);
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await newShipment(c, { reference: `LIST-${i}` }));
      await newShipment(as(orgB.apiKey, user.token), { reference: 'OTHER-ORG' });
      const page1 = await c.get('/v1/supply/shipments?limit=2');
      expect(page1.status).toBe(200);
      expect(page1.body.data.map((s: { reference: string }) => s.reference)).toEqual(['LIST-2', 'LIST-1']);
      expect(page1.body.nextCursor).toEqual(expect.any(String));
      const page2 = await c.get(`/v1/supply/shipments?limit=2&cursor=${page1.body.nextCursor}`);
      expect(page2.body).toEqual({ data: [expect.objectContaining({ reference: 'LIST-0', id: made[0]!.id })], nextCursor: null });
      await c.post(`/cargolink/v1/shipments/${made[1]!.id}/checkpoints`, { location: 'Santos', status: 'picked_up' });
      const filtered = await c.get('/v1/supply/shipments?status=picked_up');
      expect(filtered.body.data.map((s: { id: string }) => s.id)).toEqual([made[1]!.id]);
      for (const bad of ['limit=0', 'limit=101', 'cursor=bm90LWEtdXVpZA', 'status=lost', 'other=1']) {
        expect((await c.get(`/v1/supply/shipments?${bad}`)).status).toBe(400);
      }
    });
  });

  describe('checkpoints', () => {
    it('adds checkpoints, moves the shipment status to the latest, and lists them in recordedAt order', async () => {
      const s = await newShipment();
      const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const pickedUpAt = t(300);
      const first = await A().post(`/cargolink/v1/shipments/${s.id}/checkpoints`, {
        location: 'Santos, BR',
        status: 'picked_up',
        recordedAt: pickedUpAt,
      });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: expect.any(String),
        shipmentId: s.id,
        location: 'Santos, BR',
        status: 'picked_up',
        note: null,
        recordedAt: pickedUpAt,
        createdAt: expect.any(String),
      });
      await A().post(`/cargolink/v1/shipments/${s.id}/checkpoints`, {
        location: 'Hamburg, DE',
        status: 'arrived',
        note: 'berth 4',
        recordedAt: t(100),
      });
      // A late checkpoint with an older recordedAt fills the history without moving the status back.
      await A().post(`/cargolink/v1/shipments/${s.id}/checkpoints`, { location: 'Atlantic', status: 'in_transit', recordedAt: t(200) });
      const shipment = await prisma().shipment.findUniqueOrThrow({ where: { id: s.id } });
      expect(shipment.status).toBe('arrived');

      const list = await A().get(`/v1/supply/checkpoints?shipmentId=${s.id}`);
      expect(list.status).toBe(200);
      expect(list.body.data.map((c: { status: string }) => c.status)).toEqual(['picked_up', 'in_transit', 'arrived']);
      expect(list.body.nextCursor).toBeNull();
      const p1 = await A().get(`/v1/supply/checkpoints?shipmentId=${s.id}&limit=2`);
      expect(p1.body.data.map((c: { status: string }) => c.status)).toEqual(['picked_up', 'in_transit']);
      const p2 = await A().get(`/v1/supply/checkpoints?shipmentId=${s.id}&limit=2&cursor=${p1.body.nextCursor}`);
      expect(p2.body.data.map((c: { status: string }) => c.status)).toEqual(['arrived']);
      expect(p2.body.nextCursor).toBeNull();
    });

    it("another organization's shipment is 404 for reading and writing; nothing changes", async () => {
      const theirs = await newShipment(B());
      const read = await A().get(`/v1/supply/checkpoints?shipmentId=${theirs.id}`);
      expect(read.status).toBe(404);
      expect(read.body.type).toBe('/problems/not-found');
      const write = await A().post(`/cargolink/v1/shipments/${theirs.id}/checkpoints`, { location: 'X', status: 'delivered' });
      expect(write.status).toBe(404);
      expect(await prisma().checkpoint.count({ where: { shipmentId: theirs.id } })).toBe(0);
      expect((await prisma().shipment.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe('created');
      expect((await A().post('/cargolink/v1/shipments/not-a-uuid/checkpoints', { location: 'X', status: 'delivered' })).status).toBe(404);
    });

    it.each([
      [{ status: 'picked_up' }],
      [{ location: 'X', status: 'teleported' }],
      [{ location: '', status: 'picked_up' }],
      [{ location: 'X', status: 'picked_up', recordedAt: 'yesterday' }],
      [{ location: 'X', status: 'picked_up', recordedAt: new Date(Date.now() + 3600_000).toISOString() }],
      [{ location: 'X', status: 'picked_up', surprise: 1 }],
    ])('rejects checkpoint %j with 400 and changes nothing', async (body) => {
      const s = await newShipment();
      const res = await A().post(`/cargolink/v1/shipments/${s.id}/checkpoints`, body);
      expect(res.status).toBe(400);
      expect(await prisma().checkpoint.count({ where: { shipmentId: s.id } })).toBe(0);
      expect((await prisma().shipment.findUniqueOrThrow({ where: { id: s.id } })).status).toBe('created');
    });

    it('the list needs a valid shipmentId (400)', async () => {
      for (const q of ['', '?shipmentId=', '?shipmentId=123', '?shipmentId=0193a5c0-0000-7000-8000-000000000001&limit=500']) {
        const res = await A().get(`/v1/supply/checkpoints${q}`);
        expect(res.status).toBe(400);
      }
      const missing = await A().get('/v1/supply/checkpoints');
      expect(missing.body.errors).toEqual([{ path: 'shipmentId', message: 'shipmentId is required' }]);
      expect((await A().get('/v1/supply/checkpoints?shipmentId=0193a5c0-0000-7000-8000-000000000001')).status).toBe(404);
    });
  });

  describe('certificates', () => {
    it('records certificates with and without a shipment and lists them, filtered by shipment', async () => {
      const s = await newShipment();
      const withShipment = await A().post('/cargolink/v1/certificates', {
        shipmentId: s.id,
        kind: 'phytosanitary',
        issuer: 'MAPA Brazil',
        number: 'PHY-1',
        issuedAt: '2026-01-10T00:00:00Z',
        expiresAt: '2099-01-10T00:00:00Z',
      });
      expect(withShipment.status).toBe(201);
      expect(withShipment.body).toEqual({
        id: expect.any(String),
        shipmentId: s.id,
        kind: 'phytosanitary',
        issuer: 'MAPA Brazil',
        number: 'PHY-1',
        issuedAt: '2026-01-10T00:00:00.000Z',
        expiresAt: '2099-01-10T00:00:00.000Z',
        status: 'valid',
        createdAt: expect.any(String),
      });
      const standalone = await A().post('/cargolink/v1/certificates', {
        kind: 'iso-9001',
        issuer: 'TÜV SÜD',
        number: 'ISO-1',
        issuedAt: '2020-01-01T00:00:00+01:00',
        expiresAt: '2021-01-01T00:00:00Z',
      });
      expect(standalone.status).toBe(201);
      expect(standalone.body).toMatchObject({ shipmentId: null, status: 'expired', issuedAt: '2019-12-31T23:00:00.000Z' });

      const all = await A().get('/v1/supply/certificates');
      expect(all.status).toBe(200);
      expect(all.body.data.map((c: { id: string }) => c.id).slice(0, 2)).toEqual([standalone.body.id, withShipment.body.id]);
      const ofShipment = await A().get(`/v1/supply/certificates?shipmentId=${s.id}`);
      expect(ofShipment.body).toEqual({ data: [withShipment.body], nextCursor: null });
      // Never another organization's.
      expect((await B().get('/v1/supply/certificates')).body.data.map((c: { id: string }) => c.id)).not.toContain(withShipment.body.id);
    });

    it("a duplicate issuer and number is 409; another organization's shipment is 404; bad input 400", async () => {
      const cert = { kind: 'quality', issuer: 'SGS', number: 'SGS-77', issuedAt: '2026-02-01T00:00:00Z' };
      expect((await A().post('/cargolink/v1/certificates', cert)).status).toBe(201);
      const dup = await A().post('/cargolink/v1/certificates', cert);
      expect(dup.status).toBe(409);
      expect((await B().post('/cargolink/v1/certificates', cert)).status).toBe(201);

      const theirs = await newShipment(B());
      const before = await prisma().certificate.count();
      expect((await A().post('/cargolink/v1/certificates', { ...cert, number: 'SGS-78', shipmentId: theirs.id })).status).toBe(404);
      expect((await A().get(`/v1/supply/certificates?shipmentId=${theirs.id}`)).status).toBe(404);
      for (const bad of [
        { ...cert, number: 'SGS-79', expiresAt: '2025-01-01T00:00:00Z' },
        { ...cert, number: 'SGS-79', kind: 'Quality Cert' },
        { ...cert, number: 'SGS-79', issuedAt: '01/02/2026' },
        { ...cert, number: 'SGS-79', issuedAt: new Date(Date.now() + 86_400_000).toISOString() },
        { ...cert, number: 'SGS-79', shipmentId: 'abc' },
        { kind: 'quality', issuer: 'SGS', issuedAt: '2026-02-01T00:00:00Z' },
      ]) {
        expect((await A().post('/cargolink/v1/certificates', bad)).status).toBe(400);
      }
      expect(await prisma().certificate.count()).toBe(before);
      expect((await A().get('/v1/supply/certificates?shipmentId=abc')).status).toBe(400);
    });
  });

  describe('tariffs (reference data)', () => {
    beforeAll(async () => {
      await prisma().tariff.createMany({
        data: [
          { hsCode: '0901', origin: 'CO', destination: 'US', dutyBps: 0, description: 'Coffee' },
          { hsCode: '090111', origin: 'BR', destination: 'DE', dutyBps: 0, description: 'Coffee, not roasted' },
          { hsCode: '090121', origin: 'BR', destination: 'DE', dutyBps: 750, description: 'Coffee, roasted' },
          { hsCode: '8471300000', origin: 'CN', destination: 'US', dutyBps: 0, description: 'Laptops' },
          { hsCode: '610910', origin: 'IN', destination: 'GB', dutyBps: 1200, description: 'T-shirts of cotton' },
        ],
      });
    });
    const codes = (res: { body: { data: { hsCode: string; origin: string }[] } }) =>
      res.body.data.map((t) => `${t.hsCode}/${t.origin}`).sort();

    it('filters by HS code along the hierarchy, origin and destination', async () => {
      const all = await A().get('/v1/supply/tariffs');
      expect(all.status).toBe(200);
      expect(all.body.data).toHaveLength(5);
      expect(all.body.data[0]).toEqual({
        id: expect.any(String),
        hsCode: expect.any(String),
        origin: expect.any(String),
        destination: expect.any(String),
        dutyBps: expect.any(Number),
        description: expect.any(String),
      });
      expect(codes(await A().get('/v1/supply/tariffs?hsCode=0901'))).toEqual(['0901/CO', '090111/BR', '090121/BR']);
      expect(codes(await A().get('/v1/supply/tariffs?hsCode=0901110000'))).toEqual(['0901/CO', '090111/BR']);
      expect(codes(await A().get('/v1/supply/tariffs?hsCode=0901&origin=br&destination=DE'))).toEqual(['090111/BR', '090121/BR']);
      expect(codes(await A().get('/v1/supply/tariffs?destination=US'))).toEqual(['0901/CO', '8471300000/CN']);
      expect((await A().get('/v1/supply/tariffs?hsCode=2204')).body).toEqual({ data: [], nextCursor: null });
      const p1 = await A().get('/v1/supply/tariffs?limit=3');
      const p2 = await A().get(`/v1/supply/tariffs?limit=3&cursor=${p1.body.nextCursor}`);
      expect(new Set([...p1.body.data, ...p2.body.data].map((t: { id: string }) => t.id)).size).toBe(5);
      expect(p2.body.nextCursor).toBeNull();
    });

    it.each([
      'hsCode=123',
      'hsCode=12345678901',
      'hsCode=09a1',
      'origin=XX',
      'origin=USA',
      'destination=U',
      'destination=EU',
      'hsCode=0901&hsCode=0902',
      'country=DE',
    ])('?%s → 400', async (q) => {
      const res = await A().get(`/v1/supply/tariffs?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation-error');
    });
  });

  describe('POST /v1/supply/customs/clear', () => {
    it('an agent files a clearance request: 202 submitted', async () => {
      const s = await newShipment();
      const res = await as(orgA.apiKey, agent.token).post('/v1/supply/customs/clear', {
        shipmentId: s.id,
        declaredValue: '125000000000000000000000',
        hsCode: '090111',
      });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        id: expect.any(String),
        shipmentId: s.id,
        status: 'submitted',
        agent: agent.address,
        declaredValue: '125000000000000000000000',
        hsCode: '090111',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const row = await prisma().customsClearance.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(row).toMatchObject({ organizationId: orgA.organizationId, agentAddress: agent.address, status: 'submitted' });
    });

    it('a wallet without the agent role is 403 role-required; nothing is filed', async () => {
      const s = await newShipment();
      const res = await A().post('/v1/supply/customs/clear', { shipmentId: s.id, declaredValue: '1', hsCode: '090111' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ type: '/problems/role-required', title: 'Role required', requiredRole: 'agent' });
      expect(await prisma().customsClearance.count({ where: { shipmentId: s.id } })).toBe(0);
    });

    it('roles are read from wallet_roles, not from the JWT: a role granted after login counts without a new login', async () => {
      const wallet = newWallet();
      const before = await stack.login(wallet);
      const s = await newShipment();
      const body = { shipmentId: s.id, declaredValue: '1', hsCode: '090111' };
      expect((await as(orgA.apiKey, before.token).post('/v1/supply/customs/clear', body)).status).toBe(403);
      await prisma().walletRole.create({ data: { address: wallet.address, role: 'agent' } });
      // Granted outside the CLI (no announcement): the replica's cached roles expire within CREDENTIAL_CACHE_TTL_MS.
      stack.api.deps.walletRoles.evict(wallet.address);
      expect((await as(orgA.apiKey, before.token).post('/v1/supply/customs/clear', body)).status).toBe(202);
    });

    it("another organization's shipment is 404; bad input 400; nothing is filed", async () => {
      const theirs = await newShipment(B());
      const mine = await newShipment();
      const c = as(orgA.apiKey, agent.token);
      const before = await prisma().customsClearance.count();
      const notFound = await c.post('/v1/supply/customs/clear', { shipmentId: theirs.id, declaredValue: '1', hsCode: '090111' });
      expect(notFound.status).toBe(404);
      for (const bad of [
        { shipmentId: mine.id, declaredValue: '0', hsCode: '090111' },
        { shipmentId: mine.id, declaredValue: '-5', hsCode: '090111' },
        { shipmentId: mine.id, declaredValue: '1.5', hsCode: '090111' },
        { shipmentId: mine.id, declaredValue: 100, hsCode: '090111' },
        { shipmentId: mine.id, declaredValue: '100', hsCode: '09' },
        { shipmentId: mine.id, declaredValue: '100' },
        { shipmentId: 'nope', declaredValue: '100', hsCode: '090111' },
        { shipmentId: mine.id, declaredValue: '100', hsCode: '090111', agent: '0x0' },
      ]) {
        const res = await c.post('/v1/supply/customs/clear', bad);
        expect(res.status).toBe(400);
      }
      expect(await prisma().customsClearance.count()).toBe(before);
    });

    it('an Idempotency-Key retry returns the first request; another body with it is 422', async () => {
      const s = await newShipment();
      const c = as(orgA.apiKey, agent.token);
      const body = { shipmentId: s.id, declaredValue: '500', hsCode: '090111' };
      const a = await c.post('/v1/supply/customs/clear', body, { 'Idempotency-Key': 'clear-1' });
      const b = await c.post('/v1/supply/customs/clear', body, { 'Idempotency-Key': 'clear-1' });
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(b.body.id).toBe(a.body.id);
      expect((await c.post('/v1/supply/customs/clear', { ...body, declaredValue: '501' }, { 'Idempotency-Key': 'clear-1' })).status).toBe(
        422,
      );
      expect(await prisma().customsClearance.count({ where: { shipmentId: s.id } })).toBe(1);
    });
  });

  describe('GET /v1/energy/credits', () => {
    it("sums held and retired tonnes, per vintage, over the organization's credits only", async () => {
      const fresh = await stack.org();
      const retiredAt = new Date('2026-03-01T00:00:00Z');
      await prisma().carbonCredit.createMany({
        data: [
          { organizationId: fresh.organizationId, registry: 'Verra', projectName: 'Peat', vintage: 2021, tonnes: 1200 },
          { organizationId: fresh.organizationId, registry: 'Verra', projectName: 'Peat', vintage: 2021, tonnes: 300, retiredAt },
          { organizationId: fresh.organizationId, registry: 'Gold Standard', projectName: 'Stoves', vintage: 2022, tonnes: 800 },
          { organizationId: fresh.organizationId, registry: 'Gold Standard', projectName: 'Stoves', vintage: 2019, tonnes: 50, retiredAt },
          { organizationId: orgB.organizationId, registry: 'Verra', projectName: 'Other org', vintage: 2021, tonnes: 99999 },
        ],
      });
      const c = as(fresh.apiKey, user.token);
      const res = await c.get('/v1/energy/credits?limit=3');
      expect(res.status).toBe(200);
      expect(res.body.held).toEqual({ tonnes: 2000, count: 2 });
      expect(res.body.retired).toEqual({ tonnes: 350, count: 2 });
      expect(res.body.vintages).toEqual([
        { vintage: 2022, held: 800, retired: 0 },
        { vintage: 2021, held: 1200, retired: 300 },
        { vintage: 2019, held: 0, retired: 50 },
      ]);
      expect(res.body.data).toHaveLength(3);
      expect(res.body.data[0]).toEqual({
        id: expect.any(String),
        registry: 'Gold Standard',
        projectName: 'Stoves',
        vintage: 2019,
        tonnes: 50,
        status: 'retired',
        retiredAt: retiredAt.toISOString(),
        createdAt: expect.any(String),
      });
      const next = await c.get(`/v1/energy/credits?limit=3&cursor=${res.body.nextCursor}`);
      expect(next.body.data).toHaveLength(1);
      expect(next.body.nextCursor).toBeNull();
      // Totals cover every lot, whatever the page.
      expect(next.body.held).toEqual(res.body.held);

      const empty = await as((await stack.org('energy:read')).apiKey, user.token).get('/v1/energy/credits');
      expect(empty.body).toEqual({
        held: { tonnes: 0, count: 0 },
        retired: { tonnes: 0, count: 0 },
        vintages: [],
        data: [],
        nextCursor: null,
      });
      expect((await c.get('/v1/energy/credits?limit=abc')).status).toBe(400);
    });
  });
});
