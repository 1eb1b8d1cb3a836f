/**
 * The bench's own PostgreSQL database and Redis database: created fresh at start, dropped
 * (PostgreSQL) and flushed (Redis) at the end, so a run never touches anyone else's data.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { migrateDatabase } from '@gw/db';

export interface BenchDatabase {
  /** `postgresql://.../gw_bench_<random>` */
  url: string;
  name: string;
  /** Terminates the database's connections and drops it. */
  drop(): Promise<void>;
}

/**
 * Creates `gw_bench_<timestamp>_<random>` on the server of `serverUrl` and applies the
 * migrations (`migrateDatabase` creates the database when it is missing).
 */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `gw_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrateDatabase(url.toString());
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Empties the bench's Redis database (the `/N` index of `redisUrl`; never use one shared with others). */
export async function flushRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}
