import { randomUUID } from 'node:crypto';
import type { RawSql } from '@gw/db';
import { AppError } from '@gw/runtime';

export type OwnerType = 'wallet' | 'organization' | 'system';

/** Whose account: a wallet (checksummed address), an organization (id) or a system account. */
export interface Owner {
  type: OwnerType;
  id: string;
}

/** The one account allowed below zero: new supply is minted from it. */
export const ISSUANCE: Owner = { type: 'system', id: 'issuance' };

export interface Leg {
  owner: Owner;
  /** Signed amount in integer base units: negative debits, positive credits. */
  amount: bigint;
}

export interface EntryInput {
  /** What moved value: `payment.settle`, `transfer`, `mint`, ... */
  kind: string;
  /** Id of the business object behind the entry (payment id, transfer id, ...). */
  reference?: string;
  /** Token symbol. */
  token: string;
  legs: Leg[];
}

const key = (o: Owner) => `${o.type}:${o.id}`;

/**
 * Stripes of an organization's account (issue #16, hot merchants). A credit to an organization
 * needs no balance check, so it lands on one of these sub-accounts at random: concurrent
 * settlements to one merchant lock different rows instead of queueing on one. A debit of an
 * organization locks all its stripes, checks their sum and drains them in stripe order, so no
 * row ever goes below zero. Every other account has the single stripe 0. A balance is the sum
 * of its owner's stripes ({@link getBalance}).
 */
export const ORGANIZATION_CREDIT_STRIPES = 8;

/** Which stripe(s) a leg touches: a credit to an organization picks one; a debit of one needs all (-1). */
const stripeFor = (leg: Leg): number => {
  if (leg.owner.type !== 'organization') return 0;
  return leg.amount > 0n ? Math.floor(Math.random() * ORGANIZATION_CREDIT_STRIPES) : -1;
};

interface AccountRow {
  id: string;
  owner_type: OwnerType;
  owner_id: string;
  stripe: number;
  balance: string;
}

/**
 * Writes one journal entry inside the caller's transaction (a Prisma `Tx` or a raw `RawSql`
 * transaction: both run the same statements).
 *
 * Rules (issue #3, "The core"): the legs sum to zero; the accounts are created when missing and
 * locked with `SELECT ... FOR UPDATE ORDER BY id`, one fixed order for every transaction, so
 * concurrent entries cannot deadlock; no account except {@link ISSUANCE} may go below zero;
 * balances are updated in the same transaction as the postings. Accounts are found through the
 * unique index on (owner_type, owner_id, token, stripe) (issue #16: the cost does not grow with
 * the number of accounts); credits to organizations are striped ({@link ORGANIZATION_CREDIT_STRIPES}).
 *
 * @returns the journal entry id
 * @throws AppError('insufficient-funds') when a debited account would go below zero
 * @throws Error when the legs do not sum to zero (a programming error)
 */
