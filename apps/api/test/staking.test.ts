/**
 * Staking on chain: a stake from the custodial balance (a custody outflow: approve +
 * `stakeFor`), a stake by the wallet's EIP-2612 permit, and an unstake and a claim by the wallet's
 * EIP-712 signature, all relayed through the on-chain outbox by the real worker on a real anvil.
 * Outcomes are read from the contracts with viem, not through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { erc20Abi, type PrivateKeyAccount } from 'viem';
import { Staking } from '@gw/contracts';
import { contractAddress, custodyAddress, faucet, localStakingRewards, publicClientOf } from '@gw/core/chain';
import { checkReserves } from '@gw/core/custody';
import { getBalance } from '@gw/core/ledger';
import { createGatewayClient } from '../../../packages/client/src/index.js';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';

const ONE = 10n ** 18n;
const API = '/api/gateway/v1';

describe('staking on chain', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let token: `0x${string}`;
  let staking: `0x${string}`;
  let custody: `0x${string}`;
  type Who = { wallet: PrivateKeyAccount; token: string; address: string };
  const as = (who: { token: string }) => ({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${who.token}` });
  const deps = () => stack.api.deps;
  const pub = () => publicClientOf(deps(), deps().chains.home!);
  const url = () => stack.chains!.anvils[0]!.rpcUrl;
  const mine = () => rpc(url(), 'anvil_mine', ['0x1']);
  const tokens = (who: string) =>
    pub().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who as `0x${string}`] });
  const stakeRead = (fn: 'balanceOf' | 'earned', who: string) =>
    pub().readContract({ address: staking, abi: Staking.abi, functionName: fn, args: [who as `0x${string}`] });
  const custodial = (who: string) => getBalance(deps().prisma, { type: 'wallet', id: who }, 'GTK');
  const counts = async () => ({
    operations: await deps().prisma.stakingOperation.count(),
    outflows: await deps().prisma.custodyOutflow.count(),
    chainTransactions: await deps().prisma.chainTransaction.count(),
    journal: await deps().prisma.journalEntry.count(),
  });

  /** Fetches the typed data of `action` and signs it with `signer` (the wallet itself unless given). */
  const sign = async (who: Who, action: 'stake' | 'unstake' | 'claim', amount?: bigint, signer: PrivateKeyAccount = who.wallet) => {
    const res = await stack.http
      .get(`${API}/staking/typed-data`)
      .query({ action, ...(amount === undefined ? {} : { amount: amount.toString() }) })
      .set(as(who));
    expect(res.status).toBe(200);
    const td = res.body.typedData as {
      domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` };
      types: Record<string, { name: string; type: string }[]>;
      primaryType: string;
      message: Record<string, string>;
    };
    const fields = td.types[td.primaryType]!;
    const message = Object.fromEntries(
      fields.map((f) => [f.name, f.type === 'address' ? td.message[f.name] : BigInt(td.message[f.name]!)]),
    );
    const signature = await signer.signTypedData({ domain: td.domain, types: td.types, primaryType: td.primaryType, message } as never);
    return { deadline: Number(td.message.deadline), signature, body: res.body };
  };
  const final = (who: Who, id: string) =>
    eventually(
      async () => {
        await mine();
        const res = await stack.http.get(`${API}/staking/operations/${id}`).set(as(who));
        expect(res.status).toBe(200);
        return res.body.status === 'confirmed' || res.body.status === 'failed' ? res.body : undefined;
      },
      60_000,
      `staking operation ${id} final`,
    );

  beforeAll(async () => {
    stack = await startStack('staking', { chain: true, env: { CHAIN_TX_POLL_MS: '100', CHAIN_POLL_INTERVAL_MS: '200' } });
    org = await stack.org();
    token = await contractAddress(deps(), 31337, 'token');
    staking = await contractAddress(deps(), 31337, 'staking');
    custody = await custodyAddress(deps());
  }, 60_000);
  afterAll(() => stack.stop());

  let alice: Who;

  it('stakes from custody: the stake is the wallet’s on chain, the custodial balance dropped once, and the reserves hold right after', async () => {
    alice = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(alice.address, 10n * ONE);
    const custodyBefore = await tokens(custody);
    const res = await stack.http
      .post(`${API}/staking/stake`)
      .set(as(alice))
      .send({ source: 'custody', amount: (4n * ONE).toString() });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ object: 'staking_operation', type: 'stake', source: 'custody', status: 'pending', pool: staking });
    // Debited at once (in flight), like a withdrawal.
    expect(await custodial(alice.address)).toBe(6n * ONE);
    const done = await final(alice, res.body.id);
    expect(done).toMatchObject({ status: 'confirmed', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), failureReason: null });

    // On chain, read directly: the stake is alice's (not the custody address's), the tokens left custody.
    expect(await stakeRead('balanceOf', alice.address)).toBe(4n * ONE);
    expect(await stakeRead('balanceOf', custody)).toBe(0n);
    expect(await tokens(custody)).toBe(custodyBefore - 4n * ONE);
    expect(await custodial(alice.address)).toBe(6n * ONE);
    expect(await checkReserves(deps())).toMatchObject({ holds: true, difference: '0' });
    const receipt = await pub().getTransactionReceipt({ hash: done.txHash });
    expect(receipt.to?.toLowerCase()).toBe(staking.toLowerCase());

    // The API reads the same figures from the contract.
    const positions = await stack.http.get(`${API}/staking/positions`).set(as(alice));
    expect(positions.status).toBe(200);
    expect(positions.body.data[0]).toMatchObject({ pool: staking, address: alice.address, staked: (4n * ONE).toString() });
    const pools = await stack.http.get(`${API}/farming/pools`).set(as(alice));
    expect(pools.status).toBe(200);
    const total = await pub().readContract({ address: staking, abi: Staking.abi, functionName: 'totalSupply' });
    expect(pools.body.data[0]).toMatchObject({
      address: staking,
      totalStaked: total.toString(),
      rewardRate: localStakingRewards.ratePerSecond.toString(),
      aprBps: Number((localStakingRewards.ratePerSecond * 31_536_000n * 10_000n) / total),
    });
  });

  it('refusals change nothing: a short custodial balance, a permit or an unstake signed by another key, an unstake beyond the stake', async () => {
    const before = await counts();
    const short = await stack.http
      .post(`${API}/staking/stake`)
      .set(as(alice))
      .send({ source: 'custody', amount: (1000n * ONE).toString() });
    expect(short.status).toBe(422);
    expect(short.body.type).toBe('/problems/insufficient-funds');

    const mallory = await stack.login(undefined, { apiKey: org.apiKey });
    const forgedPermit = await sign(alice, 'stake', ONE, mallory.wallet);
    const permit = await stack.http
      .post(`${API}/staking/stake`)
      .set(as(alice))
      .send({ source: 'permit', amount: ONE.toString(), deadline: forgedPermit.deadline, signature: forgedPermit.signature });
    expect(permit.status).toBe(422);
    expect(permit.body).toMatchObject({ type: '/problems/invalid-permit', field: 'signature' });

    const forged = await sign(alice, 'unstake', ONE, mallory.wallet);
    const unstake = await stack.http
      .post(`${API}/staking/unstake`)
      .set(as(alice))
      .send({ amount: ONE.toString(), deadline: forged.deadline, signature: forged.signature });
    expect(unstake.status).toBe(422);
    expect(unstake.body).toMatchObject({ type: '/problems/invalid-staking-signature', field: 'signature' });

    const beyond = await sign(alice, 'unstake', 5n * ONE);
    const tooMuch = await stack.http
      .post(`${API}/staking/unstake`)
      .set(as(alice))
      .send({ amount: (5n * ONE).toString(), deadline: beyond.deadline, signature: beyond.signature });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.type).toBe('/problems/insufficient-funds');

    expect(await counts()).toEqual(before);
    expect(await custodial(alice.address)).toBe(6n * ONE);
    expect(await stakeRead('balanceOf', alice.address)).toBe(4n * ONE);
  });

  it('stakes by permit (the client signs): the wallet’s own tokens go into the pool as its stake, the gateway pays the gas', async () => {
    const bob = await stack.login(undefined, { apiKey: org.apiKey });
    await faucet(deps(), bob.address, 10n * ONE);
    const signed = await sign(bob, 'stake', 3n * ONE);
    expect(signed.body.typedData.message).toMatchObject({ owner: bob.address, spender: staking, value: (3n * ONE).toString() });
    const gw = createGatewayClient({ baseUrl: `${stack.baseUrl}/api`, apiKey: org.apiKey, token: bob.token });
    const accepted = await gw.stakeWithPermit(bob.wallet, { amount: (3n * ONE).toString() });
    expect(accepted).toMatchObject({ object: 'staking_operation', type: 'stake', source: 'permit', status: 'pending' });
    expect(await final(bob, accepted.id)).toMatchObject({ status: 'confirmed', source: 'permit' });
    expect(await stakeRead('balanceOf', bob.address)).toBe(3n * ONE);
    expect(await tokens(bob.address)).toBe(7n * ONE);
    expect(await pub().getBalance({ address: bob.address as `0x${string}` })).toBe(0n);
  });

  it('a stake accrues a reward; a claim by signature pays it to the wallet on chain; an unstake by signature returns the principal', async () => {
    await rpc(url(), 'evm_increaseTime', [100]);
    await mine();
    const accrued = await stakeRead('earned', alice.address);
    expect(accrued).toBeGreaterThan(0n);
    // The API's read is cached CHAIN_READ_CACHE_MS: it shows the reward once the cache turns over.
    await eventually(
      async () => BigInt((await stack.http.get(`${API}/staking/positions`).set(as(alice))).body.data[0].earned) > 0n,
      10_000,
      'earned > 0 through the API',
    );

    const before = await tokens(alice.address);
    const gw = createGatewayClient({ baseUrl: `${stack.baseUrl}/api`, apiKey: org.apiKey, token: alice.token });
    const claim = await gw.claimStakingRewards(alice.wallet);
    const claimed = await final(alice, claim.id);
    expect(claimed).toMatchObject({ status: 'confirmed', type: 'claim' });
    const reward = BigInt(claimed.amount);
    expect(reward).toBeGreaterThanOrEqual(accrued);
    expect(await tokens(alice.address)).toBe(before + reward);
    expect(await tokens(custody)).toBeGreaterThan(0n);

    const u = await sign(alice, 'unstake', 4n * ONE);
    const unstake = await stack.http
      .post(`${API}/staking/unstake`)
      .set(as(alice))
      .send({ amount: (4n * ONE).toString(), deadline: u.deadline, signature: u.signature });
    expect(unstake.status).toBe(202);
    expect(await final(alice, unstake.body.id)).toMatchObject({ status: 'confirmed', type: 'unstake' });
    expect(await stakeRead('balanceOf', alice.address)).toBe(0n);
    // The principal went to the wallet's own address, not back to custody: the custodial balance is unchanged.
    expect(await tokens(alice.address)).toBe(before + reward + 4n * ONE);
    expect(await custodial(alice.address)).toBe(6n * ONE);
    expect(await checkReserves(deps())).toMatchObject({ holds: true });
  });

  it('a stake the chain refuses fails and credits the custodial amount back once (a balance no deposit backs: custody cannot pay)', async () => {
    const carol = await stack.login(undefined, { apiKey: org.apiKey });
    const huge = (await tokens(custody)) + ONE; // more than custody holds on chain
    await stack.mintUnbacked(carol.address, huge);
    const res = await stack.http.post(`${API}/staking/stake`).set(as(carol)).send({ source: 'custody', amount: huge.toString() });
    expect(res.status).toBe(202);
    expect(await custodial(carol.address)).toBe(0n);
    const done = await final(carol, res.body.id);
    expect(done).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/refused before sending|reverted/) });
    expect(await custodial(carol.address)).toBe(huge);
    expect(await stakeRead('balanceOf', carol.address)).toBe(0n);
    const entries = await deps().prisma.journalEntry.count({ where: { reference: res.body.id, kind: 'stake.failed' } });
    expect(entries).toBe(1);
  });
});
