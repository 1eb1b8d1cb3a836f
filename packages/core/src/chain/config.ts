import { z } from 'zod';
import { ConfigError, defineEnvSlice, envVar } from '@gw/runtime';

const { int, privateKeyHex } = envVar;

/**
 * The variables of `chain`: the on-chain outbox (keys, fee bumps, polling), chain reads and the contracts' deployment. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const chainEnv = z.object({
  /**
   * Votes (the token's base units: 18 decimals) a wallet needs to propose to the Governor, fixed
   * when the home chain's contracts are deployed (`proposalThreshold`). Unset: 0 on a local chain
   * (anyone may propose in a demo), 1,000,000 tokens (0.1 % of the initial supply) elsewhere. 0 is
   * refused unless the home chain is marked local (CHAIN_LOCAL_IDS): anyone could then flood the
   * DAO with proposals.
   */
  CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a whole number of base units')
    .transform((v) => BigInt(v))
    .optional(),
  /**
   * Private key (0x + 64 hex) that deploys the contracts and, on local chains, funds the faucet
   * (it holds the initial supply there). A secret: never logged, never stored. Unset: anvil's first
   * dev account on local chains; required for `admin chain:deploy` elsewhere.
   */
  CHAIN_DEPLOYER_KEY: privateKeyHex.optional(),
  /**
   * Private key (0x + 64 hex) of the relayer, whose address is the custody address: it holds the
   * custodial tokens and pays gas. Unset: generated on first use and kept encrypted (SECRETS_ENCRYPTION_KEY)
   * in the database. A secret: never logged.
   */
  CHAIN_RELAYER_KEY: privateKeyHex.optional(),
  /**
   * A transaction of the outbox not included this many blocks after its broadcast is replaced: the
   * same nonce signed again with fees raised by a quarter.
   */
  CHAIN_FEE_BUMP_BLOCKS: int(1, 10_000).default(5),
  /** How often (ms) the worker looks at an outbox transaction in flight (receipt, confirmations, replacement). */
  CHAIN_TX_POLL_MS: int(50, 600_000).default(1000),
  /** Longest wait (ms) for one JSON-RPC answer; past it a chain read answers 503 `chain-unavailable`. */
  CHAIN_RPC_TIMEOUT_MS: int(100, 120_000).default(3000),
  /** How long (ms) chain reads (token info, balances, the treasury) are cached per process; 0: not cached. */
  CHAIN_READ_CACHE_MS: int(0, 600_000).default(3000),
  /**
   * A deployments file an operator supplies (JSON: `{ "<chainId>": { "<contract>": "0x…" } }`):
   * imported at start for chains that have none recorded, after checking that code is there.
   */
  CHAIN_DEPLOYMENTS_FILE: z.string().min(1).optional(),
});

/** What `chain` adds to `Config` (`ctx.config`). */
export type ChainConfig = z.infer<typeof chainEnv>;

declare module '@gw/runtime' {
  interface Config extends ChainConfig {}
}

/** The slice of the environment `chain` declares; `@gw/core/config` composes it. */
export const chainEnvSlice = defineEnvSlice({
  owner: 'chain',
  schema: chainEnv,
  source: { url: import.meta.url, variable: 'chainEnv' },
  check(config) {
    if (config.CHAIN_GOVERNOR_PROPOSAL_THRESHOLD === 0n && !config.CHAIN_LOCAL_IDS.includes(config.CHAIN_HOME_ID)) {
      throw new ConfigError(
        ['CHAIN_GOVERNOR_PROPOSAL_THRESHOLD'],
        ['CHAIN_GOVERNOR_PROPOSAL_THRESHOLD may be 0 only when the home chain is marked local (CHAIN_LOCAL_IDS)'],
      );
    }
  },
});
