import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeFunctionData, getAddress, toEventSelector, toFunctionSelector, type Abi } from 'viem';
import { getBalance, type Owner } from '@gw/core/ledger';
import { abiCatalog, matchesIfNoneMatch } from '@gw/core/contracts';
import { CREDIT_BURN } from '@gw/core/credits';
import { startStack, type Stack } from '../../../test/support/stack.js';

const ONE = 10n ** 18n;
const CREDIT = 'CREDIT';
const ABI_NAMES = ['token', 'staking', 'governor', 'treasury', 'bridge', 'wrapped-token'];
const RECIPIENT = getAddress('0x52908400098527886e0f7030069857d2e4169ee7');

type Creds = { key?: string | undefined; token?: string | undefined };

/** Requests under `/api` with the given credentials (either may be left out to test 401). */
const client = (stack: () => Stack) => (c: Creds) => {
  const headers = (extra: Record<string, string> = {}) => {
    const h: Record<string, string> = { ...extra };
    if (c.key) h['X-API-Key'] = c.key;
    if (c.token) h.Authorization = `Bearer ${c.token}`;
    return h;
  };
  return {
    post: (path: string, body?: unknown, extra: Record<string, string> = {}) =>
      stack()
        .http.post(`/api${path}`)
        .set(headers(extra))
        .send(body as object),
    get: (path: string) => stack().http.get(`/api${path}`).set(headers()),
  };
};

/** GET with the raw path as written: no client-side normalisation of `..` or encoded characters. */
function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const wallet = (address: string): Owner => ({ type: 'wallet', id: address });

describe('ABI entity tags', () => {
  it('If-None-Match uses the weak comparison and honours *', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
  });
});

