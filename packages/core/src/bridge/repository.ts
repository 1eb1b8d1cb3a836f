import {
  type BigintColumnsAsText,
  type BridgeTransfer,
  type PrismaClient,
  type RawSql,
  parseBigintColumns,
  sqlFragment,
  type Tx,
} from '@gw/db';

/** Every statement on `bridge_transfers`. */

type Db = Pick<PrismaClient | Tx, 'bridgeTransfer'>;

export function findBridgeTransfer(db: Db, id: string): Promise<BridgeTransfer | null> {
  return db.bridgeTransfer.findUnique({ where: { id } });
}

/** Locks the transfer row for the rest of the transaction, then reads it (null when there is none). */
export async function lockBridgeTransfer(tx: Tx, id: string): Promise<BridgeTransfer | null> {
  await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bridge_transfers WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.bridgeTransfer.findUnique({ where: { id } });
}

export async function failBridgeTransfer(tx: Tx, id: string, failureReason: string): Promise<void> {
  await tx.bridgeTransfer.update({ where: { id }, data: { status: 'failed', failureReason } });
}

/** A transfer still `initiated`, as {@link listStaleBridgeTransfers} returns it. */
export interface StaleBridgeTransferRow {
  id: string;
}

/**
 * Ledger-only transfers (`funding = 'ledger'`) still `initiated` and created at or before
 * `createdBefore`, oldest first (on-chain transfers are carried by the outbox and its sweeper).
 */
export function listStaleBridgeTransfers(sql: RawSql, createdBefore: Date, limit: number): PromiseLike<StaleBridgeTransferRow[]> {
  return sql.$queryRaw<StaleBridgeTransferRow[]>`
    SELECT id::text FROM bridge_transfers
    WHERE status = 'initiated' AND funding = 'ledger' AND created_at <= ${createdBefore}::timestamptz
    ORDER BY created_at LIMIT ${limit}::int`;
}

// --- on chain ----------------------------------------------------------------------------------------

