import { type Context, AppError, isUuid } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { toCheckpointDto, type CheckpointDto } from './list-checkpoints.js';
import type { CheckpointStatus } from './shipment-status.js';

export interface IngestCheckpointInput {
  organizationId: string;
  caller: string;
  shipmentId: string;
  location: string;
  status: CheckpointStatus;
  note?: string | undefined;
  /** When it happened; default now. */
  recordedAt?: Date | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * Adds a tracking checkpoint to one of the organization's shipments
 * (`POST /cargolink/v1/shipments/:id/checkpoints`) and, in the same transaction, sets the
 * shipment's status to that of its latest checkpoint by `recordedAt` (so a late, older
 * checkpoint fills the history without moving the status back). The shipment row is locked,
 * so concurrent checkpoints of one shipment leave the status of the latest.
 * @throws AppError('not-found') unknown shipment or another organization's
 */
export async function ingestCheckpoint(ctx: Pick<Context, 'prisma'>, input: IngestCheckpointInput) {
  const recordedAt = input.recordedAt ?? new Date();
  const fingerprint = requestFingerprint('cargolink.checkpoint', input.caller, {
    shipmentId: input.shipmentId,
    location: input.location,
    status: input.status,
    note: input.note ?? null,
    // Without recordedAt the server's clock is used: the same body is the same request.
    recordedAt: input.recordedAt?.toISOString() ?? null,
  });
  if (!isUuid(input.shipmentId)) throw new AppError('not-found', 'No such shipment');
  return withIdempotency<CheckpointDto>(
    ctx.prisma,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM shipments WHERE id = ${input.shipmentId}::uuid AND organization_id = ${input.organizationId}::uuid FOR UPDATE`;
      if (locked.length === 0) throw new AppError('not-found', 'No such shipment');
      const row = await tx.checkpoint.create({
        data: {
          organizationId: input.organizationId,
          shipmentId: input.shipmentId,
          location: input.location,
          status: input.status,
          note: input.note ?? null,
          recordedAt,
        },
      });
      const latest = await tx.checkpoint.findFirstOrThrow({
        where: { shipmentId: input.shipmentId },
        orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
        select: { status: true },
      });
      await tx.shipment.update({ where: { id: input.shipmentId }, data: { status: latest.status } });
      return { statusCode: 201, body: toCheckpointDto(row) };
    },
  );
}
