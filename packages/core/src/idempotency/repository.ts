import type { IdempotencyRecord, Prisma, PrismaClient, RawSql, Tx } from '@gw/db';

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

/**
 * One batch of the retention job: deletes up to `limit` of the records stored before `before`
 * (expired keys, which {@link findIdempotencyRecord} already ignores), oldest first, by the
 * `created_at` index. A record has no in-progress state (it is written in the transaction of the
 * write it answers, so it exists only once that write committed); rows locked by a concurrent
 * replacement of an expired key are skipped (`FOR UPDATE SKIP LOCKED`), so the batch never waits.
 * @param before the cut-off: now − IDEMPOTENCY_KEY_TTL_HOURS
 * @param limit rows per statement (the batch size)
 * @returns how many were deleted (fewer than `limit`: nothing older is left unlocked)
 */
export async function deleteExpiredIdempotencyRecords(sql: RawSql, before: Date, limit: number): Promise<number> {
  return sql.$executeRaw`
    WITH victims AS (
      SELECT organization_id, key FROM idempotency_records
      WHERE created_at < ${before}::timestamptz
      ORDER BY created_at LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    )
    DELETE FROM idempotency_records r USING victims v
    WHERE r.organization_id = v.organization_id AND r.key = v.key`;
}
