import { z } from 'zod';
import type {
  Certificate as CertificateRow,
  Checkpoint as CheckpointRow,
  CustomsClearance,
  Shipment as ShipmentRow,
  Tariff as TariffRow,
} from '@gw/db';
import { EX, address, amount, amountSchema, dateTime, idParam, isUuid, listQuerySchema, page, uuid, uuidField } from '@gw/runtime';

/**
 * The logistics contract: supply reads (`/v1/supply/...`), customs clearance by sector
 * agents, and the cargolink integration that feeds them (`/cargolink/v1/...`). Timestamps are
 * ISO 8601 UTC; amounts are strings of integer base units.
 */

// --- tracking vocabulary ---------------------------------------------------------------------------

/**
 * Tracking vocabulary of the logistics integration (cargolink). A checkpoint carries one of
 * {@link CHECKPOINT_STATUSES}; a shipment's status is `created` until its first checkpoint, then
 * the status of its latest checkpoint (by `recordedAt`).
 */
export const CHECKPOINT_STATUSES = [
  'picked_up',
  'in_transit',
  'arrived',
  'at_customs',
  'customs_cleared',
  'out_for_delivery',
  'delivered',
  'exception',
  'returned',
] as const;

export type CheckpointStatus = (typeof CHECKPOINT_STATUSES)[number];

export const SHIPMENT_STATUSES = ['created', ...CHECKPOINT_STATUSES] as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const CLEARANCE_STATUSES = ['submitted', 'cleared', 'held', 'rejected'] as const;

// --- responses -------------------------------------------------------------------------------------

const country = () =>
  z
    .string()
    .regex(/^[A-Z]{2}$/)
    .meta({ example: 'DE' });

