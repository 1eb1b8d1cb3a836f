import type { Config } from '../config/env.js';

/**
 * The EVM chains this process talks to, from CHAIN_RPC_URLS: plain data, no client.
 * The `chain` module of `@gw/core` builds its viem clients on first use and keeps them in
 * {@link Chains.memo}, so this package never loads viem and each context has clients of its own.
 */
export interface ChainEndpoint {
  /** EIP-155 chain id. */
  chainId: number;
  /** CAIP-2 id, `eip155:<chainId>`. */
  caip2: string;
  /** JSON-RPC URL (a secret may be in it, e.g. a provider's key: never logged). */
  rpcUrl: string;
  /** Marked local (CHAIN_LOCAL_IDS): deploy at start, faucet, dev deployer key. */
  local: boolean;
  /** The home chain (CHAIN_HOME_ID): token, custody, governance, staking, bridge vault. */
  home: boolean;
  /** Blocks below the head before a log or a receipt counts (CHAIN_CONFIRMATIONS). */
  confirmations: number;
}

export interface Chains {
  /** Every configured chain, the home chain first; empty when CHAIN_RPC_URLS is unset. */
  readonly list: readonly ChainEndpoint[];
  /** The home chain, or undefined when no chain is configured. */
  readonly home: ChainEndpoint | undefined;
  /** The chain of this id, or undefined. */
  get(chainId: number): ChainEndpoint | undefined;
  /** Per-context store of the `chain` module (its clients and read cache); nothing else uses it. */
  readonly memo: Map<string, unknown>;
}

/** Confirmation depth when CHAIN_CONFIRMATIONS does not name the chain: 2 on local chains, 12 elsewhere. */
export const defaultConfirmations = (local: boolean): number => (local ? 2 : 12);

/** Builds {@link Chains} from the configuration (no I/O). */
export function createChains(config: Pick<Config, 'CHAIN_RPC_URLS' | 'CHAIN_HOME_ID' | 'CHAIN_LOCAL_IDS' | 'CHAIN_CONFIRMATIONS'>): Chains {
  const confirmations = config.CHAIN_CONFIRMATIONS ?? {};
  const list = (config.CHAIN_RPC_URLS ?? [])
    .map(({ chainId, url }): ChainEndpoint => {
      const local = config.CHAIN_LOCAL_IDS.includes(chainId);
      return {
        chainId,
        caip2: `eip155:${chainId}`,
        rpcUrl: url,
        local,
        home: chainId === config.CHAIN_HOME_ID,
        confirmations: confirmations[String(chainId)] ?? confirmations['*'] ?? defaultConfirmations(local),
      };
    })
    .sort((a, b) => Number(b.home) - Number(a.home) || a.chainId - b.chainId);
  const byId = new Map(list.map((c) => [c.chainId, c]));
  return { list, home: list.find((c) => c.home), get: (id) => byId.get(id), memo: new Map() };
}
