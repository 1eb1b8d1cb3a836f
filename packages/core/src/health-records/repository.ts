import { type ClinicalRecord, type Db, type KeysetPage, type Tx, keysetArgs } from '@gw/db';

/** Every statement on the `clinical_records` and `health_access_logs` tables. */

/** Record `id` of the patient, or null. */
export const findClinicalRecordRow = (tx: Tx, patient: string, id: string): Promise<ClinicalRecord | null> =>
  tx.clinicalRecord.findFirst({ where: { id, patient } });

/** A page of the patient's records, newest first (`recordedAt`, then id; `keysetArgs`). */
export const listClinicalRecordRows = (tx: Tx, patient: string, page: KeysetPage<ClinicalRecord>): Promise<ClinicalRecord[]> =>
  tx.clinicalRecord.findMany(keysetArgs({ patient }, page, 'desc', 'recordedAt'));

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
