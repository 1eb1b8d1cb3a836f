import { encodeFunctionData, erc20Abi, getAddress, isAddress, numberToHex, parseEther, type PublicClient, toEventSelector } from 'viem';
import { AppError, type ChainEndpoint, type Context } from '@gw/runtime';
import {
  chainCall,
  contractAddress,
  custodyAddress,
  deployerAccount,
  faucet,
  publicClientOf,
  walletClientOf,
  withContractErrors,
  chainProblem,
} from '../chain/index.js';
import { creditSystemDeposit, depositStatusOfLog, scanDeposits } from '../custody/index.js';
import { balanceOf, type Owner } from '../ledger/index.js';

/**
 * Funding on a local home chain (admin `token:mint`, `seed:demo`, the tests' `stack.mint`) with no
 * money from nothing: custodial tokens come in only as deposits to the custody address, credited as
 * the worker would credit them. Uses anvil's own JSON-RPC methods (`anvil_mine`,
 * `anvil_impersonateAccount`, `anvil_setBalance`), which exist only on a development node: every
 * function refuses a chain that is not marked local (CHAIN_LOCAL_IDS). See docs/chain.md.
 */

/** What the deposit scan needs: the worker's deliveries are enqueued only with `queues` and `redis`. */
type ScanCtx = Parameters<typeof scanDeposits>[0];

/** keccak-256 of `Transfer(address,address,uint256)`. */
const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');

async function rpc<T>(pub: PublicClient, method: string, params: unknown[]): Promise<T> {
  return (await pub.request({ method, params } as never)) as T;
}

/** Refuses unless the home chain is configured and local (the faucet and anvil's methods exist only there). */
function localHomeChain(ctx: Pick<Context, 'chains'>, what: string): ChainEndpoint {
  const chain = ctx.chains.home;
  if (!chain)
    throw chainProblem(
      'chain-unavailable',
      `${what} needs a chain: no chain is configured (CHAIN_RPC_URLS), and nothing may be minted without one`,
    );
  if (!chain.local)
    throw chainProblem(
      'chain-not-local',
      `${what} works only on a local chain; ${chain.caip2} is not one (CHAIN_LOCAL_IDS): deposit real tokens to the custody address`,
    );
  return chain;
}

/** Mines `n` blocks on a local chain (anvil_mine). */
async function mine(chain: ChainEndpoint, pub: PublicClient, n: number): Promise<void> {
  if (n > 0) await chainCall(chain, () => rpc(pub, 'anvil_mine', [numberToHex(n)]));
}

/** Scans (waiting for the lock) until the deposit of this key is credited; at most `rounds` scans. */
async function scanUntilCredited(ctx: ScanCtx, chainId: number, txHash: string, logIndex: number, rounds = 1000): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const status = await depositStatusOfLog(ctx, chainId, txHash, logIndex);
    if (status === 'credited') return;
    if (status === 'orphaned') throw new Error(`deposit ${txHash}#${logIndex} is orphaned`);
    await scanDeposits(ctx, { wait: true });
  }
  throw new Error(`deposit ${txHash}#${logIndex} not credited after ${rounds} scans`);
}

/**
 * `admin token:mint` on a local home chain, with no money from nothing (custodial tokens come in
 * only as deposits): the faucet sends `amount` from the deployer to `address`, the wallet
 * (impersonated with anvil_impersonateAccount, given gas with anvil_setBalance when it has less than
 * 1 ETH) transfers it to the custody address, the confirmation blocks are mined (anvil_mine) and the
 * deposit scan runs until that deposit is credited, exactly as the worker would credit it (whoever
 * scans first credits it, once).
 * @param amount base units of the native token
 * @returns the wallet (checksummed) and its custodial balance after the credit, base units
 * @throws AppError chain-unavailable when no chain is configured; chain-not-local on any other chain;
 *   validation-error when `address` is not an EVM address
 */
