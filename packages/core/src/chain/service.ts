import { readFileSync } from 'node:fs';
import { erc20Abi, formatEther, formatUnits, getAddress, isAddress, keccak256, parseEther, type PublicClient } from 'viem';
import { type Tx, withTransaction } from '@gw/db';
import { AppError, registerCacheSize, type ChainEndpoint, type Context } from '@gw/runtime';
import { HOME_CONTRACTS, REMOTE_CONTRACTS, type ContractName, type Deployment, type OnchainBalance, type OnchainToken } from './schemas.js';
import { chainCall, chainOf, homeChainOf, publicClientOf, walletClientOf } from './clients.js';
import { deployContracts } from './deploy.js';
import { withContractErrors } from './errors.js';
import { deployerAccount, relayerAccount } from './keys.js';
import { deleteNonces, listDeployments, lockChainDeployment, replaceDeployments } from './repository.js';
import { chainProblem } from './problems.js';

type ChainCtx = Pick<Context, 'chains' | 'config'>;
type KeyCtx = Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox'>;

/** The contracts a chain must have: the home set on the home chain, the wrapped token elsewhere. */
export const expectedContracts = (chain: ChainEndpoint): readonly ContractName[] => (chain.home ? HOME_CONTRACTS : REMOTE_CONTRACTS);

// --- deployments ------------------------------------------------------------------------------------

/** What {@link ensureDeployments} found or did on one chain. */
export interface ChainDeploymentReport {
  chain: string;
  /**
   * `reused`: the recorded contracts are there; `deployed`: deployed now; `imported`: taken from
   * CHAIN_DEPLOYMENTS_FILE; `missing`: none usable and not allowed to deploy here (run
   * `admin chain:deploy`); `unreachable`: the node did not answer.
   */
  status: 'reused' | 'deployed' | 'imported' | 'missing' | 'unreachable';
  contracts: Partial<Record<ContractName, string>>;
  detail?: string;
}

/** True when every expected contract is recorded and its runtime code is still the one recorded. */
async function recordedAndPresent(ctx: ChainCtx, chain: ChainEndpoint, recorded: readonly Deployment[]): Promise<boolean> {
  const byName = new Map(recorded.map((d) => [d.contract, d]));
  const expected = expectedContracts(chain);
  if (!expected.every((n) => byName.has(n))) return false;
  const pub = publicClientOf(ctx, chain);
  const codes = await chainCall(chain, () => Promise.all(expected.map((n) => pub.getCode({ address: byName.get(n)!.address }))));
  return codes.every((code, i) => code !== undefined && keccak256(code) === byName.get(expected[i]!)!.codeHash);
}

const contractsOf = (ds: readonly Deployment[]) =>
  Object.fromEntries(ds.map((d) => [d.contract, d.address])) as Partial<Record<ContractName, string>>;

/** The chain's entry of CHAIN_DEPLOYMENTS_FILE (`{ "<chainId>": { "<contract>": "0x…" } }`), if any. */
function fileDeployments(ctx: ChainCtx, chain: ChainEndpoint): Partial<Record<ContractName, string>> | undefined {
  const file = ctx.config.CHAIN_DEPLOYMENTS_FILE;
  if (!file) return undefined;
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  return all[String(chain.chainId)] as Partial<Record<ContractName, string>> | undefined;
}

/**
 * Makes sure each configured chain has our contracts: reuses the recorded deployments
 * when their code is still on chain; else imports the chain's entry of CHAIN_DEPLOYMENTS_FILE (code
 * must be at every address); else deploys with the deployer key when `deploy` allows it (`local`:
 * only on chains marked local, as `pnpm start` does; `all`: any chain, as `admin chain:deploy`
 * does) and records the result in one transaction, under a per-chain advisory lock. On a local
 * chain it also tops up the relayer's gas (100 ETH from the deployer when it has less than 10).
 * @param only restrict to one chain id
 * @returns one report per chain; never throws for an unreachable chain (its report says so)
 */
export async function ensureDeployments(ctx: DeployCtx, deploy: 'none' | 'local' | 'all', only?: number): Promise<ChainDeploymentReport[]> {
  const reports: ChainDeploymentReport[] = [];
  for (const chain of ctx.chains.list) {
    if (only !== undefined && chain.chainId !== only) continue;
    try {
      reports.push(await ensureChain(ctx, chain, deploy));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'chain-unavailable') throw err;
      reports.push({ chain: chain.caip2, status: 'unreachable', contracts: {}, detail: err.message });
    }
  }
  ctx.chains.memo.delete('deployments');
  return reports;
}

