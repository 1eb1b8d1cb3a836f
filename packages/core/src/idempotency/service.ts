import { createHash } from 'node:crypto';
import { Prisma, type PrismaClient, type Tx, withTransaction } from '@gw/db';
import { AppError } from '@gw/runtime';
import { findIdempotencyRecord, insertIdempotencyRecord } from './repository.js';

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  /** Runs after the commit, only for the first execution (e.g. enqueue jobs). */
  afterCommit?: () => Promise<void>;
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

/**
 * Runs a write once per (organization, Idempotency-Key). The first execution's response is
 * stored in the same transaction as the write; a later request with the same key and the same
 * fingerprint gets that response back (`replayed: true`), with a different fingerprint 409.
 * Without a key, `run` simply executes in a transaction.
 *
 * @throws AppError('idempotency-key-reused') same key, different request (409)
 * @throws AppError('validation-error') key longer than 255 characters
 */
export async function withIdempotency<T>(
  prisma: PrismaClient,
  scope: { organizationId: string; key: string | undefined; fingerprint: string },
  run: (tx: Tx) => Promise<IdempotentResult<T>>,
): Promise<IdempotentResult<T> & { replayed: boolean }> {
  const { organizationId, key, fingerprint } = scope;
  if (key !== undefined && (key.length === 0 || key.length > MAX_KEY_LENGTH)) {
    throw new AppError('validation-error', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  const replay = async () => {
    const record = await findIdempotencyRecord(prisma, organizationId, key!);
    if (!record) return undefined;
    if (record.requestHash !== fingerprint) {
      throw new AppError('idempotency-key-reused', 'This Idempotency-Key was used with a different request');
    }
    return { statusCode: record.statusCode, body: record.responseBody as T, replayed: true };
  };
  if (key !== undefined) {
    const previous = await replay();
    if (previous) return previous;
  }
  try {
    const result = await withTransaction(prisma, async (tx) => {
      const out = await run(tx);
      if (key !== undefined) {
        await insertIdempotencyRecord(tx, {
          organizationId,
          key,
          requestHash: fingerprint,
          statusCode: out.statusCode,
          responseBody: out.body as Prisma.InputJsonValue,
        });
      }
      return out;
    });
    return { ...result, replayed: false };
  } catch (err) {
    // A concurrent request with the same key committed first: answer with its response.
    if (key !== undefined && err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      const previous = await replay();
      if (previous) return previous;
    }
    throw err;
  }
}
