/**
 * GatewayToken on a real anvil (one per test file), deployed from the committed artifact with viem:
 * transfer, EIP-2612 permit + transferFrom by the spender, delegation and vote checkpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, createWalletClient, http, parseEther, parseSignature, type Chain, type PublicClient } from 'viem';
import type { Anvil } from '../src/anvil.js';
import { GatewayToken } from '../src/index.js';
import { devAccount, startChain } from './support.js';

const alice = devAccount(0);
const bob = devAccount(1);
const carol = devAccount(2);
const dave: Address = devAccount(3).address;

const CHAIN_ID = 31337;
const NAME = 'Gateway Token';
const SUPPLY = parseEther('1000000');
const { abi } = GatewayToken;

let testChain: Awaited<ReturnType<typeof startChain>>;
let anvil: Anvil;
let chain: Chain;
let publicClient: PublicClient;
let token: Address;
const wallet = (account: typeof alice) => createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });

beforeAll(async () => {
  testChain = await startChain(CHAIN_ID);
  ({ anvil, chain, publicClient } = testChain);
  token = await testChain.deploy(alice, GatewayToken, [NAME, 'GWT', alice.address, SUPPLY]);
});

afterAll(async () => {
  await anvil?.stop();
});

const balanceOf = (who: Address) => publicClient.readContract({ address: token, abi, functionName: 'balanceOf', args: [who] });
async function send(account: typeof alice, functionName: string, args: readonly unknown[], gas?: bigint) {
  const hash = await wallet(account).writeContract({ address: token, abi, functionName, args, gas } as any);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

describe('GatewayToken', () => {
  it('mints the initial supply to the holder', async () => {
    expect(await publicClient.readContract({ address: token, abi, functionName: 'totalSupply' })).toBe(SUPPLY);
    expect(await balanceOf(alice.address)).toBe(SUPPLY);
    expect(await publicClient.readContract({ address: token, abi, functionName: 'name' })).toBe(NAME);
    expect(await publicClient.readContract({ address: token, abi, functionName: 'decimals' })).toBe(18);
  });

  it('transfers', async () => {
    await send(alice, 'transfer', [bob.address, parseEther('100')]);
    expect(await balanceOf(bob.address)).toBe(parseEther('100'));
    expect(await balanceOf(alice.address)).toBe(SUPPLY - parseEther('100'));
  });

  it('accepts an EIP-2612 permit, after which the spender moves the tokens; the permit cannot be replayed', async () => {
    const value = parseEther('25');
    const nonce = await publicClient.readContract({ address: token, abi, functionName: 'nonces', args: [bob.address] });
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
    const signature = await bob.signTypedData({
      domain: { name: NAME, version: '1', chainId: CHAIN_ID, verifyingContract: token },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: bob.address, spender: carol.address, value, nonce, deadline },
    });
    const { v, r, s } = parseSignature(signature);
    const permitArgs = [bob.address, carol.address, value, deadline, Number(v), r, s] as const;

    // carol (the spender) submits the permit, then the transferFrom. The latter has an explicit gas
    // limit: a relayer sending it before the permit is mined cannot estimate it (the estimate reverts).
    await send(carol, 'permit', permitArgs);
    expect(await publicClient.readContract({ address: token, abi, functionName: 'allowance', args: [bob.address, carol.address] })).toBe(
      value,
    );
    expect(await publicClient.readContract({ address: token, abi, functionName: 'nonces', args: [bob.address] })).toBe(nonce + 1n);

    await send(carol, 'transferFrom', [bob.address, dave, value], 100_000n);
    expect(await balanceOf(dave)).toBe(value);
    expect(await balanceOf(bob.address)).toBe(parseEther('75'));
    expect(await publicClient.readContract({ address: token, abi, functionName: 'allowance', args: [bob.address, carol.address] })).toBe(
      0n,
    );

    await expect(
      publicClient.simulateContract({ account: carol, address: token, abi, functionName: 'permit', args: permitArgs }),
    ).rejects.toThrow(/ERC2612InvalidSigner/);
  });

  it('counts votes only after delegation, with checkpoints per block', async () => {
    const { testClient } = testChain;
    const getVotes = (who: Address) => publicClient.readContract({ address: token, abi, functionName: 'getVotes', args: [who] });
    const aliceBalance = await balanceOf(alice.address);
    expect(await getVotes(alice.address)).toBe(0n);

    const delegated = await send(alice, 'delegate', [alice.address]);
    expect(await getVotes(alice.address)).toBe(aliceBalance);
    expect(await publicClient.readContract({ address: token, abi, functionName: 'delegates', args: [alice.address] })).toBe(alice.address);

    // bob delegates his 75 to alice one block later.
    const bobDelegated = await send(bob, 'delegate', [alice.address]);
    expect(await getVotes(alice.address)).toBe(aliceBalance + parseEther('75'));
    expect(await getVotes(bob.address)).toBe(0n);

    // getPastVotes needs a block in the past: mine one.
    await testClient.mine({ blocks: 1 });
    const getPastVotes = (block: bigint) =>
      publicClient.readContract({ address: token, abi, functionName: 'getPastVotes', args: [alice.address, block] });
    expect(await getPastVotes(delegated.blockNumber - 1n)).toBe(0n);
    expect(await getPastVotes(delegated.blockNumber)).toBe(aliceBalance);
    expect(await getPastVotes(bobDelegated.blockNumber)).toBe(aliceBalance + parseEther('75'));
    expect(
      await publicClient.readContract({ address: token, abi, functionName: 'getPastTotalSupply', args: [bobDelegated.blockNumber] }),
    ).toBe(SUPPLY);
  });
});
