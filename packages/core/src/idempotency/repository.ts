import type { IdempotencyRecord, Prisma, PrismaClient, Tx } from '@gw/db';

/** The stored first answer of an (organization, Idempotency-Key), or null. */
export async function findIdempotencyRecord(
  db: Pick<PrismaClient | Tx, 'idempotencyRecord'>,
  organizationId: string,
  key: string,
): Promise<IdempotencyRecord | null> {
  return db.idempotencyRecord.findUnique({ where: { organizationId_key: { organizationId, key } } });
}

/**
 * Stores the first answer of a key, in the transaction of the write it answers.
 * @throws Prisma P2002 when a concurrent request stored the same key first
 */
export async function insertIdempotencyRecord(
  tx: Tx,
  record: { organizationId: string; key: string; requestHash: string; statusCode: number; responseBody: Prisma.InputJsonValue },
): Promise<void> {
  await tx.idempotencyRecord.create({ data: record });
}
