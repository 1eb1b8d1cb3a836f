import { type RawSql, sqlFragment } from '@gw/db';

/** Every statement on `withdrawals` (issue #27). */

export interface WithdrawalRow {
  id: string;
  organizationId: string;
  address: string;
  chainId: number;
  token: string;
  amount: bigint;
  status: 'pending' | 'confirmed' | 'failed';
  chainTransactionId: string;
  txHash: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type Raw = Omit<WithdrawalRow, 'amount'> & { amount: string };
const toRow = (r: Raw): WithdrawalRow => ({ ...r, amount: BigInt(r.amount) });

const COLUMNS =
  sqlFragment(`id::text, organization_id::text AS "organizationId", address, chain_id AS "chainId", token, amount::text, status,
  chain_transaction_id::text AS "chainTransactionId", tx_hash AS "txHash", failure_reason AS "failureReason", created_at AS "createdAt",
  updated_at AS "updatedAt"`);

/** Inserts a `pending` withdrawal in the caller's transaction. */
export async function insertWithdrawal(
  tx: RawSql,
  w: Pick<WithdrawalRow, 'id' | 'organizationId' | 'address' | 'chainId' | 'token' | 'amount' | 'chainTransactionId'>,
): Promise<WithdrawalRow> {
  const rows = await tx.$queryRaw<Raw[]>`
    INSERT INTO withdrawals (id, organization_id, address, chain_id, token, amount, chain_transaction_id)
    VALUES (${w.id}::uuid, ${w.organizationId}::uuid, ${w.address}, ${w.chainId}::int, ${w.token}, ${w.amount.toString()}::numeric, ${w.chainTransactionId}::uuid)
    RETURNING ${COLUMNS}`;
  return toRow(rows[0]!);
}

/** The withdrawal of this organization and wallet, or null (another's is indistinguishable from none). */
export async function findWalletWithdrawal(db: RawSql, organizationId: string, address: string, id: string): Promise<WithdrawalRow | null> {
  const rows = await db.$queryRaw<Raw[]>`
    SELECT ${COLUMNS}
    FROM withdrawals WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND address = ${address}`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The withdrawal by id, locked until the caller's transaction ends (the outcome of its transaction). */
export async function lockWithdrawal(tx: RawSql, id: string): Promise<WithdrawalRow | null> {
  const rows = await tx.$queryRaw<Raw[]>`
    SELECT ${COLUMNS}
    FROM withdrawals WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The final state, in the caller's transaction. */
export async function finishWithdrawal(
  tx: RawSql,
  id: string,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; minedBlock: bigint | null; failureReason: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE withdrawals SET status = ${f.status}, tx_hash = ${f.txHash}, mined_block = ${f.minedBlock?.toString() ?? null}::bigint,
      failure_reason = ${f.failureReason}, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
}

/** Sum (base units) of the chain's confirmed withdrawals whose transaction was mined above `block`. */
export async function sumConfirmedMinedAbove(db: RawSql, chainId: number, block: bigint): Promise<bigint> {
  const rows = await db.$queryRaw<{ sum: string }[]>`
    SELECT coalesce(sum(amount), 0)::text AS sum FROM withdrawals
    WHERE chain_id = ${chainId}::int AND mined_block > ${block.toString()}::bigint AND status = 'confirmed'`;
  return BigInt(rows[0]!.sum);
}

/** The chain's withdrawals still `pending` (in flight): their amounts and outbox rows. */
export async function listPendingWithdrawals(db: RawSql, chainId: number): Promise<{ amount: bigint; chainTransactionId: string }[]> {
  const rows = await db.$queryRaw<{ amount: string; chainTransactionId: string }[]>`
    SELECT amount::text, chain_transaction_id::text AS "chainTransactionId" FROM withdrawals
    WHERE chain_id = ${chainId}::int AND status = 'pending'`;
  return rows.map((r) => ({ amount: BigInt(r.amount), chainTransactionId: r.chainTransactionId }));
}