/** A shipment as the supply endpoints return it. */
export const Shipment = z
  .object({
    id: uuid(),
    /** The organization's own reference (booking or waybill number), unique in the organization. */
    reference: z.string(),
    /** ISO 3166-1 alpha-2. */
    origin: country(),
    destination: country(),
    carrier: z.string().nullable(),
    hsCode: z.string().nullable(),
    status: z.enum(SHIPMENT_STATUSES),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Shipment' });
export const ShipmentPage = page('ShipmentPage', Shipment, 'Shipments, newest first');
export type ShipmentDto = z.infer<typeof Shipment>;

/** A tracking checkpoint of a shipment. */
export const Checkpoint = z
  .object({
    id: uuid(),
    shipmentId: uuid(),
    location: z.string(),
    status: z.enum(CHECKPOINT_STATUSES),
    note: z.string().nullable(),
    /** When the event happened at the location (given by the carrier). */
    recordedAt: dateTime(),
    /** When the gateway received it. */
    createdAt: dateTime(),
  })
  .meta({ id: 'Checkpoint' });
export const CheckpointPage = page('CheckpointPage', Checkpoint, 'Checkpoints in the order they happened (`recordedAt`)');
export type CheckpointDto = z.infer<typeof Checkpoint>;

/** A quality, origin or compliance certificate, optionally tied to a shipment. */
export const Certificate = z
  .object({
    id: uuid(),
    shipmentId: uuid().nullable(),
    kind: z.string(),
    issuer: z.string(),
    number: z.string(),
    issuedAt: dateTime(),
    expiresAt: dateTime().nullable(),
    /** `expired` once `expiresAt` has passed (computed at read time). */
    status: z.enum(['valid', 'expired']),
    createdAt: dateTime(),
  })
  .meta({ id: 'Certificate' });
export const CertificatePage = page('CertificatePage', Certificate, 'Certificates, newest first');
export type CertificateDto = z.infer<typeof Certificate>;

/** A duty rate for goods of an HS code on a lane (reference data, the same for every organization). */
export const Tariff = z
  .object({
    id: uuid(),
    /** Harmonized System code, 4 to 10 digits (heading, subheading or national tariff line). */
    hsCode: z.string(),
    /** ISO 3166-1 alpha-2 country of origin. */
    origin: country(),
    /** ISO 3166-1 alpha-2 importing country. */
    destination: country(),
    dutyBps: z.number().int().min(0).meta({ description: 'Ad valorem duty in basis points (750 = 7.5 %)' }),
    description: z.string(),
  })
  .meta({ id: 'Tariff' });
export const TariffPage = page('TariffPage', Tariff, 'Duty rates matching every filter given');
export type TariffDto = z.infer<typeof Tariff>;

/** A customs clearance request filed by a sector agent. */
export const Clearance = z
  .object({
    id: uuid(),
    shipmentId: uuid(),
    /** `submitted` when filed; customs decides later. */
    status: z.enum(CLEARANCE_STATUSES),
    /** EIP-55 address of the agent's wallet (the JWT's). */
    agent: address(),
    /** Declared customs value, integer base units of the native token, as a string. */
    declaredValue: amount(),
    hsCode: z.string(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Clearance' });
export type ClearanceDto = z.infer<typeof Clearance>;

export const toShipmentDto = (s: ShipmentRow): ShipmentDto => ({
  id: s.id,
  reference: s.reference,
  origin: s.origin,
  destination: s.destination,
  carrier: s.carrier,
  hsCode: s.hsCode,
  status: s.status as ShipmentStatus,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export const toCheckpointDto = (c: CheckpointRow): CheckpointDto => ({
  id: c.id,
  shipmentId: c.shipmentId,
  location: c.location,
  status: c.status as CheckpointStatus,
  note: c.note,
  recordedAt: c.recordedAt.toISOString(),
  createdAt: c.createdAt.toISOString(),
});

export const toCertificateDto = (c: CertificateRow, now = Date.now()): CertificateDto => ({
  id: c.id,
  shipmentId: c.shipmentId,
  kind: c.kind,
  issuer: c.issuer,
  number: c.number,
  issuedAt: c.issuedAt.toISOString(),
  expiresAt: c.expiresAt?.toISOString() ?? null,
  status: c.expiresAt && c.expiresAt.getTime() <= now ? 'expired' : 'valid',
  createdAt: c.createdAt.toISOString(),
});

export const toTariffDto = (t: TariffRow): TariffDto => ({
  id: t.id,
  hsCode: t.hsCode,
  origin: t.origin,
  destination: t.destination,
  dutyBps: t.dutyBps,
  description: t.description,
});

export const toClearanceDto = (c: CustomsClearance): ClearanceDto => ({
  id: c.id,
  shipmentId: c.shipmentId,
  status: c.status as ClearanceDto['status'],
  agent: c.agentAddress,
  declaredValue: c.declaredValue.toFixed(0),
  hsCode: c.hsCode,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

// --- request pieces --------------------------------------------------------------------------------

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

/** A UUID in a query or body (`must be a UUID` otherwise). */
export const uuidSchema = uuidField(EX.shipmentId);

/** ISO 8601 date-time with `Z` or an offset, as a Date. */
const dateTimeSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. "2026-11-21T17:00:00Z"' })
  .transform((v) => new Date(v));

/** Clock skew tolerated for times the integration sends (recordedAt, issuedAt): 5 minutes. */
const MAX_FUTURE_MS = 5 * 60 * 1000;
const notInFuture = (d: Date) => d.getTime() <= Date.now() + MAX_FUTURE_MS;

// --- supply (logistics:read) ---------------------------------------------------------------------

export const listShipmentsQuery = listQuerySchema.extend({
  status: z.enum(SHIPMENT_STATUSES).optional().meta({ description: 'Only shipments in this status' }),
});

export const listCheckpointsQuery = listQuerySchema.extend({
  shipmentId: z
    .string({ error: (iss) => (iss.input === undefined ? 'shipmentId is required' : 'must be a string') })
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

// --- customs (customs:write + role agent) ----------------------------------------------------------

export const requestClearanceBody = z.strictObject({
  shipmentId: uuidSchema.meta({ description: "The organization's shipment to clear" }),
  /** Integer base units of the native token, as a string. */
  declaredValue: amountSchema.meta({
    description: 'Declared customs value in integer base units of the native token, as a string (1 to 2^256 − 1)',
    example: '125000000000000000000000',
  }),
  hsCode: hsCodeSchema,
});

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

export const shipmentIdParam = idParam('shipment', EX.shipmentId);

// --- examples --------------------------------------------------------------------------------------

const shipment = {
  id: EX.shipmentId,
  reference: 'BK-2026-0001',
  origin: 'BR',
  destination: 'DE',
  carrier: 'Maersk',
  hsCode: '090111',
  status: 'created',
  createdAt: EX.time,
  updatedAt: EX.time,
};
const checkpoint = {
  id: EX.checkpointId,
  shipmentId: EX.shipmentId,
  location: 'Santos, BR (port)',
  status: 'picked_up',
  note: null,
  recordedAt: '2026-11-20T09:30:00.000Z',
  createdAt: EX.time,
};
const certificate = {
  id: EX.certificateId,
  shipmentId: EX.shipmentId,
  kind: 'phytosanitary',
  issuer: 'MAPA Brazil',
  number: 'PHY-BR-55120',
  issuedAt: '2026-11-19T00:00:00.000Z',
  expiresAt: '2027-02-17T00:00:00.000Z',
  status: 'valid',
  createdAt: EX.time,
};

/** Example bodies of the API reference (validated against the schemas by the contract tests). */
export const logisticsExamples = {
  shipment,
  shipmentPage: { data: [{ ...shipment, reference: 'DEMO-SHP-1001', status: 'at_customs' }], nextCursor: null },
  checkpoint,
  checkpointPage: { data: [checkpoint], nextCursor: null },
  certificate,
  certificatePage: { data: [certificate], nextCursor: null },
  tariffPage: {
    data: [
      {
        id: EX.tariffId,
        hsCode: '090111',
        origin: 'BR',
        destination: 'DE',
        dutyBps: 0,
        description: 'Coffee, not roasted, not decaffeinated',
      },
    ],
    nextCursor: null,
  },
  clearance: {
    id: EX.clearanceId,
    shipmentId: EX.shipmentId,
    status: 'submitted',
    agent: EX.wallet,
    declaredValue: '125000000000000000000000',
    hsCode: '090111',
    createdAt: EX.time,
    updatedAt: EX.time,
  },
};
