/**
 * Fault injection for the bridge's relayer: each scenario has its own two anvils, its own
 * database and Redis prefix, a real worker process reaching the destination chain through a proxy
 * that can fail in chosen ways, and N transfers home → second chain made through the real API by
 * wallets' permits. Lost = a transfer not `completed`; sent twice = a mint on the destination beyond
 * one per transfer (counted from the wrapped token's `Minted` logs on chain). Both must be 0.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { WrappedToken } from '@gw/contracts';
import { chainOf, contractAddress, faucet, publicClientOf } from '@gw/core/chain';
import { signPermit } from '../../packages/client/src/index.js';
import { ANY_RECIPIENT_ALLOWANCE, newWallet } from '../support/wallet.js';
import { startStack } from '../support/stack.js';
import { rpc } from '../support/rpc.js';
import { exited, FAULT_ENV, report, spawnWorkerProcess } from './harness.js';
import { RpcProxy } from './rpc-proxy.js';

const ONE = 10n ** 18n;
const N = 6;
const HOME = 31337;
const SECOND = 31338;

describe('faults of the bridge relayer: every transfer minted exactly once', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup = [];
  });

  async function scenario(label: string, workerEnv: Record<string, string> = {}) {
    // The confirmations are the worker's and the stack's alike.
    const confirmations: Record<string, string> = workerEnv.CHAIN_CONFIRMATIONS
      ? { CHAIN_CONFIRMATIONS: workerEnv.CHAIN_CONFIRMATIONS }
      : {};
    const stack = await startStack(label, { chain: true, worker: false, env: { ...FAULT_ENV, ...confirmations } });
    const [home, remote] = [stack.chains!.anvils[0]!, stack.chains!.anvils[1]!];
    const proxy = await new RpcProxy(remote.rpcUrl).start();
    // Blocks keep coming on both chains, as on live chains (anvil only mines when a transaction arrives).
    let mining = true;
    const miner = setInterval(() => {
      if (mining) for (const a of [home, remote]) void rpc(a.rpcUrl, 'anvil_mine', ['0x1']).catch(() => undefined);
    }, 250);
    const children: ChildProcess[] = [];
    const worker = () => {
      const c = spawnWorkerProcess(stack, {
        ...FAULT_ENV,
        CHAIN_RPC_URLS: `${HOME}=${home.rpcUrl},${SECOND}=${proxy.url}`,
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
    const wrapped = await contractAddress(deps, SECOND, 'wrappedToken');
    const org = await stack.org();
    const ids: string[] = [];
    const recipients: `0x${string}`[] = [];

    /**
     * N wallets with one token of their own (the faucet), each bridging it to a fresh recipient by
     * permit. All are funded before the first transfer: a reorg under the locks must not take a
     * funding away.
     */
    const bridgeAll = async () => {
      const wallets = [];
      for (let i = 0; i < N; i++) {
        const w = await stack.login(undefined, { apiKey: org.apiKey, allowance: ANY_RECIPIENT_ALLOWANCE });
        await faucet(deps, w.address, ONE);
        wallets.push(w);
      }
      for (const w of wallets) {
        const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${w.token}` };
        const td = await stack.http.get('/api/gateway/v1/bridge/permit-typed-data').query({ amount: ONE.toString() }).set(headers);
        expect(td.status).toBe(200);
        const to = newWallet().address;
        const res = await stack.http
          .post('/api/gateway/v1/bridge/initiate')
          .set(headers)
          .send({
            toChainId: `eip155:${SECOND}`,
            toAddress: to,
            amount: ONE.toString(),
            funding: 'permit',
            deadline: Number(td.body.typedData.message.deadline),
            signature: await signPermit(w.wallet, td.body.typedData),
          });
        expect(res.status).toBe(202);
        ids.push(res.body.id);
        recipients.push(to);
      }
    };
    const transfers = () => deps.prisma.bridgeTransfer.findMany({ where: { id: { in: ids } } });
    const mints = () => deps.prisma.chainTransaction.findMany({ where: { kind: 'bridge-mint', reference: { in: ids } } });
    const until = async (cond: () => Promise<boolean>, timeoutMs = 120_000) => {
      const end = Date.now() + timeoutMs;
      while (!(await cond())) {
        if (Date.now() > end) {
          // Enough to tell a slow pass from a stall: each mint's nonce and hashes, and the relayer's
          // latest and pending transaction counts on the destination (a gap below a pending nonce?).
          const relayer = (await mints())[0]?.signer;
          const count = (tag: string) =>
            relayer ? rpc<string>(remote.rpcUrl, 'eth_getTransactionCount', [relayer, tag]).then(Number) : Promise.resolve(null);
          const state = {
            transfers: (await transfers()).map((t) => [t.status, t.failureReason]),
            mints: (await mints()).map((m) => [
              m.status,
              m.error,
              m.nonce?.toString() ?? null,
              m.hashes.length,
              m.submittedBlock?.toString() ?? null,
              m.minedBlock?.toString() ?? null,
            ]),
            relayer: { latest: await count('latest'), pending: await count('pending') },
            destinationHead: Number(await rpc<string>(remote.rpcUrl, 'eth_blockNumber')),
          };
          throw new Error(`${label}: timed out; state ${JSON.stringify(state)}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    /** The fault row: completed transfers, and `Minted` logs per (source chain, lock nonce) and per recipient, on chain. */
    const tally = async (name: string) => {
      await until(async () => (await transfers()).every((t) => t.status === 'completed' || t.status === 'failed'));
      // The stack's own client reads the destination directly, not through the worker's proxy.
      const pub = publicClientOf(deps, chainOf(deps.chains, SECOND));
      const logs = await pub.getContractEvents({
        address: wrapped,
        abi: WrappedToken.abi,
        eventName: 'Minted',
        fromBlock: 0n,
        toBlock: 'latest',
      });
      const rows = await transfers();
      let delivered = 0;
      let duplicates = 0;
      for (const t of rows) {
        const forIt = logs.filter(
          (l) => l.args.sourceChainId === BigInt(HOME) && t.sourceNonce !== null && l.args.nonce === BigInt(t.sourceNonce.toFixed(0)),
        );
        duplicates += Math.max(0, forIt.length - 1);
        if (
          t.status === 'completed' &&
          forIt.length === 1 &&
          forIt[0]!.args.to === t.toAddress &&
          forIt[0]!.transactionHash === t.relayTxHash
        )
          delivered += 1;
      }
      for (const to of recipients) duplicates += Math.max(0, logs.filter((l) => l.args.to === to).length - 1);
      const row = { scenario: name, expected: N, delivered, lost: N - delivered, duplicates };
      report(row);
      for (const to of recipients)
        expect(await pub.readContract({ address: wrapped, abi: WrappedToken.abi, functionName: 'balanceOf', args: [to] })).toBe(ONE);
      expect(await pub.readContract({ address: wrapped, abi: WrappedToken.abi, functionName: 'totalSupply' })).toBe(BigInt(N) * ONE);
      return row;
    };
    const locks = () => deps.prisma.chainTransaction.findMany({ where: { kind: 'bridge-lock', reference: { in: ids } } });
    const setMining = (on: boolean) => void (mining = on);
    return { stack, home, proxy, worker, bridgeAll, transfers, mints, locks, until, tally, setMining };
  }

  it('bridge 1. relayer killed between the lock’s confirmation and the mint: the next worker mints each once', async () => {
    const s = await scenario('fault-bridge-lock');
    s.proxy.set('down'); // the destination cannot be reached: every lock confirms, no mint goes out
    const first = s.worker();
    await s.bridgeAll();
    await s.until(async () => (await s.transfers()).every((t) => t.status === 'relaying'));
    expect((await s.mints()).every((m) => m.status === 'queued' && m.txHash === null)).toBe(true);
    first.kill('SIGKILL');
    await exited(first);
    s.proxy.set('pass');
    s.worker();
    const row = await s.tally('bridge: kill -9 between lock confirmation and mint');
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
  }, 240_000);

  it('bridge 2. relayer killed between the mint’s broadcast and its receipt: the next worker follows the same mint', async () => {
    const s = await scenario('fault-bridge-mint-receipt', { CHAIN_FEE_BUMP_BLOCKS: '1000' });
    s.proxy.set('no-receipts');
    const first = s.worker();
    await s.bridgeAll();
    await s.until(async () => (await s.mints()).length === N && (await s.mints()).every((m) => m.status === 'submitted'));
    const sent = new Map((await s.mints()).map((m) => [m.id, m.txHash]));
    first.kill('SIGKILL');
    await exited(first);
    s.proxy.set('pass');
    s.worker();
    const row = await s.tally('bridge: kill -9 between mint broadcast and receipt');
    for (const m of await s.mints())
      expect({ hash: m.txHash, hashes: m.hashes }).toEqual({ hash: sent.get(m.id), hashes: [sent.get(m.id)] });
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
  }, 240_000);

  it('bridge 3. the destination chain down for 10 s while transfers are relayed', async () => {
    const s = await scenario('fault-bridge-destination-down');
    s.worker();
    await s.bridgeAll();
    await s.until(async () => (await s.transfers()).some((t) => t.status === 'relaying'));
    s.proxy.set('down');
    await new Promise((r) => setTimeout(r, 10_000));
    s.proxy.set('pass');
    const row = await s.tally('bridge: destination chain down for 10 s');
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
  }, 240_000);

  it('bridge 4. a reorg under locks mined but not yet confirmed: no mint before their depth, then one mint each, with the final nonce', async () => {
    // More confirmations than there are transfers, each lock being mined in a block of its own.
    const s = await scenario('fault-bridge-reorg', { CHAIN_CONFIRMATIONS: '20' });
    s.setMining(false); // no blocks but the transactions' own: no lock gets deep enough
    s.worker();
    await s.bridgeAll();
    await s.until(async () => (await s.locks()).length === N && (await s.locks()).every((r) => r.minedBlock !== null));
    const before = new Map((await s.locks()).map((r) => [r.id, r.hashes[0]]));
    expect((await s.transfers()).every((t) => t.status === 'initiated')).toBe(true);
    expect(await s.mints()).toEqual([]);
    // Reorg every lock away (anvil drops a reorged transaction), then let blocks come again.
    const rpcHome = <T>(method: string, params: unknown[] = []) => rpc<T>(s.home.rpcUrl, method, params);
    const head = Number(await rpcHome<string>('eth_blockNumber'));
    const lowest = Math.min(...(await s.locks()).map((r) => Number(r.minedBlock)));
    await rpcHome('anvil_reorg', [head - lowest + 1, []]);
    s.setMining(true);
    const row = await s.tally('bridge: reorg under mined, unconfirmed locks');
    for (const r of await s.locks()) expect(r.hashes[0]).toBe(before.get(r.id)); // the same bytes, mined again
    expect(row).toMatchObject({ lost: 0, duplicates: 0 });
  }, 240_000);
});
