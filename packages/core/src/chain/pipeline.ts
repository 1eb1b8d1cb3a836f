import { type Hex, keccak256, type TransactionReceipt } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { type RawSql, withTransaction } from '@gw/db';
import { v7 as uuidv7 } from 'uuid';
import { type AfterCommit, AppError, assertUniqueEntries, type ChainEndpoint, type Context } from '@gw/runtime';
import { chainCall, chainOf, isTransportError, publicClientOf } from './clients.js';
import { describeRevert } from './errors.js';
import { relayerAccount } from './keys.js';
import {
  allocateNonce,
  type ChainTransactionRow,
  findChainTransaction,
  finishChainTransaction,
  insertChainTransaction,
  listAttemptsByReferenceBase,
  listExistingIds,
  listMinedUnfinished,
  listUnfinishedReferences,
  listReferencesBySignedHash,
  markBroadcast,
  markMined,
  markNonceGone,
  noteChainTransactionError,
  raiseNonce,
  requeueChainTransaction,
  storeSignedTransaction,
} from './repository.js';

/**
 * The on-chain transaction outbox, held to the webhook outbox's standard:
 *
 * 1. A business change writes its transaction with {@link recordChainTransaction} in its own
 *    PostgreSQL transaction (one per `kind` + `reference`), and enqueues it after the commit
 *    (`dispatchAfterCommit`, queue.ts: job id = row id; the sweeper re-enqueues a lost one).
 * 2. The worker ({@link processChainTransaction}) estimates gas (a revert there fails the business
 *    change before any nonce is spent), then in one PostgreSQL transaction allocates the nonce
 *    (`chain_nonces`, never read from the node under concurrency), signs, and stores the signed
 *    bytes and their hash: a crash after this re-broadcasts the same bytes, and never signs a
 *    second transaction with a new nonce for the same business change.
 * 3. It broadcasts; "already known" counts as sent, "nonce too low" is resolved (one of our own
 *    hashes was mined → follow it; with no receipt of ours for `confirmations` blocks, the nonce went
 *    to another transaction of the signer → back to `queued` for a fresh nonce, the bytes of the old
 *    one can never be mined).
 * 4. It follows the receipts of every hash signed for the row. A receipt counts once it is
 *    `confirmations` blocks deep and its block is still the canonical one; then the kind's
 *    `confirmed` or (reverted) `failed` outcome runs in the same PostgreSQL transaction that
 *    finishes the row, so a business outcome is applied once. Not included `CHAIN_FEE_BUMP_BLOCKS`
 *    blocks after the broadcast while its nonce is the signer's next to be mined: re-signed with the
 *    same nonce and fees raised by 25 % (one waiting behind a lower nonce is left as it is). Gone from
 *    the node (evicted, or its block reorged away): the same bytes are broadcast again.
 * 5. Refused at the broadcast because its max fee is below the base fee of the next block (the base
 *    fee rose since it was signed): re-signed at once with the same nonce, fees raised by 25 % and to
 *    cover that base fee, and sent; left as it was, it would hold every later nonce of the signer
 *    until the base fee fell.
 */

/**
 * What an outcome may return besides nothing: `next`, the next transactions of the same business
 * change (a permit, then the `transferFrom` it allows), written in the same transaction, signed by
 * the same signer and enqueued after its commit, so a step is never lost and never written twice;
 * and `afterCommit`, what to run after that commit (e.g. webhooks' `deliverAfterCommit` of the
 * events the outcome wrote; the worker runs it with `runAfterCommit`). A bare array is `next`.
 */
export type ChainOutcomeResult =
  void | readonly ChainTransactionInput[] | { next?: readonly ChainTransactionInput[]; afterCommit?: AfterCommit };

/**
 * What the business side does when its transaction is final. `tx` is the transaction finishing the
 * row: the outcome's writes (its state, its ledger entries, its webhook events) commit with it, once.
 */
export interface ChainTransactionKind {
  kind: string;
  /** Included, successful and `confirmations` deep. */
  confirmed(tx: RawSql, row: ChainTransactionRow, receipt: TransactionReceipt): Promise<ChainOutcomeResult>;
  /** Reverted on chain, or refused by gas estimation before any nonce was spent. */
  failed(tx: RawSql, row: ChainTransactionRow, reason: string): Promise<ChainOutcomeResult>;
}

