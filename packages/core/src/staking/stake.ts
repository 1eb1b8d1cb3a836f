import { type Context, AppError } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { postEntry, STAKING_POOL } from '../ledger/index.js';
import { toStakingPositionDto, type StakingPositionDto } from './staking-position-dto.js';

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
 * @throws AppError validation-error (400), insufficient-funds (422), idempotency-key-reused (409)
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
    ctx.prisma,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      const startedAt = new Date();
      const position = await tx.stakingPosition.create({
        data: {
          address: input.address,
          token,
          principal: input.amount.toString(),
          aprBps: ctx.config.STAKING_APR_BPS,
          lockDays: input.lockDays,
          startedAt,
          lockedUntil: new Date(startedAt.getTime() + input.lockDays * DAY_MS),
        },
      });
      await postEntry(tx, {
        kind: 'stake',
        reference: position.id,
        token,
        legs: [
          { owner: { type: 'wallet', id: input.address }, amount: -input.amount },
          { owner: STAKING_POOL, amount: input.amount },
        ],
      });
      return { statusCode: 201, body: toStakingPositionDto(position, startedAt) };
    },
  );
}
