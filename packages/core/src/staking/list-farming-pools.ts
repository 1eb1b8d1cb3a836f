import type { FarmingPool } from '@gw/db';
import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';

/** A farming pool as the API shows it; `totalValueLocked` in base units of the native token. */
export interface FarmingPoolDto {
  id: string;
  name: string;
  tokenPair: [string, string];
  aprBps: number;
  totalValueLocked: string;
}

export const toFarmingPoolDto = (p: FarmingPool): FarmingPoolDto => ({
  id: p.id,
  name: p.name,
  tokenPair: [p.tokenA, p.tokenB],
  aprBps: p.aprBps,
  totalValueLocked: p.tvl.toFixed(0),
});

/**
 * Available (active) farming pools, newest first.
 * @throws AppError('validation-error') for a bad cursor
 */
export async function listFarmingPools(ctx: Pick<Context, 'prisma'>, q: PageQuery): Promise<Page<FarmingPoolDto>> {
  const after = cursorId(q.cursor);
  const rows = await ctx.prisma.farmingPool.findMany({
    where: { active: true, ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  return toPage(rows, q.limit, toFarmingPoolDto);
}
