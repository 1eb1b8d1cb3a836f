import { Prisma, type RawSql, type Token, type WalletTransfer, type Db } from '@gw/db';
import type { Owner, OwnerType } from './system-accounts.js';

/**
 * Every statement on the ledger's tables: `tokens`, `ledger_accounts`, `journal_entries`,
 * `postings` and `wallet_transfers`. Balances are `numeric` (Prisma `Decimal`, or text in raw SQL).
 */

// --- tokens -------------------------------------------------------------------------------------

/** Every token of the `tokens` table: the native token first, then by symbol. */
export async function listTokens(db: Db<'token'>): Promise<Token[]> {
  return db.token.findMany({ orderBy: [{ isNative: 'desc' }, { symbol: 'asc' }] });
}

/** The token named `symbol`, or null. */
export async function findTokenBySymbol(db: Db<'token'>, symbol: string): Promise<Token | null> {
  return db.token.findUnique({ where: { symbol } });
}

/** Inserts a token unless its symbol exists (an existing row is left as it is). */
export async function insertTokenIfMissing(
  db: Db<'token'>,
  token: Pick<Token, 'symbol' | 'name' | 'decimals' | 'isNative'>,
): Promise<void> {
  await db.token.upsert({ where: { symbol: token.symbol }, create: token, update: {} });
}

// --- accounts, journal entries, postings ----------------------------------------------------------

/**
 * The accounts a journal entry locks while it waits (every leg but the credits to organizations),
 * one row per leg: owner and stripe (-1: every stripe of the owner, for an organization's debit).
 */
export interface AccountKeys {
  types: OwnerType[];
  owners: string[];
  stripes: number[];
}

/** A `ledger_accounts` row as {@link lockAccounts} and {@link lockOrganizationStripe} return it (balance as text). */
export interface AccountRow {
  id: string;
  owner_type: OwnerType;
  owner_id: string;
  stripe: number;
  balance: string;
}

/**
 * Creates the accounts of `keys` that do not exist yet, with balance 0 (stripe -1 creates stripe 0).
 * `NOT EXISTS` skips the ones that exist: an INSERT … ON CONFLICT that reaches an
 * existing row waits for every transaction that updated it.
 */
export async function createMissingAccounts(tx: RawSql, token: string, keys: AccountKeys): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO ledger_accounts (id, owner_type, owner_id, token, stripe, balance)
    SELECT gen_random_uuid(), t.owner_type::owner_type, t.owner_id, ${token}, greatest(t.stripe, 0), 0
    FROM unnest(${keys.types}::text[], ${keys.owners}::text[], ${keys.stripes}::int[]) AS t(owner_type, owner_id, stripe)
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_accounts a
      WHERE a.owner_type = t.owner_type::owner_type AND a.owner_id = t.owner_id AND a.token = ${token}
        AND a.stripe = greatest(t.stripe, 0)
    )
    ON CONFLICT (owner_type, owner_id, token, stripe) DO NOTHING`;
}

/**
 * Creates the stripes 0 … `stripes` − 1 of an organization's account in `token` that do not exist
 * yet, with balance 0 (run when no existing stripe was free, so an organization whose
 * account predates a larger stripe count gets the new stripes the first time it needs them).
 */
export async function createOrganizationStripes(tx: RawSql, token: string, organizationId: string, stripes: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO ledger_accounts (id, owner_type, owner_id, token, stripe, balance)
    SELECT gen_random_uuid(), 'organization'::owner_type, ${organizationId}, ${token}, s, 0
    FROM generate_series(0, ${stripes}::int - 1) AS s
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_accounts a
      WHERE a.owner_type = 'organization' AND a.owner_id = ${organizationId} AND a.token = ${token} AND a.stripe = s
    )
    ON CONFLICT (owner_type, owner_id, token, stripe) DO NOTHING`;
}

/**
 * Locks the accounts of `keys` for the rest of the transaction (`FOR UPDATE`) and reads them.
 * Rows are locked in one fixed order for every transaction: accounts of other owners first, then
 * organizations' stripes, each by id. An organization's stripes come last because
 * {@link lockOrganizationStripe} takes a credit stripe after this statement; so an entry that has to
 * wait for a credit stripe (every stripe held) holds no account that the holder of a stripe
 * (e.g. a refund, which debits every stripe) could still be waiting for. A join on the index's
 * columns: one index probe per leg.
 */
