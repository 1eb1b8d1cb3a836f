import { z } from 'zod';
import { getAddress, isAddress } from 'viem';
import { isUuid } from '@gw/runtime';
import { CHECKPOINT_STATUSES, SHIPMENT_STATUSES } from '@gw/core/logistics';
import { amountSchema, listQuerySchema } from '@gw/runtime';

/** Request schemas of the sector endpoints (issue #3): supply, customs, energy, health, consents, cargolink. */

/** The 249 officially assigned ISO 3166-1 alpha-2 codes (no reserved codes such as UK, EU or XK). */
const ISO_3166_ALPHA2 = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/** ISO 3166-1 alpha-2 country code, either case; normalised to upper case. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code, e.g. "DE"')
  .toUpperCase()
  .refine((c) => ISO_3166_ALPHA2.has(c), 'is not an assigned ISO 3166-1 alpha-2 country code')
  .meta({
    description: 'Assigned ISO 3166-1 alpha-2 country code, either case (answered upper case; reserved codes such as UK or EU are 400)',
    example: 'DE',
  });

/** Harmonized System code: heading (4 digits) to national tariff line (10 digits), digits only. */
export const hsCodeSchema = z
  .string()
  .regex(/^[0-9]{4,10}$/, 'must be an HS code of 4 to 10 digits')
  .meta({ description: 'Harmonized System code, 4 to 10 digits', example: '090111' });

/** A string that is present (`<name> is required` otherwise). */
const required = (name: string) => z.string({ error: (iss) => (iss.input === undefined ? `${name} is required` : 'must be a string') });

export const uuidSchema = z
  .string()
  .refine(isUuid, 'must be a UUID')
  .meta({ format: 'uuid', example: '0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d' });

/** An EVM address: all lower case, all upper case, or with a valid EIP-55 checksum; normalised to EIP-55. */
export const addressSchema = z
  .string()
  .max(42, 'must be a 0x EVM address')
  .refine((v) => isAddress(v), 'must be a 0x EVM address (with a valid EIP-55 checksum when mixed case)')
  .transform((v) => getAddress(v))
  .meta({
    description: 'EVM address: all lower case, all upper case, or a valid EIP-55 checksum',
    example: '0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684',
  });

/** ISO 8601 date-time with `Z` or an offset, as a Date. */
const dateTimeSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"' })
  .transform((v) => new Date(v));

/** Clock skew tolerated for times the integration sends (recordedAt, issuedAt): 5 minutes. */
const MAX_FUTURE_MS = 5 * 60 * 1000;
const notInFuture = (d: Date) => d.getTime() <= Date.now() + MAX_FUTURE_MS;

// --- supply (logistics:read) -------------------------------------------------------------------

export const listShipmentsQuery = listQuerySchema.extend({
  status: z.enum(SHIPMENT_STATUSES).optional().meta({ description: 'Only shipments in this status' }),
});

export const listCheckpointsQuery = listQuerySchema.extend({
  shipmentId: required('shipmentId')
    .refine(isUuid, 'must be a UUID')
    .meta({ description: "The shipment (one of the organization's)", format: 'uuid' }),
});

export const listCertificatesQuery = listQuerySchema.extend({
  shipmentId: uuidSchema.optional().meta({ description: "Only this shipment's certificates" }),
});

export const findTariffsQuery = listQuerySchema.extend({
  hsCode: hsCodeSchema.optional().meta({ description: 'HS code; matches the lines under it and the broader lines it falls under' }),
  origin: countryCodeSchema.optional().meta({ description: 'Country of origin (ISO 3166-1 alpha-2)' }),
  destination: countryCodeSchema.optional().meta({ description: 'Country of destination (ISO 3166-1 alpha-2)' }),
});

// --- customs (customs:write + role agent) --------------------------------------------------------

export const requestClearanceBody = z.strictObject({
  shipmentId: uuidSchema.meta({ description: "The organization's shipment to clear" }),
  /** Integer base units of the native token, as a string. */
  declaredValue: amountSchema.meta({
    description: 'Declared customs value in integer base units of the native token, as a string',
    example: '125000000000000000000000',
  }),
  hsCode: hsCodeSchema,
});

