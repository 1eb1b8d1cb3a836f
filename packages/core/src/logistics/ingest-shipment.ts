import { Prisma } from '@gw/db';
import { type Context, AppError } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { toShipmentDto, type ShipmentDto } from './list-shipments.js';

export interface IngestShipmentInput {
  organizationId: string;
  /** Who sends it (the JWT's wallet); part of the Idempotency-Key fingerprint. */
  caller: string;
  /** The organization's own reference (booking or waybill number), unique in the organization. */
  reference: string;
  /** ISO 3166-1 alpha-2, upper case. */
  origin: string;
  destination: string;
  carrier?: string | undefined;
  hsCode?: string | undefined;
  idempotencyKey?: string | undefined;
}

const duplicate = (reference: string) =>
  new AppError('invalid-state', `A shipment with reference ${reference} already exists`, { reference });

/**
 * Registers a shipment sent by the logistics integration (`POST /cargolink/v1/shipments`), with
 * status `created`. An Idempotency-Key retry returns the first answer.
 * @throws AppError('invalid-state') 409 when the organization already has this reference
 */
export async function ingestShipment(ctx: Pick<Context, 'prisma'>, input: IngestShipmentInput) {
  const body = {
    reference: input.reference,
    origin: input.origin,
    destination: input.destination,
    carrier: input.carrier ?? null,
    hsCode: input.hsCode ?? null,
  };
  const fingerprint = requestFingerprint('cargolink.shipment', input.caller, body);
  try {
    return await withIdempotency<ShipmentDto>(
      ctx.prisma,
      { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
      async (tx) => {
        const existing = await tx.shipment.findUnique({
          where: { organizationId_reference: { organizationId: input.organizationId, reference: input.reference } },
          select: { id: true },
        });
        if (existing) throw duplicate(input.reference);
        const row = await tx.shipment.create({ data: { organizationId: input.organizationId, ...body, status: 'created' } });
        return { statusCode: 201, body: toShipmentDto(row) };
      },
    );
  } catch (err) {
    // Two concurrent requests with one reference: the unique index decides, the loser gets 409.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      const existing = await ctx.prisma.shipment.findUnique({
        where: { organizationId_reference: { organizationId: input.organizationId, reference: input.reference } },
        select: { id: true },
      });
      if (existing) throw duplicate(input.reference);
    }
    throw err;
  }
}
