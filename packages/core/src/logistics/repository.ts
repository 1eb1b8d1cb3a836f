import type { Certificate, Checkpoint, CustomsClearance, Db, Shipment, Tariff, Tx } from '@gw/db';
import type { Context } from '@gw/runtime';
import type { CheckpointStatus, ShipmentStatus } from './contract.js';

/**
 * Every statement on the logistics tables: `shipments`, `checkpoints`, `certificates`, `tariffs`
 * and `customs_clearances`. Functions that run both inside and outside a transaction take `db`:
 * the process's Prisma client or a transaction client. Lists fetch `take` rows (the service
 * asks for one more than the page to know whether another page follows).
 */

// --- shipments -------------------------------------------------------------------------------------

/** The organization's shipment `id` (a valid UUID), or null. */
export const findShipmentRow = (db: Tx, organizationId: string, id: string): Promise<Shipment | null> =>
  db.shipment.findFirst({ where: { id, organizationId } });

/** The id of the organization's shipment with this reference, or null. */
export const findShipmentIdByReference = (db: Tx, organizationId: string, reference: string): Promise<{ id: string } | null> =>
  db.shipment.findUnique({ where: { organizationId_reference: { organizationId, reference } }, select: { id: true } });

/** The organization's shipments, newest first, optionally of one status, after the id `after`. */
export const listShipmentRows = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { status?: ShipmentStatus | undefined; after: string | undefined; take: number },
): Promise<Shipment[]> =>
  ctx.prisma.shipment.findMany({
    where: { organizationId, ...(q.status ? { status: q.status } : {}), ...(q.after ? { id: { lt: q.after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.take,
  });

export const insertShipment = (
  tx: Tx,
  data: {
    organizationId: string;
    reference: string;
    origin: string;
    destination: string;
    carrier: string | null;
    hsCode: string | null;
    status: ShipmentStatus;
  },
): Promise<Shipment> => tx.shipment.create({ data });

/** How many shipments the organization has. */
export const countShipments = (db: Db<'shipment'>, organizationId: string): Promise<number> =>
  db.shipment.count({ where: { organizationId } });

/**
 * Locks the organization's shipment `id` (`FOR UPDATE`) until the transaction ends.
 * @returns false when the organization has no such shipment
 */
export async function lockShipment(tx: Tx, organizationId: string, id: string): Promise<boolean> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text FROM shipments WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid FOR UPDATE`;
  return locked.length > 0;
}

export const setShipmentStatus = (tx: Tx, id: string, status: ShipmentStatus): Promise<Shipment> =>
  tx.shipment.update({ where: { id }, data: { status } });

// --- checkpoints -----------------------------------------------------------------------------------

/** Checkpoint `id` of the organization's shipment `shipmentId`, or null. */
export const findCheckpointRow = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  shipmentId: string,
  id: string,
): Promise<Checkpoint | null> => ctx.prisma.checkpoint.findFirst({ where: { id, shipmentId, organizationId } });

/** A shipment's checkpoints in the order they happened (`recordedAt`, then id), after the checkpoint `after`. */
export const listCheckpointRows = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  shipmentId: string,
  q: { after: Checkpoint | null; take: number },
): Promise<Checkpoint[]> =>
  ctx.prisma.checkpoint.findMany({
    where: {
      shipmentId,
      organizationId,
      ...(q.after ? { OR: [{ recordedAt: { gt: q.after.recordedAt } }, { recordedAt: q.after.recordedAt, id: { gt: q.after.id } }] } : {}),
    },
    orderBy: [{ recordedAt: 'asc' }, { id: 'asc' }],
    take: q.take,
  });

export const insertCheckpoint = (
  tx: Tx,
  data: {
    organizationId: string;
    shipmentId: string;
    location: string;
    status: CheckpointStatus;
    note: string | null;
    recordedAt: Date;
  },
): Promise<Checkpoint> => tx.checkpoint.create({ data });

/** A checkpoint to insert with {@link insertCheckpoints}. */
export interface NewCheckpoint {
  organizationId: string;
  shipmentId: string;
  location: string;
  status: CheckpointStatus;
  note: string | null;
  recordedAt: Date;
}

/** Inserts checkpoints. @returns how many were inserted */
export async function insertCheckpoints(db: Db<'checkpoint'>, rows: NewCheckpoint[]): Promise<number> {
  const { count } = await db.checkpoint.createMany({ data: rows });
  return count;
}

/** How many checkpoints the organization's shipments have. */
export const countCheckpoints = (db: Db<'checkpoint'>, organizationId: string): Promise<number> =>
  db.checkpoint.count({ where: { organizationId } });

/** The status of the shipment's latest checkpoint (by `recordedAt`, then id). @throws when it has none */
export async function latestCheckpointStatus(tx: Tx, shipmentId: string): Promise<ShipmentStatus> {
  const latest = await tx.checkpoint.findFirstOrThrow({
    where: { shipmentId },
    orderBy: [{ recordedAt: 'desc' }, { id: 'desc' }],
    select: { status: true },
  });
  return latest.status as ShipmentStatus;
}

// --- certificates ----------------------------------------------------------------------------------

/** The organization's certificates, newest first, optionally of one shipment, after the id `after`. */
export const listCertificateRows = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { shipmentId?: string | undefined; after: string | undefined; take: number },
): Promise<Certificate[]> =>
  ctx.prisma.certificate.findMany({
    where: { organizationId, ...(q.shipmentId ? { shipmentId: q.shipmentId } : {}), ...(q.after ? { id: { lt: q.after } } : {}) },
    orderBy: { id: 'desc' },
    take: q.take,
  });

/**
 * Serialises, until the transaction ends, the writers of one certificate identity (organization,
 * issuer, number) with a transaction-scoped advisory lock.
 */
export async function lockCertificateIdentity(tx: Tx, organizationId: string, issuer: string, number: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`certificate:${organizationId}:${issuer}:${number}`}, 0))`;
}

/** The id of the organization's certificate with this issuer and number, or null. */
export const findCertificateId = (tx: Tx, organizationId: string, issuer: string, number: string): Promise<{ id: string } | null> =>
  tx.certificate.findFirst({ where: { organizationId, issuer, number }, select: { id: true } });

export const insertCertificate = (
  tx: Tx,
  data: {
    organizationId: string;
    shipmentId: string | null;
    kind: string;
    issuer: string;
    number: string;
    issuedAt: Date;
    expiresAt: Date | null;
  },
): Promise<Certificate> => tx.certificate.create({ data });

/** A certificate to insert with {@link insertCertificates}. */
export interface NewCertificate {
  organizationId: string;
  shipmentId: string | null;
  kind: string;
  issuer: string;
  number: string;
  issuedAt: Date;
  expiresAt: Date | null;
}

/** Inserts certificates. @returns how many were inserted */
export async function insertCertificates(db: Db<'certificate'>, rows: NewCertificate[]): Promise<number> {
  const { count } = await db.certificate.createMany({ data: rows });
  return count;
}

/** How many certificates the organization has. */
export const countCertificates = (db: Db<'certificate'>, organizationId: string): Promise<number> =>
  db.certificate.count({ where: { organizationId } });

// --- tariffs ---------------------------------------------------------------------------------------

/**
 * Tariff lines, newest first, after the id `after`: of an HS code along the hierarchy (lines
 * starting with `hsCode`, or exactly one of the `broader` codes), of a lane.
 */
export const findTariffRows = (
  ctx: Pick<Context, 'prisma'>,
  q: {
    hsCode?: string | undefined;
    broader: string[];
    origin?: string | undefined;
    destination?: string | undefined;
    after: string | undefined;
    take: number;
  },
): Promise<Tariff[]> =>
  ctx.prisma.tariff.findMany({
    where: {
      ...(q.hsCode ? { OR: [{ hsCode: { startsWith: q.hsCode } }, { hsCode: { in: q.broader } }] } : {}),
      ...(q.origin ? { origin: q.origin } : {}),
      ...(q.destination ? { destination: q.destination } : {}),
      ...(q.after ? { id: { lt: q.after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: q.take,
  });

/** A tariff line to insert with {@link insertMissingTariffs}. */
export interface NewTariff {
  hsCode: string;
  origin: string;
  destination: string;
  dutyBps: number;
  description: string;
}

/** Inserts the tariff lines whose (HS code, origin, destination) is not there yet. @returns how many were inserted */
export async function insertMissingTariffs(db: Db<'tariff'>, rows: NewTariff[]): Promise<number> {
  const { count } = await db.tariff.createMany({ data: rows, skipDuplicates: true });
  return count;
}

/** How many tariff lines there are. */
export const countTariffs = (db: Db<'tariff'>): Promise<number> => db.tariff.count();

// --- customs clearances ----------------------------------------------------------------------------

export const insertClearance = (
  tx: Tx,
  data: { organizationId: string; shipmentId: string; agentAddress: string; declaredValue: string; hsCode: string; status: 'submitted' },
): Promise<CustomsClearance> => tx.customsClearance.create({ data });
