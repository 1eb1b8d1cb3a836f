import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** Local Redis used by the tests: database 14, isolated by a per-run key prefix. */
export const REDIS_URL = process.env.WEBHOOK_RECEIVER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

export function uniquePrefix(label: string): string {
  return `test:webhook-receiver:${label}:${process.pid}:${randomUUID()}:`;
}

export function connect(): Redis {
  return new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
}

/** Deletes every key under `prefix` (SCAN, not KEYS). Returns how many were deleted. */
export async function deleteByPrefix(client: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await client.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

export async function countByPrefix(client: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let count = 0;
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    count += keys.length;
  } while (cursor !== '0');
  return count;
}
