/**
 * Staking (one deployment = one farming pool) on a real anvil: rewards accrue at `rewardRate` per
 * second shared pro rata to the stakes; withdraw + getReward pay the stake back and the rewards
 * out of the funded balance.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, parseEther, parseSignature } from 'viem';
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

describe('Staking relaying', () => {
  const dave = devAccount(3); // a wallet that never sends a transaction of its own
  const relayer = devAccount(4); // submits everything for dave; holds the custodial tokens
  const chainTime = async () => (await c.publicClient.getBlock()).timestamp;
  const stakingDomain = () => ({ name: 'Staking', version: '1', chainId: 31337, verifyingContract: staking.address });
  const signWithdraw = async (signer: typeof dave, m: { owner: Address; amount: bigint; nonce: bigint; deadline: bigint }) =>
    signer.signTypedData({
      domain: stakingDomain(),
      types: {
        Withdraw: [
          { name: 'owner', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Withdraw',
      message: m,
    });
  const signGetReward = async (signer: typeof dave, m: { owner: Address; nonce: bigint; deadline: bigint }) =>
    signer.signTypedData({
      domain: stakingDomain(),
      types: {
        GetReward: [
          { name: 'owner', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'GetReward',
      message: m,
    });
  const nonceOf = (who: Address) => c.read<bigint>(staking, 'nonces', [who]);
  const refused = (functionName: string, args: readonly unknown[]) =>
    c.publicClient.simulateContract({ account: relayer, ...staking, functionName, args } as never);

  it('stakeFor credits the beneficiary with the caller’s tokens; only the beneficiary’s signature withdraws, to the beneficiary', async () => {
    await c.send(alice, token, 'transfer', [relayer.address, parseEther('50')]);
    await c.send(relayer, token, 'approve', [staking.address, parseEther('50')]);
    await c.send(relayer, staking, 'stakeFor', [dave.address, parseEther('50')]);
    expect(await c.read(staking, 'balanceOf', [dave.address])).toBe(parseEther('50'));
    expect(await c.read(staking, 'balanceOf', [relayer.address])).toBe(0n);
    expect(await balance(relayer.address)).toBe(0n);
    // The relayer holds no stake of its own: it cannot withdraw dave's.
    await expect(refused('withdraw', [1n])).rejects.toThrow(/InsufficientStake/);

    const deadline = (await chainTime()) + 3600n;
    const nonce = await nonceOf(dave.address);
    const sig = await signWithdraw(dave, { owner: dave.address, amount: parseEther('20'), nonce, deadline });
    // Wrong signer (the relayer signs for dave) and a changed amount are refused.
    const forged = await signWithdraw(relayer, { owner: dave.address, amount: parseEther('20'), nonce, deadline });
    await expect(refused('withdrawBySig', [dave.address, parseEther('20'), deadline, forged])).rejects.toThrow(/InvalidSigner/);
    await expect(refused('withdrawBySig', [dave.address, parseEther('21'), deadline, sig])).rejects.toThrow(/InvalidSigner/);

    await c.send(relayer, staking, 'withdrawBySig', [dave.address, parseEther('20'), deadline, sig]);
    expect(await balance(dave.address)).toBe(parseEther('20'));
    expect(await balance(relayer.address)).toBe(0n);
    expect(await c.read(staking, 'balanceOf', [dave.address])).toBe(parseEther('30'));
    expect(await nonceOf(dave.address)).toBe(nonce + 1n);
    // Replay: the nonce is spent.
    await expect(refused('withdrawBySig', [dave.address, parseEther('20'), deadline, sig])).rejects.toThrow(/InvalidSigner/);
  });

  it('getRewardBySig pays the owner’s rewards to the owner; expired and replayed signatures are refused', async () => {
    await c.testClient.increaseTime({ seconds: 100 });
    await c.testClient.mine({ blocks: 1 });
    expect(await earned(dave.address)).toBeGreaterThan(0n);

    const expired = (await chainTime()) - 1n;
    const old = await signGetReward(dave, { owner: dave.address, nonce: await nonceOf(dave.address), deadline: expired });
    await expect(refused('getRewardBySig', [dave.address, expired, old])).rejects.toThrow(/ExpiredSignature/);

    const deadline = (await chainTime()) + 3600n;
    const sig = await signGetReward(dave, { owner: dave.address, nonce: await nonceOf(dave.address), deadline });
    const before = await balance(dave.address);
    const receipt = await c.send(relayer, staking, 'getRewardBySig', [dave.address, deadline, sig]);
    const paid = (await balance(dave.address)) - before;
    expect(paid).toBeGreaterThan(0n);
    expect(
      await c.publicClient.readContract({ ...staking, functionName: 'rewards', args: [dave.address], blockNumber: receipt.blockNumber }),
    ).toBe(0n);
    expect(await balance(relayer.address)).toBe(0n);
    await expect(refused('getRewardBySig', [dave.address, deadline, sig])).rejects.toThrow(/InvalidSigner/);
  });

  it('stakeWithPermit stakes the owner’s own tokens by an EIP-2612 permit, also when the permit was front-run', async () => {
    const permit = async (value: bigint) => {
      const deadline = (await chainTime()) + 3600n;
      const nonce = await c.read<bigint>(token, 'nonces', [dave.address]);
      const signature = await dave.signTypedData({
        domain: { name: 'Gateway Token', version: '1', chainId: 31337, verifyingContract: token.address },
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
        message: { owner: dave.address, spender: staking.address, value, nonce, deadline },
      });
      const { v, r, s } = parseSignature(signature);
      return [dave.address, value, deadline, Number(v), r, s] as const;
    };
    const staked = await c.read<bigint>(staking, 'balanceOf', [dave.address]);
    const args = await permit(parseEther('5'));
    await c.send(relayer, staking, 'stakeWithPermit', args);
    expect(await c.read(staking, 'balanceOf', [dave.address])).toBe(staked + parseEther('5'));
    // Replayed: the permit's nonce is spent and no allowance is left, so the token's transferFrom
    // reverts (ERC20InsufficientAllowance, selector 0xfb8f41b2: the token's error, not in Staking's ABI).
    await expect(refused('stakeWithPermit', args)).rejects.toThrow(/0xfb8f41b2/);

    // Front-run: someone submits the permit itself first; the stake still goes through.
    const next = await permit(parseEther('5'));
    await c.send(carol, token, 'permit', [next[0], staking.address, next[1], next[2], next[3], next[4], next[5]]);
    await c.send(relayer, staking, 'stakeWithPermit', next);
    expect(await c.read(staking, 'balanceOf', [dave.address])).toBe(staked + parseEther('10'));
  });

  it('stakeWithPermit never spends a standing allowance for a third party: no permit, or a spent permit of another amount', async () => {
    const erin = devAccount(5);
    const zero = `0x${'00'.repeat(32)}` as const;
    await c.send(alice, token, 'transfer', [erin.address, parseEther('20')]);
    // Erin's permit of 5 to the pool, submitted to the token by someone (its nonce spent)...
    const deadline = (await chainTime()) + 3600n;
    const signature = await erin.signTypedData({
      domain: { name: 'Gateway Token', version: '1', chainId: 31337, verifyingContract: token.address },
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
      message: { owner: erin.address, spender: staking.address, value: parseEther('5'), nonce: 0n, deadline },
    });
    const { v, r, s } = parseSignature(signature);
    await c.send(carol, token, 'permit', [erin.address, staking.address, parseEther('5'), deadline, Number(v), r, s]);
    // ...then her own approve of 20 for a stake of her own (as the custody address approves before `stakeFor`).
    await c.send(erin, token, 'approve', [staking.address, parseEther('20')]);
    await expect(refused('stakeWithPermit', [erin.address, parseEther('20'), 0n, 27, zero, zero])).rejects.toThrow(/PermitNotGranted/);
    await expect(refused('stakeWithPermit', [erin.address, parseEther('20'), deadline, Number(v), r, s])).rejects.toThrow(
      /PermitNotGranted/,
    );
    expect(await c.read(staking, 'balanceOf', [erin.address])).toBe(0n);
    expect(await c.read(token, 'allowance', [erin.address, staking.address])).toBe(parseEther('20'));
    // Erin herself may stake on her own allowance this way.
    await c.send(erin, staking, 'stakeWithPermit', [erin.address, parseEther('20'), 0n, 27, zero, zero]);
    expect(await c.read(staking, 'balanceOf', [erin.address])).toBe(parseEther('20'));
  });
});
