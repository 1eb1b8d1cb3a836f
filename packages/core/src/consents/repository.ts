import { type Consent, type Db, type KeysetPage, type Tx, keysetArgs } from '@gw/db';
import type { Context } from '@gw/runtime';
import { HEALTH_CONSENT_SCOPE } from './schemas.js';

/** Every statement on the `consents` table. */

/** A page of the consents a patient gave one organization, newest first (index `consents(patient, organization_id)`; `keysetArgs`). */
export const listConsentRows = (
  ctx: Pick<Context, 'prisma'>,
  owner: { organizationId: string; patient: string },
  page: KeysetPage,
): Promise<Consent[]> => ctx.prisma.consent.findMany(keysetArgs({ patient: owner.patient, organizationId: owner.organizationId }, page));

/** Serialises, until the transaction ends, the consent writes of one patient and organization (advisory lock). */
export async function lockConsentPair(tx: Tx, patient: string, organizationId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`consent:${patient}:${organizationId}`}, 0))`;
}

/** Revokes, at `at`, the patient's active `health:read` consents for the organization. */
export async function revokeActiveConsents(tx: Tx, patient: string, organizationId: string, at: Date): Promise<void> {
  await tx.consent.updateMany({
    where: { patient, organizationId, scope: HEALTH_CONSENT_SCOPE, revokedAt: null },
    data: { revokedAt: at },
  });
}

export const insertConsent = (
  tx: Tx,
  data: {
    patient: string;
    organizationId: string;
    scope: typeof HEALTH_CONSENT_SCOPE;
    purpose: string;
    scopes: string[];
    nonce: string;
    issuedAt: Date;
    expiresAt: Date;
    signature: string;
  },
): Promise<Consent> => tx.consent.create({ data });

/**
 * Consent `id` of `patient` (a valid UUID), row-locked (`FOR UPDATE`) until the transaction ends,
 * or null when the patient has no such consent.
 */
export async function lockPatientConsent(tx: Tx, patient: string, id: string): Promise<Consent | null> {
  await tx.$queryRaw<{ id: string }[]>`SELECT id FROM consents WHERE id = ${id}::uuid AND patient = ${patient} FOR UPDATE`;
  return tx.consent.findFirst({ where: { id, patient } });
}

export const markConsentRevoked = (tx: Tx, id: string, revocation: { at: Date; signature: string; nonce: string }): Promise<Consent> =>
  tx.consent.update({
    where: { id },
    data: { revokedAt: revocation.at, revocationSignature: revocation.signature, revocationNonce: revocation.nonce },
  });

/**
 * The id of the patient's active consent for the organization (`health:read`, signed, not
 * revoked, not expired), newest first, share-locked (`FOR SHARE`) until the transaction ends so
 * that a concurrent revocation waits for it; undefined when there is none.
 */
export async function findActiveConsentForShare(tx: Tx, patient: string, organizationId: string): Promise<string | undefined> {
  const consents = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM consents
      WHERE patient = ${patient} AND organization_id = ${organizationId}::uuid
        AND scope = ${HEALTH_CONSENT_SCOPE} AND revoked_at IS NULL
        AND signature IS NOT NULL AND expires_at > now()
      ORDER BY id DESC LIMIT 1
      FOR SHARE`;
  return consents[0]?.id;
}

/** How many consents were recorded for the organization (of one patient, when given), revoked ones included. */
export const countConsents = (db: Db<'consent'>, q: { organizationId: string; patient?: string }): Promise<number> =>
  db.consent.count({ where: { organizationId: q.organizationId, ...(q.patient !== undefined ? { patient: q.patient } : {}) } });
