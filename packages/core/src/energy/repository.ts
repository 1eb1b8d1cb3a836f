import type { CarbonCredit } from '@gw/db';
import type { Context } from '@gw/runtime';

/** Every statement on the `carbon_credits` table. */

/** Tonnes (`_sum.tonnes`) and lots (`_count._all`) per vintage of the organization's credits, held or retired. */
export const carbonCreditTotalsByVintage = (ctx: Pick<Context, 'prisma'>, organizationId: string, retired: boolean) =>
  ctx.prisma.carbonCredit.groupBy({
    by: ['vintage'],
    where: { organizationId, retiredAt: retired ? { not: null } : null },
    _sum: { tonnes: true },
    _count: { _all: true },
  });

/** The organization's lots, newest first, after the id `after`. */
export const listCarbonCreditRows = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { after: string | undefined; take: number },
): Promise<CarbonCredit[]> =>
  ctx.prisma.carbonCredit.findMany({
    where: { organizationId, ...(q.after ? { id: { lt: q.after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.take,
  });
