import { encodeFunctionData, getAddress, parseEventLogs, parseSignature, recoverTypedDataAddress, type TransactionReceipt } from 'viem';
import { v7 as uuidv7 } from 'uuid';
import type { Db, RawSql } from '@gw/db';
import { GatewayToken, Staking } from '@gw/contracts';
import { AppError, type Context, assertUuidOrNotFound, type SpendGuard } from '@gw/runtime';
import {
  cachedRead,
  assertDeadlineAhead,
  eip712DomainOf,
  typedDataDeadline,
  chainCall,
  chainTransactionState,
  type ChainTransactionKind,
  recordRelayedOperation,
  relayedRequest,
  homeContracts,
  PERMIT_TYPES,
  recordChainTransaction,
  type RecordedChainTransaction,
  chainProblem,
  type RelayedOperation,
  relayedStatus,
} from '../chain/index.js';
import { type CustodyOutflowRow, custodyOutflowKind, recordCustodyOutflow } from '../custody-outflows/index.js';
import {
  STAKING_TYPES,
  type FarmingPoolDto,
  type StakingOperationDto,
  type StakingPositionDto,
  type StakingTypedDataDto,
} from './schemas.js';
import { stakingProblem } from './problems.js';
import {
  findWalletStakingOperation,
  finishStakingOperation,
  hasSignedOperationInFlight,
  insertStakingOperation,
  lockWalletOperations,
  stakedPrincipalAt,
  type StakingOperationRow,
} from './repository.js';

/**
 * Staking and farming on chain. The pool is the `Staking` contract of the home chain
 * (Synthetix-style: `rewardRate` per second shared pro rata; stake and reward are the native token).
 * Positions and pools are read from the contract. Every write is a transaction of the on-chain outbox,
 * paid and sent by the relayer (the custody address):
 *
 * - stake from custody: a custody outflow of purpose `stake` (the ledger debit to
 *   `system:withdrawals-in-flight` and the outbox in one transaction; `approve(staking, …)` then
 *   `stakeFor(wallet, amount)`, kinds `stake.approve` and `stake`): the stake is the wallet's own on
 *   chain, the tokens left custody;
 * - stake by permit: `stakeWithPermit(wallet, amount, deadline, v, r, s)` (kind `stake-permit`): the
 *   wallet's own tokens, never in custody;
 * - unstake and claim: the wallet's EIP-712 `Withdraw` / `GetReward` relayed as `withdrawBySig` /
 *   `getRewardBySig` (kinds `stake-withdraw`, `stake-claim`): the tokens go to the wallet's address,
 *   not to custody, and nothing is credited in the ledger.
 *
 * Signatures are checked before anything is written (422), and a short balance too (422).
 */

type Ctx = Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>;
type ReadCtx = Pick<Context, 'prisma' | 'config' | 'chains'>;

/** Outbox kinds of the staking operations (their `reference` is the operation id). */
export const STAKING_KINDS = {
  stake: 'stake',
  stakeApprove: 'stake.approve',
  permit: 'stake-permit',
  unstake: 'stake-withdraw',
  claim: 'stake-claim',
} as const;

/** Seconds in a (365-day) year: the APR's factor. */
export const SECONDS_PER_YEAR = 31_536_000n;

const stakingAbi = Staking.abi;
const tokenAbi = GatewayToken.abi;

/** The home chain, its Staking contract and token, and a client. @throws AppError chain-unavailable */
const pool = (ctx: ReadCtx) => homeContracts(ctx, ['staking', 'token']);

type Pool = Awaited<ReturnType<typeof pool>>;

/**
 * APR in basis points (rounded down) of a pool whose stake and reward are the same token:
 * rewardRate × 31,536,000 × 10,000 ÷ totalStaked.
 * @returns null when nothing is staked
 */
export function aprBps(rewardRate: bigint, totalStaked: bigint): number | null {
  if (totalStaked === 0n) return null;
  return Number((rewardRate * SECONDS_PER_YEAR * 10_000n) / totalStaked);
}

