import type { ClinicalRecord } from '@gw/db';
import { type Context, AppError, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';
import { HEALTH_CONSENT_SCOPE } from '../consents/index.js';

/** One clinical record of a patient. */
export interface ClinicalRecordDto {
  id: string;
  patient: string;
  /** e.g. `lab_result`, `diagnosis`, `prescription`, `immunization`, `visit_note`. */
  kind: string;
  summary: string;
  /** When the clinical event happened. */
  recordedAt: string;
}

export const toClinicalRecordDto = (r: ClinicalRecord): ClinicalRecordDto => ({
  id: r.id,
  patient: r.patient,
  kind: r.kind,
  summary: r.summary,
  recordedAt: r.recordedAt.toISOString(),
});

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
 * only while the patient has an active consent for that organization (spec: "a valid token alone
 * is not enough"): signed by the patient (issue #11; unsigned consents from before allow nothing),
 * not revoked, not expired. Every attempt, granted or refused, writes one `health_access_logs` row
 * (organization, credential, caller, patient, the consent that allowed it, records returned,
 * granted); a refused attempt's row
 * is committed before the error is thrown. The consent row is share-locked while the records are
 * read, so a concurrent revocation waits for the read and applies to every later one.
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
  const out = await ctx.prisma.$transaction(async (tx) => {
    const consents = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM consents
      WHERE patient = ${input.patient} AND organization_id = ${input.organizationId}::uuid
        AND scope = ${HEALTH_CONSENT_SCOPE} AND revoked_at IS NULL
        AND signature IS NOT NULL AND expires_at > now()
      ORDER BY id DESC LIMIT 1
      FOR SHARE`;
    const consent = consents[0];
    if (!consent) {
      await tx.healthAccessLog.create({ data: { ...log, recordCount: 0, granted: false } });
      return undefined;
    }
    let after: ClinicalRecord | null = null;
    if (afterId) {
      after = await tx.clinicalRecord.findFirst({ where: { id: afterId, patient: input.patient } });
      if (!after)
        throw new AppError('validation-error', 'cursor is not valid', {
          errors: [{ path: 'cursor', message: 'not a cursor of this list' }],
        });
    }
    const rows = await tx.clinicalRecord.findMany({
      where: {
        patient: input.patient,
        ...(after ? { OR: [{ recordedAt: { lt: after.recordedAt } }, { recordedAt: after.recordedAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
      take: input.limit + 1,
    });
    const page = toPage(rows, input.limit, toClinicalRecordDto);
    await tx.healthAccessLog.create({ data: { ...log, consentId: consent.id, recordCount: page.data.length, granted: true } });
    return { patient: input.patient, consentId: consent.id, ...page };
  });
  if (!out) {
    throw new AppError('consent-required', 'The patient has not recorded a consent for this organization to read their clinical records', {
      patient: input.patient,
    });
  }
  return out;
}