export async function postEntry(tx: RawSql, input: EntryInput): Promise<string> {
  const merged = new Map<string, Leg>();
  for (const leg of input.legs) {
    const prev = merged.get(key(leg.owner));
    merged.set(key(leg.owner), { owner: leg.owner, amount: (prev?.amount ?? 0n) + leg.amount });
  }
  const legs = [...merged.values()].filter((l) => l.amount !== 0n);
  const sum = legs.reduce((acc, l) => acc + l.amount, 0n);
  if (sum !== 0n) throw new Error(`ledger entry ${input.kind} does not balance (sum ${sum})`);
  if (legs.length === 0) throw new Error(`ledger entry ${input.kind} moves nothing`);

  const stripes = legs.map(stripeFor);
  const types = legs.map((l) => l.owner.type);
  const owners = legs.map((l) => l.owner.id);
  // Missing accounts are created first. `NOT EXISTS` skips the ones that exist (issue #16): an
  // INSERT … ON CONFLICT that reaches an existing row waits for every transaction that updated it,
  // which made concurrent credits to one merchant queue on its stripes.
  await tx.$executeRaw`
    INSERT INTO ledger_accounts (id, owner_type, owner_id, token, stripe, balance)
    SELECT gen_random_uuid(), t.owner_type::owner_type, t.owner_id, ${input.token}, greatest(t.stripe, 0), 0
    FROM unnest(${types}::text[], ${owners}::text[], ${stripes}::int[]) AS t(owner_type, owner_id, stripe)
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_accounts a
      WHERE a.owner_type = t.owner_type::owner_type AND a.owner_id = t.owner_id AND a.token = ${input.token}
        AND a.stripe = greatest(t.stripe, 0)
    )
    ON CONFLICT (owner_type, owner_id, token, stripe) DO NOTHING`;

  // A join on the index's columns (not an expression over them): one index probe per leg.
  const accounts = await tx.$queryRaw<AccountRow[]>`
    SELECT a.id::text, a.owner_type::text AS owner_type, a.owner_id, a.stripe, a.balance::text AS balance
    FROM unnest(${types}::text[], ${owners}::text[], ${stripes}::int[]) AS t(owner_type, owner_id, stripe)
    JOIN ledger_accounts a
      ON a.owner_type = t.owner_type::owner_type AND a.owner_id = t.owner_id AND a.token = ${input.token}
     AND (t.stripe < 0 OR a.stripe = t.stripe)
    ORDER BY a.id
    FOR UPDATE OF a`;
  const byOwner = new Map<string, AccountRow[]>();
  for (const a of accounts) {
    const k = `${a.owner_type}:${a.owner_id}`;
    byOwner.set(k, [...(byOwner.get(k) ?? []), a]);
  }

  // Each leg becomes one or more postings: a debit drains its owner's stripes in stripe order.
  const postings: { accountId: string; amount: bigint }[] = [];
  for (const leg of legs) {
    const rows = (byOwner.get(key(leg.owner)) ?? []).sort((x, y) => x.stripe - y.stripe);
    if (rows.length === 0) throw new Error(`ledger account ${key(leg.owner)} missing after upsert`);
    if (leg.amount > 0n || key(leg.owner) === key(ISSUANCE)) {
      postings.push({ accountId: rows[0]!.id, amount: leg.amount });
      continue;
    }
    const available = rows.reduce((acc, r) => acc + BigInt(r.balance), 0n);
    if (available + leg.amount < 0n) {
      throw new AppError('insufficient-funds', `Balance of ${input.token} is too low for this operation`);
    }
    let left = -leg.amount;
    for (const r of rows) {
      const take = BigInt(r.balance) < left ? BigInt(r.balance) : left;
      if (take > 0n) postings.push({ accountId: r.id, amount: -take });
      left -= take;
      if (left === 0n) break;
    }
  }

  // The entry, its postings and the balances in one statement (one round trip while the rows are locked).
  const entryId = randomUUID();
  const ids = postings.map((p) => p.accountId);
  const amounts = postings.map((p) => p.amount.toString());
  await tx.$executeRaw`
    WITH t AS (
      SELECT * FROM unnest(${ids}::uuid[], ${amounts}::numeric[]) AS t(account_id, amount)
    ),
    entry AS (
      INSERT INTO journal_entries (id, kind, reference, created_at)
      VALUES (${entryId}::uuid, ${input.kind}, ${input.reference ?? null}, now())
      RETURNING id
    ),
    posted AS (
      INSERT INTO postings (id, entry_id, account_id, amount, created_at)
      SELECT gen_random_uuid(), entry.id, t.account_id, t.amount, now() FROM entry, t
    )
    UPDATE ledger_accounts a SET balance = a.balance + t.amount FROM t WHERE a.id = t.account_id`;
  return entryId;
}

/** Balance of one account in base units: the sum of its stripes (0 when the account does not exist yet). */
export async function getBalance(db: Pick<RawSql, '$queryRaw'>, owner: Owner, token: string): Promise<bigint> {
  const rows = await db.$queryRaw<{ balance: string | null }[]>`
    SELECT sum(balance)::text AS balance FROM ledger_accounts
    WHERE owner_type = ${owner.type}::owner_type AND owner_id = ${owner.id} AND token = ${token}`;
  return rows[0]?.balance ? BigInt(rows[0].balance) : 0n;
}