/**
 * The farming pools (the home chain's staking contract), read in one JSON-RPC batch and cached
 * CHAIN_READ_CACHE_MS: staked total, reward rate (base units per second), funded reward balance, APR.
 * @throws AppError chain-unavailable (503: no chain, no deployment, or the node is slow or down)
 */
export async function listFarmingPools(ctx: ReadCtx): Promise<{ object: 'list'; data: FarmingPoolDto[] }> {
  const p = await pool(ctx);
  return cachedRead(ctx, `staking-pool:${p.chain.chainId}:${p.staking}`, async () => {
    const read = (functionName: 'totalSupply' | 'rewardRate' | 'rewardBalance') =>
      p.pub.readContract({ address: p.staking, abi: stakingAbi, functionName });
    const [totalStaked, rewardRate, rewardBalance] = await chainCall(p.chain, () =>
      Promise.all([read('totalSupply'), read('rewardRate'), read('rewardBalance')]),
    );
    return {
      object: 'list' as const,
      data: [
        {
          object: 'farming_pool' as const,
          chain: p.chain.caip2,
          address: p.staking,
          stakingToken: p.token,
          rewardsToken: p.token,
          token: ctx.config.NATIVE_TOKEN_SYMBOL,
          totalStaked: totalStaked.toString(),
          rewardRate: rewardRate.toString(),
          rewardBalance: rewardBalance.toString(),
          aprBps: aprBps(rewardRate, totalStaked),
        },
      ],
    };
  });
}

/**
 * The wallet's positions, read from the contract in one JSON-RPC batch and cached
 * CHAIN_READ_CACHE_MS: staked balance, rewards earned and not claimed, the signature nonce.
 * @param address the JWT's wallet
 * @throws AppError chain-unavailable (503)
 */
export async function listStakingPositions(ctx: ReadCtx, address: string): Promise<{ object: 'list'; data: StakingPositionDto[] }> {
  const p = await pool(ctx);
  const owner = getAddress(address);
  return cachedRead(ctx, `staking-position:${p.chain.chainId}:${p.staking}:${owner}`, async () => {
    const read = (functionName: 'balanceOf' | 'earned' | 'nonces') =>
      p.pub.readContract({ address: p.staking, abi: stakingAbi, functionName, args: [owner] });
    const [staked, earned, nonce] = await chainCall(p.chain, () => Promise.all([read('balanceOf'), read('earned'), read('nonces')]));
    return {
      object: 'list' as const,
      data: [
        {
          object: 'staking_position' as const,
          chain: p.chain.caip2,
          pool: p.staking,
          address: owner,
          token: ctx.config.NATIVE_TOKEN_SYMBOL,
          staked: staked.toString(),
          earned: earned.toString(),
          nonce: nonce.toString(),
        },
      ],
    };
  });
}

/** The signing contract's EIP-712 domain (ERC-5267) and what the checks need of `owner`, read now (never cached). */
async function signingState(ctx: ReadCtx, owner: `0x${string}`, action: 'stake' | 'unstake' | 'claim') {
  const p = await pool(ctx);
  const signer = action === 'stake' ? p.token : p.staking;
  const abi = action === 'stake' ? tokenAbi : stakingAbi;
  const [domain, nonce, balance, earned] = await chainCall(p.chain, () =>
    Promise.all([
      p.pub.readContract({ address: signer, abi, functionName: 'eip712Domain' }),
      p.pub.readContract({ address: signer, abi, functionName: 'nonces', args: [owner] }),
      // stake: the wallet's tokens; unstake: its stake
      p.pub.readContract({ address: signer, abi, functionName: 'balanceOf', args: [owner] }),
      action === 'claim' ? p.pub.readContract({ address: p.staking, abi: stakingAbi, functionName: 'earned', args: [owner] }) : 0n,
    ]),
  );
  return { ...p, nonce, balance, earned, domain: eip712DomainOf(domain) };
}

type Signing = Awaited<ReturnType<typeof signingState>>;

