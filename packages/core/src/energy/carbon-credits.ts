import type { CarbonCredit } from '@gw/db';
import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';

/** One carbon credit lot of the organization (tonnes of CO2e of one project and vintage). */
export interface CarbonCreditDto {
  id: string;
  registry: string;
  projectName: string;
  vintage: number;
  tonnes: number;
  status: 'held' | 'retired';
  retiredAt: string | null;
  createdAt: string;
}

export const toCarbonCreditDto = (c: CarbonCredit): CarbonCreditDto => ({
  id: c.id,
  registry: c.registry,
  projectName: c.projectName,
  vintage: c.vintage,
  tonnes: c.tonnes,
  status: c.retiredAt ? 'retired' : 'held',
  retiredAt: c.retiredAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});

export interface Totals {
  tonnes: number;
  count: number;
}

/** `GET /v1/energy/credits`: totals over all the organization's credits, plus one page of lots. */
export interface CarbonCreditsOverview extends Page<CarbonCreditDto> {
  held: Totals;
  retired: Totals;
  /** Tonnes held and retired per vintage year, newest vintage first. */
  vintages: { vintage: number; held: number; retired: number }[];
}

/**
 * The organization's carbon credits: tonnes and lots held and retired, the same per vintage
 * (all computed over every lot, not just the page), and the lots newest first.
 */
export async function carbonCredits(ctx: Pick<Context, 'prisma'>, organizationId: string, q: PageQuery): Promise<CarbonCreditsOverview> {
  const after = cursorId(q.cursor);
  const [heldByVintage, retiredByVintage, rows] = await Promise.all([
    ctx.prisma.carbonCredit.groupBy({
      by: ['vintage'],
      where: { organizationId, retiredAt: null },
      _sum: { tonnes: true },
      _count: { _all: true },
    }),
    ctx.prisma.carbonCredit.groupBy({
      by: ['vintage'],
      where: { organizationId, retiredAt: { not: null } },
      _sum: { tonnes: true },
      _count: { _all: true },
    }),
    ctx.prisma.carbonCredit.findMany({
      where: { organizationId, ...(after ? { id: { lt: after } } : {}) },
      orderBy: { id: 'desc' },
      take: q.limit + 1,
    }),
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
