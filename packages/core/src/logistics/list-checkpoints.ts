import type { Checkpoint } from '@gw/db';
import { type Context, AppError, cursorId, toPage, type Page, type PageQuery } from '@gw/runtime';
import { findShipment } from './find-shipment.js';
import type { CheckpointStatus } from './shipment-status.js';

/** A tracking checkpoint of a shipment. */
export interface CheckpointDto {
  id: string;
  shipmentId: string;
  location: string;
  status: CheckpointStatus;
  note: string | null;
  /** When the event happened at the location (given by the carrier). */
  recordedAt: string;
  /** When the gateway received it. */
  createdAt: string;
}

export const toCheckpointDto = (c: Checkpoint): CheckpointDto => ({
  id: c.id,
  shipmentId: c.shipmentId,
  location: c.location,
  status: c.status as CheckpointStatus,
  note: c.note,
  recordedAt: c.recordedAt.toISOString(),
  createdAt: c.createdAt.toISOString(),
});

/**
 * Checkpoints of one of the organization's shipments in the order they happened (`recordedAt`,
 * then id), for `GET /v1/supply/checkpoints?shipmentId=`. The cursor names the last checkpoint of
 * the previous page.
 * @throws AppError('not-found') unknown shipment or another organization's
 * @throws AppError('validation-error') a cursor that is not a checkpoint of this shipment
 */
export async function listCheckpoints(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: PageQuery & { shipmentId: string },
): Promise<Page<CheckpointDto>> {
  const shipment = await findShipment(ctx, organizationId, q.shipmentId);
  const afterId = cursorId(q.cursor);
  let after: Checkpoint | null = null;
  if (afterId) {
    after = await ctx.prisma.checkpoint.findFirst({ where: { id: afterId, shipmentId: shipment.id, organizationId } });
    if (!after)
      throw new AppError('validation-error', 'cursor is not valid', { errors: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  const rows = await ctx.prisma.checkpoint.findMany({
    where: {
      shipmentId: shipment.id,
      organizationId,
      ...(after ? { OR: [{ recordedAt: { gt: after.recordedAt } }, { recordedAt: after.recordedAt, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ recordedAt: 'asc' }, { id: 'asc' }],
    take: q.limit + 1,
  });
  return toPage(rows, q.limit, toCheckpointDto);
}