async function ensureChain(ctx: DeployCtx, chain: ChainEndpoint, deploy: 'none' | 'local' | 'all'): Promise<ChainDeploymentReport> {
  const relayer = await relayerAccount(ctx);
  if (chain.local) await topUpGas(ctx, chain, relayer.address);
  const recorded = await listDeployments(ctx.prisma, chain.chainId);
  if (await recordedAndPresent(ctx, chain, recorded)) return { chain: chain.caip2, status: 'reused', contracts: contractsOf(recorded) };

  const fromFile = fileDeployments(ctx, chain);
  if (fromFile) {
    const imported = await importDeployments(ctx, chain, fromFile);
    return { chain: chain.caip2, status: 'imported', contracts: contractsOf(imported) };
  }
  if (deploy === 'none' || (deploy === 'local' && !chain.local)) {
    return {
      chain: chain.caip2,
      status: 'missing',
      contracts: {},
      detail: `no deployment on ${chain.caip2}: run \`pnpm --silent admin chain:deploy --chain ${chain.chainId}\` or set CHAIN_DEPLOYMENTS_FILE`,
    };
  }
  const deployer = deployerAccount(ctx, chain);
  let status: ChainDeploymentReport['status'] = 'deployed';
  const deployed = await withTransaction(
    ctx.prisma,
    async (tx) => {
      await lockChainDeployment(tx, chain.chainId);
      // Another process may have deployed while this one waited for the lock.
      const now = await listDeployments(tx, chain.chainId);
      if (await recordedAndPresent(ctx, chain, now)) {
        status = 'reused';
        return now;
      }
      if (now.length > 0) {
        // Recorded, but the code is gone: the chain was reset (a local node restarted without its
        // state). What this service knew of its blocks and nonces is of another chain now.
        await forgetResetChain(ctx.chainResets, tx, chain.chainId);
        ctx.logger?.warn(
          { chain: chain.caip2 },
          'chain reset: the recorded contracts are gone; deploying again, and restarting the nonces and the deposit scan of this chain. Custodial balances credited on the old chain are no longer backed (reserves:check says by how much)',
        );
      }
      const made = await deployContracts(ctx, chain, {
        deployer,
        relayer: relayer.address,
        tokenName: ctx.config.NATIVE_TOKEN_NAME,
        tokenSymbol: ctx.config.NATIVE_TOKEN_SYMBOL,
      });
      await replaceDeployments(tx, chain.chainId, made);
      return made;
    },
    { retries: 0, timeout: 600_000, maxWait: 10_000 },
  );
  return { chain: chain.caip2, status, contracts: contractsOf(deployed) };
}

/**
 * What a module forgets when a chain it knew was reset (its own tables, in the redeployment's
 * transaction): custody its deposit cursor and block hashes, governance its indexed proposals.
 * The processes that deploy list theirs where they are composed (`apps/api/src/catalogue.ts`).
 */
export type ChainResetHandler = (tx: Tx, chainId: number) => Promise<void>;

/** What a deployment needs: the chain's keys and the list of what to forget of a chain that was reset. */
type DeployCtx = KeyCtx &
  Partial<Pick<Context, 'logger'>> & {
    /** Run in order, in the transaction that records the new deployment, after the nonces are forgotten. */
    chainResets: readonly ChainResetHandler[];
  };

async function forgetResetChain(handlers: readonly ChainResetHandler[], tx: Tx, chainId: number): Promise<void> {
  await deleteNonces(tx, chainId);
  for (const handler of handlers) await handler(tx, chainId);
}

async function importDeployments(ctx: KeyCtx, chain: ChainEndpoint, file: Partial<Record<ContractName, string>>): Promise<Deployment[]> {
  const pub = publicClientOf(ctx, chain);
  const made: Deployment[] = [];
  for (const name of expectedContracts(chain)) {
    const raw = file[name];
    if (!raw || !isAddress(raw)) throw new Error(`CHAIN_DEPLOYMENTS_FILE: ${chain.chainId}.${name} must be an address`);
    const address = getAddress(raw);
    const code = await chainCall(chain, () => pub.getCode({ address }));
    if (!code || code === '0x') throw new Error(`CHAIN_DEPLOYMENTS_FILE: no code at ${chain.chainId}.${name} (${address})`);
    made.push({
      chainId: chain.chainId,
      contract: name,
      address,
      codeHash: keccak256(code),
      sourceHash: 'imported',
      txHash: null,
      blockNumber: null,
    });
  }
  await withTransaction(ctx.prisma, (tx) => replaceDeployments(tx, chain.chainId, made));
  return made;
}

