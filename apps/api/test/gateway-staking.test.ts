import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getBalance, ISSUANCE, postEntry, type Owner, STAKING_POOL, TREASURY } from '@gw/core/ledger';
import { accruedReward } from '@gw/core/staking';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { gatewayCalls } from '../../../test/support/gateway-client.js';

/** Staking (stake, positions, unstake) and farming pools (issue #3). */

const ONE = 10n ** 18n;
const DAY = 86_400_000;
const YEAR_MS = 365 * DAY;
const BASE = '/api/gateway/v1';

describe('accruedReward', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const after = (ms: number) => new Date(start.getTime() + ms);

  it('is exactly principal · apr · seconds / (10000 · 31536000), floored', () => {
    expect(accruedReward(1000n * ONE, 1200, start, after(YEAR_MS))).toBe(120n * ONE);
    expect(accruedReward(1000n * ONE, 1200, start, after(1000))).toBe((1000n * ONE * 1200n * 1n) / (10_000n * 31_536_000n));
    // 10^30 base units for a year at 12.34 %: no floating point anywhere.
    expect(accruedReward(10n ** 30n, 1234, start, after(YEAR_MS))).toBe(1234n * 10n ** 26n);
  });

  it('counts whole seconds only, and nothing before the start', () => {
    expect(accruedReward(31_536_000n * 10_000n, 1, start, after(999))).toBe(0n);
    expect(accruedReward(31_536_000n * 10_000n, 1, start, after(1999))).toBe(1n);
    expect(accruedReward(ONE, 1200, start, after(-5000))).toBe(0n);
    expect(accruedReward(1n, 1200, start, after(1000))).toBe(0n);
  });
});

