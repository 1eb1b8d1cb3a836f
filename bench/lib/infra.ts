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

/**
 * The environment every bench process of a run shares (API, worker, the bench's own context): the
 * bench database directly (no pooler), the bench Redis, the prefix `bench` and a fresh secrets key.
 * A run behind the pooler overrides DATABASE_URL and DATABASE_POOLER.
 */
export function benchServiceEnv(db: Pick<BenchDatabase, 'url'>, redisUrl: string) {
  return {
    DATABASE_URL: db.url,
    DATABASE_POOLER: 'none',
    /** The database itself, for the bench's own sampling (never through the pooler). */
    DATABASE_DIRECT_URL: db.url,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: 'bench',
    SECRETS_ENCRYPTION_KEY: `bench:${randomBytes(32).toString('base64')}`,
  };
}

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

/**
 * Claims the bench's Redis database for this run: every section empties it (FLUSHDB) between
 * runs, so two benches on one database (two worktrees, a helper and a person) would silently
 * delete each other's jobs and report nonsense. The claim is a key in database 0,
 * `gw-bench-lock:<redis url>`, 30 s TTL, renewed every 10 s until `release()`.
 * @throws Error naming the holder's pid when another bench holds the database
 */
export async function claimRedisDatabase(redisUrl: string): Promise<{ release(): Promise<void> }> {
  const url = new URL(redisUrl);
  const db0 = `${url.protocol}//${url.host}/0`;
  const redis = new Redis(db0, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  const key = `gw-bench-lock:${redisUrl}`;
  const me = `${process.pid}@${process.cwd()}`;
  if ((await redis.set(key, me, 'EX', 30, 'NX')) !== 'OK') {
    const holder = await redis.get(key);
    redis.disconnect();
    throw new Error(`another bench (${holder}) is using ${redisUrl}; wait for it, or give this one its own database with BENCH_REDIS_URL`);
  }
  const renew = setInterval(() => void redis.expire(key, 30).catch(() => undefined), 10_000);
  renew.unref();
  return {
    release: async () => {
      clearInterval(renew);
      if ((await redis.get(key)) === me) await redis.del(key);
      redis.disconnect();
    },
  };
}
