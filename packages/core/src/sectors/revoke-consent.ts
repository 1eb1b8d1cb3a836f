import type { Context } from '../context.js';
import { AppError } from '../errors/app-error.js';
import { isUuid } from '../ids.js';
import { toConsentDto, type ConsentDto } from './list-consents.js';

/**
 * Revokes one of the patient's consents (`DELETE /gateway/v1/consents/:id`, with the patient's
 * own JWT): from the commit on, the organization's reads answer 403 `consent-required`. Revoking
 * a revoked consent changes nothing and returns it. The row lock waits for a read of the records
 * under this consent that is in progress, so no read starts from a consent already revoked.
 * @param patient checksummed address of the JWT's wallet
 * @throws AppError('not-found') unknown id, or another wallet's consent
 */
export async function revokeConsent(ctx: Pick<Context, 'prisma'>, patient: string, id: string): Promise<ConsentDto> {
  if (!isUuid(id)) throw new AppError('not-found', 'No such consent');
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM consents WHERE id = ${id}::uuid AND patient = ${patient} FOR UPDATE`;
    const consent = await tx.consent.findFirst({ where: { id, patient } });
    if (!consent) throw new AppError('not-found', 'No such consent');
    if (consent.revokedAt) return toConsentDto(consent);
    return toConsentDto(await tx.consent.update({ where: { id }, data: { revokedAt: new Date() } }));
  });
}
