import { encodeFunctionData, getAddress, parseEventLogs, type TransactionReceipt } from 'viem';
import { v7 as uuidv7 } from 'uuid';
import { type RawSql, withTransaction } from '@gw/db';
import { BridgeVault, WrappedToken } from '@gw/contracts';
import { AppError, type Context, assertUuidOrNotFound, runAfterCommit, type SpendGuard } from '@gw/runtime';
import {
  attemptBase,
  chainCall,
  type ChainTransactionInput,
  chainTransactionState,
  checkPermit,
  contractAddress,
  custodyAddress,
  type ChainTransactionKind,
  dispatchAfterCommit,
  recordRelayedOperation,
  relayedRequest,
  homeChainOf,
  type PermitTypedDataDto,
  permitTypedDataOf,
  publicClientOf,
  readPermitState,
  recordAttemptAgain,
  recordChainTransaction,
  type RecordedChainTransaction,
} from '../chain/index.js';
import { deliverAfterCommit, recordEvent } from '../webhooks/index.js';
import { custodyOutflowKind, recordCustodyOutflow } from '../custody-outflows/index.js';
import type { BridgeFunding, BridgeTransferDto } from './schemas.js';
import {
  type BridgeTransferRow,
  findWalletTransfer,
  finishTransfer,
  insertOnchainBridgeTransfer,
  lockTransfer,
  noteSourceConfirmed,
  reopenRelay,
} from './repository.js';
import { bridgeProblem } from './problems.js';

/**
 * The bridge on chain. Two legs, each a row of the on-chain outbox:
 * - **outbound** (home chain → another): the source leg locks the tokens in the home chain's
 *   `BridgeVault` (`lockWithPermit`: the wallet's own tokens by its EIP-2612 permit, kind
 *   `bridge-lock`); once that transaction is `CHAIN_CONFIRMATIONS` deep and still canonical, its
 *   outcome reads the `Locked` log from the receipt and writes the destination leg in the same
 *   transaction: `WrappedToken.mint(to, amount, homeChainId, lockNonce)` on the destination chain
 *   (kind `bridge-mint`);
 * - **inbound** (another chain → home): `WrappedToken.burnWithPermit` (kind `bridge-burn`), then
 *   `BridgeVault.release(to, amount, sourceChainId, burnNonce)` on the home chain (kind `bridge-release`).
 * The outbox gives each leg its guarantees (written with the business change, nonce and signed
 * bytes stored before the broadcast, one transaction per (kind, transfer), outcomes applied once),
 * so a crash anywhere neither loses a leg nor sends it twice; a lock reorged away before its
 * confirmation depth never reaches its outcome, so it never leads to a mint; and the contracts
 * refuse a second mint or release of the same (source chain, nonce) whatever happens off chain.
 * The relayer (the custody address) holds the wrapped token's MINTER and the vault's RELAYER role:
 * it is the bridge's trusted party (docs/chain.md, "The bridge").
 */

type Ctx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>;
type ReadCtx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox'>;

/** Outbox kinds of the bridge's legs (their `reference` is the bridge transfer id). */
export const BRIDGE_KINDS = {
  lock: 'bridge-lock',
  mint: 'bridge-mint',
  burn: 'bridge-burn',
  release: 'bridge-release',
  /** A lock from the custodial balance: a custody outflow (`approve` of the vault, then `lock`). */
  custodyLock: 'bridge-custody-lock',
  custodyLockApprove: 'bridge-custody-lock.approve',
} as const;

const chainNumber = (caip2: string): number => Number(caip2.slice('eip155:'.length));

/** The two chains of a transfer and its direction. */
interface Route {
  direction: 'outbound' | 'inbound';
  from: { chainId: number; caip2: string };
  to: { chainId: number; caip2: string };
}

/**
 * The route from `fromChainId` (default the home chain) to `toChainId`: both configured, different,
 * and one of them the home chain.
 * @throws AppError unsupported-chain (400, with `supportedChains`: every configured chain)
 */
