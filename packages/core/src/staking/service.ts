import type { Db, FarmingPool, StakingPosition } from '@gw/db';
import { type Context, AppError, fetchPage, isUuid, type Page, type PageQuery } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { balanceOf, insufficientFunds, postEntryIfFunded, STAKING_POOL, transfer, TREASURY } from '../ledger/index.js';
import type { FarmingPoolDto, StakingPositionDto } from './contract.js';
import {
  insertStakingPosition,
  listActiveFarmingPools,
  listActivePositions,
  lockStakingPosition,
  markUnstaked,
  stakedPrincipalAt,
} from './repository.js';

// --- rewards --------------------------------------------------------------------------------------

/** Seconds in the 365-day year that APRs are quoted over. */
export const SECONDS_PER_YEAR = 31_536_000n;

/** Basis points in 100 %. */
export const BPS = 10_000n;

/**
 * Reward a staking position has accrued, exactly, in integer base units:
 * `floor(principal · aprBps · elapsedSeconds / (10 000 · 31 536 000))`, where `elapsedSeconds`
 * is the number of whole seconds from `startedAt` to `at` (0 when `at` is earlier).
 */
export function accruedReward(principal: bigint, aprBps: number, startedAt: Date, at: Date): bigint {
  const elapsedMs = at.getTime() - startedAt.getTime();
  if (elapsedMs <= 0 || principal <= 0n || aprBps <= 0) return 0n;
  const elapsedSeconds = BigInt(Math.floor(elapsedMs / 1000));
  return (principal * BigInt(aprBps) * elapsedSeconds) / (BPS * SECONDS_PER_YEAR);
}

/** The position as the API shows it: `accruedReward` up to `now` while active, the reward paid once unstaked. */
export function toStakingPositionDto(p: StakingPosition, now: Date): StakingPositionDto {
  const principal = BigInt(p.principal.toFixed(0));
  const reward = p.status === 'unstaked' ? BigInt(p.rewardPaid?.toFixed(0) ?? '0') : accruedReward(principal, p.aprBps, p.startedAt, now);
  return {
    id: p.id,
    token: p.token,
    principal: principal.toString(),
    aprBps: p.aprBps,
    lockDays: p.lockDays,
    lockedUntil: p.lockedUntil.toISOString(),
    startedAt: p.startedAt.toISOString(),
    accruedReward: reward.toString(),
    status: p.status,
    unstakedAt: p.unstakedAt?.toISOString() ?? null,
    rewardPaid: p.rewardPaid?.toFixed(0) ?? null,
  };
}

// --- stake ----------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

export interface StakeInput {
  /** Organization of the API key: the scope of the Idempotency-Key. */
  organizationId: string;
  /** Checksummed address of the JWT's wallet. */
  address: string;
  /** Principal in integer base units of the native token, > 0. */
  amount: bigint;
  /** 0..config STAKING_MAX_LOCK_DAYS; the principal can be unstaked from `startedAt + lockDays` on. */
  lockDays: number;
  idempotencyKey?: string | undefined;
}

/**
 * Opens a staking position of the native token: the principal moves from the wallet to
 * `system:staking-pool` (journal entry kind `stake`, reference = position id) in the transaction
 * that creates the position, at the configured APR (STAKING_APR_BPS; each position keeps the APR
 * it was opened with).
 * @returns 201 and the position; `replayed` when answered from the Idempotency-Key
 * @throws AppError validation-error (400), insufficient-funds (422), idempotency-key-reused (422)
 */
export async function stake(ctx: Pick<Context, 'prisma' | 'config'>, input: StakeInput) {
  if (input.amount <= 0n)
    throw new AppError('validation-error', 'amount must be positive', { errors: [{ path: 'amount', message: 'must be positive' }] });
  if (!Number.isInteger(input.lockDays) || input.lockDays < 0 || input.lockDays > ctx.config.STAKING_MAX_LOCK_DAYS) {
    throw new AppError('validation-error', `lockDays must be an integer from 0 to ${ctx.config.STAKING_MAX_LOCK_DAYS}`, {
      errors: [{ path: 'lockDays', message: `integer 0..${ctx.config.STAKING_MAX_LOCK_DAYS}` }],
    });
  }
  const token = ctx.config.NATIVE_TOKEN_SYMBOL;
  const fingerprint = requestFingerprint('staking.stake', input.address, { amount: input.amount.toString(), lockDays: input.lockDays });
  return withIdempotency<StakingPositionDto>(
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const startedAt = new Date();
      const position = await insertStakingPosition(tx, {
        address: input.address,
        token,
        principal: input.amount,
        aprBps: ctx.config.STAKING_APR_BPS,
        lockDays: input.lockDays,
        startedAt,
        lockedUntil: new Date(startedAt.getTime() + input.lockDays * DAY_MS),
      });
      await transfer(tx, {
        kind: 'stake',
        reference: position.id,
        token,
        from: { type: 'wallet', id: input.address },
        to: STAKING_POOL,
        amount: input.amount,
      });
      return { statusCode: 201, body: toStakingPositionDto(position, startedAt) };
    },
  );
}

