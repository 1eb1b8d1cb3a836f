import { createHash } from 'node:crypto';
import { Prisma, withTransaction, type RawSql, type Tx } from '@gw/db';
import { AppError, type Context } from '@gw/runtime';
import { deleteExpiredIdempotencyRecords, findIdempotencyRecord, storeIdempotencyRecord } from './repository.js';
import { idempotencyProblem } from './problems.js';

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
}

/**
 * Hash of everything that makes two requests "the same" for an idempotency key:
 * the operation, the caller and the canonical body.
 */
export function requestFingerprint(operation: string, caller: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operation, caller, body ?? null]))
    .digest('hex');
}

const MAX_KEY_LENGTH = 255;
const HOUR_MS = 3_600_000;

/** Thrown inside the transaction when another request stored a live record of the key first. */
class KeyTaken extends Error {}

/**
 * Runs a write once per (organization, Idempotency-Key), following
 * draft-ietf-httpapi-idempotency-key-header. The first execution's response is stored in the same
 * transaction as the write; a later request with the same key and the same fingerprint gets that
 * response back (`replayed: true`), with a different fingerprint 422. Without a key, `run` simply
 * executes in a transaction.
 *
 * Keys expire `IDEMPOTENCY_KEY_TTL_HOURS` (config) after the first request: an older record is
 * ignored, the request runs as a new one, and its answer replaces the record in the write's
 * transaction. Of concurrent requests with one new or expired key, one runs the write; the
 * others wait for its commit on the key's row, roll their own write back and replay its answer
 * (see `storeIdempotencyRecord`).
 *
 * @param ctx `prisma`, and `config.IDEMPOTENCY_KEY_TTL_HOURS` (hours)
 * @throws AppError('idempotency-key-reused') same live key, different request (422, draft §2.7)
 * @throws AppError('validation-error') key empty or longer than 255 characters (400)
 */
export async function withIdempotency<T>(
  ctx: Pick<Context, 'prisma' | 'config'>,
  scope: { organizationId: string; key: string | undefined; fingerprint: string },
  run: (tx: Tx) => Promise<IdempotentResult<T>>,
): Promise<IdempotentResult<T> & { replayed: boolean }> {
  const { organizationId, key, fingerprint } = scope;
  if (key !== undefined && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw new AppError('validation-error', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  // One cut-off for the whole call: a record stored before it has expired.
  const notBefore = new Date(Date.now() - ctx.config.IDEMPOTENCY_KEY_TTL_HOURS * HOUR_MS);
  const replay = async () => {
    const record = await findIdempotencyRecord(ctx.prisma, organizationId, key!, notBefore);
    if (!record) return undefined;
    if (record.requestHash !== fingerprint) {
      throw idempotencyProblem('idempotency-key-reused', 'This Idempotency-Key was used with a different request');
    }
    return { statusCode: record.statusCode, body: record.responseBody as T, replayed: true };
  };
  if (key !== undefined) {
    const previous = await replay();
    if (previous) return previous;
  }
  try {
    const result = await withTransaction(ctx.prisma, async (tx) => {
      const out = await run(tx);
      if (key !== undefined) {
        const stored = await storeIdempotencyRecord(
          tx,
          { organizationId, key, requestHash: fingerprint, statusCode: out.statusCode, responseBody: out.body as Prisma.InputJsonValue },
          notBefore,
        );
        if (!stored) throw new KeyTaken();
      }
      return out;
    });
    return { ...result, replayed: false };
  } catch (err) {
    // A concurrent request with the same key committed first (the write above is rolled back):
    // answer with its response. `run` itself may also have collided with that request's write.
    const collided = err instanceof KeyTaken || (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002');
    if (key !== undefined && collided) {
      const previous = await replay();
      if (previous) return previous;
    }
    if (err instanceof KeyTaken) throw new AppError('unavailable', 'A concurrent request with this Idempotency-Key did not finish; retry');
    throw err;
  }
}

/**
 * One batch of the retention job's `idempotency_records` rule: deletes up to `limit`
 * records older than IDEMPOTENCY_KEY_TTL_HOURS before `now` (a key past its TTL may be reused),
 * skipping rows locked by a request in progress.
 * @param now the run's instant (cut-offs are computed from it)
 * @returns how many rows were deleted (fewer than `limit`: nothing left)
 */
export function pruneExpiredIdempotencyRecords(
  ctx: { sql: RawSql; config: Pick<Context['config'], 'IDEMPOTENCY_KEY_TTL_HOURS'> },
  now: Date,
  limit: number,
): Promise<number> {
  return deleteExpiredIdempotencyRecords(ctx.sql, new Date(now.getTime() - ctx.config.IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000), limit);
}
