/**
 * The scheduled proof of reserves before a chain is ready for it, on a real anvil. A newcomer's
 * `pnpm demo` logged `"No token contract is deployed on eip155:31337"` as a failed job (the worker
 * checked before the API had deployed), and a node behind the deposit scan (a local chain
 * restarted without its state) answered the check with viem's `"Invalid parameters were provided
 * to the RPC method"`. Now the scheduled check skips both, and the operator's check says what is
 * wrong in the chain's terms.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkReserves, scanDeposits, scheduledReservesCheck } from '@gw/core/custody';
import { AppError } from '@gw/runtime';
import { startStack, type Stack } from '../../../test/support/stack.js';

describe('the scheduled reserves check waits for a chain that is ready', () => {
  let stack: Stack;
  const deps = () => stack.workerDeps;

  beforeAll(async () => {
    stack = await startStack('reserves-readiness', {
      chain: true,
      worker: false,
      env: { CHAIN_POLL_INTERVAL_MS: '0', CHAIN_RESERVES_CHECK_MS: '0' },
    });
    await scanDeposits(deps(), { wait: true });
  }, 60_000);
  afterAll(() => stack.stop());

  it('a ready chain: the scheduled check is the check', async () => {
    expect(await scheduledReservesCheck(deps())).toMatchObject({ chain: 'eip155:31337', holds: true, difference: '0' });
  });

  it('a node behind the deposit scan: the check names both blocks, the scheduled one skips', async () => {
    const prisma = deps().prisma;
    const cursor = await prisma.custodyCursor.findUniqueOrThrow({ where: { chainId_stream: { chainId: 31337, stream: 'deposits' } } });
    const ahead = (cursor.safeBlock ?? 0n) + 1_000_000n;
    await prisma.custodyCursor.update({ where: { chainId_stream: { chainId: 31337, stream: 'deposits' } }, data: { safeBlock: ahead } });
    try {
      const err = await checkReserves(deps()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('chain-unavailable');
      expect((err as AppError).message).toMatch(
        new RegExp(`eip155:31337 is at block \\d+, below block ${ahead} up to which deposits are credited`),
      );
      expect((err as AppError).message).not.toMatch(/Invalid parameters/);
      expect(await scheduledReservesCheck(deps())).toMatchObject({ skipped: 'chain-behind-scan' });
    } finally {
      await prisma.custodyCursor.update({
        where: { chainId_stream: { chainId: 31337, stream: 'deposits' } },
        data: { safeBlock: cursor.safeBlock },
      });
    }
  });

  it('our token not deployed yet: the scheduled check skips instead of failing the job', async () => {
    const prisma = deps().prisma;
    const rows = await prisma.chainDeployment.findMany({ where: { chainId: 31337 } });
    await prisma.chainDeployment.deleteMany({ where: { chainId: 31337 } });
    deps().chains.memo.delete('deployments');
    try {
      expect(await scheduledReservesCheck(deps())).toEqual({ skipped: 'no-deployment' });
    } finally {
      await prisma.chainDeployment.createMany({ data: rows });
      deps().chains.memo.delete('deployments');
    }
    expect(await scheduledReservesCheck(deps())).toMatchObject({ holds: true });
  });
});
