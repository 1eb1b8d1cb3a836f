import type { PrismaClient, Tx } from '@gw/db';

/**
 * Voting power of a wallet for a proposal: its staked principal of `token` at `snapshotAt`,
 * i.e. the sum over its positions opened at or before the snapshot and not unstaked by then
 * (`startedAt <= snapshotAt` and `unstakedAt` null or later than the snapshot).
 * @returns integer base units (0n when nothing was staked)
 */
export async function votingPower(
  db: Pick<PrismaClient | Tx, 'stakingPosition'>,
  address: string,
  token: string,
  snapshotAt: Date,
): Promise<bigint> {
  const agg = await db.stakingPosition.aggregate({
    where: {
      address,
      token,
      startedAt: { lte: snapshotAt },
      OR: [{ unstakedAt: null }, { unstakedAt: { gt: snapshotAt } }],
    },
    _sum: { principal: true },
  });
  return BigInt(agg._sum.principal?.toFixed(0) ?? '0');
}
