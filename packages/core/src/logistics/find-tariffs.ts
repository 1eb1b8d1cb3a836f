import type { Tariff } from '@gw/db';
import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';

/** A duty rate for goods of an HS code on a lane (reference data, the same for every organization). */
export interface TariffDto {
  id: string;
  /** Harmonized System code, 4 to 10 digits (heading, subheading or national tariff line). */
  hsCode: string;
  /** ISO 3166-1 alpha-2 country of origin. */
  origin: string;
  /** ISO 3166-1 alpha-2 importing country. */
  destination: string;
  /** Ad valorem duty in basis points (250 = 2.5 %). */
  dutyBps: number;
  description: string;
}

export const toTariffDto = (t: Tariff): TariffDto => ({
  id: t.id,
  hsCode: t.hsCode,
  origin: t.origin,
  destination: t.destination,
  dutyBps: t.dutyBps,
  description: t.description,
});

export interface TariffQuery extends PageQuery {
  /** 4..10 digits. */
  hsCode?: string | undefined;
  /** Upper-case ISO 3166-1 alpha-2. */
  origin?: string | undefined;
  destination?: string | undefined;
}

/**
 * Tariff lines matching every filter given (`GET /v1/supply/tariffs`), newest first.
 * `hsCode` matches along the HS hierarchy in both directions: lines under the code
 * (`8471` → `847130`, `8471300000`) and the broader lines the code falls under
 * (`8471300000` → `847130`, `8471`), i.e. every line that applies to goods of that code.
 */
export async function findTariffs(ctx: Pick<Context, 'prisma'>, q: TariffQuery): Promise<Page<TariffDto>> {
  const after = cursorId(q.cursor);
  const broader: string[] = [];
  if (q.hsCode) for (let n = 4; n < q.hsCode.length; n++) broader.push(q.hsCode.slice(0, n));
  const rows = await ctx.prisma.tariff.findMany({
    where: {
      ...(q.hsCode ? { OR: [{ hsCode: { startsWith: q.hsCode } }, { hsCode: { in: broader } }] } : {}),
      ...(q.origin ? { origin: q.origin } : {}),
      ...(q.destination ? { destination: q.destination } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  return toPage(rows, q.limit, toTariffDto);
}