/**
 * The outcomes a worker can apply, by kind name: an explicit list built where the worker is
 * composed (`apps/worker/src/catalogue.ts`) with {@link chainTransactionCatalogue}, so that
 * reading that list shows every kind of on-chain transaction and the module that finishes it.
 */
export type ChainTransactionKinds = ReadonlyMap<string, ChainTransactionKind>;

/**
 * Builds the catalogue of outcomes from the list of kinds.
 * @throws Error when two entries share a kind name (a kind is finished by one owner)
 */
export function chainTransactionCatalogue(list: readonly ChainTransactionKind[]): ChainTransactionKinds {
  assertUniqueEntries(
    list,
    (k) => k.kind,
    (k) => `chain transaction kind ${k.kind} is listed twice`,
  );
  return new Map(list.map((k) => [k.kind, k]));
}

/**
 * Checks that the catalogue finishes every kind a process may meet, so a worker that lacks an
 * outcome refuses to start instead of leaving rows of that kind unfinished.
 * @throws Error naming the kinds in `expected` that `kinds` lacks
 */
export function assertChainTransactionKinds(kinds: ChainTransactionKinds, expected: readonly string[]): void {
  const missing = expected.filter((k) => !kinds.has(k));
  if (missing.length) throw new Error(`No outcome for chain transaction kind(s): ${missing.join(', ')}`);
}

/** The transaction to write: a call of `to` with `data` (and `value` wei) by the relayer on `chainId`. */
export interface ChainTransactionInput {
  /** The row's id (UUID); a new UUIDv7 when absent. Give one to refer to the row before it is written. */
  id?: string;
  kind: string;
  /** The business change's id (one transaction per kind + reference). */
  reference: string;
  chainId: number;
  to: `0x${string}`;
  data: `0x${string}`;
  value?: bigint;
}

/** What to enqueue after the commit (see `dispatchAfterCommit`). */
export interface RecordedChainTransaction {
  id: string;
  chainId: number;
  signer: `0x${string}`;
}

/**
 * Writes the outbox row in the caller's transaction (status `queued`); enqueue it after the commit.
 * The signer is the relayer (the custody address).
 * @throws AppError chain-unavailable when the chain is not configured
 */
export async function recordChainTransaction(
  ctx: Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox'>,
  tx: RawSql,
  input: ChainTransactionInput,
): Promise<RecordedChainTransaction> {
  chainOf(ctx.chains, input.chainId);
  const signer = (await relayerAccount(ctx)).address;
  const id = input.id ?? uuidv7();
  await insertChainTransaction(tx, {
    id,
    chainId: input.chainId,
    signer,
    kind: input.kind,
    reference: input.reference,
    toAddress: input.to,
    data: input.data,
    value: input.value ?? 0n,
  });
  return { id, chainId: input.chainId, signer };
}

/**
 * What one pass of the pipeline did; `wait` means: look again after CHAIN_TX_POLL_MS. A final state
 * carries what to do after the commit: enqueue `next`, run `afterCommit` (both empty when the row
 * was already final).
 */
export type ChainTransactionOutcome =
  | { state: 'confirmed' | 'failed'; txHash: string | null; next: RecordedChainTransaction[]; afterCommit: AfterCommit[] }
  | { state: 'wait'; status: ChainTransactionRow['status']; txHash: string | null }
  | { state: 'missing' };

type PipelineCtx = Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox' | 'logger'> & {
  /** The outcomes this process applies ({@link chainTransactionCatalogue}). */
  chainTransactionKinds: ChainTransactionKinds;
};

const ALREADY_KNOWN = /already known|already imported|known transaction|alreadyknown|transaction already exists/i;
const NONCE_TOO_LOW = /nonce too low|oldnonce|nonce has already been used|nonce.*(lower|less) than/i;
const UNDERPRICED = /underpriced|replacementnotallowed|fee too low|max fee per gas less than block base fee/i;
/** The node's refusal of a max fee below the pending block's base fee (geth, anvil, reth; erigon says "fee cap"). */
const BELOW_BASE_FEE =
  /max fee per gas less than block base fee|fee cap less than block base fee|maxfeepergas.*(below|less than).*base ?fee/i;

const message = (err: unknown): string => {
  const e = err as { details?: string; shortMessage?: string; message?: string };
  return String(e.details ?? e.shortMessage ?? e.message ?? err).slice(0, 500);
};

