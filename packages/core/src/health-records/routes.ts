import { EX, cacheControl, defineRoute, type Context } from '@gw/runtime';
import { HealthRecords, healthRecordExamples as ex, healthRecordsQuery } from './schemas.js';
import { readHealthRecords } from './service.js';

const route = defineRoute<Pick<Context, 'prisma'>>();

/** Personal data must not be kept by caches along the way: the answer says `Cache-Control: no-store`. */
/** Personal data: documented no-store (every authenticated answer carries it, set by the authentication). */
const NO_STORE_DOC = cacheControl('no-store');

/** Health records (`health:read` and the patient's consent). */
export const healthRecordRoutes = [
  route({
    operationId: 'readHealthRecords',
    method: 'get',
    path: '/v1/health/records',
    tag: 'Health records',
    summary: "A patient's clinical records",
    description:
      "Needs `health:read` **and** the patient's active consent for the API key's organization (`POST /gateway/v1/consents`); otherwise 403 `consent-required` (with `patient`), whether or not records exist. " +
      'Every attempt past validation is written to the access log. Newest `recordedAt` first; `Cache-Control: no-store`.',
    auth: 'gateway',
    scope: 'health:read',
    query: healthRecordsQuery,
    errors: ['consent-required'],
    problems: {
      'consent-required': {
        detail: 'The patient has not recorded a consent for this organization to read their clinical records',
        ext: { patient: EX.patient },
      },
    },
    success: [{ status: 200, description: 'A page of records', schema: HealthRecords, example: ex.healthRecords, headers: NO_STORE_DOC }],
    handler: async (deps, { query, principal, session }) =>
      await readHealthRecords(deps, {
        organizationId: principal.organizationId,
        credentialId: principal.credentialId,
        caller: session.address,
        patient: query.patient,
        limit: query.limit,
        cursor: query.cursor,
      }),
  }),
];
