import { type Context, cursorId, toPage, type PageQuery } from '@gw/runtime';
import { toCarbonCreditDto, type CarbonCreditsOverview, type Totals } from './schemas.js';
import { carbonCreditTotalsByVintage, listCarbonCreditRows } from './repository.js';

/**
 * The organization's carbon credits: tonnes and lots held and retired, the same per vintage
 * (all computed over every lot, not just the page), and the lots newest first.
 */
export async function carbonCredits(ctx: Pick<Context, 'prisma'>, organizationId: string, q: PageQuery): Promise<CarbonCreditsOverview> {
  const after = cursorId(q.cursor);
  const [heldByVintage, retiredByVintage, rows] = await Promise.all([
    carbonCreditTotalsByVintage(ctx, organizationId, false),
    carbonCreditTotalsByVintage(ctx, organizationId, true),
    listCarbonCreditRows(ctx, organizationId, { after, limit: q.limit }),
  ]);
  const vintages = new Map<number, { vintage: number; held: number; retired: number }>();
  const at = (vintage: number) => vintages.get(vintage) ?? vintages.set(vintage, { vintage, held: 0, retired: 0 }).get(vintage)!;
  const held: Totals = { tonnes: 0, count: 0 };
  const retired: Totals = { tonnes: 0, count: 0 };
  for (const g of heldByVintage) {
    at(g.vintage).held += g._sum.tonnes ?? 0;
    held.tonnes += g._sum.tonnes ?? 0;
    held.count += g._count._all;
  }
  for (const g of retiredByVintage) {
    at(g.vintage).retired += g._sum.tonnes ?? 0;
    retired.tonnes += g._sum.tonnes ?? 0;
    retired.count += g._count._all;
  }
  return {
    held,
    retired,
    vintages: [...vintages.values()].sort((a, b) => b.vintage - a.vintage),
    ...toPage(rows, q.limit, toCarbonCreditDto),
  };
}
