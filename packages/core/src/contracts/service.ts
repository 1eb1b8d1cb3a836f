import { createHash } from 'node:crypto';
import { artifacts } from '@gw/contracts';
import type { Context } from '@gw/runtime';
import { ABI_FILES, type ContractName, custodyAddress, deployments } from '../chain/index.js';
import type { ContractAddresses } from './schemas.js';

// --- contract addresses ---------------------------------------------------------------------------

/**
 * Our deployed contracts per configured chain, from the recorded deployments (read through the
 * chain module's 5-s cache), with the custody address, and with NODE_ENV=development the JSON-RPC
 * URL of a local chain (see {@link localRpcUrl}). A chain without a deployment is left out; no
 * chain configured → no network.
 */
export async function contractAddresses(ctx: Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox'>): Promise<ContractAddresses> {
  const deployed = await deployments(ctx);
  const networks: ContractAddresses['networks'] = {};
  if (deployed.size === 0) return { version: 2, networks };
  const custody = await custodyAddress(ctx);
  for (const chain of ctx.chains.list) {
    const contracts = deployed.get(chain.chainId);
    if (!contracts) continue;
    const rpcUrl = ctx.config.NODE_ENV === 'development' ? localRpcUrl(chain) : undefined;
    networks[chain.caip2] = { chainId: chain.chainId, home: chain.home, local: chain.local, ...(rpcUrl && { rpcUrl }), custody, contracts };
  }
  return { version: 2, networks };
}

/**
 * The RPC URL a developer may be shown: a local chain's (CHAIN_LOCAL_IDS) on a loopback address,
 * without credentials, path or query. Any other URL (a provider's, which may carry its key in the
 * path or the query) is never shown.
 */
function localRpcUrl(chain: { local: boolean; rpcUrl: string }): string | undefined {
  if (!chain.local) return undefined;
  let url: URL;
  try {
    url = new URL(chain.rpcUrl);
  } catch {
    return undefined;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (!loopback || url.username || url.password || url.search || (url.pathname !== '/' && url.pathname !== '')) return undefined;
  return url.origin;
}

// --- ABI catalogue --------------------------------------------------------------------------------

/** One servable ABI file: its exact bytes and a strong ETag over them. */
export interface AbiFile {
  /** File name as served, e.g. `token.json`. */
  name: string;
  body: Buffer;
  /** Strong entity tag (RFC 9110 §8.8.3): the quoted SHA-256 of the bytes, base64url. */
  etag: string;
}

/** Read-only whitelist of the ABI files, keyed by file name. */
export type AbiCatalog = ReadonlyMap<string, AbiFile>;

/** The artifact each ABI file is taken from. */
const ABI_SOURCES: Record<ContractName, { abi: readonly unknown[] }> = {
  token: artifacts.GatewayToken,
  treasury: artifacts.Timelock,
  governor: artifacts.GatewayGovernor,
  staking: artifacts.Staking,
  bridge: artifacts.BridgeVault,
  wrappedToken: artifacts.WrappedToken,
};

let catalog: AbiCatalog | undefined;

/**
 * The ABIs of the compiled contracts (`@gw/contracts`' committed artifacts), one file per contract
 * (`token.json`, `treasury.json`, `governor.json`, `staking.json`, `bridge.json`,
 * `wrapped-token.json`), built once per process from the artifacts (static data, the same in every
 * process of one build). Requests are answered from this map only, so user input never reaches
 * the filesystem.
 */
export function abiCatalog(): AbiCatalog {
  catalog ??= new Map(
    (Object.entries(ABI_FILES) as [ContractName, string][]).map(([name, file]) => {
      const body = Buffer.from(`${JSON.stringify(ABI_SOURCES[name].abi, null, 2)}\n`);
      return [file, { name: file, body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` }];
    }),
  );
  return catalog;
}

/** The whitelisted file called exactly `name`, or undefined (the caller answers 404). */
export function findAbi(abis: AbiCatalog, name: string): AbiFile | undefined {
  return abis.get(name);
}

/**
 * Whether an `If-None-Match` header matches `etag` (RFC 9110 §13.1.2: `*`, or a list compared
 * with the weak comparison function, so `W/"x"` matches `"x"`).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return header.split(',').some((t) => opaque(t) === want);
}