async function topUpGas(ctx: KeyCtx, chain: ChainEndpoint, to: `0x${string}`): Promise<void> {
  const pub = publicClientOf(ctx, chain);
  if ((await chainCall(chain, () => pub.getBalance({ address: to }))) >= parseEther('10')) return;
  const deployer = deployerAccount(ctx, chain);
  const hash = await chainCall(chain, () =>
    walletClientOf(ctx, chain, deployer).sendTransaction({ to, value: parseEther('100'), account: deployer, chain: undefined } as never),
  );
  await chainCall(chain, () => pub.waitForTransactionReceipt({ hash, pollingInterval: 50 }));
}

/** How long the recorded deployments are kept in memory, in ms (they change only on a (re)deployment). */
const DEPLOYMENTS_TTL_MS = 5000;

/**
 * The recorded deployments of every configured chain, keyed by chain id, read from PostgreSQL and
 * kept DEPLOYMENTS_TTL_MS (5 s) in the context once every configured chain has one (until then each
 * call reads them again). Chains not configured are left out.
 */
export async function deployments(
  ctx: Pick<Context, 'chains' | 'prisma'>,
): Promise<Map<number, Partial<Record<ContractName, `0x${string}`>>>> {
  type Entry = { at: number; value: Promise<Map<number, Partial<Record<ContractName, `0x${string}`>>>> };
  const hit = ctx.chains.memo.get('deployments') as Entry | undefined;
  if (hit && Date.now() - hit.at < DEPLOYMENTS_TTL_MS) return hit.value;
  const value = (async () => {
    const rows = ctx.chains.list.length ? await listDeployments(ctx.prisma) : [];
    const map = new Map<number, Partial<Record<ContractName, `0x${string}`>>>();
    for (const d of rows) {
      if (!ctx.chains.get(d.chainId)) continue;
      map.set(d.chainId, { ...map.get(d.chainId), [d.contract]: d.address });
    }
    return map;
  })();
  ctx.chains.memo.set('deployments', { at: Date.now(), value } satisfies Entry);
  // Kept only while complete: a chain still waiting for `admin chain:deploy` is looked up again.
  value.then(
    (map) => map.size < ctx.chains.list.length && ctx.chains.memo.delete('deployments'),
    () => ctx.chains.memo.delete('deployments'),
  );
  return value;
}

/**
 * The address of one of our contracts on a chain.
 * @throws AppError chain-unavailable when the chain is not configured or has no such deployment
 */
export async function contractAddress(
  ctx: Pick<Context, 'chains' | 'prisma'>,
  chainId: number,
  name: ContractName,
): Promise<`0x${string}`> {
  const chain = chainOf(ctx.chains, chainId);
  const address = (await deployments(ctx)).get(chainId)?.[name];
  if (!address) throw chainProblem('chain-unavailable', `No ${name} contract is deployed on ${chain.caip2}`);
  return address;
}

/**
 * The home chain, a public client of it, and the addresses of our contracts `names` there (read
 * together): what a module that reads and relays on the home chain starts from.
 * @throws AppError chain-unavailable when no chain is configured or one of `names` is not deployed
 */
export async function homeContracts<const N extends ContractName>(
  ctx: Pick<Context, 'chains' | 'config' | 'prisma'>,
  names: readonly N[],
): Promise<{ chain: ChainEndpoint; pub: PublicClient } & Record<N, `0x${string}`>> {
  const chain = homeChainOf(ctx.chains);
  const addresses = await Promise.all(names.map((name) => contractAddress(ctx, chain.chainId, name)));
  const byName = Object.fromEntries(names.map((name, i) => [name, addresses[i]])) as Record<N, `0x${string}`>;
  return { ...byName, chain, pub: publicClientOf(ctx, chain) };
}

/**
 * The block number at which one of our contracts was deployed on a chain, as recorded (where
 * the deposit scan starts reading logs); null when unknown (imported from
 * CHAIN_DEPLOYMENTS_FILE) or not deployed.
 */
export async function deploymentBlock(ctx: Pick<Context, 'prisma'>, chainId: number, name: ContractName): Promise<bigint | null> {
  return (await listDeployments(ctx.prisma, chainId)).find((d) => d.contract === name)?.blockNumber ?? null;
}

/** The custody address (the relayer's) on every chain: deposits are sent there, withdrawals leave from it. */
export async function custodyAddress(ctx: KeyCtx): Promise<`0x${string}`> {
  return (await relayerAccount(ctx)).address;
}

