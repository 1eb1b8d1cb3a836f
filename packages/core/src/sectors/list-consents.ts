import type { Consent } from '@gw/db';
import type { Context } from '../context.js';
import { cursorId, toPage, type Page, type PageQuery } from './page.js';

/** A patient's consent for one organization to read their clinical records. */
export interface ConsentDto {
  id: string;
  /** EIP-55 address of the patient's wallet. */
  patient: string;
  organizationId: string;
  /** What the consent allows: always `health:read` (reading clinical records). */
  scope: string;
  createdAt: string;
  /** Set when the patient revoked it; a revoked consent allows nothing. */
  revokedAt: string | null;
}

export const toConsentDto = (c: Consent): ConsentDto => ({
  id: c.id,
  patient: c.patient,
  organizationId: c.organizationId,
  scope: c.scope,
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
