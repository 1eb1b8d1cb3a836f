import { z } from 'zod';
import type { Consent as ConsentRow } from '@gw/db';
import { EX, address, dateTime, idParam, listQuerySchema, page, uuid, uuidField } from '@gw/runtime';

/**
 * The consents contract: a patient's EIP-712 signed consent for one
 * organization to read their clinical records, managed with the patient's own JWT
 * (`/gateway/v1/consents`). The signed statement's types are in `consent-typed-data.ts`.
 */

/** The permission a consent grants: reading the patient's clinical records. */
export const HEALTH_CONSENT_SCOPE = 'health:read';

/** A patient's consent for one organization to read their clinical records. */
export const Consent = z
  .object({
    id: uuid(),
    /** EIP-55 address of the patient's wallet. */
    patient: address(),
    organizationId: uuid(),
    /** What the consent allows: always `health:read` (reading clinical records). */
    scope: z.literal('health:read'),
    purpose: z.string().nullable().meta({ description: 'Signed statement: why (null for consents recorded before signatures)' }),
    scopes: z.array(z.string()).meta({ description: 'Signed statement: what is allowed' }),
    nonce: z.string().nullable(),
    issuedAt: dateTime().nullable(),
    expiresAt: dateTime().nullable().meta({ description: 'The consent allows nothing after this instant' }),
    /** The patient's EIP-712 signature of the statement (`consentTypedData`), verifiable by anyone. */
    signature: z.string().nullable().meta({
      description:
        "The patient's EIP-712 signature of the HealthConsent statement; verify with the types in docs/integrating.md (`CONSENT_TYPES` of @gw/core/consents)",
    }),
    /** The patient's EIP-712 signature of the revocation, when revoked by a signed statement. */
    revocationSignature: z.string().nullable().meta({ description: "The patient's EIP-712 signature of the ConsentRevocation" }),
    revocationNonce: z.string().nullable(),
    createdAt: dateTime(),
    /** Set when the patient revoked it (or a newer consent for the organization replaced it); a revoked consent allows nothing. */
    revokedAt: dateTime().nullable(),
  })
  .meta({ id: 'Consent' });
export const ConsentPage = page(
  'ConsentPage',
  Consent,
  "The wallet's consents to the calling organization, active and revoked, newest first",
);
export type ConsentDto = z.infer<typeof Consent>;

export const toConsentDto = (c: ConsentRow): ConsentDto => ({
  id: c.id,
  patient: c.patient,
  organizationId: c.organizationId,
  scope: c.scope as typeof HEALTH_CONSENT_SCOPE,
  purpose: c.purpose,
  scopes: c.scopes,
  nonce: c.nonce,
  issuedAt: c.issuedAt?.toISOString() ?? null,
  expiresAt: c.expiresAt?.toISOString() ?? null,
  signature: c.signature,
  revocationSignature: c.revocationSignature,
  revocationNonce: c.revocationNonce,
  createdAt: c.createdAt.toISOString(),
  revokedAt: c.revokedAt?.toISOString() ?? null,
});

// --- requests --------------------------------------------------------------------------------------

const unixSeconds = z
  .number()
  .int()
  .min(0)
  .max(2 ** 40);
const consentNonce = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be 8-128 characters of A-Z a-z 0-9 _ -')
  .meta({ description: 'Chosen by the signing app; single use per patient' });
const eip712Signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte 0x-hex signature')
  .meta({ description: "The patient wallet's EIP-712 signature (eth_signTypedData_v4)" });

/** A consent is the patient's EIP-712 signed statement (`HealthConsent`), not a JWT call. */
export const recordConsentBody = z.strictObject({
  consent: z.strictObject({
    organization: uuidField(EX.shipmentId).meta({ description: 'The organization (integrator) allowed to read the records' }),
    purpose: z.string().min(1).max(200).meta({ description: 'Why the organization may read them', example: 'Follow-up care at Clinic B' }),
    scopes: z.array(z.string().min(1).max(64)).min(1).max(8).meta({ description: 'What is allowed: ["health:read"]' }),
    issuedAt: unixSeconds.meta({ description: 'When the patient signed, Unix seconds (at most CONSENT_SIGNATURE_MAX_AGE_SECONDS ago)' }),
    expiresAt: unixSeconds.meta({ description: 'When the consent ends by itself, Unix seconds' }),
    nonce: consentNonce,
  }),
  signature: eip712Signature,
});

/** Revoking takes the patient's EIP-712 signed `ConsentRevocation`. */
export const revokeConsentBody = z.strictObject({
  revocation: z.strictObject({
    consentId: uuidField(EX.shipmentId).meta({ description: 'The consent revoked (the path id)' }),
    issuedAt: unixSeconds.meta({ description: 'When the patient signed, Unix seconds' }),
    nonce: consentNonce,
  }),
  signature: eip712Signature,
});

export const listConsentsQuery = listQuerySchema;

export const consentIdParam = idParam('consent', EX.consentId);

// --- examples --------------------------------------------------------------------------------------

const signature =
  '0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b';
const consent = {
  id: EX.consentId,
  patient: EX.patient,
  organizationId: EX.orgId,
  scope: 'health:read',
  purpose: 'Follow-up care at Clinic B',
  scopes: ['health:read'],
  nonce: 'a1b2c3d4e5f6a7b8c9d0',
  issuedAt: EX.time,
  expiresAt: '2026-12-21T17:00:00.000Z',
  signature,
  revocationSignature: null,
  revocationNonce: null,
  createdAt: EX.time,
  revokedAt: null,
};

/** Example bodies of the API reference (validated against the schemas by the contract tests). */
export const consentExamples = {
  consent,
  revokedConsent: {
    ...consent,
    revokedAt: '2026-11-21T18:00:00.000Z',
    revocationSignature: signature,
    revocationNonce: 'f0e1d2c3b4a5968778695a4b',
  },
  consentPage: { data: [consent], nextCursor: null },
  /** Body of POST /gateway/v1/consents: the EIP-712 HealthConsent statement and the patient's signature. */
  recordConsent: {
    consent: {
      organization: EX.orgId,
      purpose: 'Follow-up care at Clinic B',
      scopes: ['health:read'],
      issuedAt: 1795280400,
      expiresAt: 1797872400,
      nonce: 'a1b2c3d4e5f6a7b8c9d0',
    },
    signature,
  },
  /** Body of DELETE /gateway/v1/consents/:id: the EIP-712 ConsentRevocation and the patient's signature. */
  revokeConsent: { revocation: { consentId: EX.consentId, issuedAt: 1795284000, nonce: 'f0e1d2c3b4a5968778695a4b' }, signature },
};
