import { defineRoute, idempotentReply, type Context } from '@gw/runtime';
import {
  claimBody,
  FarmingPoolList,
  operationIdParam,
  StakingOperation,
  StakingPositionList,
  StakingTypedData,
  stakeBody,
  stakingExamples as ex,
  typedDataQuery,
  unstakeBody,
} from './schemas.js';
import { claim, getStakingOperation, listFarmingPools, listStakingPositions, stake, stakingTypedData, unstake } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>>();

const ASYNC =
  'Relayed through the on-chain outbox (the gateway pays the gas); poll `GET /staking/operations/{id}` (`pending`, `submitted`, `confirmed`, `failed`). ';

/**
 * Staking and farming on the home chain's staking contract (docs/chain.md, "Staking").
 * Amounts are strings of integer base units of the native token; writes accept an `Idempotency-Key`.
 */
export const stakingRoutes = [
  route({
    operationId: 'stake',
    method: 'post',
    path: '/gateway/v1/staking/stake',
    tag: 'Staking',
    summary: 'Stake the native token on chain',
    description:
      "`source: custody` stakes `amount` of the JWT wallet's custodial balance: the debit and the on-chain `stakeFor(wallet, amount)` (after the custody address's `approve`) are one change; a failure on chain credits it back once. " +
      "`source: permit` stakes the wallet's own tokens by its EIP-2612 permit to the staking contract (typed data: `GET /staking/typed-data?action=stake`), relayed as `stakeWithPermit`. " +
      "Either way the stake is the wallet's own on chain: only its signature (or itself) can unstake, to its own address. " +
      ASYNC +
      'Checked before anything is written: a short custodial or on-chain balance → 422 `insufficient-funds`, a bad permit → 422 `invalid-permit`.',
    auth: 'gateway',
    scope: 'staking:write',
    idempotent: true,
    body: { schema: stakeBody, example: { source: 'custody', amount: '10000000000000000000' } },
    errors: ['insufficient-funds', 'invalid-permit', 'invalid-state', 'chain-unavailable'],
    success: [{ status: 202, description: 'Accepted: the operation, `pending`', schema: StakingOperation, example: ex.pending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await stake(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          amount: BigInt(body.amount),
          idempotencyKey: header('idempotency-key'),
          spendGuard: principal.spendGuard,
          ...(body.source === 'permit'
            ? { source: 'permit' as const, deadline: body.deadline, signature: body.signature as `0x${string}` }
            : { source: 'custody' as const }),
        }),
      ),
  }),
  route({
    operationId: 'unstake',
    method: 'post',
    path: '/gateway/v1/staking/unstake',
    tag: 'Staking',
    summary: 'Unstake by the wallet’s signature',
    description:
      "Relays the JWT wallet's EIP-712 `Withdraw` signature (typed data: `GET /staking/typed-data?action=unstake`) as `withdrawBySig`: `amount` of its stake goes to the wallet's own address on chain, not back to custody. " +
      ASYNC +
      'A bad signature → 422 `invalid-staking-signature`; a stake smaller than `amount` → 422 `insufficient-funds`; nothing is written then.',
    auth: 'gateway',
    scope: 'staking:write',
    idempotent: true,
    body: { schema: unstakeBody, example: { amount: '10000000000000000000', deadline: 1795800000, signature: `0x${'ab'.repeat(65)}` } },
    errors: ['insufficient-funds', 'invalid-staking-signature', 'invalid-state', 'chain-unavailable'],
    success: [{ status: 202, description: 'Accepted: the operation, `pending`', schema: StakingOperation, example: ex.pending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await unstake(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          amount: BigInt(body.amount),
          deadline: body.deadline,
          signature: body.signature as `0x${string}`,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'claimStakingRewards',
    method: 'post',
    path: '/gateway/v1/staking/claim',
    tag: 'Staking',
    summary: 'Claim rewards by the wallet’s signature',
    description:
      "Relays the JWT wallet's EIP-712 `GetReward` signature (typed data: `GET /staking/typed-data?action=claim`) as `getRewardBySig`: its rewards are paid to its own address on chain; the operation's `amount` is the reward paid, once confirmed. " +
      ASYNC +
      'A bad signature → 422 `invalid-staking-signature`; no rewards accrued → 422 `insufficient-funds`.',
    auth: 'gateway',
    scope: 'staking:write',
    idempotent: true,
    body: { schema: claimBody, example: { deadline: 1795800000, signature: `0x${'ab'.repeat(65)}` } },
    errors: ['insufficient-funds', 'invalid-staking-signature', 'invalid-state', 'chain-unavailable'],
    success: [{ status: 202, description: 'Accepted: the operation, `pending`', schema: StakingOperation, example: ex.pending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await claim(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          deadline: body.deadline,
          signature: body.signature as `0x${string}`,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'getStakingTypedData',
    method: 'get',
    path: '/gateway/v1/staking/typed-data',
    tag: 'Staking',
    summary: 'What the wallet signs to stake by permit, unstake or claim',
    description:
      "The EIP-712 typed data for the JWT wallet: `action=stake` the token's EIP-2612 `Permit` (spender: the staking contract), `action=unstake` the staking contract's `Withdraw`, `action=claim` its `GetReward`; " +
      "each with the signing contract's own domain (ERC-5267), the wallet's current nonce (read now, never cached) and a deadline one hour ahead. `amount` is required for `stake` and `unstake`.",
    auth: 'gateway',
    scope: 'staking:write',
    query: typedDataQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'The typed data to sign', schema: StakingTypedData, example: ex.typedData }],
    handler: (deps, { query, session }) =>
      stakingTypedData(deps, session.address, query.action, query.amount === undefined ? undefined : BigInt(query.amount)),
  }),
  route({
    operationId: 'getStakingOperation',
    method: 'get',
    path: '/gateway/v1/staking/operations/{id}',
    tag: 'Staking',
    summary: 'A stake, unstake or claim and its state',
    description:
      "An operation of the JWT's wallet: `pending`, `submitted`, `confirmed` or `failed`, with `txHash`. Another wallet's or organization's id → 404.",
    auth: 'gateway',
    scope: 'staking:read',
    params: operationIdParam,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The operation', schema: StakingOperation, example: ex.confirmed }],
    handler: (deps, { params, principal, session }) => getStakingOperation(deps, principal.organizationId, session.address, params.id),
  }),
  route({
    operationId: 'listStakingPositions',
    method: 'get',
    path: '/gateway/v1/staking/positions',
    tag: 'Staking',
    summary: "The wallet's positions, read from the contract",
    description:
      "The JWT wallet's position in each pool, read from the staking contract (one JSON-RPC batch, cached CHAIN_READ_CACHE_MS): `staked` (`balanceOf`), `earned` (rewards not yet claimed) and `nonce` (for the next signature). " +
      'No chain or no deployment, or the node is slow → 503 `chain-unavailable`.',
    auth: 'gateway',
    scope: 'staking:read',
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'The positions', schema: StakingPositionList, example: ex.positions }],
    handler: (deps, { session }) => listStakingPositions(deps, session.address),
  }),
  route({
    operationId: 'listFarmingPools',
    method: 'get',
    path: '/gateway/v1/farming/pools',
    tag: 'Staking',
    summary: 'Farming pools, read from their contracts',
    description:
      "Each pool's figures from its contract (cached CHAIN_READ_CACHE_MS): `totalStaked`, `rewardRate` (base units per second), `rewardBalance` (funded rewards left) and `aprBps` = rewardRate × 31,536,000 × 10,000 ÷ totalStaked, " +
      'integer basis points rounded down (stake and reward are the same token; null when nothing is staked). No chain → 503 `chain-unavailable`.',
    auth: 'gateway',
    scope: 'farming:read',
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'The pools', schema: FarmingPoolList, example: ex.pools }],
    handler: (deps) => listFarmingPools(deps),
  }),
];
