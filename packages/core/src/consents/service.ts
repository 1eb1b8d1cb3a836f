import { Prisma, withTransaction, type Tx } from '@gw/db';
import type { Hex } from 'viem';
import { type Context, AppError, fetchPage, assertUuidOrNotFound, type Page, type PageQuery } from '@gw/runtime';
import { findOrganization } from '../auth/index.js';
import {
  verifyConsentSignature,
  verifyRevocationSignature,
  type ConsentStatement,
  type RevocationStatement,
} from './consent-typed-data.js';
import { HEALTH_CONSENT_SCOPE, toConsentDto, type ConsentDto } from './schemas.js';
import * as repo from './repository.js';
import { consentsProblem } from './problems.js';

/** Allowed clock skew for a signed `issuedAt` in the future, in seconds. */
export const CONSENT_FUTURE_SKEW_SECONDS = 60;

/**
 * Checks the times of a signed statement against now.
 * @throws AppError('invalid-consent-signature') issued more than `maxAgeSeconds` ago or in the future
 */
export function assertFresh(issuedAt: number, maxAgeSeconds: number): void {
  const now = Math.floor(Date.now() / 1000);
  if (issuedAt > now + CONSENT_FUTURE_SKEW_SECONDS || issuedAt < now - maxAgeSeconds) {
    throw consentsProblem('invalid-consent-signature', `issuedAt must be within the last ${maxAgeSeconds} seconds`);
  }
}

/**
 * Records a patient's consent for an organization to read their clinical records
 * (`POST /gateway/v1/consents`; a JWT alone does not create one). The consent is an
 * EIP-712 statement ({@link ConsentStatement}: organization, purpose, scopes, issue time, expiry,
 * nonce) signed by the patient's wallet, which must be the JWT's wallet; viem verifies the
 * signature, and the fields and signature are stored so anyone can verify it later. A new consent
 * for the same patient and organization supersedes the active one (which is revoked at the same
 * instant); concurrent calls for a pair are serialised by a transaction-scoped advisory lock.
 * @param patient checksummed address of the JWT's wallet
 * @param maxAgeSeconds CONSENT_SIGNATURE_MAX_AGE_SECONDS
 * @throws AppError('not-found') no such organization
 * @throws AppError('validation-error') scopes other than `health:read`, expiry not after issue time or already past
 * @throws AppError('invalid-consent-signature') 422: not signed by the patient, stale, or nonce already used
 */
export async function recordConsent(
  ctx: Pick<Context, 'prisma'>,
  input: { patient: string; statement: ConsentStatement; signature: string; maxAgeSeconds: number },
): Promise<{ created: boolean; consent: ConsentDto }> {
  const s = input.statement;
  if (s.scopes.length === 0 || s.scopes.some((x) => x !== HEALTH_CONSENT_SCOPE)) {
    throw new AppError('validation-error', `scopes must be ["${HEALTH_CONSENT_SCOPE}"]`, {
      errors: [{ path: 'consent.scopes', message: `only ${HEALTH_CONSENT_SCOPE} can be consented to` }],
    });
  }
  const now = Math.floor(Date.now() / 1000);
  if (s.expiresAt <= s.issuedAt || s.expiresAt <= now) {
    throw new AppError('validation-error', 'expiresAt must be in the future and after issuedAt', {
      errors: [{ path: 'consent.expiresAt', message: 'must be in the future and after issuedAt' }],
    });
  }
  assertFresh(s.issuedAt, input.maxAgeSeconds);
  if (!(await verifyConsentSignature(input.patient as Hex, s, input.signature as Hex))) {
    throw consentsProblem('invalid-consent-signature', "The signature is not the patient's EIP-712 signature of this consent");
  }
  const org = await findOrganization(ctx.prisma, s.organization);
  if (!org) throw new AppError('not-found', 'No such organization');
  try {
    return await withTransaction(ctx.prisma, async (tx) => {
      await repo.lockConsentPair(tx, input.patient, org.id);
      await repo.revokeActiveConsents(tx, input.patient, org.id, new Date());
      const row = await repo.insertConsent(tx, {
        patient: input.patient,
        organizationId: org.id,
        scope: HEALTH_CONSENT_SCOPE,
        purpose: s.purpose,
        scopes: s.scopes,
        nonce: s.nonce,
        issuedAt: new Date(s.issuedAt * 1000),
        expiresAt: new Date(s.expiresAt * 1000),
        signature: input.signature,
      });
      return { created: true, consent: toConsentDto(row) };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw consentsProblem('invalid-consent-signature', 'This consent nonce was already used: sign a new statement');
    }
    throw err;
  }
}

/**
 * The consents a patient gave one organization (active and revoked), newest first
 * (`GET /gateway/v1/consents`). Only the calling organization's, never those the
 * patient gave other organizations.
 * @param organizationId the caller's organization (the API key's)
 * @param patient checksummed address of the JWT's wallet
 */
export async function listConsents(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  patient: string,
  q: PageQuery,
): Promise<Page<ConsentDto>> {
  return fetchPage(q, (page) => repo.listConsentRows(ctx, { organizationId, patient }, page), toConsentDto);
}

/**
 * Revokes one of the patient's consents (`DELETE /gateway/v1/consents/:id`, with the patient's
 * own JWT and the patient's EIP-712 signature of a {@link RevocationStatement}
 * naming the consent; the signature is stored with the consent): from the commit on, the
 * organization's reads answer 403 `consent-required`. Revoking a revoked consent changes nothing
 * and returns it. The row lock waits for a read of the records under this consent that is in
 * progress, so no read starts from a consent already revoked.
 * @param patient checksummed address of the JWT's wallet
 * @throws AppError('not-found') unknown id, or another wallet's consent
 * @throws AppError('invalid-consent-signature') 422: not signed by the patient, another consent id, or stale
 */
export async function revokeConsent(
  ctx: Pick<Context, 'prisma'>,
  patient: string,
  id: string,
  signed: { revocation: RevocationStatement; signature: string; maxAgeSeconds: number },
): Promise<ConsentDto> {
  assertUuidOrNotFound(id, 'No such consent');
  if (signed.revocation.consentId !== id) throw consentsProblem('invalid-consent-signature', 'The revocation names another consent');
  assertFresh(signed.revocation.issuedAt, signed.maxAgeSeconds);
  if (!(await verifyRevocationSignature(patient as Hex, signed.revocation, signed.signature as Hex))) {
    throw consentsProblem('invalid-consent-signature', "The signature is not the patient's EIP-712 signature of this revocation");
  }
  return withTransaction(ctx.prisma, async (tx) => {
    const consent = await repo.lockPatientConsent(tx, patient, id);
    if (!consent) throw new AppError('not-found', 'No such consent');
    if (consent.revokedAt) return toConsentDto(consent);
    return toConsentDto(
      await repo.markConsentRevoked(tx, id, { at: new Date(), signature: signed.signature, nonce: signed.revocation.nonce }),
    );
  });
}

/**
 * The patient's active consent for the organization (`health:read`, signed, not revoked, not
 * expired), share-locked until `tx` ends so that a concurrent revocation waits for the read it
 * allows (used by `health-records` before it reads clinical records).
 * @returns the consent's id, or undefined when there is none
 */
export function lockActiveConsent(tx: Tx, patient: string, organizationId: string): Promise<string | undefined> {
  return repo.findActiveConsentForShare(tx, patient, organizationId);
}
