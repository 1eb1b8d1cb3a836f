import type { Shipment } from '@gw/db';
import { type Context, AppError, isUuid } from '@gw/runtime';

/**
 * The organization's shipment `id`. Another organization's shipment is indistinguishable from
 * an unknown one.
 * @throws AppError('not-found')
 */
export async function findShipment(ctx: Pick<Context, 'prisma'>, organizationId: string, id: string): Promise<Shipment> {
  const shipment = isUuid(id) ? await ctx.prisma.shipment.findFirst({ where: { id, organizationId } }) : null;
  if (!shipment) throw new AppError('not-found', 'No such shipment');
  return shipment;
}
