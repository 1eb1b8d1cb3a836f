import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, type TransactionReceipt } from 'viem';
import { v7 as uuidv7 } from 'uuid';
import type { RawSql } from '@gw/db';
import { AppError, type Context } from '@gw/runtime';
import {
  type ChainOutcomeResult,
  type ChainTransactionInput,
  chainTransactionTarget,
  contractAddress,
  type ChainTransactionKind,
  minedButUnfinished,
  recordChainTransaction,
  type RecordedChainTransaction,
  unfinishedChainTransactionReferences,
  writtenChainTransactions,
} from '../chain/index.js';
import { insufficientFunds, ISSUANCE, transfer, transferIfFunded, WITHDRAWALS_IN_FLIGHT } from '../ledger/index.js';
import {
  type CustodyOutflowPurpose,
  type CustodyOutflowRow,
  finishOutflow,
  insertOutflow,
  listPendingOutflows,
  listPendingToSpender,
  lockOutflow,
  lockPendingToSpender,
  sumConfirmedMinedAbove,
} from './repository.js';

/**
 * Custody outflows: the one money path by which a wallet's custodial tokens leave the
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
 *
 * An allowance of the custody address is exact once nothing is in flight: an approve grants the sum
 * of the outflows still pending to its spender (two in flight never shrink each other's), which can
 * leave an excess once a call it counted was mined before it; so the outcome that finishes the last
 * outflow pending to a spender also writes `approve(spender, 0)` (kind {@link ALLOWANCE_RESET_KIND}).
 * An outflow recorded while such a reset is still under way waits for it: its approve is written by
 * the reset's outcome (the reset mined after it would take its allowance away).
 */

/**
 * Outbox kind of the custody address's `approve(spender, 0)` once no outflow to `spender` is pending;
 * reference `<chainId>:<spender>:<id of the outflow whose outcome wrote it>`.
 */
export const ALLOWANCE_RESET_KIND = 'custody-allowance.reset';

const resetPrefix = (chainId: number, spender: string) => `${chainId}:${getAddress(spender)}:`;

/**
 * Writes the approve of every outflow to `spender` that waited for a reset (its approve row, whose id
 * was chosen when it was recorded, does not exist yet): each grants the sum of the pending outflows.
 */
async function approvesAfterReset(
  approveKinds: ReadonlyMap<CustodyOutflowPurpose, string>,
  tx: RawSql,
  chainId: number,
  spender: `0x${string}`,
  token: `0x${string}`,
): Promise<ChainTransactionInput[]> {
  const allowance = await lockPendingToSpender(tx, chainId, spender);
  const pending = await listPendingToSpender(tx, chainId, spender);
  const written = await writtenChainTransactions(
    tx,
    pending.flatMap((o) => (o.approveTransactionId ? [o.approveTransactionId] : [])),
  );
  return pending
    .filter((o) => o.approveTransactionId && !written.has(o.approveTransactionId))
    .map((o) => ({
      id: o.approveTransactionId!,
      kind: approveKinds.get(o.purpose)!,
      reference: o.id,
      chainId,
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, allowance] }),
    }));
}

/**
 * After an outflow to a spender finished (under {@link lockPendingToSpender}, taken before its ledger
 * entry): the reset of the custody address's allowance when it was the last one pending.
 */
async function resetIfLast(tx: RawSql, o: CustodyOutflowRow): Promise<ChainTransactionInput[]> {
  if (!o.spender || !o.approveTransactionId) return [];
  if ((await lockPendingToSpender(tx, o.chainId, o.spender)) > 0n) return [];
  const token = await chainTransactionTarget(tx, o.approveTransactionId);
  if (!token) return [];
  return [
    {
      kind: ALLOWANCE_RESET_KIND,
      reference: `${resetPrefix(o.chainId, o.spender)}${o.id}`,
      chainId: o.chainId,
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [o.spender, 0n] }),
    },
  ];
}

/** Appends `more` to what an outcome returns (`next`), keeping its `afterCommit`. */
function withNext(result: ChainOutcomeResult, more: readonly ChainTransactionInput[]): ChainOutcomeResult {
  if (more.length === 0) return result;
  if (!result) return [...more];
  if (Array.isArray(result)) return [...(result as readonly ChainTransactionInput[]), ...more];
  const r = result as Exclude<ChainOutcomeResult, void | readonly ChainTransactionInput[]>;
  return { ...r, next: [...(r.next ?? []), ...more] };
}

/** The owning module's side of a kind of outflow ({@link custodyOutflowKind}). */
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

/**
 * A kind of outflow: pass it to {@link recordCustodyOutflow}, and list it where the worker is
 * composed ({@link custodyOutflowTransactionKinds}) so that its outcomes run.
 */
