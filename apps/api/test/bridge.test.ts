/**
 * The bridge on chain: a wallet bridges its own tokens by EIP-2612 permit, the gateway
 * paying the gas: lock in the home chain's vault → (after the confirmation depth) mint of the wrapped
 * token on the second chain, and back: burn → release. On two real anvils with the real worker;
 * every outcome is read on the chains with viem, not through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeFunctionData, getAddress, keccak256, toHex, type PrivateKeyAccount } from 'viem';
import { BridgeVault, WrappedToken } from '@gw/contracts';
import { LEGACY_FAILURE_REASON, relayBridgeTransfer, retryBridgeDestination } from '@gw/core/bridge';
import { chainOf, contractAddress, custodyAddress, deployerAccount, faucet, publicClientOf } from '@gw/core/chain';
import { checkReserves } from '@gw/core/custody';
import { BRIDGE_ESCROW, getBalance, transfer } from '@gw/core/ledger';
import { withTransaction } from '@gw/db';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { ANY_RECIPIENT_ALLOWANCE, allowanceResource, newWallet } from '../../../test/support/wallet.js';
import { rpc } from '../../../test/support/rpc.js';
import { createGatewayClient, signPermit } from '../../../packages/client/src/index.js';

const ONE = 10n ** 18n;
const HOME = 31337;
const SECOND = 31338;
const PATH = '/api/gateway/v1/bridge';

describe('the bridge on chain, by permit', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let vault: `0x${string}`;
  let token: `0x${string}`;
  let wrapped: `0x${string}`;
  type Who = { wallet: PrivateKeyAccount; token: string; address: string };
  const deps = () => stack.api.deps;
  const as = (who: { token: string }, apiKey = org.apiKey) => ({ 'X-API-Key': apiKey, Authorization: `Bearer ${who.token}` });
  const pub = (chainId: number) => publicClientOf(deps(), chainOf(deps().chains, chainId));
  const read = <T>(
    chainId: number,
    address: `0x${string}`,
    abi: typeof BridgeVault.abi | typeof WrappedToken.abi,
    functionName: string,
    args: unknown[] = [],
  ) => pub(chainId).readContract({ address, abi, functionName, args } as never) as Promise<T>;
  const homeBalance = (who: string) => read<bigint>(HOME, token, WrappedToken.abi, 'balanceOf', [who]);
  const wrappedBalance = (who: string) => read<bigint>(SECOND, wrapped, WrappedToken.abi, 'balanceOf', [who]);
  const counts = async () => ({
    transfers: await deps().prisma.bridgeTransfer.count(),
    chainTransactions: await deps().prisma.chainTransaction.count(),
  });

  /** A wallet with `amount` of the native token of its own on the home chain (faucet) and no ETH. */
  const holder = async (amount: bigint): Promise<Who> => {
    // The holder lets the session bridge to any address (the allowance signed at login).
    const who = await stack.login(undefined, { apiKey: org.apiKey, allowance: ANY_RECIPIENT_ALLOWANCE });
    await faucet(deps(), who.address, amount);
    return who;
  };
  /** The permit served for bridging `amount` from `fromChainId`, signed by `signer` (the wallet unless given). */
  const signed = async (who: Who, amount: bigint, fromChainId?: string, signer: PrivateKeyAccount = who.wallet) => {
    const res = await stack.http
      .get(`${PATH}/permit-typed-data`)
      .query({ amount: amount.toString(), ...(fromChainId ? { fromChainId } : {}) })
      .set(as(who));
    expect(res.status).toBe(200);
    const td = res.body.typedData;
    const m = td.message;
    // Another account's signature of the wallet's permit: signed by hand (signPermit refuses a signer that is not the owner).
    const signature =
      signer === who.wallet
        ? await signPermit(signer, td)
        : await signer.signTypedData({
            domain: td.domain,
            types: td.types,
            primaryType: 'Permit',
            message: { owner: m.owner, spender: m.spender, value: BigInt(m.value), nonce: BigInt(m.nonce), deadline: BigInt(m.deadline) },
          });
    return {
      spender: res.body.spender as string,
      body: { amount: amount.toString(), funding: 'permit', deadline: Number(m.deadline), signature },
    };
  };
  const final = async (who: Who, id: string) => {
    let last: unknown;
    return eventually(
      async () => {
        // The test chains mine on demand: a block on each lets the confirmations grow.
        await Promise.all(stack.chains!.anvils.map((a) => rpc(a.rpcUrl, 'anvil_mine', ['0x1'])));
        const res = await stack.http.get(`${PATH}/transfers/${id}`).set(as(who));
        last = res.body;
        return res.body.status === 'completed' || res.body.status === 'failed' ? res.body : undefined;
      },
      40_000,
      `bridge transfer ${id} final`,
    ).catch((err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(last)}`);
    });
  };

  beforeAll(async () => {
    stack = await startStack('bridge', { chain: true, env: { CHAIN_TX_POLL_MS: '100', CHAIN_POLL_INTERVAL_MS: '200' } });
    org = await stack.org();
    [vault, token, wrapped] = await Promise.all([
      contractAddress(deps(), HOME, 'bridge'),
      contractAddress(deps(), HOME, 'token'),
      contractAddress(deps(), SECOND, 'wrappedToken'),
    ]);
  }, 60_000);
  afterAll(() => stack.stop());

  it('home → second chain: locked in the vault, then minted once after the confirmations; and back: burned, then released once', async () => {
    const alice = await holder(10n * ONE);
    const bob = newWallet().address;
    const vaultBefore = await homeBalance(vault);

    // outbound: the permit's spender is the vault; the wallet holds no ETH and pays no gas
    const out = await signed(alice, 4n * ONE);
    expect(out.spender).toBe(vault);
    const res = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: bob, ...out.body });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      object: 'bridge_transfer',
      status: 'initiated',
      direction: 'outbound',
      funding: 'permit',
      from: alice.address,
      fromChainId: `eip155:${HOME}`,
      toChainId: `eip155:${SECOND}`,
      toAddress: getAddress(bob),
      amount: (4n * ONE).toString(),
      source: { chain: `eip155:${HOME}`, status: 'pending', txHash: null },
      destination: { chain: `eip155:${SECOND}`, status: null, txHash: null },
    });
    // Mined at once (the test chains mine each transaction), but not yet CHAIN_CONFIRMATIONS deep
    // while no other block comes: the worker polls the lock many times and writes no mint.
    const lockHash = await eventually(
      async () => (await stack.http.get(`${PATH}/transfers/${res.body.id}`).set(as(alice))).body.source.txHash as `0x${string}` | null,
      20_000,
      'the lock broadcast',
    );
    expect((await pub(HOME).waitForTransactionReceipt({ hash: lockHash })).status).toBe('success');
    await new Promise((r) => setTimeout(r, 20 * Number(stack.config.CHAIN_TX_POLL_MS)));
    const waiting = await stack.http.get(`${PATH}/transfers/${res.body.id}`).set(as(alice));
    expect(waiting.body).toMatchObject({
      status: 'initiated',
      source: { status: 'submitted' },
      destination: { status: null, txHash: null },
    });
    expect(await wrappedBalance(bob)).toBe(0n);

    const done = await final(alice, res.body.id);
    expect(done).toMatchObject({
      status: 'completed',
      failureReason: null,
      source: { status: 'confirmed' },
      destination: { status: 'confirmed' },
    });

    // on the chains themselves
    const lock = await pub(HOME).getTransactionReceipt({ hash: done.source.txHash });
    expect(lock.status).toBe('success');
    expect(lock.blockNumber.toString()).toBe(done.source.blockNumber);
    expect(done.source.confirmations).toBeGreaterThanOrEqual(chainOf(deps().chains, HOME).confirmations);
    const mint = await pub(SECOND).getTransactionReceipt({ hash: done.destination.txHash });
    expect(mint.status).toBe('success');
    expect(done.relayTxHash).toBe(done.destination.txHash);
    expect(await homeBalance(alice.address)).toBe(6n * ONE);
    expect(await homeBalance(vault)).toBe(vaultBefore + 4n * ONE);
    expect(await wrappedBalance(bob)).toBe(4n * ONE);
    expect(await read(SECOND, wrapped, WrappedToken.abi, 'minted', [BigInt(HOME), BigInt(done.source.nonce)])).toBe(true);

    // inbound: bob (who holds the wrapped tokens) burns 3 on the second chain, released to carol at home
    const bobWho = await stack.login(undefined, { apiKey: org.apiKey, allowance: ANY_RECIPIENT_ALLOWANCE });
    const carol = newWallet().address;
    // bob's wrapped tokens: from the first transfer, moved to the wallet bob signs in with
    const again = await signed(alice, 3n * ONE);
    const toBob = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: bobWho.address, ...again.body });
    expect((await final(alice, toBob.body.id)).status).toBe('completed');
    expect(await wrappedBalance(bobWho.address)).toBe(3n * ONE);

    const back = await signed(bobWho as Who, 2n * ONE, `eip155:${SECOND}`);
    expect(back.spender).toBe(await custodyAddress(deps())); // the relayer spends the allowance to burn
    const inbound = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(bobWho))
      .send({ fromChainId: `eip155:${SECOND}`, toChainId: `eip155:${HOME}`, toAddress: carol, ...back.body });
    expect(inbound.status).toBe(202);
    expect(inbound.body).toMatchObject({ direction: 'inbound', fromChainId: `eip155:${SECOND}`, toChainId: `eip155:${HOME}` });
    const home = await final(bobWho as Who, inbound.body.id);
    expect(home).toMatchObject({ status: 'completed', source: { chain: `eip155:${SECOND}` }, destination: { chain: `eip155:${HOME}` } });
    expect(await wrappedBalance(bobWho.address)).toBe(1n * ONE);
    expect(await homeBalance(carol)).toBe(2n * ONE);
    expect(await homeBalance(vault)).toBe(vaultBefore + 5n * ONE);
    expect(await read(HOME, vault, BridgeVault.abi, 'released', [BigInt(SECOND), BigInt(home.source.nonce)])).toBe(true);
    // one outbox row per leg, whatever ran twice
    const legs = await deps().prisma.chainTransaction.findMany({ where: { reference: { in: [res.body.id, inbound.body.id] } } });
    expect(legs.map((l) => l.kind).sort()).toEqual(['bridge-burn', 'bridge-lock', 'bridge-mint', 'bridge-release']);
  });

  it("a session bridges custody's tokens to another address only within the allowance its holder signed at login", async () => {
    const plain = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(plain.address, 5n * ONE);
    const friend = newWallet().address;
    const before = await counts();
    const refused = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(plain))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: friend, amount: (2n * ONE).toString() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: '/problems/holder-authorization-required', recipient: getAddress(friend) });
    expect(await counts()).toEqual(before);
    expect(await getBalance(deps().prisma, { type: 'wallet', id: plain.address }, 'GTK')).toBe(5n * ONE);

    const allowed = await stack.login(plain.wallet, { apiKey: org.apiKey, allowance: allowanceResource(ONE, [friend]) });
    const over = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(allowed))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: friend, amount: (2n * ONE).toString() });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ type: '/problems/spending-limit-exceeded', window: 'per-transaction' });
    const elsewhere = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(allowed))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: newWallet().address, amount: ONE.toString() });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.type).toBe('/problems/recipient-not-allowed');
    expect(await counts()).toEqual(before);
    const ok = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(allowed))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: friend, amount: ONE.toString() });
    expect(ok.status).toBe(202);
    expect(ok.body).toMatchObject({ toAddress: getAddress(friend), funding: 'custody' });
    expect(await final(allowed as Who, ok.body.id)).toMatchObject({ status: 'completed' });
    expect(await wrappedBalance(friend)).toBe(ONE);
  });

  it('from the custodial balance: debited with the lock in one outbox change, minted once after the confirmations; the reserves hold', async () => {
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(alice.address, 5n * ONE);
    const custodial = () => getBalance(deps().prisma, { type: 'wallet', id: alice.address }, 'GTK');
    const vaultBefore = await homeBalance(vault);
    const custody = await custodyAddress(deps());
    const custodyBefore = await homeBalance(custody);
    const res = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: alice.address, amount: (2n * ONE).toString() });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'initiated', funding: 'custody', source: { status: 'pending' } });
    expect(await custodial()).toBe(3n * ONE); // debited at once, in the transaction that wrote the lock
    const done = await final(alice, res.body.id);
    expect(done).toMatchObject({ status: 'completed', source: { status: 'confirmed' }, destination: { status: 'confirmed' } });
    expect(await wrappedBalance(alice.address)).toBe(2n * ONE);
    expect(await homeBalance(vault)).toBe(vaultBefore + 2n * ONE);
    expect(await homeBalance(custody)).toBe(custodyBefore - 2n * ONE);
    expect(await custodial()).toBe(3n * ONE);
    const lock = await pub(HOME).getTransactionReceipt({ hash: done.source.txHash });
    expect(lock.to?.toLowerCase()).toBe(vault.toLowerCase());
    expect(await checkReserves(deps())).toMatchObject({ holds: true, difference: '0' });

    // short, or from another chain: refused, nothing written
    const before = await counts();
    const short = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: alice.address, amount: (4n * ONE).toString() });
    expect(short.status).toBe(422);
    expect(short.body.type).toBe('/problems/insufficient-funds');
    const inbound = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ fromChainId: `eip155:${SECOND}`, toChainId: `eip155:${HOME}`, toAddress: alice.address, amount: ONE.toString() });
    expect(inbound.status).toBe(400);
    expect(inbound.body).toMatchObject({ type: '/problems/validation-error', errors: [{ path: 'funding' }] });
    expect(await counts()).toEqual(before);
    expect(await custodial()).toBe(3n * ONE);
  });

  it('@service-gateway/client: gw.bridgeWithPermit signs the served permit and starts the transfer', async () => {
    const alice = await holder(2n * ONE);
    const gw = createGatewayClient({ baseUrl: `${stack.baseUrl}/api`, apiKey: org.apiKey });
    gw.token = alice.token;
    const t = await gw.bridgeWithPermit(alice.wallet, { toChainId: `eip155:${SECOND}`, toAddress: alice.address, amount: ONE.toString() });
    expect(t).toMatchObject({ status: 'initiated', funding: 'permit', from: alice.address, amount: ONE.toString() });
    const done = await final(alice, t.id);
    expect(done.status).toBe('completed');
    expect(await wrappedBalance(alice.address)).toBe(ONE);
    await expect(
      gw.bridgeWithPermit(newWallet(), { toChainId: `eip155:${SECOND}`, toAddress: alice.address, amount: '1' }),
    ).rejects.toThrow(/not the session's wallet/);
  });

  it('a permit that is not the wallet’s, or for another amount, is refused before anything is written', async () => {
    const alice = await holder(5n * ONE);
    const before = await counts();
    const mallory = newWallet();
    const forged = await signed(alice, ONE, undefined, mallory);
    const r1 = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: alice.address, ...forged.body });
    expect(r1.status).toBe(422);
    expect(r1.body).toMatchObject({ type: '/problems/invalid-permit', field: 'signature', nonce: '0', spender: vault });
    const good = await signed(alice, ONE);
    const r2 = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: alice.address, ...good.body, amount: (2n * ONE).toString() });
    expect(r2.status).toBe(422);
    expect(r2.body.type).toBe('/problems/invalid-permit');
    const rich = await signed(alice, 50n * ONE);
    const r3 = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: alice.address, ...rich.body });
    expect(r3.status).toBe(422);
    expect(r3.body).toMatchObject({ type: '/problems/insufficient-funds' });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ toChainId: 'eip155:56', amount: '1' }, '/problems/unsupported-chain'],
    [{ toChainId: `eip155:${HOME}`, amount: '1' }, '/problems/unsupported-chain'],
    [{ fromChainId: 'eip155:999', toChainId: `eip155:${HOME}`, amount: '1' }, '/problems/unsupported-chain'],
    [{ toChainId: 137, amount: '1' }, '/problems/validation-error'],
    [{ toChainId: `eip155:${SECOND}`, amount: '0' }, '/problems/validation-error'],
    [{ toChainId: `eip155:${SECOND}`, amount: '1.5' }, '/problems/validation-error'],
    [{ toChainId: `eip155:${SECOND}`, amount: '1', token: 'CREDIT' }, '/problems/validation-error'],
    [{ toChainId: `eip155:${SECOND}`, amount: '1', memo: 'x' }, '/problems/validation-error'],
    [{ toChainId: `eip155:${SECOND}`, amount: '1', funding: 'permit' }, '/problems/validation-error'],
    [{ toChainId: `eip155:${SECOND}`, amount: '1', funding: 'custody', signature: `0x${'ab'.repeat(65)}` }, '/problems/validation-error'],
    [{ toChainId: `eip155:${SECOND}`, toAddress: '0x1234', amount: '1' }, '/problems/validation-error'],
  ])('bad input %j → 400 %s, nothing written', async (body, type) => {
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    const before = await counts();
    const res = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toAddress: alice.address, ...body });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe(type);
    if (type === '/problems/unsupported-chain') expect(res.body.supportedChains).toEqual([`eip155:${HOME}`, `eip155:${SECOND}`]);
    expect(await counts()).toEqual(before);
  });

  it('Idempotency-Key: the same body answers the same transfer, relayed once; another body → 422', async () => {
    const alice = await holder(3n * ONE);
    const { body } = await signed(alice, ONE);
    const req = { toChainId: `eip155:${SECOND}`, toAddress: alice.address, ...body };
    const key = `bridge-${Date.now()}`;
    const a = await stack.http.post(`${PATH}/initiate`).set(as(alice)).set('Idempotency-Key', key).send(req);
    const b = await stack.http.post(`${PATH}/initiate`).set(as(alice)).set('Idempotency-Key', key).send(req);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.id).toBe(a.body.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const c = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .set('Idempotency-Key', key)
      .send({ ...req, toAddress: newWallet().address });
    expect(c.status).toBe(422);
    expect(c.body.type).toBe('/problems/idempotency-key-reused');
    expect(await deps().prisma.chainTransaction.count({ where: { reference: a.body.id } })).toBe(1);
  });

  it("another wallet's transfer, an unknown id and a malformed id → 404; the wallet's own is visible through any organization", async () => {
    const alice = await holder(2n * ONE);
    const { body } = await signed(alice, ONE);
    const res = await stack.http
      .post(`${PATH}/initiate`)
      .set(as(alice))
      .send({ toChainId: `eip155:${SECOND}`, toAddress: alice.address, ...body });
    expect(res.status).toBe(202);
    const other = await stack.org();
    const bob = await stack.login(undefined, { apiKey: org.apiKey });
    for (const [who, key, id] of [
      [bob, org.apiKey, res.body.id],
      [alice, org.apiKey, crypto.randomUUID()],
      [alice, org.apiKey, 'not-a-uuid'],
    ] as const) {
      const r = await stack.http.get(`${PATH}/transfers/${id}`).set(as(who, key));
      expect(r.status).toBe(404);
      expect(r.body.type).toBe('/problems/not-found');
    }
    const aliceElsewhere = await stack.login(alice.wallet, { apiKey: other.apiKey });
    expect((await stack.http.get(`${PATH}/transfers/${res.body.id}`).set(as(aliceElsewhere, other.apiKey))).status).toBe(200);
  });

  it('a destination leg refused (the relayer lost its minter role) fails the transfer with the tokens locked; bridge:retry after the fix mints once', async () => {
    const MINTER_ROLE = keccak256(toHex('MINTER_ROLE'));
    const relayer = await custodyAddress(deps());
    const second = stack.chains!.anvils.find((a) => a.chainId === SECOND)!;
    const admin = deployerAccount(deps(), chainOf(deps().chains, SECOND)).address;
    /** The wrapped token's admin (anvil's unlocked deployer) grants or revokes the relayer's minter role, mined at once. */
    const setMinter = async (fn: 'grantRole' | 'revokeRole') => {
      const data = encodeFunctionData({ abi: WrappedToken.abi, functionName: fn, args: [MINTER_ROLE, relayer as `0x${string}`] });
      const hash = await rpc<`0x${string}`>(second.rpcUrl, 'eth_sendTransaction', [{ from: admin, to: wrapped, data }]);
      await rpc(second.rpcUrl, 'anvil_mine', ['0x1']);
      expect((await pub(SECOND).getTransactionReceipt({ hash })).status).toBe('success');
      expect(await read<boolean>(SECOND, wrapped, WrappedToken.abi, 'hasRole', [MINTER_ROLE, relayer])).toBe(fn === 'grantRole');
    };
    const queues = { ...deps(), queues: stack.api.deps.queues };
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(alice.address, 3n * ONE);
    const custodial = () => getBalance(deps().prisma, { type: 'wallet', id: alice.address }, 'GTK');
    await setMinter('revokeRole');
    let id: string;
    try {
      const res = await stack.http
        .post(`${PATH}/initiate`)
        .set(as(alice))
        .send({ toChainId: `eip155:${SECOND}`, toAddress: alice.address, amount: (2n * ONE).toString() });
      expect(res.status).toBe(202);
      id = res.body.id;
      // Not failed yet: nothing to retry, nothing written.
      const early = await retryBridgeDestination(queues, id).catch((e: unknown) => e);
      expect(early).toMatchObject({ code: 'invalid-state', status: 409 });
      const failed = await final(alice, id);
      expect(failed).toMatchObject({ status: 'failed', source: { status: 'confirmed' }, destination: { status: 'failed' } });
      expect(failed.failureReason).toMatch(new RegExp(`^destination: .*still locked on eip155:${HOME}$`));
      expect(await wrappedBalance(alice.address)).toBe(0n);
    } finally {
      await setMinter('grantRole');
    }
    // The operator's retry: the same call under `<id>#1`, the transfer relaying again; then minted once.
    const retried = await retryBridgeDestination(queues, id);
    expect(retried).toMatchObject({ id, status: 'relaying', failureReason: null, destination: { status: 'pending', txHash: null } });
    const done = await final(alice, id);
    expect(done).toMatchObject({ status: 'completed', destination: { status: 'confirmed' } });
    expect(await wrappedBalance(alice.address)).toBe(2n * ONE);
    expect(await custodial()).toBe(ONE);
    const legs = await deps().prisma.chainTransaction.findMany({
      where: { kind: 'bridge-mint', reference: { startsWith: id } },
      orderBy: { createdAt: 'asc' },
    });
    expect(legs.map((l) => [l.reference, l.status])).toEqual([
      [id, 'failed'],
      [`${id}#1`, 'confirmed'],
    ]);
    expect(legs[1]!.data).toBe(legs[0]!.data);
    const minted = await pub(SECOND).getContractEvents({
      address: wrapped,
      abi: WrappedToken.abi,
      eventName: 'Minted',
      args: { sourceChainId: BigInt(HOME), nonce: BigInt(done.source.nonce) },
      fromBlock: 0n,
    });
    expect(minted).toHaveLength(1);
    // The integrator heard both: failed, then completed.
    const events = await deps().prisma.event.findMany({
      where: { organizationId: org.organizationId, type: { startsWith: 'bridge_transfer.' } },
      orderBy: { createdAt: 'asc' },
    });
    const mine = events.filter((e) => (e.payload as { bridgeTransfer: { id: string } }).bridgeTransfer.id === id).map((e) => e.type);
    expect(mine).toEqual(['bridge_transfer.failed', 'bridge_transfer.completed']);
    // Completed, unknown, malformed: refused, nothing written.
    const before = await counts();
    await expect(retryBridgeDestination(queues, id)).rejects.toMatchObject({
      code: 'invalid-state',
      extensions: { reason: 'it is completed' },
    });
    await expect(retryBridgeDestination(queues, crypto.randomUUID())).rejects.toMatchObject({ code: 'not-found' });
    await expect(retryBridgeDestination(queues, 'not-a-uuid')).rejects.toMatchObject({ code: 'not-found' });
    expect(await counts()).toEqual(before);
  });

  it('a ledger-only transfer from before the on-chain bridge is failed and refunded once by the legacy relay job', async () => {
    const address = newWallet().address;
    await stack.mintUnbacked(address, 5n * ONE);
    const legacy = await withTransaction(deps().prisma, async (tx) => {
      const row = await tx.bridgeTransfer.create({
        data: { address, toChainId: `eip155:${SECOND}`, toAddress: address, token: 'GTK', amount: (2n * ONE).toString() },
      });
      await transfer(tx, {
        kind: 'bridge.lock',
        reference: row.id,
        token: 'GTK',
        from: { type: 'wallet', id: address },
        to: BRIDGE_ESCROW,
        amount: 2n * ONE,
      });
      return row;
    });
    expect(legacy.funding).toBe('ledger');
    const wallet = () => getBalance(deps().prisma, { type: 'wallet', id: address }, 'GTK');
    expect(await wallet()).toBe(3n * ONE);
    expect(await relayBridgeTransfer(deps(), legacy.id)).toEqual({ result: 'failed', failureReason: LEGACY_FAILURE_REASON });
    expect(await relayBridgeTransfer(deps(), legacy.id)).toEqual({ result: 'not-initiated', status: 'failed' });
    expect(await wallet()).toBe(5n * ONE);
  });
});
