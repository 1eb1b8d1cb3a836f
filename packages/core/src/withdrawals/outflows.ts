import { encodeFunctionData, erc20Abi, type TransactionReceipt } from 'viem';
import { v7 as uuidv7 } from 'uuid';
import type { RawSql } from '@gw/db';
import { AppError, type Context } from '@gw/runtime';
import {
  type ChainOutcomeResult,
  contractAddress,
  defineChainTransactionKind,
  minedButUnfinished,
  recordChainTransaction,
  type RecordedChainTransaction,
} from '../chain/index.js';
import { insufficientFunds, ISSUANCE, transfer, transferIfFunded, WITHDRAWALS_IN_FLIGHT } from '../ledger/index.js';
import {
  type CustodyOutflowPurpose,
  type CustodyOutflowRow,
  finishOutflow,
  insertOutflow,
  listPendingOutflows,
  lockOutflow,
  lockPendingToSpender,
  sumConfirmedMinedAbove,
} from './repository.js';

/**
 * Custody outflows (issue #28): the one money path by which a wallet's custodial tokens leave the
 * custody address on chain, whatever for (a withdrawal, a stake, a bridge lock). Every outflow has
 * the same accounting and the same treatment by the proof of reserves:
 *
 * - recorded: in the caller's PostgreSQL transaction, the outflow row, the ledger debit (wallet →
 *   `system:withdrawals-in-flight`, ledger kind = the purpose, reference = the outflow id) and the
 *   first outbox row; a short custodial balance throws before anything is committed;
 * - on chain: an optional `approve(spender, …)` of the native token by the custody address, whose
 *   outcome writes the call; then the call that moves the tokens (outbox kind = the kind's `kind`,
 *   reference = the outflow id; the approve's kind is `<kind>.approve`);
 * - the call final and successful: in flight → `system:issuance` (`<purpose>.confirmed`; the tokens
 *   left custody), the outflow `confirmed` with its mined block (the reserves check reads the chain at
 *   an earlier block and counts these tokens in custody until then), then the owner's `confirmed`;
 * - the approve or the call reverted or refused: in flight → the wallet, once (`<purpose>.failed`),
 *   the outflow `failed`, then the owner's `failed`.
 *
 * Both outcomes run in the transaction that finishes the outbox row, so once; what the owner's
 * callback returns (next on-chain steps) is written in that transaction too.
 */

/** The owning module's side of a kind of outflow, registered once when the module loads. */
export interface CustodyOutflowKindInput {
  purpose: CustodyOutflowPurpose;
  /** The outbox kind of the call that moves the tokens (`withdrawal`, `stake`, …); `<kind>.approve` is the approve's. */
  kind: string;
  /**
   * After the ledger moved the amount out of custody (the outflow is `confirmed`, `minedBlock` set):
   * e.g. parse a log of `receipt`, update the owner's row; may return next outbox rows and what to
   * run after the commit (a webhook event's deliveries), as a chain outcome does.
   */
  confirmed?(tx: RawSql, outflow: CustodyOutflowRow, receipt: TransactionReceipt): Promise<ChainOutcomeResult>;
  /** After the amount was credited back to the wallet (the outflow is `failed`, `reason` says why). */
  failed?(tx: RawSql, outflow: CustodyOutflowRow, reason: string): Promise<ChainOutcomeResult>;
}

/** A registered kind of outflow: pass it to {@link recordCustodyOutflow}. */
export interface CustodyOutflowKind {
  purpose: CustodyOutflowPurpose;
  kind: string;
  approveKind: string;
}

/** One call by the custody address (the relayer): `data` sent to `to`, no value. */
export interface CustodyOutflowCall {
  to: `0x${string}`;
  data: `0x${string}`;
}

export interface CustodyOutflowInput {
  kind: CustodyOutflowKind;
  /** The outflow's id (UUID; new UUIDv7 when absent): the owner may use the same id for its own row. */
  id?: string;
  organizationId: string;
  /** Checksummed address of the wallet whose custodial balance is debited. */
  address: string;
  /** Integer base units, > 0. */
  amount: bigint;
  /** Ledger token symbol: the native token (the only custodial token on chain). */
  token: string;
  chainId: number;
  /**
   * When the call spends an allowance of the custody address (`transferFrom` by a staking contract,
   * a bridge vault): the spender. An `approve(spender, allowance)` of the native token goes first,
   * where allowance = the sum of the outflows still pending to that spender, this one included (so
   * two in flight never shrink each other's allowance); its outcome writes `call`.
   */
  approve?: `0x${string}`;
  /** The call that moves the tokens out of custody (e.g. `Staking.stakeFor(wallet, amount)`). */
  call: CustodyOutflowCall;
}

/** What the caller enqueues after its commit with `dispatchChainTransaction`. */
export interface RecordedCustodyOutflow {
  outflow: CustodyOutflowRow;
  recorded: RecordedChainTransaction;
}

type RecordCtx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox'>;

/**
 * Registers a kind of outflow: the outbox outcomes of its approve and its call, which apply the
 * ledger and then the owner's callbacks.
 * @throws Error when the kind is registered twice with other handlers
 */
