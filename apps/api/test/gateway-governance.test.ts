import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { gatewayCalls } from '../../../test/support/gateway-client.js';

/** Governance: active proposals with tallies, voting weighted by staked principal at the snapshot (issue #3). */

const ONE = 10n ** 18n;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BASE = '/api/gateway/v1';

describe('gateway: governance (issue #3)', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let narrow: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };
  let open: { id: string; snapshotAt: Date };
  let closed: { id: string };
  let future: { id: string };

  const { get, post } = gatewayCalls(() => stack, BASE);
  const prisma = () => stack.api.deps.prisma;

  const proposal = (title: string, startsAt: Date, endsAt: Date, snapshotAt = new Date(startsAt.getTime() - HOUR)) =>
    prisma().proposal.create({ data: { title, description: `${title}: details`, snapshotAt, startsAt, endsAt } });

  /**
   * A legacy ledger position (issue #3) of `amount` from `startedAt` (to `unstakedAt`, when given):
   * voting power still reads these until governance moves to on-chain votes; staking itself is on
   * chain since issue #28 and no longer writes them, so the test writes the row.
   */
  const stakedAt = async (who: { token: string; address: string }, amount: bigint, startedAt: Date, unstakedAt?: Date) => {
    const row = await prisma().stakingPosition.create({
      data: {
        address: who.address,
        token: 'GTK',
        principal: amount.toString(),
        aprBps: 0,
        lockDays: 0,
        startedAt,
        lockedUntil: startedAt,
        ...(unstakedAt ? { unstakedAt, status: 'unstaked' as const, rewardPaid: '0' } : {}),
      },
    });
    return row.id;
  };

  /** A wallet with `amount` staked two days ago, well before the open proposal's snapshot. */
  const voter = async (amount = 10n * ONE) => {
    const w = await stack.login();
    await stakedAt(w, amount, new Date(Date.now() - 2 * DAY));
    return w;
  };

  const snapshot = async () => ({
    votes: (await prisma().vote.findMany({ orderBy: { id: 'asc' } })).map((v) => v.id),
    idempotency: await prisma().idempotencyRecord.count(),
  });

  beforeAll(async () => {
    stack = await startStack('gateway-governance', {
      chain: true,
      worker: false,
      env: { AUTH_FAILURE_LIMIT: '10000', RATE_LIMIT_MAX: '100000' },
    });
    org = await stack.org();
    narrow = await stack.org('payments:read');
    alice = await stack.login();
    const now = Date.now();
    const p = await proposal('Fund the grants program', new Date(now - DAY), new Date(now + 6 * DAY), new Date(now - DAY));
    open = { id: p.id, snapshotAt: p.snapshotAt };
    closed = await proposal('Old proposal', new Date(now - 10 * DAY), new Date(now - 3 * DAY));
    future = await proposal('Next quarter budget', new Date(now + DAY), new Date(now + 8 * DAY));
  });
  afterAll(() => stack.stop());

  describe('GET /governance/proposals', () => {
    it('lists only active proposals with a zero tally before any vote', async () => {
      const res = await get('/governance/proposals', org.apiKey, alice.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [
          {
            id: open.id,
            title: 'Fund the grants program',
            description: 'Fund the grants program: details',
            snapshotAt: open.snapshotAt.toISOString(),
            startsAt: expect.any(String),
            endsAt: expect.any(String),
            tally: { for: '0', against: '0', abstain: '0' },
          },
        ],
        nextCursor: null,
      });
      expect(res.body.data.map((p: { id: string }) => p.id)).not.toContain(closed.id);
      expect(res.body.data.map((p: { id: string }) => p.id)).not.toContain(future.id);
    });

    it('paginates with limit and cursor', async () => {
      const now = Date.now();
      const extra = await proposal('Second open proposal', new Date(now - HOUR), new Date(now + DAY));
      const page1 = await get('/governance/proposals?limit=1', org.apiKey, alice.token);
      expect(page1.body.data.map((p: { id: string }) => p.id)).toEqual([extra.id]);
      const page2 = await get(`/governance/proposals?limit=1&cursor=${page1.body.nextCursor}`, org.apiKey, alice.token);
      expect(page2.body).toEqual({ data: [expect.objectContaining({ id: open.id })], nextCursor: null });
    });

    it('400 for a bad limit or cursor, 401 without JWT or API key, 403 without governance:read', async () => {
      expect((await get('/governance/proposals?limit=1000', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/governance/proposals?cursor=%%%', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/governance/proposals?state=closed', org.apiKey, alice.token)).status).toBe(400);
      expect((await get('/governance/proposals', org.apiKey)).status).toBe(401);
      expect((await get('/governance/proposals', undefined, alice.token)).status).toBe(401);
      const forbidden = await get('/governance/proposals', narrow.apiKey, alice.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.requiredScope).toBe('governance:read');
    });
  });

  describe('POST /governance/vote', () => {
    it('records a vote weighted by the principal staked at the snapshot, and the tally shows it', async () => {
      const w = await stack.login();
      const snap = open.snapshotAt.getTime();
      await stakedAt(w, 7n * ONE, new Date(snap - DAY)); // counts
      await stakedAt(w, 3n * ONE, new Date(snap - DAY), new Date(snap + HOUR)); // unstaked after the snapshot: counts
      await stakedAt(w, 100n * ONE, new Date(snap - 2 * DAY), new Date(snap - HOUR)); // unstaked before: does not count
      await stakedAt(w, 50n * ONE, new Date(snap + HOUR)); // staked after the snapshot: does not count

      const res = await post('/governance/vote', { proposalId: open.id, choice: 'for' }, org.apiKey, w.token);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        proposalId: open.id,
        address: w.address,
        choice: 'for',
        weight: (10n * ONE).toString(),
        createdAt: expect.any(String),
      });

      const other = await voter(4n * ONE);
      expect((await post('/governance/vote', { proposalId: open.id, choice: 'against' }, org.apiKey, other.token)).status).toBe(201);
      const list = await get('/governance/proposals', org.apiKey, alice.token);
      const p = list.body.data.find((x: { id: string }) => x.id === open.id);
      expect(p.tally).toEqual({ for: (10n * ONE).toString(), against: (4n * ONE).toString(), abstain: '0' });
    });

    it('a second vote by the same wallet is 409 (already-voted), even with another choice; nothing changes', async () => {
      const w = await voter();
      expect((await post('/governance/vote', { proposalId: open.id, choice: 'abstain' }, org.apiKey, w.token)).status).toBe(201);
      const before = await snapshot();
      const res = await post('/governance/vote', { proposalId: open.id, choice: 'for' }, org.apiKey, w.token);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ type: '/problems/already-voted', reason: 'already-voted' });
      expect(res.body.detail).toMatch(/already voted/);
      expect(await snapshot()).toEqual(before);
    });

    it('concurrent votes by one wallet record one vote', async () => {
      const w = await voter();
      const results = await Promise.all(
        (['for', 'against', 'abstain', 'for', 'against'] as const).map((choice) =>
          post('/governance/vote', { proposalId: open.id, choice }, org.apiKey, w.token),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.reason === 'already-voted')).toBe(true);
      expect(await prisma().vote.count({ where: { proposalId: open.id, address: w.address } })).toBe(1);
    });

    it('closed or not yet open proposals are 409; nothing changes', async () => {
      const w = await voter();
      const before = await snapshot();
      const late = await post('/governance/vote', { proposalId: closed.id, choice: 'for' }, org.apiKey, w.token);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ type: '/problems/voting-closed', reason: 'voting-closed' });
      const early = await post('/governance/vote', { proposalId: future.id, choice: 'for' }, org.apiKey, w.token);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ type: '/problems/voting-not-started', reason: 'voting-not-started' });
      expect(await snapshot()).toEqual(before);
    });

    it('a wallet without stake at the snapshot has no voting power (422 no-voting-power); nothing changes', async () => {
      const w = await stack.login();
      await stack.mint(w.address, 10n * ONE); // tokens held but not staked do not count
      await stakedAt(w, ONE, new Date(open.snapshotAt.getTime() + HOUR)); // staked too late
      const before = await snapshot();
      const res = await post('/governance/vote', { proposalId: open.id, choice: 'for' }, org.apiKey, w.token);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ type: '/problems/no-voting-power', reason: 'no-voting-power' });
      expect(res.body.detail).toMatch(/no voting power/);
      expect(await snapshot()).toEqual(before);
    });

    it('an unknown proposal is 404; nothing changes', async () => {
      const w = await voter();
      const before = await snapshot();
      const res = await post(
        '/governance/vote',
        { proposalId: '0190f5c0-0000-7000-8000-000000000000', choice: 'for' },
        org.apiKey,
        w.token,
      );
      expect(res.status).toBe(404);
      expect(res.body.type).toBe('/problems/not-found');
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['an unknown choice', { choice: 'yes' }],
      ['a missing choice', { choice: undefined }],
      ['a proposalId that is not a UUID', { proposalId: 'abc' }],
      ['a missing proposalId', { proposalId: undefined }],
      ['an unknown field', { weight: '1000' }],
    ])('400 for %s; nothing changes', async (_what, patch) => {
      const body = { proposalId: open.id, choice: 'for', ...patch };
      const before = await snapshot();
      const res = await post('/governance/vote', body, org.apiKey, alice.token);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('/problems/validation-error');
      expect(await snapshot()).toEqual(before);
    });

    it('401 without JWT or API key, 403 without governance:write; nothing changes', async () => {
      const w = await voter();
      const before = await snapshot();
      const body = { proposalId: open.id, choice: 'for' };
      expect((await post('/governance/vote', body, org.apiKey)).status).toBe(401);
      expect((await post('/governance/vote', body, undefined, w.token)).status).toBe(401);
      const forbidden = await post('/governance/vote', body, narrow.apiKey, w.token);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.requiredScope).toBe('governance:write');
      expect(await snapshot()).toEqual(before);
    });

    it('Idempotency-Key: a retried vote replays the first answer instead of 409', async () => {
      const w = await voter();
      const key = `vote-${Date.now()}`;
      const a = await post('/governance/vote', { proposalId: open.id, choice: 'against' }, org.apiKey, w.token, { 'Idempotency-Key': key });
      const b = await post('/governance/vote', { proposalId: open.id, choice: 'against' }, org.apiKey, w.token, { 'Idempotency-Key': key });
      expect(a.status).toBe(201);
      expect(b.status).toBe(201);
      expect(b.body).toEqual(a.body);
      expect(b.headers['idempotent-replayed']).toBe('true');
      const changed = await post('/governance/vote', { proposalId: open.id, choice: 'for' }, org.apiKey, w.token, {
        'Idempotency-Key': key,
      });
      expect(changed.status).toBe(422);
      expect(changed.body.type).toBe('/problems/idempotency-key-reused');
    });
  });
});
