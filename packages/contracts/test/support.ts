/**
 * Shared helpers of the anvil tests: anvil's dev accounts, a `startChain` that starts one anvil
 * (stop it in afterAll) with viem clients, `deploy` from a committed artifact and `send` that waits
 * for a successful receipt, and `deployGovernance` (token, timelock treasury and governor, wired).
 */
import { expect } from '@jest/globals';
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  type TestClient,
  type TransactionReceipt,
  zeroAddress,
} from 'viem';
import { type HDAccount, mnemonicToAccount } from 'viem/accounts';
import { type Anvil, startAnvil } from '../src/anvil.js';
import { GatewayGovernor, GatewayToken, Timelock } from '../src/index.js';

/** anvil's dev accounts (its default mnemonic), each funded with 10 000 ETH. */
export const devAccount = (addressIndex: number): HDAccount =>
  mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex });

export interface TestChain {
  anvil: Anvil;
  chain: Chain;
  publicClient: PublicClient;
  testClient: TestClient;
  deploy(account: HDAccount, artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[]): Promise<Address>;
  send(
    account: HDAccount,
    contract: { address: Address; abi: Abi },
    functionName: string,
    args: readonly unknown[],
    gas?: bigint,
  ): Promise<TransactionReceipt>;
  read<T = unknown>(contract: { address: Address; abi: Abi }, functionName: string, args?: readonly unknown[]): Promise<T>;
}

export async function startChain(chainId: number): Promise<TestChain> {
  const anvil = await startAnvil({ chainId });
  const chain = defineChain({
    id: chainId,
    name: `anvil-${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0 }) as PublicClient;
  const testClient = createTestClient({ mode: 'anvil', chain, transport }) as TestClient;
  const wallet = (account: HDAccount) => createWalletClient({ account, chain, transport });
  return {
    anvil,
    chain,
    publicClient,
    testClient,
    async deploy(account, { abi, bytecode }, args) {
      const hash = await wallet(account).deployContract({ abi, bytecode, args } as any);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      return getAddress(receipt.contractAddress!); // checksummed, as viem decodes addresses
    },
    async send(account, { address, abi }, functionName, args, gas) {
      // An explicit limit: gas estimated in one second can fall short in the next block's second (a
      // reward checkpoint written from zero costs 20,000 gas more), which reverts as out of gas.
      const hash = await wallet(account).writeContract({ address, abi, functionName, args, gas: gas ?? 1_000_000n } as any);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      return receipt;
    },
    read<T = unknown>({ address, abi }: { address: Address; abi: Abi }, functionName: string, args: readonly unknown[] = []) {
      return publicClient.readContract({ address, abi, functionName, args } as any) as Promise<T>;
    },
  };
}

export interface Governance {
  token: { address: Address; abi: typeof GatewayToken.abi };
  timelock: { address: Address; abi: typeof Timelock.abi };
  governor: { address: Address; abi: typeof GatewayGovernor.abi };
}

/**
 * Deploys GatewayToken (the whole `supply`, base units, minted to `deployer`), the Timelock (the
 * treasury: anyone executes, `timelockDelay` seconds) and GatewayGovernor (`votingDelay` and
 * `votingPeriod` in blocks, no proposal threshold, quorum 4 %), then makes the governor the
 * timelock's only proposer and canceller and renounces the deployer's admin role on the timelock.
 */
export async function deployGovernance(
  c: TestChain,
  deployer: HDAccount,
  o: { supply: bigint; votingDelay: number; votingPeriod: number; timelockDelay: number },
): Promise<Governance> {
  const token = {
    address: await c.deploy(deployer, GatewayToken, ['Gateway Token', 'GWT', deployer.address, o.supply]),
    abi: GatewayToken.abi,
  };
  // No proposer yet, anyone executes (address(0)), the deployer admin until the governor is wired.
  const timelock = {
    address: await c.deploy(deployer, Timelock, [BigInt(o.timelockDelay), [], [zeroAddress], deployer.address]),
    abi: Timelock.abi,
  };
  const governor = {
    address: await c.deploy(deployer, GatewayGovernor, [token.address, timelock.address, o.votingDelay, o.votingPeriod, 0n, 4n]),
    abi: GatewayGovernor.abi,
  };
  for (const role of ['PROPOSER_ROLE', 'CANCELLER_ROLE'] as const) {
    await c.send(deployer, timelock, 'grantRole', [await c.read<Hex>(timelock, role), governor.address]);
  }
  await c.send(deployer, timelock, 'renounceRole', [await c.read<Hex>(timelock, 'DEFAULT_ADMIN_ROLE'), deployer.address]);
  return { token, timelock, governor };
}
