import { encodeFunctionData, getAddress, type TransactionReceipt } from 'viem';
import { v7 as uuidv7 } from 'uuid';
import type { RawSql } from '@gw/db';
import { GatewayToken } from '@gw/contracts';
import { AppError, type Context, assertUuidOrNotFound } from '@gw/runtime';
import {
  chainTransactionReferences,
  chainTransactionState,
  checkPermit,
  contractAddress,
  custodyAddress,
  type ChainTransactionKind,
  recordRelayedOperation,
  relayedRequest,
  homeChainOf,
  type PermitTypedDataDto,
  permitTypedDataOf,
  readPermitState,
  recordChainTransaction,
  type ChainTransactionInput,
} from '../chain/index.js';
import { type DepositAttribution, depositStatusOfTransaction } from '../custody/index.js';
import type { PermitDepositDto } from './schemas.js';
import {
  findWalletPermitDeposit,
  findPermitDepositOrganizations,
  finishPermitDeposit,
  insertPermitDeposit,
  lockPermitDeposit,
  notePermitOutcome,
  type PermitDepositRow,
} from './repository.js';

/**
 * The gasless deposit: the wallet signs an EIP-2612 permit whose spender is the
 * custody address (the relayer), and the gateway relays two transactions through the on-chain
 * outbox, paying their gas: `permit(owner, custody, amount, deadline, v, r, s)` (kind
 * `deposit-permit`), then, written by the permit's outcome in the transaction that finishes it,
 * `transferFrom(owner, custody, amount)` (kind `deposit-transfer`). The transfer's `Transfer` log is
 * an ordinary deposit: the deposit scan credits the wallet once, after CHAIN_CONFIRMATIONS, keyed
 * by (chain, transaction hash, log index), so the reserves hold by construction. Nothing is debited
 * or credited by this module. See docs/chain.md, "Gasless deposits".
 */

type Ctx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>;
type ReadCtx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox'>;

/** Outbox kinds of a permit deposit's two transactions (their `reference` is the permit deposit id). */
export const PERMIT_DEPOSIT_KINDS = { permit: 'deposit-permit', transfer: 'deposit-transfer' } as const;

const abi = GatewayToken.abi;

/** The token's EIP-712 state for `owner` on the home chain, and the custody address (the permit's spender). */
async function permitState(ctx: ReadCtx, owner: `0x${string}`) {
  const chain = homeChainOf(ctx.chains);
  const [token, spender] = await Promise.all([contractAddress(ctx, chain.chainId, 'token'), custodyAddress(ctx)]);
  return { state: await readPermitState(ctx, chain.chainId, token, owner), spender };
}

/**
 * The EIP-712 typed data of the permit the wallet signs for a gasless deposit of `amount`: the
 * token's own domain, the custody address as spender, the wallet's current nonce, and a deadline
 * one hour ahead. Not cached: the nonce must be the current one.
 * @param owner the JWT's wallet (checksummed)
 * @param amount base units, > 0
 * @throws AppError chain-unavailable (503: no chain, no deployment, or the node is slow or down)
 */
export async function permitTypedData(ctx: ReadCtx, owner: string, amount: bigint): Promise<PermitTypedDataDto> {
  const wallet = getAddress(owner);
  const { state, spender } = await permitState(ctx, wallet);
  return permitTypedDataOf(state, wallet, spender, amount);
}

export interface PermitDepositInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the permit's owner and the account credited. */
  address: string;
  /** Base units, > 0. */
  amount: bigint;
  /** Unix seconds. */
  deadline: number;
  /** 65-byte EIP-712 signature, 0x hex. */
  signature: `0x${string}`;
  idempotencyKey?: string | undefined;
}

