import { type FarmingPool, type StakingPosition, type Tx, type Db, type KeysetPage, keysetArgs } from '@gw/db';

/** Every statement on the staking tables: `staking_positions` and `farming_pools`. */

// --- staking positions ----------------------------------------------------------------------------

/** Inserts an active position (principal in integer base units). */
export async function insertStakingPosition(
  tx: Db<'stakingPosition'>,
  position: { address: string; token: string; principal: bigint; aprBps: number; lockDays: number; startedAt: Date; lockedUntil: Date },
): Promise<StakingPosition> {
  return tx.stakingPosition.create({ data: { ...position, principal: position.principal.toString() } });
}

/** A page of the wallet's active positions, newest first (`keysetArgs`). */
export async function listActivePositions(db: Db<'stakingPosition'>, address: string, page: KeysetPage): Promise<StakingPosition[]> {
  return db.stakingPosition.findMany(keysetArgs({ address, status: 'active' as const }, page));
}

/**
 * Locks a position row for the rest of the transaction (`FOR UPDATE`, so concurrent unstakes of
 * one position run one after the other) and reads it.
 * @param id a UUID
 * @returns the position, or null when there is none
 */
export async function lockStakingPosition(tx: Tx, id: string): Promise<StakingPosition | null> {
  await tx.$queryRaw`SELECT id FROM staking_positions WHERE id = ${id}::uuid FOR UPDATE`;
  return tx.stakingPosition.findUnique({ where: { id } });
}

/** Marks a position `unstaked` at `at` with the reward paid (integer base units). */
export async function markUnstaked(tx: Db<'stakingPosition'>, id: string, at: Date, rewardPaid: bigint): Promise<StakingPosition> {
  return tx.stakingPosition.update({
    where: { id },
    data: { status: 'unstaked', unstakedAt: at, rewardPaid: rewardPaid.toString() },
  });
}

/**
 * A wallet's staked principal of `token` at `at`: the sum over its positions opened at or before
 * `at` and not unstaked by then (`startedAt <= at` and `unstakedAt` null or later).
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

// --- farming pools --------------------------------------------------------------------------------

/** A page of the active farming pools, newest first (`keysetArgs`). */
export async function listActiveFarmingPools(db: Db<'farmingPool'>, page: KeysetPage): Promise<FarmingPool[]> {
  return db.farmingPool.findMany(keysetArgs({ active: true }, page));
}

/** The id of a farming pool with this name, or null. */
export async function findFarmingPoolIdByName(db: Db<'farmingPool'>, name: string): Promise<{ id: string } | null> {
  return db.farmingPool.findFirst({ where: { name }, select: { id: true } });
}

/** Inserts an active farming pool (`tvl` in integer base units of the native token). */
export async function insertFarmingPool(
  db: Db<'farmingPool'>,
  pool: { name: string; tokenA: string; tokenB: string; aprBps: number; tvl: bigint },
): Promise<FarmingPool> {
  return db.farmingPool.create({ data: { ...pool, tvl: pool.tvl.toString() } });
}

/** How many farming pools there are (active or not). */
export async function countFarmingPools(db: Db<'farmingPool'>): Promise<number> {
  return db.farmingPool.count();
}
