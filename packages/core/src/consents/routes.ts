import { cacheControl, created, defineRoute, type Context } from '@gw/runtime';
import {
  Consent,
  ConsentPage,
  consentExamples as ex,
  consentIdParam,
  listConsentsQuery,
  recordConsentBody,
  revokeConsentBody,
} from './schemas.js';
import { listConsents, recordConsent, revokeConsent } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config'>>();

/** Personal data must not be kept by caches along the way: every answer says `Cache-Control: no-store`. */
/** Personal data: documented no-store (every authenticated answer carries it, set by the authentication). */
const NO_STORE_DOC = cacheControl('no-store');

/**
 * Consents: the patient's own JWT records and revokes (any scope: the
 * patient's EIP-712 signature is the authority) the patient's signed consents for organizations
 * to read their clinical records, and lists those given to the calling organization
 * (`consents:read`, the organization's API key only).
 */
export const consentRoutes = [
  route({
    operationId: 'recordConsent',
    method: 'post',
    path: '/gateway/v1/consents',
    tag: 'Consents',
    summary: 'Consent to an organization reading my health records',
    description:
      'The patient lets `consent.organization` read their records. A JWT alone is not enough: the body is an EIP-712 `HealthConsent` statement ' +
      '(domain `{ name: "Service Gateway Consent", version: "1" }`; fields `patient` (address, the JWT\'s wallet), `organization`, `purpose`, `scopes` (string[]: `["health:read"]`), `issuedAt`, `expiresAt` (uint256, Unix seconds), `nonce`) ' +
      "and the patient wallet's signature of it (`eth_signTypedData_v4`), verified with viem and stored with the consent so anyone can check it later. " +
      '`issuedAt` at most `CONSENT_SIGNATURE_MAX_AGE_SECONDS` (600) old; `expiresAt` in the future; the nonce single use per patient. ' +
      'A new consent for the same organization replaces the active one. Not signed by the JWT wallet, stale or reused nonce → 422 `invalid-consent-signature`; unknown organization → 404.',
    auth: 'gateway',
    body: { schema: recordConsentBody, example: ex.recordConsent },
    errors: ['not-found', 'invalid-consent-signature'],
    problems: {
      'not-found': { detail: 'No such organization' },
      'invalid-consent-signature': { detail: "The signature is not the patient's EIP-712 signature of this consent" },
    },
    success: [{ status: 201, description: 'Consent recorded', schema: Consent, example: ex.consent, headers: NO_STORE_DOC }],
    handler: async (deps, { body, session }) => {
      const { consent } = await recordConsent(deps, {
        patient: session.address,
        statement: body.consent,
        signature: body.signature,
        maxAgeSeconds: deps.config.CONSENT_SIGNATURE_MAX_AGE_SECONDS,
      });
      return created(consent);
    },
  }),
  route({
    operationId: 'listConsents',
    method: 'get',
    path: '/gateway/v1/consents',
    tag: 'Consents',
    summary: 'My consents to this organization',
    description:
      "The JWT wallet's consents given to the calling organization (the API key's), active and revoked, newest first. " +
      'Consents the wallet gave other organizations are never listed: their purpose, nonce and signature are between the patient and that organization.',
    auth: 'gateway',
    scope: 'consents:read',
    apiKeyOnly: true,
    query: listConsentsQuery,
    success: [{ status: 200, description: 'A page of consents', schema: ConsentPage, example: ex.consentPage, headers: NO_STORE_DOC }],
    handler: (deps, { query, principal, session }) => listConsents(deps, principal.organizationId, session.address, query),
  }),
  route({
    operationId: 'revokeConsent',
    method: 'delete',
    path: '/gateway/v1/consents/{id}',
    tag: 'Consents',
    summary: 'Revoke a consent',
    description:
      "Takes the patient's EIP-712 `ConsentRevocation` (fields `patient`, `consentId`, `issuedAt` (uint256, Unix seconds), `nonce`; same domain as the grant) and its signature, stored with the consent as `revocationSignature`. " +
      "Sets `revokedAt`; every later read of the organization is 403 `consent-required`. Revoking twice returns the same revoked consent; another wallet's consent → 404; a signature that is not the JWT wallet's, names another consent or is stale → 422.",
    auth: 'gateway',
    params: consentIdParam,
    body: { schema: revokeConsentBody, example: ex.revokeConsent },
    errors: ['not-found', 'invalid-consent-signature'],
    problems: {
      'not-found': { detail: 'No such consent' },
      'invalid-consent-signature': { detail: "The signature is not the patient's EIP-712 signature of this revocation" },
    },
    success: [{ status: 200, description: 'The consent, revoked', schema: Consent, example: ex.revokedConsent, headers: NO_STORE_DOC }],
    handler: (deps, { params, body, session }) =>
      revokeConsent(deps, session.address, params.id, {
        revocation: body.revocation,
        signature: body.signature,
        maxAgeSeconds: deps.config.CONSENT_SIGNATURE_MAX_AGE_SECONDS,
      }),
  }),
];
