/**
 * Withdrawals: custodial tokens sent on chain to the wallet's own address through the
 * on-chain outbox, on a real anvil with the real worker. The debit and the transaction are one
 * write; `confirmed` after the confirmations; a refused transaction credits the amount back once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { erc20Abi } from 'viem';
import { contractAddress, publicClientOf } from '@gw/core/chain';
import { mintByDeposit } from '@gw/core/local-chain';
import { getBalance, ISSUANCE, WITHDRAWALS_IN_FLIGHT } from '@gw/core/ledger';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';
import { newWallet } from '../../../test/support/wallet.js';

const ONE = 10n ** 18n;

describe('withdrawals', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };
  let token: `0x${string}`;
  const as = (who: { token: string }) => ({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${who.token}` });
  const deps = () => stack.api.deps;
  const onchain = (who: string) =>
    publicClientOf(deps(), deps().chains.home!).readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [who as `0x${string}`],
    });
  const mine = () => rpc(stack.chains!.anvils[0]!.rpcUrl, 'anvil_mine', ['0x1']);

  /** Custodial funds the way a wallet gets them: test tokens from the faucet, deposited to custody and credited. */
  const fund = (address: string, amount: bigint) => mintByDeposit(stack.workerDeps, address, amount);
  const settled = (id: string, who = alice) =>
    eventually(
      async () => {
        await mine();
        const res = await stack.http.get(`/api/gateway/v1/wallet/withdrawals/${id}`).set(as(who));
        return ['confirmed', 'failed'].includes(res.body.status) ? res.body : undefined;
      },
      30_000,
      `withdrawal ${id} final`,
    );

  beforeAll(async () => {
    stack = await startStack('withdrawals', { chain: true, env: { CHAIN_TX_POLL_MS: '100' } });
    org = await stack.org();
    alice = await stack.login(undefined, { apiKey: org.apiKey });
    token = await contractAddress(deps(), 31337, 'token');
    await fund(alice.address, 20n * ONE);
  }, 60_000);
  afterAll(() => stack.stop());

  it('debits at once, sends on chain to the wallet, and is confirmed after the confirmations', async () => {
    const issuanceBefore = await getBalance(deps().prisma, ISSUANCE, 'GTK');
    const res = await stack.http
      .post('/api/gateway/v1/wallet/withdraw')
      .set(as(alice))
      .send({ amount: (5n * ONE).toString() });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      object: 'withdrawal',
      status: 'pending',
      chain: 'eip155:31337',
      to: alice.address,
      amount: (5n * ONE).toString(),
    });
    expect(await getBalance(deps().prisma, { type: 'wallet', id: alice.address }, 'GTK')).toBe(15n * ONE);
    expect(await getBalance(deps().prisma, WITHDRAWALS_IN_FLIGHT, 'GTK')).toBe(5n * ONE);
    const done = await settled(res.body.id);
    expect(done).toMatchObject({ status: 'confirmed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), failureReason: null });
    expect(await onchain(alice.address)).toBe(5n * ONE);
    // The tokens left custody: out of flight, and the custodial supply shrank by as much.
    expect(await getBalance(deps().prisma, WITHDRAWALS_IN_FLIGHT, 'GTK')).toBe(0n);
    expect(await getBalance(deps().prisma, ISSUANCE, 'GTK')).toBe(issuanceBefore + 5n * ONE);
    const receipt = await publicClientOf(deps(), deps().chains.home!).getTransactionReceipt({ hash: done.txHash });
    expect(receipt.status).toBe('success');
  });

  it('an Idempotency-Key replays the first withdrawal: one debit, one transaction', async () => {
    const send = () =>
      stack.http
        .post('/api/gateway/v1/wallet/withdraw')
        .set({ ...as(alice), 'Idempotency-Key': 'w-1' })
        .send({ amount: ONE.toString() });
    const [a, b] = [await send(), await send()];
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await deps().prisma.chainTransaction.count({ where: { kind: 'withdrawal', reference: a.body.id } })).toBe(1);
    await settled(a.body.id);
    expect(await getBalance(deps().prisma, { type: 'wallet', id: alice.address }, 'GTK')).toBe(14n * ONE);
  });

  it('a short custodial balance is 422 and writes nothing', async () => {
    const rows = await deps().prisma.custodyOutflow.count();
    const txs = await deps().prisma.chainTransaction.count();
    const res = await stack.http
      .post('/api/gateway/v1/wallet/withdraw')
      .set(as(alice))
      .send({ amount: (1000n * ONE).toString() });
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('/problems/insufficient-funds');
    expect(await deps().prisma.custodyOutflow.count()).toBe(rows);
    expect(await deps().prisma.chainTransaction.count()).toBe(txs);
  });

  it('a transaction the chain refuses fails the withdrawal and credits the amount back once', async () => {
    // A ledger balance that custody does not hold on chain: the transfer cannot succeed.
    const bob = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mintUnbacked(bob.address, 10n ** 30n);
    const res = await stack.http
      .post('/api/gateway/v1/wallet/withdraw')
      .set(as(bob))
      .send({ amount: (10n ** 30n).toString() });
    expect(res.status).toBe(202);
    const done = await settled(res.body.id, bob);
    expect(done).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/refused before sending|reverted/) });
    expect(await getBalance(deps().prisma, { type: 'wallet', id: bob.address }, 'GTK')).toBe(10n ** 30n);
    expect(await getBalance(deps().prisma, WITHDRAWALS_IN_FLIGHT, 'GTK')).toBe(0n);
    const credits = await deps().prisma.journalEntry.count({ where: { kind: 'withdrawal.failed', reference: res.body.id } });
    expect(credits).toBe(1);
  });

  it("another wallet's or organization's withdrawal is 404; a bad body is 400", async () => {
    const res = await stack.http.post('/api/gateway/v1/wallet/withdraw').set(as(alice)).send({ amount: ONE.toString() });
    const other = await stack.org();
    const mallory = await stack.login(undefined, { apiKey: other.apiKey });
    const peek = await stack.http
      .get(`/api/gateway/v1/wallet/withdrawals/${res.body.id}`)
      .set({ 'X-API-Key': other.apiKey, Authorization: `Bearer ${mallory.token}` });
    expect(peek.status).toBe(404);
    const carol = await stack.login(undefined, { apiKey: org.apiKey });
    expect((await stack.http.get(`/api/gateway/v1/wallet/withdrawals/${res.body.id}`).set(as(carol))).status).toBe(404);
    for (const body of [{ amount: '0' }, { amount: '-1' }, { amount: '1', token: 'USDC' }, { amount: '1', to: alice.address }])
      expect((await stack.http.post('/api/gateway/v1/wallet/withdraw').set(as(alice)).send(body)).status).toBe(400);
    await settled(res.body.id);
  });
});

describe('withdrawals without a chain', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('withdrawals-nochain', { worker: false });
  });
  afterAll(() => stack.stop());

  it('answer 503 chain-unavailable and change nothing', async () => {
    const org = await stack.org();
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    // Unbacked on purpose: this stack has no chain (the point of the test), so no deposit can fund it.
    await stack.mintUnbacked(alice.address, ONE);
    const res = await stack.http
      .post('/api/gateway/v1/wallet/withdraw')
      .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${alice.token}` })
      .send({ amount: '1' });
    expect(res.status).toBe(503);
    expect(res.body.type).toBe('/problems/chain-unavailable');
    expect(await getBalance(stack.api.deps.prisma, { type: 'wallet', id: alice.address }, 'GTK')).toBe(ONE);
  });

  it('the test stack refuses to fund a wallet without a deposit unless asked for an unbacked balance', async () => {
    const bob = newWallet();
    await expect(stack.mint(bob.address, ONE)).rejects.toThrow(/\{ chain: true \}.*mintUnbacked/);
    expect(await getBalance(stack.api.deps.prisma, { type: 'wallet', id: bob.address }, 'GTK')).toBe(0n);
  });
});
