import { z } from 'zod';
import { AMOUNT_PATTERN, AMOUNT_RULE, MAX_UINT256, isAmount } from '../amounts.js';
import { isUuid } from '../ids.js';

/**
 * The building blocks every module's contract shares: example values, scalar schemas (ids, times,
 * addresses, base units), the page shape of every list, the RFC 9457 problem document, and the
 * request pieces common to many operations. `.meta({ id })` makes a schema a named component
 * (`#/components/schemas/<id>`) of the OpenAPI document.
 * Objects are documented open (no `additionalProperties: false`) so clients tolerate new fields;
 * the contract tests validate real responses as closed objects, so nothing undocumented slips through.
 */

// --- examples shared by the schemas and the operations ---------------------------------------------

export const EX = {
  time: '2026-11-21T17:00:00.000Z',
  later: '2026-11-21T17:15:00.000Z',
  orgId: '0193a5c0-0000-7000-8000-00000000de70',
  paymentId: '0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01',
  webhookId: '0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12',
  deliveryId: '01a1ff20-6b4d-72bb-a6b6-e7a94ca21885',
  eventId: '0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f',
  transferId: '0193a5c1-3c4d-7e5f-8061-7b8c9d0e1f23',
  positionId: '0193a5c1-4d5e-7f60-8172-8c9d0e1f2a34',
  poolId: '0193a5c1-5e6f-7071-8283-9d0e1f2a3b45',
  proposalId: '0193a5c1-7a2b-7c3d-8e4f-5a6b7c8d9e0f',
  voteId: '0193a5c1-6f70-7182-8394-ae1f2a3b4c56',
  bridgeId: '0193a5c1-7081-7293-84a5-bf2a3b4c5d67',
  consumptionId: '0193a5c1-8192-73a4-85b6-c03b4c5d6e78',
  shipmentId: '0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d',
  checkpointId: '0193a5c2-2a11-7b4c-8d5e-3f6a7b8c9d0e',
  certificateId: '0193a5c2-3b22-7c5d-9e6f-4a7b8c9d0e1f',
  tariffId: '0193a5c2-4c33-7d6e-8f70-5b8c9d0e1f2a',
  clearanceId: '0193a5c2-5d44-7e7f-9081-6c9d0e1f2a3b',
  carbonId: '0193a5c2-6e55-7f80-81a2-7d0e1f2a3b4c',
  recordId: '0193a5c2-7f66-7091-92b3-8e1f2a3b4c5d',
  consentId: '0193a5c2-8077-71a2-83c4-9f2a3b4c5d6e',
  wallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  recipient: '0x52908400098527886E0F7030069857D2E4169EE7',
  patient: '0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684',
  cursor: 'MDE5M2E1YzEtMWIyYy03ZDNlLThmNDAtNWE2YjdjOGQ5ZTAx',
} as const;

// --- scalars ------------------------------------------------------------------------------------

export const uuid = () => z.uuid();
export const dateTime = () => z.iso.datetime({ offset: true });
/** A checksummed EVM address as the API answers it. */
export const address = () =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .meta({ description: 'EIP-55 checksummed EVM address', example: EX.wallet });
/** Non-negative integer base units as a string (balances, sums). */
export const units = () =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]*)$/)
    .meta({ description: 'Integer base units as a string', example: '1000000000000000000' });
/** Positive integer base units as a string (amounts moved). */
export const amount = () =>
  z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .meta({ description: 'Positive integer base units as a string', example: '12000000000000000000' });
export const symbol = () => z.string().meta({ description: 'Token symbol', example: 'GTK' });
export const nextCursor = () =>
  z.string().nullable().meta({ description: 'Cursor of the next page (pass as `cursor`), `null` on the last page' });

/** `{ data: [item], nextCursor }`, the shape of every paginated list. */
export const page = <T extends z.ZodType>(id: string, item: T, description: string) =>
  z.object({ data: z.array(item), nextCursor: nextCursor() }).meta({ id, description });

// --- problem details (RFC 9457) -------------------------------------------------------------------

export const FieldError = z
  .object({ path: z.string().meta({ description: 'Dotted path of the field (or `body` / `query`)' }), message: z.string() })
  .meta({ id: 'FieldError' });

