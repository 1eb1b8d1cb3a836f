/**
 * The custody address's allowances to our own contracts, on a real anvil, the outbox driven by hand
 * (no worker) so that each step lands where an attacker would want it:
 * - between a custody stake's `approve` and its `stakeFor`, a third party's
 *   `stakeWithPermit(custody, allowance, 0, 27, 0x0, 0x0)` (no valid permit) is refused by the
 *   contract; the user's stake confirms and the reserves hold;
 * - two stakes in flight leave no standing allowance once both are final (the allowance is reset);
 * - a Transfer to custody from one of our own contracts (the staking pool, the bridge vault) is not
 *   a deposit: nobody's custodial balance is credited with it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createWalletClient, encodeFunctionData, erc20Abi, getAddress, http, parseEther, zeroHash } from 'viem';
import { Staking } from '@gw/contracts';
import { contractAddress, custodyAddress, faucet, processChainTransaction, publicClientOf } from '@gw/core/chain';
import { checkReserves, scanDeposits } from '@gw/core/custody';
import { getBalance } from '@gw/core/ledger';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';
import { newWallet } from '../../../test/support/wallet.js';

const ONE = 10n ** 18n;
const API = '/api/gateway/v1';

describe('custody allowances and transfers from our own contracts', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let token: `0x${string}`;
  let staking: `0x${string}`;
  let custody: `0x${string}`;
  const deps = () => stack.workerDeps;
  const pub = () => publicClientOf(deps(), deps().chains.home!);
  const url = () => stack.chains!.anvils[0]!.rpcUrl;
  const mine = (n: number) => rpc(url(), 'anvil_mine', [`0x${n.toString(16)}`]);
  const confirmations = () => deps().chains.home!.confirmations;
  const allowance = () => pub().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [custody, staking] });
  const staked = (who: string) =>
    pub().readContract({ address: staking, abi: Staking.abi, functionName: 'balanceOf', args: [who as `0x${string}`] });

  /** Runs one outbox row to its final state (sent, mined, `confirmations` deep) and answers its outcome. */
  async function settle(id: string) {
    for (let i = 0; i < 20; i++) {
      const out = await processChainTransaction(deps(), id);
      if (out.state === 'confirmed' || out.state === 'failed') return out;
      await mine(confirmations());
    }
    throw new Error(`chain transaction ${id} not final`);
  }
  /** Runs every unfinished outbox row, and those their outcomes write, until none is left. */
  async function settleAll() {
    for (let round = 0; round < 20; round++) {
      const open = await deps().prisma.chainTransaction.findMany({
        where: { status: { notIn: ['confirmed', 'failed'] } },
        orderBy: { createdAt: 'asc' },
      });
      if (open.length === 0) return;
      for (const row of open) await settle(row.id);
    }
    throw new Error('outbox not drained');
  }
  async function stakeFromCustody(who: { token: string }, amount: bigint) {
    const res = await stack.http
      .post(`${API}/staking/stake`)
      .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${who.token}` })
      .send({ source: 'custody', amount: amount.toString() });
    expect(res.status).toBe(202);
    return deps().prisma.custodyOutflow.findUniqueOrThrow({ where: { id: res.body.id } });
  }
  async function reservesNow() {
    await mine(confirmations());
    await scanDeposits(deps(), { wait: true });
    return checkReserves(deps());
  }

  beforeAll(async () => {
    stack = await startStack('custody-allowance', {
      chain: true,
      worker: false,
      env: { CHAIN_POLL_INTERVAL_MS: '0', CHAIN_RESERVES_CHECK_MS: '0' },
    });
    org = await stack.org();
    token = await contractAddress(deps(), 31337, 'token');
    staking = await contractAddress(deps(), 31337, 'staking');
    custody = await custodyAddress(deps());
  }, 60_000);
  afterAll(() => stack.stop());

  it("a third party's stakeWithPermit on custody's allowance is refused; the user's stake confirms and the reserves hold", async () => {
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(alice.address, 10n * ONE);
    const outflow = await stakeFromCustody(alice, 5n * ONE);
    // The approve is final: the allowance is open until stakeFor spends it.
    const approved = await settle(outflow.approveTransactionId!);
    expect(approved.state).toBe('confirmed');
    expect(await allowance()).toBe(5n * ONE);

    // Mallory submits a permit that is no permit at all, naming the custody address as the owner.
    const mallory = newWallet();
    await rpc(url(), 'anvil_setBalance', [mallory.address, `0x${parseEther('1').toString(16)}`]);
    const hash = await createWalletClient({ account: mallory, transport: http(url()) }).sendTransaction({
      to: staking,
      data: encodeFunctionData({
        abi: Staking.abi,
        functionName: 'stakeWithPermit',
        args: [custody, 5n * ONE, 0n, 27, zeroHash, zeroHash],
      }),
      gas: 300_000n,
      chain: null,
    } as never);
    const attack = await pub().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(attack.status).toBe('reverted');
    expect(await staked(custody)).toBe(0n);
    expect(await allowance()).toBe(5n * ONE);

    // The user's stake goes through as asked, and custody's books match the chain.
    const call = await settle(outflow.chainTransactionId);
    expect(call.state).toBe('confirmed');
    await settleAll();
    expect(await staked(alice.address)).toBe(5n * ONE);
    expect((await deps().prisma.custodyOutflow.findUniqueOrThrow({ where: { id: outflow.id } })).status).toBe('confirmed');
    expect(await getBalance(deps().prisma, { type: 'wallet', id: alice.address }, 'GTK')).toBe(5n * ONE);
    expect(await reservesNow()).toMatchObject({ holds: true, difference: '0' });
    expect(await allowance()).toBe(0n);
  }, 120_000);

  it('two stakes in flight leave no standing allowance once both are final', async () => {
    const bob = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(bob.address, 10n * ONE);
    const first = await stakeFromCustody(bob, 2n * ONE);
    expect((await settle(first.approveTransactionId!)).state).toBe('confirmed');
    // The second is recorded while the first is in flight: its approve covers both.
    const second = await stakeFromCustody(bob, 3n * ONE);
    expect((await settle(first.chainTransactionId)).state).toBe('confirmed');
    await settleAll();
    expect(await deps().prisma.custodyOutflow.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ status: 'confirmed' });
    expect(await staked(bob.address)).toBe(5n * ONE);
    expect(await allowance()).toBe(0n);
    expect(await reservesNow()).toMatchObject({ holds: true, difference: '0' });

    // A stake recorded while the reset written by the one before is still under way waits for it:
    // its approve is written by the reset's outcome, so the reset cannot take its allowance away.
    const third = await stakeFromCustody(bob, ONE);
    expect((await settle(third.approveTransactionId!)).state).toBe('confirmed');
    expect((await settle(third.chainTransactionId)).state).toBe('confirmed');
    const reset = await deps().prisma.chainTransaction.findFirstOrThrow({ where: { kind: 'custody-allowance.reset', status: 'queued' } });
    const fourth = await stakeFromCustody(bob, ONE);
    expect(await deps().prisma.chainTransaction.count({ where: { id: fourth.approveTransactionId! } })).toBe(0);
    expect((await settle(reset.id)).next).toEqual([expect.objectContaining({ id: fourth.approveTransactionId })]);
    await settleAll();
    expect(await deps().prisma.custodyOutflow.findUniqueOrThrow({ where: { id: fourth.id } })).toMatchObject({ status: 'confirmed' });
    expect(await staked(bob.address)).toBe(7n * ONE);
    expect(await allowance()).toBe(0n);
    expect(await reservesNow()).toMatchObject({ holds: true, difference: '0' });
  }, 120_000);

  it('a Transfer to custody from the staking pool or the bridge vault is not credited as a deposit', async () => {
    const before = await reservesNow();
    expect(before.holds).toBe(true);
    const bridge = await contractAddress(deps(), 31337, 'bridge');
    // Our contracts sending tokens to custody (the staking pool holds its funded rewards; the vault is
    // given some first), as `withdraw` of a stake held by custody or a release would.
    await faucet(deps(), bridge, 2n * ONE);
    for (const from of [staking, bridge]) {
      await rpc(url(), 'anvil_setBalance', [from, `0x${parseEther('1').toString(16)}`]);
      await rpc(url(), 'anvil_impersonateAccount', [from]);
      const hash = await rpc<`0x${string}`>(url(), 'eth_sendTransaction', [
        { from, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [custody, ONE] }) },
      ]);
      await rpc(url(), 'anvil_stopImpersonatingAccount', [from]);
      expect((await pub().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success');
    }
    const after = await reservesNow();
    for (const from of [staking, bridge]) {
      expect(await deps().prisma.deposit.count({ where: { address: getAddress(from) } })).toBe(0);
      expect(await getBalance(deps().prisma, { type: 'wallet', id: getAddress(from) }, 'GTK')).toBe(0n);
    }
    // The tokens are on chain in custody and in nobody's custodial balance: a surplus, never a debt.
    expect(BigInt(after.onchain) - BigInt(before.onchain)).toBe(2n * ONE);
    expect(after.custodial).toBe(before.custodial);
    expect(after.difference).toBe((2n * ONE).toString());
  }, 120_000);
});
