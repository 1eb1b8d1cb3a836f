import {
  type Certificate,
  type Checkpoint,
  type CustomsClearance,
  type Db,
  type KeysetPage,
  type Shipment,
  type Tariff,
  type Tx,
  keysetArgs,
} from '@gw/db';
import type { Context } from '@gw/runtime';
import type { CheckpointStatus, ShipmentStatus } from './schemas.js';

/**
 * Every statement on the logistics tables: `shipments`, `checkpoints`, `certificates`, `tariffs`
 * and `customs_clearances`. Functions that run both inside and outside a transaction take `db`:
 * the process's Prisma client or a transaction client. Lists take a `KeysetPage` and fetch one
 * row more than the page to know whether another page follows (`keysetArgs` of `@gw/db`).
 */

// --- shipments -------------------------------------------------------------------------------------

/** The organization's shipment `id` (a valid UUID), or null. */
export const findShipmentRow = (db: Tx, organizationId: string, id: string): Promise<Shipment | null> =>
  db.shipment.findFirst({ where: { id, organizationId } });

/** The id of the organization's shipment with this reference, or null. */
export const findShipmentIdByReference = (db: Tx, organizationId: string, reference: string): Promise<{ id: string } | null> =>
  db.shipment.findUnique({ where: { organizationId_reference: { organizationId, reference } }, select: { id: true } });

/** A page of the organization's shipments, newest first, optionally of one status. */
export const listShipmentRows = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { status?: ShipmentStatus | undefined },
  page: KeysetPage,
): Promise<Shipment[]> => ctx.prisma.shipment.findMany(keysetArgs({ organizationId, ...(q.status ? { status: q.status } : {}) }, page));

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

/** A page of a shipment's checkpoints in the order they happened (`recordedAt`, then id, oldest first). */
export const listCheckpointRows = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  shipmentId: string,
  page: KeysetPage<Checkpoint>,
): Promise<Checkpoint[]> => ctx.prisma.checkpoint.findMany(keysetArgs({ shipmentId, organizationId }, page, 'asc', 'recordedAt'));

/** A checkpoint to insert with {@link insertCheckpoint} or {@link insertCheckpoints}. */
export interface NewCheckpoint {
  organizationId: string;
  shipmentId: string;
  location: string;
  status: CheckpointStatus;
  note: string | null;
  recordedAt: Date;
}

/** Inserts one checkpoint (in the transaction of its ingestion) and returns it. */
export const insertCheckpoint = (tx: Tx, data: NewCheckpoint): Promise<Checkpoint> => tx.checkpoint.create({ data });

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

/** A page of the organization's certificates, newest first, optionally of one shipment. */
export const listCertificateRows = (
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  q: { shipmentId?: string | undefined },
  page: KeysetPage,
): Promise<Certificate[]> =>
  ctx.prisma.certificate.findMany(keysetArgs({ organizationId, ...(q.shipmentId ? { shipmentId: q.shipmentId } : {}) }, page));

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

/** A certificate to insert with {@link insertCertificate} or {@link insertCertificates}. */
export interface NewCertificate {
  organizationId: string;
  shipmentId: string | null;
  kind: string;
  issuer: string;
  number: string;
  issuedAt: Date;
  expiresAt: Date | null;
}

/** Inserts one certificate (in the transaction of its ingestion) and returns it. */
export const insertCertificate = (tx: Tx, data: NewCertificate): Promise<Certificate> => tx.certificate.create({ data });

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
 * A page of tariff lines, newest first: of an HS code along the hierarchy (lines starting with
 * `hsCode`, or exactly one of the `broader` codes), of a lane.
 */
export const findTariffRows = (
  ctx: Pick<Context, 'prisma'>,
  q: {
    hsCode?: string | undefined;
    broader: string[];
    origin?: string | undefined;
    destination?: string | undefined;
  },
  page: KeysetPage,
): Promise<Tariff[]> =>
  ctx.prisma.tariff.findMany(
    keysetArgs(
      {
        ...(q.hsCode ? { OR: [{ hsCode: { startsWith: q.hsCode } }, { hsCode: { in: q.broader } }] } : {}),
        ...(q.origin ? { origin: q.origin } : {}),
        ...(q.destination ? { destination: q.destination } : {}),
      },
      page,
    ),
  );

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