export const Problem = z
  .object({
    type: z
      .string()
      .meta({ description: 'Problem type, `/problems/<code>` (resolvable against the API origin)', example: '/problems/not-found' }),
    title: z.string().meta({ description: 'Short summary of the problem type', example: 'Not found' }),
    status: z.number().int().min(400).max(599).meta({ description: 'HTTP status code', example: 404 }),
    detail: z.string().meta({ description: 'Explanation of this occurrence', example: 'No such payment' }),
    instance: z.string().meta({ description: 'Path of the request', example: `/api/gateway/v1/payments/${EX.paymentId}` }),
    errors: z.array(FieldError).optional().meta({ description: '`validation-error`: which fields are invalid' }),
    requiredScope: z.string().optional().meta({ description: '`insufficient-scope`: the scope the operation needs' }),
    requiredRole: z.string().optional().meta({ description: '`role-required`: the JWT role the operation needs' }),
    reason: z
      .string()
      .optional()
      .meta({ description: 'Refusal reason: `locked`, `already-unstaked`, `treasury-short`, or the governance refusal' }),
    lockedUntil: dateTime().optional().meta({ description: '`invalid-state` with reason `locked`: when the position unlocks' }),
    patient: z.string().optional().meta({ description: '`consent-required`: the patient address' }),
    balance: z.string().optional().meta({ description: '`payment-required`: the credits the wallet holds' }),
    required: z.string().optional().meta({ description: '`payment-required`: the credits the operation needs' }),
    supportedChains: z.array(z.string()).optional().meta({ description: '`unsupported-chain`: the CAIP-2 chains the bridge serves' }),
    certificateId: z.string().optional().meta({ description: '`invalid-state` on a duplicate certificate: the existing one' }),
    reference: z.string().optional().meta({ description: '`invalid-state` on a duplicate shipment reference' }),
    field: z.string().optional().meta({
      description:
        '`invalid-signature`: the login message field that was refused (`message`, `domain`, `uri`, `chainId`, `issuedAt`, `notBefore`, `expirationTime`, `signature`, `nonce`)',
    }),
    expected: z.string().optional().meta({ description: '`invalid-signature`: what the service expects of that field, in words' }),
  })
  .catchall(z.unknown())
  .meta({
    id: 'Problem',
    description:
      'RFC 9457 problem document (`application/problem+json`). Besides the standard members, some types carry extension members (listed); others may be added.',
  });

// --- request pieces ---------------------------------------------------------------------------

/**
 * A request amount: positive integer base units as a string, at most 2^256 − 1 (uint256). The
 * pattern (documented) allows 78 digits; the refinement (not expressible as a pattern) refuses the
 * 78-digit values above 2^256 − 1.
 */
export const amountSchema = z
  .string()
  .regex(AMOUNT_PATTERN, `must be ${AMOUNT_RULE}`)
  .refine((v) => !AMOUNT_PATTERN.test(v) || isAmount(v), `must be ${AMOUNT_RULE}`)
  .meta({
    description: `Positive integer amount in base units, as a string, at most 2^256 − 1 = ${MAX_UINT256} (uint256); 18 decimals: "1000000000000000000" is one token`,
    example: '12000000000000000000',
  });

export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'Page size, 1 to 100 (default 20)', example: 20 }),
  cursor: z.string().max(200).optional().meta({ description: "Opaque cursor: the previous page's `nextCursor`" }),
});

/** GET endpoints without parameters: any query parameter is a typo, hence 400. */
export const noQuery = z.strictObject({});

/** Writes that take no body: none, or `{}`; any field is 400. */
export const noBody = z.strictObject({});

/** Path parameter `id` of the object named `what`. Unknown ids, and ids of another tenant, are 404. */
export const idParam = (what: string, example: string) =>
  z.object({
    id: z
      .string()
      .meta({ description: `Id of the ${what} (an unknown id, or one that is not the caller's, is 404)`, format: 'uuid', example }),
  });

/** A documented `Cache-Control` response header with its one value. */
export const cacheControl = (value: string) => ({
  'Cache-Control': { description: `\`${value}\``, schema: { type: 'string' as const, enum: [value] } },
});

/** What caches may do with public, rarely changing documents (the JWKS, contract addresses, ABIs, this reference). */
export const PUBLIC_CACHE = 'public, max-age=300';

/** A string field that must be a UUID (400 otherwise), documented with an example id. */
export const uuidField = (example: string) => z.string().refine(isUuid, 'must be a UUID').meta({ format: 'uuid', example });
