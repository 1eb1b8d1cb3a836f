/**
 * PayoutBatcher and RelayBatcher on a real anvil.
 *
 * PayoutBatcher: the custody address approves the batcher once; the payer pays several withdrawals
 * in one transaction, a bad item (address(0), short allowance or balance, a token returning false)
 * fails alone, a batch sent again pays nothing twice, and only PAYER_ROLE may pay.
 *
 * RelayBatcher: holders who never hold ether delegate and vote by signature, the relayer submits
 * many signatures per transaction; a bad signature fails alone, a replayed batch fails item by
 * item, a call off the allow-list is a failed item (not a reverted batch), and only RELAYER_ROLE
 * may relay.
 *
 * Gas per item (payouts, votes, delegations) is measured as the difference between a batch of one
 * and a larger batch, and printed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Abi,
  type Address,
  decodeErrorResult,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseSignature,
  slice,
  toFunctionSelector,
  toHex,
  type TransactionReceipt,
  zeroAddress,
} from 'viem';
import type { HDAccount } from 'viem/accounts';
import { GatewayGovernor, GatewayToken, PayoutBatcher, RelayBatcher } from '../src/index.js';
import { deployGovernance, devAccount, type Governance, startChain, type TestChain } from './support.js';

const admin = devAccount(0); // deployer: holds the supply, admin of both batchers, proposes
const custody = devAccount(1); // holds the withdrawable tokens, approves the payout batcher
const relayer = devAccount(2); // PAYER_ROLE and RELAYER_ROLE: submits the batches, pays the gas
const stranger = devAccount(3);
/** Token holders without ether: they only sign, the relayer pays the gas. */
const voters = Array.from({ length: 10 }, (_, i) => devAccount(20 + i));
/** voters[i] holds (i + 1) × 1000 GWT: distinct weights make a wrong tally visible. */
const weight = (i: number) => parseEther(String((i + 1) * 1000));
const VOTING_DELAY = 1; // blocks
const VOTING_PERIOD = 100; // blocks
const BATCH_GAS = 5_000_000n;
const Support = { Against: 0, For: 1, Abstain: 2 } as const;
const CAST_VOTE_BY_SIG = toFunctionSelector('castVoteBySig(uint256,uint8,address,bytes)');
const DELEGATE_BY_SIG = toFunctionSelector('delegateBySig(address,uint256,uint256,uint8,bytes32,bytes32)');

/** A withdrawal's (or a relayed call's) ref, as the service would derive it from its id. */
const ref = (label: string): Hex => keccak256(toHex(label));
/** A fresh address that never held anything. */
const address = (label: string): Address => getAddress(slice(keccak256(toHex(label)), 12));

let c: TestChain;
let gov: Governance;
let token: Governance['token'];
let payouts: { address: Address; abi: typeof PayoutBatcher.abi };
let relays: { address: Address; abi: typeof RelayBatcher.abi };

beforeAll(async () => {
  c = await startChain(31337);
  gov = await deployGovernance(c, admin, {
    supply: parseEther('1000000'),
    votingDelay: VOTING_DELAY,
    votingPeriod: VOTING_PERIOD,
    timelockDelay: 3600,
  });
  token = gov.token;
  await c.send(admin, token, 'transfer', [custody.address, parseEther('10000')]);
  for (const [i, voter] of voters.entries()) await c.send(admin, token, 'transfer', [voter.address, weight(i)]);

  payouts = { address: await c.deploy(admin, PayoutBatcher, [token.address, custody.address, admin.address]), abi: PayoutBatcher.abi };
  await c.send(admin, payouts, 'grantRole', [await c.read<Hex>(payouts, 'PAYER_ROLE'), relayer.address]);

  relays = { address: await c.deploy(admin, RelayBatcher, [admin.address]), abi: RelayBatcher.abi };
  await c.send(admin, relays, 'grantRole', [await c.read<Hex>(relays, 'RELAYER_ROLE'), relayer.address]);
  await c.send(admin, relays, 'setAllowed', [gov.governor.address, CAST_VOTE_BY_SIG, true]);
  await c.send(admin, relays, 'setAllowed', [token.address, DELEGATE_BY_SIG, true]);
});

afterAll(async () => {
  await c?.anvil.stop();
});

const balanceOf = (who: Address) => c.read<bigint>(token, 'balanceOf', [who]);