// --- the faucet (local chains) ----------------------------------------------------------------------

/** The home chain when it is local, and `to` as a checksummed address; else the faucet's refusals. */
function faucetTarget(ctx: Pick<Context, 'chains'>, to: string, amount: bigint): { chain: ChainEndpoint; to: `0x${string}` } {
  const chain = homeChainOf(ctx.chains);
  if (!chain.local)
    throw chainProblem('chain-not-local', `The faucet works only on a local chain; ${chain.caip2} is not one (CHAIN_LOCAL_IDS)`);
  if (!isAddress(to))
    throw new AppError('validation-error', 'to must be an EVM address', { errors: [{ path: 'to', message: 'not an address' }] });
  if (amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  return { chain, to: getAddress(to) };
}

/**
 * Sends `amount` base units of the native token from the deployer (who holds the initial supply on a
 * local chain) to `to` on the home chain, and waits for the receipt.
 * @throws AppError chain-not-local (409) when the home chain is not local; chain-unavailable (503);
 *   validation-error (400) for a bad address or a non-positive amount; insufficient-funds (422) when
 *   the deployer holds less than `amount` ("the faucet holds X GTK; asked Y GTK", in token units)
 */
export async function faucet(
  ctx: Pick<Context, 'chains' | 'config' | 'prisma'>,
  to: string,
  amount: bigint,
): Promise<{ chain: string; txHash: `0x${string}`; blockNumber: bigint }> {
  const target = faucetTarget(ctx, to, amount);
  const chain = target.chain;
  const token = await contractAddress(ctx, chain.chainId, 'token');
  const deployer = deployerAccount(ctx, chain);
  const pub = publicClientOf(ctx, chain);
  const [held, info] = await Promise.all([
    chainCall(chain, () => pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [deployer.address] })),
    onchainToken(ctx),
  ]);
  if (held < amount) {
    const units = (v: bigint) => `${formatUnits(v, info.decimals)} ${info.symbol}`;
    throw new AppError(
      'insufficient-funds',
      `the faucet holds ${units(held)}; asked ${units(amount)} (base units: ${held} held, ${amount} asked)`,
    );
  }
  // With every error of our contracts in the ABI, a revert all the same (another faucet call in
  // between) is named, e.g. ERC20InsufficientBalance(…), not an undecodable selector.
  const hash = await chainCall(chain, () =>
    walletClientOf(ctx, chain, deployer).writeContract({
      address: token,
      abi: withContractErrors(erc20Abi),
      functionName: 'transfer',
      args: [target.to, amount],
      account: deployer,
      chain: undefined,
    } as never),
  );
  const receipt = await chainCall(chain, () => pub.waitForTransactionReceipt({ hash, pollingInterval: 50 }));
  if (receipt.status !== 'success') throw new Error(`faucet transfer ${hash} reverted`);
  return { chain: chain.caip2, txHash: hash, blockNumber: receipt.blockNumber };
}

/**
 * Sends `wei` of the chain's native currency (gas money) from the deployer to `to` on the home
 * chain, and waits for the receipt: on a local chain a wallet has no other way to pay for an
 * ordinary transfer of its tokens.
 * @throws AppError chain-not-local (409) when the home chain is not local; chain-unavailable (503);
 *   validation-error (400) for a bad address or a non-positive amount; insufficient-funds (422) when
 *   the deployer holds less ("the faucet holds X ETH; asked Y ETH")
 */
export async function faucetGas(
  ctx: Pick<Context, 'chains' | 'config'>,
  to: string,
  wei: bigint,
): Promise<{ chain: string; txHash: `0x${string}`; blockNumber: bigint }> {
  const target = faucetTarget(ctx, to, wei);
  const chain = target.chain;
  const deployer = deployerAccount(ctx, chain);
  const pub = publicClientOf(ctx, chain);
  const held = await chainCall(chain, () => pub.getBalance({ address: deployer.address }));
  if (held < wei) throw new AppError('insufficient-funds', `the faucet holds ${formatEther(held)} ETH; asked ${formatEther(wei)} ETH`);
  const hash = await chainCall(chain, () =>
    walletClientOf(ctx, chain, deployer).sendTransaction({ to: target.to, value: wei, account: deployer, chain: undefined } as never),
  );
  const receipt = await chainCall(chain, () => pub.waitForTransactionReceipt({ hash, pollingInterval: 50 }));
  if (receipt.status !== 'success') throw new Error(`faucet gas transfer ${hash} reverted`);
  return { chain: chain.caip2, txHash: hash, blockNumber: receipt.blockNumber };
}