export function defineCustodyOutflowKind(def: CustodyOutflowKindInput): CustodyOutflowKind {
  const approveKind = `${def.kind}.approve`;
  const creditBack = async (tx: RawSql, o: CustodyOutflowRow, txHash: string | null, reason: string) => {
    await transfer(tx, {
      kind: `${o.purpose}.failed`,
      reference: o.id,
      token: o.token,
      from: WITHDRAWALS_IN_FLIGHT,
      to: { type: 'wallet', id: o.address },
      amount: o.amount,
    });
    await finishOutflow(tx, o.id, { status: 'failed', minedBlock: null, txHash, failureReason: reason });
    return def.failed?.(tx, { ...o, status: 'failed', txHash, failureReason: reason }, reason);
  };
  defineChainTransactionKind({
    kind: def.kind,
    async confirmed(tx, row, receipt) {
      const o = await lockOutflow(tx, row.reference);
      if (!o || o.status !== 'pending') return;
      await transfer(tx, {
        kind: `${o.purpose}.confirmed`,
        reference: o.id,
        token: o.token,
        from: WITHDRAWALS_IN_FLIGHT,
        to: ISSUANCE,
        amount: o.amount,
      });
      await finishOutflow(tx, o.id, {
        status: 'confirmed',
        txHash: receipt.transactionHash,
        minedBlock: receipt.blockNumber,
        failureReason: null,
      });
      return def.confirmed?.(tx, { ...o, status: 'confirmed', txHash: receipt.transactionHash, minedBlock: receipt.blockNumber }, receipt);
    },
    async failed(tx, row, reason) {
      const o = await lockOutflow(tx, row.reference);
      if (!o || o.status !== 'pending') return;
      return creditBack(tx, o, row.txHash, reason);
    },
  });
  defineChainTransactionKind({
    kind: approveKind,
    // The allowance is granted: write the call that spends it (its id was chosen at record time).
    async confirmed(tx, row) {
      const o = await lockOutflow(tx, row.reference);
      if (!o || o.status !== 'pending' || !o.callTo || !o.callData) return;
      return [{ id: o.chainTransactionId, kind: def.kind, reference: o.id, chainId: o.chainId, to: o.callTo, data: o.callData }];
    },
    async failed(tx, row, reason) {
      const o = await lockOutflow(tx, row.reference);
      if (!o || o.status !== 'pending') return;
      return creditBack(tx, o, row.txHash, `approve: ${reason}`);
    },
  });
  return { purpose: def.purpose, kind: def.kind, approveKind };
}

/**
 * Records a custody outflow in the caller's transaction `tx`: the outflow row (`pending`), the
 * ledger debit (wallet → `system:withdrawals-in-flight`) and the first outbox row (the approve when
 * `approve` is given, else the call). Dispatch `recorded` after the commit
 * (`dispatchChainTransaction`); the outcomes then run as {@link defineCustodyOutflowKind} says.
 * @returns the outflow row and the outbox row to enqueue
 * @throws AppError validation-error (amount not positive), insufficient-funds (422: the wallet's
 *   custodial balance is short; throw it on, so that the caller's transaction writes nothing),
 *   chain-unavailable (503: no such chain or no token deployed)
 */
export async function recordCustodyOutflow(ctx: RecordCtx, tx: RawSql, input: CustodyOutflowInput): Promise<RecordedCustodyOutflow> {
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  const id = input.id ?? uuidv7();
  const callId = uuidv7();
  let recorded: RecordedChainTransaction;
  let approveTransactionId: string | null = null;
  if (input.approve) {
    const tokenContract = await contractAddress(ctx, input.chainId, 'token');
    const allowance = (await lockPendingToSpender(tx, input.chainId, input.approve)) + input.amount;
    recorded = await recordChainTransaction(ctx, tx, {
      kind: input.kind.approveKind,
      reference: id,
      chainId: input.chainId,
      to: tokenContract,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [input.approve, allowance] }),
    });
    approveTransactionId = recorded.id;
  } else {
    recorded = await recordChainTransaction(ctx, tx, {
      id: callId,
      kind: input.kind.kind,
      reference: id,
      chainId: input.chainId,
      to: input.call.to,
      data: input.call.data,
    });
  }
  const outflow = await insertOutflow(tx, {
    id,
    organizationId: input.organizationId,
    address: input.address,
    purpose: input.kind.purpose,
    chainId: input.chainId,
    token: input.token,
    amount: input.amount,
    chainTransactionId: callId,
    approveTransactionId,
    spender: input.approve ?? null,
    callTo: input.call.to,
    callData: input.call.data,
  });
  const debited = await transferIfFunded(tx, {
    kind: input.kind.purpose,
    reference: id,
    token: input.token,
    from: { type: 'wallet', id: input.address },
    to: WITHDRAWALS_IN_FLIGHT,
    amount: input.amount,
  });
  if (debited === null) throw insufficientFunds(input.token);
  return { outflow, recorded };
}

/**
 * How the chain at `block` differs from the ledger now, by the custody outflows (issue #27, proof
 * of reserves; every purpose alike): the ledger drops an outflow's amount from the custodial supply
 * when its call is final (`CHAIN_CONFIRMATIONS` deep), while the chain read at an earlier block still
 * holds it in custody; and a call mined at or below `block` but not final yet has left custody on
 * chain while the ledger still counts it in flight. An approve moves nothing and is not counted.
 * Run it in the transaction that reads the ledger.
 * @returns base units to add to the ledger's custodial supply for it to describe `block`
 */
export async function custodyOutflowsAcrossBlock(tx: RawSql, chainId: number, block: bigint): Promise<bigint> {
  const confirmedAbove = await sumConfirmedMinedAbove(tx, chainId, block);
  const pending = await listPendingOutflows(tx, chainId);
  const mined = await minedButUnfinished(
    tx,
    pending.map((o) => o.chainTransactionId),
    block,
  );
  const minedInFlight = pending.filter((o) => mined.has(o.chainTransactionId)).reduce((sum, o) => sum + o.amount, 0n);
  return confirmedAbove - minedInFlight;
}
