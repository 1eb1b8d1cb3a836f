import { z } from 'zod';
import type { ClinicalRecord as ClinicalRecordRow } from '@gw/db';
import { EX, address, dateTime, listQuerySchema, nextCursor, uuid } from '@gw/runtime';
import { checksumAddress, isEvmAddress } from '../evm/index.js';

/**
 * The health-records contract: a patient's clinical records, read by an organization
 * under the patient's consent (`GET /v1/health/records?patient=`).
 */

/** One clinical record of a patient. */
export const ClinicalRecord = z
  .object({
    id: uuid(),
    patient: address(),
    /** e.g. `lab_result`, `diagnosis`, `prescription`, `immunization`, `visit_note`. */
    kind: z.string(),
    summary: z.string(),
    /** When the clinical event happened. */
    recordedAt: dateTime(),
  })
  .meta({ id: 'ClinicalRecord' });
export type ClinicalRecordDto = z.infer<typeof ClinicalRecord>;

export const HealthRecords = z
  .object({ patient: address(), consentId: uuid(), data: z.array(ClinicalRecord), nextCursor: nextCursor() })
  .meta({ id: 'HealthRecords', description: "The patient's records, newest `recordedAt` first, read under consent `consentId`" });

export const toClinicalRecordDto = (r: ClinicalRecordRow): ClinicalRecordDto => ({
  id: r.id,
  patient: r.patient,
  kind: r.kind,
  summary: r.summary,
  recordedAt: r.recordedAt.toISOString(),
});

/** An EVM address: all lower case, all upper case, or with a valid EIP-55 checksum; normalised to EIP-55. */
export const addressSchema = z
  .string()
  .max(42, 'must be a 0x EVM address')
  .refine((v) => isEvmAddress(v), 'must be a 0x EVM address (with a valid EIP-55 checksum when mixed case)')
  .transform((v) => checksumAddress(v))
  .meta({
    description: 'EVM address: all lower case, all upper case, or a valid EIP-55 checksum',
    example: '0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684',
  });

export const healthRecordsQuery = listQuerySchema.extend({
  patient: z
    .string({ error: (iss) => (iss.input === undefined ? 'patient is required' : 'must be a string') })
    .pipe(addressSchema)
    .meta({ description: "The patient's wallet address", example: '0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684' }),
});

/** Example bodies of the API reference (validated against the schemas by the contract tests). */
export const healthRecordExamples = {
  healthRecords: {
    patient: EX.patient,
    consentId: EX.consentId,
    data: [
      {
        id: EX.recordId,
        patient: EX.patient,
        kind: 'prescription',
        summary: 'Amoxicillin 500 mg, three times daily for 7 days (acute sinusitis)',
        recordedAt: '2026-11-19T10:00:00.000Z',
      },
    ],
    nextCursor: null,
  },
};
