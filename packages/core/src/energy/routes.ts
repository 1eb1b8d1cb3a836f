import { defineRoute, type Context } from '@gw/runtime';
import { CarbonCreditsOverview, carbonCreditsQuery, energyExamples as ex } from './schemas.js';
import { carbonCredits } from './service.js';

const route = defineRoute<Pick<Context, 'prisma'>>();

/** Energy (`energy:read`): the API key organization's carbon credits. */
export const energyRoutes = [
  route({
    operationId: 'getCarbonCredits',
    method: 'get',
    path: '/v1/energy/credits',
    tag: 'Energy',
    summary: "The organization's carbon credits",
    description:
      "Tonnes of CO2e held and retired and per vintage (newest first), over all of the organization's credits, and one page of its lots, newest first.",
    auth: 'gateway',
    scope: 'energy:read',
    query: carbonCreditsQuery,
    success: [{ status: 200, description: 'Carbon credits', schema: CarbonCreditsOverview, example: ex.carbonCredits }],
    handler: (deps, { query, principal }) => carbonCredits(deps, principal.organizationId, query),
  }),
];