/** A bridge transfer as the on-chain flow reads it (raw SQL: the outbox's outcomes run on `RawSql`). */
export interface BridgeTransferRow {
  id: string;
  organizationId: string | null;
  address: string;
  direction: 'outbound' | 'inbound';
  fromChainId: string | null;
  toChainId: string;
  toAddress: string;
  token: string;
  amount: bigint;
  funding: 'permit' | 'custody' | 'ledger';
  status: 'initiated' | 'relaying' | 'completed' | 'failed';
  sourceTransactionId: string | null;
  sourceTxHash: string | null;
  sourceBlock: bigint | null;
  sourceNonce: bigint | null;
  /** The contract the destination leg calls (wrapped token or vault). */
  destinationContract: string | null;
  destinationTransactionId: string | null;
  relayTxHash: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type RawRow = BigintColumnsAsText<BridgeTransferRow, 'amount' | 'sourceBlock' | 'sourceNonce'>;
const toRow = (r: RawRow): BridgeTransferRow => parseBigintColumns(r, ['amount', 'sourceBlock', 'sourceNonce']);

const COLUMNS = sqlFragment(`id::text, organization_id::text AS "organizationId", address, direction, from_chain_id AS "fromChainId",
  to_chain_id AS "toChainId", to_address AS "toAddress", token, amount::text, funding, status::text,
  source_transaction_id::text AS "sourceTransactionId", source_tx_hash AS "sourceTxHash", source_block::text AS "sourceBlock",
  source_nonce::text AS "sourceNonce", destination_contract AS "destinationContract", destination_transaction_id::text AS "destinationTransactionId", relay_tx_hash AS "relayTxHash",
  failure_reason AS "failureReason", created_at AS "createdAt", updated_at AS "updatedAt"`);

/** Inserts an `initiated` on-chain transfer with its source leg's outbox row id (caller's transaction). */
export async function insertOnchainBridgeTransfer(
  tx: RawSql,
  t: Pick<
    BridgeTransferRow,
    | 'id'
    | 'organizationId'
    | 'address'
    | 'direction'
    | 'fromChainId'
    | 'toChainId'
    | 'toAddress'
    | 'token'
    | 'amount'
    | 'funding'
    | 'sourceTransactionId'
    | 'destinationContract'
  >,
): Promise<BridgeTransferRow> {
  const rows = await tx.$queryRaw<RawRow[]>`
    INSERT INTO bridge_transfers (id, organization_id, address, direction, from_chain_id, to_chain_id, to_address, token, amount, funding,
      source_transaction_id, destination_contract, updated_at)
    VALUES (${t.id}::uuid, ${t.organizationId}::uuid, ${t.address}, ${t.direction}, ${t.fromChainId}, ${t.toChainId}, ${t.toAddress},
      ${t.token}, ${t.amount.toString()}::numeric, ${t.funding}, ${t.sourceTransactionId}::uuid, ${t.destinationContract}, now())
    RETURNING ${COLUMNS}`;
  return toRow(rows[0]!);
}

/** The transfer `id` if `address` sent it (any organization: transfers belong to the wallet), else null. */
export async function findWalletTransfer(db: RawSql, id: string, address: string): Promise<BridgeTransferRow | null> {
  const rows = await db.$queryRaw<RawRow[]>`SELECT ${COLUMNS} FROM bridge_transfers WHERE id = ${id}::uuid AND address = ${address}`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The transfer by id, locked until the caller's transaction ends (the outcomes of its legs). */
export async function lockTransfer(tx: RawSql, id: string): Promise<BridgeTransferRow | null> {
  const rows = await tx.$queryRaw<RawRow[]>`SELECT ${COLUMNS} FROM bridge_transfers WHERE id = ${id}::uuid FOR UPDATE`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** The source leg is final and confirmed: what its log said, and the destination leg written after it (caller's transaction). */
export async function noteSourceConfirmed(
  tx: RawSql,
  id: string,
  f: { sourceTxHash: string; sourceBlock: bigint; sourceNonce: bigint; destinationTransactionId: string },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE bridge_transfers
    SET status = 'relaying', source_tx_hash = ${f.sourceTxHash}, source_block = ${f.sourceBlock.toString()}::bigint,
      source_nonce = ${f.sourceNonce.toString()}::numeric, destination_transaction_id = ${f.destinationTransactionId}::uuid, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'initiated'`;
}

/**
 * A failed transfer relays again (an operator's retry of its destination leg): back to `relaying`
 * with `destinationLegId` as its destination leg, the failure cleared (caller's transaction, from
 * `failed` only).
 */
export async function reopenRelay(tx: RawSql, id: string, destinationLegId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE bridge_transfers
    SET status = 'relaying', destination_transaction_id = ${destinationLegId}::uuid, relay_tx_hash = NULL, failure_reason = NULL,
      updated_at = now()
    WHERE id = ${id}::uuid AND status = 'failed'`;
}

/**
 * Transfers that failed at their destination leg (the source leg final, the tokens still locked or
 * burned on the source chain): what waits for an operator's `bridge:retry`. Served by the status index.
 */
export async function countFailedAtDestination(sql: RawSql): Promise<number> {
  const rows = await sql.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM bridge_transfers WHERE status = 'failed' AND destination_transaction_id IS NOT NULL`;
  return rows[0]?.n ?? 0;
}

/** The final state, in the caller's transaction (from `initiated` or `relaying` only). */
export async function finishTransfer(
  tx: RawSql,
  id: string,
  f: { status: 'completed' | 'failed'; sourceTxHash?: string | null; relayTxHash: string | null; failureReason: string | null },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE bridge_transfers
    SET status = ${f.status}::bridge_status, source_tx_hash = COALESCE(source_tx_hash, ${f.sourceTxHash ?? null}),
      relay_tx_hash = ${f.relayTxHash}, failure_reason = ${f.failureReason}, updated_at = now()
    WHERE id = ${id}::uuid AND status IN ('initiated', 'relaying')`;
}
