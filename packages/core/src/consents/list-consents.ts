import type { Consent } from '@gw/db';
import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';

/** A patient's consent for one organization to read their clinical records. */
export interface ConsentDto {
  id: string;
  /** EIP-55 address of the patient's wallet. */
  patient: string;
  organizationId: string;
  /** What the consent allows: always `health:read` (reading clinical records). */
  scope: string;
  /** The signed statement (issue #11; null for consents recorded before signatures, which allow nothing). */
  purpose: string | null;
  scopes: string[];
  nonce: string | null;
  issuedAt: string | null;
  expiresAt: string | null;
  /** The patient's EIP-712 signature of the statement (`consentTypedData`), verifiable by anyone. */
  signature: string | null;
  /** The patient's EIP-712 signature of the revocation, when revoked by a signed statement. */
  revocationSignature: string | null;
  revocationNonce: string | null;
  createdAt: string;
  /** Set when the patient revoked it (or a newer consent for the organization replaced it); a revoked consent allows nothing. */
  revokedAt: string | null;
}

export const toConsentDto = (c: Consent): ConsentDto => ({
  id: c.id,
  patient: c.patient,
  organizationId: c.organizationId,
  scope: c.scope,
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

/** The consents a patient recorded (active and revoked), newest first (`GET /gateway/v1/consents`). */
export async function listConsents(ctx: Pick<Context, 'prisma'>, patient: string, q: PageQuery): Promise<Page<ConsentDto>> {
  const after = cursorId(q.cursor);
  const rows = await ctx.prisma.consent.findMany({
    where: { patient, ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  return toPage(rows, q.limit, toConsentDto);
}
