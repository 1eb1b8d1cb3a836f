import { type Context, AppError, isUuid } from '@gw/runtime';
import { requestFingerprint, withIdempotency } from '../idempotency/index.js';
import { getBalance, postEntry, STAKING_POOL, TREASURY } from '../ledger/index.js';
import { accruedReward } from './accrued-reward.js';
import { toStakingPositionDto, type StakingPositionDto } from './staking-position-dto.js';

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
export async function unstake(ctx: Pick<Context, 'prisma'>, input: UnstakeInput) {
  if (!isUuid(input.positionId)) throw new AppError('not-found', 'No such staking position');
  const fingerprint = requestFingerprint('staking.unstake', input.address, { positionId: input.positionId });
  return withIdempotency<StakingPositionDto>(
    ctx.prisma,
    { organizationId: input.organizationId, key: input.idempotencyKey, fingerprint },
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM staking_positions WHERE id = ${input.positionId}::uuid FOR UPDATE`;
      const position = await tx.stakingPosition.findUnique({ where: { id: input.positionId } });
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
      try {
        await postEntry(tx, {
          kind: 'unstake',
          reference: position.id,
          token: position.token,
          legs: [
            { owner: STAKING_POOL, amount: -principal },
            { owner: TREASURY, amount: -reward },
            { owner: { type: 'wallet', id: position.address }, amount: principal + reward },
          ],
        });
      } catch (err) {
        // postEntry checks balances before writing anything, so the transaction is still usable here.
        if (err instanceof AppError && err.code === 'insufficient-funds' && (await getBalance(tx, TREASURY, position.token)) < reward) {
          throw new AppError(
            'insufficient-funds',
            `The treasury cannot pay this position's reward of ${reward} base units at the moment; nothing moved and the position stays active: try again later`,
            { reason: 'treasury-short' },
          );
        }
        throw err;
      }
      const updated = await tx.stakingPosition.update({
        where: { id: position.id },
        data: { status: 'unstaked', unstakedAt: now, rewardPaid: reward.toString() },
      });
      return { statusCode: 200, body: toStakingPositionDto(updated, now) };
    },
  );
}
