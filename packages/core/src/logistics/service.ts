import { Prisma, type Shipment, type Tx } from '@gw/db';
import {
  type Context,
  AppError,
  cursorId,
  cursorRow,
  fetchPage,
  assertUuidOrNotFound,
  isUuid,
  toPage,
  type Page,
  type PageQuery,
} from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import {
  toCertificateDto,
  toCheckpointDto,
  toClearanceDto,
  toShipmentDto,
  toTariffDto,
  type CertificateDto,
  type CheckpointDto,
  type CheckpointStatus,
  type ClearanceDto,
  type ShipmentDto,
  type ShipmentStatus,
  type TariffDto,
} from './schemas.js';
import * as repo from './repository.js';

// --- supply reads ----------------------------------------------------------------------------------

/**
 * The organization's shipment `id`. Another organization's shipment is indistinguishable from
 * an unknown one.
 * @param db the Prisma client, or the transaction client of a write
 * @throws AppError('not-found')
 */
export async function findShipment(db: Tx, organizationId: string, id: string): Promise<Shipment> {
  const shipment = isUuid(id) ? await repo.findShipmentRow(db, organizationId, id) : null;
  if (!shipment) throw new AppError('not-found', 'No such shipment');
  return shipment;
}

/**
 * The organization's shipments, newest first (`GET /v1/supply/shipments`).
 * @throws AppError('validation-error') for a foreign cursor
 */
export async function listShipments(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: PageQuery & { status?: ShipmentStatus | undefined },
): Promise<Page<ShipmentDto>> {
  return fetchPage(q, (page) => repo.listShipmentRows(ctx, organizationId, { status: q.status }, page), toShipmentDto);
}

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
  const shipment = await findShipment(ctx.prisma, organizationId, q.shipmentId);
  const after = await cursorRow(cursorId(q.cursor), (id) => repo.findCheckpointRow(ctx, organizationId, shipment.id, id));
  const rows = await repo.listCheckpointRows(ctx, organizationId, shipment.id, { after, limit: q.limit });
  return toPage(rows, q.limit, toCheckpointDto);
}

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
  if (q.shipmentId !== undefined) await findShipment(ctx.prisma, organizationId, q.shipmentId);
  const rows = await repo.listCertificateRows(
    ctx,
    organizationId,
    { shipmentId: q.shipmentId },
    { after: cursorId(q.cursor), limit: q.limit },
  );
  const now = Date.now();
  return toPage(rows, q.limit, (c) => toCertificateDto(c, now));
}

export interface TariffQuery extends PageQuery {
  /** 4..10 digits. */
  hsCode?: string | undefined;
  /** Upper-case ISO 3166-1 alpha-2. */
  origin?: string | undefined;
  destination?: string | undefined;
}

/**
 * Tariff lines matching every filter given (`GET /v1/supply/tariffs`), newest first.
 * `hsCode` matches along the HS hierarchy in both directions: lines under the code
 * (`8471` → `847130`, `8471300000`) and the broader lines the code falls under
 * (`8471300000` → `847130`, `8471`), i.e. every line that applies to goods of that code.
 */
export async function findTariffs(ctx: Pick<Context, 'prisma'>, q: TariffQuery): Promise<Page<TariffDto>> {
  const broader: string[] = [];
  if (q.hsCode) for (let n = 4; n < q.hsCode.length; n++) broader.push(q.hsCode.slice(0, n));
  const filter = { hsCode: q.hsCode, broader, origin: q.origin, destination: q.destination };
  return fetchPage(q, (page) => repo.findTariffRows(ctx, filter, page), toTariffDto);
}

// --- customs ---------------------------------------------------------------------------------------

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
export async function requestClearance(ctx: Pick<Context, 'prisma' | 'config'>, input: RequestClearanceInput) {
  const fingerprint = requestFingerprint('customs.clear', input.agent, {
    shipmentId: input.shipmentId,
    declaredValue: input.declaredValue.toString(),
    hsCode: input.hsCode,
  });
  return withIdempotency<ClearanceDto>(
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const shipment = await findShipment(tx, input.organizationId, input.shipmentId);
      const row = await repo.insertClearance(tx, {
        organizationId: input.organizationId,
        shipmentId: shipment.id,
        agentAddress: input.agent,
        declaredValue: input.declaredValue.toString(),
        hsCode: input.hsCode,
        status: 'submitted',
      });
      return { statusCode: 202, body: toClearanceDto(row) };
    },
  );
}

// --- cargolink ingestion ---------------------------------------------------------------------------

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
export async function ingestShipment(ctx: Pick<Context, 'prisma' | 'config'>, input: IngestShipmentInput) {
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
      ctx,
      { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
      async (tx) => {
        if (await repo.findShipmentIdByReference(tx, input.organizationId, input.reference)) throw duplicate(input.reference);
        const row = await repo.insertShipment(tx, { organizationId: input.organizationId, ...body, status: 'created' });
        return { statusCode: 201, body: toShipmentDto(row) };
      },
    );
  } catch (err) {
    // Two concurrent requests with one reference: the unique index decides, the loser gets 409.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      if (await repo.findShipmentIdByReference(ctx.prisma, input.organizationId, input.reference)) throw duplicate(input.reference);
    }
    throw err;
  }
}

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
export async function ingestCheckpoint(ctx: Pick<Context, 'prisma' | 'config'>, input: IngestCheckpointInput) {
  const recordedAt = input.recordedAt ?? new Date();
  const fingerprint = requestFingerprint('cargolink.checkpoint', input.caller, {
    shipmentId: input.shipmentId,
    location: input.location,
    status: input.status,
    note: input.note ?? null,
    // Without recordedAt the server's clock is used: the same body is the same request.
    recordedAt: input.recordedAt?.toISOString() ?? null,
  });
  assertUuidOrNotFound(input.shipmentId, 'No such shipment');
  return withIdempotency<CheckpointDto>(
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      if (!(await repo.lockShipment(tx, input.organizationId, input.shipmentId))) throw new AppError('not-found', 'No such shipment');
      const row = await repo.insertCheckpoint(tx, {
        organizationId: input.organizationId,
        shipmentId: input.shipmentId,
        location: input.location,
        status: input.status,
        note: input.note ?? null,
        recordedAt,
      });
      await repo.setShipmentStatus(tx, input.shipmentId, await repo.latestCheckpointStatus(tx, input.shipmentId));
      return { statusCode: 201, body: toCheckpointDto(row) };
    },
  );
}

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
export async function ingestCertificate(ctx: Pick<Context, 'prisma' | 'config'>, input: IngestCertificateInput) {
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
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      if (data.shipmentId !== null) await findShipment(tx, input.organizationId, data.shipmentId);
      await repo.lockCertificateIdentity(tx, input.organizationId, input.issuer, input.number);
      const existing = await repo.findCertificateId(tx, input.organizationId, input.issuer, input.number);
      if (existing) {
        throw new AppError('invalid-state', `Certificate ${input.number} of ${input.issuer} already exists`, {
          certificateId: existing.id,
        });
      }
      const row = await repo.insertCertificate(tx, { organizationId: input.organizationId, ...data });
      return { statusCode: 201, body: toCertificateDto(row) };
    },
  );
}