const toDto = (
  d: PermitDepositRow,
  chainRow: { status: string; txHash: string | null } | null,
  deposit: PermitDepositDto['deposit'],
): PermitDepositDto => ({
  id: d.id,
  object: 'permit_deposit',
  status:
    d.status !== 'pending' ? d.status : d.transferTransactionId || (chainRow && chainRow.status !== 'queued') ? 'submitted' : 'pending',
  chain: `eip155:${d.chainId}`,
  from: d.address,
  token: d.token,
  amount: d.amount.toString(),
  deadline: Number(d.deadline),
  permitTxHash: d.permitTxHash ?? (d.transferTransactionId ? null : (chainRow?.txHash ?? null)),
  txHash: d.txHash ?? (d.transferTransactionId ? (chainRow?.txHash ?? null) : null),
  deposit,
  failureReason: d.failureReason,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/**
 * Accepts a gasless deposit: checks the permit before anything is written (the
 * signature recovers to the JWT's wallet for the token's current nonce, the custody address as
 * spender, `amount` and `deadline`; the deadline is at least 60 s ahead; the wallet holds `amount`
 * on chain), then in one transaction writes the permit deposit and its `permit` transaction (the
 * outbox), and enqueues it after the commit. The chain reads happen inside that transaction, bounded
 * by CHAIN_RPC_TIMEOUT_MS, so that an Idempotency-Key replay is answered before them.
 * @returns 202 and the permit deposit (`pending`); `replayed` when answered from the key
 * @throws AppError validation-error (400), invalid-permit (422: signature or deadline),
 *   insufficient-funds (422: the wallet holds less on chain), invalid-state (409: another permit
 *   deposit of this wallet is in flight), chain-unavailable (503), idempotency-key-reused (422)
 */
export async function depositWithPermit(ctx: Ctx, input: PermitDepositInput) {
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  const owner = getAddress(input.address);
  const chain = homeChainOf(ctx.chains);
  return recordRelayedOperation<PermitDepositDto>(
    ctx,
    relayedRequest(input, 'wallet.permit-deposit', owner, {
      amount: input.amount.toString(),
      deadline: input.deadline,
      signature: input.signature.toLowerCase(),
    }),
    async (tx) => {
      const { state, spender } = await permitState(ctx, owner);
      const {
        v,
        r,
        s: sig,
      } = await checkPermit(state, { owner, spender, amount: input.amount, deadline: input.deadline, signature: input.signature });
      const id = uuidv7();
      const recorded = await recordChainTransaction(ctx, tx, {
        kind: PERMIT_DEPOSIT_KINDS.permit,
        reference: id,
        chainId: chain.chainId,
        to: state.token,
        data: encodeFunctionData({ abi, functionName: 'permit', args: [owner, spender, input.amount, BigInt(input.deadline), v, r, sig] }),
      });
      const row = await insertPermitDeposit(tx, {
        id,
        organizationId: input.organizationId,
        address: owner,
        chainId: chain.chainId,
        token: ctx.config.NATIVE_TOKEN_SYMBOL,
        amount: input.amount,
        deadline: BigInt(input.deadline),
        permitTransactionId: recorded.id,
      });
      if (!row)
        throw new AppError('invalid-state', 'Another gasless deposit of this wallet is in flight; retry once it is final', {
          reason: 'permit-deposit-in-flight',
        });
      return { statusCode: 202, body: toDto(row, null, null), recorded };
    },
  );
}

/**
 * A permit deposit of the JWT's wallet in the caller's organization, with its transactions' state
 * and the deposit scan's state of the transfer; any other id answers 404.
 * @throws AppError not-found
 */
export async function getPermitDeposit(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  address: string,
  id: string,
): Promise<PermitDepositDto> {
  assertUuidOrNotFound(id, 'No such permit deposit');
  const row = await findWalletPermitDeposit(ctx.prisma, organizationId, getAddress(address), id);
  if (!row) throw new AppError('not-found', 'No such permit deposit');
  const inFlight = row.status === 'pending' ? (row.transferTransactionId ?? row.permitTransactionId) : null;
  const chainRow = inFlight ? await chainTransactionState(ctx, inFlight) : null;
  const deposit = row.txHash ? await depositStatusOfTransaction(ctx, row.chainId, row.txHash) : null;
  return toDto(row, chainRow, deposit);
}

/** What the permit's outcome needs of its outbox row. */
interface PermitRow {
  reference: string;
  chainId: number;
  /** The token contract. */
  toAddress: string;
  /** The relayer: the custody address, the permit's spender. */
  signer: string;
  txHash: string | null;
}

/** The `transferFrom` that follows the permit, whatever the permit's outcome (see below). */
function transferStep(row: PermitRow, d: PermitDepositRow, custody: string): ChainTransactionInput & { id: string } {
  return {
    id: uuidv7(),
    kind: PERMIT_DEPOSIT_KINDS.transfer,
    reference: d.id,
    chainId: d.chainId,
    to: row.toAddress as `0x${string}`,
    data: encodeFunctionData({
      abi,
      functionName: 'transferFrom',
      args: [d.address as `0x${string}`, custody as `0x${string}`, d.amount],
    }),
  };
}

/**
 * The permit's outcome, in the transaction that finishes it: the `transferFrom` is written next.
 * Also after a failed permit: anyone may submit a signed permit first (front-running it, which
 * makes ours revert with the nonce spent), and then the allowance is there all the same; the
 * transfer's gas estimation decides, and a transfer without allowance fails the deposit before any
 * nonce is spent, with the permit's reason kept.
 */
export const permitTransactions: ChainTransactionKind = {
  kind: PERMIT_DEPOSIT_KINDS.permit,
  async confirmed(tx: RawSql, row, receipt: TransactionReceipt) {
    return transferNext(tx, row, { permitTxHash: receipt.transactionHash, permitError: null });
  },
  async failed(tx: RawSql, row, reason: string) {
    return transferNext(tx, row, { permitTxHash: row.txHash, permitError: reason });
  },
};

async function transferNext(
  tx: RawSql,
  row: PermitRow,
  permit: { permitTxHash: string | null; permitError: string | null },
): Promise<ChainTransactionInput[]> {
  const d = await lockPermitDeposit(tx, row.reference);
  if (!d || d.status !== 'pending' || d.transferTransactionId) return [];
  // The permit's spender is the signer of its transaction: the relayer, which is the custody address.
  const step = transferStep(row, d, row.signer);
  await notePermitOutcome(tx, d.id, {
    permitTxHash: permit.permitTxHash,
    transferTransactionId: step.id,
    failureReason: permit.permitError === null ? null : `permit: ${permit.permitError}`,
  });
  return [step];
}

/** The transfer's outcome: the permit deposit is final (the credit is the deposit scan's). */
export const permitTransferTransactions: ChainTransactionKind = {
  kind: PERMIT_DEPOSIT_KINDS.transfer,
  async confirmed(tx: RawSql, row, receipt: TransactionReceipt) {
    const d = await lockPermitDeposit(tx, row.reference);
    if (!d || d.status !== 'pending') return;
    await finishPermitDeposit(tx, d.id, { status: 'confirmed', txHash: receipt.transactionHash, failureReason: null });
  },
  async failed(tx: RawSql, row, reason: string) {
    const d = await lockPermitDeposit(tx, row.reference);
    if (!d || d.status !== 'pending') return;
    const failureReason = [`transferFrom: ${reason}`, d.failureReason].filter(Boolean).join('; ');
    await finishPermitDeposit(tx, d.id, { status: 'failed', txHash: row.txHash, failureReason });
  },
};

/**
 * A deposit credited by the scan is attributable to the organization of the gasless
 * deposit whose `transferFrom` it is (found by the transaction's hash among the ones our outbox
 * signed, so before this module's own outcome has recorded it) and whose wallet sent it; its
 * `deposit.credited` event goes there.
 */
export const permitDepositAttribution: DepositAttribution = async (tx, d) =>
  findPermitDepositOrganizations(tx, await chainTransactionReferences(tx, d.chainId, PERMIT_DEPOSIT_KINDS.transfer, d.txHash), d.address);
