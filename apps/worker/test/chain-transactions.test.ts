/**
 * The on-chain transaction outbox on a real anvil: rows written in a PostgreSQL
 * transaction, sent by the worker's (chain, signer) queue; nonces from PostgreSQL under
 * concurrency; the signed bytes stored before the broadcast and sent again unchanged; "nonce too
 * low" resolved with a fresh nonce; a transaction left out of blocks replaced with higher fees (same
 * nonce); a revert before sending and on chain each failing the business change once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeFunctionData, erc20Abi, type Hex, parseGwei } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { withTransaction, type RawSql } from '@gw/db';
import { runAfterCommit } from '@gw/runtime';
import {
  contractAddress,
  type ChainTransactionKind,
  dispatchAfterCommit,
  faucet,
  findChainTransaction,
  processChainTransaction,
  publicClientOf,
  recordChainTransaction,
  relayerAccount,
  walletClientOf,
} from '@gw/core/chain';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { rpc as rpcAt } from '../../../test/support/rpc.js';

const ONE = 10n ** 18n;
/** What the test kind's outcomes saw: row id → outcomes (each must happen once). */
const outcomes = new Map<string, string[]>();
const testTransfer: ChainTransactionKind = {
  kind: 'test-transfer',
  confirmed: async (_tx: RawSql, row) => void outcomes.set(row.id, [...(outcomes.get(row.id) ?? []), 'confirmed']),
  failed: async (_tx: RawSql, row, reason) => void outcomes.set(row.id, [...(outcomes.get(row.id) ?? []), `failed: ${reason}`]),
};

/** A two-step kind: its confirmed outcome writes the next step (a transfer of `amount` to `to`, kept in the reference). */
const testTwoStep: ChainTransactionKind = {
  kind: 'test-two-step',
  confirmed: async (_tx: RawSql, row) => {
    outcomes.set(row.id, [...(outcomes.get(row.id) ?? []), 'confirmed']);
    return [
      {
        kind: 'test-transfer',
        reference: `${row.reference}:next`,
        chainId: row.chainId,
        to: row.toAddress as `0x${string}`,
        data: row.data as `0x${string}`,
      },
    ];
  },
  failed: async (_tx: RawSql, row, reason) => void outcomes.set(row.id, [...(outcomes.get(row.id) ?? []), `failed: ${reason}`]),
};