export async function lockAccounts(tx: RawSql, token: string, keys: AccountKeys): Promise<AccountRow[]> {
  return tx.$queryRaw<AccountRow[]>`${lockAccountsStatement(token, keys)}`;
}

/** {@link lockAccounts}' statement, which {@link lockAccountsAndFreeStripe} runs as its first step. */
const lockAccountsStatement = (token: string, keys: AccountKeys): Prisma.Sql => Prisma.sql`
    SELECT a.id::text, a.owner_type::text AS owner_type, a.owner_id, a.stripe, a.balance::text AS balance
    FROM unnest(${keys.types}::text[], ${keys.owners}::text[], ${keys.stripes}::int[]) AS t(owner_type, owner_id, stripe)
    JOIN ledger_accounts a
      ON a.owner_type = t.owner_type::owner_type AND a.owner_id = t.owner_id AND a.token = ${token}
     AND (t.stripe < 0 OR a.stripe = t.stripe)
    ORDER BY a.owner_type = 'organization', a.id
    FOR UPDATE OF a`;

/**
 * {@link lockAccounts}, then in the same statement a free stripe of `organizationId`'s account in
 * `token` as {@link lockOrganizationStripe} without `wait` takes it: one round trip instead of two
 * for an entry that debits an account and credits an organization (a payment's settle). The second
 * lock is the one taken while the first are held (a payer's confirms queue on the payer's account,
 * so every round trip made while holding it is paid by each of them, one after the other). The
 * stripe's scan waits for the uncorrelated sub-select over `locked` (evaluated once, before the
 * scan returns a row), so the accounts are locked first, in {@link lockAccounts}' order, and the
 * stripe after them, as two statements would; it never waits (`SKIP LOCKED`).
 * @returns the locked accounts, and the stripe: undefined when every existing stripe is held or
 *   none exists (the caller then creates the stripes or waits, {@link lockOrganizationStripe})
 */
export async function lockAccountsAndFreeStripe(
  tx: RawSql,
  token: string,
  keys: AccountKeys,
  organizationId: string,
): Promise<{ accounts: AccountRow[]; stripe: AccountRow | undefined }> {
  const rows = await tx.$queryRaw<(AccountRow & { credit: boolean })[]>`
    WITH locked AS MATERIALIZED (${lockAccountsStatement(token, keys)}),
    stripe AS (
      SELECT id::text, owner_type::text AS owner_type, owner_id, stripe, balance::text AS balance
      FROM ledger_accounts
      WHERE owner_type = 'organization' AND owner_id = ${organizationId} AND token = ${token}
        AND (SELECT count(*) FROM locked) >= 0
      ORDER BY random() LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    SELECT *, false AS credit FROM locked
    UNION ALL
    SELECT *, true AS credit FROM stripe`;
  const strip = ({ credit: _credit, ...row }: AccountRow & { credit: boolean }): AccountRow => row;
  return { accounts: rows.filter((r) => !r.credit).map(strip), stripe: rows.filter((r) => r.credit).map(strip)[0] };
}

/**
 * Locks one stripe of an organization's account in `token` for the rest of the transaction and
 * reads it: a stripe at random among those no other transaction holds
 * (`FOR UPDATE SKIP LOCKED`), so concurrent credits to one organization never wait for each other
 * while it has a free stripe. With `wait`, a stripe at random, waiting for it if it is held.
 * @returns the locked stripe; undefined without `wait` when every existing stripe is held (or none
 *   exists), and with `wait` when none exists
 */
export async function lockOrganizationStripe(
  tx: RawSql,
  token: string,
  organizationId: string,
  opts: { wait: boolean },
): Promise<AccountRow | undefined> {
  const rows = opts.wait
    ? await tx.$queryRaw<AccountRow[]>`
        SELECT id::text, owner_type::text AS owner_type, owner_id, stripe, balance::text AS balance
        FROM ledger_accounts WHERE owner_type = 'organization' AND owner_id = ${organizationId} AND token = ${token}
        ORDER BY random() LIMIT 1
        FOR UPDATE`
    : await tx.$queryRaw<AccountRow[]>`
        SELECT id::text, owner_type::text AS owner_type, owner_id, stripe, balance::text AS balance
        FROM ledger_accounts WHERE owner_type = 'organization' AND owner_id = ${organizationId} AND token = ${token}
        ORDER BY random() LIMIT 1
        FOR UPDATE SKIP LOCKED`;
  return rows[0];
}

