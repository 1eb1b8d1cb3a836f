/**
 * Custody: deposits to the custody address found by polling eth_getLogs, credited once
 * after the confirmations, reorgs under a pending and under a credited deposit (real anvil:
 * evm_snapshot / evm_revert and new blocks), the proof of reserves, the worker's periodic scan from
 * two replicas, and the CLI's token:mint, reserves:check and deposits:orphaned.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createWalletClient, encodeFunctionData, erc20Abi, getAddress, http, parseEther, type PrivateKeyAccount } from 'viem';
import { contractAddress, custodyAddress, faucet, processChainTransaction } from '@gw/core/chain';
import { checkReserves, orphanedDeposits, scanDeposits } from '@gw/core/custody';
import { getBalance, TREASURY } from '@gw/core/ledger';
import { seedDemo } from '@gw/admin/seed-demo';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { rpc } from '../../../test/support/rpc.js';
import { newWallet } from '../../../test/support/wallet.js';

const ONE = 10n ** 18n;
const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('custody: deposits, reorgs, orphans and the proof of reserves on a real anvil', () => {
  let stack: Stack;
  const url = () => stack.chains!.anvils[0]!.rpcUrl;
  const deps = () => stack.workerDeps;
  const scan = () => scanDeposits(deps(), { wait: true });
  /** GET /wallet/deposits as the wallet (a session bound to an organization's key). */
  async function listAs(wallet: PrivateKeyAccount, query = '') {
    const { apiKey } = await stack.org();
    const { token } = await stack.login(wallet, { apiKey });
    return stack.http
      .get(`/api/gateway/v1/wallet/deposits${query}`)
      .set({ 'X-API-Key': apiKey, Authorization: `Bearer ${token}` })
      .expect(200);
  }
  const mine = (n: number) => rpc(url(), 'anvil_mine', [`0x${n.toString(16)}`]);
  const ledger = (address: string) => getBalance(deps().prisma, { type: 'wallet', id: getAddress(address) }, 'GTK');
  const depositRows = (address: string) =>
    deps().prisma.deposit.findMany({ where: { address: getAddress(address) }, orderBy: { id: 'asc' } });

  /** A wallet funded by the faucet (and with gas) that sends `amount` to the custody address itself. */
  async function deposit(wallet: PrivateKeyAccount, amount: bigint): Promise<`0x${string}`> {
    const token = await contractAddress(deps(), 31337, 'token');
    const custody = await custodyAddress(deps());
    const client = createWalletClient({ account: wallet, transport: http(url()) });
    const hash = await client.sendTransaction({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [custody, amount] }),
      chain: null,
    } as never);
    for (let i = 0; i < 100; i++) {
      const receipt = await rpc<{ status: string } | null>(url(), 'eth_getTransactionReceipt', [hash]);
      if (receipt) {
        expect(receipt.status).toBe('0x1');
        return hash;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no receipt for ${hash}`);
  }

  async function fundedWallet(amount: bigint): Promise<PrivateKeyAccount> {
    const wallet = newWallet();
    await faucet(deps(), wallet.address, amount);
    await rpc(url(), 'anvil_setBalance', [wallet.address, `0x${parseEther('1').toString(16)}`]);
    return wallet;
  }

  beforeAll(async () => {
    // The worker's scan is off here: each step below scans itself (the last test turns workers on).
    stack = await startStack('custody', { chain: true, worker: false, env: { CHAIN_POLL_INTERVAL_MS: '0', CHAIN_RESERVES_CHECK_MS: '0' } });
  }, 60_000);
  afterAll(() => stack.stop());

  it('a deposit is pending until CHAIN_CONFIRMATIONS blocks are on top, then credited once; the wallet lists it', async () => {
    const wallet = await fundedWallet(10n * ONE);
    const hash = await deposit(wallet, 7n * ONE);
    const first = await scan();
    expect(first).toMatchObject({ chain: 'eip155:31337', found: 1, credited: 0 });
    const [row] = await depositRows(wallet.address);
    expect(row).toMatchObject({ txHash: hash, status: 'pending', ownerType: 'wallet', ownerId: wallet.address });
    expect(await ledger(wallet.address)).toBe(0n);

    const pending = await listAs(wallet);
    expect(pending.body).toEqual({
      data: [
        expect.objectContaining({
          chain: 'eip155:31337',
          txHash: hash,
          amount: (7n * ONE).toString(),
          status: 'pending',
          confirmations: 0,
          creditedAt: null,
        }),
      ],
      nextCursor: null,
    });

    await mine(1);
    expect((await scan()).credited).toBe(0); // 1 block on top: not yet (local default: 2)
    await mine(1);
    expect((await scan()).credited).toBe(1);
    expect(await ledger(wallet.address)).toBe(7n * ONE);
    // Idempotent: more scans credit nothing again.
    await mine(3);
    expect((await scan()).credited).toBe(0);
    expect(await ledger(wallet.address)).toBe(7n * ONE);
    const entries = await deps().prisma.journalEntry.findMany({ where: { kind: 'deposit', reference: row!.id } });
    expect(entries).toHaveLength(1);

    const credited = await listAs(wallet, '?limit=1');
    expect(credited.body.data[0]).toMatchObject({
      status: 'credited',
      confirmations: expect.any(Number),
      blockNumber: row!.blockNumber.toString(),
    });
    expect(credited.body.data[0].confirmations).toBeGreaterThanOrEqual(5);

    const reserves = await checkReserves(deps());
    expect(reserves).toMatchObject({ chain: 'eip155:31337', token: 'GTK', holds: true, difference: '0' });
    expect(BigInt(reserves.custodial)).toBeGreaterThanOrEqual(7n * ONE);
  });

  it('a reorg under a pending deposit: it disappears and is never credited', async () => {
    const wallet = await fundedWallet(5n * ONE);
    const snapshot = await rpc<string>(url(), 'evm_snapshot');
    await deposit(wallet, 5n * ONE);
    expect((await scan()).found).toBe(1);
    expect((await depositRows(wallet.address)).map((d) => d.status)).toEqual(['pending']);
    // The deposit's block is replaced: revert to before it, then a longer chain without it.
    await rpc(url(), 'evm_revert', [snapshot]);
    await mine(6);
    const after = await scan();
    expect(after).toMatchObject({ dropped: 1, credited: 0, orphaned: 0 });
    expect(after.reorgs).toBeGreaterThanOrEqual(1);
    expect(await depositRows(wallet.address)).toEqual([]);
    await mine(3);
    await scan();
    expect(await ledger(wallet.address)).toBe(0n);
    expect((await checkReserves(deps())).holds).toBe(true);
  });

  it('seed:demo funds the treasury with a real deposit it records itself; the poller does not credit it again', async () => {
    const first = await seedDemo(deps().prisma, stack.config, deps());
    expect(first.inserted.treasuryFunding).toBe(1);
    const rows = await deps().prisma.deposit.findMany({ where: { ownerType: 'system', ownerId: 'treasury' } });
    expect(rows.map((d) => [d.status, d.amount.toFixed(0)])).toEqual([['credited', (1_000_000n * ONE).toString()]]);
    const treasury = () => getBalance(deps().prisma, TREASURY, 'GTK');
    expect(await treasury()).toBe(1_000_000n * ONE);
    await mine(3);
    expect((await scan()).credited).toBe(0);
    expect(await treasury()).toBe(1_000_000n * ONE);
    expect((await seedDemo(deps().prisma, stack.config, deps())).inserted.treasuryFunding).toBe(0);
    expect(await treasury()).toBe(1_000_000n * ONE);
    expect((await checkReserves(deps())).holds).toBe(true);
  }, 60_000);

  it('the check reads the ledger at its own block: a withdrawal final but mined above it, or mined below it but not final, is no difference', async () => {
    await scan();
    expect((await checkReserves(deps())).holds).toBe(true);
    const org = await stack.org();
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(alice.address, 10n * ONE);
    const withdraw = async (amount: bigint) => {
      const res = await stack.http
        .post('/api/gateway/v1/wallet/withdraw')
        .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${alice.token}` })
        .send({ amount: amount.toString() });
      expect(res.status).toBe(202);
      return (await deps().prisma.custodyOutflow.findUniqueOrThrow({ where: { id: res.body.id } })).chainTransactionId;
    };
    const confirmations = deps().chains.home!.confirmations;
    // 1. Final in the ledger (tokens gone from the custodial supply) with no scan since: the check's
    //    block is below the transaction's, where the tokens are still in custody.
    const first = await withdraw(2n * ONE);
    await processChainTransaction(deps(), first);
    await mine(confirmations);
    expect(await processChainTransaction(deps(), first)).toMatchObject({ state: 'confirmed' });
    const atOldBlock = await checkReserves(deps());
    const row = await deps().prisma.custodyOutflow.findFirstOrThrow({ where: { chainTransactionId: first } });
    expect(BigInt(atOldBlock.block)).toBeLessThan(row.minedBlock!);
    expect(atOldBlock).toMatchObject({ holds: true, difference: '0' });
    // 2. Mined and below the check's block after a scan, but its outcome not applied yet (the
    //    worker is behind): the chain no longer holds the tokens the ledger counts in flight.
    const second = await withdraw(3n * ONE);
    await processChainTransaction(deps(), second); // signed and sent: anvil mines it at once
    expect(await processChainTransaction(deps(), second)).toMatchObject({ state: 'wait' }); // its receipt, not deep yet
    const mined = await deps().prisma.chainTransaction.findUniqueOrThrow({ where: { id: second } });
    expect(mined).toMatchObject({ status: 'submitted', minedBlock: expect.any(BigInt) });
    await mine(confirmations);
    await scan();
    const belowBlock = await checkReserves(deps());
    expect(BigInt(belowBlock.block)).toBeGreaterThanOrEqual(mined.minedBlock!);
    expect(belowBlock).toMatchObject({ holds: true, difference: '0' });
    expect(await processChainTransaction(deps(), second)).toMatchObject({ state: 'confirmed' });
    await scan();
    expect(await checkReserves(deps())).toMatchObject({ holds: true, difference: '0' });
  }, 60_000);

  it('a direct ledger mint (a test fixture) breaks the reserves, and the check says by how much', async () => {
    const before = await checkReserves(deps());
    expect(before.holds).toBe(true);
    await stack.mintUnbacked(newWallet().address, 3n * ONE);
    const after = await checkReserves(deps());
    expect(after).toMatchObject({ holds: false, difference: (-3n * ONE).toString(), onchain: before.onchain });
  });

  it('a reorg deeper than the confirmations under a credited deposit: reported orphaned, never kept as if fine', async () => {
    const wallet = await fundedWallet(4n * ONE);
    const snapshot = await rpc<string>(url(), 'evm_snapshot');
    const hash = await deposit(wallet, 4n * ONE);
    await mine(2);
    await scan();
    expect((await depositRows(wallet.address)).map((d) => d.status)).toEqual(['credited']);
    const differenceBefore = BigInt((await checkReserves(deps())).difference);

    await rpc(url(), 'evm_revert', [snapshot]);
    await mine(8);
    const after = await scan();
    expect(after).toMatchObject({ orphaned: 1, orphanedTotal: 1 });
    const [row] = await depositRows(wallet.address);
    expect(row).toMatchObject({ status: 'orphaned', txHash: hash });
    expect(row!.orphanedAt).toBeInstanceOf(Date);
    expect(await orphanedDeposits(deps())).toEqual([
      expect.objectContaining({ id: row!.id, txHash: hash, amount: (4n * ONE).toString(), owner: `wallet:${wallet.address}` }),
    ]);
    // The ledger still holds what the chain no longer backs: the reserves show it.
    expect(BigInt((await checkReserves(deps())).difference)).toBe(differenceBefore - 4n * ONE);
    const listed = await listAs(wallet);
    expect(listed.body.data[0]).toMatchObject({ status: 'orphaned', confirmations: 0 });
    // Later scans keep it orphaned and credit nothing.
    await mine(3);
    expect(await scan()).toMatchObject({ credited: 0, orphaned: 0, orphanedTotal: 1 });
  });

  it('the CLI: token:mint is the faucet and a deposit, credited; reserves:check and deposits:orphaned print JSON', async () => {
    const admin = (...args: string[]) => {
      const r = spawnSync('pnpm', ['--silent', 'admin', ...args], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: stack.config.DATABASE_URL,
          SECRETS_ENCRYPTION_KEY: stack.config.SECRETS_ENCRYPTION_KEY!,
          CHAIN_RPC_URLS: stack.chains!.rpcUrls,
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const address = newWallet().address;
    const minted = admin('token:mint', '--address', address.toLowerCase(), '--amount', '1000');
    expect(minted.code).toBe(0);
    expect(JSON.parse(minted.stdout)).toEqual({ address, balance: '1000' });
    expect((await depositRows(address)).map((d) => [d.status, d.amount.toFixed(0)])).toEqual([['credited', '1000']]);
    // The tokens are on chain, in custody: the wallet itself holds none.
    const token = await contractAddress(deps(), 31337, 'token');
    const onchain = await rpc<string>(url(), 'eth_call', [
      { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address] }) },
      'latest',
    ]);
    expect(BigInt(onchain)).toBe(0n);

    const reserves = admin('reserves:check');
    expect(reserves.code).toBe(1); // the fixture mint and the orphan above broke them
    expect(JSON.parse(reserves.stdout)).toMatchObject({ chain: 'eip155:31337', token: 'GTK', holds: false });
    const orphaned = admin('deposits:orphaned');
    expect(orphaned.code).toBe(0);
    expect(JSON.parse(orphaned.stdout).orphaned).toHaveLength(1);
  }, 120_000);

  it("the worker's periodic scan credits deposits, once, from two replicas at a time", async () => {
    await stack.startWorker({ CHAIN_POLL_INTERVAL_MS: '200' });
    await stack.startWorker({ CHAIN_POLL_INTERVAL_MS: '200' });
    const wallets = [await fundedWallet(2n * ONE), await fundedWallet(3n * ONE)];
    await deposit(wallets[0]!, 2n * ONE);
    await deposit(wallets[1]!, ONE);
    await deposit(wallets[1]!, 2n * ONE);
    await mine(2);
    await eventually(
      async () => (await ledger(wallets[0]!.address)) === 2n * ONE && (await ledger(wallets[1]!.address)) === 3n * ONE,
      20_000,
      'deposits credited by the worker',
    );
    await mine(3);
    await scan();
    expect(await ledger(wallets[0]!.address)).toBe(2n * ONE);
    expect(await ledger(wallets[1]!.address)).toBe(3n * ONE);
    const ids = (await Promise.all(wallets.map((w) => depositRows(w.address)))).flat().map((d) => d.id);
    expect(ids).toHaveLength(3);
    expect(await deps().prisma.journalEntry.count({ where: { kind: 'deposit', reference: { in: ids } } })).toBe(3);
  }, 60_000);
});
