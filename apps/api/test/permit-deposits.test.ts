/**
 * The gasless deposit: the wallet signs an EIP-2612 permit (EIP-712 typed data served by
 * the API), and the gateway relays `permit` + `transferFrom` into custody through the on-chain
 * outbox, paying the gas. On a real anvil with the real worker; outcomes are read on chain with viem.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { erc20Abi, parseSignature, type PrivateKeyAccount } from 'viem';
import { GatewayToken } from '@gw/contracts';
import { contractAddress, custodyAddress, deployerAccount, faucet, publicClientOf, relayerAccount, walletClientOf } from '@gw/core/chain';
import { getBalance } from '@gw/core/ledger';
import { createGatewayClient } from '../../../packages/client/src/index.js';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';

const ONE = 10n ** 18n;
const PATH = '/api/gateway/v1/wallet/permit-deposits';

describe('gasless deposits by EIP-2612 permit', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let token: `0x${string}`;
  let custody: `0x${string}`;
  type Who = { wallet: PrivateKeyAccount; token: string; address: string };
  const as = (who: { token: string }) => ({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${who.token}` });
  const deps = () => stack.api.deps;
  const pub = () => publicClientOf(deps(), deps().chains.home!);
  const tokens = (who: string) =>
    pub().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who as `0x${string}`] });
  const custodial = (who: string) => getBalance(deps().prisma, { type: 'wallet', id: who }, 'GTK');
  const mine = () => rpc(stack.chains!.anvils[0]!.rpcUrl, 'anvil_mine', ['0x1']);
  const counts = async () => ({
    permitDeposits: await deps().prisma.permitDeposit.count(),
    chainTransactions: await deps().prisma.chainTransaction.count(),
  });

  /** A wallet with tokens of its own on chain (from the faucet) and no ETH at all. */
  const holder = async (amount: bigint): Promise<Who> => {
    const who = await stack.login(undefined, { apiKey: org.apiKey });
    await faucet(deps(), who.address, amount);
    return who;
  };
  const typedData = async (who: Who, amount: bigint) => {
    const res = await stack.http.get(`${PATH}/typed-data`).query({ amount: amount.toString() }).set(as(who));
    expect(res.status).toBe(200);
    return res.body as {
      spender: string;
      typedData: {
        domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` };
        types: { Permit: { name: string; type: string }[] };
        primaryType: 'Permit';
        message: { owner: string; spender: string; value: string; nonce: string; deadline: string };
      };
    };
  };
  /** Signs the served typed data with `signer` (the wallet itself unless given). */
  const sign = async (who: Who, amount: bigint, signer: PrivateKeyAccount = who.wallet) => {
    const { typedData: td } = await typedData(who, amount);
    const m = td.message;
    const signature = await signer.signTypedData({
      domain: td.domain,
      types: td.types,
      primaryType: 'Permit',
      message: {
        owner: m.owner as `0x${string}`,
        spender: m.spender as `0x${string}`,
        value: BigInt(m.value),
        nonce: BigInt(m.nonce),
        deadline: BigInt(m.deadline),
      },
    });
    return { amount: amount.toString(), deadline: Number(m.deadline), signature };
  };
  /** Submits `who`'s signed permit of `body.amount` to custody on chain from the deployer's account, not the gateway's. */
  const submitPermitElsewhere = async (
    who: Who,
    body: { amount: string; deadline: number; signature: `0x${string}` },
    tx: { gas?: bigint; maxPriorityFeePerGas?: bigint; maxFeePerGas?: bigint } = {},
  ) => {
    const { r, s, v } = parseSignature(body.signature);
    const home = deps().chains.home!;
    const deployer = deployerAccount(deps(), home);
    await walletClientOf(deps(), home, deployer).writeContract({
      address: token,
      abi: GatewayToken.abi,
      functionName: 'permit',
      args: [who.address as `0x${string}`, custody, BigInt(body.amount), BigInt(body.deadline), Number(v), r, s],
      account: deployer,
      chain: undefined,
      ...tx,
    });
  };
  const final = (who: Who, id: string) =>
    eventually(
      async () => {
        await mine();
        const res = await stack.http.get(`${PATH}/${id}`).set(as(who));
        // Final: failed, or confirmed and its deposit credited by the scan.
        return res.body.status === 'failed' || (res.body.status === 'confirmed' && res.body.deposit === 'credited') ? res.body : undefined;
      },
      60_000,
      `permit deposit ${id} final`,
    );

  beforeAll(async () => {
    stack = await startStack('permit-deposits', { chain: true, env: { CHAIN_TX_POLL_MS: '100', CHAIN_POLL_INTERVAL_MS: '200' } });
    org = await stack.org();
    token = await contractAddress(deps(), 31337, 'token');
    custody = await custodyAddress(deps());
  }, 60_000);
  afterAll(() => stack.stop());

  it("serves the token's own EIP-712 domain, the custody address as spender and the wallet's current nonce", async () => {
    const alice = await holder(ONE);
    const { spender, typedData: td } = await typedData(alice, ONE);
    const [, name, version, chainId, verifyingContract] = await pub().readContract({
      address: token,
      abi: GatewayToken.abi,
      functionName: 'eip712Domain',
    });
    expect(td.domain).toEqual({ name, version, chainId: Number(chainId), verifyingContract });
    expect(spender).toBe(custody);
    expect(custody).toBe((await relayerAccount(deps())).address);
    expect(td.message).toMatchObject({ owner: alice.address, spender: custody, value: ONE.toString(), nonce: '0' });
    expect(Number(td.message.deadline)).toBeGreaterThan(Date.now() / 1000 + 3000);
  });

  it('relays permit + transferFrom: the tokens move into custody, the wallet pays no gas, and it is credited once', async () => {
    const alice = await holder(10n * ONE);
    expect(await pub().getBalance({ address: alice.address as `0x${string}` })).toBe(0n);
    const custodyBefore = await tokens(custody);
    const res = await stack.http
      .post(PATH)
      .set(as(alice))
      .send(await sign(alice, 4n * ONE));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ object: 'permit_deposit', status: 'pending', from: alice.address, amount: (4n * ONE).toString() });
    const done = await final(alice, res.body.id);
    expect(done).toMatchObject({
      status: 'confirmed',
      deposit: 'credited',
      permitTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      failureReason: null,
    });
    // On chain: the wallet's tokens went to custody, its nonce was spent, and it still holds no ETH.
    expect(await tokens(alice.address)).toBe(6n * ONE);
    expect(await tokens(custody)).toBe(custodyBefore + 4n * ONE);
    expect(
      await pub().readContract({ address: token, abi: GatewayToken.abi, functionName: 'nonces', args: [alice.address as `0x${string}`] }),
    ).toBe(1n);
    expect(await pub().getBalance({ address: alice.address as `0x${string}` })).toBe(0n);
    const receipt = await pub().getTransactionReceipt({ hash: done.txHash });
    expect(receipt.from.toLowerCase()).toBe(custody.toLowerCase());
    // The credit is the deposit scan's: one deposit of that transaction, credited once.
    expect(await custodial(alice.address)).toBe(4n * ONE);
    const deposits = await stack.http.get('/api/gateway/v1/wallet/deposits').set(as(alice));
    expect(deposits.body.data).toEqual([
      expect.objectContaining({ txHash: done.txHash, status: 'credited', amount: (4n * ONE).toString() }),
    ]);
  });

  it('a signature of another key, a deadline too close, or more than the wallet holds is refused before anything is written', async () => {
    const bob = await holder(ONE);
    const before = await counts();
    const mallory = (await stack.login(undefined, { apiKey: org.apiKey })).wallet;
    const forged = await stack.http
      .post(PATH)
      .set(as(bob))
      .send(await sign(bob, ONE, mallory));
    expect(forged.status).toBe(422);
    expect(forged.body).toMatchObject({ type: '/problems/invalid-permit', field: 'signature', nonce: '0' });
    const good = await sign(bob, ONE);
    const late = await stack.http
      .post(PATH)
      .set(as(bob))
      .send({ ...good, deadline: Math.floor(Date.now() / 1000) + 10 });
    expect(late.body).toMatchObject({ type: '/problems/invalid-permit', field: 'deadline' });
    // The same signature for another amount does not recover to the wallet.
    const other = await stack.http
      .post(PATH)
      .set(as(bob))
      .send({ ...good, amount: '2' });
    expect(other.body).toMatchObject({ type: '/problems/invalid-permit', field: 'signature' });
    const short = await stack.http
      .post(PATH)
      .set(as(bob))
      .send(await sign(bob, 2n * ONE));
    expect(short.status).toBe(422);
    expect(short.body.type).toBe('/problems/insufficient-funds');
    for (const body of [
      { ...good, signature: '0x1234' },
      { ...good, amount: '0' },
      { amount: good.amount, signature: good.signature },
    ])
      expect((await stack.http.post(PATH).set(as(bob)).send(body)).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await tokens(bob.address)).toBe(ONE);
  });

  it('an Idempotency-Key replays the first answer; a second deposit while one is in flight is 409', async () => {
    const carol = await holder(3n * ONE);
    const body = await sign(carol, ONE);
    const send = (key: string, b: object = body) =>
      stack.http
        .post(PATH)
        .set({ ...as(carol), 'Idempotency-Key': key })
        .send(b);
    const [a, b] = [await send('pd-1'), await send('pd-1')];
    expect(a.status).toBe(202);
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const second = await send('pd-2');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ type: '/problems/invalid-state', reason: 'permit-deposit-in-flight' });
    expect(await final(carol, a.body.id)).toMatchObject({ status: 'confirmed', deposit: 'credited' });
    expect(await deps().prisma.chainTransaction.count({ where: { reference: a.body.id } })).toBe(2);
    expect(await custodial(carol.address)).toBe(ONE);
  });

  it('a permit already submitted by someone else is refused before anything is written, naming the next nonce', async () => {
    const dave = await holder(2n * ONE);
    const body = await sign(dave, ONE);
    // Anyone holding the signature can submit the permit: here the deployer does, before the gateway.
    await submitPermitElsewhere(dave, body);
    const res = await stack.http.post(PATH).set(as(dave)).send(body);
    // The nonce is spent on chain now: the server's check sees the next nonce and refuses the signature.
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ type: '/problems/invalid-permit', nonce: '1' });
  });

  it("the permit front-run while in flight: the gateway's permit fails, the transfer still goes through once", async () => {
    const erin = await holder(2n * ONE);
    const body = await sign(erin, ONE);
    // Hold the worker's broadcasts: stop mining so the gateway's permit stays unmined, then submit
    // the same permit from another account with a higher tip so it is mined first.
    await rpc(stack.chains!.anvils[0]!.rpcUrl, 'evm_setAutomine', [false]);
    try {
      const res = await stack.http.post(PATH).set(as(erin)).send(body);
      expect(res.status).toBe(202);
      await eventually(
        async () => ((await deps().prisma.chainTransaction.findFirst({ where: { reference: res.body.id } }))?.txHash ? true : undefined),
        30_000,
        'the permit broadcast',
      );
      // An explicit gas limit: estimation would run against the pending block, where the gateway's
      // permit already spent the nonce; a higher tip so it is mined first.
      await submitPermitElsewhere(erin, body, { gas: 200_000n, maxPriorityFeePerGas: 10n ** 11n, maxFeePerGas: 10n ** 12n });
      await rpc(stack.chains!.anvils[0]!.rpcUrl, 'evm_setAutomine', [true]);
      const done = await final(erin, res.body.id);
      expect(done).toMatchObject({ status: 'confirmed', deposit: 'credited', failureReason: null });
      expect(await tokens(erin.address)).toBe(ONE);
      expect(await custodial(erin.address)).toBe(ONE);
      const permitRow = await deps().prisma.chainTransaction.findFirst({ where: { kind: 'deposit-permit', reference: res.body.id } });
      expect(permitRow?.status).toBe('failed');
    } finally {
      await rpc(stack.chains!.anvils[0]!.rpcUrl, 'evm_setAutomine', [true]);
    }
  });

  it("another wallet's or organization's permit deposit is 404", async () => {
    const frank = await holder(ONE);
    const res = await stack.http
      .post(PATH)
      .set(as(frank))
      .send(await sign(frank, ONE));
    const other = await stack.org();
    const mallory = await stack.login(undefined, { apiKey: other.apiKey });
    expect(
      (await stack.http.get(`${PATH}/${res.body.id}`).set({ 'X-API-Key': other.apiKey, Authorization: `Bearer ${mallory.token}` })).status,
    ).toBe(404);
    const grace = await stack.login(undefined, { apiKey: org.apiKey });
    expect((await stack.http.get(`${PATH}/${res.body.id}`).set(as(grace))).status).toBe(404);
    await final(frank, res.body.id);
  });

  it('@service-gateway/client signs and sends it: gw.depositWithPermit', async () => {
    const gina = await holder(5n * ONE);
    const gw = createGatewayClient({ baseUrl: `${stack.baseUrl}/api`, apiKey: org.apiKey, token: gina.token });
    const accepted = await gw.depositWithPermit(gina.wallet, { amount: (2n * ONE).toString() });
    expect(accepted).toMatchObject({ object: 'permit_deposit', status: 'pending', from: gina.address });
    expect(await final(gina, accepted.id)).toMatchObject({ status: 'confirmed', deposit: 'credited' });
    expect(await custodial(gina.address)).toBe(2n * ONE);
    await expect(gw.depositWithPermit(gina.wallet, { amount: (100n * ONE).toString() })).rejects.toMatchObject({
      status: 422,
      problem: expect.objectContaining({ type: '/problems/insufficient-funds' }),
    });
  });
});