function routeOf(ctx: Pick<Context, 'chains'>, fromChainId: string | undefined, toChainId: string): Route {
  const home = homeChainOf(ctx.chains);
  const supportedChains = ctx.chains.list.map((c) => c.caip2);
  const find = (caip2: string) => ctx.chains.list.find((c) => c.caip2 === caip2);
  const from = fromChainId === undefined ? home : find(fromChainId);
  const to = find(toChainId);
  if (!from) throw bridgeProblem('unsupported-chain', `The bridge does not support ${fromChainId}`, { supportedChains });
  if (!to || to.chainId === from.chainId)
    throw bridgeProblem('unsupported-chain', `The bridge does not support ${toChainId}`, { supportedChains });
  if (from.chainId !== home.chainId && to.chainId !== home.chainId)
    throw bridgeProblem(
      'unsupported-chain',
      `The bridge joins the home chain ${home.caip2} to the others: ${from.caip2} → ${to.caip2} is not a route`,
      {
        supportedChains,
      },
    );
  return {
    direction: from.chainId === home.chainId ? 'outbound' : 'inbound',
    from: { chainId: from.chainId, caip2: from.caip2 },
    to: { chainId: to.chainId, caip2: to.caip2 },
  };
}

/**
 * What the source leg of `route` moves with a permit: the token there (the native token at home,
 * the wrapped token elsewhere), the permit's spender (the vault, which pulls the tokens in
 * `lockWithPermit`; the relayer, which spends the allowance in `burnWithPermit`) and the contract
 * the destination leg calls.
 */
async function contractsOf(ctx: ReadCtx, route: Route) {
  if (route.direction === 'outbound') {
    const [token, vault, wrapped] = await Promise.all([
      contractAddress(ctx, route.from.chainId, 'token'),
      contractAddress(ctx, route.from.chainId, 'bridge'),
      contractAddress(ctx, route.to.chainId, 'wrappedToken'),
    ]);
    return { token, spender: vault, source: vault, destination: wrapped };
  }
  const [wrapped, relayer, vault] = await Promise.all([
    contractAddress(ctx, route.from.chainId, 'wrappedToken'),
    custodyAddress(ctx),
    contractAddress(ctx, route.to.chainId, 'bridge'),
  ]);
  return { token: wrapped, spender: relayer, source: wrapped, destination: vault };
}

/**
 * The EIP-712 typed data of the permit the wallet signs to bridge `amount` from `fromChainId`
 * (default the home chain): the source token's own domain, the spender of {@link contractsOf}, the
 * wallet's current nonce, a deadline one hour ahead. Not cached.
 * @throws AppError unsupported-chain (400), chain-unavailable (503)
 */
export async function bridgePermitTypedData(
  ctx: ReadCtx,
  owner: string,
  amount: bigint,
  fromChainId: string | undefined,
): Promise<PermitTypedDataDto> {
  const wallet = getAddress(owner);
  const home = homeChainOf(ctx.chains);
  const other = ctx.chains.list.find((c) => !c.home);
  const from = fromChainId ?? home.caip2;
  // Any route from `from` has the same source side; pick a destination to name it.
  const route = routeOf(ctx, from, from === home.caip2 ? (other?.caip2 ?? home.caip2) : home.caip2);
  const c = await contractsOf(ctx, route);
  return permitTypedDataOf(await readPermitState(ctx, route.from.chainId, c.token, wallet), wallet, c.spender, amount);
}

export interface InitiateBridgeInput {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the sender. */
  address: string;
  /** CAIP-2 chain id of the source; default the home chain. */
  fromChainId?: string | undefined;
  /** CAIP-2 chain id of the destination. */
  toChainId: string;
  /** Checksummed recipient address on the destination chain. */
  toAddress: string;
  /** Integer base units, > 0. */
  amount: bigint;
  /** Token symbol; default (and only) the native token. */
  token?: string | undefined;
  funding: BridgeFunding;
  /** With `funding: 'permit'`: the permit's deadline (unix seconds) and signature. */
  deadline?: number | undefined;
  signature?: `0x${string}` | undefined;
  idempotencyKey?: string | undefined;
  /**
   * Charged in the transaction that records the transfer (`bridge.transfer`, recipient
   * `toAddress`): a session's guard refuses a bridge to another address the holder did not allow.
   */
  spendGuard?: SpendGuard | undefined;
}

/**
 * Starts a cross-chain transfer on chain. Checked before anything is written: the
 * route, the token, and with a permit the signature (it recovers to the wallet for the source
 * token's current nonce, the spender, this amount and deadline; deadline ≥ 60 s ahead; the wallet
 * holds the amount there). Then one transaction writes the transfer and its source leg (the outbox
 * row), enqueued after the commit. With an Idempotency-Key, the same key and body return the same
 * transfer.
 * @returns 202 and the transfer (`initiated`); `replayed` when answered from the key
 * @throws AppError unsupported-chain (400), validation-error (400: token, or custody funding from
 *   another chain), invalid-permit (422), insufficient-funds (422), chain-unavailable (503),
 *   idempotency-key-reused (422), and the spend guard's refusals (403: holder-authorization-required,
 *   spending-limit-exceeded, recipient-not-allowed)
 */
