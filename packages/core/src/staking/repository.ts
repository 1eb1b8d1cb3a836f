import { type BigintColumnsAsText, type Db, type FarmingPool, type RawSql, parseBigintColumns, sqlFragment } from '@gw/db';
import type { RelayedRow } from '../chain/index.js';

/**
 * Every statement on the staking tables: `staking_operations` (stakes, unstakes and claims relayed
 * on chain), and the legacy ledger tables `staking_positions` and `farming_pools`,
 * which the API no longer reads or writes: `staking_positions` is kept for governance's voting power
 * until governance moves to on-chain votes, `farming_pools` for the demo seed's reference data.
 */

// --- staking operations ---------------------------------------------------------------------------

export type StakingOperationType = 'stake' | 'unstake' | 'claim';

export interface StakingOperationRow extends RelayedRow {
  id: string;
  organizationId: string;
  address: string;
  chainId: number;
  pool: string;
  type: StakingOperationType;
  source: 'custody' | 'permit' | null;
  token: string;
  /** Base units; a claim's is set when confirmed (the reward paid). */
  amount: bigint | null;
}

type Raw = BigintColumnsAsText<StakingOperationRow, 'amount'>;
const toRow = (r: Raw): StakingOperationRow => parseBigintColumns(r, ['amount']);

const COLUMNS = sqlFragment(`id::text, organization_id::text AS "organizationId", address, chain_id AS "chainId", pool, type, source, token,
  amount::text, status, chain_transaction_id::text AS "chainTransactionId", tx_hash AS "txHash", failure_reason AS "failureReason",
  created_at AS "createdAt", updated_at AS "updatedAt"`);

/** Inserts a `pending` operation in the caller's transaction. */
export async function insertStakingOperation(
  tx: RawSql,
  o: Pick<
    StakingOperationRow,
    'id' | 'organizationId' | 'address' | 'chainId' | 'pool' | 'type' | 'source' | 'token' | 'amount' | 'chainTransactionId'
  >,
): Promise<StakingOperationRow> {
  const rows = await tx.$queryRaw<Raw[]>`
    INSERT INTO staking_operations (id, organization_id, address, chain_id, pool, type, source, token, amount, chain_transaction_id)
    VALUES (${o.id}::uuid, ${o.organizationId}::uuid, ${o.address}, ${o.chainId}::int, ${o.pool}, ${o.type}, ${o.source}, ${o.token},
      ${o.amount?.toString() ?? null}::numeric, ${o.chainTransactionId}::uuid)
    RETURNING ${COLUMNS}`;
  return toRow(rows[0]!);
}

/** The operation of this organization and wallet, or null (another's is indistinguishable from none). */
export async function findWalletStakingOperation(
  db: RawSql,
  organizationId: string,
  address: string,
  id: string,
): Promise<StakingOperationRow | null> {
  const rows = await db.$queryRaw<Raw[]>`
    SELECT ${COLUMNS} FROM staking_operations
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND address = ${address}`;
  return rows[0] ? toRow(rows[0]) : null;
}

/** Whether this wallet of this organization has an operation signed by it (permit, unstake, claim) still pending. */
export async function hasSignedOperationInFlight(tx: RawSql, organizationId: string, address: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM staking_operations
    WHERE organization_id = ${organizationId}::uuid AND address = ${address} AND status = 'pending'
      AND (type <> 'stake' OR source = 'permit')`;
  return rows[0]!.n > 0;
}

/** Serializes the signed operations of one wallet (a transaction-scoped advisory lock). */
export async function lockWalletOperations(tx: RawSql, address: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`staking-operations:${address}`}, 0))`;
}

/** The final state, in the caller's transaction; `amount` set when given (a claim's reward). */
export async function finishStakingOperation(
  tx: RawSql,
  id: string,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; failureReason: string | null; amount?: bigint | undefined },
): Promise<void> {
  await tx.$executeRaw`
    UPDATE staking_operations SET status = ${f.status}, tx_hash = ${f.txHash}, failure_reason = ${f.failureReason},
      amount = coalesce(${f.amount?.toString() ?? null}::numeric, amount), updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
}

// --- legacy ---------------------------------------------------------------------------------------

/**
 * A wallet's staked principal of `token` at `at` in the legacy ledger positions (governance's voting
 * power until governance moves to on-chain votes; nothing writes these positions any more).
 * @returns integer base units (0n when nothing was staked)
 */
export async function stakedPrincipalAt(db: Db<'stakingPosition'>, address: string, token: string, at: Date): Promise<bigint> {
  const agg = await db.stakingPosition.aggregate({
    where: {
      address,
      token,
      startedAt: { lte: at },
      OR: [{ unstakedAt: null }, { unstakedAt: { gt: at } }],
    },
    _sum: { principal: true },
  });
  return BigInt(agg._sum.principal?.toFixed(0) ?? '0');
}

/** The id of a farming pool with this name, or null (demo seed reference data). */
export async function findFarmingPoolIdByName(db: Db<'farmingPool'>, name: string): Promise<{ id: string } | null> {
  return db.farmingPool.findFirst({ where: { name }, select: { id: true } });
}

/** Inserts a farming pool row (demo seed reference data; `tvl` in integer base units). */
export async function insertFarmingPool(
  db: Db<'farmingPool'>,
  pool: { name: string; tokenA: string; tokenB: string; aprBps: number; tvl: bigint },
): Promise<FarmingPool> {
  return db.farmingPool.create({ data: { ...pool, tvl: pool.tvl.toString() } });
}

/** How many farming pool rows there are. */
export async function countFarmingPools(db: Db<'farmingPool'>): Promise<number> {
  return db.farmingPool.count();
}
