import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getAddress } from 'viem';
import { createPrismaClient, type PrismaClient } from '@gw/db';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { AppError, type Config } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import {
  ensureNativeToken,
  getBalance,
  ISSUANCE,
  ORGANIZATION_CREDIT_STRIPES,
  postEntry,
  type Owner,
  transfer,
  transferIfFunded,
} from '@gw/core/ledger';

/**
 * Ledger invariants under concurrency: random movements run in parallel
 * batches, each in its own transaction, then the whole ledger is checked:
 * - every journal entry has postings and they sum to zero;
 * - no account except system:issuance is below zero;
 * - every account's balance equals the sum of its postings;
 * - supply is conserved (the balances of each token sum to zero, issuance included) and the
 *   final balances equal a sequential replay of exactly the movements that succeeded;
 * - no movement failed for any reason other than a short balance (no deadlock, no timeout).
 */

/** Deterministic PRNG (mulberry32), so a failing run can be replayed from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const key = (o: Owner) => `${o.type}:${o.id}`;
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/** Collects outcomes of concurrent movements; anything but the expected refusals is a failure. */
async function settle<T>(tasks: (() => Promise<T>)[], expected: AppError['code'][]) {
  const results = await Promise.allSettled(tasks.map((t) => t()));
  const unexpected = results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r) => r.reason as unknown)
    .filter((e) => !(e instanceof AppError && expected.includes(e.code)));
  return { results, unexpected };
}