export async function initiateBridge(ctx: Ctx, input: InitiateBridgeInput) {
  const route = routeOf(ctx, input.fromChainId, input.toChainId);
  const token = input.token ?? ctx.config.NATIVE_TOKEN_SYMBOL;
  if (token !== ctx.config.NATIVE_TOKEN_SYMBOL)
    throw new AppError(
      'validation-error',
      `Unknown token ${token}: the bridge carries the native token ${ctx.config.NATIVE_TOKEN_SYMBOL}`,
      {
        errors: [{ path: 'token', message: 'unknown token' }],
      },
    );
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  if (input.funding === 'custody' && route.direction === 'inbound')
    throw new AppError(
      'validation-error',
      `Custody holds the home chain's token only: bridge from ${route.from.caip2} with funding permit (the wallet's own wrapped tokens)`,
      { errors: [{ path: 'funding', message: 'must be permit from a chain other than the home chain' }] },
    );
  const owner = getAddress(input.address);
  const to = getAddress(input.toAddress);
  return recordRelayedOperation<BridgeTransferDto>(
    ctx,
    relayedRequest(input, 'bridge.initiate', owner, {
      fromChainId: route.from.caip2,
      toChainId: route.to.caip2,
      toAddress: to,
      amount: input.amount.toString(),
      token,
      funding: input.funding,
      deadline: input.deadline ?? null,
      signature: input.signature?.toLowerCase() ?? null,
    }),
    async (tx) => {
      let recorded: RecordedChainTransaction | null;
      const c = await contractsOf(ctx, route);
      const id = uuidv7();
      await input.spendGuard?.charge(tx, { action: 'bridge.transfer', reference: id, recipient: to, token, amount: input.amount });
      let sourceTransactionId: string;
      if (input.funding === 'custody') {
        // A custody outflow: the ledger debit (wallet → in flight) and the vault's `approve` then
        // `lock` by the custody address, in this transaction (insufficient-funds rolls it back).
        const outflow = await recordCustodyOutflow(ctx, tx, {
          kind: bridgeCustodyLocks,
          id,
          organizationId: input.organizationId,
          address: owner,
          amount: input.amount,
          token,
          chainId: route.from.chainId,
          approve: c.spender,
          call: {
            to: c.source,
            data: encodeFunctionData({ abi: BridgeVault.abi, functionName: 'lock', args: [input.amount, BigInt(route.to.chainId), to] }),
          },
        });
        recorded = outflow.recorded;
        sourceTransactionId = outflow.outflow.chainTransactionId;
      } else {
        const state = await readPermitState(ctx, route.from.chainId, c.token, owner);
        const deadline = input.deadline!;
        const { v, r, s } = await checkPermit(state, {
          owner,
          spender: c.spender,
          amount: input.amount,
          deadline,
          signature: input.signature!,
        });
        const data =
          route.direction === 'outbound'
            ? encodeFunctionData({
                abi: BridgeVault.abi,
                functionName: 'lockWithPermit',
                args: [owner, input.amount, BigInt(route.to.chainId), to, BigInt(deadline), v, r, s],
              })
            : encodeFunctionData({
                abi: WrappedToken.abi,
                functionName: 'burnWithPermit',
                args: [owner, input.amount, BigInt(route.to.chainId), to, BigInt(deadline), v, r, s],
              });
        recorded = await recordChainTransaction(ctx, tx, {
          kind: route.direction === 'outbound' ? BRIDGE_KINDS.lock : BRIDGE_KINDS.burn,
          reference: id,
          chainId: route.from.chainId,
          to: c.source,
          data,
        });
        sourceTransactionId = recorded.id;
      }
      const row = await insertOnchainBridgeTransfer(tx, {
        id,
        organizationId: input.organizationId,
        address: owner,
        direction: route.direction,
        fromChainId: route.from.caip2,
        toChainId: route.to.caip2,
        toAddress: to,
        token,
        amount: input.amount,
        funding: input.funding,
        sourceTransactionId,
        destinationContract: c.destination,
      });
      return {
        statusCode: 202,
        body: toBridgeTransferDto(row, route.from.caip2, { status: 'queued', txHash: null }, null, null),
        recorded,
      };
    },
  );
}

// --- reads ------------------------------------------------------------------------------------------