/** The typed data of `action` for `owner`, with bigint values (to sign or to recover). */
function typedDataOf(s: Signing, action: 'stake' | 'unstake' | 'claim', owner: `0x${string}`, amount: bigint, deadline: bigint) {
  if (action === 'stake')
    return {
      domain: s.domain,
      types: { Permit: PERMIT_TYPES.Permit },
      primaryType: 'Permit' as const,
      message: { owner, spender: s.staking, value: amount, nonce: s.nonce, deadline },
    };
  if (action === 'unstake')
    return {
      domain: s.domain,
      types: { Withdraw: STAKING_TYPES.Withdraw },
      primaryType: 'Withdraw' as const,
      message: { owner, amount, nonce: s.nonce, deadline },
    };
  return {
    domain: s.domain,
    types: { GetReward: STAKING_TYPES.GetReward },
    primaryType: 'GetReward' as const,
    message: { owner, nonce: s.nonce, deadline },
  };
}

/**
 * The EIP-712 typed data the wallet signs: `stake` → the token's EIP-2612 `Permit` with the staking
 * contract as spender; `unstake` → the staking contract's `Withdraw`; `claim` → its `GetReward`; each
 * with the current nonce (read now) and a deadline one hour ahead.
 * @param amount base units (> 0) for `stake` and `unstake`; ignored for `claim`
 * @throws AppError validation-error (400: amount missing), chain-unavailable (503)
 */
export async function stakingTypedData(
  ctx: ReadCtx,
  address: string,
  action: 'stake' | 'unstake' | 'claim',
  amount: bigint | undefined,
): Promise<StakingTypedDataDto> {
  if (action !== 'claim' && (amount === undefined || amount <= 0n))
    throw new AppError('validation-error', `amount is required for ${action}`, { errors: [{ path: 'amount', message: 'required' }] });
  const owner = getAddress(address);
  const s = await signingState(ctx, owner, action);
  const deadline = typedDataDeadline();
  const td = typedDataOf(s, action, owner, amount ?? 0n, deadline);
  const types = Object.fromEntries(
    Object.entries(td.types).map(([k, fields]) => [k, (fields as readonly { name: string; type: string }[]).map((f) => ({ ...f }))]),
  );
  return {
    object: 'staking_typed_data',
    action,
    chain: s.chain.caip2,
    pool: s.staking,
    typedData: {
      domain: td.domain,
      types,
      primaryType: td.primaryType,
      message: Object.fromEntries(Object.entries(td.message).map(([k, v]) => [k, String(v)])),
    },
  };
}

/**
 * Checks a signed authorisation before anything is written: deadline at least 60 s ahead, the
 * signature recovers to `owner` for the current nonce, this amount and deadline.
 * @throws AppError invalid-permit (stake) or invalid-signature (unstake, claim), 422, with `field` and `nonce`
 */
async function checkSignature(
  s: Signing,
  action: 'stake' | 'unstake' | 'claim',
  owner: `0x${string}`,
  amount: bigint,
  deadline: number,
  signature: `0x${string}`,
) {
  const problem = (detail: string, extensions: Record<string, unknown>) =>
    action === 'stake'
      ? chainProblem('invalid-permit', detail, extensions)
      : stakingProblem('invalid-staking-signature', detail, extensions);
  assertDeadlineAhead(deadline, "The signature's deadline", (detail) => problem(detail, { field: 'deadline' }));
  const signer = await recoverTypedDataAddress({ ...typedDataOf(s, action, owner, amount, BigInt(deadline)), signature } as never).catch(
    () => null,
  );
  if (signer === null || getAddress(signer) !== owner)
    throw problem(`The signature is not the wallet's ${action} authorisation with nonce ${s.nonce} and deadline ${deadline}`, {
      field: 'signature',
      nonce: s.nonce.toString(),
    });
}