describe('ledger invariants under concurrent movements', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let config: Config;
  const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);

  beforeAll(async () => {
    db = await createTestDatabase('ledger');
    prisma = createPrismaClient(db.url, { poolMax: 10 });
    config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
    await ensureNativeToken(prisma, config);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const post = (kind: string, legs: { owner: Owner; amount: bigint }[], token = 'GTK') =>
    prisma.$transaction((tx) => postEntry(tx, { kind, token, legs }));

  /** Checks the four ledger-wide invariants; returns balances by `type:id:token`. */
  async function checkInvariants(): Promise<Map<string, bigint>> {
    const unbalanced = await prisma.$queryRaw<{ entry_id: string; sum: string }[]>`
      SELECT entry_id::text, SUM(amount)::text AS sum FROM postings GROUP BY entry_id HAVING SUM(amount) <> 0`;
    expect(unbalanced).toEqual([]);
    const empty = await prisma.$queryRaw<{ id: string }[]>`
      SELECT e.id::text FROM journal_entries e WHERE (SELECT COUNT(*) FROM postings p WHERE p.entry_id = e.id) < 2`;
    expect(empty).toEqual([]);
    const negative = await prisma.$queryRaw<{ owner: string; balance: string }[]>`
      SELECT owner_type::text || ':' || owner_id AS owner, balance::text FROM ledger_accounts
      WHERE balance < 0 AND NOT (owner_type = 'system' AND owner_id = 'issuance')`;
    expect(negative).toEqual([]);
    const drifted = await prisma.$queryRaw<{ id: string; balance: string; postings: string }[]>`
      SELECT a.id::text, a.balance::text, COALESCE(p.sum, 0)::text AS postings
      FROM ledger_accounts a LEFT JOIN (SELECT account_id, SUM(amount) AS sum FROM postings GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.balance <> COALESCE(p.sum, 0)`;
    expect(drifted).toEqual([]);
    const perToken = await prisma.$queryRaw<{ token: string; sum: string }[]>`
      SELECT token, SUM(balance)::text AS sum FROM ledger_accounts GROUP BY token`;
    for (const t of perToken) expect(t).toEqual({ token: t.token, sum: '0' });
    // An owner's balance is the sum of its stripes.
    const balances = new Map<string, bigint>();
    for (const a of await prisma.ledgerAccount.findMany()) {
      const k = `${a.ownerType}:${a.ownerId}:${a.token}`;
      balances.set(k, (balances.get(k) ?? 0n) + BigInt(a.balance.toFixed(0)));
    }
    return balances;
  }

  it(`200 random concurrent transfers among 10 wallets keep every invariant (seed ${seed})`, async () => {
    const r = rng(seed);
    const wallets: Owner[] = Array.from({ length: 10 }, () => ({ type: 'wallet', id: randomAddress() }));
    const model = new Map<string, bigint>();
    const apply = (legs: { owner: Owner; amount: bigint }[]) => {
      for (const l of legs) model.set(key(l.owner), (model.get(key(l.owner)) ?? 0n) + l.amount);
    };
    for (const w of wallets) {
      const legs = [
        { owner: ISSUANCE, amount: -1000n },
        { owner: w, amount: 1000n },
      ];
      await post('mint', legs);
      apply(legs);
    }
    const entriesBefore = await prisma.journalEntry.count();

    // Two-leg transfers in both directions between the same wallets (the classic deadlock), plus
    // some three-leg entries, amounts large enough that many are refused for a short balance.
    const movements = Array.from({ length: 200 }, () => {
      const from = wallets[r.int(0, 9)]!;
      let to = wallets[r.int(0, 9)]!;
      while (to === from) to = wallets[r.int(0, 9)]!;
      const amount = BigInt(r.int(1, 600));
      if (r.next() < 0.2) {
        let third = wallets[r.int(0, 9)]!;
        while (third === from || third === to) third = wallets[r.int(0, 9)]!;
        const part = amount / 2n;
        return [
          { owner: from, amount: -amount },
          { owner: to, amount: amount - part },
          { owner: third, amount: part },
        ];
      }
      return [
        { owner: from, amount: -amount },
        { owner: to, amount },
      ];
    });

    const succeeded: (typeof movements)[number][] = [];
    const unexpected: unknown[] = [];
    let refused = 0;
    for (let i = 0; i < movements.length; i += 20) {
      const batch = movements.slice(i, i + 20);
      const out = await settle(
        batch.map((legs) => () => post('transfer', legs)),
        ['insufficient-funds'],
      );
      unexpected.push(...out.unexpected);
      out.results.forEach((res, j) => (res.status === 'fulfilled' ? succeeded.push(batch[j]!) : refused++));
    }
    expect(unexpected).toEqual([]); // no deadlock (40P01/P2034), no timeout, nothing but short balances
    expect(succeeded.length + refused).toBe(200);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);

    const balances = await checkInvariants();
    expect(await prisma.journalEntry.count()).toBe(entriesBefore + succeeded.length);
    // Postings add up, so the order in which the successful transfers ran does not matter.
    for (const legs of succeeded) apply(legs);
    for (const w of wallets) expect(balances.get(`${key(w)}:GTK`) ?? 0n).toBe(model.get(key(w)));
    const walletTotal = wallets.reduce((s, w) => s + (balances.get(`${key(w)}:GTK`) ?? 0n), 0n);
    expect(walletTotal).toBe(10_000n);
  });

  it('striped organization accounts: concurrent credits spread over stripes, a debit drains them exactly, no stripe below zero', async () => {
    const merchant: Owner = { type: 'organization', id: randomUUID() };
    const payers: Owner[] = Array.from({ length: 8 }, () => ({ type: 'wallet', id: randomAddress() }));
    for (const p of payers)
      await post('mint', [
        { owner: ISSUANCE, amount: -100n },
        { owner: p, amount: 100n },
      ]);
    // 40 settlements of 5 to one merchant, 8 at a time.
    for (let i = 0; i < 40; i += 8) {
      const out = await settle(
        payers.map(
          (p) => () =>
            post('payment.settle', [
              { owner: p, amount: -5n },
              { owner: merchant, amount: 5n },
            ]),
        ),
        [],
      );
      expect(out.unexpected).toEqual([]);
    }
    const stripes = await prisma.ledgerAccount.findMany({ where: { ownerType: 'organization', ownerId: merchant.id } });
    expect(stripes.length).toBeGreaterThan(1); // 40 random picks of 8 stripes: one stripe only has odds 8^-39
    expect(await getBalance(prisma, merchant, 'GTK')).toBe(200n);
    // A refund larger than any single stripe drains several; more than the sum is refused and changes nothing.
    const largest = stripes.reduce((m, a) => (BigInt(a.balance.toFixed(0)) > m ? BigInt(a.balance.toFixed(0)) : m), 0n);
    await post('payment.refund', [
      { owner: merchant, amount: -(largest + 5n) },
      { owner: payers[0]!, amount: largest + 5n },
    ]);
    expect(await getBalance(prisma, merchant, 'GTK')).toBe(200n - largest - 5n);
    const short = await settle(
      [
        () =>
          post('payment.refund', [
            { owner: merchant, amount: -1000n },
            { owner: payers[1]!, amount: 1000n },
          ]),
      ],
      ['insufficient-funds'],
    );
    expect(short.results[0]!.status).toBe('rejected');
    expect(short.unexpected).toEqual([]);
    expect(await getBalance(prisma, merchant, 'GTK')).toBe(200n - largest - 5n);
    await checkInvariants();
  });

  it('transfer: one two-leg entry from → to; a short balance is refused with 422 insufficient-funds, or answered null by transferIfFunded, and nothing is written', async () => {
    const a: Owner = { type: 'wallet', id: randomAddress() };
    const b: Owner = { type: 'wallet', id: randomAddress() };
    const mintRef = randomUUID();
    const minted = await prisma.$transaction((tx) =>
      transfer(tx, { kind: 'mint', reference: mintRef, token: 'GTK', from: ISSUANCE, to: a, amount: 100n }),
    );
    const legs = await prisma.posting.findMany({ where: { entryId: minted }, include: { account: true } });
    expect(legs.map((p) => [`${p.account.ownerType}:${p.account.ownerId}`, p.amount.toFixed(0)]).sort()).toEqual(
      [
        [key(ISSUANCE), '-100'],
        [key(a), '100'],
      ].sort(),
    );
    expect(await prisma.journalEntry.findUnique({ where: { id: minted } })).toMatchObject({ kind: 'mint', reference: mintRef });

    await expect(
      prisma.$transaction((tx) => transfer(tx, { kind: 'test', token: 'GTK', from: a, to: b, amount: 101n })),
    ).rejects.toMatchObject({
      code: 'insufficient-funds',
    });
    // transferIfFunded: null, and the same transaction goes on (nothing was written by the refusal).
    const [short, moved] = await prisma.$transaction(async (tx) => {
      const refused = await transferIfFunded(tx, { kind: 'test', token: 'GTK', from: a, to: b, amount: 101n });
      const done = await transferIfFunded(tx, { kind: 'test', token: 'GTK', from: a, to: b, amount: 40n });
      return [refused, done] as const;
    });
    expect(short).toBeNull();
    expect(typeof moved).toBe('string');
    expect(await getBalance(prisma, a, 'GTK')).toBe(60n);
    expect(await getBalance(prisma, b, 'GTK')).toBe(40n);
    await checkInvariants();
  });

  // Holds ORGANIZATION_CREDIT_STRIPES + 2 transactions open at once, so it needs as many server
  // connections: the pooler run's PgBouncer gives the test database 5 (`default_pool_size`), where
  // the 6th transaction could never start. It runs on direct connections (`pnpm test`).
  const withServerConnectionPerTransaction = process.env.TEST_DATABASE_POOLER ? it.skip : it;
  withServerConnectionPerTransaction(
    'hot merchant: credits to one organization take free stripes, new stripes are made when none is free, a credit waits only when every stripe is held, and balances stay exact',
    async () => {
      const merchant: Owner = { type: 'organization', id: randomUUID() };
      const credits = ORGANIZATION_CREDIT_STRIPES + 2; // 16 held at once, one that makes the new stripes, one that waits
      const payers: Owner[] = Array.from({ length: credits }, () => ({ type: 'wallet', id: randomAddress() }));
      for (const p of payers)
        await post('mint', [
          { owner: ISSUANCE, amount: -100n },
          { owner: p, amount: 100n },
        ]);
      // An account that predates the larger stripe count: 8 stripes.
      await prisma.$executeRaw`
      INSERT INTO ledger_accounts (id, owner_type, owner_id, token, stripe, balance)
      SELECT gen_random_uuid(), 'organization', ${merchant.id}, 'GTK', s, 0 FROM generate_series(0, 7) AS s`;
      const stripeCount = () => prisma.ledgerAccount.count({ where: { ownerType: 'organization', ownerId: merchant.id } });
      const settle5 = (payer: Owner) => (tx: Parameters<typeof postEntry>[0]) =>
        postEntry(tx, {
          kind: 'payment.settle',
          token: 'GTK',
          legs: [
            { owner: payer, amount: -5n },
            { owner: merchant, amount: 5n },
          ],
        });

      // Credits that stay open, each holding its stripe until released, taken one after the other.
      const wide = createPrismaClient(db.url, { poolMax: credits + 2 });
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const held: Promise<string>[] = [];
      const heldStripes = new Set<number>();
      const hold = async (payer: Owner) => {
        let entered!: (stripe: number) => void;
        const entry = new Promise<number>((r) => (entered = r));
        held.push(
          wide.$transaction(
            async (tx) => {
              const id = await settle5(payer)(tx);
              const [credit] = await tx.$queryRaw<{ stripe: number }[]>`
              SELECT a.stripe FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
              WHERE p.entry_id = ${id}::uuid AND a.owner_type = 'organization'`;
              entered(credit!.stripe);
              await released;
              return id;
            },
            { timeout: 120_000, maxWait: 60_000 },
          ),
        );
        heldStripes.add(await entry);
      };
      try {
        for (const payer of payers.slice(0, 8)) await hold(payer);
        expect(await stripeCount()).toBe(8);
        // The 8 old stripes are all held: the next credit makes the missing ones and takes one of them.
        await prisma.$transaction(settle5(payers[8]!));
        expect(await stripeCount()).toBe(ORGANIZATION_CREDIT_STRIPES);
        for (const payer of payers.slice(9, 9 + ORGANIZATION_CREDIT_STRIPES - 8)) await hold(payer);
        // Each open credit found a stripe no other one held.
        expect(heldStripes.size).toBe(ORGANIZATION_CREDIT_STRIPES);

        // Every stripe held: one more credit waits for one of them (seen in pg_stat_activity), then goes through.
        const waiting = wide.$transaction(settle5(payers[credits - 1]!), { timeout: 120_000, maxWait: 60_000 });
        let waiters = 0;
        for (let i = 0; i < 400 && waiters === 0; i++) {
          const rows = await prisma.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM ledger_accounts%FOR UPDATE%'`;
          waiters = rows[0]!.n;
          if (waiters === 0) await new Promise((r) => setTimeout(r, 25));
        }
        expect(waiters).toBe(1);
        release();
        await Promise.all([...held, waiting]);
      } finally {
        release();
        await Promise.allSettled(held);
        await wide.$disconnect();
      }
      expect(await getBalance(prisma, merchant, 'GTK')).toBe(5n * BigInt(credits));
      expect(await stripeCount()).toBe(ORGANIZATION_CREDIT_STRIPES);

      // Settlements from and refunds to the same payers at once (refunds lock every stripe): no deadlock, exact balances.
      const model = new Map<string, bigint>([[key(merchant), 5n * BigInt(credits)]]);
      for (const p of payers) model.set(key(p), 95n);
      const moves = Array.from({ length: 60 }, (_, i) => {
        const payer = payers[i % payers.length]!;
        return i % 3 === 2
          ? [
              { owner: merchant, amount: -7n },
              { owner: payer, amount: 7n },
            ]
          : [
              { owner: payer, amount: -3n },
              { owner: merchant, amount: 3n },
            ];
      });
      for (let i = 0; i < moves.length; i += 20) {
        const batch = moves.slice(i, i + 20);
        const out = await settle(
          batch.map((legs) => () => post('move', legs)),
          [],
        );
        expect(out.unexpected).toEqual([]);
        for (const legs of batch) for (const l of legs) model.set(key(l.owner), model.get(key(l.owner))! + l.amount);
      }
      const balances = await checkInvariants();
      expect(balances.get(`${key(merchant)}:GTK`)).toBe(model.get(key(merchant)));
      for (const p of payers) expect(balances.get(`${key(p)}:GTK`)).toBe(model.get(key(p)));
    },
  );

  it("a settle takes the payer's account and a free stripe in one statement, the stripe after the account", async () => {
    // One payer's confirms queue on its account: each statement made while holding it is paid by
    // every confirm in turn (one payer, 20 confirms in flight: 53 → 40 confirms/s with one more).
    const merchant: Owner = { type: 'organization', id: randomUUID() };
    const payer: Owner = { type: 'wallet', id: randomAddress() };
    await post('mint', [
      { owner: ISSUANCE, amount: -100n },
      { owner: payer, amount: 100n },
    ]);
    const settle1 = { kind: 'payment.settle', token: 'GTK', from: payer, to: merchant, amount: 1n };
    await prisma.$transaction((tx) => transfer(tx, settle1)); // the merchant's first credit makes its stripes
    expect(await prisma.ledgerAccount.count({ where: { ownerType: 'organization', ownerId: merchant.id } })).toBe(
      ORGANIZATION_CREDIT_STRIPES,
    );

    // Accounts and stripes in place: the locks, then the entry.
    const statements: string[] = [];
    await prisma.$transaction((tx) => {
      const counted = {
        $queryRaw: (s: TemplateStringsArray, ...v: unknown[]) => (statements.push(s.join('?')), tx.$queryRaw(s, ...v)),
        $executeRaw: (s: TemplateStringsArray, ...v: unknown[]) => (statements.push(s.join('?')), tx.$executeRaw(s, ...v)),
      } as unknown as typeof tx;
      return transferIfFunded(counted, settle1);
    });
    expect(statements).toHaveLength(2);

    // While another transaction holds the payer's account, a settle waiting for it holds no stripe.
    const wide = createPrismaClient(db.url, { poolMax: 3 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    try {
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      const holder = wide.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM ledger_accounts WHERE owner_type = 'wallet' AND owner_id = ${payer.id} FOR UPDATE`;
          holding();
          await released;
        },
        { timeout: 60_000 },
      );
      await held;
      const waiting = wide.$transaction((tx) => transfer(tx, settle1), { timeout: 60_000, maxWait: 30_000 });
      let waiters = 0;
      for (let i = 0; i < 400 && waiters === 0; i++) {
        const rows = await prisma.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM ledger_accounts%FOR UPDATE%'`;
        waiters = rows[0]!.n;
        if (waiters === 0) await new Promise((r) => setTimeout(r, 25));
      }
      expect(waiters).toBe(1);
      const free = await prisma.$transaction(
        (tx) => tx.$queryRaw<{ id: string }[]>`
          SELECT id::text FROM ledger_accounts WHERE owner_type = 'organization' AND owner_id = ${merchant.id}
          FOR UPDATE SKIP LOCKED`,
      );
      expect(free).toHaveLength(ORGANIZATION_CREDIT_STRIPES);
      release();
      await Promise.all([holder, waiting]);
    } finally {
      release();
      await wide.$disconnect();
    }
    expect(await getBalance(prisma, merchant, 'GTK')).toBe(3n);
    expect(await getBalance(prisma, payer, 'GTK')).toBe(97n);
  });
});
