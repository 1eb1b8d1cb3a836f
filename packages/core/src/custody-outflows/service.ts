import { encodeFunctionData, erc20Abi } from 'viem';
import { v7 as uuidv7 } from 'uuid';
import type { RawSql } from '@gw/db';
import { AppError, type Context, assertUuidOrNotFound } from '@gw/runtime';
import { contractAddress, recordRelayedOperation, relayedRequest, chainTransactionState, homeChainOf } from '../chain/index.js';
import { deliverAfterCommit, recordEvent } from '../webhooks/index.js';
import type { WithdrawalDto } from './schemas.js';
import { custodyOutflowsAcrossBlock, custodyOutflowKind, recordCustodyOutflow } from './outflows.js';
import { findWalletWithdrawal, lockOutflow, type WithdrawalRow } from './repository.js';

type Ctx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>;

/** The outbox kind of a withdrawal's transaction (its `reference` is the withdrawal id). */
export const WITHDRAWAL_KIND = 'withdrawal';

const toDto = (w: WithdrawalRow, chain: { status: string; txHash: string | null } | null): WithdrawalDto => ({
  id: w.id,
  object: 'withdrawal',
  status: w.status !== 'pending' ? w.status : chain?.status === 'submitted' ? 'submitted' : 'pending',
  chain: `eip155:${w.chainId}`,
  to: w.address,
  token: w.token,
  amount: w.amount.toString(),
  txHash: w.txHash ?? chain?.txHash ?? null,
  failureReason: w.failureReason,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
});

export interface WithdrawInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: debited, and the recipient on chain. */
  address: string;
  /** Integer base units, > 0. */
  amount: bigint;
  /** Token symbol; only the native token (default) is on chain. */
  token?: string | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * Withdraws custodial tokens to the wallet's own address on the home chain: in one
 * transaction, the withdrawal row, the ledger debit (wallet → `system:withdrawals-in-flight`, which
 * stays in the custodial sum, so the reserves hold while it is in flight) and the on-chain
 * transaction (the outbox row: `transfer(wallet, amount)` of the token contract, signed and sent by
 * the worker); after the commit, its job. With an Idempotency-Key the same key and body return the
 * first withdrawal.
 * @returns 202 and the withdrawal (`pending`); `replayed` when answered from the key
 * @throws AppError validation-error (400: amount not positive, a token other than the native one),
 *   insufficient-funds (422), chain-unavailable (503: no chain or no token deployed),
 *   idempotency-key-reused (422)
 */
export async function withdraw(ctx: Ctx, input: WithdrawInput) {
  const token = input.token ?? ctx.config.NATIVE_TOKEN_SYMBOL;
  if (token !== ctx.config.NATIVE_TOKEN_SYMBOL)
    throw new AppError('validation-error', `Only ${ctx.config.NATIVE_TOKEN_SYMBOL} is on chain`, {
      errors: [{ path: 'token', message: 'not on chain' }],
    });
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  const chain = homeChainOf(ctx.chains);
  const tokenContract = await contractAddress(ctx, chain.chainId, 'token');
  return recordRelayedOperation<WithdrawalDto>(
    ctx,
    relayedRequest(input, 'wallet.withdraw', input.address, { amount: input.amount.toString(), token }),
    async (tx) => {
      const out = await recordCustodyOutflow(ctx, tx, {
        kind: withdrawalOutflows,
        id: uuidv7(),
        organizationId: input.organizationId,
        address: input.address,
        amount: input.amount,
        token,
        chainId: chain.chainId,
        call: {
          to: tokenContract,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [input.address as `0x${string}`, input.amount] }),
        },
      });
      return { statusCode: 202, body: toDto(out.outflow, null), recorded: out.recorded };
    },
  );
}

/**
 * A withdrawal of the JWT's wallet in the caller's organization; any other id answers 404.
 * @throws AppError not-found
 */
export async function getWithdrawal(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  address: string,
  id: string,
): Promise<WithdrawalDto> {
  assertUuidOrNotFound(id, 'No such withdrawal');
  const row = await findWalletWithdrawal(ctx.prisma, organizationId, address, id);
  if (!row) throw new AppError('not-found', 'No such withdrawal');
  const chainRow = row.status === 'pending' ? await chainTransactionState(ctx, row.chainTransactionId) : null;
  return toDto(row, chainRow);
}

/**
 * The outcome of a withdrawal's transaction, applied in the transaction that finishes the outbox
 * row (so once). The custody outflow has already moved the money when these run: confirmed → in
 * flight → issuance (the tokens left custody); failed → in flight → the wallet (the amount is back in
 * its custodial balance). Each writes its webhook event (`withdrawal.confirmed`,
 * `withdrawal.failed`) to the withdrawal's organization in the same transaction, and has
 * its deliveries enqueued after the commit.
 */
export const withdrawalOutflows = custodyOutflowKind({
  purpose: 'withdrawal',
  kind: WITHDRAWAL_KIND,
  async confirmed(tx: RawSql, w: WithdrawalRow) {
    return { afterCommit: await recordFinalEvent(tx, w.id, 'withdrawal.confirmed') };
  },
  async failed(tx: RawSql, w: WithdrawalRow) {
    return { afterCommit: await recordFinalEvent(tx, w.id, 'withdrawal.failed') };
  },
});

/** Writes the final state's event of a withdrawal finished in `tx`; @returns what enqueues its deliveries after the commit */
async function recordFinalEvent(tx: RawSql, id: string, type: 'withdrawal.confirmed' | 'withdrawal.failed') {
  const w = (await lockOutflow(tx, id))!;
  return deliverAfterCommit(await recordEvent(tx, w.organizationId, type, { withdrawal: toDto(w, null) }));
}

/**
 * How the chain at `block` differs from the ledger now, by the custody outflows (withdrawals,
 * stakes, bridge locks alike: {@link custodyOutflowsAcrossBlock}); the proof of reserves' name.
 * @returns base units to add to the ledger's custodial supply for it to describe `block`
 */
export function withdrawalsAcrossBlock(tx: RawSql, chainId: number, block: bigint): Promise<bigint> {
  return custodyOutflowsAcrossBlock(tx, chainId, block);
}