type OutboxState = { status: 'queued' | 'signed' | 'submitted' | 'confirmed' | 'failed'; txHash: string | null } | null;

/** What a leg's outcome needs of its outbox row. */
interface LegRow {
  /** The bridge transfer id; for a retried destination leg `<transfer id>#<n>` ({@link retryBridgeDestination}). */
  reference: string;
  /** The contract called: the vault or the wrapped token. */
  toAddress: string;
  txHash: string | null;
}

const legStatus = (s: OutboxState): BridgeTransferDto['source']['status'] =>
  s === null ? null : s.status === 'queued' ? 'pending' : s.status === 'signed' || s.status === 'submitted' ? 'submitted' : s.status;

/**
 * The transfer object: its two legs from the outbox rows' states (`source`, `destination`; null
 * when the leg is not written) and the source's confirmations counted from `head` (null unknown).
 */
export function toBridgeTransferDto(
  t: BridgeTransferRow,
  homeCaip2: string,
  source: OutboxState,
  destination: OutboxState,
  head: bigint | null,
): BridgeTransferDto {
  // Ledger-only transfers (`funding = 'ledger'`) have no source chain recorded: they were the home chain's.
  const fromChainId = t.fromChainId ?? homeCaip2;
  const sourceConfirmed = t.sourceBlock !== null;
  return {
    id: t.id,
    object: 'bridge_transfer',
    status: t.status,
    direction: t.direction,
    funding: t.funding,
    from: t.address,
    fromChainId,
    toChainId: t.toChainId,
    toAddress: t.toAddress,
    token: t.token,
    amount: t.amount.toString(),
    source: {
      chain: fromChainId,
      // A custody lock's call row is written once its approve is final: until then the leg is pending.
      status: sourceConfirmed ? 'confirmed' : t.status === 'initiated' && source === null ? 'pending' : legStatus(source),
      txHash: t.sourceTxHash ?? source?.txHash ?? null,
      blockNumber: t.sourceBlock?.toString() ?? null,
      confirmations: t.sourceBlock !== null && head !== null && head >= t.sourceBlock ? Number(head - t.sourceBlock) : null,
      nonce: t.sourceNonce?.toString() ?? null,
    },
    destination: {
      chain: t.toChainId,
      status: t.status === 'completed' ? 'confirmed' : legStatus(destination),
      txHash: t.relayTxHash ?? destination?.txHash ?? null,
    },
    relayTxHash: t.relayTxHash,
    failureReason: t.failureReason,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/**
 * A bridge transfer of `address` (the JWT's wallet) with both legs: transfers belong to the wallet
 * that sent them (any organization it uses can read them; another wallet's id is indistinguishable
 * from an unknown one). The source's confirmations are counted from the head read now, within
 * CHAIN_RPC_TIMEOUT_MS; when the chain cannot be read they are null (the transfer is still answered).
 * @throws AppError('not-found')
 */
export async function getBridgeTransfer(ctx: ReadCtx, address: string, transferId: string): Promise<BridgeTransferDto> {
  assertUuidOrNotFound(transferId, 'No such bridge transfer');
  const t = await findWalletTransfer(ctx.prisma, transferId, getAddress(address));
  if (!t) throw new AppError('not-found', 'No such bridge transfer');
  const [source, destination] = await Promise.all([
    t.sourceTransactionId ? chainTransactionState(ctx, t.sourceTransactionId) : null,
    t.destinationTransactionId ? chainTransactionState(ctx, t.destinationTransactionId) : null,
  ]);
  let head: bigint | null = null;
  const sourceChain = t.fromChainId ? ctx.chains.list.find((c) => c.caip2 === t.fromChainId) : undefined;
  if (sourceChain && t.sourceBlock !== null) {
    head = await chainCall(sourceChain, () => publicClientOf(ctx, sourceChain).getBlockNumber({ cacheTime: 0 })).catch(() => null);
  }
  return toBridgeTransferDto(t, homeChainOf(ctx.chains).caip2, source, destination, head);
}

// --- the legs' outcomes (in the transaction that finishes each outbox row) -------------------------

const MAX_REASON = 500;

/**
 * The source leg is final and successful: the destination leg is written from what the chain says
 * (the `Locked` or `Burned` log of our contract in the receipt: recipient, amount, nonce), in the
 * same transaction. No such log (impossible for a successful call of ours) fails the transfer.
 */
async function sourceConfirmed(tx: RawSql, row: LegRow, receipt: TransactionReceipt): Promise<ChainTransactionInput[]> {
  const t = await lockTransfer(tx, row.reference);
  if (!t || t.status !== 'initiated' || !t.fromChainId) return [];
  const mine = receipt.logs.filter((l) => getAddress(l.address) === getAddress(row.toAddress));
  const [log] =
    t.direction === 'outbound'
      ? parseEventLogs({ abi: BridgeVault.abi, eventName: 'Locked', logs: mine })
      : parseEventLogs({ abi: WrappedToken.abi, eventName: 'Burned', logs: mine });
  if (!log || !t.destinationContract) {
    await finishTransfer(tx, t.id, {
      status: 'failed',
      sourceTxHash: receipt.transactionHash,
      relayTxHash: null,
      failureReason: `source: no ${t.direction === 'outbound' ? 'Locked' : 'Burned'} event in ${receipt.transactionHash}`,
    });
    return [];
  }
  const { to, amount, nonce } = log.args;
  const sourceChainId = BigInt(chainNumber(t.fromChainId));
  const step: ChainTransactionInput & { id: string } = {
    id: uuidv7(),
    kind: t.direction === 'outbound' ? BRIDGE_KINDS.mint : BRIDGE_KINDS.release,
    reference: t.id,
    chainId: chainNumber(t.toChainId),
    to: t.destinationContract as `0x${string}`,
    data:
      t.direction === 'outbound'
        ? encodeFunctionData({ abi: WrappedToken.abi, functionName: 'mint', args: [to, amount, sourceChainId, nonce] })
        : encodeFunctionData({ abi: BridgeVault.abi, functionName: 'release', args: [to, amount, sourceChainId, nonce] }),
  };
  await noteSourceConfirmed(tx, t.id, {
    sourceTxHash: receipt.transactionHash,
    sourceBlock: receipt.blockNumber,
    sourceNonce: nonce,
    destinationTransactionId: step.id,
  });
  return [step];
}

/**
 * Writes the final state's event of a transfer finished in `tx` for the organization that started
 * it (a ledger-only transfer records no organization nor source chain: no event). @returns what
 * enqueues its deliveries after the commit
 */
async function recordFinalEvent(tx: RawSql, id: string, source: OutboxState, destination: OutboxState) {
  const t = (await lockTransfer(tx, id))!;
  if (!t.organizationId || !t.fromChainId || (t.status !== 'completed' && t.status !== 'failed')) return undefined;
  const type = t.status === 'completed' ? 'bridge_transfer.completed' : 'bridge_transfer.failed';
  const dto = toBridgeTransferDto(t, t.fromChainId, source, destination, null);
  return deliverAfterCommit(await recordEvent(tx, t.organizationId, type, { bridgeTransfer: dto }));
}

/** The source leg reverted or was refused before any nonce was spent: nothing moved, the transfer fails. */
async function sourceFailed(tx: RawSql, row: LegRow, reason: string) {
  const t = await lockTransfer(tx, row.reference);
  if (!t || t.status !== 'initiated') return;
  await finishTransfer(tx, t.id, {
    status: 'failed',
    sourceTxHash: row.txHash,
    relayTxHash: null,
    failureReason: `source: ${reason}`.slice(0, MAX_REASON),
  });
  return { afterCommit: await recordFinalEvent(tx, t.id, { status: 'failed', txHash: row.txHash }, null) };
}

/** The destination leg is final and successful: the transfer is completed. */
async function destinationConfirmed(tx: RawSql, row: LegRow, receipt: TransactionReceipt) {
  const t = await lockTransfer(tx, attemptBase(row.reference));
  if (!t || t.status !== 'relaying') return;
  await finishTransfer(tx, t.id, { status: 'completed', relayTxHash: receipt.transactionHash, failureReason: null });
  return { afterCommit: await recordFinalEvent(tx, t.id, null, { status: 'confirmed', txHash: receipt.transactionHash }) };
}

/**
 * The destination leg reverted or was refused: the transfer fails with the tokens still locked or
 * burned on the source chain. Once an operator has removed the cause, {@link retryBridgeDestination}
 * sends the leg again (docs/chain.md, "The bridge"); the contracts let a mint or release of the same
 * (source chain, nonce) through exactly once.
 */
async function destinationFailed(tx: RawSql, row: LegRow, reason: string) {
  const t = await lockTransfer(tx, attemptBase(row.reference));
  if (!t || t.status !== 'relaying') return;
  await finishTransfer(tx, t.id, {
    status: 'failed',
    relayTxHash: row.txHash,
    failureReason:
      `destination: ${reason}; the tokens are still ${t.direction === 'outbound' ? 'locked' : 'burned'} on ${t.fromChainId}`.slice(
        0,
        MAX_REASON,
      ),
  });
  return { afterCommit: await recordFinalEvent(tx, t.id, null, { status: 'failed', txHash: row.txHash }) };
}

/**
 * An operator's retry of a failed transfer's destination leg (`pnpm admin bridge:retry`), once the
 * cause is removed: the relayer out of gas on the destination chain, its role revoked, the
 * contract paused. In one transaction: a new outbox row that makes the same call as the failed leg
 * (`mint` or `release` of the same recipient, amount, source chain and nonce) under the reference
 * `<transfer id>#<n>` (the outbox keeps one row per reference: `recordAttemptAgain`), and
 * the transfer back to `relaying` with that row as its destination leg; after the commit the row
 * is queued. Its outcome then completes the transfer (`bridge_transfer.completed`, after the
 * earlier `bridge_transfer.failed`) or fails it again. The contracts refuse a second mint or
 * release of the same (source chain, nonce), so a retry can never move the tokens twice: if an
 * earlier leg did go through, the retry is refused before sending and the transfer fails again.
 * Nothing in the ledger moves: the tokens stayed locked or burned on the source chain.
 * @returns the transfer as its wallet reads it
 * @throws AppError('not-found') no such transfer
 * @throws AppError('invalid-state') 409 when the transfer did not fail after its source leg was
 *   final (`reason` says why): still in flight, completed, or failed with nothing moved
 */
export async function retryBridgeDestination(
  ctx: Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>,
  transferId: string,
): Promise<BridgeTransferDto> {
  assertUuidOrNotFound(transferId, 'No such bridge transfer');
  const { recorded, transfer } = await withTransaction(ctx.prisma, async (tx) => {
    const t = await lockTransfer(tx, transferId);
    if (!t) throw new AppError('not-found', 'No such bridge transfer');
    const refuse = (reason: string) => new AppError('invalid-state', `Bridge transfer ${t.id} cannot be retried: ${reason}`, { reason });
    if (t.status !== 'failed') throw refuse(`it is ${t.status}`);
    if (!t.destinationTransactionId) throw refuse('its source leg failed, so nothing moved and there is nothing to relay');
    const leg = await recordAttemptAgain(ctx, tx, t.destinationTransactionId, t.id);
    if (!leg) throw refuse('its destination leg has not failed');
    await reopenRelay(tx, t.id, leg.id);
    return { recorded: leg, transfer: (await lockTransfer(tx, t.id))! };
  });
  await runAfterCommit(ctx, [dispatchAfterCommit(recorded)]);
  return toBridgeTransferDto(transfer, homeChainOf(ctx.chains).caip2, null, { status: 'queued', txHash: null }, null);
}

/** The outcomes of a source leg (it writes the destination leg) and of a destination leg (it finishes the transfer). */
const sourceLeg = { confirmed: sourceConfirmed, failed: sourceFailed };
const destinationLeg = { confirmed: destinationConfirmed, failed: destinationFailed };
export const bridgeLockTransactions: ChainTransactionKind = { kind: BRIDGE_KINDS.lock, ...sourceLeg };
export const bridgeBurnTransactions: ChainTransactionKind = { kind: BRIDGE_KINDS.burn, ...sourceLeg };
export const bridgeMintTransactions: ChainTransactionKind = { kind: BRIDGE_KINDS.mint, ...destinationLeg };
export const bridgeReleaseTransactions: ChainTransactionKind = { kind: BRIDGE_KINDS.release, ...destinationLeg };

/**
 * The lock from the custodial balance (a custody outflow of purpose `bridge`): once its call is
 * final the ledger has moved the amount out of custody (in flight → issuance), then the source
 * leg's outcome writes the mint; refused or reverted, the amount is back in the custodial balance
 * and the transfer fails.
 */
export const bridgeCustodyLocks = custodyOutflowKind({
  purpose: 'bridge',
  kind: BRIDGE_KINDS.custodyLock,
  confirmed: (tx, outflow, receipt) =>
    sourceConfirmed(tx, { reference: outflow.id, toAddress: outflow.callTo!, txHash: receipt.transactionHash }, receipt),
  failed: (tx, outflow, reason) =>
    sourceFailed(
      tx,
      { reference: outflow.id, toAddress: outflow.callTo ?? '', txHash: outflow.txHash },
      `${reason}; the amount is back in the custodial balance`,
    ),
});
