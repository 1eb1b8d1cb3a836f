import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getBalance } from '@gw/core/ledger';
import { paymentExpiryQueue } from '@gw/core/payments';
import { startStack, type Stack } from '../../../test/support/stack.js';

const ONE = 10n ** 18n;

describe('payments', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let payer: { token: string; address: string };

  const as = (key: string, token: string) => ({
    post: (path: string, body?: object, headers: Record<string, string> = {}) =>
      stack.http
        .post(`/api/gateway/v1${path}`)
        .set({ 'X-API-Key': key, Authorization: `Bearer ${token}`, ...headers })
        .send(body),
    get: (path: string) => stack.http.get(`/api/gateway/v1${path}`).set({ 'X-API-Key': key, Authorization: `Bearer ${token}` }),
  });
  const balance = (type: 'wallet' | 'organization', id: string) => getBalance(stack.api.deps.prisma, { type, id }, 'GTK');

  beforeAll(async () => {
    stack = await startStack('payments', { chain: true, worker: false });
    org = await stack.org();
    payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
  });
  afterAll(() => stack.stop());

  it('creates a pending payment with the JWT wallet as payer', async () => {
    const res = await as(org.apiKey, payer.token).post('/payments', { amount: ONE.toString(), description: 'order 42' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      amount: ONE.toString(),
      payer: payer.address,
      organizationId: org.organizationId,
      description: 'order 42',
      token: 'GTK',
    });
    const ttl = Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt);
    expect(ttl).toBeGreaterThanOrEqual(899_000);
    expect(ttl).toBeLessThanOrEqual(901_000);
    // Creating a payment writes nothing to Redis; the worker's expiry scan reads the
    // due payments from PostgreSQL (apps/worker/test/expiry-scan.test.ts).
    expect(await stack.api.deps.queues.get(paymentExpiryQueue).getJob(res.body.id)).toBeUndefined();
    expect(await stack.api.deps.queues.get(paymentExpiryQueue).count()).toBe(0);
  });

  it.each([['0'], ['-5'], ['1.5'], ['1e18'], [' 12'], ['0012'], [12]])('rejects amount %j with 400', async (amount) => {
    const before = await stack.api.deps.prisma.payment.count();
    const res = await as(org.apiKey, payer.token).post('/payments', { amount });
    expect(res.status).toBe(400);
    expect(await stack.api.deps.prisma.payment.count()).toBe(before);
  });

  it('an amount of 2^256 is 400 on every amount body (payment, transfer, stake, bridge); 2^256 − 1 is a payment', async () => {
    const over = (2n ** 256n).toString();
    const before = await stack.api.deps.prisma.payment.count();
    const calls: [string, object][] = [
      ['/payments', { amount: over }],
      ['/wallet/transfer', { to: '0x52908400098527886E0F7030069857D2E4169EE7', amount: over }],
      ['/staking/stake', { source: 'custody', amount: over }],
      ['/bridge/initiate', { toChainId: 'eip155:31338', toAddress: '0x52908400098527886E0F7030069857D2E4169EE7', amount: over }],
    ];
    for (const [path, body] of calls) {
      const res = await as(org.apiKey, payer.token).post(path, body);
      expect({ path, status: res.status, type: res.body.type }).toEqual({ path, status: 400, type: '/problems/validation-error' });
      expect(res.body.errors).toEqual([{ path: 'amount', message: expect.stringMatching(/2\^256/) }]);
    }
    expect(await stack.api.deps.prisma.payment.count()).toBe(before);
    const max = (2n ** 256n - 1n).toString();
    const res = await as(org.apiKey, payer.token).post('/payments', { amount: max });
    expect(res.status).toBe(201);
    expect(res.body.amount).toBe(max);
  });

  it('same Idempotency-Key and body return the same payment; another body is 422', async () => {
    const key = `order-${Date.now()}`;
    const a = await as(org.apiKey, payer.token).post('/payments', { amount: '777' }, { 'Idempotency-Key': key });
    const b = await as(org.apiKey, payer.token).post('/payments', { amount: '777' }, { 'Idempotency-Key': key });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await stack.api.deps.prisma.payment.count({ where: { amount: '777' } })).toBe(1);
    const c = await as(org.apiKey, payer.token).post('/payments', { amount: '778' }, { 'Idempotency-Key': key });
    expect(c.status).toBe(422);
    expect(c.body.type).toBe('/problems/idempotency-key-reused');
  });

  it('concurrent requests with one Idempotency-Key create one payment', async () => {
    const key = `race-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 6 }, () => as(org.apiKey, payer.token).post('/payments', { amount: '31337' }, { 'Idempotency-Key': key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await stack.api.deps.prisma.payment.count({ where: { amount: '31337' } })).toBe(1);
  });

  it('an Idempotency-Key expires after IDEMPOTENCY_KEY_TTL_HOURS (24): then it is new, and its record is replaced', async () => {
    const prisma = stack.api.deps.prisma;
    const key = `ttl-${Date.now()}`;
    const age = (hours: number) =>
      prisma.idempotencyRecord.update({
        where: { organizationId_key: { organizationId: org.organizationId, key } },
        data: { createdAt: new Date(Date.now() - hours * 3_600_000) },
      });
    const first = await as(org.apiKey, payer.token).post('/payments', { amount: '4201' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    // 23 hours on, the key is live: another body is still 422.
    await age(23);
    expect((await as(org.apiKey, payer.token).post('/payments', { amount: '4202' }, { 'Idempotency-Key': key })).status).toBe(422);
    // 25 hours on, it is a new key: another body creates a payment and takes the key over.
    await age(25);
    const second = await as(org.apiKey, payer.token).post('/payments', { amount: '4202' }, { 'Idempotency-Key': key });
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.id).not.toBe(first.body.id);
    const record = await prisma.idempotencyRecord.findUniqueOrThrow({
      where: { organizationId_key: { organizationId: org.organizationId, key } },
    });
    expect(Date.now() - record.createdAt.getTime()).toBeLessThan(60_000);
    expect((record.responseBody as { id: string }).id).toBe(second.body.id);
    // The replaced record is the one that counts now: the first body is another request.
    const replay = await as(org.apiKey, payer.token).post('/payments', { amount: '4202' }, { 'Idempotency-Key': key });
    expect([replay.status, replay.body.id, replay.headers['idempotent-replayed']]).toEqual([201, second.body.id, 'true']);
    expect((await as(org.apiKey, payer.token).post('/payments', { amount: '4201' }, { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('concurrent requests with one expired Idempotency-Key create one payment and replace the record once', async () => {
    const prisma = stack.api.deps.prisma;
    const key = `ttl-race-${Date.now()}`;
    const first = await as(org.apiKey, payer.token).post('/payments', { amount: '4301' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    await prisma.idempotencyRecord.update({
      where: { organizationId_key: { organizationId: org.organizationId, key } },
      data: { createdAt: new Date(Date.now() - 48 * 3_600_000) },
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => as(org.apiKey, payer.token).post('/payments', { amount: '4302' }, { 'Idempotency-Key': key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await prisma.payment.count({ where: { amount: '4302' } })).toBe(1);
  });

  it('confirm settles: the amount moves from payer to organization; a second confirm is 409', async () => {
    const wallet = await stack.login();
    await stack.mint(wallet.address, 5n * ONE);
    const p = await as(org.apiKey, wallet.token).post('/payments', { amount: (2n * ONE).toString() });
    const orgBefore = await balance('organization', org.organizationId);
    const res = await as(org.apiKey, wallet.token).post(`/payments/${p.body.id}/confirm`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('settled');
    expect(res.body.settledAt).not.toBeNull();
    expect(await balance('wallet', wallet.address)).toBe(3n * ONE);
    expect(await balance('organization', org.organizationId)).toBe(orgBefore + 2n * ONE);
    expect((await as(org.apiKey, wallet.token).post(`/payments/${p.body.id}/confirm`)).status).toBe(409);
  });

  it('confirm with a short balance fails the payment and moves nothing', async () => {
    const poor = await stack.login();
    await stack.mint(poor.address, 5n);
    const p = await as(org.apiKey, poor.token).post('/payments', { amount: '6' });
    const res = await as(org.apiKey, poor.token).post(`/payments/${p.body.id}/confirm`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
    expect(await balance('wallet', poor.address)).toBe(5n);
  });

  it('only the payer can confirm (403)', async () => {
    const p = await as(org.apiKey, payer.token).post('/payments', { amount: '5' });
    const stranger = await stack.login();
    const res = await as(org.apiKey, stranger.token).post(`/payments/${p.body.id}/confirm`);
    expect(res.status).toBe(403);
    expect((await stack.api.deps.prisma.payment.findUniqueOrThrow({ where: { id: p.body.id } })).status).toBe('pending');
  });

  it('refund returns the amount; refunding a pending or refunded payment is 409', async () => {
    const wallet = await stack.login();
    await stack.mint(wallet.address, ONE);
    const p = await as(org.apiKey, wallet.token).post('/payments', { amount: ONE.toString() });
    expect((await as(org.apiKey, wallet.token).post(`/payments/${p.body.id}/refund`)).status).toBe(409);
    await as(org.apiKey, wallet.token).post(`/payments/${p.body.id}/confirm`).expect(200);
    expect(await balance('wallet', wallet.address)).toBe(0n);
    const res = await as(org.apiKey, wallet.token).post(`/payments/${p.body.id}/refund`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('refunded');
    expect(await balance('wallet', wallet.address)).toBe(ONE);
    expect((await as(org.apiKey, wallet.token).post(`/payments/${p.body.id}/refund`)).status).toBe(409);
  });

  it("another organization's payment is 404 for read, confirm and refund, and is left untouched", async () => {
    const other = await stack.org();
    const p = await as(org.apiKey, payer.token).post('/payments', { amount: '9' });
    for (const res of [
      await as(other.apiKey, payer.token).get(`/payments/${p.body.id}`),
      await as(other.apiKey, payer.token).post(`/payments/${p.body.id}/confirm`),
      await as(other.apiKey, payer.token).post(`/payments/${p.body.id}/refund`),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await stack.api.deps.prisma.payment.findUniqueOrThrow({ where: { id: p.body.id } })).status).toBe('pending');
    const list = await as(other.apiKey, payer.token).get('/payments');
    expect(list.body.data.find((x: { id: string }) => x.id === p.body.id)).toBeUndefined();
  });

  it('lists with a status filter, newest first, with cursor pagination', async () => {
    const fresh = await stack.org();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await as(fresh.apiKey, payer.token).post('/payments', { amount: String(100 + i) })).body.id);
    const page1 = await as(fresh.apiKey, payer.token).get('/payments?status=pending&limit=2');
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const page2 = await as(fresh.apiKey, payer.token).get(`/payments?status=pending&limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect((await as(fresh.apiKey, payer.token).get('/payments?status=settled')).body.data).toEqual([]);
    expect((await as(fresh.apiKey, payer.token).get('/payments?status=weird')).status).toBe(400);
    expect((await as(fresh.apiKey, payer.token).get('/payments?limit=0')).status).toBe(400);
  });
});