/** The id of a journal entry with this reference, or null. */
export function findJournalEntryIdByReference(db: Db<'journalEntry'>, reference: string): Promise<{ id: string } | null> {
  return db.journalEntry.findFirst({ where: { reference }, select: { id: true } });
}

/**
 * Writes a journal entry, its postings and the new balances of their (locked) accounts in one
 * statement (one round trip while the rows are locked).
 * @param postings signed amounts in integer base units
 */
export async function insertEntry(
  tx: RawSql,
  entry: { id: string; kind: string; reference: string | null; postings: { accountId: string; amount: bigint }[] },
): Promise<void> {
  const ids = entry.postings.map((p) => p.accountId);
  const amounts = entry.postings.map((p) => p.amount.toString());
  await tx.$executeRaw`
    WITH t AS (
      SELECT * FROM unnest(${ids}::uuid[], ${amounts}::numeric[]) AS t(account_id, amount)
    ),
    entry AS (
      INSERT INTO journal_entries (id, kind, reference, created_at)
      VALUES (${entry.id}::uuid, ${entry.kind}, ${entry.reference}, now())
      RETURNING id
    ),
    posted AS (
      INSERT INTO postings (id, entry_id, account_id, amount, created_at)
      SELECT gen_random_uuid(), entry.id, t.account_id, t.amount, now() FROM entry, t
    )
    UPDATE ledger_accounts a SET balance = a.balance + t.amount FROM t WHERE a.id = t.account_id`;
}

/** Balance of one account in base units: the sum of its stripes (0 when the account does not exist yet). */
export async function getBalance(db: Pick<RawSql, '$queryRaw'>, owner: Owner, token: string): Promise<bigint> {
  const rows = await db.$queryRaw<{ balance: string | null }[]>`
    SELECT sum(balance)::text AS balance FROM ledger_accounts
    WHERE owner_type = ${owner.type}::owner_type AND owner_id = ${owner.id} AND token = ${token}`;
  return rows[0]?.balance ? BigInt(rows[0].balance) : 0n;
}

/** The accounts of one owner (one per token, for wallets and system accounts), with their balances. */
export async function ownerAccounts(db: Db<'ledgerAccount'>, owner: Owner): Promise<{ token: string; balance: Prisma.Decimal }[]> {
  return db.ledgerAccount.findMany({ where: { ownerType: owner.type, ownerId: owner.id }, select: { token: true, balance: true } });
}

/** The accounts in `token` of the system accounts named `ids`, with their balances. */
export async function systemAccounts(
  db: Db<'ledgerAccount'>,
  token: string,
  ids: string[],
): Promise<{ ownerId: string; balance: Prisma.Decimal }[]> {
  return db.ledgerAccount.findMany({
    where: { token, ownerType: 'system', ownerId: { in: ids } },
    select: { ownerId: true, balance: true },
  });
}

/** Per token: the sums of an owner's incoming (credit) and outgoing (debit) postings, integer base units as text. */
export interface FlowRow {
  token: string;
  inflow: string;
  outflow: string;
}

/** {@link FlowRow}s of the postings on `owner`'s accounts since `since`; tokens without postings are absent. */
export async function ownerFlowsSince(db: Pick<RawSql, '$queryRaw'>, owner: Owner, since: Date): Promise<FlowRow[]> {
  return db.$queryRaw<FlowRow[]>`
    SELECT a.token,
           COALESCE(SUM(p.amount) FILTER (WHERE p.amount > 0), 0)::text AS inflow,
           COALESCE(-SUM(p.amount) FILTER (WHERE p.amount < 0), 0)::text AS outflow
    FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE a.owner_type = ${owner.type}::owner_type AND a.owner_id = ${owner.id}
      AND p.created_at >= ${since}
    GROUP BY a.token`;
}

// --- wallet transfers -----------------------------------------------------------------------------

/** Inserts a `wallet_transfers` row (amount in integer base units). */
export async function insertWalletTransfer(
  tx: Db<'walletTransfer'>,
  transfer: { fromAddress: string; toAddress: string; token: string; amount: bigint },
): Promise<WalletTransfer> {
  return tx.walletTransfer.create({ data: { ...transfer, amount: transfer.amount.toString() } });
}
