/**
 * Governance on chain: a wallet funded on chain delegates by signature through the API, a
 * treasury-payment proposal is created through the outbox, the wallet votes by signature through the
 * API, and the keeper queues and executes the proposal. The outcomes are read on chain with viem, not
 * through the API: `getVotes`, `hasVoted`, `proposalVotes`, the recipient's `balanceOf`.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeFunctionData, erc20Abi, keccak256, toHex, type PrivateKeyAccount } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { GatewayGovernor, GatewayToken } from '@gw/contracts';
import { contractAddress, deployerAccount, faucet, publicClientOf, walletClientOf } from '@gw/core/chain';
import { proposeTreasuryPayment } from '@gw/core/governance';
import { scanDeposits } from '@gw/core/custody';
import { createGatewayClient } from '../../../packages/client/src/index.js';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';

const ONE = 10n ** 18n;
const BASE = '/api/gateway/v1/governance';
/** Above the 4 % quorum of the 10⁹ supply: the wallet's vote alone passes the proposal. */
const VOTES = 50_000_000n * ONE;
const PAYMENT = 7n * ONE;
const State = { pending: 0, active: 1, succeeded: 4, queued: 5, executed: 7 } as const;

describe('governance by signature on chain', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let token: `0x${string}`;
  let governor: `0x${string}`;
  let timelock: `0x${string}`;
  type Who = { wallet: PrivateKeyAccount; token: string; address: string };
  let alice: Who;
  let proposalId: string;
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  /** Messages of the warnings the API and the worker logged: the worker's own scans log a reorg too. */
  const warnings: string[] = [];
  const logSink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push(String((JSON.parse(line) as { msg?: string }).msg));
      done();
    },
  });

  const deps = () => stack.workerDeps;
  const pub = () => publicClientOf(deps(), deps().chains.home!);
  const as = (who: Who) => ({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${who.token}` });
  const mine = (n = 1) => rpc(stack.chains!.anvils[0]!.rpcUrl, 'anvil_mine', [toHex(n)]);
  const gov = <T>(functionName: string, args: unknown[]) =>
    pub().readContract({ address: governor, abi: GatewayGovernor.abi, functionName, args } as never) as Promise<T>;
  const state = async (id: string) => Number(await gov<number>('state', [BigInt(id)]));
  const voteRows = async () => ({
    votes: await deps().prisma.governanceVote.count(),
    outbox: await deps().prisma.chainTransaction.count({ where: { kind: 'governance-vote' } }),
  });

  const holder = async (amount: bigint): Promise<Who> => {
    const who = await stack.login(undefined, { apiKey: org.apiKey });
    if (amount > 0n) await faucet(deps(), who.address, amount);
    return who;
  };

  /** The ballot served by the API, signed by `signer` (the wallet itself unless given). */
  const signedBallot = async (who: Who, id: string, choice: 'for' | 'against' | 'abstain', signer = who.wallet) => {
    const res = await stack.http.get(`${BASE}/ballot/typed-data`).query({ proposalId: id, choice }).set(as(who));
    expect(res.status).toBe(200);
    const td = res.body.typedData;
    const signature = await signer.signTypedData({
      domain: td.domain,
      types: td.types,
      primaryType: 'Ballot',
      message: {
        proposalId: BigInt(td.message.proposalId),
        support: td.message.support,
        voter: td.message.voter,
        nonce: BigInt(td.message.nonce),
      },
    });
    return { proposalId: id, choice, signature };
  };
  const vote = (who: Who, body: object) => stack.http.post(`${BASE}/vote`).set(as(who)).send(body);

  const delegateSelf = async (who: Who) => {
    const td = (await stack.http.get(`${BASE}/delegation/typed-data`).query({ delegatee: who.address }).set(as(who))).body.typedData;
    const signature = await who.wallet.signTypedData({
      domain: td.domain,
      types: td.types,
      primaryType: 'Delegation',
      message: { delegatee: td.message.delegatee, nonce: BigInt(td.message.nonce), expiry: BigInt(td.message.expiry) },
    });
    const res = await stack.http
      .post(`${BASE}/delegate`)
      .set(as(who))
      .send({ delegatee: who.address, nonce: td.message.nonce, expiry: Number(td.message.expiry), signature });
    expect(res.status).toBe(202);
    return eventually(
      async () => {
        await mine();
        const got = await stack.http.get(`${BASE}/delegations/${res.body.id}`).set(as(who));
        return got.body.status === 'confirmed' || got.body.status === 'failed' ? got.body : undefined;
      },
      60_000,
      'delegation final',
    );
  };

  /** Waits until the poller indexed the proposal (listed with `state=all`). */
  const indexed = (id: string) =>
    eventually(
      async () => {
        await mine();
        const res = await stack.http.get(`${BASE}/proposals`).query({ state: 'all', limit: 100 }).set(as(alice));
        return (res.body.data as { id: string }[] | undefined)?.find((p) => p.id === id);
      },
      60_000,
      `proposal ${id} indexed`,
    );

  /** A proposal of the deployer's, sent directly (not through the gateway); its id once mined. */
  const proposeDirectly = async (description: string) => {
    const home = deps().chains.home!;
    const deployer = deployerAccount(deps(), home);
    const calldatas = [encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] })];
    const hash = await walletClientOf(deps(), home, deployer).writeContract({
      address: governor,
      abi: GatewayGovernor.abi,
      functionName: 'propose',
      args: [[token], [0n], calldatas, description],
      account: deployer,
      chain: undefined,
    } as never);
    await pub().waitForTransactionReceipt({ hash });
    return (await gov<bigint>('hashProposal', [[token], [0n], calldatas, keccak256(toHex(description))])).toString();
  };

  beforeAll(async () => {
    stack = await startStack('gateway-governance', {
      chain: true,
      env: { CHAIN_TX_POLL_MS: '100', CHAIN_POLL_INTERVAL_MS: '200', CHAIN_READ_CACHE_MS: '0', LOG_LEVEL: 'warn' },
      logStream: logSink,
    });
    org = await stack.org();
    token = await contractAddress(deps(), 31337, 'token');
    governor = await contractAddress(deps(), 31337, 'governor');
    timelock = await contractAddress(deps(), 31337, 'treasury');
    await faucet(deps(), timelock, 1000n * ONE);
    alice = await holder(VOTES);
  }, 60_000);
  afterAll(() => stack.stop());

  it('a wallet delegates to itself by signature: its votes are its own balance, read on chain', async () => {
    expect(
      await pub().readContract({ address: token, abi: GatewayToken.abi, functionName: 'getVotes', args: [alice.address as `0x${string}`] }),
    ).toBe(0n);
    const d = await delegateSelf(alice);
    expect(d).toMatchObject({
      status: 'confirmed',
      delegator: alice.address,
      delegatee: alice.address,
      txHash: expect.stringMatching(/^0x/),
    });
    expect(
      await pub().readContract({ address: token, abi: GatewayToken.abi, functionName: 'getVotes', args: [alice.address as `0x${string}`] }),
    ).toBe(VOTES);
  }, 90_000);

  it('a treasury payment is proposed through the outbox and indexed from ProposalCreated', async () => {
    const out = await proposeTreasuryPayment(deps(), { title: 'Pay the auditors', to: recipient, amount: PAYMENT });
    proposalId = out.proposalId;
    const p = await indexed(proposalId);
    expect(p).toMatchObject({
      id: proposalId,
      title: 'Pay the auditors',
      targets: [token],
      values: ['0'],
      calldatas: [encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, PAYMENT] })],
    });
    expect(await deps().prisma.governanceProposal.count({ where: { proposalId } })).toBe(1);
  }, 90_000);

  it('refuses a vote before the voting period with 409 voting-not-started, writing nothing', async () => {
    // A proposal of the deployer's, mined now: its snapshot is the next block, so it is Pending.
    const id = await proposeDirectly(`Pending one ${Date.now()}`);
    expect(await state(id)).toBe(State.pending);
    const before = await voteRows();
    const res = await vote(alice, await signedBallot(alice, id, 'for'));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ type: expect.stringContaining('voting-not-started'), reason: 'voting-not-started' });
    expect(await voteRows()).toEqual(before);
  }, 60_000);

  it('votes by signature through the API: the weight and the tally, read on chain, are the wallet’s votes', async () => {
    await eventually(async () => ((await state(proposalId)) === State.active ? true : (await mine(), undefined)), 30_000, 'active');
    const active = await stack.http.get(`${BASE}/proposals`).set(as(alice));
    expect(active.status).toBe(200);
    expect(active.body.data.map((p: { id: string }) => p.id)).toContain(proposalId);

    const bob = await holder(ONE); // tokens, never delegated: no voting power
    const before = await voteRows();
    // A ballot signed by another key.
    const forged = await vote(alice, await signedBallot(alice, proposalId, 'for', bob.wallet));
    expect(forged.status).toBe(422);
    expect(forged.body).toMatchObject({ type: expect.stringContaining('invalid-governance-signature'), field: 'signature' });
    // No delegated votes at the snapshot.
    const powerless = await vote(bob, await signedBallot(bob, proposalId, 'for'));
    expect(powerless.status).toBe(422);
    expect(powerless.body).toMatchObject({ reason: 'no-voting-power' });
    expect(await voteRows()).toEqual(before);

    const ballot = await signedBallot(alice, proposalId, 'for');
    const res = await vote(alice, ballot);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', proposalId, voter: alice.address, choice: 'for', weight: null });
    // A second vote while the first is in flight.
    const again = await vote(alice, await signedBallot(alice, proposalId, 'against'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ reason: 'already-voted' });
    expect(await voteRows()).toEqual({ votes: before.votes + 1, outbox: before.outbox + 1 });

    const final = await eventually(
      async () => {
        await mine();
        const got = await stack.http.get(`${BASE}/votes/${res.body.id}`).set(as(alice));
        return got.body.status === 'confirmed' || got.body.status === 'failed' ? got.body : undefined;
      },
      60_000,
      'vote final',
    );
    expect(final).toMatchObject({ status: 'confirmed', weight: VOTES.toString(), txHash: expect.stringMatching(/^0x/) });
    const snapshot = await gov<bigint>('proposalSnapshot', [BigInt(proposalId)]);
    expect(await gov<bigint>('getVotes', [alice.address, snapshot])).toBe(VOTES);
    expect(await gov<boolean>('hasVoted', [BigInt(proposalId), alice.address])).toBe(true);
    expect(await gov<readonly bigint[]>('proposalVotes', [BigInt(proposalId)])).toEqual([0n, VOTES, 0n]);

    // Voted on chain: a second vote is refused still, and nothing is written.
    const after = await voteRows();
    const third = await vote(alice, await signedBallot(alice, proposalId, 'abstain'));
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ reason: 'already-voted' });
    expect(await voteRows()).toEqual(after);

    // The listing carries the contract's tally, and the poller indexed the VoteCast.
    const listed = await eventually(
      async () => {
        await mine();
        await scanDeposits(deps(), { wait: true });
        return (await deps().prisma.governanceVoteCast.findFirst({ where: { proposalId } })) ?? undefined;
      },
      30_000,
      'VoteCast indexed',
    );
    expect(listed).toMatchObject({ voter: alice.address, support: 1 });
    expect(listed.weight.toFixed(0)).toBe(VOTES.toString());
    const page = await stack.http.get(`${BASE}/proposals`).query({ state: 'all' }).set(as(alice));
    expect(page.body.data.find((p: { id: string }) => p.id === proposalId)).toMatchObject({
      state: 'active',
      tally: { against: '0', for: VOTES.toString(), abstain: '0' },
    });
  }, 120_000);

  it('after the voting period: 409 voting-closed; the keeper queues and executes, and the treasury pays', async () => {
    const end = await gov<bigint>('proposalDeadline', [BigInt(proposalId)]);
    const head = await pub().getBlockNumber();
    if (head <= end) await mine(Number(end - head) + 1);
    const carol = await holder(0n);
    const before = await voteRows();
    const closed = await vote(carol, await signedBallot(carol, proposalId, 'for'));
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ reason: 'voting-closed' });
    expect(await voteRows()).toEqual(before);

    await eventually(
      async () => {
        await mine();
        return (await pub().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })) === PAYMENT
          ? true
          : undefined;
      },
      90_000,
      'treasury payment executed',
    );
    expect(await state(proposalId)).toBe(State.executed);
    expect(await deps().prisma.chainTransaction.count({ where: { kind: { in: ['governance-queue', 'governance-execute'] } } })).toBe(2);
    const row = await eventually(
      async () => {
        await mine();
        const p = await deps().prisma.governanceProposal.findFirst({ where: { proposalId } });
        return p?.executedBlock ? p : undefined;
      },
      30_000,
      'ProposalExecuted indexed',
    );
    expect(row.queuedBlock).not.toBeNull();
  }, 150_000);

  it('an execute that fails (the treasury is short) is not sent again before its back-off, then is, and pays once the treasury is funded', async () => {
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const balanceOf = (who: `0x${string}`) => pub().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const amount = (await balanceOf(timelock)) + ONE;
    const { proposalId: id } = await proposeTreasuryPayment(deps(), { title: 'More than the treasury holds', to: payee, amount });
    await indexed(id);
    await eventually(async () => ((await state(id)) === State.active ? true : (await mine(), undefined)), 30_000, 'active');
    expect((await vote(alice, await signedBallot(alice, id, 'for'))).status).toBe(202);
    await eventually(
      async () => ((await gov<boolean>('hasVoted', [BigInt(id), alice.address])) ? true : (await mine(), undefined)),
      60_000,
      'vote mined',
    );
    const end = await gov<bigint>('proposalDeadline', [BigInt(id)]);
    const head = await pub().getBlockNumber();
    if (head <= end) await mine(Number(end - head) + 1);

    const base = `31337:${id}`;
    const executes = () =>
      deps().prisma.chainTransaction.findMany({
        where: { kind: 'governance-execute', reference: { startsWith: base } },
        orderBy: { createdAt: 'asc' },
        select: { reference: true, status: true },
      });
    await eventually(
      async () => {
        await mine();
        const rows = await executes();
        return rows.length === 1 && rows[0]!.status === 'failed' ? rows : undefined;
      },
      90_000,
      'the first execute failed',
    );
    expect(await state(id)).toBe(State.queued);
    // The keeper runs every 200 ms here: within its first minute of back-off it writes nothing more.
    for (let i = 0; i < 5; i++) {
      await mine();
      await new Promise((r) => setTimeout(r, 400));
    }
    expect(await executes()).toEqual([{ reference: base, status: 'failed' }]);

    await faucet(deps(), timelock, amount);
    // The back-off over: the failure is moved two minutes back instead of waiting for it.
    await deps().prisma.chainTransaction.updateMany({
      where: { kind: 'governance-execute', reference: base },
      data: { finishedAt: new Date(Date.now() - 120_000) },
    });
    await eventually(async () => ((await balanceOf(payee)) === amount ? true : (await mine(), undefined)), 90_000, 'paid on the retry');
    expect(await state(id)).toBe(State.executed);
    expect(await executes()).toEqual([
      { reference: base, status: 'failed' },
      { reference: `${base}#1`, status: expect.stringMatching(/^(submitted|confirmed)$/) },
    ]);
  }, 240_000);

  it('@service-gateway/client delegates and votes by signature (gw.delegateBySig, gw.voteBySig)', async () => {
    const dave = await holder(VOTES);
    const gw = createGatewayClient({ baseUrl: `${stack.baseUrl}/api`, apiKey: org.apiKey, token: dave.token });
    const delegation = await gw.delegateBySig(dave.wallet, { delegatee: dave.address });
    expect(delegation).toMatchObject({ object: 'delegation', status: 'pending', delegator: dave.address, delegatee: dave.address });
    await eventually(
      async () => {
        await mine();
        const d = await stack.http.get(`${BASE}/delegations/${delegation.id}`).set(as(dave));
        return d.body.status === 'confirmed' ? true : undefined;
      },
      60_000,
      'delegation confirmed',
    );
    const id = await proposeDirectly(`Client vote ${Date.now()}`);
    await eventually(async () => ((await state(id)) === State.active ? true : (await mine(), undefined)), 30_000, 'active');
    const accepted = await gw.voteBySig(dave.wallet, { proposalId: id, choice: 'against' });
    expect(accepted).toMatchObject({ object: 'vote', status: 'pending', proposalId: id, voter: dave.address, choice: 'against' });
    await eventually(
      async () => {
        await mine();
        const v = await stack.http.get(`${BASE}/votes/${accepted.id}`).set(as(dave));
        return v.body.status === 'confirmed' ? true : undefined;
      },
      60_000,
      'vote confirmed',
    );
    expect(await gov<readonly bigint[]>('proposalVotes', [BigInt(id)])).toEqual([VOTES, 0n, 0n]);
    await expect(gw.voteBySig(dave.wallet, { proposalId: id, choice: 'for' })).rejects.toMatchObject({
      status: 409,
      problem: expect.objectContaining({ type: '/problems/already-voted' }),
    });
  }, 120_000);

  it('the indexer is reorg-safe: a proposal whose block is reorged away is forgotten', async () => {
    // Last test: the revert also drops what the outbox would have sent meanwhile (nothing is in flight now).
    const url = stack.chains!.anvils[0]!.rpcUrl;
    const snapshot = await rpc<string>(url, 'evm_snapshot');
    const id = await proposeDirectly(`Reorged away ${Date.now()}`);
    const indexedRow = () => deps().prisma.governanceProposal.findFirst({ where: { proposalId: id } });
    await eventually(
      async () => {
        await mine();
        await scanDeposits(deps(), { wait: true });
        return (await indexedRow()) ?? undefined;
      },
      30_000,
      'indexed before the reorg',
    );
    const before = warnings.length;
    await rpc(url, 'evm_revert', [snapshot]);
    await mine(10); // a longer chain without the proposal
    // The worker scans every 200 ms: whichever pass comes first after the revert (the worker's or
    // this one, which waits for the scan lock) sees the changed hashes and unwinds.
    await scanDeposits(deps(), { wait: true });
    expect(warnings.slice(before)).toContain('reorg: blocks read again');
    expect(await indexedRow()).toBeNull();
    expect(Number(await gov<bigint>('proposalSnapshot', [BigInt(id)]))).toBe(0);
  }, 90_000);
});