/**
 * One pass over an outbox row: sign if needed, broadcast if needed, follow the receipts; finish it
 * when final. Idempotent: safe to run again after a crash at any point, and from two workers (the
 * row lock and the status guards serialize them).
 * @returns the state after the pass (`wait`: run again after CHAIN_TX_POLL_MS)
 * @throws transport errors (AppError chain-unavailable) and PostgreSQL errors: the job is retried
 */
export async function processChainTransaction(ctx: PipelineCtx, id: string): Promise<ChainTransactionOutcome> {
  let row = await findChainTransaction(ctx.prisma, id);
  if (!row) return { state: 'missing' };
  if (row.status === 'confirmed' || row.status === 'failed') return { state: row.status, txHash: row.txHash, next: [], afterCommit: [] };
  const chain = chainOf(ctx.chains, row.chainId);
  const account = await relayerAccount(ctx);
  if (account.address !== row.signer) throw new Error(`chain transaction ${id} is signed by ${row.signer}, not by this relayer`);

  if (row.status === 'queued') {
    const signed = await sign(ctx, chain, account, row);
    if (signed.state !== 'signed') return signed;
    row = signed.row;
  }
  // signed or submitted: find a receipt of any of our hashes first.
  const found = await findReceipt(ctx, chain, row);
  if (found) return settle(ctx, chain, row, found);
  await markMined(ctx.prisma, row.id, null);

  const pub = publicClientOf(ctx, chain);
  const head = await chainCall(chain, () => pub.getBlockNumber());
  const overdue =
    row.status === 'submitted' && row.submittedBlock !== null && head - row.submittedBlock >= BigInt(ctx.config.CHAIN_FEE_BUMP_BLOCKS);
  // Only the signer's lowest unmined nonce can be held up by its own fees: a higher one waits behind
  // it (a row not yet broadcast, a slower worker), and raising its fees would only spend more.
  if (
    overdue &&
    row.nonce === BigInt(await chainCall(chain, () => pub.getTransactionCount({ address: row!.signer, blockTag: 'latest' })))
  ) {
    row = await resign(ctx, chain, account, row);
  } else if (row.status === 'submitted' && (await chainCall(chain, () => pub.getTransaction({ hash: row!.txHash! }).catch(notFound)))) {
    return { state: 'wait', status: row.status, txHash: row.txHash };
  }
  return broadcast(ctx, chain, account, row, head);
}

const notFound = (err: unknown) => {
  if (isTransportError(err)) throw err;
  return null;
};

