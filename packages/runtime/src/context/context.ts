import type { PrismaClient, RawSqlPool } from '@gw/db';
import type { RedisConnection } from '../redis/redis.js';
import type { Config } from '../config/env.js';
import type { Chains } from '../chain/chains.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Logger } from '../logging/logger.js';
import type { Queues } from '../queues/queues.js';

/**
 * The side effects a service may use, built once per process (see `createContext`) and passed
 * explicitly: no module-level singletons, so tests run several isolated stacks in one process.
 */
export interface Context {
  config: Config;
  logger: Logger;
  prisma: PrismaClient;
  /**
   * Raw SQL for the hot paths: tagged-template SQL, prepared per call site, without
   * Prisma's per-query overhead, on the same `pg` pool as `prisma` (DATABASE_POOL_MAX connections).
   */
  sql: RawSqlPool;
  redis: RedisConnection;
  queues: Queues;
  secretBox: SecretBox;
  /** The EVM chains of CHAIN_RPC_URLS; empty when none is configured. */
  chains: Chains;
}
