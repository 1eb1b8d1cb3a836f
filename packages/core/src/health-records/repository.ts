import type { ClinicalRecord, Db, Tx } from '@gw/db';

/** Every statement on the `clinical_records` and `health_access_logs` tables. */

/** Record `id` of the patient, or null. */
export const findClinicalRecordRow = (tx: Tx, patient: string, id: string): Promise<ClinicalRecord | null> =>
  tx.clinicalRecord.findFirst({ where: { id, patient } });

/** The patient's records, newest first (`recordedAt`, then id), after the record `after`. */
export const listClinicalRecordRows = (
  tx: Tx,
  patient: string,
  q: { after: ClinicalRecord | null; take: number },
): Promise<ClinicalRecord[]> =>
  tx.clinicalRecord.findMany({
    where: {
      patient,
      ...(q.after ? { OR: [{ recordedAt: { lt: q.after.recordedAt } }, { recordedAt: q.after.recordedAt, id: { lt: q.after.id } }] } : {}),
    },
    orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
    take: q.take,
  });

/** One row of the access log: who read (or tried to read) whose records, under which consent, how many. */
export async function insertHealthAccessLog(
  tx: Tx,
  entry: {
    organizationId: string;
    credentialId: string;
    caller: string;
    patient: string;
    consentId?: string;
    recordCount: number;
    granted: boolean;
  },
): Promise<void> {
  await tx.healthAccessLog.create({ data: entry });
}

/** Inserts clinical records. @returns how many were inserted */
export async function insertClinicalRecords(
  db: Db<'clinicalRecord'>,
  rows: { patient: string; kind: string; summary: string; recordedAt: Date }[],
): Promise<number> {
  const { count } = await db.clinicalRecord.createMany({ data: rows });
  return count;
}

/** How many clinical records the patients have, together. */
export const countClinicalRecords = (db: Db<'clinicalRecord'>, patients: string[]): Promise<number> =>
  db.clinicalRecord.count({ where: { patient: { in: patients } } });
