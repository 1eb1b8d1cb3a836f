import { type Db, type Deposit, type KeysetPage, type Tx, keysetArgs } from '@gw/db';

/**
 * Every statement on the custody tables: `deposits`, `custody_cursors` and
 * `custody_blocks`. Nothing else touches them. Block numbers are bigints.
 */

export type DepositRow = Deposit;

// --- the scan's lock and cursor ---------------------------------------------------------------------

/**
 * Takes the deposit scan's lock of a chain until `tx` ends (a transaction-scoped advisory lock):
 * one scan per chain at a time across every worker replica and the CLI.
 * @param wait true: wait for it; false: answer false at once when another scan holds it
 * @returns true when this transaction holds the lock
 */
export async function lockDepositScan(tx: Tx, chainId: number, wait: boolean): Promise<boolean> {
  if (wait) {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext('custody-deposit-scan'), ${chainId}::int)::text AS locked`;
    return true;
  }
  const [row] = await tx.$queryRaw<{ locked: boolean }[]>`
    SELECT pg_try_advisory_xact_lock(hashtext('custody-deposit-scan'), ${chainId}::int) AS locked`;
  return row?.locked === true;
}

/**
 * The poller's cursor of a (chain, stream): the next block to read and, for `deposits`, the block up
 * to which every deposit is credited.
 */
export async function findCursor(
  db: Db<'custodyCursor'>,
  chainId: number,
  stream = 'deposits',
): Promise<{ nextBlock: bigint; safeBlock: bigint | null } | null> {
  return db.custodyCursor.findUnique({ where: { chainId_stream: { chainId, stream } }, select: { nextBlock: true, safeBlock: true } });
}

/** Writes the poller's cursor of a (chain, stream). */
export async function saveCursor(tx: Tx, chainId: number, stream: string, nextBlock: bigint, safeBlock: bigint | null): Promise<void> {
  await tx.custodyCursor.upsert({
    where: { chainId_stream: { chainId, stream } },
    create: { chainId, stream, nextBlock, safeBlock },
    update: { nextBlock, safeBlock },
  });
}

// --- remembered block hashes ------------------------------------------------------------------------

/** The remembered blocks of a chain, highest first. */
export async function listBlocks(tx: Tx, chainId: number): Promise<{ number: bigint; hash: string }[]> {
  return tx.custodyBlock.findMany({ where: { chainId }, orderBy: { number: 'desc' }, select: { number: true, hash: true } });
}

/** Remembers block hashes (a number seen again takes the new hash). */
export async function rememberBlocks(tx: Tx, chainId: number, blocks: readonly { number: bigint; hash: string }[]): Promise<void> {
  const unique = [...new Map(blocks.map((b) => [b.number, b])).values()];
  for (const b of unique)
    await tx.custodyBlock.upsert({
      where: { chainId_number: { chainId, number: b.number } },
      create: { chainId, number: b.number, hash: b.hash },
      update: { hash: b.hash },
    });
}

/** Forgets the remembered blocks from `from` up (they are read again), or below `below` (out of the reorg window). */
export async function forgetBlocks(tx: Tx, chainId: number, range: { from: bigint } | { below: bigint }): Promise<void> {
  await tx.custodyBlock.deleteMany({ where: { chainId, number: 'from' in range ? { gte: range.from } : { lt: range.below } } });
}

// --- deposits ----------------------------------------------------------------------------------------

export interface NewDeposit {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  address: string;
  ownerType: 'wallet' | 'system';
  ownerId: string;
  token: string;
  amount: bigint;
  status?: 'pending' | 'credited';
}

/**
 * Inserts deposits; one already recorded under the same (chain, tx hash, log index) is left as it is.
 * @returns how many were inserted
 */
export async function insertDeposits(tx: Tx, deposits: readonly NewDeposit[]): Promise<number> {
  if (deposits.length === 0) return 0;
  const out = await tx.deposit.createMany({
    data: deposits.map((d) => ({
      ...d,
      amount: d.amount.toString(),
      status: d.status ?? 'pending',
      creditedAt: d.status === 'credited' ? new Date() : null,
    })),
    skipDuplicates: true,
  });
  return out.count;
}

/** The deposit of a (chain, tx hash, log index) key, or null. */
export function findDepositByKey(db: Db<'deposit'>, chainId: number, txHash: string, logIndex: number): Promise<DepositRow | null> {
  return db.deposit.findUnique({ where: { chainId_txHash_logIndex: { chainId, txHash, logIndex } } });
}

/** Deletes the pending deposits of a chain from block `from` up (reorged out: never credited). @returns how many */
export async function deletePendingFrom(tx: Tx, chainId: number, from: bigint): Promise<number> {
  return (await tx.deposit.deleteMany({ where: { chainId, status: 'pending', blockNumber: { gte: from } } })).count;
}

/** The credited deposits of a chain from block `from` up. */
export function listCreditedFrom(tx: Tx, chainId: number, from: bigint): Promise<DepositRow[]> {
  return tx.deposit.findMany({ where: { chainId, status: 'credited', blockNumber: { gte: from } }, orderBy: { blockNumber: 'asc' } });
}

/** The pending deposits of a chain up to block `upTo` (confirmed enough), oldest first. */
export function listPendingUpTo(tx: Tx, chainId: number, upTo: bigint): Promise<DepositRow[]> {
  return tx.deposit.findMany({
    where: { chainId, status: 'pending', blockNumber: { lte: upTo } },
    orderBy: [{ blockNumber: 'asc' }, { logIndex: 'asc' }],
  });
}

/** Marks a pending deposit credited (in the transaction of its ledger entry). */
export async function markCredited(tx: Tx, id: string): Promise<void> {
  await tx.deposit.update({ where: { id, status: 'pending' }, data: { status: 'credited', creditedAt: new Date() } });
}

/** Marks a credited deposit orphaned. */
export async function markOrphaned(tx: Tx, id: string): Promise<void> {
  await tx.deposit.update({ where: { id, status: 'credited' }, data: { status: 'orphaned', orphanedAt: new Date() } });
}

/** The orphaned deposits of a chain in these transactions (lower-case hashes), by log index. */
export function listOrphanedInTransactions(tx: Tx, chainId: number, txHashes: readonly string[]): Promise<DepositRow[]> {
  if (txHashes.length === 0) return Promise.resolve([]);
  return tx.deposit.findMany({
    where: { chainId, status: 'orphaned', txHash: { in: [...new Set(txHashes)] } },
    orderBy: [{ txHash: 'asc' }, { logIndex: 'asc' }],
  });
}

/**
 * Puts an orphaned deposit back to `credited` where its transaction is mined now (the same
 * transaction again, maybe under another log index): its ledger entry was never reversed.
 */
export async function restoreOrphaned(tx: Tx, id: string, at: { blockNumber: bigint; blockHash: string; logIndex: number }): Promise<void> {
  await tx.deposit.update({ where: { id, status: 'orphaned' }, data: { ...at, status: 'credited', orphanedAt: null } });
}

/** Moves a deposit to the block that holds its transaction now (re-included by a reorg). */
export async function moveDeposit(tx: Tx, id: string, blockNumber: bigint, blockHash: string, logIndex: number): Promise<void> {
  await tx.deposit.update({ where: { id }, data: { blockNumber, blockHash, logIndex } });
}

/** How many deposits were recorded for an owner (any status). */
export function countDepositsOf(db: Db<'deposit'>, owner: { type: string; id: string }): Promise<number> {
  return db.deposit.count({ where: { ownerType: owner.type, ownerId: owner.id } });
}

/** A page of a wallet's deposits (sender = the wallet), newest first (`keysetArgs`). */
export function listWalletDeposits(db: Db<'deposit'>, address: string, page: KeysetPage): Promise<DepositRow[]> {
  return db.deposit.findMany(keysetArgs({ address, ownerType: 'wallet' }, page));
}

/** Every orphaned deposit, oldest first. */
export function listOrphaned(db: Db<'deposit'>): Promise<DepositRow[]> {
  return db.deposit.findMany({ where: { status: 'orphaned' }, orderBy: [{ chainId: 'asc' }, { blockNumber: 'asc' }] });
}

/** How many deposits of a chain are orphaned. */
export function countOrphaned(db: Db<'deposit'>, chainId: number): Promise<number> {
  return db.deposit.count({ where: { chainId, status: 'orphaned' } });
}

/** The status of the first deposit found in (chain, tx hash), or null when the scan has not seen one. */
export async function findDepositStatusByTx(db: Db<'deposit'>, chainId: number, txHash: string): Promise<Deposit['status'] | null> {
  const row = await db.deposit.findFirst({ where: { chainId, txHash }, orderBy: { logIndex: 'asc' }, select: { status: true } });
  return row?.status ?? null;
}

/** Forgets the poller's cursors (every stream) and remembered blocks of a chain (it was reset): the next scan starts at the deployments. */
export async function forgetChain(tx: Tx, chainId: number): Promise<void> {
  await tx.custodyBlock.deleteMany({ where: { chainId } });
  await tx.custodyCursor.deleteMany({ where: { chainId } });
}
