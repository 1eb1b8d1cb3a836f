import { type CarbonCredit, type Db, type KeysetPage, keysetArgs } from '@gw/db';
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

/** A page of the organization's lots, newest first (`keysetArgs`: `limit + 1` rows). */
export const listCarbonCreditRows = (ctx: Pick<Context, 'prisma'>, organizationId: string, page: KeysetPage): Promise<CarbonCredit[]> =>
  ctx.prisma.carbonCredit.findMany(keysetArgs({ organizationId }, page));

/** What identifies a lot of carbon credits of an organization. */
export interface CarbonCreditIdentity {
  organizationId: string;
  registry: string;
  projectName: string;
  vintage: number;
  tonnes: number;
}

/** The id of a lot with this identity, or null. */
export const findCarbonCreditId = (db: Db<'carbonCredit'>, identity: CarbonCreditIdentity): Promise<{ id: string } | null> =>
  db.carbonCredit.findFirst({ where: identity, select: { id: true } });

export const insertCarbonCredit = (
  db: Db<'carbonCredit'>,
  data: CarbonCreditIdentity & { retiredAt: Date | null },
): Promise<CarbonCredit> => db.carbonCredit.create({ data });

/** How many lots the organization has (held or retired). */
export const countCarbonCredits = (db: Db<'carbonCredit'>, organizationId: string): Promise<number> =>
  db.carbonCredit.count({ where: { organizationId } });