/**
 * The wallet's active staking positions, newest first, each with its reward accrued up to `now`.
 * @throws AppError('validation-error') for a bad cursor
 */
export async function listStakingPositions(
  ctx: Pick<Context, 'prisma'>,
  address: string,
  q: PageQuery,
  now: Date = new Date(),
): Promise<Page<StakingPositionDto>> {
  return fetchPage(
    q,
    (page) => listActivePositions(ctx.prisma, address, page),
    (p) => toStakingPositionDto(p, now),
  );
}

// --- unstake --------------------------------------------------------------------------------------

export interface UnstakeInput {
  /** Organization of the API key: the scope of the Idempotency-Key. */
  organizationId: string;
  /** Checksummed address of the JWT's wallet; must own the position. */
  address: string;
  positionId: string;
  idempotencyKey?: string | undefined;
}

/**
 * Closes a staking position once its lock has passed: the principal goes back from
 * `system:staking-pool` and the accrued reward (see `accruedReward`, up to now) from
 * `system:treasury` to the wallet, as one journal entry (kind `unstake`, reference = position id)
 * in the transaction that marks the position `unstaked` (the position row is locked first, so
 * concurrent unstakes pay once).
 *
 * When the treasury cannot pay the reward, nothing moves, the position stays active, and the call
 * answers 422 `insufficient-funds` (`reason: "treasury-short"`): the caller may retry later.
 *
 * @returns 200 and the unstaked position (`rewardPaid`, `unstakedAt`)
 * @throws AppError not-found (unknown id or another wallet's position: 404), invalid-state
 *   (already unstaked, or still locked: 409), insufficient-funds (treasury short: 422)
 */
export async function unstake(ctx: Pick<Context, 'prisma' | 'config'>, input: UnstakeInput) {
  if (!isUuid(input.positionId)) throw new AppError('not-found', 'No such staking position');
  const fingerprint = requestFingerprint('staking.unstake', input.address, { positionId: input.positionId });
  return withIdempotency<StakingPositionDto>(
    ctx,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const position = await lockStakingPosition(tx, input.positionId);
      if (!position || position.address !== input.address) throw new AppError('not-found', 'No such staking position');
      if (position.status !== 'active') {
        throw new AppError('invalid-state', 'This staking position is already unstaked', { reason: 'already-unstaked' });
      }
      const now = new Date();
      if (now < position.lockedUntil) {
        throw new AppError('invalid-state', `This staking position is locked until ${position.lockedUntil.toISOString()}`, {
          reason: 'locked',
          lockedUntil: position.lockedUntil.toISOString(),
        });
      }
      const principal = BigInt(position.principal.toFixed(0));
      const reward = accruedReward(principal, position.aprBps, position.startedAt, now);
      const paid = await postEntryIfFunded(tx, {
        kind: 'unstake',
        reference: position.id,
        token: position.token,
        legs: [
          { owner: STAKING_POOL, amount: -principal },
          { owner: TREASURY, amount: -reward },
          { owner: { type: 'wallet', id: position.address }, amount: principal + reward },
        ],
      });
      if (paid === null) {
        // Nothing was written, so the transaction is still usable: say which account was short.
        if ((await balanceOf(tx, TREASURY, position.token)) < reward) {
          throw new AppError(
            'insufficient-funds',
            `The treasury cannot pay this position's reward of ${reward} base units at the moment; nothing moved and the position stays active: try again later`,
            { reason: 'treasury-short' },
          );
        }
        throw insufficientFunds(position.token);
      }
      const updated = await markUnstaked(tx, position.id, now, reward);
      return { statusCode: 200, body: toStakingPositionDto(updated, now) };
    },
  );
}

// --- farming --------------------------------------------------------------------------------------

export const toFarmingPoolDto = (p: FarmingPool): FarmingPoolDto => ({
  id: p.id,
  name: p.name,
  tokenPair: [p.tokenA, p.tokenB],
  aprBps: p.aprBps,
  totalValueLocked: p.tvl.toFixed(0),
});

/**
 * Available (active) farming pools, newest first.
 * @throws AppError('validation-error') for a bad cursor
 */
export async function listFarmingPools(ctx: Pick<Context, 'prisma'>, q: PageQuery): Promise<Page<FarmingPoolDto>> {
  return fetchPage(q, (page) => listActiveFarmingPools(ctx.prisma, page), toFarmingPoolDto);
}

/**
 * A wallet's staked principal of `token` at `at` (governance's voting power at a proposal's
 * snapshot): the sum over its positions opened at or before `at` and not unstaked by then.
 * @returns integer base units (0n when nothing was staked)
 */
export function stakedPrincipal(db: Db<'stakingPosition'>, address: string, token: string, at: Date): Promise<bigint> {
  return stakedPrincipalAt(db, address, token, at);
}
