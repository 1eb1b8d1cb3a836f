import { randomUUID } from 'node:crypto';
import type { Tx } from '@gw/db';
import { AppError } from '../errors/app-error.js';

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
 * Writes one journal entry inside the caller's transaction.
 *
 * Rules (issue #3, "The core"): the legs sum to zero; the accounts are created when missing and
 * locked with `SELECT ... FOR UPDATE ORDER BY id`, one fixed order for every transaction, so
 * concurrent entries cannot deadlock; no account except {@link ISSUANCE} may go below zero;
 * balances are updated in the same transaction as the postings.
 *
 * @returns the journal entry id
 * @throws AppError('insufficient-funds') when a debited account would go below zero
 * @throws Error when the legs do not sum to zero (a programming error)
 */
export async function postEntry(tx: Tx, input: EntryInput): Promise<string> {
  const merged = new Map<string, Leg>();
  for (const leg of input.legs) {
    const prev = merged.get(key(leg.owner));
    merged.set(key(leg.owner), { owner: leg.owner, amount: (prev?.amount ?? 0n) + leg.amount });
  }
  const legs = [...merged.values()].filter((l) => l.amount !== 0n);
  const sum = legs.reduce((acc, l) => acc + l.amount, 0n);
  if (sum !== 0n) throw new Error(`ledger entry ${input.kind} does not balance (sum ${sum})`);
  if (legs.length === 0) throw new Error(`ledger entry ${input.kind} moves nothing`);

  await tx.$executeRaw`
    INSERT INTO ledger_accounts (id, owner_type, owner_id, token, balance)
    SELECT gen_random_uuid(), t.owner_type::owner_type, t.owner_id, ${input.token}, 0
    FROM unnest(${legs.map((l) => l.owner.type)}::text[], ${legs.map((l) => l.owner.id)}::text[]) AS t(owner_type, owner_id)
    ON CONFLICT (owner_type, owner_id, token) DO NOTHING`;

  const accounts = await tx.$queryRaw<{ id: string; owner_type: OwnerType; owner_id: string; balance: string }[]>`
    SELECT id::text, owner_type::text AS owner_type, owner_id, balance::text AS balance
    FROM ledger_accounts
    WHERE token = ${input.token}
      AND (owner_type::text || ':' || owner_id) = ANY(${legs.map((l) => key(l.owner))}::text[])
    ORDER BY id
    FOR UPDATE`;
  const byOwner = new Map(accounts.map((a) => [`${a.owner_type}:${a.owner_id}`, a]));

  for (const leg of legs) {
    const account = byOwner.get(key(leg.owner));
    if (!account) throw new Error(`ledger account ${key(leg.owner)} missing after upsert`);
    const after = BigInt(account.balance) + leg.amount;
    if (after < 0n && key(leg.owner) !== key(ISSUANCE)) {
      throw new AppError('insufficient-funds', `Balance of ${input.token} is too low for this operation`);
    }
  }

  const entryId = randomUUID();
  await tx.$executeRaw`
    INSERT INTO journal_entries (id, kind, reference, created_at)
    VALUES (${entryId}::uuid, ${input.kind}, ${input.reference ?? null}, now())`;
  const ids = legs.map((l) => byOwner.get(key(l.owner))!.id);
  const amounts = legs.map((l) => l.amount.toString());
  await tx.$executeRaw`
    INSERT INTO postings (id, entry_id, account_id, amount, created_at)
    SELECT gen_random_uuid(), ${entryId}::uuid, t.account_id::uuid, t.amount::numeric, now()
    FROM unnest(${ids}::text[], ${amounts}::text[]) AS t(account_id, amount)`;
  await tx.$executeRaw`
    UPDATE ledger_accounts a SET balance = a.balance + t.amount::numeric
    FROM unnest(${ids}::text[], ${amounts}::text[]) AS t(account_id, amount)
    WHERE a.id = t.account_id::uuid`;
  return entryId;
}

/** Balance of one account in base units (0 when the account does not exist yet). */
export async function getBalance(db: Pick<Tx, '$queryRaw'>, owner: Owner, token: string): Promise<bigint> {
  const rows = await db.$queryRaw<{ balance: string }[]>`
    SELECT balance::text AS balance FROM ledger_accounts
    WHERE owner_type = ${owner.type}::owner_type AND owner_id = ${owner.id} AND token = ${token}`;
  return rows[0] ? BigInt(rows[0].balance) : 0n;
}
