/**
 * Fault injection for the on-chain outbox and the deposit scan: each scenario has its
 * own anvils, its own database and Redis prefix, a real worker process reaching the home chain
 * through a proxy that can fail in chosen ways, and withdrawals through the real API. Lost = a
 * withdrawal not `confirmed`; sent twice = a token transfer to a wallet beyond its one withdrawal.
 * Both must be 0. Wallets are funded as in production, by a deposit to custody credited by the scan
 * (`stack.mint` on a chain stack), so after every row the proof of reserves must hold.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { createWalletClient, encodeFunctionData, erc20Abi, http, numberToHex, parseAbiItem, parseEther, parseGwei } from 'viem';
import { anvil } from 'viem/chains';
import { contractAddress, custodyAddress, faucet, publicClientOf } from '@gw/core/chain';
import { checkReserves, scanDeposits } from '@gw/core/custody';
import { getBalance, WITHDRAWALS_IN_FLIGHT } from '@gw/core/ledger';
import { newWallet } from '../support/wallet.js';
import { startStack } from '../support/stack.js';
import { rpc as rpcAt } from '../support/rpc.js';
import { exited, FAULT_ENV, report, spawnWorkerProcess } from './harness.js';
import { RpcProxy } from './rpc-proxy.js';

const ONE = 10n ** 18n;
const N = 8;

describe('faults of the on-chain outbox: nothing lost, nothing sent twice', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup = [];
  });

  async function scenario(label: string, workerEnv: Record<string, string> = {}) {
    // The confirmations are the worker's and the stack's alike: the test's own scans (the funding
    // deposits, the reserves check) must credit at the same depth as the worker's.
    const confirmations: Record<string, string> = workerEnv.CHAIN_CONFIRMATIONS
      ? { CHAIN_CONFIRMATIONS: workerEnv.CHAIN_CONFIRMATIONS }
      : {};
    const stack = await startStack(label, { chain: true, worker: false, env: { ...FAULT_ENV, ...confirmations } });
    const [home, remote] = [stack.chains!.anvils[0]!, stack.chains!.anvils[1]!];
    const proxy = await new RpcProxy(home.rpcUrl).start();
    const rpc = <T = unknown>(method: string, params: unknown[] = []) => rpcAt<T>(home.rpcUrl, method, params);
    // Blocks keep coming, as on a live chain (anvil only mines when a transaction arrives).
    let mining = true;
    const miner = setInterval(() => void (mining && rpc('anvil_mine', ['0x1']).catch(() => undefined)), 250);
    const children: ChildProcess[] = [];
    const worker = () => {
      const c = spawnWorkerProcess(stack, {
        ...FAULT_ENV,
        CHAIN_RPC_URLS: `31337=${proxy.url},31338=${remote.rpcUrl}`,
        CHAIN_TX_POLL_MS: '100',
        CHAIN_RPC_TIMEOUT_MS: '1000',
        ...workerEnv,
      });
      children.push(c);
      return c;
    };
    cleanup.push(async () => {
      clearInterval(miner);
      for (const c of children) {
        if (c.exitCode !== null || c.signalCode !== null) continue;
        c.kill('SIGKILL');
        await exited(c);
      }
      await proxy.stop();
      await stack.stop();
    });
    const deps = stack.workerDeps;
    const token = await contractAddress(deps, 31337, 'token');
    const org = await stack.org();
    const wallets: { address: string; token: string }[] = [];
    const ids: string[] = [];
    /**
     * N wallets, each funded with 2 tokens by its own deposit to custody (credited by the scan), then
     * each withdrawing 1 through the API (the other stays in custody, for the reserves to count). All are funded before the first withdrawal: a funding
     * mines its confirmation blocks, which would otherwise confirm the withdrawals already sent.
     */
    const withdrawAll = async () => {
      for (let i = 0; i < N; i++) {
        const w = await stack.login(undefined, { apiKey: org.apiKey });
        await stack.mint(w.address, 2n * ONE);
        wallets.push(w);
      }
      for (const w of wallets) {
        const res = await stack.http
          .post('/api/gateway/v1/wallet/withdraw')
          .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${w.token}` })
          .send({ amount: ONE.toString() });
        expect(res.status).toBe(202);
        ids.push(res.body.id);
      }
    };
    const rows = () => deps.prisma.chainTransaction.findMany({ where: { kind: 'withdrawal', reference: { in: ids } } });
    /** Polls `cond` until it holds; past `timeoutMs` fails with `state()` (by default the withdrawals' outbox rows). */
    const until = async (
      cond: () => Promise<boolean>,
      timeoutMs = 90_000,
      state: () => Promise<unknown> = async () => (await rows()).map((r) => [r.status, r.error]),
    ) => {
      const end = Date.now() + timeoutMs;
      while (!(await cond())) {
        if (Date.now() > end) throw new Error(`${label}: timed out; state ${JSON.stringify(await state())}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    /** The fault row: confirmed withdrawals, and token transfers from custody per wallet counted on chain. */
    const tally = async (name: string) => {
      await until(
        async () => (await deps.prisma.custodyOutflow.count({ where: { id: { in: ids }, status: { in: ['confirmed', 'failed'] } } })) === N,
      );
      const pub = publicClientOf(deps, deps.chains.home!);
      const custody = await custodyAddress(deps);
      const logs = await pub.getLogs({
        address: token,
        event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
        args: { from: custody },
        fromBlock: 0n,
        toBlock: 'latest',
      });
      let duplicates = 0;
      for (const w of wallets) duplicates += Math.max(0, logs.filter((l) => l.args.to === w.address).length - 1);
      const confirmed = await deps.prisma.custodyOutflow.count({ where: { id: { in: ids }, status: 'confirmed' } });
      const row = { scenario: name, expected: N, delivered: confirmed, lost: N - confirmed, duplicates };
      report(row);
      for (const w of wallets)
        expect(
          await pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [w.address as `0x${string}`] }),
        ).toBe(ONE);
      for (const w of wallets) expect(await getBalance(deps.prisma, { type: 'wallet', id: w.address }, 'GTK')).toBe(ONE);
      expect(await getBalance(deps.prisma, WITHDRAWALS_IN_FLIGHT, 'GTK')).toBe(0n);
      return row;
    };
    const setMining = (on: boolean) => void (mining = on);
    /**
     * The proof of reserves after the row: the custodial ledger (withdrawals in flight included)
     * equals the custody address's balance on chain. `checkReserves` reads the chain at the deposit
     * scan's safe block (the cursor's), which trails the head by the confirmations, while the ledger
     * drops a withdrawal's amount as soon as its receipt is that deep (docs/chain.md, "the reserves
     * check trails a confirmed withdrawal"): at the safe block of an earlier scan it still sees those
     * tokens in custody. So each round scans first (the safe block moves up to head − confirmations,
     * past every confirmed withdrawal), then checks. A scan can still stop short of the head (a range
     * whose last block changed while it was read, a reorg rewinding the cursor), hence a bounded retry
     * while the miner brings blocks; a difference that stays is a real failure, with the report.
     */
    /**
     * The proof of reserves once the check's block is past every withdrawal's transaction (it reads
     * the chain at the scan's safe block, CHAIN_CONFIRMATIONS behind the head; it holds before that
     * too, counting the withdrawals mined above it as still in custody, but the figures to compare
     * are those after them).
     */
    const reservesHold = async () => {
      const end = Date.now() + 60_000;
      const after = (await rows()).reduce((max, r) => (r.minedBlock !== null && r.minedBlock > max ? r.minedBlock : max), 0n);
      for (;;) {
        await scanDeposits(deps, { wait: true });
        const reserves = await checkReserves(deps);
        if (reserves.holds && BigInt(reserves.block) >= after) return reserves;
        if (Date.now() > end) throw new Error(`${label}: the proof of reserves does not hold: ${JSON.stringify(reserves)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    return { stack, deps, org, token, proxy, rpc, worker, withdrawAll, rows, until, tally, setMining, reservesHold };
  }

  it('chain 1. worker killed between signing and broadcast: the same bytes are sent by the next worker', async () => {
    // Fee bumps stay on: the kill leaves some jobs active (given back only when their lock expires)
    // and others run at once by the next worker, so higher nonces wait in the node's pool behind a
    // lower one for many blocks. The pipeline bumps only the signer's lowest unmined nonce, so here
    // the stored bytes, and only them, must be what is sent.
    const s = await scenario('fault-chain-sign');
    s.proxy.set('no-send');
    const first = s.worker();
    await s.withdrawAll();
    await s.until(async () => (await s.rows()).every((r) => r.status === 'signed'));
    const signed = new Map((await s.rows()).map((r) => [r.id, r.txHash]));
    first.kill('SIGKILL');
    await exited(first);
    s.proxy.set('pass');
    s.worker();
    const row = await s.tally('chain: kill -9 between signing and broadcast');
    for (const r of await s.rows())
      expect({ hash: r.txHash, hashes: r.hashes }).toEqual({ hash: signed.get(r.id), hashes: [signed.get(r.id)] });
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
    expect(await s.reservesHold()).toMatchObject({ holds: true, custodial: (BigInt(N) * ONE).toString() });
  }, 180_000);

  it('chain 2. worker killed between broadcast and receipt: the next worker follows the same transactions', async () => {
    const s = await scenario('fault-chain-receipt', { CHAIN_FEE_BUMP_BLOCKS: '1000' });
    s.proxy.set('no-receipts');
    const first = s.worker();
    await s.withdrawAll();
    await s.until(async () => (await s.rows()).every((r) => r.status === 'submitted'));
    first.kill('SIGKILL');
    await exited(first);
    s.proxy.set('pass');
    s.worker();
    const row = await s.tally('chain: kill -9 between broadcast and receipt');
    for (const r of await s.rows()) expect(r.hashes).toHaveLength(1);
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
    expect(await s.reservesHold()).toMatchObject({ holds: true, custodial: (BigInt(N) * ONE).toString() });
  }, 180_000);

  it('chain 3. the RPC endpoint down for 10 s while withdrawals are in flight', async () => {
    const s = await scenario('fault-chain-rpc-down');
    s.worker();
    await s.withdrawAll();
    s.proxy.set('down');
    await new Promise((r) => setTimeout(r, 10_000));
    s.proxy.set('pass');
    const row = await s.tally('chain: RPC down for 10 s');
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
    expect(await s.reservesHold()).toMatchObject({ holds: true, custodial: (BigInt(N) * ONE).toString() });
  }, 180_000);

  it('chain 4. a reorg under a withdrawal mined but not yet confirmed: the same bytes are mined again, once', async () => {
    // More confirmations than there are withdrawals (N = 8), each of which mines a block of its own:
    // with 8 the first one could be 8 deep by the time the last is mined, and confirmed.
    const s = await scenario('fault-chain-reorg', { CHAIN_CONFIRMATIONS: '20' });
    // No blocks but the transactions' own: each withdrawal gets a receipt and none gets deep enough.
    s.setMining(false);
    s.worker();
    await s.withdrawAll();
    await s.until(async () => (await s.rows()).every((r) => r.minedBlock !== null));
    const before = new Map((await s.rows()).map((r) => [r.id, r.hashes[0]]));
    expect((await s.rows()).every((r) => r.status === 'submitted')).toBe(true);
    // Reorg them all away (anvil drops a reorged transaction), then let blocks come again.
    const head = Number(await s.rpc<string>('eth_blockNumber'));
    const lowest = Math.min(...(await s.rows()).map((r) => Number(r.minedBlock)));
    await s.rpc('anvil_reorg', [head - lowest + 1, []]);
    s.setMining(true);
    const row = await s.tally('chain: reorg under mined, unconfirmed withdrawals');
    for (const r of await s.rows()) {
      expect(r.hashes[0]).toBe(before.get(r.id));
      expect(r.hashes).toContain(r.txHash);
    }
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
    expect(await s.reservesHold()).toMatchObject({ holds: true, custodial: (BigInt(N) * ONE).toString() });
  }, 180_000);
  it('chain 5. a reorg under pending deposits: the re-included are credited once at their new block, the dropped never', async () => {
    const CONFIRMATIONS = 12;
    const s = await scenario('fault-chain-deposit-reorg', { CHAIN_CONFIRMATIONS: String(CONFIRMATIONS) });
    const { deps, token } = s;
    const custody = await custodyAddress(deps);
    const pub = publicClientOf(deps, deps.chains.home!);
    const home = s.stack.chains!.anvils[0]!;
    s.worker();
    // No blocks but the transactions' own, so that no deposit gets CONFIRMATIONS deep before the reorg.
    s.setMining(false);
    // N wallets with tokens (the faucet) and gas; one more block so that the gas given by
    // anvil_setBalance is in a block below the fork (a reorg restores the state of a block).
    const wallets = Array.from({ length: N }, () => newWallet());
    const amountOf = (i: number) => BigInt(i + 1) * ONE;
    for (const [i, w] of wallets.entries()) {
      await faucet(deps, w.address, amountOf(i));
      await s.rpc('anvil_setBalance', [w.address, numberToHex(parseEther('1'))]);
    }
    await s.rpc('anvil_mine', ['0x1']);
    // Each wallet deposits with its own key: an ERC-20 transfer to custody, one block each. The
    // signed bytes are kept, to include some of them again in the reorg.
    const sent: { raw: `0x${string}`; hash: `0x${string}`; block: bigint }[] = [];
    for (const [i, w] of wallets.entries()) {
      const client = createWalletClient({ account: w, chain: anvil, transport: http(home.rpcUrl) });
      const request = await client.prepareTransactionRequest({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [custody, amountOf(i)] }),
        gas: 100_000n,
        // Generous fees, so that the same bytes are valid again in the blocks the reorg mines.
        maxFeePerGas: parseGwei('50'),
        maxPriorityFeePerGas: parseGwei('1'),
      });
      const raw = await client.signTransaction(request);
      const hash = await client.sendRawTransaction({ serializedTransaction: raw });
      const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      expect(receipt.status).toBe('success');
      sent.push({ raw, hash, block: receipt.blockNumber });
    }
    const head = await pub.getBlockNumber();
    expect(head - sent[0]!.block).toBeLessThan(BigInt(CONFIRMATIONS));
    // The worker's scan records every deposit `pending`; none is credited yet.
    const depositRows = () => deps.prisma.deposit.findMany({ where: { ownerId: { in: wallets.map((w) => w.address) } } });
    const depositState = async () => (await depositRows()).map((d) => [d.txHash, d.blockNumber.toString(), d.status]);
    await s.until(async () => (await depositRows()).length === N, 90_000, depositState);
    expect((await depositRows()).map((d) => d.status)).toEqual(Array(N).fill('pending'));
    for (const w of wallets) expect(await getBalance(deps.prisma, { type: 'wallet', id: w.address }, 'GTK')).toBe(0n);

    // The reorg: every block from the first deposit up is replaced by as many new blocks. The even
    // wallets' transfers are included again (the same signed bytes, so the same hash) at other
    // blocks than before; the odd wallets' are dropped (anvil does not put them back in the pool).
    const depth = Number(head - sent[0]!.block + 1n);
    const again = sent.filter((_, i) => i % 2 === 0);
    await s.rpc('anvil_reorg', [depth, again.map((t, k) => [t.raw, depth - 1 - k])]);
    expect(await pub.getBlockNumber()).toBe(head);
    s.setMining(true);

    // Settled: the re-included deposits credited, the dropped ones' rows gone (deleted, never credited).
    const reincluded = new Set(again.map((t) => t.hash.toLowerCase()));
    await s.until(
      async () => {
        const rows = await depositRows();
        return rows.length === again.length && rows.every((d) => d.status === 'credited' && reincluded.has(d.txHash));
      },
      90_000,
      depositState,
    );
    // The tally, against the canonical chain: each wallet's transfers to custody, and what the ledger credited it.
    const logs = await pub.getLogs({
      address: token,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { to: custody },
      fromBlock: sent[0]!.block,
      toBlock: 'latest',
    });
    const rows = await depositRows();
    let expected = 0;
    let delivered = 0;
    let duplicates = 0;
    for (const [i, w] of wallets.entries()) {
      const onChain = logs.filter((l) => l.args.from === w.address);
      const onChainAmount = onChain.reduce((sum, l) => sum + l.args.value!, 0n);
      const credited = rows.filter((d) => d.ownerId === w.address && d.status === 'credited');
      const ledger = await getBalance(deps.prisma, { type: 'wallet', id: w.address }, 'GTK');
      expected += onChain.length;
      // Delivered: credited once, at the block and with the amount the canonical chain has.
      for (const l of onChain)
        if (credited.some((d) => d.txHash === l.transactionHash.toLowerCase() && d.blockHash === l.blockHash) && ledger === onChainAmount)
          delivered += 1;
      // Duplicates: credits beyond one per transfer on chain (a dropped deposit credited is one), and
      // a ledger balance beyond what the wallet sent to custody on chain.
      duplicates += Math.max(0, credited.length - onChain.length) + (ledger > onChainAmount ? 1 : 0);
      // As designed: the even wallets' deposits are on chain once, the odd wallets' nowhere.
      expect(onChain.map((l) => l.args.value)).toEqual(i % 2 === 0 ? [amountOf(i)] : []);
      expect(ledger).toBe(onChainAmount);
    }
    const row = { scenario: 'chain: reorg under pending deposits', expected, delivered, lost: expected - delivered, duplicates };
    report(row);
    // Each re-included deposit sits at its new block (not the one it was first seen in).
    for (const t of again) {
      const receipt = await pub.getTransactionReceipt({ hash: t.hash });
      const d = rows.find((r) => r.txHash === t.hash.toLowerCase())!;
      expect(receipt.blockNumber).not.toBe(t.block);
      expect({ block: d.blockNumber, hash: d.blockHash }).toEqual({ block: receipt.blockNumber, hash: receipt.blockHash });
    }
    expect(await deps.prisma.journalEntry.count({ where: { kind: 'deposit', reference: { in: rows.map((d) => d.id) } } })).toBe(
      again.length,
    );
    expect(expected).toBe(again.length);
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
    const total = again.reduce((sum, _, k) => sum + amountOf(2 * k), 0n);
    expect(await s.reservesHold()).toMatchObject({ holds: true, custodial: total.toString() });
  }, 180_000);
});