// --- energy, health, consents ----------------------------------------------------------------------

export const carbonCreditsQuery = listQuerySchema;

export const healthRecordsQuery = listQuerySchema.extend({
  patient: required('patient')
    .pipe(addressSchema)
    .meta({ description: "The patient's wallet address", example: '0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684' }),
});

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

/** Issue #11: a consent is the patient's EIP-712 signed statement (`HealthConsent`), not a JWT call. */
export const recordConsentBody = z.strictObject({
  consent: z.strictObject({
    organization: uuidSchema.meta({ description: 'The organization (integrator) allowed to read the records' }),
    purpose: z.string().min(1).max(200).meta({ description: 'Why the organization may read them', example: 'Follow-up care at Clinic B' }),
    scopes: z.array(z.string().min(1).max(64)).min(1).max(8).meta({ description: 'What is allowed: ["health:read"]' }),
    issuedAt: unixSeconds.meta({ description: 'When the patient signed, Unix seconds (at most CONSENT_SIGNATURE_MAX_AGE_SECONDS ago)' }),
    expiresAt: unixSeconds.meta({ description: 'When the consent ends by itself, Unix seconds' }),
    nonce: consentNonce,
  }),
  signature: eip712Signature,
});

/** Issue #11: revoking takes the patient's EIP-712 signed `ConsentRevocation`. */
export const revokeConsentBody = z.strictObject({
  revocation: z.strictObject({
    consentId: uuidSchema.meta({ description: 'The consent revoked (the path id)' }),
    issuedAt: unixSeconds.meta({ description: 'When the patient signed, Unix seconds' }),
    nonce: consentNonce,
  }),
  signature: eip712Signature,
});

export const listConsentsQuery = listQuerySchema;

// --- cargolink (logistics:write) -------------------------------------------------------------------

export const ingestShipmentBody = z.strictObject({
  reference: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'letters, digits and . _ / - only, starting with a letter or digit')
    .meta({ description: "The carrier's booking reference, unique per organization", example: 'BK-2026-0001' }),
  origin: countryCodeSchema,
  destination: countryCodeSchema,
  carrier: z.string().trim().min(1).max(100).optional().meta({ example: 'Maersk' }),
  hsCode: hsCodeSchema.optional(),
});

export const ingestCheckpointBody = z.strictObject({
  location: z.string().trim().min(1).max(200).meta({ example: 'Santos, BR (port)' }),
  status: z
    .enum(CHECKPOINT_STATUSES)
    .meta({ description: 'What happened; the shipment takes the status of its latest checkpoint', example: 'picked_up' }),
  note: z.string().trim().min(1).max(1000).optional(),
  /** When it happened; default now. At most 5 minutes in the future (clock skew). */
  recordedAt: dateTimeSchema
    .refine(notInFuture, 'must not be in the future')
    .optional()
    .meta({ description: 'When it happened (ISO 8601); default now; at most 5 minutes in the future', example: '2026-11-20T09:30:00Z' }),
});

export const ingestCertificateBody = z
  .strictObject({
    shipmentId: uuidSchema.optional(),
    /** e.g. `quality`, `origin`, `phytosanitary`, `organic`, `iso-9001`. */
    kind: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, _ and - (at most 64)')
      .meta({ example: 'phytosanitary' }),
    issuer: z.string().trim().min(1).max(200).meta({ example: 'MAPA Brazil' }),
    number: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ description: 'Certificate number; unique per issuer and organization', example: 'PHY-BR-55120' }),
    issuedAt: dateTimeSchema.refine(notInFuture, 'must not be in the future').meta({ example: '2026-11-19T00:00:00Z' }),
    expiresAt: dateTimeSchema.optional().meta({ description: 'After issuedAt', example: '2027-02-17T00:00:00Z' }),
  })
  .refine((c) => !c.expiresAt || c.expiresAt.getTime() > c.issuedAt.getTime(), { path: ['expiresAt'], message: 'must be after issuedAt' });