// --- reads ------------------------------------------------------------------------------------------

/** Most entries of the read cache; past it the cache starts afresh (bounded memory under many wallets). */
const READ_CACHE_MAX = 10_000;

/**
 * `read()` once per CHAIN_READ_CACHE_MS per key and context (a chain read of any module: key it by
 * module, chain and arguments); concurrent callers share the pending
 * read, and a failed read is not kept.
 */
export function cachedRead<T>(ctx: ChainCtx, key: string, read: () => Promise<T>): Promise<T> {
  const ttl = ctx.config.CHAIN_READ_CACHE_MS;
  if (ttl === 0) return read();
  let cache = ctx.chains.memo.get('reads') as Map<string, { at: number; value: Promise<unknown> }> | undefined;
  if (!cache) {
    ctx.chains.memo.set('reads', (cache = new Map()));
    registerCacheSize('chain_reads', cache, READ_CACHE_MAX);
  }
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttl) return hit.value as Promise<T>;
  if (cache.size >= READ_CACHE_MAX) cache.clear();
  const value = read();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/**
 * The token contract on the home chain: name, symbol, decimals and total supply, in one JSON-RPC
 * batch, cached CHAIN_READ_CACHE_MS.
 * @throws AppError chain-unavailable (503) when no chain or deployment, or the node is slow or down
 */
export async function onchainToken(ctx: Pick<Context, 'chains' | 'config' | 'prisma'>): Promise<OnchainToken> {
  const chain = homeChainOf(ctx.chains);
  const address = await contractAddress(ctx, chain.chainId, 'token');
  return cachedRead(ctx, `token:${chain.chainId}`, async () => {
    const pub = publicClientOf(ctx, chain);
    const read = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
      pub.readContract({ address, abi: erc20Abi, functionName });
    const [name, symbol, decimals, totalSupply] = await chainCall(chain, () =>
      Promise.all([read('name'), read('symbol'), read('decimals'), read('totalSupply')]),
    );
    return {
      chain: chain.caip2,
      contract: address,
      name: name as string,
      symbol: symbol as string,
      decimals: Number(decimals),
      totalSupply: String(totalSupply),
    };
  });
}

/**
 * `owner`'s balance of our token on every configured chain with a deployment: the token on the home
 * chain, the wrapped token elsewhere. One JSON-RPC batch per chain, all chains at once, cached
 * CHAIN_READ_CACHE_MS per owner.
 * @throws AppError chain-unavailable (503) when a node is slow or down
 */
export async function onchainBalances(ctx: Pick<Context, 'chains' | 'config' | 'prisma'>, owner: `0x${string}`): Promise<OnchainBalance[]> {
  const deployed = await deployments(ctx);
  return cachedRead(ctx, `balances:${owner}`, () =>
    Promise.all(
      ctx.chains.list.flatMap((chain) => {
        const contract = deployed.get(chain.chainId)?.[chain.home ? 'token' : 'wrappedToken'];
        if (!contract) return [];
        const pub = publicClientOf(ctx, chain);
        return [
          chainCall(chain, async () => {
            const [symbol, balance] = await Promise.all([
              pub.readContract({ address: contract, abi: erc20Abi, functionName: 'symbol' }),
              pub.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
            ]);
            return { chain: chain.caip2, contract, symbol, balance: balance.toString() };
          }),
        ];
      }),
    ),
  );
}

/**
 * The treasury on chain: the timelock's balance of the token on the home chain, in one batch,
 * cached CHAIN_READ_CACHE_MS.
 * @throws AppError chain-unavailable (503) when no chain or deployment, or the node is slow or down
 */
export async function onchainTreasury(
  ctx: Pick<Context, 'chains' | 'config' | 'prisma'>,
): Promise<{ chain: string; address: `0x${string}`; balances: OnchainBalance[] }> {
  const chain = homeChainOf(ctx.chains);
  const [treasury, token] = await Promise.all([
    contractAddress(ctx, chain.chainId, 'treasury'),
    contractAddress(ctx, chain.chainId, 'token'),
  ]);
  return cachedRead(ctx, `treasury:${chain.chainId}`, async () => {
    const pub = publicClientOf(ctx, chain);
    const [symbol, balance] = await chainCall(chain, () =>
      Promise.all([
        pub.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
        pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [treasury] }),
      ]),
    );
    return {
      chain: chain.caip2,
      address: treasury,
      balances: [{ chain: chain.caip2, contract: token, symbol, balance: balance.toString() }],
    };
  });
}
