import { z } from 'zod';
import { EX, amount, amountSchema, dateTime, idParam, listQuerySchema, page, symbol, units, uuid } from '@gw/runtime';

/**
 * The staking contract (issue #3): request and response schemas of staking (`/staking/...`) and
 * farming (`/farming/pools`). Amounts are strings of integer base units; timestamps are ISO 8601
 * UTC. Unknown body fields and query parameters are 400.
 */

// --- requests -----------------------------------------------------------------------------------

export const stakeBody = z.strictObject({
  amount: amountSchema,
  /** Days before the principal can be unstaked; default 0 (unstake at any time). */
  /** Upper bound checked against STAKING_MAX_LOCK_DAYS by the service. */
  lockDays: z.number().int().min(0).max(3650).default(0).meta({
    description: 'Days before the principal can be unstaked, 0 to STAKING_MAX_LOCK_DAYS (365 by default); default 0',
    example: 30,
  }),
});

export const listPositionsQuery = listQuerySchema;
export const listPoolsQuery = listQuerySchema;

export const positionIdParam = idParam('staking position', EX.positionId);

// --- responses ----------------------------------------------------------------------------------

/**
 * A staking position as the API shows it. Amounts are strings of integer base units.
 * `accruedReward` is computed at `now` for an active position; for an unstaked one it is the
 * reward paid at unstake.
 */
export const StakingPosition = z
  .object({
    id: uuid(),
    token: symbol(),
    principal: amount(),
    aprBps: z.number().int().min(0).meta({ description: 'Annual reward rate in basis points (1200 = 12 %), fixed for the position' }),
    lockDays: z.number().int().min(0),
    lockedUntil: dateTime(),
    startedAt: dateTime(),
    accruedReward: units().meta({ description: 'Reward accrued up to now (active) or paid at unstake (unstaked)' }),
    status: z.enum(['active', 'unstaked']),
    unstakedAt: dateTime().nullable(),
    rewardPaid: units().nullable(),
  })
  .meta({ id: 'StakingPosition' });
export type StakingPositionDto = z.infer<typeof StakingPosition>;
export const StakingPositionPage = page('StakingPositionPage', StakingPosition, "The wallet's active positions, newest first");

/** A farming pool as the API shows it; `totalValueLocked` in base units of the native token. */
export const FarmingPool = z
  .object({
    id: uuid(),
    name: z.string(),
    tokenPair: z
      .array(z.string())
      .length(2)
      .meta({ description: 'The two token symbols of the pool', example: ['GTK', 'USDC'] }),
    aprBps: z.number().int().min(0),
    totalValueLocked: units().meta({ description: 'In base units of the native token' }),
  })
  .meta({ id: 'FarmingPool' });
export type FarmingPoolDto = z.infer<typeof FarmingPool>;
export const FarmingPoolPage = page('FarmingPoolPage', FarmingPool, 'Active farming pools, newest first');

// --- examples -----------------------------------------------------------------------------------

const position = {
  id: EX.positionId,
  token: 'GTK',
  principal: '10000000000000000000',
  aprBps: 1200,
  lockDays: 30,
  lockedUntil: '2026-12-21T17:00:00.000Z',
  startedAt: EX.time,
  accruedReward: '0',
  status: 'active',
  unstakedAt: null,
  rewardPaid: null,
};

/** Example answers of the API reference (validated against their schemas by the contract tests). */
export const stakingExamples = {
  position,
  unstakedPosition: {
    ...position,
    lockDays: 0,
    lockedUntil: EX.time,
    accruedReward: '98630136986301369',
    status: 'unstaked',
    unstakedAt: '2026-12-21T17:00:00.000Z',
    rewardPaid: '98630136986301369',
  },
  positionPage: { data: [{ ...position, accruedReward: '38051750380517' }], nextCursor: null },
  poolPage: {
    data: [{ id: EX.poolId, name: 'GTK/USDC', tokenPair: ['GTK', 'USDC'], aprBps: 1800, totalValueLocked: '5000000000000000000000000' }],
    nextCursor: null,
  },
};
