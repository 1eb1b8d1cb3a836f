import { type BigintColumnsAsText, type RawSql, parseBigintColumns, sqlFragment } from '@gw/db';

/** Every statement on `permit_deposits` (the gasless deposits). */

export interface PermitDepositRow {
  id: string;
  organizationId: string;
  address: string;
  chainId: number;
  token: string;
  amount: bigint;
  /** Unix seconds. */
  deadline: bigint;
  status: 'pending' | 'confirmed' | 'failed';
  permitTransactionId: string;
  transferTransactionId: string | null;
  permitTxHash: string | null;
  txHash: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type Raw = BigintColumnsAsText<PermitDepositRow, 'amount' | 'deadline'>;
const toRow = (r: Raw): PermitDepositRow => parseBigintColumns(r, ['amount', 'deadline']);

const COLUMNS = sqlFragment(`id::text, organization_id::text AS "organizationId", address, chain_id AS "chainId", token, amount::text,
  deadline::text, status, permit_transaction_id::text AS "permitTransactionId", transfer_transaction_id::text AS "transferTransactionId",
  permit_tx_hash AS "permitTxHash", tx_hash AS "txHash", failure_reason AS "failureReason", created_at AS "createdAt", updated_at AS "updatedAt"`);

/**
 * Inserts a `pending` permit deposit in the caller's transaction.
 * @returns the row, or null when the wallet already has a pending one on this chain (the partial
 *   unique index `permit_deposits_one_pending_per_wallet`)
 */
export async function insertPermitDeposit(
  tx: RawSql,
  d: Pick<PermitDepositRow, 'id' | 'organizationId' | 'address' | 'chainId' | 'token' | 'amount' | 'deadline' | 'permitTransactionId'>,
): Promise<PermitDepositRow | null> {
  const rows = await tx.$queryRaw<Raw[]>`
    INSERT INTO permit_deposits (id, organization_id, address, chain_id, token, amount, deadline, permit_transaction_id)
    VALUES (${d.id}::uuid, ${d.organizationId}::uuid, ${d.address}, ${d.chainId}::int, ${d.token}, ${d.amount.toString()}::numeric,
      ${d.deadline.toString()}::bigint, ${d.permitTransactionId}::uuid)
    ON CONFLICT (chain_id, address) WHERE status = 'pending' DO NOTHING
    RETURNING ${COLUMNS}`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The permit deposit of this organization and wallet, or null (another's is indistinguishable from none). */
export async function findWalletPermitDeposit(
  db: RawSql,
  organizationId: string,
  address: string,
  id: string,
): Promise<PermitDepositRow | null> {
  const rows = await db.$queryRaw<Raw[]>`
    SELECT ${COLUMNS} FROM permit_deposits
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND address = ${address}`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The permit deposit by id, locked until the caller's transaction ends (the outcomes of its transactions). */
export async function lockPermitDeposit(tx: RawSql, id: string): Promise<PermitDepositRow | null> {
  const rows = await tx.$queryRaw<Raw[]>`SELECT ${COLUMNS} FROM permit_deposits WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The organizations of the permit deposits `ids` made from `address` (whom `deposit.credited` goes to). */
export async function findPermitDepositOrganizations(db: RawSql, ids: readonly string[], address: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ organizationId: string }[]>`
    SELECT DISTINCT organization_id::text AS "organizationId" FROM permit_deposits
    WHERE id = ANY(${ids as string[]}::uuid[]) AND address = ${address}`;
  return rows.map((r) => r.organizationId);
}

/** The permit's outcome: its final hash, its error if it failed, and the `transferFrom` row written after it (caller's transaction). */
export async function notePermitOutcome(
  tx: RawSql,
  id: string,
  f: { permitTxHash: string | null; transferTransactionId: string; failureReason: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE permit_deposits
    SET permit_tx_hash = ${f.permitTxHash}, transfer_transaction_id = ${f.transferTransactionId}::uuid,
      failure_reason = ${f.failureReason}, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
}

/** The final state, in the caller's transaction. */
export async function finishPermitDeposit(
  tx: RawSql,
  id: string,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; failureReason: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE permit_deposits SET status = ${f.status}, tx_hash = ${f.txHash}, failure_reason = ${f.failureReason}, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
}
