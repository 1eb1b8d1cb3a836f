import type { Certificate } from '@gw/db';
import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';
import { findShipment } from './find-shipment.js';

/** A quality, origin or compliance certificate, optionally tied to a shipment. */
export interface CertificateDto {
  id: string;
  shipmentId: string | null;
  kind: string;
  issuer: string;
  number: string;
  issuedAt: string;
  expiresAt: string | null;
  /** `expired` once `expiresAt` has passed (computed at read time). */
  status: 'valid' | 'expired';
  createdAt: string;
}

export const toCertificateDto = (c: Certificate, now = Date.now()): CertificateDto => ({
  id: c.id,
  shipmentId: c.shipmentId,
  kind: c.kind,
  issuer: c.issuer,
  number: c.number,
  issuedAt: c.issuedAt.toISOString(),
  expiresAt: c.expiresAt?.toISOString() ?? null,
  status: c.expiresAt && c.expiresAt.getTime() <= now ? 'expired' : 'valid',
  createdAt: c.createdAt.toISOString(),
});

/**
 * The organization's certificates, newest first, optionally of one shipment
 * (`GET /v1/supply/certificates?shipmentId=`).
 * @throws AppError('not-found') when `shipmentId` is not one of the organization's shipments
 */
export async function listCertificates(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: PageQuery & { shipmentId?: string | undefined },
): Promise<Page<CertificateDto>> {
  if (q.shipmentId !== undefined) await findShipment(ctx, organizationId, q.shipmentId);
  const after = cursorId(q.cursor);
  const rows = await ctx.prisma.certificate.findMany({
    where: { organizationId, ...(q.shipmentId ? { shipmentId: q.shipmentId } : {}), ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  const now = Date.now();
  return toPage(rows, q.limit, (c) => toCertificateDto(c, now));
}
