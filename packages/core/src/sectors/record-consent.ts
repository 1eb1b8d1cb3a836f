import type { Context } from '../context.js';
import { AppError } from '../errors/app-error.js';
import { isUuid } from '../ids.js';
import { toConsentDto, type ConsentDto } from './list-consents.js';

/** The permission a consent grants: reading the patient's clinical records. */
export const HEALTH_CONSENT_SCOPE = 'health:read';

/**
 * Records a patient's consent for `organizationId` to read their clinical records
 * (`POST /gateway/v1/consents`, with the patient's own JWT). At most one consent per patient and
 * organization is active: when one exists it is returned as it is (`created: false`), also under
 * concurrent calls (a transaction-scoped advisory lock per pair serialises them).
 * @param patient checksummed address of the JWT's wallet
 * @throws AppError('not-found') when no such organization exists
 */
export async function recordConsent(
  ctx: Pick<Context, 'prisma'>,
  input: { patient: string; organizationId: string },
): Promise<{ created: boolean; consent: ConsentDto }> {
  const org = isUuid(input.organizationId)
    ? await ctx.prisma.organization.findUnique({ where: { id: input.organizationId }, select: { id: true } })
    : null;
  if (!org) throw new AppError('not-found', 'No such organization');
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`consent:${input.patient}:${org.id}`}, 0))`;
    const active = await tx.consent.findFirst({
      where: { patient: input.patient, organizationId: org.id, scope: HEALTH_CONSENT_SCOPE, revokedAt: null },
      orderBy: { id: 'desc' },
    });
    if (active) return { created: false, consent: toConsentDto(active) };
    const row = await tx.consent.create({ data: { patient: input.patient, organizationId: org.id, scope: HEALTH_CONSENT_SCOPE } });
    return { created: true, consent: toConsentDto(row) };
  });
}
