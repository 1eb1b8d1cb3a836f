/**
 * Fault injection for the on-chain outbox (issue #27): each scenario has its own anvils, its own
 * database and Redis prefix, a real worker process reaching the home chain through a proxy that
 * can fail in chosen ways, and withdrawals through the real API. Lost = a withdrawal not
 * `confirmed`; sent twice = a token transfer to a wallet beyond its one withdrawal. Both must be 0.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { erc20Abi, parseAbiItem } from 'viem';
import { contractAddress, custodyAddress, faucet, publicClientOf } from '@gw/core/chain';
import { getBalance, WITHDRAWALS_IN_FLIGHT } from '@gw/core/ledger';
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
    const stack = await startStack(label, { chain: true, worker: false, env: { ...FAULT_ENV } });
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
    const deps = stack.api.deps;
    const token = await contractAddress(deps, 31337, 'token');
    const org = await stack.org();
    const wallets: { address: string; token: string }[] = [];
    const ids: string[] = [];
    /** N wallets, each with a backed custodial balance, each withdrawing 1 token through the API. */
    const withdrawAll = async () => {
      await faucet(deps, await custodyAddress(deps), BigInt(N) * ONE);
      for (let i = 0; i < N; i++) {
        const w = await stack.login(undefined, { apiKey: org.apiKey });
        await stack.mint(w.address, ONE);
        wallets.push(w);
        const res = await stack.http
          .post('/api/gateway/v1/wallet/withdraw')
          .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${w.token}` })
          .send({ amount: ONE.toString() });
        expect(res.status).toBe(202);
        ids.push(res.body.id);
      }
    };
    const rows = () => deps.prisma.chainTransaction.findMany({ where: { kind: 'withdrawal', reference: { in: ids } } });
    const until = async (cond: () => Promise<boolean>, timeoutMs = 90_000) => {
      const end = Date.now() + timeoutMs;
      while (!(await cond())) {
        if (Date.now() > end)
          throw new Error(`${label}: timed out; rows ${JSON.stringify((await rows()).map((r) => [r.status, r.error]))}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    /** The fault row: confirmed withdrawals, and token transfers from custody per wallet counted on chain. */
    const tally = async (name: string) => {
      await until(
        async () => (await deps.prisma.withdrawal.count({ where: { id: { in: ids }, status: { in: ['confirmed', 'failed'] } } })) === N,
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
      const confirmed = await deps.prisma.withdrawal.count({ where: { id: { in: ids }, status: 'confirmed' } });
      const row = { scenario: name, expected: N, delivered: confirmed, lost: N - confirmed, duplicates };
      report(row);
      for (const w of wallets)
        expect(
          await pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [w.address as `0x${string}`] }),
        ).toBe(ONE);
      expect(await getBalance(deps.prisma, WITHDRAWALS_IN_FLIGHT, 'GTK')).toBe(0n);
      return row;
    };
    const setMining = (on: boolean) => void (mining = on);
    return { stack, proxy, rpc, worker, withdrawAll, rows, until, tally, setMining };
  }

  it('chain 1. worker killed between signing and broadcast: the same bytes are sent by the next worker', async () => {
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
  });

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
  }, 180_000);

  it('chain 4. a reorg under a withdrawal mined but not yet confirmed: the same bytes are mined again, once', async () => {
    const s = await scenario('fault-chain-reorg', { CHAIN_CONFIRMATIONS: '8' });
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
  }, 180_000);
});
