import { z } from 'zod';
import { EX, address, amountSchema, dateTime, idParam, symbol, units, uuid } from '@gw/runtime';
import { caip2 } from '../chain/index.js';

/**
 * The staking contract: staking and farming on the `Staking` contract of the home chain
 * (one deployment = one farming pool: stake the native token, earn the native token).
 * `GET /staking/positions`, `GET /farming/pools`, `GET /staking/typed-data`, `POST /staking/stake`,
 * `POST /staking/unstake`, `POST /staking/claim`, `GET /staking/operations/{id}`. Amounts are
 * strings of integer base units; deadlines unix seconds.
 */

const txHash = () =>
  z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .nullable();

const signature = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte signature as 0x-prefixed hex')
  .meta({ description: "The wallet's EIP-712 signature of the typed data (65 bytes, hex)", example: `0x${'ab'.repeat(65)}` });
const deadline = z
  .number()
  .int()
  .positive()
  .meta({ description: 'The signed deadline, unix seconds (as in the typed data); at least 60 s ahead', example: 1795800000 });

/** The Staking contract's EIP-712 types (domain name "Staking", version "1"). */
export const STAKING_TYPES = {
  Withdraw: [
    { name: 'owner', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  GetReward: [
    { name: 'owner', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

// --- requests -----------------------------------------------------------------------------------

export const STAKE_SOURCES = ['custody', 'permit'] as const;

export const stakeBody = z.discriminatedUnion('source', [
  z
    .strictObject({
      source: z.literal('custody').meta({ description: "From the wallet's custodial balance (debited now)" }),
      amount: amountSchema,
    })
    .meta({ title: 'Stake from custody' }),
  z
    .strictObject({
      source: z.literal('permit').meta({ description: "The wallet's own tokens on chain, by an EIP-2612 permit to the staking contract" }),
      amount: amountSchema,
      deadline,
      signature,
    })
    .meta({ title: 'Stake by permit' }),
]);

export const unstakeBody = z.strictObject({ amount: amountSchema, deadline, signature });
export const claimBody = z.strictObject({ deadline, signature });

export const TYPED_DATA_ACTIONS = ['stake', 'unstake', 'claim'] as const;
export const typedDataQuery = z.strictObject({
  action: z.enum(TYPED_DATA_ACTIONS).meta({
    description:
      "`stake`: the EIP-2612 `Permit` of the token to the staking contract; `unstake`: the Staking contract's `Withdraw`; `claim`: its `GetReward`",
  }),
  amount: amountSchema.optional().meta({ description: 'Base units; required for `stake` and `unstake`' }),
});

export const operationIdParam = idParam('staking operation', '0193a5c0-0000-7000-8000-0000000000c1');

// --- responses ----------------------------------------------------------------------------------

export const StakingPosition = z
  .object({
    object: z.literal('staking_position'),
    chain: caip2(),
    pool: address().meta({ description: 'The staking contract (the farming pool)' }),
    address: address().meta({ description: 'The wallet: the stake is its own on chain, whichever way it was staked' }),
    token: symbol(),
    staked: units().meta({ description: "The contract's `balanceOf(wallet)`: staked base units" }),
    earned: units().meta({ description: "The contract's `earned(wallet)`: rewards accrued and not claimed, base units" }),
    nonce: units().meta({ description: "The contract's `nonces(wallet)`: the nonce the next unstake or claim signature must carry" }),
  })
  .meta({ id: 'StakingPosition', description: "The wallet's position in the pool, read from the contract (cached CHAIN_READ_CACHE_MS)" });
export type StakingPositionDto = z.infer<typeof StakingPosition>;

export const StakingPositionList = z
  .object({ object: z.literal('list'), data: z.array(StakingPosition) })
  .meta({ id: 'StakingPositionList', description: "The wallet's positions, one per pool (the home chain has one pool)" });

export const FarmingPool = z
  .object({
    object: z.literal('farming_pool'),
    chain: caip2(),
    address: address().meta({ description: 'The staking contract' }),
    stakingToken: address(),
    rewardsToken: address(),
    token: symbol().meta({ description: 'Symbol of the staked token (and of the reward token: the same token)' }),
    totalStaked: units().meta({ description: "The contract's `totalSupply`: base units staked by everyone" }),
    rewardRate: units().meta({ description: "The contract's `rewardRate`: reward base units paid per second, shared pro rata" }),
    rewardBalance: units().meta({ description: 'Funded rewards not yet paid, base units: when it runs out, claims revert' }),
    aprBps: z.number().int().min(0).nullable().meta({
      description:
        'APR in basis points (integer, rounded down): rewardRate × 31,536,000 ÷ totalStaked × 10,000 (same token, so no price); null when nothing is staked',
    }),
  })
  .meta({ id: 'FarmingPool', description: 'A farming pool, read from its contract (cached CHAIN_READ_CACHE_MS)' });
export type FarmingPoolDto = z.infer<typeof FarmingPool>;

export const FarmingPoolList = z.object({ object: z.literal('list'), data: z.array(FarmingPool) }).meta({ id: 'FarmingPoolList' });

/** The EIP-712 typed data the wallet signs (values as decimal strings), ready for `signTypedData`. */
export const StakingTypedData = z
  .object({
    object: z.literal('staking_typed_data'),
    action: z.enum(TYPED_DATA_ACTIONS),
    chain: caip2(),
    pool: address(),
    typedData: z.object({
      domain: z.object({ name: z.string(), version: z.string(), chainId: z.number().int(), verifyingContract: address() }).meta({
        description:
          "The signing contract's EIP-712 domain (ERC-5267 `eip712Domain()`): the token for `stake`, the staking contract otherwise",
      }),
      types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
      primaryType: z.enum(['Permit', 'Withdraw', 'GetReward']),
      message: z.record(z.string(), z.string()).meta({
        description: 'Addresses and uint256 values as strings; `nonce` is read now (never cached); `deadline` one hour ahead',
      }),
    }),
  })
  .meta({ id: 'StakingTypedData', description: 'What the wallet signs to stake by permit, unstake or claim' });
export type StakingTypedDataDto = z.infer<typeof StakingTypedData>;

export const OPERATION_STATUSES = ['pending', 'submitted', 'confirmed', 'failed'] as const;

export const StakingOperation = z
  .object({
    id: uuid(),
    object: z.literal('staking_operation'),
    type: z.enum(['stake', 'unstake', 'claim']),
    source: z.enum(STAKE_SOURCES).nullable().meta({ description: 'For a stake: where the tokens came from; null otherwise' }),
    status: z.enum(OPERATION_STATUSES).meta({
      description:
        '`pending`: accepted, not yet broadcast; `submitted`: on its way; `confirmed`: `CHAIN_CONFIRMATIONS` deep and successful; ' +
        '`failed`: refused or reverted on chain: nothing moved (a stake from custody is credited back to the custodial balance, once)',
    }),
    chain: caip2(),
    pool: address(),
    address: address(),
    token: symbol(),
    amount: units().nullable().meta({
      description: 'Base units staked or unstaked; for a claim, the reward paid (from the `RewardPaid` log), null until confirmed',
    }),
    txHash: txHash().meta({ description: 'The transaction that staked, unstaked or claimed (the latest signed while in flight)' }),
    failureReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'StakingOperation', description: 'A stake, unstake or claim relayed through the on-chain outbox' });
export type StakingOperationDto = z.infer<typeof StakingOperation>;

const POOL = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const pendingOp = {
  id: '0193a5c0-0000-7000-8000-0000000000c1',
  object: 'staking_operation',
  type: 'stake',
  source: 'custody',
  status: 'pending',
  chain: 'eip155:31337',
  pool: POOL,
  address: EX.wallet,
  token: 'GTK',
  amount: '10000000000000000000',
  txHash: null,
  failureReason: null,
  createdAt: EX.time,
  updatedAt: EX.time,
};

/** Example answers of the API reference (validated against the schemas by the contract tests). */
export const stakingExamples = {
  positions: {
    object: 'list',
    data: [
      {
        object: 'staking_position',
        chain: 'eip155:31337',
        pool: POOL,
        address: EX.wallet,
        token: 'GTK',
        staked: '10000000000000000000',
        earned: '1250000000000000000',
        nonce: '0',
      },
    ],
  },
  pools: {
    object: 'list',
    data: [
      {
        object: 'farming_pool',
        chain: 'eip155:31337',
        address: POOL,
        stakingToken: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
        rewardsToken: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
        token: 'GTK',
        totalStaked: '1000000000000000000000',
        rewardRate: '100000000000000000',
        rewardBalance: '999000000000000000000000',
        aprBps: 31536000,
      },
    ],
  },
  typedData: {
    object: 'staking_typed_data',
    action: 'unstake',
    chain: 'eip155:31337',
    pool: POOL,
    typedData: {
      domain: { name: 'Staking', version: '1', chainId: 31337, verifyingContract: POOL },
      types: { Withdraw: STAKING_TYPES.Withdraw.map((f) => ({ ...f })) },
      primaryType: 'Withdraw',
      message: { owner: EX.wallet, amount: '10000000000000000000', nonce: '0', deadline: '1795800000' },
    },
  },
  pending: pendingOp,
  confirmed: {
    ...pendingOp,
    status: 'confirmed',
    txHash: '0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e',
    updatedAt: EX.later,
  },
};
