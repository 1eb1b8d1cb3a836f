import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { AppError, type ChainEndpoint, type Chains, type Config, type Context } from '@gw/runtime';
import { chainProblem } from './problems.js';

/**
 * viem clients of the configured chains, built on first use and kept in the context's
 * `chains.memo`. Reads go through one HTTP transport per chain with JSON-RPC batching (calls made in
 * the same tick travel in one request) and CHAIN_RPC_TIMEOUT_MS per request, without retries: a slow
 * or dead node answers 503 `chain-unavailable` within a bounded time ({@link chainCall}).
 */

type ClientConfig = Pick<Config, 'CHAIN_RPC_TIMEOUT_MS'>;

/** The chain of `chainId`, or AppError('chain-unavailable') when it is not configured. */
export function chainOf(chains: Chains, chainId: number): ChainEndpoint {
  const chain = chains.get(chainId);
  if (!chain) throw chainProblem('chain-unavailable', `Chain eip155:${chainId} is not configured (CHAIN_RPC_URLS)`);
  return chain;
}

/** The home chain, or AppError('chain-unavailable') when no chain is configured. */
export function homeChainOf(chains: Chains): ChainEndpoint {
  if (!chains.home) throw chainProblem('chain-unavailable', 'No chain is configured (CHAIN_RPC_URLS)');
  return chains.home;
}

const viemChain = (c: ChainEndpoint): Chain =>
  defineChain({
    id: c.chainId,
    name: c.caip2,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  });

function memo<T>(chains: Chains, key: string, make: () => T): T {
  let v = chains.memo.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    chains.memo.set(key, v);
  }
  return v;
}

const transportOf = (ctx: { chains: Chains; config: ClientConfig }, c: ChainEndpoint): Transport =>
  memo(ctx.chains, `transport:${c.chainId}`, () =>
    http(c.rpcUrl, { batch: { wait: 0, batchSize: 100 }, timeout: ctx.config.CHAIN_RPC_TIMEOUT_MS, retryCount: 0 }),
  );

/**
 * The public client of a chain. `cacheTime: 0`: the block number is read afresh each time
 * (confirmations are counted from it).
 */
export function publicClientOf(ctx: Pick<Context, 'chains' | 'config'>, c: ChainEndpoint): PublicClient {
  return memo(
    ctx.chains,
    `public:${c.chainId}`,
    () => createPublicClient({ chain: viemChain(c), transport: transportOf(ctx, c), cacheTime: 0 }) as PublicClient,
  );
}

/** A wallet client of `account` on a chain (not memoized: cheap, and accounts differ). */
export function walletClientOf(ctx: Pick<Context, 'chains' | 'config'>, c: ChainEndpoint, account: Account): WalletClient {
  return createWalletClient({ account, chain: viemChain(c), transport: transportOf(ctx, c) });
}

const TRANSPORT_ERRORS = ['TimeoutError', 'HttpRequestError', 'WebSocketRequestError', 'SocketClosedError', 'UnknownRpcError'];

/**
 * True when `err` or one of its causes is what viem raises for a slow, unreachable or garbled node
 * (viem wraps it, e.g. in a ContractFunctionExecutionError).
 */
export function isTransportError(err: unknown): boolean {
  for (let e = err as { name?: string; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++) {
    if (TRANSPORT_ERRORS.includes(e.name ?? '')) return true;
  }
  return false;
}

/**
 * Runs one read or write against a chain; a timeout or an unreachable node becomes
 * AppError('chain-unavailable', 503) naming the chain (never the URL: it may hold a provider key).
 * Other errors (a revert, a bad argument) pass through unchanged.
 */
export async function chainCall<T>(c: ChainEndpoint, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError || !isTransportError(err)) throw err;
    throw chainProblem('chain-unavailable', `The node of chain ${c.caip2} did not answer in time or is unreachable`);
  }
}
