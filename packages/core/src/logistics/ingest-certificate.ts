import { type Context, AppError, isUuid } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { toCertificateDto, type CertificateDto } from './list-certificates.js';

export interface IngestCertificateInput {
  organizationId: string;
  caller: string;
  shipmentId?: string | undefined;
  kind: string;
  issuer: string;
  number: string;
  issuedAt: Date;
  expiresAt?: Date | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * Records a certificate sent by the logistics integration (`POST /cargolink/v1/certificates`),
 * optionally attached to one of the organization's shipments. A certificate is identified by its
 * issuer and number: the same pair twice in an organization is a conflict (checked under a
 * transaction-scoped advisory lock, so concurrent duplicates cannot both pass).
 * @throws AppError('not-found') `shipmentId` is not one of the organization's shipments
 * @throws AppError('invalid-state') 409 the organization already has this issuer and number
 */
export async function ingestCertificate(ctx: Pick<Context, 'prisma'>, input: IngestCertificateInput) {
  const data = {
    shipmentId: input.shipmentId ?? null,
    kind: input.kind,
    issuer: input.issuer,
    number: input.number,
    issuedAt: input.issuedAt,
    expiresAt: input.expiresAt ?? null,
  };
  const fingerprint = requestFingerprint('cargolink.certificate', input.caller, {
    ...data,
    issuedAt: data.issuedAt.toISOString(),
    expiresAt: data.expiresAt?.toISOString() ?? null,
  });
  return withIdempotency<CertificateDto>(
    ctx.prisma,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      if (data.shipmentId !== null) {
        const shipment = isUuid(data.shipmentId)
          ? await tx.shipment.findFirst({ where: { id: data.shipmentId, organizationId: input.organizationId }, select: { id: true } })
          : null;
        if (!shipment) throw new AppError('not-found', 'No such shipment');
      }
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`certificate:${input.organizationId}:${input.issuer}:${input.number}`}, 0))`;
      const existing = await tx.certificate.findFirst({
        where: { organizationId: input.organizationId, issuer: input.issuer, number: input.number },
        select: { id: true },
      });
      if (existing) {
        throw new AppError('invalid-state', `Certificate ${input.number} of ${input.issuer} already exists`, {
          certificateId: existing.id,
        });
      }
      const row = await tx.certificate.create({ data: { organizationId: input.organizationId, ...data } });
      return { statusCode: 201, body: toCertificateDto(row) };
    },
  );
}
