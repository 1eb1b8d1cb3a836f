import { z } from 'zod';
import { defineEnvSlice, envVar } from '@gw/runtime';

const { int } = envVar;

/**
 * The variables of `custody`: the deposit scan and the proof of reserves. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const custodyEnv = z.object({
  /**
   * How often (ms) the deposit scan runs: one job per interval across every worker
   * replica (a BullMQ job scheduler) reads the home chain's token `Transfer` logs to the custody
   * address with `eth_getLogs` from the cursor kept in PostgreSQL, and credits the deposits that
   * have CHAIN_CONFIRMATIONS; the same pass indexes the Governor's events, and the
   * governance keeper (queue, execute) runs as often. 0: off (no deposit is credited by the worker).
   */
  CHAIN_POLL_INTERVAL_MS: int(0, 3_600_000)
    .refine((v) => v === 0 || v >= 100, 'must be 0 (off) or at least 100')
    .default(1000),
  /** Most blocks (a count) one `eth_getLogs` call of the deposit scan covers; providers often cap it (1,000 to 10,000). */
  CHAIN_LOG_BLOCK_RANGE: int(1, 100_000).default(1000),
  /**
   * How often (ms) the proof of reserves runs: the custodial supply of the native
   * token in the ledger against the custody address's on-chain balance, exported as the
   * `gw_custody_reserves_*` gauges of the worker. 0: off (`admin reserves:check` still works).
   */
  CHAIN_RESERVES_CHECK_MS: int(0, 86_400_000)
    .refine((v) => v === 0 || v >= 1000, 'must be 0 (off) or at least 1000')
    .default(60_000),
});

/** What `custody` adds to `Config` (`ctx.config`). */
export type CustodyConfig = z.infer<typeof custodyEnv>;

declare module '@gw/runtime' {
  interface Config extends CustodyConfig {}
}

/** The slice of the environment `custody` declares; `@gw/core/config` composes it. */
export const custodyEnvSlice = defineEnvSlice({
  owner: 'custody',
  schema: custodyEnv,
  source: { url: import.meta.url, variable: 'custodyEnv' },
});
