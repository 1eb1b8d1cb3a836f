/**
 * A full governance cycle on a real anvil: GatewayGovernor votes with GatewayToken, the Timelock
 * (the treasury) holds GWT; a proposal to pay a recipient from the treasury is proposed, voted,
 * queued, delayed and executed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, encodeFunctionData, keccak256, parseEther, toHex } from 'viem';
import { GatewayGovernor, GatewayToken, Timelock } from '../src/index.js';
import { deployGovernance, devAccount, type Governance, startChain, type TestChain } from './support.js';

const alice = devAccount(0); // holder of the supply, the voter
const bob = devAccount(1); // anyone: executes
const recipient: Address = devAccount(4).address;
const VOTING_DELAY = 1; // blocks
const VOTING_PERIOD = 50; // blocks
const TIMELOCK_DELAY = 3600; // seconds
const TREASURY = parseEther('10000');
const PAYMENT = parseEther('1234');

// Governor.ProposalState
const State = { Pending: 0, Active: 1, Succeeded: 4, Queued: 5, Executed: 7 } as const;

let c: TestChain;
let token: Governance['token'];
let timelock: Governance['timelock'];
let governor: Governance['governor'];

beforeAll(async () => {
  c = await startChain(31337);
  ({ token, timelock, governor } = await deployGovernance(c, alice, {
    supply: parseEther('1000000'),
    votingDelay: VOTING_DELAY,
    votingPeriod: VOTING_PERIOD,
    timelockDelay: TIMELOCK_DELAY,
  }));
  await c.send(alice, token, 'transfer', [timelock.address, TREASURY]);
});

afterAll(async () => {
  await c?.anvil.stop();
});

describe('GatewayGovernor + Timelock (the treasury)', () => {
  it('pays a recipient from the treasury after propose, vote, queue, delay and execute', async () => {
    await c.send(alice, token, 'delegate', [alice.address]);
    await c.testClient.mine({ blocks: 1 });

    const targets = [token.address];
    const values = [0n];
    const calldatas = [encodeFunctionData({ abi: GatewayToken.abi, functionName: 'transfer', args: [recipient, PAYMENT] })];
    const description = `Pay ${PAYMENT} GWT to ${recipient}`;
    const descriptionHash = keccak256(toHex(description));
    const proposalId = await c.read<bigint>(governor, 'hashProposal', [targets, values, calldatas, descriptionHash]);
    const state = async () => Number(await c.read(governor, 'state', [proposalId]));

    await c.send(alice, governor, 'propose', [targets, values, calldatas, description]);
    expect(await state()).toBe(State.Pending);

    await c.testClient.mine({ blocks: VOTING_DELAY + 1 });
    expect(await state()).toBe(State.Active);
    await c.send(alice, governor, 'castVote', [proposalId, 1]); // For
    const [against, forVotes] = await c.read<readonly [bigint, bigint, bigint]>(governor, 'proposalVotes', [proposalId]);
    expect(against).toBe(0n);
    expect(forVotes).toBe(parseEther('1000000') - TREASURY);

    await c.testClient.mine({ blocks: VOTING_PERIOD + 1 });
    expect(await state()).toBe(State.Succeeded);

    await c.send(alice, governor, 'queue', [targets, values, calldatas, descriptionHash]);
    expect(await state()).toBe(State.Queued);
    // Too early: the timelock's delay has not passed.
    await expect(
      c.publicClient.simulateContract({
        account: bob,
        address: governor.address,
        // the revert comes from the timelock: decode it with the timelock's errors too
        abi: [...GatewayGovernor.abi, ...Timelock.abi.filter((item) => item.type === 'error')],
        functionName: 'execute',
        args: [targets, values, calldatas, descriptionHash],
      }),
    ).rejects.toThrow(/TimelockUnexpectedOperationState/);

    await c.testClient.increaseTime({ seconds: TIMELOCK_DELAY + 1 });
    await c.testClient.mine({ blocks: 1 });
    await c.send(bob, governor, 'execute', [targets, values, calldatas, descriptionHash]);
    expect(await state()).toBe(State.Executed);
    expect(await c.read(token, 'balanceOf', [recipient])).toBe(PAYMENT);
    expect(await c.read(token, 'balanceOf', [timelock.address])).toBe(TREASURY - PAYMENT);
  });

  it('the treasury cannot be spent directly, only by the timelock itself', async () => {
    await expect(
      c.publicClient.simulateContract({
        account: alice,
        ...timelock,
        functionName: 'schedule',
        args: [token.address, 0n, '0x', `0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`, BigInt(TIMELOCK_DELAY)],
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
  });
});
