import type { BridgeTransfer, PrismaClient, RawSql, Tx } from '@gw/db';

/** Every statement on `bridge_transfers`. */

type Db = Pick<PrismaClient | Tx, 'bridgeTransfer'>;

/** Records a transfer `initiated` (inside the transaction that locks its amount in escrow). */
export function insertBridgeTransfer(
  tx: Tx,
  data: { address: string; toChainId: string; toAddress: string; token: string; amount: bigint },
): Promise<BridgeTransfer> {
  return tx.bridgeTransfer.create({ data: { ...data, amount: data.amount.toString() } });
}

/** The transfer `id` if `address` sent it, else null. */
export function findWalletBridgeTransfer(db: Db, id: string, address: string): Promise<BridgeTransfer | null> {
  return db.bridgeTransfer.findFirst({ where: { id, address } });
}

export function findBridgeTransfer(db: Db, id: string): Promise<BridgeTransfer | null> {
  return db.bridgeTransfer.findUnique({ where: { id } });
}

/** Locks the transfer row for the rest of the transaction, then reads it (null when there is none). */
export async function lockBridgeTransfer(tx: Tx, id: string): Promise<BridgeTransfer | null> {
  await tx.$queryRaw<{ id: string }[]>`SELECT id FROM bridge_transfers WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.bridgeTransfer.findUnique({ where: { id } });
}

export async function completeBridgeTransfer(tx: Tx, id: string, relayTxHash: string): Promise<void> {
  await tx.bridgeTransfer.update({ where: { id }, data: { status: 'completed', relayTxHash } });
}

export async function failBridgeTransfer(tx: Tx, id: string, failureReason: string): Promise<void> {
  await tx.bridgeTransfer.update({ where: { id }, data: { status: 'failed', failureReason } });
}

/** A transfer still `initiated`, as {@link listStaleBridgeTransfers} returns it. */
export interface StaleBridgeTransferRow {
  id: string;
}

/** Transfers still `initiated` that were created at or before `createdBefore`, oldest first. */
export function listStaleBridgeTransfers(sql: RawSql, createdBefore: Date, limit: number): PromiseLike<StaleBridgeTransferRow[]> {
  return sql.$queryRaw<StaleBridgeTransferRow[]>`
    SELECT id::text FROM bridge_transfers WHERE status = 'initiated' AND created_at <= ${createdBefore}::timestamptz
    ORDER BY created_at LIMIT ${limit}::int`;
}