describe('gateway: staking and farming (issue #3)', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let narrow: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };
  let bob: { token: string; address: string };

  const { get, post } = gatewayCalls(() => stack, BASE);

  const prisma = () => stack.api.deps.prisma;
  const balance = (owner: Owner) => getBalance(prisma(), owner, 'GTK');
  const wallet = (id: string): Owner => ({ type: 'wallet', id });
  const fundTreasury = (amount: bigint) =>
    prisma().$transaction((tx) =>
      postEntry(tx, {
        kind: 'treasury.fund',
        token: 'GTK',
        legs: [
          { owner: ISSUANCE, amount: -amount },
          { owner: TREASURY, amount },
        ],
      }),
    );
  /** Moves a position's start (and lock end) back in time, as if it had been opened `ms` ago. */
  const backdate = async (id: string, ms: number) => {
    const p = await prisma().stakingPosition.findUniqueOrThrow({ where: { id } });
    await prisma().stakingPosition.update({
      where: { id },
      data: { startedAt: new Date(p.startedAt.getTime() - ms), lockedUntil: new Date(p.lockedUntil.getTime() - ms) },
    });
  };

  const snapshot = async () => ({
    entries: await prisma().journalEntry.count(),
    positions: (await prisma().stakingPosition.findMany({ orderBy: { id: 'asc' } })).map((p) => `${p.id}:${p.status}`),
    idempotency: await prisma().idempotencyRecord.count(),
    accounts: (await prisma().ledgerAccount.findMany({ orderBy: { id: 'asc' } })).map((a) => `${a.id}:${a.balance.toFixed(0)}`),
  });

  beforeAll(async () => {
    stack = await startStack('gateway-staking', {
      chain: true,
      worker: false,
      env: { AUTH_FAILURE_LIMIT: '10000', RATE_LIMIT_MAX: '100000' },
    });
    org = await stack.org();
    narrow = await stack.org('payments:read');
    alice = await stack.login();
    bob = await stack.login();
    await stack.mint(alice.address, 1000n * ONE);
    await stack.mint(bob.address, 1000n * ONE);
  });
  afterAll(() => stack.stop());

  describe('POST /staking/stake', () => {
    it('opens a position: the principal moves from the wallet to the staking pool', async () => {
      const walletBefore = await balance(wallet(alice.address));
      const poolBefore = await balance(STAKING_POOL);
      const res = await post('/staking/stake', { amount: (10n * ONE).toString() }, org.apiKey, alice.token);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        token: 'GTK',
        principal: (10n * ONE).toString(),
        aprBps: stack.config.STAKING_APR_BPS,
        lockDays: 0,
        lockedUntil: res.body.startedAt,
        startedAt: expect.any(String),
        accruedReward: '0',
        status: 'active',
        unstakedAt: null,
        rewardPaid: null,
      });
      expect(await balance(wallet(alice.address))).toBe(walletBefore - 10n * ONE);
      expect(await balance(STAKING_POOL)).toBe(poolBefore + 10n * ONE);
      const entry = await prisma().journalEntry.findFirstOrThrow({ where: { reference: res.body.id } });
      expect(entry.kind).toBe('stake');
    });

    it('locks for lockDays days', async () => {
      const res = await post('/staking/stake', { amount: ONE.toString(), lockDays: 30 }, org.apiKey, alice.token);
      expect(res.status).toBe(201);
      expect(res.body.lockDays).toBe(30);
      expect(Date.parse(res.body.lockedUntil) - Date.parse(res.body.startedAt)).toBe(30 * DAY);
    });

    it.each([
      ['lockDays 366', { amount: '1', lockDays: 366 }],
      ['lockDays -1', { amount: '1', lockDays: -1 }],
      ['fractional lockDays', { amount: '1', lockDays: 1.5 }],
      ['lockDays as a string', { amount: '1', lockDays: '3' }],
      ['a missing amount', { lockDays: 3 }],
      ['a zero amount', { amount: '0' }],
      ['a fractional amount', { amount: '0.5' }],
      ['an unknown field', { amount: '1', token: 'GTK' }],
    ])('400 for %s, and nothing changes', async (_what, body) => {
      const before = await snapshot();
      const res = await post('/staking/stake', body, org.apiKey, alice.token);
      expect(res.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('422 for a short balance, and nothing changes', async () => {
      const poor = await stack.login();
      await stack.mint(poor.address, 5n);
      const before = await snapshot();
      const res = await post('/staking/stake', { amount: '6' }, org.apiKey, poor.token);
      expect(res.status).toBe(422);
      expect(res.body.type).toBe('/problems/insufficient-funds');
      expect(await snapshot()).toEqual(before);
    });

    it('401 without JWT or API key, 403 without staking:write; nothing changes', async () => {
      const before = await snapshot();
      expect((await post('/staking/stake', { amount: '1' }, org.apiKey)).status).toBe(401);
      expect((await post('/staking/stake', { amount: '1' }, undefined, alice.token)).status).toBe(401);
      const forbidden = await post('/staking/stake', { amount: '1' }, narrow.apiKey, alice.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.requiredScope).toBe('staking:write');
      expect(await snapshot()).toEqual(before);
    });

    it('Idempotency-Key: same body returns the same position once; another body is 422', async () => {
      const key = `stake-${Date.now()}`;
      const a = await post('/staking/stake', { amount: '12345' }, org.apiKey, bob.token, { 'Idempotency-Key': key });
      const b = await post('/staking/stake', { amount: '12345' }, org.apiKey, bob.token, { 'Idempotency-Key': key });
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.body.id).toBe(a.body.id);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(await prisma().stakingPosition.count({ where: { principal: '12345' } })).toBe(1);
      expect(
        (await post('/staking/stake', { amount: '12345', lockDays: 1 }, org.apiKey, bob.token, { 'Idempotency-Key': key })).status,
      ).toBe(422);
    });
  });

  describe('GET /staking/positions', () => {
    it("lists the wallet's active positions, newest first, with exact accrued rewards", async () => {
      const carol = await stack.login();
      await stack.mint(carol.address, 5000n * ONE);
      const first = await post('/staking/stake', { amount: (1000n * ONE).toString() }, org.apiKey, carol.token);
      const second = await post('/staking/stake', { amount: (2000n * ONE).toString(), lockDays: 7 }, org.apiKey, carol.token);
      await backdate(first.body.id, YEAR_MS);
      const started = await prisma().stakingPosition.findUniqueOrThrow({ where: { id: first.body.id } });

      const t0 = new Date();
      const res = await get('/staking/positions', org.apiKey, carol.token);
      const t1 = new Date();
      expect(res.status).toBe(200);
      expect(res.body.nextCursor).toBeNull();
      expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([second.body.id, first.body.id]);
      const reward = BigInt(res.body.data[1].accruedReward);
      expect(reward).toBeGreaterThanOrEqual(accruedReward(1000n * ONE, stack.config.STAKING_APR_BPS, started.startedAt, t0));
      expect(reward).toBeLessThanOrEqual(accruedReward(1000n * ONE, stack.config.STAKING_APR_BPS, started.startedAt, t1));
      expect(reward).toBeGreaterThanOrEqual(120n * ONE); // a year at 12 %
      expect(res.body.data[0]).toMatchObject({ principal: (2000n * ONE).toString(), lockDays: 7, status: 'active' });

      // Other wallets' positions are not listed; pagination walks the list.
      const page1 = await get('/staking/positions?limit=1', org.apiKey, carol.token);
      expect(page1.body.data.map((p: { id: string }) => p.id)).toEqual([second.body.id]);
      const page2 = await get(`/staking/positions?limit=1&cursor=${page1.body.nextCursor}`, org.apiKey, carol.token);
      expect(page2.body).toEqual({ data: [expect.objectContaining({ id: first.body.id })], nextCursor: null });
      const fresh = await stack.login();
      expect((await get('/staking/positions', org.apiKey, fresh.token)).body).toEqual({ data: [], nextCursor: null });
    });

    it('400 for a bad limit or cursor, 401 without JWT or API key, 403 without staking:read', async () => {
      expect((await get('/staking/positions?limit=0', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/staking/positions?limit=101', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/staking/positions?cursor=bogus', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/staking/positions?status=all', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/staking/positions', org.apiKey)).status).toBe(401);
      expect((await get('/staking/positions', undefined, alice.token)).status).toBe(401);
      const forbidden = await get('/staking/positions', narrow.apiKey, alice.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.requiredScope).toBe('staking:read');
    });
  });

  describe('POST /staking/positions/:id/unstake', () => {
    it('409 while locked; nothing changes', async () => {
      const p = await post('/staking/stake', { amount: ONE.toString(), lockDays: 10 }, org.apiKey, alice.token);
      const before = await snapshot();
      const res = await post(`/staking/positions/${p.body.id}/unstake`, undefined, org.apiKey, alice.token);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ type: '/problems/invalid-state', reason: 'locked', lockedUntil: p.body.lockedUntil });
      expect(res.body.detail).toContain('locked until');
      expect(await snapshot()).toEqual(before);
    });

    it("404 for another wallet's, an unknown or a malformed position id; nothing changes", async () => {
      const p = await post('/staking/stake', { amount: ONE.toString() }, org.apiKey, alice.token);
      const before = await snapshot();
      for (const id of [p.body.id, '0190f5c0-0000-7000-8000-000000000000', 'not-a-uuid']) {
        const res = await post(`/staking/positions/${id}/unstake`, undefined, org.apiKey, bob.token);
        expect(res.status).toBe(404);
        expect(res.body.type).toBe('/problems/not-found');
      }
      expect(await snapshot()).toEqual(before);
      expect((await get('/staking/positions', org.apiKey, bob.token)).body.data.map((x: { id: string }) => x.id)).not.toContain(p.body.id);
    });

    it('400 for a body with fields (the call takes none); nothing changes', async () => {
      const p = await post('/staking/stake', { amount: '1000' }, org.apiKey, alice.token); // reward stays 0 for minutes
      const before = await snapshot();
      const res = await post(`/staking/positions/${p.body.id}/unstake`, { amount: '1' }, org.apiKey, alice.token);
      expect(res.status).toBe(400);
      expect(await snapshot()).toEqual(before);
      expect((await post(`/staking/positions/${p.body.id}/unstake`, {}, org.apiKey, alice.token)).status).toBe(200);
    });

    it('treasury short of the reward → 422 and nothing moves; once funded, principal and reward come back', async () => {
      const dave = await stack.login();
      await stack.mint(dave.address, 100n * ONE);
      const p = await post('/staking/stake', { amount: (100n * ONE).toString(), lockDays: 30 }, org.apiKey, dave.token);
      await backdate(p.body.id, YEAR_MS);
      expect(await balance(TREASURY)).toBe(0n);

      const before = await snapshot();
      const short = await post(`/staking/positions/${p.body.id}/unstake`, undefined, org.apiKey, dave.token);
      expect(short.status).toBe(422);
      expect(short.body).toMatchObject({ type: '/problems/insufficient-funds', reason: 'treasury-short' });
      expect(short.body.detail).toContain('treasury');
      expect(await snapshot()).toEqual(before);

      await fundTreasury(1000n * ONE);
      const poolBefore = await balance(STAKING_POOL);
      const res = await post(`/staking/positions/${p.body.id}/unstake`, undefined, org.apiKey, dave.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: p.body.id, status: 'unstaked', principal: (100n * ONE).toString() });
      const reward = BigInt(res.body.rewardPaid);
      expect(reward).toBeGreaterThanOrEqual(12n * ONE);
      expect(reward).toBeLessThan(12n * ONE + ONE / 1000n);
      expect(res.body.accruedReward).toBe(res.body.rewardPaid);
      expect(res.body.unstakedAt).not.toBeNull();
      expect(await balance(wallet(dave.address))).toBe(100n * ONE + reward);
      expect(await balance(STAKING_POOL)).toBe(poolBefore - 100n * ONE);
      expect(await balance(TREASURY)).toBe(1000n * ONE - reward);
      const entry = await prisma().journalEntry.findFirstOrThrow({
        where: { reference: p.body.id, kind: 'unstake' },
        include: { postings: true },
      });
      expect(entry.postings).toHaveLength(3);
      expect(entry.postings.reduce((s, x) => s + BigInt(x.amount.toFixed(0)), 0n)).toBe(0n);

      // Gone from the active list; a second unstake is 409.
      expect((await get('/staking/positions', org.apiKey, dave.token)).body.data).toEqual([]);
      const again = await post(`/staking/positions/${p.body.id}/unstake`, undefined, org.apiKey, dave.token);
      expect(again.status).toBe(409);
      expect(again.body.reason).toBe('already-unstaked');
    });

    it('concurrent unstakes of one position pay once', async () => {
      const erin = await stack.login();
      await stack.mint(erin.address, 50n * ONE);
      const p = await post('/staking/stake', { amount: (50n * ONE).toString() }, org.apiKey, erin.token);
      await backdate(p.body.id, 10 * DAY);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => post(`/staking/positions/${p.body.id}/unstake`, undefined, org.apiKey, erin.token)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const paid = BigInt(results.find((r) => r.status === 200)!.body.rewardPaid);
      expect(await balance(wallet(erin.address))).toBe(50n * ONE + paid);
    });

    it('Idempotency-Key: a retried unstake replays the first answer instead of 409', async () => {
      const p = await post('/staking/stake', { amount: '1000' }, org.apiKey, bob.token);
      const key = `unstake-${Date.now()}`;
      const a = await post(`/staking/positions/${p.body.id}/unstake`, undefined, org.apiKey, bob.token, { 'Idempotency-Key': key });
      const b = await post(`/staking/positions/${p.body.id}/unstake`, undefined, org.apiKey, bob.token, { 'Idempotency-Key': key });
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(b.headers['idempotent-replayed']).toBe('true');
    });

    it('401 without JWT or API key, 403 without staking:write; nothing changes', async () => {
      const p = await post('/staking/stake', { amount: '1000' }, org.apiKey, alice.token);
      const before = await snapshot();
      const path = `/staking/positions/${p.body.id}/unstake`;
      expect((await post(path, undefined, org.apiKey)).status).toBe(401);
      expect((await post(path, undefined, undefined, alice.token)).status).toBe(401);
      expect((await post(path, undefined, narrow.apiKey, alice.token)).status).toBe(403);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('GET /farming/pools', () => {
    let ids: string[];
    beforeAll(async () => {
      ids = [];
      for (const [name, a, b, apr, tvl, active] of [
        ['GTK/USDC', 'GTK', 'USDC', 1800, 5_000_000n * ONE, true],
        ['GTK/ETH', 'GTK', 'ETH', 2500, 1_200_000n * ONE, true],
        ['Retired', 'GTK', 'DAI', 900, 0n, false],
        ['GTK/WBTC', 'GTK', 'WBTC', 3100, 700_000n * ONE, true],
      ] as const) {
        const pool = await prisma().farmingPool.create({ data: { name, tokenA: a, tokenB: b, aprBps: apr, tvl: tvl.toString(), active } });
        ids.push(pool.id);
      }
    });

    it('lists active pools, newest first, with token pair, APR and TVL', async () => {
      const res = await get('/farming/pools', org.apiKey, alice.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [
          { id: ids[3], name: 'GTK/WBTC', tokenPair: ['GTK', 'WBTC'], aprBps: 3100, totalValueLocked: (700_000n * ONE).toString() },
          { id: ids[1], name: 'GTK/ETH', tokenPair: ['GTK', 'ETH'], aprBps: 2500, totalValueLocked: (1_200_000n * ONE).toString() },
          { id: ids[0], name: 'GTK/USDC', tokenPair: ['GTK', 'USDC'], aprBps: 1800, totalValueLocked: (5_000_000n * ONE).toString() },
        ],
        nextCursor: null,
      });
      const page1 = await get('/farming/pools?limit=2', org.apiKey, alice.token);
      expect(page1.body.data).toHaveLength(2);
      const page2 = await get(`/farming/pools?limit=2&cursor=${page1.body.nextCursor}`, org.apiKey, alice.token);
      expect(page2.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    });

    it('400 for a bad limit or cursor, 401 without JWT or API key, 403 without farming:read', async () => {
      expect((await get('/farming/pools?limit=abc', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/farming/pools?cursor=x', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/farming/pools', org.apiKey)).status).toBe(401);
      expect((await get('/farming/pools', undefined, alice.token)).status).toBe(401);
      const forbidden = await get('/farming/pools', narrow.apiKey, alice.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.requiredScope).toBe('farming:read');
    });
  });
});