export async function mintByDeposit(ctx: ScanCtx, address: string, amount: bigint): Promise<{ address: string; balance: bigint }> {
  const chain = localHomeChain(ctx, 'token:mint');
  if (!isAddress(address, { strict: false })) throw new AppError('validation-error', 'address must be an EVM address');
  const wallet = getAddress(address);
  const pub = publicClientOf(ctx, chain);
  const [token, custody] = await Promise.all([contractAddress(ctx, chain.chainId, 'token'), custodyAddress(ctx)]);
  await faucet(ctx, wallet, amount);
  if ((await chainCall(chain, () => pub.getBalance({ address: wallet }))) < parseEther('1'))
    await chainCall(chain, () => rpc(pub, 'anvil_setBalance', [wallet, numberToHex(parseEther('1'))]));
  await chainCall(chain, () => rpc(pub, 'anvil_impersonateAccount', [wallet]));
  let hash: `0x${string}`;
  try {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [custody, amount] });
    hash = await chainCall(chain, () => rpc<`0x${string}`>(pub, 'eth_sendTransaction', [{ from: wallet, to: token, data }]));
  } finally {
    await chainCall(chain, () => rpc(pub, 'anvil_stopImpersonatingAccount', [wallet]));
  }
  const receipt = await chainCall(chain, () => pub.waitForTransactionReceipt({ hash, pollingInterval: 50 }));
  if (receipt.status !== 'success') throw new Error(`deposit transfer ${hash} reverted`);
  const log = receipt.logs.find((l) => l.address.toLowerCase() === token.toLowerCase() && l.topics[0] === TRANSFER_TOPIC);
  if (!log) throw new Error(`deposit transfer ${hash} has no Transfer log`);
  await mine(chain, pub, chain.confirmations);
  await scanUntilCredited(ctx, chain.chainId, hash.toLowerCase(), log.logIndex);
  return { address: wallet, balance: await balanceOf(ctx.prisma, { type: 'wallet', id: wallet }, ctx.config.NATIVE_TOKEN_SYMBOL) };
}

/**
 * Funds a system account with real tokens on a local home chain (`seed:demo`'s treasury): the
 * deployer transfers `amount` to the custody address and, in the same transaction holding the scan
 * lock (so no scan can see the transfer first), its deposit row is recorded `credited` to `owner`
 * with its ledger entry (`deposit`, from `system:issuance`): custody's `creditSystemDeposit`. The
 * poller later meets the same (chain, tx hash, log index) key and leaves it alone. Then the
 * confirmations are mined and a scan runs, so that the reserves count it.
 * @param amount base units of the native token
 * @returns the deposit's transaction hash
 * @throws AppError chain-unavailable when no chain is configured; chain-not-local on any other chain;
 *   Error when `owner` is not a system account, or when the transfer fails (nothing is recorded)
 */
export async function fundSystemAccountByDeposit(ctx: ScanCtx, owner: Owner, amount: bigint): Promise<{ txHash: `0x${string}` }> {
  const chain = localHomeChain(ctx, 'Funding a system account');
  if (owner.type !== 'system') throw new Error('fundSystemAccountByDeposit funds system accounts only');
  const pub = publicClientOf(ctx, chain);
  const [token, custody] = await Promise.all([contractAddress(ctx, chain.chainId, 'token'), custodyAddress(ctx)]);
  const deployer = deployerAccount(ctx, chain);
  const txHash = await creditSystemDeposit(ctx, { chainId: chain.chainId, owner, from: deployer.address, amount }, async () => {
    const hash = await chainCall(chain, () =>
      walletClientOf(ctx, chain, deployer).writeContract({
        address: token,
        abi: withContractErrors(erc20Abi),
        functionName: 'transfer',
        args: [custody, amount],
        account: deployer,
        chain: undefined,
      } as never),
    );
    const receipt = await chainCall(chain, () => pub.waitForTransactionReceipt({ hash, pollingInterval: 50 }));
    const log = receipt.logs.find((l) => l.address.toLowerCase() === token.toLowerCase() && l.topics[0] === TRANSFER_TOPIC);
    if (receipt.status !== 'success' || !log) throw new Error(`treasury funding transfer ${hash} failed`);
    return { txHash: hash, logIndex: log.logIndex, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash };
  });
  await mine(chain, pub, chain.confirmations);
  await scanDeposits(ctx, { wait: true });
  return { txHash };
}