describe('contracts: addresses and ABIs', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('integration-contracts', { worker: false });
  });
  afterAll(() => stack.stop());

  it('GET /gateway/v1/contracts/addresses is public; without a chain it lists no network (chain.test.ts covers real deployments)', async () => {
    const res = await stack.http.get('/api/gateway/v1/contracts/addresses');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ version: 2, networks: {} });
  });

  it.each(ABI_NAMES)('GET /contracts-abi/%s.json serves the ABI with a strong ETag', async (name) => {
    const res = await rawGet(stack.baseUrl, `/api/contracts-abi/${name}.json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(res.body).toBe(abiCatalog().get(`${name}.json`)!.body.toString('utf8'));
    const abi = JSON.parse(res.body) as Abi;
    expect(Array.isArray(abi)).toBe(true);
    // Every item is well-formed: its selector can be computed.
    for (const item of abi) {
      if (item.type === 'function') expect(toFunctionSelector(item)).toMatch(/^0x[0-9a-f]{8}$/);
      if (item.type === 'event') expect(toEventSelector(item)).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it('the ABIs are the compiled contracts: ERC-20 + permit + votes, Governor, staking, timelock, bridge vault', async () => {
    const abi = async (name: string) => JSON.parse((await rawGet(stack.baseUrl, `/api/contracts-abi/${name}.json`)).body) as Abi;
    const selectors = async (name: string) =>
      (await abi(name)).flatMap((i) => (i.type === 'function' ? [toFunctionSelector(i)] : i.type === 'event' ? [toEventSelector(i)] : []));
    // Well-known selectors: ERC-20 transfer, balanceOf, approve, transferFrom, allowance, totalSupply, Transfer, Approval;
    // EIP-2612 permit; ERC20Votes delegate.
    expect(await selectors('token')).toEqual(
      expect.arrayContaining([
        '0xa9059cbb',
        '0x70a08231',
        '0x095ea7b3',
        '0x23b872dd',
        '0xdd62ed3e',
        '0x18160ddd',
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
        '0xd505accf',
        '0x5c19a95c',
      ]),
    );
    // OpenZeppelin Governor: castVote(uint256,uint8), propose(address[],uint256[],bytes[],string).
    expect(await selectors('governor')).toEqual(expect.arrayContaining(['0x56781388', '0x7d5e81e2']));
    const staking = await abi('staking');
    expect(encodeFunctionData({ abi: staking, functionName: 'stake', args: [10n] })).toMatch(/^0x[0-9a-f]{8}/);
    expect(encodeFunctionData({ abi: staking, functionName: 'earned', args: [RECIPIENT] })).toMatch(/^0x/);
    const names = async (name: string, type: string) =>
      (await abi(name)).filter((i) => i.type === type).map((i) => (i as { name: string }).name);
    expect(await names('bridge', 'event')).toEqual(expect.arrayContaining(['Locked', 'Released']));
    expect(await names('bridge', 'function')).toEqual(expect.arrayContaining(['lock', 'release']));
    expect(await names('treasury', 'function')).toEqual(expect.arrayContaining(['schedule', 'execute', 'getMinDelay']));
    expect(await names('wrapped-token', 'function')).toEqual(expect.arrayContaining(['mint', 'burn']));
  });

  it('If-None-Match with the ETag → 304 without a body; another tag → 200', async () => {
    const first = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json');
    const etag = first.headers.etag as string;
    const same = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json', { 'If-None-Match': etag });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    const listed = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json', { 'If-None-Match': `"nope", W/${etag}` });
    expect(listed.status).toBe(304);
    const other = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json', { 'If-None-Match': '"something-else"' });
    expect(other.status).toBe(200);
    // Each file has its own tag.
    const staking = await rawGet(stack.baseUrl, '/api/contracts-abi/staking.json', { 'If-None-Match': etag });
    expect(staking.status).toBe(200);
    expect(staking.headers.etag).not.toBe(etag);
  });

  it.each([
    '/api/contracts-abi/../package.json',
    '/api/contracts-abi/../../package.json',
    '/api/contracts-abi/..%2fpackage.json',
    '/api/contracts-abi/..%2F..%2Fpackage.json',
    '/api/contracts-abi/%2e%2e%2fpackage.json',
    '/api/contracts-abi/%2e%2e/package.json',
    '/api/contracts-abi/..%5c..%5cpackage.json',
    '/api/contracts-abi/%2Fetc%2Fpasswd',
    '/api/contracts-abi//etc/passwd',
    '/api/contracts-abi/%252e%252e%252fpackage.json',
    '/api/contracts-abi/token.json%00.png',
    '/api/contracts-abi/sub/token.json',
    '/api/contracts-abi/unknown.json',
    '/api/contracts-abi/token',
    '/api/contracts-abi/TOKEN.json',
    '/api/contracts-abi/.json',
    '/api/contracts-abi/',
    '/api/contracts-abi',
  ])('GET %s → 404 problem', async (path) => {
    const res = await rawGet(stack.baseUrl, path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/not-found', status: 404 });
    expect(res.body).not.toMatch(/"name":|"dependencies"|root:/);
  });

  it('other methods on an ABI → 405 with Allow', async () => {
    const res = await stack.http.post('/api/contracts-abi/token.json');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect(res.body.type).toBe('/problems/method-not-allowed');
  });
});

describe('AI billing', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };
  const as = client(() => stack);
  const credits = (address: string) => getBalance(stack.api.deps.prisma, wallet(address), CREDIT);
  const prisma = () => stack.api.deps.prisma;

  beforeAll(async () => {
    stack = await startStack('integration-billing', { chain: true, worker: false });
    org = await stack.org();
    alice = await stack.login();
    await stack.mint(alice.address, 10n * ONE);
  });
  afterAll(() => stack.stop());

  /** Buys `n` credits for `who` through the real endpoints: purchase, then the payer confirms. */
  const buy = async (who: { token: string; address: string }, n: number, key = org.apiKey) => {
    const p = await as({ key, token: who.token }).post('/ai-billing/credits/purchase', { credits: n });
    expect(p.status).toBe(201);
    const c = await as({ key, token: who.token }).post(`/gateway/v1/payments/${p.body.id}/confirm`);
    expect(c.status).toBe(200);
    return c.body;
  };

  it('purchase → 201 pending credit_purchase payment; confirm settles it and mints the credits in the same step', async () => {
    const gtkBefore = await getBalance(prisma(), wallet(alice.address), 'GTK');
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/credits/purchase', { credits: 50 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'payment',
      status: 'pending',
      purpose: 'credit_purchase',
      credits: '50',
      amount: (50n * BigInt(stack.config.CREDIT_PRICE)).toString(),
      token: 'GTK',
      payer: alice.address,
      organizationId: org.organizationId,
    });
    expect(await credits(alice.address)).toBe(0n);
    const confirmed = await as({ key: org.apiKey, token: alice.token }).post(`/gateway/v1/payments/${res.body.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'settled', purpose: 'credit_purchase', credits: '50' });
    expect(await credits(alice.address)).toBe(50n);
    expect(await getBalance(prisma(), wallet(alice.address), 'GTK')).toBe(gtkBefore - 50n * BigInt(stack.config.CREDIT_PRICE));
    expect(await getBalance(prisma(), { type: 'organization', id: org.organizationId }, 'GTK')).toBe(
      50n * BigInt(stack.config.CREDIT_PRICE),
    );
    // The mint is a journal entry referencing the payment.
    const entries = await prisma().$queryRaw<{ kind: string }[]>`SELECT kind FROM journal_entries WHERE reference = ${res.body.id}`;
    expect(entries.map((e) => e.kind).sort()).toEqual(['credits.purchase', 'payment.settle']);

    const balance = await as({ key: org.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(balance.status).toBe(200);
    expect(balance.body).toEqual({ address: alice.address, balance: '50', recent: [] });
  });

  it('a plain payment keeps purpose payment and no credits', async () => {
    const res = await as({ key: org.apiKey, token: alice.token }).post('/gateway/v1/payments', { amount: '1' });
    expect(res.body).toMatchObject({ purpose: 'payment', credits: null });
  });

  it('a purchase the payer cannot afford fails and mints nothing', async () => {
    const poor = await stack.login();
    const res = await as({ key: org.apiKey, token: poor.token }).post('/ai-billing/credits/purchase', { credits: 5 });
    const confirmed = await as({ key: org.apiKey, token: poor.token }).post(`/gateway/v1/payments/${res.body.id}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
    expect(await credits(poor.address)).toBe(0n);
  });

  it('consumption debits credits → 201 with the balance after; GET /ai-billing/credits lists it', async () => {
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/consumption', {
      units: 20,
      feature: 'chat.completion',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      units: 20,
      feature: 'chat.completion',
      balance: '30',
      createdAt: expect.any(String),
    });
    expect(await credits(alice.address)).toBe(30n);
    const listed = await as({ key: org.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(listed.body).toEqual({
      address: alice.address,
      balance: '30',
      recent: [{ id: res.body.id, feature: 'chat.completion', units: 20, createdAt: res.body.createdAt }],
    });
  });

  it('not enough credits → 402 payment-required, nothing recorded or debited', async () => {
    const rows = await prisma().creditConsumption.count();
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/consumption', { units: 31, feature: 'image.generate' });
    expect(res.status).toBe(402);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: '/problems/payment-required',
      title: 'Insufficient credits',
      status: 402,
      balance: '30',
      required: '31',
    });
    expect(await prisma().creditConsumption.count()).toBe(rows);
    expect(await credits(alice.address)).toBe(30n);
  });

  it('parallel consumptions never overdraw: exactly the balance is consumed', async () => {
    const carol = await stack.login();
    await stack.mint(carol.address, ONE);
    await buy(carol, 10);
    const burnBefore = await getBalance(prisma(), CREDIT_BURN, CREDIT);
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        as({ key: org.apiKey, token: carol.token }).post('/ai-billing/consumption', { units: 1, feature: 'embed' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(await credits(carol.address)).toBe(0n);
    expect(await prisma().creditConsumption.count({ where: { address: carol.address } })).toBe(10);
    expect(await getBalance(prisma(), CREDIT_BURN, CREDIT)).toBe(burnBefore + 10n);
    // Every successful answer reports a distinct balance between 9 and 0.
    expect(
      results
        .filter((r) => r.status === 201)
        .map((r) => Number(r.body.balance))
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('Idempotency-Key on consumption: one debit for the same request; another body → 422', async () => {
    const key = `consume-${Date.now()}`;
    const before = await credits(alice.address);
    const a = await as({ key: org.apiKey, token: alice.token }).post(
      '/ai-billing/consumption',
      { units: 2, feature: 'chat' },
      { 'Idempotency-Key': key },
    );
    const b = await as({ key: org.apiKey, token: alice.token }).post(
      '/ai-billing/consumption',
      { units: 2, feature: 'chat' },
      { 'Idempotency-Key': key },
    );
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await credits(alice.address)).toBe(before - 2n);
    const c = await as({ key: org.apiKey, token: alice.token }).post(
      '/ai-billing/consumption',
      { units: 3, feature: 'chat' },
      { 'Idempotency-Key': key },
    );
    expect(c.status).toBe(422);
  });

  it('credits are one balance per wallet across organizations; recent consumption is per organization', async () => {
    const other = await stack.org();
    const seen = await as({ key: other.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(seen.body.balance).toBe((await credits(alice.address)).toString());
    expect(seen.body.recent).toEqual([]);
    const used = await as({ key: other.apiKey, token: alice.token }).post('/ai-billing/consumption', { units: 1, feature: 'other-app' });
    expect(used.status).toBe(201);
    const mine = await as({ key: org.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(mine.body.balance).toBe(used.body.balance);
    expect(mine.body.recent.map((r: { feature: string }) => r.feature)).not.toContain('other-app');
  });

  it('recent lists the last 20 consumptions, newest first', async () => {
    const dave = await stack.login();
    await stack.mint(dave.address, ONE);
    await buy(dave, 30);
    const ids: string[] = [];
    for (let i = 0; i < 22; i += 1) {
      const r = await as({ key: org.apiKey, token: dave.token }).post('/ai-billing/consumption', { units: 1, feature: `f${i}` });
      ids.push(r.body.id);
    }
    const res = await as({ key: org.apiKey, token: dave.token }).get('/ai-billing/credits');
    expect(res.body.balance).toBe('8');
    expect(res.body.recent).toHaveLength(20);
    expect(res.body.recent.map((r: { id: string }) => r.id)).toEqual(ids.slice(2).reverse());
  });

  it('refunding a credit purchase takes the credits back; once they are consumed the refund is 409', async () => {
    const erin = await stack.login();
    await stack.mint(erin.address, ONE);
    const kept = await buy(erin, 4);
    const refunded = await as({ key: org.apiKey, token: erin.token }).post(`/gateway/v1/payments/${kept.id}/refund`);
    expect(refunded.status).toBe(200);
    expect(refunded.body.status).toBe('refunded');
    expect(await credits(erin.address)).toBe(0n);

    const spent = await buy(erin, 4);
    await as({ key: org.apiKey, token: erin.token }).post('/ai-billing/consumption', { units: 1, feature: 'chat' });
    const gtk = await getBalance(prisma(), wallet(erin.address), 'GTK');
    const refused = await as({ key: org.apiKey, token: erin.token }).post(`/gateway/v1/payments/${spent.id}/refund`);
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe('/problems/invalid-state');
    expect(await credits(erin.address)).toBe(3n);
    expect(await getBalance(prisma(), wallet(erin.address), 'GTK')).toBe(gtk);
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: spent.id } })).status).toBe('settled');
  });

  it('401 without the API key or without the JWT, on every billing endpoint', async () => {
    for (const c of [{ token: alice.token }, { key: org.apiKey }] as Creds[]) {
      expect((await as(c).post('/ai-billing/credits/purchase', { credits: 1 })).status).toBe(401);
      expect((await as(c).post('/ai-billing/consumption', { units: 1, feature: 'x' })).status).toBe(401);
      expect((await as(c).get('/ai-billing/credits')).status).toBe(401);
    }
  });

  it('403 without billing:write (purchase, consumption) or billing:read (balance)', async () => {
    const reader = await stack.org('billing:read');
    const writer = await stack.org('billing:write');
    const rows = await prisma().creditConsumption.count();
    const payments = await prisma().payment.count();
    const p = await as({ key: reader.apiKey, token: alice.token }).post('/ai-billing/credits/purchase', { credits: 1 });
    expect(p.status).toBe(403);
    expect(p.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'billing:write' });
    const c = await as({ key: reader.apiKey, token: alice.token }).post('/ai-billing/consumption', { units: 1, feature: 'x' });
    expect(c.status).toBe(403);
    const g = await as({ key: writer.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(g.status).toBe(403);
    expect(g.body.requiredScope).toBe('billing:read');
    expect((await as({ key: reader.apiKey, token: alice.token }).get('/ai-billing/credits')).status).toBe(200);
    expect(await prisma().creditConsumption.count()).toBe(rows);
    expect(await prisma().payment.count()).toBe(payments);
  });

  it.each([
    [{}],
    [{ credits: 0 }],
    [{ credits: -1 }],
    [{ credits: 1.5 }],
    [{ credits: '10' }],
    [{ credits: 1_000_000_001 }],
    [{ credits: 1, note: 'x' }],
  ])('purchase with %j → 400, no payment', async (body) => {
    const payments = await prisma().payment.count();
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/credits/purchase', body);
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('/problems/validation-error');
    expect(await prisma().payment.count()).toBe(payments);
  });

  it.each([
    [{ feature: 'x' }],
    [{ units: 0, feature: 'x' }],
    [{ units: -2, feature: 'x' }],
    [{ units: 2.5, feature: 'x' }],
    [{ units: '2', feature: 'x' }],
    [{ units: 1_000_000_001, feature: 'x' }],
    [{ units: 1 }],
    [{ units: 1, feature: '' }],
    [{ units: 1, feature: ' spaced' }],
    [{ units: 1, feature: 'x'.repeat(65) }],
    [{ units: 1, feature: 'x', extra: true }],
  ])('consumption with %j → 400, nothing debited', async (body) => {
    const rows = await prisma().creditConsumption.count();
    const before = await credits(alice.address);
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/consumption', body);
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('/problems/validation-error');
    expect(await prisma().creditConsumption.count()).toBe(rows);
    expect(await credits(alice.address)).toBe(before);
  });
});
