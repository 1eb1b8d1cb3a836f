import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO_ORGANIZATION_ID, demoPatient, seedDemo, type SeedDemoSummary } from '@gw/admin/seed-demo';
import { startStack, type Stack } from '../../../test/support/stack.js';

/** `seed:demo`, the data to run against: idempotent, and the sector endpoints serve it. */
describe('seed:demo', () => {
  let stack: Stack;
  let first: SeedDemoSummary;
  let second: SeedDemoSummary;
  let reader: { token: string; address: string };

  const get = (path: string) => stack.http.get(`/api${path}`).set({ 'X-API-Key': first.apiKey!, Authorization: `Bearer ${reader.token}` });

  beforeAll(async () => {
    stack = await startStack('sectors-seed', { worker: false });
    first = await seedDemo(stack.api.deps.prisma, stack.config);
    second = await seedDemo(stack.api.deps.prisma, stack.config);
    // The demo organization is not native, so its reader logs in with its key (bound session).
    reader = await stack.login(undefined, { apiKey: first.apiKey! });
  });
  afterAll(() => stack.stop());

  it('runs twice: the second run inserts nothing and issues no second key', async () => {
    expect(first.organizationId).toBe(DEMO_ORGANIZATION_ID);
    expect(first.apiKey).toMatch(/^sk_/);
    expect(second.apiKey).toBeUndefined();
    expect(Object.values(second.inserted).every((n) => n === 0)).toBe(true);
    expect(second.counts).toEqual(first.counts);
    expect(first.counts).toMatchObject({
      shipments: 6,
      checkpoints: 19,
      certificates: 7,
      carbonCredits: 7,
      consents: 2,
      tariffs: 12,
      farmingPools: 3,
      clinicalRecords: 9,
    });
    expect(first.inserted).toMatchObject({ organizations: 1, shipments: 6, tariffs: 12 });
    // The treasury that pays staking rewards is funded once.
    expect(first.inserted).toMatchObject({ treasuryFunding: 1 });
    expect(first.patients).toEqual([
      { address: demoPatient(1).address, consent: 'active', records: 4 },
      { address: demoPatient(2).address, consent: 'none', records: 3 },
      { address: demoPatient(3).address, consent: 'revoked', records: 2 },
    ]);
    expect(await stack.api.deps.prisma.credential.count({ where: { organizationId: DEMO_ORGANIZATION_ID } })).toBe(1);
    expect(JSON.parse(JSON.stringify(second))).toEqual(second);
  });

  it('the supply endpoints return the seeded data of the demo organization', async () => {
    const shipments = await get('/v1/supply/shipments?limit=100');
    expect(shipments.status).toBe(200);
    expect(shipments.body.data.map((s: { reference: string }) => s.reference).sort()).toEqual([
      'DEMO-SHP-1001',
      'DEMO-SHP-1002',
      'DEMO-SHP-1003',
      'DEMO-SHP-1004',
      'DEMO-SHP-1005',
      'DEMO-SHP-1006',
    ]);
    const delivered = shipments.body.data.find((s: { reference: string }) => s.reference === 'DEMO-SHP-1002');
    expect(delivered).toMatchObject({ origin: 'CN', destination: 'US', status: 'delivered', hsCode: '8471300000' });

    const checkpoints = await get(`/v1/supply/checkpoints?shipmentId=${delivered.id}`);
    expect(checkpoints.body.data.map((c: { status: string }) => c.status)).toEqual([
      'picked_up',
      'in_transit',
      'arrived',
      'at_customs',
      'customs_cleared',
      'out_for_delivery',
      'delivered',
    ]);

    const certificates = await get('/v1/supply/certificates');
    expect(certificates.body.data).toHaveLength(7);
    expect(certificates.body.data.some((c: { status: string }) => c.status === 'expired')).toBe(true);

    const tariffs = await get('/v1/supply/tariffs?hsCode=8471300000&origin=CN&destination=US');
    expect(tariffs.body.data).toEqual([expect.objectContaining({ hsCode: '8471300000', dutyBps: 0 })]);

    const credits = await get('/v1/energy/credits');
    expect(credits.body.held).toEqual({ tonnes: 4650, count: 4 });
    expect(credits.body.retired).toEqual({ tonnes: 1800, count: 3 });
  });

  it('clinical records: readable for the consenting patient only', async () => {
    const ok = await get(`/v1/health/records?patient=${demoPatient(1).address}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toHaveLength(4);
    expect((await get(`/v1/health/records?patient=${demoPatient(2).address}`)).status).toBe(403);
    expect((await get(`/v1/health/records?patient=${demoPatient(3).address}`)).status).toBe(403);
  });
});
