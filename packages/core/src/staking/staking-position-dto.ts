import type { StakingPosition } from '@gw/db';
import { accruedReward } from './accrued-reward.js';

/**
 * A staking position as the API shows it. Amounts are strings of integer base units.
 * `accruedReward` is computed at `now` for an active position; for an unstaked one it is the
 * reward paid at unstake.
 */
export interface StakingPositionDto {
  id: string;
  token: string;
  principal: string;
  aprBps: number;
  lockDays: number;
  lockedUntil: string;
  startedAt: string;
  accruedReward: string;
  status: 'active' | 'unstaked';
  unstakedAt: string | null;
  rewardPaid: string | null;
}

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
