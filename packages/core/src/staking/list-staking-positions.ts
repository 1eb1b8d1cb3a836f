import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';
import { toStakingPositionDto, type StakingPositionDto } from './staking-position-dto.js';

/**
 * The wallet's active staking positions, newest first, each with its reward accrued up to `now`.
 * @throws AppError('validation-error') for a bad cursor
 */
export async function listStakingPositions(
  ctx: Pick<Context, 'prisma'>,
  address: string,
  q: PageQuery,
  now: Date = new Date(),
): Promise<Page<StakingPositionDto>> {
  const after = cursorId(q.cursor);
  const rows = await ctx.prisma.stakingPosition.findMany({
    where: { address, status: 'active', ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  return toPage(rows, q.limit, (p) => toStakingPositionDto(p, now));
}
