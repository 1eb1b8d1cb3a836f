import { createDatabaseClients } from '@gw/db';
import type { Config } from '../config/env.js';
import type { Context } from './context.js';
import { createChains } from '../chain/chains.js';
import { SecretBox } from '../crypto/secret-box.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { createQueues, type QueueDef } from '../queues/queues.js';
import { createRedis, describeRedisTarget, reportRedisOutages } from '../redis/redis.js';

/** Options of {@link createContext}. */
export interface CreateContextOptions {
  app: string;
  logger?: Logger;
  /**
   * The queues to open at once: the process's catalogue (`queueCatalogue` of `@gw/core/queues`,
   * passed where the process is composed); any other opens on first use.
   */
  queues: readonly QueueDef<unknown>[];
  /**
   * `false`: no `secretBox` (a process that decrypts nothing, e.g. the ops console, which by least
   * privilege holds no key). Default `true`: a SecretBox over `config.SECRETS_ENCRYPTION_KEY`.
   */
  secrets?: boolean;
}

/** The clients without the secret box: what {@link createContext} returns with `secrets: false`. */
export type ContextWithoutSecrets = Omit<Context, 'secretBox'>;

/**
 * Opens the clients a process needs: PostgreSQL (Prisma, and raw SQL for the hot paths, sharing
 * one `pg` pool of DATABASE_POOL_MAX connections, opened on first use; no named statements when
 * DATABASE_POOLER is `transaction`),
 * Redis (one connection shared by the queues; workers open their own blocking ones), the
 * queues and, unless `opts.secrets` is false, the secret box. Close with {@link closeContext}.
 */
export function createContext(config: Config, opts: CreateContextOptions & { secrets: false }): ContextWithoutSecrets;
export function createContext(config: Config, opts: CreateContextOptions): Context;
export function createContext(config: Config, opts: CreateContextOptions): Context | ContextWithoutSecrets {
  const logger = opts.logger ?? createLogger(config.LOG_LEVEL, { app: opts.app });
  const { prisma, sql } = createDatabaseClients(config.DATABASE_URL, {
    poolMax: config.DATABASE_POOL_MAX,
    pooler: config.DATABASE_POOLER,
  });
  const redis = createRedis(config, { name: `${opts.app}-queues` });
  // One line when Redis goes, one when it is back (not one per reconnection attempt).
  reportRedisOutages(redis, logger, describeRedisTarget(config));
  // The delivery queue's shards (queues defined with shardTag `deliveries`).
  const queues = createQueues(redis, config.QUEUE_PREFIX, opts.queues, { shards: { deliveries: config.DELIVERY_QUEUE_SHARDS } });
  const chains = createChains(config);
  if (opts.secrets === false) return { config, logger, prisma, sql, redis, queues, chains };
  return { config, logger, prisma, sql, redis, queues, chains, secretBox: new SecretBox(config.SECRETS_ENCRYPTION_KEY) };
}

/** Closes what {@link createContext} opened: queues, then Redis, then PostgreSQL. */
export async function closeContext(ctx: ContextWithoutSecrets): Promise<void> {
  await ctx.queues.close();
  await ctx.redis.quit().catch(() => ctx.redis.disconnect());
  await ctx.prisma.$disconnect();
  await ctx.sql.close();
}
