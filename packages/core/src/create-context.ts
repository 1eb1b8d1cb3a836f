import { createPrismaClient, createRawSql } from '@gw/db';
import type { Config } from './config/env.js';
import type { Context } from './context.js';
import { SecretBox } from './crypto/secret-box.js';
import { createLogger, type Logger } from './logging/logger.js';
import { createQueues } from './queues/queues.js';
import { createRedis } from './queues/redis.js';

/**
 * Opens the clients a process needs: PostgreSQL (Prisma over `pg`, pool DATABASE_POOL_MAX, and a
 * plain `pg` pool of the same size for the hot paths, opened on first use),
 * Redis (one connection shared by the queues; workers open their own blocking ones) and the
 * queues. Close with {@link closeContext}.
 */
export function createContext(config: Config, opts: { app: string; logger?: Logger }): Context {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL, { app: opts.app });
  const prisma = createPrismaClient(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX });
  const redis = createRedis(config.REDIS_URL, { name: `${opts.app}-queues` });
  redis.on('error', (err) =>
    logger.warn({ err: { message: err.message, code: (err as NodeJS.ErrnoException).code } }, 'redis connection error'),
  );
  const queues = createQueues(redis, config.QUEUE_PREFIX);
  const sql = createRawSql(config.DATABASE_URL, config.DATABASE_POOL_MAX);
  return { config, logger, prisma, sql, redis, queues, secretBox: new SecretBox(config.SECRETS_ENCRYPTION_KEY) };
}

/** Closes what {@link createContext} opened: queues, then Redis, then PostgreSQL. */
export async function closeContext(ctx: Context): Promise<void> {
  await ctx.queues.close();
  await ctx.redis.quit().catch(() => ctx.redis.disconnect());
  await ctx.prisma.$disconnect();
  await ctx.sql.close();
}
