import { type Abi, type Account, getAddress, type Hex, keccak256 } from 'viem';
import { artifacts } from '@gw/contracts';
import { AppError, type ChainEndpoint, type Context } from '@gw/runtime';
import type { ContractName, Deployment } from './schemas.js';
import { chainCall, publicClientOf, walletClientOf } from './clients.js';

/**
 * Deploys our contracts on one chain from the committed artifacts of `@gw/contracts`,
 * one transaction after the other, each awaited to its receipt. The home chain gets the token, the
 * timelock (the DAO treasury), the governor, the default staking pool and the bridge vault; any
 * other chain gets the wrapped token. The deployer keeps the token's initial supply (on a local
 * chain it is the faucet's source) and gives up the timelock's admin role to the governor. On a local
 * chain it also funds the staking pool's rewards and sets its rate ({@link localStakingRewards}).
 */

/** The token's supply minted to the deployer: 10^9 tokens of 18 decimals, in base units. */
export const INITIAL_SUPPLY = 10n ** 9n * 10n ** 18n;

/**
 * The Governor's proposal threshold when CHAIN_GOVERNOR_PROPOSAL_THRESHOLD is unset on a chain that
 * is not local: 1,000,000 tokens, 0.1 % of {@link INITIAL_SUPPLY} (base units).
 */
export const DEFAULT_PROPOSAL_THRESHOLD = 1_000_000n * 10n ** 18n;

/**
 * Governance timing: on a local chain short enough for a demo (1 s timelock delay, voting opens
 * after 1 block and lasts 20), elsewhere a common public-chain setting (2 days, 1 day and 1 week of
 * 12-s blocks). Quorum 4 % of the supply. Proposing needs `proposalThreshold` votes (base units):
 * CHAIN_GOVERNOR_PROPOSAL_THRESHOLD, else 0 on a local chain and {@link DEFAULT_PROPOSAL_THRESHOLD}
 * elsewhere.
 * @throws AppError validation-error when the threshold is 0 on a chain that is not local (anyone
 *   could flood the DAO with proposals)
 */
export function governanceSettings(local: boolean, proposalThreshold?: bigint) {
  const threshold = proposalThreshold ?? (local ? 0n : DEFAULT_PROPOSAL_THRESHOLD);
  if (!local && threshold === 0n)
    throw new AppError(
      'validation-error',
      'A proposal threshold of 0 is for local chains only (CHAIN_GOVERNOR_PROPOSAL_THRESHOLD): anyone could flood the DAO with proposals',
    );
  return local
    ? { timelockDelaySeconds: 1n, votingDelayBlocks: 1, votingPeriodBlocks: 20, proposalThreshold: threshold, quorumPercent: 4n }
    : {
        timelockDelaySeconds: 172_800n,
        votingDelayBlocks: 7_200,
        votingPeriodBlocks: 50_400,
        proposalThreshold: threshold,
        quorumPercent: 4n,
      };
}

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * The default staking pool's rewards on a chain marked local, set by the deployer (the pool's owner)
 * at deployment: 1,000,000 tokens funded, paid at 0.1 token per second shared pro rata (base units);
 * elsewhere the owner funds the pool and sets the rate itself (`fund`, `setRewardRate`).
 */
export const localStakingRewards = { funded: 1_000_000n * 10n ** 18n, ratePerSecond: 10n ** 17n } as const;

interface Options {
  deployer: Account;
  /** The relayer's address: custody, gas payer, the bridge's RELAYER/MINTER role. */
  relayer: `0x${string}`;
  /** The native token's name and symbol (NATIVE_TOKEN_NAME, NATIVE_TOKEN_SYMBOL). */
  tokenName: string;
  tokenSymbol: string;
}

/**
 * Deploys the contracts of `chain` and answers their deployments (not yet recorded: the caller
 * records them in one transaction).
 * @throws Error when a transaction reverts; AppError chain-unavailable when the node does not answer
 */