const toDto = (o: StakingOperationRow, chainRow: { status: string; txHash: string | null } | null): StakingOperationDto => ({
  id: o.id,
  object: 'staking_operation',
  type: o.type,
  source: o.source,
  status: relayedStatus(o, chainRow),
  chain: `eip155:${o.chainId}`,
  pool: o.pool,
  address: o.address,
  token: o.token,
  amount: o.amount?.toString() ?? null,
  txHash: o.txHash ?? chainRow?.txHash ?? null,
  failureReason: o.failureReason,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
});

export type StakeInput = {
  organizationId: string;
  /** Checksummed address of the JWT's wallet: the staker on chain. */
  address: string;
  /** Base units, > 0. */
  amount: bigint;
  idempotencyKey?: string | undefined;
  /** An AI connector's grant limits, charged with a stake from custody in its transaction. */
  spendGuard?: SpendGuard | undefined;
} & ({ source: 'custody' } | { source: 'permit'; /** unix seconds */ deadline: number; signature: `0x${string}` });

export interface SignedInput {
  organizationId: string;
  address: string;
  /** Unix seconds. */
  deadline: number;
  signature: `0x${string}`;
  idempotencyKey?: string | undefined;
}

/** One signed operation (permit, unstake, claim) per wallet in flight: their nonces are sequential. */
async function assertNoneInFlight(tx: RawSql, organizationId: string, owner: string) {
  await lockWalletOperations(tx, owner);
  if (await hasSignedOperationInFlight(tx, organizationId, owner))
    throw new AppError('invalid-state', 'Another signed staking operation of this wallet is in flight; retry once it is final', {
      reason: 'staking-operation-in-flight',
    });
}

/**
 * Writes the wallet's operation on the pool (`pending`, in the native token) beside its outbox
 * row(s), in the Idempotency-Key's transaction: the 202 answer.
 */
async function acceptOperation(
  ctx: Ctx,
  tx: RawSql,
  p: Pool,
  recorded: RecordedChainTransaction | null,
  op: Pick<StakingOperationRow, 'id' | 'organizationId' | 'address' | 'type' | 'source' | 'amount' | 'chainTransactionId'>,
): Promise<RelayedOperation<StakingOperationDto>> {
  const row = await insertStakingOperation(tx, { ...op, chainId: p.chain.chainId, pool: p.staking, token: ctx.config.NATIVE_TOKEN_SYMBOL });
  return { statusCode: 202, body: toDto(row, null), recorded };
}

/**
 * Stakes `amount` for the JWT's wallet:
 * - `custody`: from its custodial balance, as a custody outflow (one transaction: the ledger debit to
 *   `system:withdrawals-in-flight`, the operation, the outbox's `approve(staking, …)`; then
 *   `stakeFor(wallet, amount)`); a failure on chain credits the amount back once;
 * - `permit`: the wallet's own tokens on chain, by its EIP-2612 permit to the staking contract
 *   (checked first: signature, deadline, on-chain balance), relayed as `stakeWithPermit`.
 * @returns 202 and the operation (`pending`); `replayed` when answered from the Idempotency-Key
 * @throws AppError validation-error (400), insufficient-funds (422: custodial or on-chain balance),
 *   invalid-permit (422), invalid-state (409: a signed operation of the wallet in flight),
 *   chain-unavailable (503), idempotency-key-reused (422)
 */
