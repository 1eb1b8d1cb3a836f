import type { Hex } from 'viem';
import { type Context, AppError, isUuid } from '@gw/runtime';
import { verifyRevocationSignature, type RevocationStatement } from './consent-typed-data.js';
import { toConsentDto, type ConsentDto } from './list-consents.js';
import { assertFresh } from './record-consent.js';

/**
 * Revokes one of the patient's consents (`DELETE /gateway/v1/consents/:id`, with the patient's
 * own JWT and, since issue #11, the patient's EIP-712 signature of a {@link RevocationStatement}
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
  if (!isUuid(id)) throw new AppError('not-found', 'No such consent');
  if (signed.revocation.consentId !== id) throw new AppError('invalid-consent-signature', 'The revocation names another consent');
  assertFresh(signed.revocation.issuedAt, signed.maxAgeSeconds);
  if (!(await verifyRevocationSignature(patient as Hex, signed.revocation, signed.signature as Hex))) {
    throw new AppError('invalid-consent-signature', "The signature is not the patient's EIP-712 signature of this revocation");
  }
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM consents WHERE id = ${id}::uuid AND patient = ${patient} FOR UPDATE`;
    const consent = await tx.consent.findFirst({ where: { id, patient } });
    if (!consent) throw new AppError('not-found', 'No such consent');
    if (consent.revokedAt) return toConsentDto(consent);
    return toConsentDto(
      await tx.consent.update({
        where: { id },
        data: { revokedAt: new Date(), revocationSignature: signed.signature, revocationNonce: signed.revocation.nonce },
      }),
    );
  });
}