describe('the on-chain transaction outbox', () => {
  let stack: Stack;
  let token: `0x${string}`;
  let relayer: `0x${string}`;
  let rpcUrl: string;
  const rpc = <T = unknown>(method: string, params: unknown[] = []) => rpcAt<T>(rpcUrl, method, params);

  const deps = () => stack.workerDeps;
  const balanceOf = (who: `0x${string}`) =>
    publicClientOf(deps(), deps().chains.home!).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  let refs = 0;
  /** Writes one token transfer from the relayer in its own transaction, as a business change would. */
  const record = (to: `0x${string}`, amount: bigint) =>
    withTransaction(deps().prisma, (tx) =>
      recordChainTransaction(deps(), tx, {
        kind: 'test-transfer',
        reference: `ref-${++refs}-${Date.now()}`,
        chainId: 31337,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      }),
    );

  beforeAll(async () => {
    stack = await startStack('chain-tx', {
      chain: true,
      chainTransactionKinds: [testTransfer, testTwoStep],
      env: { CHAIN_TX_POLL_MS: '100', CHAIN_FEE_BUMP_BLOCKS: '3' },
    });
    rpcUrl = stack.chains!.anvils[0]!.rpcUrl;
    token = await contractAddress(deps(), 31337, 'token');
    relayer = (await relayerAccount(deps())).address;
    await faucet(deps(), relayer, 1000n * ONE);
  }, 60_000);
  afterAll(() => stack.stop());

  it('the worker sends 20 rows at once with 20 distinct nonces from PostgreSQL; each is confirmed once after the confirmations', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const rows = await Promise.all(Array.from({ length: 20 }, () => record(to, ONE)));
    await Promise.all(rows.map((r) => runAfterCommit(deps(), [dispatchAfterCommit(r)])));
    // anvil mines a block per transaction; confirmations (2 on a local chain) need more blocks.
    await eventually(
      async () => {
        await rpc('anvil_mine', ['0x1']);
        const done = await Promise.all(rows.map((r) => findChainTransaction(deps().prisma, r.id)));
        return done.every((d) => d!.status === 'confirmed');
      },
      30_000,
      'all confirmed',
    );
    const done = await Promise.all(rows.map((r) => findChainTransaction(deps().prisma, r.id)));
    expect(new Set(done.map((d) => d!.nonce)).size).toBe(20);
    for (const r of rows) expect(outcomes.get(r.id)).toEqual(['confirmed']);
    expect(await balanceOf(to)).toBe(20n * ONE);
  });

  it("an outcome's next step is written in the transaction that finishes the row, once, and the worker sends it", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const reference = `two-${Date.now()}`;
    const first = await withTransaction(deps().prisma, (tx) =>
      recordChainTransaction(deps(), tx, {
        kind: 'test-two-step',
        reference,
        chainId: 31337,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, ONE] }),
      }),
    );
    await runAfterCommit(deps(), [dispatchAfterCommit(first)]);
    const next = await eventually(
      async () => {
        await rpc('anvil_mine', ['0x1']);
        const row = await deps().prisma.chainTransaction.findFirst({ where: { kind: 'test-transfer', reference: `${reference}:next` } });
        return row?.status === 'confirmed' ? row : undefined;
      },
      30_000,
      'the next step confirmed',
    );
    expect(outcomes.get(first.id)).toEqual(['confirmed']);
    expect(outcomes.get(next.id)).toEqual(['confirmed']);
    expect(await balanceOf(to)).toBe(2n * ONE);
    // Running the finished first row again writes no second next step.
    expect(await processChainTransaction(deps(), first.id)).toMatchObject({ state: 'confirmed', next: [], afterCommit: [] });
    expect(await deps().prisma.chainTransaction.count({ where: { reference: `${reference}:next` } })).toBe(1);
  });

  it('a call that reverts at estimation fails its business change before any nonce is spent', async () => {
    const before = await deps().prisma.chainNonce.findFirstOrThrow({ where: { chainId: 31337 } });
    const row = await record(privateKeyToAccount(generatePrivateKey()).address, 10n ** 40n);
    expect(await processChainTransaction(deps(), row.id)).toEqual({ state: 'failed', txHash: null, next: [], afterCommit: [] });
    // Named with the token's own errors (OpenZeppelin's ERC-6093), not as an undecodable selector.
    expect(outcomes.get(row.id)).toEqual([
      expect.stringMatching(new RegExp(`^failed: refused before sending: ERC20InsufficientBalance\\(${relayer}, \\d+, ${10n ** 40n}\\)$`)),
    ]);
    expect((await deps().prisma.chainNonce.findFirstOrThrow({ where: { chainId: 31337 } })).nextNonce).toBe(before.nextNonce);
    // Again: nothing happens twice.
    expect(await processChainTransaction(deps(), row.id)).toEqual({ state: 'failed', txHash: null, next: [], afterCommit: [] });
    expect(outcomes.get(row.id)).toHaveLength(1);
  });

  it('the signed bytes are stored before the broadcast: a broadcast that failed is retried with the same hash', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const row = await record(to, 2n * ONE);
    // No gas money: the node refuses the broadcast after the row was signed (a crash there is the same).
    const gasMoney = await rpc<string>('eth_getBalance', [relayer, 'latest']);
    await rpc('anvil_setBalance', [relayer, '0x0']);
    const first = await processChainTransaction(deps(), row.id);
    expect(first).toMatchObject({ state: 'wait', status: 'signed' });
    const signed = (await findChainTransaction(deps().prisma, row.id))!;
    expect(signed.rawTx).toMatch(/^0x02/);
    expect(signed.hashes).toEqual([signed.txHash]);
    await rpc('anvil_setBalance', [relayer, gasMoney]);
    await processChainTransaction(deps(), row.id);
    const sent = (await findChainTransaction(deps().prisma, row.id))!;
    expect(sent).toMatchObject({ status: 'submitted', txHash: signed.txHash, nonce: signed.nonce, hashes: [signed.txHash] });
    await rpc('anvil_mine', ['0x2']);
    expect(await processChainTransaction(deps(), row.id)).toEqual({ state: 'confirmed', txHash: signed.txHash, next: [], afterCommit: [] });
    expect(await balanceOf(to)).toBe(2n * ONE);
  });

  it('"nonce too low": the nonce went to another transaction of the signer, so the row is signed again with a fresh one, and sent once', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const row = await record(to, 3n * ONE);
    const gasMoney = await rpc<string>('eth_getBalance', [relayer, 'latest']);
    await rpc('anvil_setBalance', [relayer, '0x0']);
    await processChainTransaction(deps(), row.id);
    const signed = (await findChainTransaction(deps().prisma, row.id))!;
    await rpc('anvil_setBalance', [relayer, gasMoney]);
    // Someone else with the relayer's key uses that nonce first (an operator's manual send).
    const account = await relayerAccount(deps());
    const other = walletClientOf(deps(), deps().chains.home!, account);
    await other.sendTransaction({ account, chain: undefined, to: account.address, value: 0n, nonce: Number(signed.nonce) } as never);
    // "nonce too low" with no receipt of ours: not given up at once (a lagging node may not show it yet)…
    await processChainTransaction(deps(), row.id);
    expect(await findChainTransaction(deps().prisma, row.id)).toMatchObject({ status: 'signed', nonce: signed.nonce });
    // …but once that is `confirmations` blocks old, the row goes back to `queued` for a fresh nonce.
    await rpc('anvil_mine', ['0x2']);
    await processChainTransaction(deps(), row.id);
    expect(await findChainTransaction(deps().prisma, row.id)).toMatchObject({ status: 'queued', nonce: null });
    await processChainTransaction(deps(), row.id); // signed with a fresh nonce and sent
    const resent = (await findChainTransaction(deps().prisma, row.id))!;
    expect(resent.nonce).toBeGreaterThan(signed.nonce!);
    expect(resent.hashes).toEqual([signed.txHash, resent.txHash]);
    await rpc('anvil_mine', ['0x2']);
    expect(await processChainTransaction(deps(), row.id)).toMatchObject({ state: 'confirmed' });
    expect(await balanceOf(to)).toBe(3n * ONE);
  });

  it('a transaction waiting behind a lower nonce of the signer is not re-priced: only the lowest unmined nonce is bumped', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const [low, high] = [await record(to, ONE), await record(to, ONE)];
    // The lower nonce is signed but its broadcast refused (no gas money), as after a crash before it.
    const gasMoney = await rpc<string>('eth_getBalance', [relayer, 'latest']);
    await rpc('anvil_setBalance', [relayer, '0x0']);
    await processChainTransaction(deps(), low.id);
    await rpc('anvil_setBalance', [relayer, gasMoney]);
    await processChainTransaction(deps(), high.id);
    const [l, h] = [(await findChainTransaction(deps().prisma, low.id))!, (await findChainTransaction(deps().prisma, high.id))!];
    expect({ low: l.status, high: h.status, gap: h.nonce! - l.nonce! }).toEqual({ low: 'signed', high: 'submitted', gap: 1n });
    // Blocks pass (CHAIN_FEE_BUMP_BLOCKS = 3) and the higher one is not mined: it waits for the lower one.
    await rpc('anvil_mine', ['0x4']);
    await processChainTransaction(deps(), high.id);
    expect((await findChainTransaction(deps().prisma, high.id))!.hashes).toEqual([h.txHash]);
    await processChainTransaction(deps(), low.id);
    await eventually(
      async () => {
        await rpc('anvil_mine', ['0x1']);
        const states = await Promise.all([low, high].map((r) => processChainTransaction(deps(), r.id)));
        return states.every((o) => o.state === 'confirmed') ? true : undefined;
      },
      30_000,
      'both confirmed',
    );
    for (const [r, signed] of [
      [low, l],
      [high, h],
    ] as const)
      expect((await findChainTransaction(deps().prisma, r.id))!.hashes).toEqual([signed.txHash]);
    expect(await balanceOf(to)).toBe(2n * ONE);
  });

  it('a transaction left out of blocks is replaced with higher fees and the same nonce; the replacement is the one confirmed', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const row = await record(to, 4n * ONE);
    await rpc('evm_setAutomine', [false]);
    try {
      await processChainTransaction(deps(), row.id);
      const sent = (await findChainTransaction(deps().prisma, row.id))!;
      expect(sent.status).toBe('submitted');
      // Blocks whose base fee is far above what it offers: it stays out of them.
      for (let i = 0; i < 3; i++) {
        await rpc('anvil_setNextBlockBaseFeePerGas', [`0x${parseGwei('5000').toString(16)}`]);
        await rpc('anvil_mine', ['0x1']);
      }
      await processChainTransaction(deps(), row.id);
      const bumped = (await findChainTransaction(deps().prisma, row.id))!;
      expect(bumped.nonce).toBe(sent.nonce);
      expect(bumped.hashes).toEqual([sent.txHash, bumped.txHash]);
      expect(bumped.maxFeePerGas! * 100n).toBeGreaterThanOrEqual(sent.maxFeePerGas! * 125n);
      await rpc('anvil_setNextBlockBaseFeePerGas', ['0x1']);
      await rpc('anvil_mine', ['0x3']);
      const done = await processChainTransaction(deps(), row.id);
      expect(done).toEqual({ state: 'confirmed', txHash: bumped.txHash, next: [], afterCommit: [] });
      expect(await balanceOf(to)).toBe(4n * ONE);
      expect(outcomes.get(row.id)).toEqual(['confirmed']);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('a signed transaction refused for a base fee above its max fee is re-signed with the same nonce and fees that cover it, and confirms once', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const row = await record(to, 6n * ONE);
    // Signed while the base fee is low; its broadcast refused (no gas money), as after a crash before it.
    const gasMoney = await rpc<string>('eth_getBalance', [relayer, 'latest']);
    await rpc('anvil_setBalance', [relayer, '0x0']);
    await processChainTransaction(deps(), row.id);
    const signed = (await findChainTransaction(deps().prisma, row.id))!;
    expect(signed.status).toBe('signed');
    await rpc('anvil_setBalance', [relayer, gasMoney]);
    // The base fee rises far above the fee it offers: the node refuses the bytes as they are.
    const baseFee = parseGwei('500');
    expect(signed.maxFeePerGas!).toBeLessThan(baseFee);
    await rpc('anvil_setNextBlockBaseFeePerGas', [`0x${baseFee.toString(16)}`]);
    await processChainTransaction(deps(), row.id);
    const resigned = (await findChainTransaction(deps().prisma, row.id))!;
    expect({ status: resigned.status, nonce: resigned.nonce, hashes: resigned.hashes.length }).toEqual({
      status: 'submitted',
      nonce: signed.nonce,
      hashes: 2,
    });
    expect(resigned.hashes).toEqual([signed.txHash, resigned.txHash]);
    expect(resigned.maxFeePerGas!).toBeGreaterThan(baseFee);
    expect(resigned.maxFeePerGas! * 100n).toBeGreaterThanOrEqual(signed.maxFeePerGas! * 125n);
    await rpc('anvil_mine', ['0x2']);
    expect(await processChainTransaction(deps(), row.id)).toEqual({
      state: 'confirmed',
      txHash: resigned.txHash,
      next: [],
      afterCommit: [],
    });
    // One transaction mined for that nonce: the re-signed one; the first bytes never were.
    const pub = publicClientOf(deps(), deps().chains.home!);
    const mined = await pub.getTransaction({ hash: resigned.txHash as Hex });
    expect(BigInt(mined.nonce)).toBe(signed.nonce);
    await expect(pub.getTransactionReceipt({ hash: signed.txHash as Hex })).rejects.toThrow();
    expect(await balanceOf(to)).toBe(6n * ONE);
    expect(outcomes.get(row.id)).toEqual(['confirmed']);
  });

  it('a transaction that reverts on chain fails its business change once', async () => {
    // Two transfers of the whole balance of a fresh holder: both pass estimation, the second reverts when mined.
    const holder = privateKeyToAccount(generatePrivateKey());
    await faucet(deps(), holder.address, 5n * ONE);
    await rpc('anvil_setBalance', [holder.address, `0x${ONE.toString(16)}`]);
    const holderClient = walletClientOf(deps(), deps().chains.home!, holder);
    await holderClient.writeContract({
      account: holder,
      chain: undefined,
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [relayer, 5n * ONE],
    } as never);
    await rpc('anvil_mine', ['0x1']);
    const take = () =>
      withTransaction(deps().prisma, (tx) =>
        recordChainTransaction(deps(), tx, {
          kind: 'test-transfer',
          reference: `take-${++refs}`,
          chainId: 31337,
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [holder.address, relayer, 5n * ONE] }),
        }),
      );
    const [a, b] = [await take(), await take()];
    // Both signed while neither is sent (no gas money: the broadcasts fail), so both pass estimation.
    const gasMoney = await rpc<string>('eth_getBalance', [relayer, 'latest']);
    await rpc('anvil_setBalance', [relayer, '0x0']);
    await processChainTransaction(deps(), a.id);
    await processChainTransaction(deps(), b.id);
    await rpc('anvil_setBalance', [relayer, gasMoney]);
    await rpc('evm_setAutomine', [false]);
    try {
      await processChainTransaction(deps(), a.id);
      await processChainTransaction(deps(), b.id);
      await rpc('anvil_mine', ['0x3']);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    expect(await processChainTransaction(deps(), a.id)).toMatchObject({ state: 'confirmed' });
    const failed = await processChainTransaction(deps(), b.id);
    expect(failed).toMatchObject({ state: 'failed', txHash: expect.stringMatching(/^0x/) as unknown as Hex });
    expect(outcomes.get(b.id)).toEqual([`failed: reverted on chain: ERC20InsufficientAllowance(${relayer}, 0, ${5n * ONE})`]);
    await processChainTransaction(deps(), b.id);
    expect(outcomes.get(b.id)).toHaveLength(1);
  });

  it('one transaction per business change: a second row of the same kind and reference is refused', async () => {
    const input = { kind: 'test-transfer', reference: 'once', chainId: 31337, to: token, data: '0x' as const };
    await withTransaction(deps().prisma, (tx) => recordChainTransaction(deps(), tx, input));
    await expect(withTransaction(deps().prisma, (tx) => recordChainTransaction(deps(), tx, input))).rejects.toThrow();
  });
});