/** The row's call signed as an EIP-1559 transaction with this nonce, gas limit and fees (wei). */
const signCall = (
  account: PrivateKeyAccount,
  chain: ChainEndpoint,
  row: ChainTransactionRow,
  s: { nonce: bigint; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Hex> =>
  account.signTransaction({
    chainId: chain.chainId,
    type: 'eip1559',
    to: row.toAddress,
    data: row.data,
    value: row.value,
    nonce: Number(s.nonce),
    gas: s.gas,
    maxFeePerGas: s.maxFeePerGas,
    maxPriorityFeePerGas: s.maxPriorityFeePerGas,
  });

/** Estimates gas, then allocates the nonce, signs and stores the bytes in one PostgreSQL transaction. */
async function sign(
  ctx: PipelineCtx,
  chain: ChainEndpoint,
  account: PrivateKeyAccount,
  row: ChainTransactionRow,
): Promise<{ state: 'signed'; row: ChainTransactionRow } | ChainTransactionOutcome> {
  const pub = publicClientOf(ctx, chain);
  let gas: bigint;
  try {
    gas = await chainCall(chain, () => pub.estimateGas({ account: account.address, to: row.toAddress, data: row.data, value: row.value }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The call reverts as things stand: fail the business change before any nonce is spent.
    return finish(
      ctx,
      row,
      { status: 'failed', txHash: null, minedBlock: null, error: `refused before sending: ${describeRevert(err) ?? message(err)}` },
      null,
    );
  }
  const fees = await feesNow(ctx, chain);
  // A wide margin: state read at estimation (a timestamp, a storage slot written from zero) can cost
  // more when mined; unused gas is not paid.
  const gasLimit = (gas * 3n) / 2n + 50_000n;
  await withTransaction(
    ctx.prisma,
    async (tx) => {
      const locked = await findChainTransaction(tx, row.id, true);
      if (!locked || locked.status !== 'queued') return;
      const nonce = await allocateNonce(tx, row.chainId, row.signer, () =>
        chainCall(chain, () => pub.getTransactionCount({ address: row.signer, blockTag: 'pending' })).then(BigInt),
      );
      const raw = await signCall(account, chain, row, { nonce, gas: gasLimit, ...fees });
      await storeSignedTransaction(tx, row.id, {
        nonce,
        gasLimit,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        rawTx: raw,
        txHash: keccak256(raw),
        status: 'signed',
      });
    },
    { timeout: 30_000 },
  );
  const signed = await findChainTransaction(ctx.prisma, row.id);
  if (!signed) return { state: 'missing' };
  if (signed.status === 'queued') throw new Error(`chain transaction ${row.id} was not signed`);
  return { state: 'signed', row: signed };
}

/**
 * The fees to sign with now (wei): viem's estimate (1.2 × the latest block's base fee + the node's
 * priority fee), raised when needed to 1.2 × the base fee of the next block (EIP-1559 §"Specification":
 * a transaction whose max fee is below its block's base fee is invalid; the next block's base fee is
 * the last entry of `eth_feeHistory`, and a node refuses such bytes before they reach its pool).
 */
async function feesNow(ctx: PipelineCtx, chain: ChainEndpoint): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const pub = publicClientOf(ctx, chain);
  const [estimate, history] = await chainCall(chain, () =>
    Promise.all([pub.estimateFeesPerGas(), pub.getFeeHistory({ blockCount: 1, rewardPercentiles: [] })]),
  );
  const nextBaseFee = history.baseFeePerGas.at(-1) ?? 0n;
  const floor = (nextBaseFee * 6n) / 5n + estimate.maxPriorityFeePerGas;
  return { ...estimate, maxFeePerGas: estimate.maxFeePerGas > floor ? estimate.maxFeePerGas : floor };
}

/**
 * Re-signs the row's call with the same nonce and gas limit and fees raised by 25 % (at least +1 wei
 * each, what nodes ask of a replacement) and to at least {@link feesNow}, keeping every earlier
 * hash and the row's status (`signed` or `submitted`). Under the row's lock, and only while the row
 * still holds the bytes it was read with: a concurrent pass that re-signed or finished it wins.
 * @returns the row as it is afterwards
 */
async function resign(
  ctx: PipelineCtx,
  chain: ChainEndpoint,
  account: PrivateKeyAccount,
  row: ChainTransactionRow,
): Promise<ChainTransactionRow> {
  const now = await feesNow(ctx, chain);
  const bump = (old: bigint | null, fresh: bigint) => {
    const raised = ((old ?? 0n) * 125n) / 100n + 1n;
    return raised > fresh ? raised : fresh;
  };
  const maxPriorityFeePerGas = bump(row.maxPriorityFeePerGas, now.maxPriorityFeePerGas);
  let maxFeePerGas = bump(row.maxFeePerGas, now.maxFeePerGas);
  if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
  const raw = await signCall(account, chain, row, { nonce: row.nonce!, gas: row.gasLimit!, maxFeePerGas, maxPriorityFeePerGas });
  const stored = await withTransaction(ctx.prisma, async (tx) => {
    const locked = await findChainTransaction(tx, row.id, true);
    if (!locked || locked.txHash !== row.txHash || (locked.status !== 'signed' && locked.status !== 'submitted')) return false;
    await storeSignedTransaction(tx, row.id, {
      nonce: row.nonce!,
      gasLimit: row.gasLimit!,
      maxFeePerGas,
      maxPriorityFeePerGas,
      rawTx: raw,
      txHash: keccak256(raw),
      status: locked.status,
    });
    return true;
  });
  if (stored)
    ctx.logger.info(
      {
        chainTransaction: row.id,
        chain: chain.caip2,
        nonce: String(row.nonce),
        txHash: keccak256(raw),
        maxFeePerGas: String(maxFeePerGas),
      },
      'chain transaction re-signed with higher fees',
    );
  return (await findChainTransaction(ctx.prisma, row.id))!;
}

/**
 * Sends the stored bytes and resolves what the node says. Bytes refused for a max fee below the base
 * fee are re-signed ({@link resign}) and the new bytes sent in the same pass (`repriced` once).
 */
async function broadcast(
  ctx: PipelineCtx,
  chain: ChainEndpoint,
  account: PrivateKeyAccount,
  row: ChainTransactionRow,
  head: bigint,
  repriced = false,
): Promise<ChainTransactionOutcome> {
  const pub = publicClientOf(ctx, chain);
  try {
    await chainCall(chain, () => pub.sendRawTransaction({ serializedTransaction: row.rawTx! }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    const text = message(err);
    if (NONCE_TOO_LOW.test(text)) return nonceTaken(ctx, chain, row, text, head);
    if (BELOW_BASE_FEE.test(text) && !repriced) {
      const resigned = await resign(ctx, chain, account, row);
      if (resigned.txHash !== row.txHash && (resigned.status === 'signed' || resigned.status === 'submitted'))
        return broadcast(ctx, chain, account, resigned, head, true);
    }
    if (!ALREADY_KNOWN.test(text)) {
      // Underpriced, out of gas money, or something else transient: keep the row, say why, try again.
      await noteChainTransactionError(ctx.prisma, row.id, UNDERPRICED.test(text) ? `underpriced: ${text}` : text);
      ctx.logger.warn({ chainTransaction: row.id, chain: chain.caip2, error: text }, 'chain transaction broadcast refused; will retry');
      return { state: 'wait', status: row.status, txHash: row.txHash };
    }
  }
  await markBroadcast(ctx.prisma, row.id, head);
  return { state: 'wait', status: 'submitted', txHash: row.txHash };
}

/**
 * "Nonce too low": one of our hashes may have been mined (then follow it). With no receipt of ours
 * in sight, the nonce was probably used by another transaction of the signer, but a lagging or
 * load-balanced node may also not show our receipt yet; so the row is only given up and signed
 * again with a fresh nonce (raised to the node's count) once the first "nonce too low" without a
 * receipt is `confirmations` blocks old. Its old bytes can then never be mined.
 */
async function nonceTaken(
  ctx: PipelineCtx,
  chain: ChainEndpoint,
  row: ChainTransactionRow,
  text: string,
  head: bigint,
): Promise<ChainTransactionOutcome> {
  const found = await findReceipt(ctx, chain, row);
  if (found) return settle(ctx, chain, row, found);
  if (row.nonceGoneBlock === null || head - row.nonceGoneBlock < BigInt(chain.confirmations)) {
    await markNonceGone(ctx.prisma, row.id, head, `nonce ${row.nonce} used on chain, no receipt of ours yet (${text})`);
    return { state: 'wait', status: row.status, txHash: row.txHash };
  }
  const pub = publicClientOf(ctx, chain);
  const count = BigInt(await chainCall(chain, () => pub.getTransactionCount({ address: row.signer, blockTag: 'pending' })));
  await withTransaction(ctx.prisma, async (tx) => {
    const locked = await findChainTransaction(tx, row.id, true);
    if (!locked || locked.nonce !== row.nonce || locked.status === 'confirmed' || locked.status === 'failed') return;
    await raiseNonce(tx, row.chainId, row.signer, count);
    await requeueChainTransaction(tx, row.id, `nonce ${row.nonce} taken elsewhere (${text}); signing again with a new nonce`);
  });
  ctx.logger.warn(
    { chainTransaction: row.id, chain: chain.caip2, nonce: String(row.nonce) },
    'chain transaction nonce taken elsewhere; re-signing',
  );
  return { state: 'wait', status: 'queued', txHash: null };
}

/** The receipt of any hash signed for the row (newest first), or null. */
async function findReceipt(ctx: PipelineCtx, chain: ChainEndpoint, row: ChainTransactionRow): Promise<TransactionReceipt | null> {
  const pub = publicClientOf(ctx, chain);
  const receipts = await chainCall(chain, () =>
    Promise.all([...row.hashes].reverse().map((hash) => pub.getTransactionReceipt({ hash: hash as Hex }).catch(notFound))),
  );
  return receipts.find((r) => r !== null) ?? null;
}

/** A receipt exists: finish the row once it is deep enough and its block is still canonical. */
async function settle(
  ctx: PipelineCtx,
  chain: ChainEndpoint,
  row: ChainTransactionRow,
  receipt: TransactionReceipt,
): Promise<ChainTransactionOutcome> {
  const pub = publicClientOf(ctx, chain);
  const [head, block] = await chainCall(chain, () =>
    Promise.all([pub.getBlockNumber(), pub.getBlock({ blockNumber: receipt.blockNumber }).catch(notFound)]),
  );
  if (!block || block.hash !== receipt.blockHash) {
    // The receipt's block was reorged away between the two reads: look again later.
    return { state: 'wait', status: row.status, txHash: row.txHash };
  }
  if (head - receipt.blockNumber + 1n < BigInt(chain.confirmations)) {
    if (row.minedBlock !== receipt.blockNumber) await markMined(ctx.prisma, row.id, receipt.blockNumber);
    return { state: 'wait', status: row.status, txHash: receipt.transactionHash };
  }
  const ok = receipt.status === 'success';
  const why = ok ? undefined : await replayedRevert(ctx, chain, row, receipt);
  return finish(
    ctx,
    row,
    {
      status: ok ? 'confirmed' : 'failed',
      txHash: receipt.transactionHash,
      minedBlock: receipt.blockNumber,
      error: ok ? null : why ? `reverted on chain: ${why}` : 'reverted on chain',
    },
    receipt,
  );
}

/**
 * Why a mined transaction reverted: a receipt carries no revert data, so the call is made again
 * (`eth_call` by the signer, same gas limit) on the state of the receipt's block and its revert
 * named with our contracts' errors ({@link describeRevert}). Best effort: the state after the block
 * may differ from the one the transaction met; undefined when the replay passes, names nothing or
 * the node does not answer.
 */
async function replayedRevert(
  ctx: PipelineCtx,
  chain: ChainEndpoint,
  row: ChainTransactionRow,
  receipt: TransactionReceipt,
): Promise<string | undefined> {
  const pub = publicClientOf(ctx, chain);
  try {
    await chainCall(chain, () =>
      pub.call({
        account: row.signer,
        to: row.toAddress,
        data: row.data,
        value: row.value,
        gas: row.gasLimit ?? undefined,
        blockNumber: receipt.blockNumber,
      }),
    );
    return undefined;
  } catch (err) {
    return describeRevert(err);
  }
}

/** Finishes the row and applies its kind's outcome in one transaction, once. */
async function finish(
  ctx: PipelineCtx,
  row: ChainTransactionRow,
  f: { status: 'confirmed' | 'failed'; txHash: string | null; minedBlock: bigint | null; error: string | null },
  receipt: TransactionReceipt | null,
): Promise<ChainTransactionOutcome> {
  const kind = ctx.chainTransactionKinds.get(row.kind);
  if (!kind) throw new Error(`No outcome for chain transaction kind ${row.kind} in this process's catalogue`);
  const done = await withTransaction(ctx.prisma, async (tx) => {
    const recorded: RecordedChainTransaction[] = [];
    const afterCommit: AfterCommit[] = [];
    const locked = await findChainTransaction(tx, row.id, true);
    if (!locked || locked.status === 'confirmed' || locked.status === 'failed') return { next: recorded, afterCommit };
    const result =
      f.status === 'confirmed' ? await kind.confirmed(tx, locked, receipt!) : await kind.failed(tx, locked, f.error ?? 'failed');
    const follow = !result ? [] : isInputList(result) ? result : (result.next ?? []);
    if (result && !isInputList(result) && result.afterCommit) afterCommit.push(result.afterCommit);
    await finishChainTransaction(tx, row.id, f);
    for (const input of follow) recorded.push(await recordChainTransaction(ctx, tx, input));
    return { next: recorded, afterCommit };
  });
  return { state: f.status, txHash: f.txHash, ...done };
}

const isInputList = (r: Exclude<ChainOutcomeResult, void>): r is readonly ChainTransactionInput[] => Array.isArray(r);
/** How often a business change whose transaction failed is sent again ({@link nextAttemptReference}). */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Wait after the first failure (ms), doubled after each further one. */
  backoffMs: number;
}

/**
 * The reference under which to record the next attempt of the business change `kind` + `base`, for
 * changes a keeper may send again after their transaction failed (a proposal's `execute` that
 * reverted while the treasury was short): `base` for the first attempt, `base#<n>` for the n-th
 * retry (the outbox keeps one row per reference). Null while an attempt is unfinished or once one
 * confirmed, after `maxAttempts` failures, and until `backoffMs × 2^(failures − 1)` has passed since
 * the last failure. Call it in the transaction that records the attempt, under the caller's lock.
 * @param now the time the back-off is measured to (default: now)
 */
export async function nextAttemptReference(
  db: RawSql,
  kind: string,
  base: string,
  policy: RetryPolicy,
  now = new Date(),
): Promise<string | null> {
  const attempts = await listAttemptsByReferenceBase(db, kind, base);
  if (attempts.length === 0) return base;
  if (attempts.some((a) => a.status !== 'failed')) return null;
  if (attempts.length >= policy.maxAttempts) return null;
  const lastFailure = Math.max(...attempts.map((a) => a.finishedAt?.getTime() ?? 0));
  if (now.getTime() - lastFailure < policy.backoffMs * 2 ** (attempts.length - 1)) return null;
  return `${base}#${attempts.length}`;
}

/** The business change a reference names, the inverse of {@link nextAttemptReference}: `base` of `base` or `base#<n>`. */
export const attemptBase = (reference: string): string => reference.split('#', 1)[0]!;

/**
 * Records the next attempt of a business change whose transaction failed, asked for by an operator
 * (a bridge transfer's destination leg, {@link nextAttemptReference} for the references): a new row
 * making the same call as the failed row `failedId` (same kind, chain, contract, data and value)
 * under `<base>#<n>`, in the caller's transaction and under the caller's lock. Queue it after the
 * commit (`dispatchAfterCommit`).
 * @returns the new row, or null when `failedId` does not exist or did not fail, or another attempt
 *   of the change is unfinished or confirmed
 */
export async function recordAttemptAgain(
  ctx: Pick<Context, 'chains' | 'config' | 'prisma' | 'secretBox'>,
  tx: RawSql,
  failedId: string,
  base: string,
): Promise<RecordedChainTransaction | null> {
  const failed = await findChainTransaction(tx, failedId);
  if (!failed || failed.status !== 'failed') return null;
  const reference = await nextAttemptReference(tx, failed.kind, base, { maxAttempts: Number.MAX_SAFE_INTEGER, backoffMs: 0 });
  if (!reference) return null;
  return recordChainTransaction(ctx, tx, {
    kind: failed.kind,
    reference,
    chainId: failed.chainId,
    to: failed.toAddress,
    data: failed.data,
    value: failed.value,
  });
}

/** Where an outbox row stands, for the business side's answers: its status and latest hash, or null. */
export async function chainTransactionState(
  ctx: Pick<Context, 'prisma'>,
  id: string,
): Promise<{ status: ChainTransactionRow['status']; txHash: string | null } | null> {
  const row = await findChainTransaction(ctx.prisma, id);
  return row ? { status: row.status, txHash: row.txHash } : null;
}

/**
 * Of the outbox rows `ids`, those already mined at or below `block` but not finished yet (their
 * business outcome has not run): the proof of reserves, reading the chain at `block`, sees their
 * effect before the ledger does.
 */
export async function minedButUnfinished(db: RawSql, ids: readonly string[], block: bigint): Promise<Set<string>> {
  return new Set(await listMinedUnfinished(db, ids, block));
}

/**
 * The business changes (`reference`s) of `kind` whose outbox row signed the transaction `txHash` on
 * `chainId` (e.g. which gasless deposit a Transfer log to custody came from). Known from the
 * signing on, before the row is final.
 * @param txHash lower-case 0x hash
 */
export function chainTransactionReferences(db: RawSql, chainId: number, kind: string, txHash: string): Promise<string[]> {
  return listReferencesBySignedHash(db, chainId, kind, txHash);
}

/**
 * The business changes (`reference`s) of `kind` starting with `prefix` whose row is not final yet
 * (neither confirmed nor failed): e.g. the custody address's allowance resets still under way for one
 * spender, whose references share the spender's prefix.
 */
export function unfinishedChainTransactionReferences(db: RawSql, kind: string, prefix: string): Promise<string[]> {
  return listUnfinishedReferences(db, kind, prefix);
}

/** Of the outbox row ids `ids`, those written already (a row whose id was chosen ahead may not be yet). */
export async function writtenChainTransactions(db: RawSql, ids: readonly string[]): Promise<Set<string>> {
  return new Set(await listExistingIds(db, ids));
}

/** The contract an outbox row calls (its `to`), or null when there is no such row. */
export async function chainTransactionTarget(db: RawSql, id: string): Promise<`0x${string}` | null> {
  return (await findChainTransaction(db, id))?.toAddress ?? null;
}
