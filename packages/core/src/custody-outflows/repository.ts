import { type BigintColumnsAsText, type RawSql, parseBigintColumns, sqlFragment } from '@gw/db';

/**
 * Every statement on `custody_outflows`: custodial tokens leaving the custody
 * address, whatever their purpose (a withdrawal is the outflow of purpose `withdrawal`).
 */

/** What the tokens leave custody for. */
export type CustodyOutflowPurpose = 'withdrawal' | 'stake' | 'bridge';

export interface CustodyOutflowRow {
  id: string;
  organizationId: string;
  address: string;
  purpose: CustodyOutflowPurpose;
  chainId: number;
  token: string;
  /** Base units. */
  amount: bigint;
  status: 'pending' | 'confirmed' | 'failed';
  /** The outbox row of the call that moves the tokens (not written yet while an approve goes first). */
  chainTransactionId: string;
  approveTransactionId: string | null;
  spender: `0x${string}` | null;
  callTo: `0x${string}` | null;
  callData: `0x${string}` | null;
  txHash: string | null;
  minedBlock: bigint | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A withdrawal is the custody outflow of purpose `withdrawal`. */
export type WithdrawalRow = CustodyOutflowRow;

type Raw = BigintColumnsAsText<CustodyOutflowRow, 'amount' | 'minedBlock'>;
const toRow = (r: Raw): CustodyOutflowRow => parseBigintColumns(r, ['amount', 'minedBlock']);

const COLUMNS =
  sqlFragment(`id::text, organization_id::text AS "organizationId", address, purpose, chain_id AS "chainId", token, amount::text, status,
  chain_transaction_id::text AS "chainTransactionId", approve_transaction_id::text AS "approveTransactionId", spender,
  call_to AS "callTo", call_data AS "callData", tx_hash AS "txHash", mined_block::text AS "minedBlock", failure_reason AS "failureReason",
  created_at AS "createdAt", updated_at AS "updatedAt"`);

/** Inserts a `pending` outflow in the caller's transaction. */
export async function insertOutflow(
  tx: RawSql,
  o: Pick<
    CustodyOutflowRow,
    | 'id'
    | 'organizationId'
    | 'address'
    | 'purpose'
    | 'chainId'
    | 'token'
    | 'amount'
    | 'chainTransactionId'
    | 'approveTransactionId'
    | 'spender'
    | 'callTo'
    | 'callData'
  >,
): Promise<CustodyOutflowRow> {
  const rows = await tx.$queryRaw<Raw[]>`
    INSERT INTO custody_outflows (id, organization_id, address, purpose, chain_id, token, amount, chain_transaction_id,
      approve_transaction_id, spender, call_to, call_data)
    VALUES (${o.id}::uuid, ${o.organizationId}::uuid, ${o.address}, ${o.purpose}, ${o.chainId}::int, ${o.token}, ${o.amount.toString()}::numeric,
      ${o.chainTransactionId}::uuid, ${o.approveTransactionId}::uuid, ${o.spender}, ${o.callTo}, ${o.callData})
    RETURNING ${COLUMNS}`;
  return toRow(rows[0]!);
}

/** The outflow of this organization, wallet and purpose, or null (another's is indistinguishable from none). */
export async function findWalletOutflow(
  db: RawSql,
  organizationId: string,
  address: string,
  purpose: CustodyOutflowPurpose,
  id: string,
): Promise<CustodyOutflowRow | null> {
  const rows = await db.$queryRaw<Raw[]>`
    SELECT ${COLUMNS}
    FROM custody_outflows
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND address = ${address} AND purpose = ${purpose}`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The withdrawal of this organization and wallet, or null (another's is indistinguishable from none). */
export function findWalletWithdrawal(db: RawSql, organizationId: string, address: string, id: string): Promise<WithdrawalRow | null> {
  return findWalletOutflow(db, organizationId, address, 'withdrawal', id);
}

/** The outflow by id, locked until the caller's transaction ends (the outcome of its transactions). */
export async function lockOutflow(tx: RawSql, id: string): Promise<CustodyOutflowRow | null> {
  const rows = await tx.$queryRaw<Raw[]>`
    SELECT ${COLUMNS}
    FROM custody_outflows WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The final state, in the caller's transaction. */
export async function finishOutflow(
  tx: RawSql,
  id: string,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; minedBlock: bigint | null; failureReason: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE custody_outflows SET status = ${f.status}, tx_hash = ${f.txHash}, mined_block = ${f.minedBlock?.toString() ?? null}::bigint,
      failure_reason = ${f.failureReason}, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
}

/**
 * Serializes the outflows that approve `spender` on `chainId` (a transaction-scoped advisory lock),
 * then answers the sum (base units) of those still `pending`: the allowance the next approve grants.
 */
export async function lockPendingToSpender(tx: RawSql, chainId: number, spender: string): Promise<bigint> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`custody-outflow:${chainId}:${spender}`}, 0))`;
  const rows = await tx.$queryRaw<{ sum: string }[]>`
    SELECT coalesce(sum(amount), 0)::text AS sum FROM custody_outflows
    WHERE chain_id = ${chainId}::int AND spender = ${spender} AND status = 'pending'`;
  return BigInt(rows[0]!.sum);
}

/** The outflows to `spender` on `chainId` still `pending`, oldest first (call under {@link lockPendingToSpender}). */
export async function listPendingToSpender(tx: RawSql, chainId: number, spender: string): Promise<CustodyOutflowRow[]> {
  const rows = await tx.$queryRaw<Raw[]>`
    SELECT ${COLUMNS} FROM custody_outflows
    WHERE chain_id = ${chainId}::int AND spender = ${spender} AND status = 'pending'
    ORDER BY created_at, id`;
  return rows.map(toRow);
}

/** Sum (base units) of the chain's confirmed outflows whose transaction was mined above `block`. */
export async function sumConfirmedMinedAbove(db: RawSql, chainId: number, block: bigint): Promise<bigint> {
  const rows = await db.$queryRaw<{ sum: string }[]>`
    SELECT coalesce(sum(amount), 0)::text AS sum FROM custody_outflows
    WHERE chain_id = ${chainId}::int AND mined_block > ${block.toString()}::bigint AND status = 'confirmed'`;
  return BigInt(rows[0]!.sum);
}

/** The chain's outflows still `pending` (in flight): their amounts and the outbox rows that move the tokens. */
export async function listPendingOutflows(db: RawSql, chainId: number): Promise<{ amount: bigint; chainTransactionId: string }[]> {
  const rows = await db.$queryRaw<{ amount: string; chainTransactionId: string }[]>`
    SELECT amount::text, chain_transaction_id::text AS "chainTransactionId" FROM custody_outflows
    WHERE chain_id = ${chainId}::int AND status = 'pending'`;
  return rows.map((r) => ({ amount: BigInt(r.amount), chainTransactionId: r.chainTransactionId }));
}
