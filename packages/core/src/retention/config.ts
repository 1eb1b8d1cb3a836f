import { z } from 'zod';
import { ConfigError, defineEnvSlice, envVar } from '@gw/runtime';

const { int } = envVar;

/**
 * The variables of `retention`: the pruning job and how long deliveries are kept. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const retentionEnv = z.object({
  /**
   * How often (ms) the retention job prunes expired idempotency records, spent login nonces, old
   * deliveries and their attempts, and events left without deliveries: one job per interval across
   * every worker replica (a BullMQ job scheduler). 0 turns the job off (and removes its schedule).
   */
  RETENTION_INTERVAL_MS: int(0, 7 * 24 * 3_600_000)
    .refine((v) => v === 0 || v >= 1000, 'must be 0 (off) or at least 1000')
    .default(3_600_000),
  /** Rows the retention job deletes per statement; each batch is one short transaction, so a table is never locked for long. */
  RETENTION_BATCH_SIZE: int(1, 100000).default(1000),
  /** Longest time (ms) one retention run keeps deleting; what is left waits for the next run. */
  RETENTION_RUN_BUDGET_MS: int(100, 3_600_000).default(60000),
  /** `delivered` deliveries (with their attempts) are deleted this many days after they were delivered. */
  DELIVERY_RETENTION_DAYS: int(1, 36500).default(30),
  /**
   * `dead` deliveries (with their attempts) are deleted this many days after they died; until then
   * they can be resent or recovered. At least DELIVERY_RETENTION_DAYS. Pending ones are never deleted.
   */
  DEAD_DELIVERY_RETENTION_DAYS: int(1, 36500).default(90),
});

/** What `retention` adds to `Config` (`ctx.config`). */
export type RetentionConfig = z.infer<typeof retentionEnv>;

declare module '@gw/runtime' {
  interface Config extends RetentionConfig {}
}

/** The slice of the environment `retention` declares; `@gw/core/config` composes it. */
export const retentionEnvSlice = defineEnvSlice({
  owner: 'retention',
  schema: retentionEnv,
  source: { url: import.meta.url, variable: 'retentionEnv' },
  check(config) {
    if (config.DEAD_DELIVERY_RETENTION_DAYS < config.DELIVERY_RETENTION_DAYS) {
      throw new ConfigError(['DEAD_DELIVERY_RETENTION_DAYS'], ['DEAD_DELIVERY_RETENTION_DAYS must be >= DELIVERY_RETENTION_DAYS']);
    }
  },
});