export interface CustodyOutflowKind extends CustodyOutflowKindInput {
  /** `<kind>.approve`: the outbox kind of the approve that goes first when the call spends an allowance. */
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

/** What the caller enqueues after its commit (`dispatchAfterCommit`, or `recordRelayedOperation` does it). */
export interface RecordedCustodyOutflow {
  outflow: CustodyOutflowRow;
  /** The first outbox row; null when the approve waits for a reset of the same allowance (its outcome writes it). */
  recorded: RecordedChainTransaction | null;
}

type RecordCtx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox'>;

/** A kind of outflow of the owning module, with the name of its approve's outbox kind. */
export function custodyOutflowKind(def: CustodyOutflowKindInput): CustodyOutflowKind {
  return { ...def, approveKind: `${def.kind}.approve` };
}

/**
 * The outbox outcomes of the custody outflows, for the worker's catalogue: for each kind of outflow
 * its call and its approve (which apply the ledger, then the owner's callbacks), and the reset of
 * the custody address's allowance ({@link ALLOWANCE_RESET_KIND}), whose outcome writes the approves
 * of the outflows that waited for it.
 */
export function custodyOutflowTransactionKinds(outflows: readonly CustodyOutflowKind[]): ChainTransactionKind[] {
  const approveKinds = new Map(outflows.map((o) => [o.purpose, o.approveKind]));
  // The reset's outcome, either way (an `approve(spender, 0)` that reverted leaves nothing to wait
  // for either): the outflows that waited for it get their approves.
  const afterReset = async (tx: RawSql, row: { chainId: number; toAddress: `0x${string}`; data: `0x${string}` }) => {
    const { args } = decodeFunctionData({ abi: erc20Abi, data: row.data });
    return approvesAfterReset(approveKinds, tx, row.chainId, getAddress(args[0] as string), row.toAddress);
  };
  const reset: ChainTransactionKind = {
    kind: ALLOWANCE_RESET_KIND,
    confirmed: (tx, row) => afterReset(tx, row),
    failed: (tx, row) => afterReset(tx, row),
  };
  return [...outflows.flatMap(outflowTransactionKinds), reset];
}

/**
 * Moves an outflow's amount out of `system:withdrawals-in-flight`, once (ledger kind
 * `<purpose>.<outcome>`, reference = the outflow id): to issuance when its call is final (the tokens
 * left custody), back to the wallet's custodial balance when it failed.
 */
const outOfFlight = (tx: RawSql, o: CustodyOutflowRow, outcome: 'confirmed' | 'failed') =>
  transfer(tx, {
    kind: `${o.purpose}.${outcome}`,
    reference: o.id,
    token: o.token,
    from: WITHDRAWALS_IN_FLIGHT,
    to: outcome === 'confirmed' ? ISSUANCE : { type: 'wallet', id: o.address },
    amount: o.amount,
  });

/** The outcomes of one kind of outflow's call and approve. */
function outflowTransactionKinds(def: CustodyOutflowKind): ChainTransactionKind[] {
  const creditBack = async (tx: RawSql, o: CustodyOutflowRow, txHash: string | null, reason: string) => {
    if (o.spender) await lockPendingToSpender(tx, o.chainId, o.spender);
    await outOfFlight(tx, o, 'failed');
    await finishOutflow(tx, o.id, { status: 'failed', minedBlock: null, txHash, failureReason: reason });
    const failed = { ...o, status: 'failed' as const, txHash, failureReason: reason };
    return withNext(await def.failed?.(tx, failed, reason), await resetIfLast(tx, failed));
  };
  const call: ChainTransactionKind = {
    kind: def.kind,
    async confirmed(tx, row, receipt) {
      const o = await lockOutflow(tx, row.reference);
      if (!o || o.status !== 'pending') return;
      // The spender's lock before the ledger's, in the order recordCustodyOutflow takes them.
      if (o.spender) await lockPendingToSpender(tx, o.chainId, o.spender);
      await outOfFlight(tx, o, 'confirmed');
      await finishOutflow(tx, o.id, {
        status: 'confirmed',
        txHash: receipt.transactionHash,
        minedBlock: receipt.blockNumber,
        failureReason: null,
      });
      const confirmed = { ...o, status: 'confirmed' as const, txHash: receipt.transactionHash, minedBlock: receipt.blockNumber };
      return withNext(await def.confirmed?.(tx, confirmed, receipt), await resetIfLast(tx, confirmed));
    },
    async failed(tx, row, reason) {
      const o = await lockOutflow(tx, row.reference);
      if (!o || o.status !== 'pending') return;
      return creditBack(tx, o, row.txHash, reason);
    },
  };
  const approve: ChainTransactionKind = {
    kind: def.approveKind,
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
  };
  return [call, approve];
}

/**
 * Records a custody outflow in the caller's transaction `tx`: the outflow row (`pending`), the
 * ledger debit (wallet → `system:withdrawals-in-flight`) and the first outbox row (the approve when
 * `approve` is given, else the call; none while a reset of that allowance is under way). Dispatch
 * `recorded` (when not null) after the commit
 * (`dispatchAfterCommit`); the outcomes then run as {@link custodyOutflowTransactionKinds} says.
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
  let recorded: RecordedChainTransaction | null;
  let approveTransactionId: string | null = null;
  if (input.approve) {
    const tokenContract = await contractAddress(ctx, input.chainId, 'token');
    const allowance = (await lockPendingToSpender(tx, input.chainId, input.approve)) + input.amount;
    const resetting = await unfinishedChainTransactionReferences(tx, ALLOWANCE_RESET_KIND, resetPrefix(input.chainId, input.approve));
    if (resetting.length > 0) {
      // A reset of this allowance is under way: the approve is written by its outcome, after it.
      approveTransactionId = uuidv7();
      recorded = null;
    } else {
      recorded = await recordChainTransaction(ctx, tx, {
        kind: input.kind.approveKind,
        reference: id,
        chainId: input.chainId,
        to: tokenContract,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [input.approve, allowance] }),
      });
      approveTransactionId = recorded.id;
    }
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
 * How the chain at `block` differs from the ledger now, by the custody outflows (for the proof
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
