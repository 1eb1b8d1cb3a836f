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