export async function stake(ctx: Ctx, input: StakeInput) {
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  const owner = getAddress(input.address);
  const p = await pool(ctx);
  const token = ctx.config.NATIVE_TOKEN_SYMBOL;
  return recordRelayedOperation<StakingOperationDto>(
    ctx,
    relayedRequest(input, 'staking.stake', owner, {
      source: input.source,
      amount: input.amount.toString(),
      ...(input.source === 'permit' ? { deadline: input.deadline, signature: input.signature.toLowerCase() } : {}),
    }),
    async (tx) => {
      let recorded: RecordedChainTransaction | null;
      const id = uuidv7();
      let chainTransactionId: string;
      if (input.source === 'custody') {
        const out = await recordCustodyOutflow(ctx, tx, {
          kind: stakeOutflows,
          id,
          organizationId: input.organizationId,
          address: owner,
          amount: input.amount,
          token,
          chainId: p.chain.chainId,
          approve: p.staking,
          call: { to: p.staking, data: encodeFunctionData({ abi: stakingAbi, functionName: 'stakeFor', args: [owner, input.amount] }) },
        });
        await input.spendGuard?.charge(tx, { action: 'staking.stake', reference: id, recipient: owner, token, amount: input.amount });
        recorded = out.recorded;
        chainTransactionId = out.outflow.chainTransactionId;
      } else {
        await assertNoneInFlight(tx, input.organizationId, owner);
        const s = await signingState(ctx, owner, 'stake');
        await checkSignature(s, 'stake', owner, input.amount, input.deadline, input.signature);
        if (s.balance < input.amount)
          throw new AppError(
            'insufficient-funds',
            `The wallet holds ${s.balance} base units on ${p.chain.caip2}, less than ${input.amount}`,
            {
              reason: 'wallet balance on chain',
            },
          );
        const { v, r, s: sig } = parseSignature(input.signature);
        recorded = await recordChainTransaction(ctx, tx, {
          kind: STAKING_KINDS.permit,
          reference: id,
          chainId: p.chain.chainId,
          to: p.staking,
          data: encodeFunctionData({
            abi: stakingAbi,
            functionName: 'stakeWithPermit',
            args: [owner, input.amount, BigInt(input.deadline), Number(v ?? 27n), r, sig],
          }),
        });
        chainTransactionId = recorded.id;
      }
      return acceptOperation(ctx, tx, p, recorded, {
        id,
        organizationId: input.organizationId,
        address: owner,
        type: 'stake',
        source: input.source,
        amount: input.amount,
        chainTransactionId,
      });
    },
  );
}

/**
 * Relays the wallet's signed unstake (`Withdraw`) or claim (`GetReward`): checked first (deadline,
 * signature for the contract's current nonce; unstake: the stake covers `amount`; claim: rewards
 * accrued), then the operation and its outbox row in one transaction.
 */