export async function deployContracts(ctx: Pick<Context, 'chains' | 'config'>, chain: ChainEndpoint, o: Options): Promise<Deployment[]> {
  const pub = publicClientOf(ctx, chain);
  const wallet = walletClientOf(ctx, chain, o.deployer);
  const out: Deployment[] = [];

  const wait = async (hash: Hex) => {
    const receipt = await chainCall(chain, () =>
      pub.waitForTransactionReceipt({ hash, pollingInterval: chain.local ? 50 : 2000, timeout: 300_000 }),
    );
    if (receipt.status !== 'success') throw new Error(`deployment transaction ${hash} on ${chain.caip2} reverted`);
    return receipt;
  };
  const deploy = async (contract: ContractName, artifact: { abi: Abi; bytecode: Hex; sourceHash: string }, args: readonly unknown[]) => {
    const hash = await chainCall(chain, () =>
      wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, account: o.deployer, chain: undefined } as never),
    );
    const receipt = await wait(hash);
    const address = getAddress(receipt.contractAddress!);
    const code = await chainCall(chain, () => pub.getCode({ address }));
    out.push({
      chainId: chain.chainId,
      contract,
      address,
      codeHash: keccak256(code ?? '0x'),
      sourceHash: artifact.sourceHash,
      txHash: hash,
      blockNumber: receipt.blockNumber,
    });
    return address;
  };
  const send = async (address: `0x${string}`, abi: Abi, functionName: string, args: readonly unknown[]) => {
    // A margin over the estimate: estimated in one block's second, mined in the next, a call that
    // checkpoints a timestamp (the staking pool's `updateReward`) writes a slot it found unchanged
    // and needs more gas than estimated (a revert out of gas, seen in CI).
    const estimate = await chainCall(chain, () =>
      pub.estimateContractGas({ address, abi, functionName, args, account: o.deployer } as never),
    );
    const gas = (estimate * 3n) / 2n + 30_000n;
    const hash = await chainCall(chain, () =>
      wallet.writeContract({ address, abi, functionName, args, gas, account: o.deployer, chain: undefined } as never),
    );
    await wait(hash);
  };

  // Checked before any transaction: a refused threshold deploys nothing.
  const g = chain.home ? governanceSettings(chain.local, ctx.config.CHAIN_GOVERNOR_PROPOSAL_THRESHOLD) : null;
  if (!chain.home || !g) {
    await deploy('wrappedToken', artifacts.WrappedToken, [`Wrapped ${o.tokenName}`, `w${o.tokenSymbol}`, o.deployer.address, o.relayer]);
    return out;
  }
  const token = await deploy('token', artifacts.GatewayToken, [o.tokenName, o.tokenSymbol, o.deployer.address, INITIAL_SUPPLY]);
  // Proposers are set once the governor exists; anyone may execute a queued operation.
  const timelock = await deploy('treasury', artifacts.Timelock, [g.timelockDelaySeconds, [], [ZERO], o.deployer.address]);
  const governor = await deploy('governor', artifacts.GatewayGovernor, [
    token,
    timelock,
    g.votingDelayBlocks,
    g.votingPeriodBlocks,
    g.proposalThreshold,
    g.quorumPercent,
  ]);
  const tl = artifacts.Timelock.abi as Abi;
  const role = (name: string) => pub.readContract({ address: timelock, abi: tl, functionName: name }) as Promise<Hex>;
  const [proposer, canceller, admin] = await chainCall(chain, () =>
    Promise.all([role('PROPOSER_ROLE'), role('CANCELLER_ROLE'), role('DEFAULT_ADMIN_ROLE')]),
  );
  await send(timelock, tl, 'grantRole', [proposer, governor]);
  await send(timelock, tl, 'grantRole', [canceller, governor]);
  await send(timelock, tl, 'renounceRole', [admin, o.deployer.address]);
  const staking = await deploy('staking', artifacts.Staking, [token, token, o.deployer.address]);
  if (chain.local) {
    // A local pool pays rewards from the start, so that a stake accrues a visible reward within seconds.
    const r = localStakingRewards;
    await send(token, artifacts.GatewayToken.abi as Abi, 'approve', [staking, r.funded]);
    await send(staking, artifacts.Staking.abi as Abi, 'fund', [r.funded]);
    await send(staking, artifacts.Staking.abi as Abi, 'setRewardRate', [r.ratePerSecond]);
  }
  await deploy('bridge', artifacts.BridgeVault, [token, o.deployer.address, o.relayer]);
  return out;
}
