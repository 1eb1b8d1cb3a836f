/**
 * A credited deposit orphaned by a reorg deeper than the confirmations, whose very transaction is
 * mined again later under another log index (another log-emitting transaction now comes first in its
 * block): credited once, not twice. Real anvil: `anvil_reorg` drops the deposit's block, the same
 * signed bytes are broadcast again.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeFunctionData, erc20Abi, getAddress, parseEther, parseGwei, type PrivateKeyAccount } from 'viem';
import { contractAddress, custodyAddress, faucet } from '@gw/core/chain';
import { checkReserves, scanDeposits } from '@gw/core/custody';
import { getBalance } from '@gw/core/ledger';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';
import { newWallet } from '../../../test/support/wallet.js';

const ONE = 10n ** 18n;

type Receipt = { status: string; blockNumber: string; logs: { logIndex: string }[] } | null;

describe('custody: a reorged deposit mined again is credited once', () => {
  let stack: Stack;
  const url = () => stack.chains!.anvils[0]!.rpcUrl;
  const deps = () => stack.workerDeps;
  const scan = () => scanDeposits(deps(), { wait: true });
  const mine = (n: number) => rpc(url(), 'anvil_mine', [`0x${n.toString(16)}`]);
  const ledger = (address: string) => getBalance(deps().prisma, { type: 'wallet', id: getAddress(address) }, 'GTK');

  async function fundedWallet(amount: bigint): Promise<PrivateKeyAccount> {
    const wallet = newWallet();
    await faucet(deps(), wallet.address, amount);
    await rpc(url(), 'anvil_setBalance', [wallet.address, `0x${parseEther('1').toString(16)}`]);
    return wallet;
  }
  /** `wallet`'s signed transfer of `amount` to `to` (nonce `nonce`), to broadcast as raw bytes, once or again. */
  async function signedTransfer(wallet: PrivateKeyAccount, to: `0x${string}`, amount: bigint, nonce: number, tip: bigint) {
    const token = await contractAddress(deps(), 31337, 'token');
    return wallet.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
      nonce,
      gas: 100_000n,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: tip,
    });
  }
  const receipt = (hash: string) => rpc<Receipt>(url(), 'eth_getTransactionReceipt', [hash]);
  /**
   * The receipt of a transaction just sent: anvil's automine answers the send before the block is
   * always readable on a loaded machine, so wait for it (mining a block if it is still pending).
   */
  async function minedReceipt(hash: string): Promise<Receipt> {
    for (let i = 0; i < 50; i++) {
      const r = await receipt(hash);
      if (r) return r;
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (i === 20) await mine(1);
    }
    return receipt(hash);
  }

  beforeAll(async () => {
    stack = await startStack('custody-reorg', {
      chain: true,
      worker: false,
      env: { CHAIN_POLL_INTERVAL_MS: '0', CHAIN_RESERVES_CHECK_MS: '0' },
    });
  }, 60_000);
  afterAll(() => stack.stop());

  it('orphaned, then the same transaction re-mined with another log index: one deposit, credited once, reserves balanced', async () => {
    const custody = await custodyAddress(deps());
    const wallet = await fundedWallet(4n * ONE);
    const other = await fundedWallet(ONE);
    const raw = await signedTransfer(wallet, custody, 4n * ONE, 0, parseGwei('1'));
    const hash = await rpc<string>(url(), 'eth_sendRawTransaction', [raw]);
    const first = await minedReceipt(hash);
    expect(first?.status).toBe('0x1');
    expect(first!.logs.map((l) => Number(l.logIndex))).toEqual([0]);
    await mine(3);
    await scan();
    expect((await deps().prisma.deposit.findMany({ where: { txHash: hash } })).map((d) => d.status)).toEqual(['credited']);
    expect(await ledger(wallet.address)).toBe(4n * ONE);

    // A reorg deeper than the confirmations drops the deposit's block and its transaction.
    const head = Number(await rpc<string>(url(), 'eth_blockNumber'));
    await rpc(url(), 'anvil_reorg', [head - Number(first!.blockNumber) + 1, []]);
    expect(await receipt(hash)).toBeNull();
    await mine(2);
    expect(await scan()).toMatchObject({ orphaned: 1, orphanedTotal: 1 });

    // The same signed bytes come back, in a block where another Transfer comes first (a higher tip).
    await rpc(url(), 'evm_setAutomine', [false]);
    try {
      await rpc(url(), 'eth_sendRawTransaction', [await signedTransfer(other, newWallet().address, ONE, 0, parseGwei('5'))]);
      await rpc(url(), 'eth_sendRawTransaction', [raw]);
      await mine(1);
    } finally {
      await rpc(url(), 'evm_setAutomine', [true]);
    }
    const again = await minedReceipt(hash);
    expect(again?.status).toBe('0x1');
    expect(again!.logs.map((l) => Number(l.logIndex))).toEqual([1]);
    await mine(3);
    await scan();
    await scan();

    const rows = await deps().prisma.deposit.findMany({ where: { txHash: hash } });
    expect(rows.map((d) => [d.status, d.logIndex, d.blockNumber])).toEqual([['credited', 1, BigInt(again!.blockNumber)]]);
    expect(await ledger(wallet.address)).toBe(4n * ONE);
    expect(await deps().prisma.journalEntry.count({ where: { kind: 'deposit', reference: rows[0]!.id } })).toBe(1);
    expect(await deps().prisma.deposit.count({ where: { status: 'orphaned' } })).toBe(0);
    expect(await checkReserves(deps())).toMatchObject({ holds: true, difference: '0' });
  }, 120_000);
});
