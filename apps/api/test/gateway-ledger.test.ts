import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getAddress } from 'viem';
import { getBalance, ISSUANCE, postEntry, type Owner, BRIDGE_ESCROW, STAKING_POOL, TREASURY } from '@gw/core/ledger';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { gatewayCalls } from '../../../test/support/gateway-client.js';
import { ANY_RECIPIENT_ALLOWANCE, newWallet } from '../../../test/support/wallet.js';

/** Wallet balances, transfers, token info and the treasury overview. */

const ONE = 10n ** 18n;
const BASE = '/api/gateway/v1';

describe('gateway: wallet, token info, treasury', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let narrow: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };

  const { get, post } = gatewayCalls(() => stack, BASE);

  const prisma = () => stack.api.deps.prisma;
  const balance = (owner: Owner, token = 'GTK') => getBalance(prisma(), owner, token);
  const wallet = (id: string): Owner => ({ type: 'wallet', id });
  const move = (legs: { owner: Owner; amount: bigint }[], token = 'GTK', kind = 'test') =>
    prisma().$transaction((tx) => postEntry(tx, { kind, token, legs }));

  /** Everything a refused request must leave untouched. */
  const snapshot = async () => ({
    entries: await prisma().journalEntry.count(),
    postings: await prisma().posting.count(),
    transfers: await prisma().walletTransfer.count(),
    idempotency: await prisma().idempotencyRecord.count(),
    accounts: (await prisma().ledgerAccount.findMany({ orderBy: { id: 'asc' } })).map((a) => `${a.id}:${a.balance.toFixed(0)}`),
  });

  beforeAll(async () => {
    stack = await startStack('gateway-ledger', {
      chain: true,
      worker: false,
      env: { AUTH_FAILURE_LIMIT: '10000', RATE_LIMIT_MAX: '100000' },
    });
    org = await stack.org();
    narrow = await stack.org('payments:read');
    // The holder lets this session send to any address (the allowance signed at login).
    alice = await stack.login(undefined, { allowance: ANY_RECIPIENT_ALLOWANCE });
    await stack.mint(alice.address, 100n * ONE);
    await prisma().token.create({ data: { symbol: 'USDX', name: 'Test Dollar', decimals: 6 } });
  });
  afterAll(() => stack.stop());

  describe('GET /wallet/balances', () => {
    it('lists every token for the JWT wallet, zeros included', async () => {
      const res = await get('/wallet/balances', org.apiKey, alice.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        address: alice.address,
        data: [
          { token: { symbol: 'GTK', name: 'Gateway Token', decimals: 18 }, balance: (100n * ONE).toString() },
          { token: { symbol: 'USDX', name: 'Test Dollar', decimals: 6 }, balance: '0' },
        ],
        // The stack has a chain: alice's tokens were deposited, so custody holds them, not her.
        onchain: [
          { chain: 'eip155:31337', symbol: 'GTK', contract: expect.any(String), balance: '0' },
          { chain: 'eip155:31338', symbol: 'wGTK', contract: expect.any(String), balance: '0' },
        ],
      });
    });

    it('a wallet that never held anything gets zeros', async () => {
      const fresh = await stack.login();
      const res = await get('/wallet/balances', org.apiKey, fresh.token);
      expect(res.status).toBe(200);
      expect(res.body.data.map((b: { balance: string }) => b.balance)).toEqual(['0', '0']);
    });

    it('401 without JWT or without API key, 403 without wallet:read, 400 on unknown query parameters', async () => {
      expect((await get('/wallet/balances', org.apiKey)).status).toBe(401);
      expect((await get('/wallet/balances', undefined, alice.token)).status).toBe(401);
      const forbidden = await get('/wallet/balances', narrow.apiKey, alice.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'wallet:read' });
      expect((await get('/wallet/balances?address=0x0', org.apiKey, alice.token)).status).toBe(400);
    });
  });

  describe('POST /wallet/transfer', () => {
    it('moves the amount in one journal entry and answers 201 with the transfer', async () => {
      const bob = newWallet();
      const before = await balance(wallet(alice.address));
      const res = await post('/wallet/transfer', { to: bob.address.toLowerCase(), amount: (3n * ONE).toString() }, org.apiKey, alice.token);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        from: alice.address,
        to: getAddress(bob.address),
        token: 'GTK',
        amount: (3n * ONE).toString(),
        createdAt: expect.any(String),
      });
      expect(await balance(wallet(alice.address))).toBe(before - 3n * ONE);
      expect(await balance(wallet(bob.address))).toBe(3n * ONE);
      const entry = await prisma().journalEntry.findFirstOrThrow({ where: { reference: res.body.id }, include: { postings: true } });
      expect(entry.kind).toBe('transfer');
      expect(entry.postings.reduce((s, p) => s + BigInt(p.amount.toFixed(0)), 0n)).toBe(0n);
      expect(await prisma().walletTransfer.findUnique({ where: { id: res.body.id } })).not.toBeNull();
    });

    it('accepts checksummed and all-uppercase addresses; another token of the tokens table stays, as the allowance is in the native token', async () => {
      const bob = newWallet();
      await move(
        [
          { owner: ISSUANCE, amount: -5_000_000n },
          { owner: wallet(alice.address), amount: 5_000_000n },
        ],
        'USDX',
        'mint',
      );
      const usdx = await post('/wallet/transfer', { to: bob.address, amount: '1000000', token: 'USDX' }, org.apiKey, alice.token);
      expect(usdx.status).toBe(403);
      expect(usdx.body).toMatchObject({ type: '/problems/spending-limit-exceeded', window: 'token' });
      const checksummed = await post('/wallet/transfer', { to: bob.address, amount: '2' }, org.apiKey, alice.token);
      expect(checksummed.status).toBe(201);
      expect(checksummed.body).toMatchObject({ token: 'GTK', amount: '2', to: bob.address });
      const upper = `0x${bob.address.slice(2).toUpperCase()}`;
      expect((await post('/wallet/transfer', { to: upper, amount: '1' }, org.apiKey, alice.token)).status).toBe(201);
      expect(await balance(wallet(bob.address), 'USDX')).toBe(0n);
      expect(await balance(wallet(bob.address))).toBe(3n);
      const list = await get('/wallet/balances', org.apiKey, alice.token);
      expect(list.body.data[1]).toEqual({ token: { symbol: 'USDX', name: 'Test Dollar', decimals: 6 }, balance: '5000000' });
    });

    const bob = newWallet().address;
    // EIP-55 test vector with the case of its last letter flipped: mixed case, wrong checksum.
    const badChecksum = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
    it.each([
      ['a mixed-case address with a wrong EIP-55 checksum', { to: badChecksum, amount: '1' }],
      ['a short address', { to: '0x1234', amount: '1' }],
      ['a non-hex address', { to: `0x${'g'.repeat(40)}`, amount: '1' }],
      ['a missing to', { amount: '1' }],
      ['an unknown token', { to: bob, amount: '1', token: 'NOPE' }],
      ['a zero amount', { to: bob, amount: '0' }],
      ['a negative amount', { to: bob, amount: '-1' }],
      ['a fractional amount', { to: bob, amount: '1.5' }],
      ['a numeric amount', { to: bob, amount: 1 }],
      ['an exponent amount', { to: bob, amount: '1e18' }],
      ['an unknown field', { to: bob, amount: '1', memo: 'x' }],
    ])('400 for %s, and nothing changes', async (_what, body) => {
      const before = await snapshot();
      const res = await post('/wallet/transfer', body, org.apiKey, alice.token);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation-error');
      expect(await snapshot()).toEqual(before);
    });

    it('400 for a transfer to oneself', async () => {
      const before = await snapshot();
      const res = await post('/wallet/transfer', { to: alice.address.toLowerCase(), amount: '1' }, org.apiKey, alice.token);
      expect(res.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('422 for a short balance, and nothing changes', async () => {
      const poor = await stack.login(undefined, { allowance: ANY_RECIPIENT_ALLOWANCE });
      await stack.mint(poor.address, 10n);
      const before = await snapshot();
      const res = await post('/wallet/transfer', { to: bob, amount: '11' }, org.apiKey, poor.token);
      expect(res.status).toBe(422);
      expect(res.body.type).toBe('/problems/insufficient-funds');
      expect(await snapshot()).toEqual(before);
      expect(await balance(wallet(poor.address))).toBe(10n);
    });

    it('401 without JWT or API key, 403 without wallet:write; nothing changes', async () => {
      const before = await snapshot();
      expect((await post('/wallet/transfer', { to: bob, amount: '1' }, org.apiKey)).status).toBe(401);
      expect((await post('/wallet/transfer', { to: bob, amount: '1' }, undefined, alice.token)).status).toBe(401);
      const forbidden = await post('/wallet/transfer', { to: bob, amount: '1' }, narrow.apiKey, alice.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.requiredScope).toBe('wallet:write');
      expect(await snapshot()).toEqual(before);
    });

    it('Idempotency-Key: same body replays the transfer, another body or another wallet is 422', async () => {
      const to = newWallet().address;
      const key = `tr-${Date.now()}`;
      const a = await post('/wallet/transfer', { to, amount: '77' }, org.apiKey, alice.token, { 'Idempotency-Key': key });
      const b = await post('/wallet/transfer', { to, amount: '77' }, org.apiKey, alice.token, { 'Idempotency-Key': key });
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.body).toEqual(a.body);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(a.headers['idempotent-replayed']).toBeUndefined();
      expect(await balance(wallet(to))).toBe(77n);
      const other = await post('/wallet/transfer', { to, amount: '78' }, org.apiKey, alice.token, { 'Idempotency-Key': key });
      expect(other.status).toBe(422);
      expect(other.body.type).toBe('/problems/idempotency-key-reused');
      const carol = await stack.login(undefined, { allowance: ANY_RECIPIENT_ALLOWANCE });
      await stack.mint(carol.address, 1000n);
      const otherWallet = await post('/wallet/transfer', { to, amount: '77' }, org.apiKey, carol.token, { 'Idempotency-Key': key });
      expect(otherWallet.status).toBe(422);
      expect(await balance(wallet(to))).toBe(77n);
      expect(await balance(wallet(carol.address))).toBe(1000n);
      // The key is per organization: another organization may use it.
      const elsewhere = await stack.org();
      expect((await post('/wallet/transfer', { to, amount: '77' }, elsewhere.apiKey, alice.token, { 'Idempotency-Key': key })).status).toBe(
        201,
      );
      expect(await balance(wallet(to))).toBe(154n);
    });

    it('concurrent requests with one Idempotency-Key move the amount once', async () => {
      const to = newWallet().address;
      const key = `race-${Date.now()}`;
      const results = await Promise.all(
        Array.from({ length: 6 }, () => post('/wallet/transfer', { to, amount: '5' }, org.apiKey, alice.token, { 'Idempotency-Key': key })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(await balance(wallet(to))).toBe(5n);
      expect(await prisma().walletTransfer.count({ where: { toAddress: getAddress(to) } })).toBe(1);
    });

    it('concurrent transfers out of one wallet never overdraw it', async () => {
      const spender = await stack.login(undefined, { allowance: ANY_RECIPIENT_ALLOWANCE });
      await stack.mint(spender.address, 10n);
      const to = newWallet().address;
      const results = await Promise.all(
        Array.from({ length: 8 }, () => post('/wallet/transfer', { to, amount: '3' }, org.apiKey, spender.token)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(3);
      expect(results.filter((r) => r.status === 422)).toHaveLength(5);
      expect(await balance(wallet(spender.address))).toBe(1n);
      expect(await balance(wallet(to))).toBe(9n);
    });
  });

  describe("the holder's allowance: what a session may send to others", () => {
    it('a session whose holder signed no allowance sends nothing to another wallet: 403 holder-authorization-required, nothing changes', async () => {
      const plain = await stack.login();
      await stack.mint(plain.address, 10n * ONE);
      const before = await snapshot();
      const res = await post('/wallet/transfer', { to: newWallet().address, amount: ONE.toString() }, org.apiKey, plain.token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ type: '/problems/holder-authorization-required', amount: ONE.toString() });
      expect(await snapshot()).toEqual(before);
      expect(await balance(wallet(plain.address))).toBe(10n * ONE);
      expect(await prisma().connectorGrant.count({ where: { wallet: plain.address } })).toBe(0);
    });

    it('the signed allowance bounds each transfer, the day and the total, and names the recipients', async () => {
      const payee = newWallet().address;
      const stranger = newWallet().address;
      const limited = await stack.login(undefined, {
        allowance: `urn:gw:allowance?per_transaction=5&per_day=8&total=12&recipients=${payee.toLowerCase()}`,
      });
      await stack.mint(limited.address, 100n);
      const send = (to: string, amount: string) => post('/wallet/transfer', { to, amount }, org.apiKey, limited.token);
      const before = await snapshot();
      const over = await send(payee, '6');
      expect(over.status).toBe(403);
      expect(over.body).toMatchObject({ type: '/problems/spending-limit-exceeded', window: 'per-transaction', limit: '5' });
      const elsewhere = await send(stranger, '1');
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body).toMatchObject({ type: '/problems/recipient-not-allowed', recipient: getAddress(stranger) });
      expect(await snapshot()).toEqual(before);
      expect((await send(payee, '5')).status).toBe(201);
      const day = await send(payee, '4');
      expect(day.status).toBe(403);
      expect(day.body).toMatchObject({ window: 'per-day', limit: '8', spent: '5' });
      expect((await send(payee, '3')).status).toBe(201);
      expect(await balance(wallet(payee))).toBe(8n);
      expect(await balance(wallet(limited.address))).toBe(92n);
      // The allowance is listed among the wallet's grants, where the holder can see and revoke it.
      const grant = await prisma().connectorGrant.findFirstOrThrow({ where: { wallet: limited.address } });
      expect({ client: grant.clientId, spent: grant.spent.toFixed(0), total: grant.total.toFixed(0) }).toEqual({
        client: 'siwe-session',
        spent: '8',
        total: '12',
      });
    });

    it.each([
      ['an amount that is not an integer', 'urn:gw:allowance?per_transaction=1.5&per_day=2&total=2&recipients=*'],
      ['no recipients', 'urn:gw:allowance?per_transaction=1&per_day=2&total=2'],
      ['per_day above total', 'urn:gw:allowance?per_transaction=1&per_day=3&total=2&recipients=*'],
      ['a recipient that is not an address', 'urn:gw:allowance?per_transaction=1&per_day=2&total=2&recipients=0x1234'],
      ['an unknown parameter', 'urn:gw:allowance?per_transaction=1&per_day=2&total=2&recipients=*&approve=all'],
    ])('a login whose allowance has %s is refused (401, field resources)', async (_what, allowance) => {
      await expect(stack.login(undefined, { allowance })).rejects.toThrow(/login failed: 401 .*"field":"resources"/);
    });
  });

  describe('GET /token/info (public)', () => {
    const supply = async () => {
      const total = -(await balance(ISSUANCE));
      const locked = (await balance(TREASURY)) + (await balance(STAKING_POOL)) + (await balance(BRIDGE_ESCROW));
      return { total, circulating: total - locked };
    };

    it('needs no credentials and reports supply from the ledger', async () => {
      const res = await stack.http.get(`${BASE}/token/info`);
      expect(res.status).toBe(200);
      const { total, circulating } = await supply();
      expect(total).toBeGreaterThan(0n);
      expect(res.body).toEqual({
        symbol: 'GTK',
        name: 'Gateway Token',
        decimals: 18,
        totalSupply: total.toString(),
        circulatingSupply: circulating.toString(),
        onchain: expect.objectContaining({ chain: 'eip155:31337', symbol: 'GTK', decimals: 18 }),
      });
    });

    it('treasury, staking pool and bridge escrow balances are not circulating', async () => {
      const before = (await stack.http.get(`${BASE}/token/info`)).body;
      await move([
        { owner: wallet(alice.address), amount: -6n },
        { owner: TREASURY, amount: 1n },
        { owner: STAKING_POOL, amount: 2n },
        { owner: BRIDGE_ESCROW, amount: 3n },
      ]);
      await stack.mint(newWallet().address, 1000n);
      const after = (await stack.http.get(`${BASE}/token/info`)).body;
      expect(BigInt(after.totalSupply)).toBe(BigInt(before.totalSupply) + 1000n);
      expect(BigInt(after.circulatingSupply)).toBe(BigInt(before.circulatingSupply) + 1000n - 6n);
    });

    it('ignores credentials (even invalid ones) and rejects query parameters with 400', async () => {
      expect((await get('/token/info', 'not-a-key', 'not-a-jwt')).status).toBe(200);
      expect((await get('/token/info', narrow.apiKey, alice.token)).status).toBe(200);
      expect((await stack.http.get(`${BASE}/token/info?symbol=ETH`)).status).toBe(400);
    });
  });

  describe('GET /treasury/overview', () => {
    it('shows treasury balances per token and flows of the last 30 days', async () => {
      const before = await get('/treasury/overview', org.apiKey, alice.token);
      expect(before.status).toBe(200);
      const sink = newWallet().address;
      await move(
        [
          { owner: ISSUANCE, amount: -1000n },
          { owner: TREASURY, amount: 1000n },
        ],
        'GTK',
        'treasury.fund',
      );
      await move(
        [
          { owner: TREASURY, amount: -300n },
          { owner: wallet(sink), amount: 300n },
        ],
        'GTK',
        'treasury.grant',
      );
      await move(
        [
          { owner: ISSUANCE, amount: -40n },
          { owner: TREASURY, amount: 40n },
        ],
        'USDX',
        'treasury.fund',
      );
      // An inflow 40 days old counts in the balance, not in the flows.
      const old = await move(
        [
          { owner: ISSUANCE, amount: -50n },
          { owner: TREASURY, amount: 50n },
        ],
        'GTK',
        'treasury.fund',
      );
      await prisma().posting.updateMany({ where: { entryId: old }, data: { createdAt: new Date(Date.now() - 40 * 86_400_000) } });

      const res = await get('/treasury/overview', org.apiKey, alice.token);
      expect(res.status).toBe(200);
      expect(res.body.balances.map((b: { token: { symbol: string } }) => b.token.symbol)).toEqual(['GTK', 'USDX']);
      expect(res.body.last30Days.map((b: { token: { symbol: string } }) => b.token)).toEqual([
        { symbol: 'GTK', name: 'Gateway Token', decimals: 18 },
        { symbol: 'USDX', name: 'Test Dollar', decimals: 6 },
      ]);
      const delta = (field: 'balance' | 'inflow' | 'outflow', list: 'balances' | 'last30Days', i: number) =>
        BigInt(res.body[list][i][field]) - BigInt(before.body[list][i][field]);
      expect(delta('balance', 'balances', 0)).toBe(750n);
      expect(delta('inflow', 'last30Days', 0)).toBe(1000n);
      expect(delta('outflow', 'last30Days', 0)).toBe(300n);
      expect(delta('balance', 'balances', 1)).toBe(40n);
      expect(delta('inflow', 'last30Days', 1)).toBe(40n);
      expect(delta('outflow', 'last30Days', 1)).toBe(0n);
      expect(BigInt(res.body.balances[0].balance)).toBe(await balance(TREASURY));
    });

    it('401 without JWT or API key, 403 without treasury:read, 400 on unknown query parameters', async () => {
      expect((await get('/treasury/overview', org.apiKey)).status).toBe(401);
      expect((await get('/treasury/overview', undefined, alice.token)).status).toBe(401);
      const forbidden = await get('/treasury/overview', narrow.apiKey, alice.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.requiredScope).toBe('treasury:read');
      expect((await get('/treasury/overview?days=7', org.apiKey, alice.token)).status).toBe(400);
    });
  });
});
