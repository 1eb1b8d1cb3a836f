import { z } from 'zod';
import type { CarbonCredit as CarbonCreditRow } from '@gw/db';
import { EX, dateTime, listQuerySchema, nextCursor, uuid } from '@gw/runtime';

/** The energy contract: the organization's carbon credits (`GET /v1/energy/credits`). */

/** One carbon credit lot of the organization (tonnes of CO2e of one project and vintage). */
export const CarbonCredit = z
  .object({
    id: uuid(),
    registry: z.string(),
    projectName: z.string(),
    vintage: z.number().int(),
    tonnes: z.number().int().min(0),
    status: z.enum(['held', 'retired']),
    retiredAt: dateTime().nullable(),
    createdAt: dateTime(),
  })
  .meta({ id: 'CarbonCredit' });
export type CarbonCreditDto = z.infer<typeof CarbonCredit>;

const totals = () => z.object({ tonnes: z.number().int().min(0), count: z.number().int().min(0) });

/** `GET /v1/energy/credits`: totals over all the organization's credits, plus one page of lots. */
export const CarbonCreditsOverview = z
  .object({
    held: totals(),
    retired: totals(),
    /** Tonnes held and retired per vintage year, newest vintage first. */
    vintages: z.array(z.object({ vintage: z.number().int(), held: z.number().int().min(0), retired: z.number().int().min(0) })),
    data: z.array(CarbonCredit),
    nextCursor: nextCursor(),
  })
  .meta({
    id: 'CarbonCreditsOverview',
    description: 'Totals over all of the organization’s credits (tonnes of CO2e) and one page of its lots',
  });
export type CarbonCreditsOverview = z.infer<typeof CarbonCreditsOverview>;
export type Totals = CarbonCreditsOverview['held'];

export const toCarbonCreditDto = (c: CarbonCreditRow): CarbonCreditDto => ({
  id: c.id,
  registry: c.registry,
  projectName: c.projectName,
  vintage: c.vintage,
  tonnes: c.tonnes,
  status: c.retiredAt ? 'retired' : 'held',
  retiredAt: c.retiredAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});

export const carbonCreditsQuery = listQuerySchema;

/** Example bodies of the API reference (validated against the schemas by the contract tests). */
export const energyExamples = {
  carbonCredits: {
    held: { tonnes: 4650, count: 4 },
    retired: { tonnes: 1800, count: 3 },
    vintages: [
      { vintage: 2024, held: 150, retired: 0 },
      { vintage: 2023, held: 2500, retired: 0 },
    ],
    data: [
      {
        id: EX.carbonId,
        registry: 'Verra',
        projectName: 'Rimba Raya Biodiversity Reserve',
        vintage: 2019,
        tonnes: 1000,
        status: 'retired',
        retiredAt: '2026-06-30T00:00:00.000Z',
        createdAt: EX.time,
      },
    ],
    nextCursor: null,
  },
};
