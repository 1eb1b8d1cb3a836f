import { defineRoute, idempotentReply, noBody, type Context } from '@gw/runtime';
import {
  FarmingPoolPage,
  StakingPosition,
  StakingPositionPage,
  listPoolsQuery,
  listPositionsQuery,
  positionIdParam,
  stakeBody,
  stakingExamples as ex,
} from './contract.js';
import { listFarmingPools, listStakingPositions, stake, unstake } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config'>>();

/**
 * Staking and farming (issue #3). Amounts are strings of integer base units of the native token.
 * Writes accept an `Idempotency-Key` (per organization; the fingerprint includes the JWT's wallet).
 */
export const stakingRoutes = [
  route({
    operationId: 'stake',
    method: 'post',
    path: '/gateway/v1/staking/stake',
    tag: 'Staking',
    summary: 'Stake the native token',
    description:
      "Moves `amount` from the wallet to `system:staking-pool` and opens a position earning the service's APR (`aprBps`), locked for `lockDays` (0–STAKING_MAX_LOCK_DAYS, default 0). " +
      'The reward accrues per second: `floor(principal × aprBps × seconds / (10000 × 31536000))`. A short balance is 422.',
    auth: 'gateway',
    scope: 'staking:write',
    idempotent: true,
    body: { schema: stakeBody, example: { amount: '10000000000000000000', lockDays: 30 } },
    errors: ['insufficient-funds'],
    success: [{ status: 201, description: 'The position, `active`', schema: StakingPosition, example: ex.position }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await stake(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          amount: BigInt(body.amount),
          lockDays: body.lockDays,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'listStakingPositions',
    method: 'get',
    path: '/gateway/v1/staking/positions',
    tag: 'Staking',
    summary: "The wallet's active positions",
    description: 'Active positions of the JWT wallet, newest first, each with its reward accrued up to now.',
    auth: 'gateway',
    scope: 'staking:read',
    query: listPositionsQuery,
    success: [{ status: 200, description: 'A page of positions', schema: StakingPositionPage, example: ex.positionPage }],
    handler: (deps, { query, session }) => listStakingPositions(deps, session.address, query),
  }),
  route({
    operationId: 'unstake',
    method: 'post',
    path: '/gateway/v1/staking/positions/{id}/unstake',
    tag: 'Staking',
    summary: 'Unstake a position',
    description:
      'Pays the principal (from the staking pool) and the reward (from the treasury) back to the wallet in one ledger entry. ' +
      'Still locked → 409 (`reason: "locked"`, `lockedUntil`); already unstaked → 409 (`reason: "already-unstaked"`); another wallet\'s position → 404; ' +
      'the treasury short of the reward → 422 (`reason: "treasury-short"`: nothing moved, retry later). The body is empty or `{}`.',
    auth: 'gateway',
    scope: 'staking:write',
    idempotent: true,
    params: positionIdParam,
    body: { schema: noBody, example: {}, description: 'No fields: send no body, or `{}`', required: false },
    errors: ['not-found', 'invalid-state', 'insufficient-funds'],
    problems: {
      'not-found': { detail: 'No such staking position' },
      'invalid-state': {
        detail: 'This staking position is locked until 2026-12-21T17:00:00.000Z',
        ext: { reason: 'locked', lockedUntil: '2026-12-21T17:00:00.000Z' },
      },
      'insufficient-funds': {
        detail:
          "The treasury cannot pay this position's reward of 98630136986301369 base units at the moment; nothing moved and the position stays active: try again later",
        ext: { reason: 'treasury-short' },
      },
    },
    success: [
      { status: 200, description: 'The position, `unstaked`, with `rewardPaid`', schema: StakingPosition, example: ex.unstakedPosition },
    ],
    handler: async (deps, { params, principal, session, header }) =>
      idempotentReply(
        await unstake(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          positionId: params.id,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'listFarmingPools',
    method: 'get',
    path: '/gateway/v1/farming/pools',
    tag: 'Farming',
    summary: 'Available farming pools',
    description: 'Active pools, newest first; `totalValueLocked` in base units of the native token.',
    auth: 'gateway',
    scope: 'farming:read',
    query: listPoolsQuery,
    success: [{ status: 200, description: 'A page of pools', schema: FarmingPoolPage, example: ex.poolPage }],
    handler: (deps, { query }) => listFarmingPools(deps, query),
  }),
];
