import type { IdempotencyRecord, Prisma, PrismaClient, Tx } from '@gw/db';

/**
 * The stored first answer of an (organization, Idempotency-Key) that is still live (stored at or
 * after `notBefore`), or null: a record older than the key's time to live counts as absent.
 */
export async function findIdempotencyRecord(
  db: Pick<PrismaClient | Tx, 'idempotencyRecord'>,
  organizationId: string,
  key: string,
  notBefore: Date,
): Promise<IdempotencyRecord | null> {
  const record = await db.idempotencyRecord.findUnique({ where: { organizationId_key: { organizationId, key } } });
  return record && record.createdAt >= notBefore ? record : null;
}

/**
 * Stores the first answer of a key, in the transaction of the write it answers, in one statement:
 * a new key is inserted; an expired one (stored before `notBefore`) has its record replaced, with
 * a fresh `created_at`. A live record is left alone.
 *
 * Concurrency: the statement waits for an uncommitted insert or replacement of the same key by
 * another transaction and then re-reads the committed row (PostgreSQL `ON CONFLICT DO UPDATE …
 * WHERE`), so of two requests racing on one new or expired key exactly one stores its answer.
 * @returns false when a live record of the key exists (another request stored it first: roll
 *   back and replay that one)
 */
export async function storeIdempotencyRecord(
  tx: Tx,
  record: { organizationId: string; key: string; requestHash: string; statusCode: number; responseBody: Prisma.InputJsonValue },
  notBefore: Date,
): Promise<boolean> {
  const stored = await tx.$executeRaw`
    INSERT INTO idempotency_records (organization_id, key, request_hash, status_code, response_body, created_at)
    VALUES (${record.organizationId}::uuid, ${record.key}, ${record.requestHash}, ${record.statusCode},
            ${JSON.stringify(record.responseBody)}::jsonb, now())
    ON CONFLICT (organization_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, status_code = EXCLUDED.status_code,
          response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at
      WHERE idempotency_records.created_at < ${notBefore.toISOString()}::timestamptz`;
  return stored === 1;
}
