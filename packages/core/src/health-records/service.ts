import { withTransaction } from '@gw/db';
import { type Context, cursorId, cursorRow, toPage, type Page, type PageQuery } from '@gw/runtime';
import { lockActiveConsent, consentsProblem } from '../consents/index.js';
import { toClinicalRecordDto, type ClinicalRecordDto } from './schemas.js';
import { findClinicalRecordRow, insertHealthAccessLog, listClinicalRecordRows } from './repository.js';

export interface ReadHealthRecordsInput extends PageQuery {
  organizationId: string;
  /** The API key (or connector token) that made the call. */
  credentialId: string;
  /** Checksummed address of the JWT's wallet (who is reading). */
  caller: string;
  /** Checksummed address of the patient whose records are read. */
  patient: string;
}

/**
 * Reads a patient's clinical records for an organization (`GET /v1/health/records?patient=`):
 * only while the patient has an active consent for that organization (a valid token alone is
 * not enough): signed by the patient (an unsigned consent allows nothing), not revoked, not
 * expired. Every attempt, granted or refused, writes one `health_access_logs` row (organization,
 * credential, caller, patient, the consent that allowed it, records returned, granted); a refused
 * attempt's row is committed before the error is thrown. The consent row is share-locked while the
 * records are read, so a concurrent revocation waits for the read and applies to every later one.
 * Records come newest first (`recordedAt`, then id); the cursor names the last record of the
 * previous page.
 * @throws AppError('consent-required') 403 without an active consent
 * @throws AppError('validation-error') a cursor that is not one of this patient's records (nothing logged)
 */
export async function readHealthRecords(
  ctx: Pick<Context, 'prisma'>,
  input: ReadHealthRecordsInput,
): Promise<Page<ClinicalRecordDto> & { patient: string; consentId: string }> {
  const afterId = cursorId(input.cursor);
  const log = { organizationId: input.organizationId, credentialId: input.credentialId, caller: input.caller, patient: input.patient };
  const out = await withTransaction(ctx.prisma, async (tx) => {
    const consentId = await lockActiveConsent(tx, input.patient, input.organizationId);
    if (!consentId) {
      await insertHealthAccessLog(tx, { ...log, recordCount: 0, granted: false });
      return undefined;
    }
    const after = await cursorRow(afterId, (id) => findClinicalRecordRow(tx, input.patient, id));
    const rows = await listClinicalRecordRows(tx, input.patient, { after, limit: input.limit });
    const page = toPage(rows, input.limit, toClinicalRecordDto);
    await insertHealthAccessLog(tx, { ...log, consentId, recordCount: page.data.length, granted: true });
    return { patient: input.patient, consentId, ...page };
  });
  if (!out) {
    throw consentsProblem(
      'consent-required',
      'The patient has not recorded a consent for this organization to read their clinical records',
      {
        patient: input.patient,
      },
    );
  }
  return out;
}
