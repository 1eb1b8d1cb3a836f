import type { CustomsClearance } from '@gw/db';
import { type Context, AppError, isUuid } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';

/** A customs clearance request filed by a sector agent. */
export interface ClearanceDto {
  id: string;
  shipmentId: string;
  /** `submitted` when filed; customs decides later. */
  status: 'submitted' | 'cleared' | 'held' | 'rejected';
  /** EIP-55 address of the agent's wallet (the JWT's). */
  agent: string;
  /** Declared customs value, integer base units of the native token, as a string. */
  declaredValue: string;
  hsCode: string;
  createdAt: string;
  updatedAt: string;
}

export const toClearanceDto = (c: CustomsClearance): ClearanceDto => ({
  id: c.id,
  shipmentId: c.shipmentId,
  status: c.status as ClearanceDto['status'],
  agent: c.agentAddress,
  declaredValue: c.declaredValue.toFixed(0),
  hsCode: c.hsCode,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export interface RequestClearanceInput {
  organizationId: string;
  /** Checksummed address of the agent (the JWT's wallet, which holds the `agent` role). */
  agent: string;
  shipmentId: string;
  declaredValue: bigint;
  hsCode: string;
  idempotencyKey?: string | undefined;
}

/**
 * Files a clearance request for one of the organization's shipments
 * (`POST /v1/supply/customs/clear`, answered 202: customs processes it later). The caller checks
 * the `customs:write` scope and the `agent` role. With an Idempotency-Key, a retry returns the
 * first request instead of filing a second one.
 * @throws AppError('not-found') unknown shipment or another organization's
 * @throws AppError('idempotency-key-reused') same key, other request
 */
export async function requestClearance(ctx: Pick<Context, 'prisma'>, input: RequestClearanceInput) {
  const fingerprint = requestFingerprint('customs.clear', input.agent, {
    shipmentId: input.shipmentId,
    declaredValue: input.declaredValue.toString(),
    hsCode: input.hsCode,
  });
  return withIdempotency<ClearanceDto>(
    ctx.prisma,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const shipment = isUuid(input.shipmentId)
        ? await tx.shipment.findFirst({ where: { id: input.shipmentId, organizationId: input.organizationId }, select: { id: true } })
        : null;
      if (!shipment) throw new AppError('not-found', 'No such shipment');
      const row = await tx.customsClearance.create({
        data: {
          organizationId: input.organizationId,
          shipmentId: shipment.id,
          agentAddress: input.agent,
          declaredValue: input.declaredValue.toString(),
          hsCode: input.hsCode,
          status: 'submitted',
        },
      });
      return { statusCode: 202, body: toClearanceDto(row) };
    },
  );
}
