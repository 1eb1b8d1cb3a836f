/**
 * The generalised log poller: a module defines a stream, the scanning process lists it, and the
 * poller reads it with bounded `eth_getLogs` ranges from a cursor of its own (`custody_cursors`,
 * (chain, stream)), recording and unwinding under the chain's scan lock. Here a stream of the second
 * chain (the wrapped token's `Minted`, as a bridge stream would read `Burned`), kept in memory, on a
 * real anvil: recorded once, its cursor saved, and unwound after a reorg.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { toHex } from 'viem';
import { WrappedToken } from '@gw/contracts';
import { chainCall, contractAddress, publicClientOf, relayerAccount, walletClientOf } from '@gw/core/chain';
import { type LogStream, pollChainLogs, type StreamLog } from '@gw/core/custody';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';

const REMOTE = 31338;

describe('the log poller: a stream of another chain', () => {
  let stack: Stack;
  /** What the test stream recorded: tx hash → block. */
  const minted = new Map<string, bigint>();
  const unwound: bigint[] = [];
  const deps = () => stack.api.deps;
  const remote = () => deps().chains.get(REMOTE)!;
  const url = () => stack.chains!.anvils[1]!.rpcUrl;

  const mint = async (nonce: bigint) => {
    const relayer = await relayerAccount(deps());
    const wrapped = await contractAddress(deps(), REMOTE, 'wrappedToken');
    const hash = await walletClientOf(deps(), remote(), relayer).writeContract({
      address: wrapped,
      abi: WrappedToken.abi,
      functionName: 'mint',
      args: [relayer.address, 10n, 31337n, nonce],
      account: relayer,
      chain: undefined,
    } as never);
    await publicClientOf(deps(), remote()).waitForTransactionReceipt({ hash });
    return hash.toLowerCase();
  };
  /** A stream of the wrapped token's `Minted` logs on the second chain, as a module would define one. */
  const mintedStream: LogStream = {
    name: 'test-minted',
    async open({ ctx, chain, pub }) {
      if (chain.chainId !== REMOTE) return null;
      const wrapped = await contractAddress(ctx, chain.chainId, 'wrappedToken');
      return {
        name: 'test-minted',
        confirmedOnly: false,
        startBlock: async () => 0n,
        read: async (from, to) =>
          (
            await chainCall(chain, () =>
              pub.getContractEvents({ address: wrapped, abi: WrappedToken.abi, eventName: 'Minted', fromBlock: from, toBlock: to }),
            )
          ).map((l) => ({ blockNumber: l.blockNumber, blockHash: l.blockHash, txHash: l.transactionHash.toLowerCase() })),
        record: async (logs: readonly (StreamLog & { txHash: string })[]) => {
          let found = 0;
          for (const l of logs) {
            if (minted.has(l.txHash)) continue;
            minted.set(l.txHash, l.blockNumber);
            found += 1;
          }
          return found;
        },
        unwind: async (from) => {
          unwound.push(from);
          for (const [hash, block] of minted) if (block >= from) minted.delete(hash);
        },
      };
    },
  };
  const poll = () => pollChainLogs({ ...deps(), logStreams: [mintedStream] }, remote(), { wait: true });

  beforeAll(async () => {
    stack = await startStack('log-poller', { chain: true, worker: false });
  }, 60_000);
  afterAll(() => stack.stop());

  it('records each log once, from a cursor of its own per (chain, stream)', async () => {
    const first = await mint(1n);
    const report = await poll();
    expect(report).toMatchObject({ chain: 'eip155:31338', found: { 'test-minted': 1 }, reorgs: 0 });
    expect([...minted.keys()]).toEqual([first]);
    expect(await poll()).toMatchObject({ found: { 'test-minted': 0 } }); // read again from the cursor: nothing new
    const head = await publicClientOf(deps(), remote()).getBlockNumber();
    const cursor = await deps().prisma.custodyCursor.findUnique({ where: { chainId_stream: { chainId: REMOTE, stream: 'test-minted' } } });
    expect(cursor?.nextBlock).toBe(head + 1n);
    // The home chain's deposit cursor is another row, untouched by this pass.
    expect(await deps().prisma.custodyCursor.count({ where: { chainId: REMOTE, stream: 'deposits' } })).toBe(0);
  }, 60_000);

  it('a reorg unwinds what the stream recorded above the fork, through the shared block memory', async () => {
    const snapshot = await rpc<string>(url(), 'evm_snapshot');
    const second = await mint(2n);
    await poll();
    expect(minted.has(second)).toBe(true);
    await rpc(url(), 'evm_revert', [snapshot]);
    await rpc(url(), 'anvil_mine', [toHex(5)]);
    const report = await poll();
    expect(report.reorgs).toBe(1);
    expect(unwound).toHaveLength(1);
    expect(minted.has(second)).toBe(false);
    expect(minted.size).toBe(1);
  }, 60_000);
});