async function relaySigned(ctx: Ctx, action: 'unstake' | 'claim', input: SignedInput & { amount?: bigint }) {
  const owner = getAddress(input.address);
  const p = await pool(ctx);
  const amount = input.amount ?? 0n;
  if (action === 'unstake' && amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  return recordRelayedOperation<StakingOperationDto>(
    ctx,
    relayedRequest(input, `staking.${action}`, owner, {
      amount: amount.toString(),
      deadline: input.deadline,
      signature: input.signature.toLowerCase(),
    }),
    async (tx) => {
      await assertNoneInFlight(tx, input.organizationId, owner);
      const s = await signingState(ctx, owner, action);
      await checkSignature(s, action, owner, amount, input.deadline, input.signature);
      if (action === 'unstake' && s.balance < amount)
        throw new AppError('insufficient-funds', `The wallet has ${s.balance} base units staked, less than ${amount}`, { reason: 'stake' });
      if (action === 'claim' && s.earned === 0n)
        throw new AppError('insufficient-funds', 'The wallet has no rewards to claim', { reason: 'rewards' });
      const id = uuidv7();
      const recorded = await recordChainTransaction(ctx, tx, {
        kind: action === 'unstake' ? STAKING_KINDS.unstake : STAKING_KINDS.claim,
        reference: id,
        chainId: p.chain.chainId,
        to: p.staking,
        data:
          action === 'unstake'
            ? encodeFunctionData({
                abi: stakingAbi,
                functionName: 'withdrawBySig',
                args: [owner, amount, BigInt(input.deadline), input.signature],
              })
            : encodeFunctionData({
                abi: stakingAbi,
                functionName: 'getRewardBySig',
                args: [owner, BigInt(input.deadline), input.signature],
              }),
      });
      return acceptOperation(ctx, tx, p, recorded, {
        id,
        organizationId: input.organizationId,
        address: owner,
        type: action,
        source: null,
        amount: action === 'unstake' ? amount : null,
        chainTransactionId: recorded.id,
      });
    },
  );
}

/**
 * Unstakes `amount` (base units) of the JWT wallet's stake by its EIP-712 `Withdraw` signature: the
 * tokens go to the wallet's own address on chain (not to custody).
 * @throws AppError invalid-staking-signature (422), insufficient-funds (422: the stake is smaller),
 *   invalid-state (409), chain-unavailable (503), idempotency-key-reused (422)
 */
export function unstake(ctx: Ctx, input: SignedInput & { amount: bigint }) {
  return relaySigned(ctx, 'unstake', input);
}

/**
 * Claims the JWT wallet's rewards by its EIP-712 `GetReward` signature: paid to the wallet's own
 * address on chain; the operation's `amount` is the reward paid, once confirmed.
 * @throws AppError invalid-staking-signature (422), insufficient-funds (422: nothing accrued), invalid-state
 *   (409), chain-unavailable (503), idempotency-key-reused (422)
 */
export function claim(ctx: Ctx, input: SignedInput) {
  return relaySigned(ctx, 'claim', input);
}

/**
 * A staking operation of the JWT's wallet in the caller's organization; any other id answers 404.
 * @throws AppError not-found
 */
export async function getStakingOperation(
  ctx: Pick<Context, 'prisma'>,
  organizationId: string,
  address: string,
  id: string,
): Promise<StakingOperationDto> {
  assertUuidOrNotFound(id, 'No such staking operation');
  const row = await findWalletStakingOperation(ctx.prisma, organizationId, getAddress(address), id);
  if (!row) throw new AppError('not-found', 'No such staking operation');
  const chainRow = row.status === 'pending' ? await chainTransactionState(ctx, row.chainTransactionId) : null;
  return toDto(row, chainRow);
}

/** A stake from custody: the custody outflow moved the money; the operation follows its outcome. */
export const stakeOutflows = custodyOutflowKind({
  purpose: 'stake',
  kind: STAKING_KINDS.stake,
  async confirmed(tx: RawSql, o: CustodyOutflowRow, receipt: TransactionReceipt) {
    await finishStakingOperation(tx, o.id, { status: 'confirmed', txHash: receipt.transactionHash, failureReason: null });
  },
  async failed(tx: RawSql, o: CustodyOutflowRow, reason: string) {
    await finishStakingOperation(tx, o.id, { status: 'failed', txHash: o.txHash, failureReason: reason });
  },
});

/** The outcome of a relayed stake by permit, unstake or claim: the operation is final (no ledger money moves). */
const signedOutcome = (kind: string): ChainTransactionKind => ({
  kind,
  async confirmed(tx: RawSql, row, receipt: TransactionReceipt) {
    // A claim's amount is the reward the contract paid (its RewardPaid log; none when 0).
    const paid =
      kind === STAKING_KINDS.claim
        ? parseEventLogs({ abi: stakingAbi, eventName: 'RewardPaid', logs: receipt.logs }).reduce((sum, l) => sum + l.args.reward, 0n)
        : undefined;
    await finishStakingOperation(tx, row.reference, {
      status: 'confirmed',
      txHash: receipt.transactionHash,
      failureReason: null,
      amount: paid,
    });
  },
  async failed(tx: RawSql, row, reason: string) {
    await finishStakingOperation(tx, row.reference, { status: 'failed', txHash: row.txHash, failureReason: reason });
  },
});
export const stakePermitTransactions = signedOutcome(STAKING_KINDS.permit);
export const unstakeTransactions = signedOutcome(STAKING_KINDS.unstake);
export const claimTransactions = signedOutcome(STAKING_KINDS.claim);

/**
 * Legacy: a wallet's staked principal in the ledger positions at `at`, governance's voting
 * power until governance moves to on-chain votes (kept only for that import; nothing writes these
 * positions any more).
 * @returns integer base units
 */
export function stakedPrincipal(db: Db<'stakingPosition'>, address: string, token: string, at: Date): Promise<bigint> {
  return stakedPrincipalAt(db, address, token, at);
}