/** The per-item events of a batch's receipt, in order, as [event name, ref]. */
function outcomes(abi: Abi, receipt: TransactionReceipt): [string, Hex][] {
  return parseEventLogs({ abi, logs: receipt.logs })
    .filter((log) => ['Paid', 'PayoutFailed', 'PayoutReplayed', 'Relayed', 'RelayFailed'].includes(log.eventName))
    .map((log) => [log.eventName, (log.args as { ref: Hex }).ref]);
}

/** The `reason` bytes of each failed item of a batch's receipt, decoded with `abi`'s errors. */
function failures(abi: Abi, receipt: TransactionReceipt): { errorName: string; args: readonly unknown[] | undefined }[] {
  return parseEventLogs({ abi: [...PayoutBatcher.abi, ...RelayBatcher.abi], logs: receipt.logs })
    .filter((log) => log.eventName === 'PayoutFailed' || log.eventName === 'RelayFailed')
    .map((log) => {
      const { errorName, args } = decodeErrorResult({ abi, data: (log.args as { reason: Hex }).reason });
      return { errorName, args };
    });
}

describe('PayoutBatcher', () => {
  type Payout = { ref: Hex; to: Address; amount: bigint };
  const pay = (items: Payout[], batcher = payouts) => c.send(relayer, batcher, 'payout', [items], BATCH_GAS);
  /** GatewayToken's errors plus the batcher's own (`TransferReturnedFalse`). */
  const reasons = [...GatewayToken.abi, ...PayoutBatcher.abi] as Abi;

  it('pays several recipients in one transaction, an item to address(0) fails alone; the batch sent again pays nothing twice', async () => {
    await c.send(custody, token, 'approve', [payouts.address, maxUint256]);
    const items: Payout[] = [
      { ref: ref('w1'), to: address('r1'), amount: parseEther('10') },
      { ref: ref('w2'), to: address('r2'), amount: parseEther('20') },
      { ref: ref('w3'), to: zeroAddress, amount: parseEther('5') },
      { ref: ref('w4'), to: address('r3'), amount: parseEther('30') },
    ];
    const custodyBefore = await balanceOf(custody.address);

    const receipt = await pay(items);
    expect(outcomes(PayoutBatcher.abi, receipt)).toEqual([
      ['Paid', ref('w1')],
      ['Paid', ref('w2')],
      ['PayoutFailed', ref('w3')],
      ['Paid', ref('w4')],
    ]);
    expect(failures(reasons, receipt)).toEqual([{ errorName: 'ERC20InvalidReceiver', args: [zeroAddress] }]);
    const [paid] = parseEventLogs({ abi: PayoutBatcher.abi, eventName: 'Paid', logs: receipt.logs });
    expect(paid!.args).toEqual({ ref: ref('w1'), to: address('r1'), amount: parseEther('10') });
    expect(await balanceOf(address('r1'))).toBe(parseEther('10'));
    expect(await balanceOf(address('r2'))).toBe(parseEther('20'));
    expect(await balanceOf(address('r3'))).toBe(parseEther('30'));
    expect(await balanceOf(custody.address)).toBe(custodyBefore - parseEther('60'));
    expect(await balanceOf(payouts.address)).toBe(0n);
    for (const [label, paidAlready] of [
      ['w1', true],
      ['w2', true],
      ['w3', false],
      ['w4', true],
    ] as const) {
      expect(await c.read(payouts, 'isPaid', [ref(label)])).toBe(paidAlready);
    }

    // The relayer crashed before recording its transaction and sends the batch again: the paid
    // refs are replayed, the failed one is tried again (and fails again); nothing moves.
    const again = await pay(items);
    expect(outcomes(PayoutBatcher.abi, again)).toEqual([
      ['PayoutReplayed', ref('w1')],
      ['PayoutReplayed', ref('w2')],
      ['PayoutFailed', ref('w3')],
      ['PayoutReplayed', ref('w4')],
    ]);
    expect(await balanceOf(custody.address)).toBe(custodyBefore - parseEther('60'));
    expect(await balanceOf(address('r1'))).toBe(parseEther('10'));

    // A ref twice in one batch is paid once.
    const twice = await pay([
      { ref: ref('w5'), to: address('r1'), amount: parseEther('1') },
      { ref: ref('w5'), to: address('r1'), amount: parseEther('1') },
    ]);
    expect(outcomes(PayoutBatcher.abi, twice)).toEqual([
      ['Paid', ref('w5')],
      ['PayoutReplayed', ref('w5')],
    ]);
    expect(await balanceOf(address('r1'))).toBe(parseEther('11'));
  });

  it('refuses a caller without PAYER_ROLE, the custody address included', async () => {
    for (const account of [stranger, custody]) {
      await expect(
        c.publicClient.simulateContract({
          account,
          ...payouts,
          functionName: 'payout',
          args: [[{ ref: ref('w-stranger'), to: account.address, amount: 1n }]],
        }),
      ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    }
  });

  it("custody's allowance or balance short: those items fail one by one, the others are paid", async () => {
    await c.send(custody, token, 'approve', [payouts.address, parseEther('50')]);
    const allowanceShort = await pay([
      { ref: ref('a1'), to: address('a1'), amount: parseEther('30') },
      { ref: ref('a2'), to: address('a2'), amount: parseEther('40') }, // 20 left
      { ref: ref('a3'), to: address('a3'), amount: parseEther('20') },
    ]);
    expect(outcomes(PayoutBatcher.abi, allowanceShort)).toEqual([
      ['Paid', ref('a1')],
      ['PayoutFailed', ref('a2')],
      ['Paid', ref('a3')],
    ]);
    expect(failures(reasons, allowanceShort)).toEqual([
      { errorName: 'ERC20InsufficientAllowance', args: [payouts.address, parseEther('20'), parseEther('40')] },
    ]);
    expect(await balanceOf(address('a2'))).toBe(0n);
    expect(await c.read(token, 'allowance', [custody.address, payouts.address])).toBe(0n);

    await c.send(custody, token, 'approve', [payouts.address, maxUint256]);
    const balance = await balanceOf(custody.address);
    const balanceShort = await pay([
      { ref: ref('b1'), to: address('b1'), amount: balance + 1n },
      { ref: ref('b2'), to: address('b2'), amount: 1n },
    ]);
    expect(outcomes(PayoutBatcher.abi, balanceShort)).toEqual([
      ['PayoutFailed', ref('b1')],
      ['Paid', ref('b2')],
    ]);
    expect(failures(reasons, balanceShort)).toEqual([
      { errorName: 'ERC20InsufficientBalance', args: [custody.address, balance, balance + 1n] },
    ]);
    expect(await balanceOf(custody.address)).toBe(balance - 1n);
    // a failed ref stays unpaid: it may be retried, or refunded (and then never sent again)
    expect(await c.read(payouts, 'isPaid', [ref('b1')])).toBe(false);
  });

  it('a token that returns false instead of reverting: the item fails with TransferReturnedFalse', async () => {
    // A "token" whose every call returns 32 zero bytes (false): MSTORE(0, 0); RETURN(0, 32).
    const falseToken = address('false-token');
    await c.testClient.setCode({ address: falseToken, bytecode: '0x600060005260206000f3' });
    const batcher = { address: await c.deploy(admin, PayoutBatcher, [falseToken, custody.address, admin.address]), abi: PayoutBatcher.abi };
    await c.send(admin, batcher, 'grantRole', [await c.read<Hex>(batcher, 'PAYER_ROLE'), relayer.address]);
    const receipt = await pay([{ ref: ref('f1'), to: address('f1'), amount: 1n }], batcher);
    expect(outcomes(PayoutBatcher.abi, receipt)).toEqual([['PayoutFailed', ref('f1')]]);
    expect(failures(reasons, receipt)).toEqual([{ errorName: 'TransferReturnedFalse', args: undefined }]);
    expect(await c.read(batcher, 'isPaid', [ref('f1')])).toBe(false);

    // and a token address without code is refused at deployment
    const data = encodeDeployData({
      abi: PayoutBatcher.abi,
      bytecode: PayoutBatcher.bytecode,
      args: [stranger.address, custody.address, admin.address],
    });
    await expect(c.publicClient.call({ account: admin.address, data })).rejects.toThrow(toFunctionSelector('NotAContract(address)'));
  });

  it('gas per item: measured against a batch of one, and a plain transfer for comparison', async () => {
    const batch = (label: string, n: number, to = (i: number) => address(`${label}-${i}`)) =>
      Array.from({ length: n }, (_, i) => ({ ref: ref(`${label}-${i}`), to: to(i), amount: parseEther('1') }));
    const N = 21;
    /** gasUsed of paying `items`, each of which must end as `expected`. */
    const gas = async (items: Payout[], expected: 'Paid' | 'PayoutReplayed' | 'PayoutFailed') => {
      const receipt = await pay(items);
      expect(outcomes(PayoutBatcher.abi, receipt)).toEqual(items.map((item) => [expected, item.ref]));
      return receipt.gasUsed;
    };
    const perItem = (one: bigint, many: bigint) => (many - one) / BigInt(N - 1);

    await c.send(custody, token, 'approve', [payouts.address, maxUint256]);

    const newOne = await gas(batch('g1', 1), 'Paid');
    const toNewHolder = perItem(newOne, await gas(batch('gN', N), 'Paid'));
    // the same recipients again (they hold tokens now), under new refs
    const toHolder = perItem(
      await gas(
        batch('h1', 1, (i) => address(`g1-${i}`)),
        'Paid',
      ),
      await gas(
        batch('hN', N, (i) => address(`gN-${i}`)),
        'Paid',
      ),
    );
    const replayed = perItem(await gas(batch('g1', 1), 'PayoutReplayed'), await gas(batch('gN', N), 'PayoutReplayed'));
    const failed = perItem(
      await gas(
        batch('z1', 1, () => zeroAddress),
        'PayoutFailed',
      ),
      await gas(
        batch('zN', N, () => zeroAddress),
        'PayoutFailed',
      ),
    );
    const transfer = (await c.send(custody, token, 'transfer', [address('plain'), parseEther('1')])).gasUsed;

    console.log(
      `PayoutBatcher gas per item: ${toNewHolder} to a new holder, ${toHolder} to an existing holder, ` +
        `${replayed} replayed, ${failed} failed; per batch ${newOne - toNewHolder} (the transaction included); ` +
        `a plain transfer transaction to a new holder: ${transfer}`,
    );
    expect(toNewHolder).toBeLessThan(80_000n);
    expect(toHolder).toBeLessThan(toNewHolder);
    expect(replayed).toBeLessThan(5_000n);
  });
});

describe('RelayBatcher', () => {
  type Call = { ref: Hex; target: Address; data: Hex };
  const relay = (calls: Call[]) => c.send(relayer, relays, 'relay', [calls], BATCH_GAS);
  const reasons = [...GatewayGovernor.abi, ...GatewayToken.abi, ...RelayBatcher.abi] as Abi;
  const expiry = BigInt(Math.floor(Date.now() / 1000) + 3600);

  /** `holder`'s delegation to `delegatee` signed by `holder` (ERC20Votes `delegateBySig`), as a relayed call. */
  async function delegation(holder: HDAccount, delegatee: Address, submittedDelegatee = delegatee): Promise<Call> {
    const [, name, version] = await c.read<readonly [Hex, string, string]>(token, 'eip712Domain');
    const nonce = await c.read<bigint>(token, 'nonces', [holder.address]);
    const signature = await holder.signTypedData({
      domain: { name, version, chainId: c.chain.id, verifyingContract: token.address },
      types: {
        Delegation: [
          { name: 'delegatee', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'expiry', type: 'uint256' },
        ],
      },
      primaryType: 'Delegation',
      message: { delegatee, nonce, expiry },
    });
    const { v, r, s } = parseSignature(signature);
    return {
      ref: ref(`delegate ${holder.address} ${nonce}`),
      target: token.address,
      data: encodeFunctionData({
        abi: GatewayToken.abi,
        functionName: 'delegateBySig',
        args: [submittedDelegatee, nonce, expiry, Number(v), r, s],
      }),
    };
  }

  /** `voter`'s ballot on `proposalId` (Governor `castVoteBySig`), signed by `signer` (the voter unless testing a bad signature). */
  async function ballot(voter: HDAccount, proposalId: bigint, support: number, signer = voter): Promise<Call> {
    const [, name, version] = await c.read<readonly [Hex, string, string]>(gov.governor, 'eip712Domain');
    const nonce = await c.read<bigint>(gov.governor, 'nonces', [voter.address]);
    const signature = await signer.signTypedData({
      domain: { name, version, chainId: c.chain.id, verifyingContract: gov.governor.address },
      types: {
        Ballot: [
          { name: 'proposalId', type: 'uint256' },
          { name: 'support', type: 'uint8' },
          { name: 'voter', type: 'address' },
          { name: 'nonce', type: 'uint256' },
        ],
      },
      primaryType: 'Ballot',
      message: { proposalId, support, voter: voter.address, nonce },
    });
    return {
      ref: ref(`vote ${voter.address} ${proposalId}`),
      target: gov.governor.address,
      data: encodeFunctionData({
        abi: GatewayGovernor.abi,
        functionName: 'castVoteBySig',
        args: [proposalId, support, voter.address, signature],
      }),
    };
  }

  /** Proposes a (never executed) zero transfer from the treasury and mines until its vote is open; returns its id. */
  async function openProposal(description: string): Promise<bigint> {
    const args = [
      [token.address],
      [0n],
      [encodeFunctionData({ abi: GatewayToken.abi, functionName: 'transfer', args: [admin.address, 0n] })],
    ] as const;
    const proposalId = await c.read<bigint>(gov.governor, 'hashProposal', [...args, keccak256(toHex(description))]);
    await c.send(admin, gov.governor, 'propose', [...args, description]);
    await c.testClient.mine({ blocks: VOTING_DELAY + 1 });
    expect(await c.read(gov.governor, 'state', [proposalId])).toBe(1); // Active
    return proposalId;
  }

  // The tests below run in order: the votes count the delegations made by the first one.

  it('delegations by signature, many in one transaction; a mismatched signature delegates someone else', async () => {
    const first = await relay([await delegation(voters[0]!, voters[0]!.address)]);
    const rest = await Promise.all(voters.slice(1).map((v) => delegation(v, v.address)));
    const many = await relay(rest);
    expect(outcomes(RelayBatcher.abi, first)).toEqual([['Relayed', ref(`delegate ${voters[0]!.address} 0`)]]);
    expect(outcomes(RelayBatcher.abi, many)).toEqual(rest.map((call) => ['Relayed', call.ref]));
    for (const [i, voter] of voters.entries()) {
      expect(await c.read(token, 'getVotes', [voter.address])).toBe(weight(i));
    }
    const perDelegation = (many.gasUsed - first.gasUsed) / BigInt(rest.length - 1);
    console.log(`RelayBatcher gas per delegateBySig: ${perDelegation}; per batch ${first.gasUsed - perDelegation}`);

    // A signature submitted with another delegatee recovers another address; whose nonce 0
    // matches, so the call succeeds and "delegates" that address's empty votes. `Relayed` alone
    // does not prove the holder delegated: the token's DelegateChanged names the delegator.
    const holder = devAccount(40);
    const tampered = await relay([await delegation(holder, holder.address, admin.address)]);
    expect(outcomes(RelayBatcher.abi, tampered)).toEqual([['Relayed', ref(`delegate ${holder.address} 0`)]]);
    const [changed] = parseEventLogs({ abi: GatewayToken.abi, eventName: 'DelegateChanged', logs: tampered.logs });
    expect(changed!.args.delegator).not.toBe(holder.address);
    expect(await c.read(token, 'delegates', [holder.address])).toBe(zeroAddress);
  });

  it('several votes by signature in one transaction: an invalid signature fails alone, the others count; the batch again fails item by item', async () => {
    const proposalId = await openProposal('Votes relayed in a batch');
    const [v0, v1, v2, v3, v4] = voters as [HDAccount, HDAccount, HDAccount, HDAccount, HDAccount];
    const calls = [
      await ballot(v0, proposalId, Support.For),
      await ballot(v1, proposalId, Support.Against),
      await ballot(v2, proposalId, Support.For, v3), // signed by someone else
      await ballot(v3, proposalId, Support.For),
      await ballot(v4, proposalId, Support.Abstain),
    ];
    const receipt = await relay(calls);
    expect(outcomes(RelayBatcher.abi, receipt)).toEqual([
      ['Relayed', calls[0]!.ref],
      ['Relayed', calls[1]!.ref],
      ['RelayFailed', calls[2]!.ref],
      ['Relayed', calls[3]!.ref],
      ['Relayed', calls[4]!.ref],
    ]);
    expect(failures(reasons, receipt)).toEqual([{ errorName: 'GovernorInvalidSignature', args: [v2.address] }]);
    expect(await c.read(gov.governor, 'proposalVotes', [proposalId])).toEqual([weight(1), weight(0) + weight(3), weight(4)]);
    expect(await c.read(gov.governor, 'hasVoted', [proposalId, v2.address])).toBe(false);

    // Sent again: every signature's nonce is spent (the failed one's too is refused), nothing changes.
    const again = await relay(calls);
    expect(outcomes(RelayBatcher.abi, again)).toEqual(calls.map((call) => ['RelayFailed', call.ref]));
    expect(failures(reasons, again).map((f) => f.errorName)).toEqual(Array(5).fill('GovernorInvalidSignature'));
    expect(await c.read(gov.governor, 'proposalVotes', [proposalId])).toEqual([weight(1), weight(0) + weight(3), weight(4)]);

    // v2's own signature still goes through: the failed item spent no nonce.
    const retried = await relay([await ballot(v2, proposalId, Support.For)]);
    expect(outcomes(RelayBatcher.abi, retried).map(([event]) => event)).toEqual(['Relayed']);
    expect(await c.read(gov.governor, 'proposalVotes', [proposalId])).toEqual([weight(1), weight(0) + weight(2) + weight(3), weight(4)]);
  });

  it('gas per relayed vote: measured against a batch of one', async () => {
    const proposalId = await openProposal('Votes relayed for a gas measurement');
    const first = await relay([await ballot(voters[0]!, proposalId, Support.For)]);
    const rest = await Promise.all(voters.slice(1).map((v) => ballot(v, proposalId, Support.For)));
    const many = await relay(rest);
    expect(outcomes(RelayBatcher.abi, many)).toEqual(rest.map((call) => ['Relayed', call.ref]));
    const perVote = (many.gasUsed - first.gasUsed) / BigInt(rest.length - 1);
    console.log(`RelayBatcher gas per castVoteBySig: ${perVote}; per batch ${first.gasUsed - perVote}`);
    expect(perVote).toBeLessThan(100_000n);
  });

  it('a call off the allow-list is a failed item (CallNotAllowed), the rest of the batch goes through', async () => {
    const proposalId = await openProposal('Votes relayed next to calls not allowed');
    const calls: Call[] = [
      // the token, but not delegateBySig
      {
        ref: ref('transfer'),
        target: token.address,
        data: encodeFunctionData({ abi: GatewayToken.abi, functionName: 'transfer', args: [stranger.address, 1n] }),
      },
      // a target never allowed
      { ref: ref('timelock'), target: gov.timelock.address, data: CAST_VOTE_BY_SIG },
      // too short for a selector
      { ref: ref('short'), target: gov.governor.address, data: '0x12' },
      await ballot(voters[0]!, proposalId, Support.For),
    ];
    const receipt = await relay(calls);
    expect(outcomes(RelayBatcher.abi, receipt)).toEqual([
      ['RelayFailed', ref('transfer')],
      ['RelayFailed', ref('timelock')],
      ['RelayFailed', ref('short')],
      ['Relayed', calls[3]!.ref],
    ]);
    expect(failures(reasons, receipt)).toEqual([
      { errorName: 'CallNotAllowed', args: [token.address, toFunctionSelector('transfer(address,uint256)')] },
      { errorName: 'CallNotAllowed', args: [gov.timelock.address, CAST_VOTE_BY_SIG] },
      { errorName: 'CallNotAllowed', args: [gov.governor.address, '0x00000000'] },
    ]);

    // the admin withdraws castVoteBySig: ballots fail from then on
    await c.send(admin, relays, 'setAllowed', [gov.governor.address, CAST_VOTE_BY_SIG, false]);
    try {
      expect(await c.read(relays, 'isAllowed', [gov.governor.address, CAST_VOTE_BY_SIG])).toBe(false);
      const refused = await relay([await ballot(voters[1]!, proposalId, Support.For)]);
      expect(failures(reasons, refused)).toEqual([{ errorName: 'CallNotAllowed', args: [gov.governor.address, CAST_VOTE_BY_SIG] }]);
    } finally {
      await c.send(admin, relays, 'setAllowed', [gov.governor.address, CAST_VOTE_BY_SIG, true]);
    }
    // only contracts can be allowed
    await expect(
      c.publicClient.simulateContract({
        account: admin,
        ...relays,
        functionName: 'setAllowed',
        args: [stranger.address, CAST_VOTE_BY_SIG, true],
      }),
    ).rejects.toThrow(/NotAContract/);
  });

  it('refuses a caller without RELAYER_ROLE, and allow-list changes by anyone but the admin', async () => {
    const call = await ballot(voters[0]!, 1n, Support.For);
    await expect(c.publicClient.simulateContract({ account: stranger, ...relays, functionName: 'relay', args: [[call]] })).rejects.toThrow(
      /AccessControlUnauthorizedAccount/,
    );
    await expect(
      c.publicClient.simulateContract({
        account: relayer,
        ...relays,
        functionName: 'setAllowed',
        args: [gov.timelock.address, CAST_VOTE_BY_SIG, true],
      }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
  });
});
