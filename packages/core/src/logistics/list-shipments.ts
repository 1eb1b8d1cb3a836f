import type { Shipment } from '@gw/db';
import { type Context, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';
import type { ShipmentStatus } from './shipment-status.js';

/** A shipment as the supply endpoints return it. Timestamps are ISO 8601 UTC. */
export interface ShipmentDto {
  id: string;
  reference: string;
  /** ISO 3166-1 alpha-2. */
  origin: string;
  /** ISO 3166-1 alpha-2. */
  destination: string;
  carrier: string | null;
  hsCode: string | null;
  status: ShipmentStatus;
  createdAt: string;
  updatedAt: string;
}

export const toShipmentDto = (s: Shipment): ShipmentDto => ({
  id: s.id,
  reference: s.reference,
  origin: s.origin,
  destination: s.destination,
  carrier: s.carrier,
  hsCode: s.hsCode,
  status: s.status as ShipmentStatus,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

/**
 * The organization's shipments, newest first (`GET /v1/supply/shipments`).
 * @throws AppError('validation-error') for a foreign cursor
 */
export async function listShipments(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: PageQuery & { status?: ShipmentStatus | undefined },
): Promise<Page<ShipmentDto>> {
  const after = cursorId(q.cursor);
  const rows = await ctx.prisma.shipment.findMany({
    where: { organizationId, ...(q.status ? { status: q.status } : {}), ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.limit + 1,
  });
  return toPage(rows, q.limit, toShipmentDto);
}
