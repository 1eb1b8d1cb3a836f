/**
 * Staking (one deployment = one farming pool) on a real anvil: rewards accrue at `rewardRate` per
 * second shared pro rata to the stakes; withdraw + getReward pay the stake back and the rewards
 * out of the funded balance.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, parseEther } from 'viem';
import { GatewayToken, Staking } from '../src/index.js';
import { devAccount, startChain, type TestChain } from './support.js';

const alice = devAccount(0); // token holder and staking owner
const bob = devAccount(1);
const carol = devAccount(2);
const RATE = parseEther('1'); // 1 GWT per second
const FUNDED = parseEther('100000');

let c: TestChain;
let token: { address: Address; abi: typeof GatewayToken.abi };
let staking: { address: Address; abi: typeof Staking.abi };

const blockTime = async (blockNumber: bigint) => (await c.publicClient.getBlock({ blockNumber })).timestamp;
const balance = (who: Address) => c.read<bigint>(token, 'balanceOf', [who]);
const earned = (who: Address) => c.read<bigint>(staking, 'earned', [who]);
/** |a - b| <= tolerance (rounding of the 1e18-scaled reward per token). */
const expectClose = (a: bigint, b: bigint, tolerance = 1000n) => expect(a > b ? a - b : b - a).toBeLessThanOrEqual(tolerance);

beforeAll(async () => {
  c = await startChain(31337);
  token = {
    address: await c.deploy(alice, GatewayToken, ['Gateway Token', 'GWT', alice.address, parseEther('1000000')]),
    abi: GatewayToken.abi,
  };
  // The native-token pool: stake GWT, earn GWT.
  staking = { address: await c.deploy(alice, Staking, [token.address, token.address, alice.address]), abi: Staking.abi };
  await c.send(alice, token, 'approve', [staking.address, FUNDED]);
  await c.send(alice, staking, 'fund', [FUNDED]);
  await c.send(alice, staking, 'setRewardRate', [RATE]);
  await c.send(alice, token, 'transfer', [bob.address, parseEther('100')]);
  await c.send(alice, token, 'transfer', [carol.address, parseEther('300')]);
});

afterAll(async () => {
  await c?.anvil.stop();
});

describe('Staking', () => {
  it('accrues rate × seconds × share, then pays the stake back and the rewards from the funded balance', async () => {
    await c.send(bob, token, 'approve', [staking.address, parseEther('100')]);
    const bobStaked = await blockTime((await c.send(bob, staking, 'stake', [parseEther('100')])).blockNumber);
    await c.send(carol, token, 'approve', [staking.address, parseEther('300')]);
    const carolStaked = await blockTime((await c.send(carol, staking, 'stake', [parseEther('300')])).blockNumber);
    expect(await c.read(staking, 'totalSupply')).toBe(parseEther('400'));

    await c.testClient.increaseTime({ seconds: 1000 });
    await c.testClient.mine({ blocks: 1 });
    const now = (await c.publicClient.getBlock()).timestamp;
    expect(now - carolStaked).toBeGreaterThanOrEqual(1000n);

    // bob alone until carol staked, then 100/400 of the rate; carol 300/400 since she staked.
    const bobExpected = RATE * (carolStaked - bobStaked) + (RATE * (now - carolStaked) * 100n) / 400n;
    const carolExpected = (RATE * (now - carolStaked) * 300n) / 400n;
    expectClose(await earned(bob.address), bobExpected);
    expectClose(await earned(carol.address), carolExpected);
    expect(await earned(carol.address)).toBeGreaterThanOrEqual(parseEther('750'));

    // bob withdraws (his rewards stop accruing at that block), then claims.
    const withdrawn = await blockTime((await c.send(bob, staking, 'withdraw', [parseEther('100')])).blockNumber);
    expect(await balance(bob.address)).toBe(parseEther('100'));
    const bobReward = RATE * (carolStaked - bobStaked) + (RATE * (withdrawn - carolStaked) * 100n) / 400n;
    expectClose(await earned(bob.address), bobReward);
    const owed = await earned(bob.address);
    await c.send(bob, staking, 'getReward', []);
    expect(await balance(bob.address)).toBe(parseEther('100') + owed);
    expect(await earned(bob.address)).toBe(0n);
    expect(await c.read(staking, 'rewardBalance')).toBe(FUNDED - owed);

    // carol now earns the whole rate: compare two blocks.
    const earnedAt = async (blockNumber: bigint) =>
      c.publicClient.readContract({ ...staking, functionName: 'earned', args: [carol.address], blockNumber });
    const from = await c.publicClient.getBlock();
    await c.testClient.increaseTime({ seconds: 100 });
    await c.testClient.mine({ blocks: 1 });
    const to = await c.publicClient.getBlock();
    expectClose((await earnedAt(to.number)) - (await earnedAt(from.number)), RATE * (to.timestamp - from.timestamp));
  });

  it('refuses a withdrawal beyond the stake and rate changes by others than the owner', async () => {
    await expect(c.publicClient.simulateContract({ account: bob, ...staking, functionName: 'withdraw', args: [1n] })).rejects.toThrow(
      /InsufficientStake/,
    );
    await expect(c.publicClient.simulateContract({ account: bob, ...staking, functionName: 'setRewardRate', args: [1n] })).rejects.toThrow(
      /OwnableUnauthorizedAccount/,
    );
  });
});
