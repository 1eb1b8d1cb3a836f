import { z } from 'zod';
import { EX, address, amount, dateTime, idParam, listQuerySchema, page, units, uuid } from '@gw/runtime';
import { caip2 } from '../chain/index.js';

/**
 * The governance contract: proposals of the on-chain Governor (indexed from its events,
 * state and tally read from the contract), votes and delegations by EIP-712 signature relayed by the
 * gateway. Proposal ids are the Governor's uint256 ids as decimal strings; weights and tallies are
 * strings of integer base units of the token's votes; block numbers are decimal strings.
 */

export const VOTE_CHOICES = ['against', 'for', 'abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];
/** GovernorCountingSimple's `support`: 0 against, 1 for, 2 abstain. */
export const SUPPORT: Record<VoteChoice, number> = { against: 0, for: 1, abstain: 2 };

/** OpenZeppelin Governor's `ProposalState`, by its uint8 value. */
export const PROPOSAL_STATES = ['pending', 'active', 'canceled', 'defeated', 'succeeded', 'queued', 'expired', 'executed'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** The Governor's EIP-712 ballot: `Ballot(uint256 proposalId,uint8 support,address voter,uint256 nonce)`. */
export const BALLOT_TYPES = {
  Ballot: [
    { name: 'proposalId', type: 'uint256' },
    { name: 'support', type: 'uint8' },
    { name: 'voter', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

/** ERC20Votes' EIP-712 delegation: `Delegation(address delegatee,uint256 nonce,uint256 expiry)`. */
export const DELEGATION_TYPES = {
  Delegation: [
    { name: 'delegatee', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'expiry', type: 'uint256' },
  ],
} as const;

const proposalIdSchema = z
  .string()
  .regex(/^[0-9]{1,78}$/, 'must be the Governor proposal id, a decimal uint256')
  .meta({ description: "The Governor's proposal id (uint256, decimal)", example: '4242424242424242424242' });
const signatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte signature as 0x-prefixed hex')
  .meta({ description: "The wallet's EIP-712 signature of the typed data (65 bytes, hex)", example: `0x${'ab'.repeat(65)}` });
const txHash = () =>
  z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .nullable();
const domain = (what: string) =>
  z
    .object({ name: z.string(), version: z.string(), chainId: z.number().int(), verifyingContract: address() })
    .meta({ description: `The ${what}'s EIP-712 domain, as the contract reports it (ERC-5267 \`eip712Domain()\`)` });

// --- requests -----------------------------------------------------------------------------------

export const listProposalsQuery = listQuerySchema.extend({
  state: z
    .enum(['active', 'all'])
    .default('active')
    .meta({ description: '`active` (default): voting is open at the head block; `all`: every indexed proposal' }),
});

export const ballotTypedDataQuery = z.strictObject({
  proposalId: proposalIdSchema,
  choice: z.enum(VOTE_CHOICES).meta({ description: 'The vote', example: 'for' }),
});

export const voteBody = z.strictObject({
  proposalId: proposalIdSchema,
  choice: z.enum(VOTE_CHOICES).meta({ description: 'The vote; it cannot be changed', example: 'for' }),
  signature: signatureSchema,
});

export const delegationTypedDataQuery = z.strictObject({
  delegatee: address().meta({
    description: 'Who receives the voting power (the wallet itself to vote with its own tokens)',
    example: EX.wallet,
  }),
});

export const delegateBody = z.strictObject({
  delegatee: address().meta({ description: 'As in the typed data', example: EX.wallet }),
  nonce: units().meta({ description: "The token's `nonces(wallet)` the typed data carried" }),
  expiry: z.number().int().positive().meta({ description: 'Unix seconds, as in the typed data; at least 60 s ahead', example: 1795800000 }),
  signature: signatureSchema,
});

export const voteIdParam = idParam('vote', EX.voteId);
export const delegationIdParam = idParam('delegation', '0193a5c1-6f70-7182-8394-ae1f2a3b4c99');

// --- responses ----------------------------------------------------------------------------------

const tally = z
  .object({ against: units(), for: units(), abstain: units() })
  .meta({ description: "The Governor's `proposalVotes`: sums of vote weights per choice, base units" });

export const Proposal = z
  .object({
    id: proposalIdSchema,
    object: z.literal('proposal'),
    chain: caip2(),
    title: z.string().meta({ description: 'First line of the description' }),
    description: z.string(),
    proposer: address(),
    targets: z.array(address()),
    values: z.array(units()).meta({ description: 'Wei sent with each call' }),
    calldatas: z.array(z.string()),
    voteStart: units().meta({ description: 'Snapshot block: voting power is the delegated votes at it; voting opens after it' }),
    voteEnd: units().meta({ description: 'Last block of the voting period' }),
    state: z.enum(PROPOSAL_STATES).meta({ description: "The Governor's `state(proposalId)`, read now" }),
    tally,
    eta: z.number().int().nullable().meta({ description: 'Unix seconds from which the timelock may execute it (once queued)' }),
    txHash: z.string().meta({ description: 'The `propose` transaction' }),
    blockNumber: units(),
  })
  .meta({ id: 'Proposal', description: 'A proposal of the Governor, indexed from its events' });
export type ProposalDto = z.infer<typeof Proposal>;
export const ProposalPage = page('ProposalPage', Proposal, 'Proposals, newest first');

export const BallotTypedData = z
  .object({
    object: z.literal('ballot_typed_data'),
    chain: caip2(),
    typedData: z.object({
      domain: domain('Governor'),
      types: z
        .object({ Ballot: z.array(z.object({ name: z.string(), type: z.string() })) })
        .meta({ description: 'Ballot(uint256 proposalId,uint8 support,address voter,uint256 nonce)' }),
      primaryType: z.literal('Ballot'),
      message: z.object({
        proposalId: units(),
        support: z.number().int().meta({ description: '0 against, 1 for, 2 abstain' }),
        voter: address(),
        nonce: units().meta({ description: "The Governor's `nonces(voter)` when read" }),
      }),
    }),
  })
  .meta({ id: 'BallotTypedData', description: "What the wallet signs to vote (the Governor's EIP-712 ballot)" });
export type BallotTypedDataDto = z.infer<typeof BallotTypedData>;

export const DelegationTypedData = z
  .object({
    object: z.literal('delegation_typed_data'),
    chain: caip2(),
    typedData: z.object({
      domain: domain('token'),
      types: z
        .object({ Delegation: z.array(z.object({ name: z.string(), type: z.string() })) })
        .meta({ description: 'Delegation(address delegatee,uint256 nonce,uint256 expiry)' }),
      primaryType: z.literal('Delegation'),
      message: z.object({
        delegatee: address(),
        nonce: units().meta({ description: "The token's `nonces(wallet)` when read (shared with EIP-2612 permits)" }),
        expiry: units().meta({ description: 'Unix seconds; one hour from now' }),
      }),
    }),
  })
  .meta({ id: 'DelegationTypedData', description: "What the wallet signs to delegate its votes (ERC20Votes' EIP-712 delegation)" });
export type DelegationTypedDataDto = z.infer<typeof DelegationTypedData>;

/** States of a relayed vote or delegation; `confirmed` and `failed` are final. */
export const RELAY_STATUSES = ['pending', 'submitted', 'confirmed', 'failed'] as const;
const relayStatus = z.enum(RELAY_STATUSES).meta({
  description:
    '`pending`: accepted, not yet broadcast; `submitted`: on its way; `confirmed`: `CHAIN_CONFIRMATIONS` deep; `failed`: refused or reverted on chain',
});

export const Vote = z
  .object({
    id: uuid(),
    object: z.literal('vote'),
    status: relayStatus,
    chain: caip2(),
    proposalId: proposalIdSchema,
    voter: address(),
    choice: z.enum(VOTE_CHOICES),
    weight: amount()
      .nullable()
      .meta({ description: 'From the `VoteCast` log once confirmed: the voter’s votes at the snapshot, base units' }),
    txHash: txHash().meta({ description: 'The `castVoteBySig` transaction (the latest signed while in flight)' }),
    failureReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Vote', description: 'A vote by signature, relayed by the gateway (`castVoteBySig`)' });
export type VoteDto = z.infer<typeof Vote>;

export const Delegation = z
  .object({
    id: uuid(),
    object: z.literal('delegation'),
    status: relayStatus,
    chain: caip2(),
    delegator: address(),
    delegatee: address(),
    txHash: txHash().meta({ description: 'The `delegateBySig` transaction (the latest signed while in flight)' }),
    failureReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Delegation', description: 'A delegation by signature, relayed by the gateway (`delegateBySig`)' });
export type DelegationDto = z.infer<typeof Delegation>;

// --- examples -----------------------------------------------------------------------------------

const GOVERNOR = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const proposal = {
  id: '4242424242424242424242',
  object: 'proposal',
  chain: 'eip155:31337',
  title: 'Fund the grants program',
  description: 'Fund the grants program\n\nPay 50000 GTK from the treasury to the grants multisig.',
  proposer: '0xc811641CEd3B057BA939fE62Ad8D682d37b0c1b7',
  targets: [TOKEN],
  values: ['0'],
  calldatas: [
    '0xa9059cbb0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed0000000000000000000000000000000000000000000a968163f0a57b40000000',
  ],
  voteStart: '120',
  voteEnd: '140',
  state: 'active',
  tally: { against: '4000000000000000000', for: '50000000000000000000000000', abstain: '0' },
  eta: null,
  txHash: '0x2f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e',
  blockNumber: '119',
};
const vote = {
  id: EX.voteId,
  object: 'vote',
  status: 'confirmed',
  chain: 'eip155:31337',
  proposalId: proposal.id,
  voter: EX.wallet,
  choice: 'for',
  weight: '50000000000000000000000000',
  txHash: '0x3f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e',
  failureReason: null,
  createdAt: EX.time,
  updatedAt: EX.later,
};

/** Example answers of the API reference (validated against their schemas by the contract tests). */
export const governanceExamples = {
  proposalPage: { data: [proposal], nextCursor: null },
  ballotTypedData: {
    object: 'ballot_typed_data',
    chain: 'eip155:31337',
    typedData: {
      domain: { name: 'GatewayGovernor', version: '1', chainId: 31337, verifyingContract: GOVERNOR },
      types: { Ballot: [...BALLOT_TYPES.Ballot] },
      primaryType: 'Ballot',
      message: { proposalId: proposal.id, support: 1, voter: EX.wallet, nonce: '0' },
    },
  },
  delegationTypedData: {
    object: 'delegation_typed_data',
    chain: 'eip155:31337',
    typedData: {
      domain: { name: 'Gateway Token', version: '1', chainId: 31337, verifyingContract: TOKEN },
      types: { Delegation: [...DELEGATION_TYPES.Delegation] },
      primaryType: 'Delegation',
      message: { delegatee: EX.wallet, nonce: '0', expiry: '1795800000' },
    },
  },
  votePending: { ...vote, status: 'pending', weight: null, txHash: null, updatedAt: EX.time },
  vote,
  delegationPending: {
    id: '0193a5c1-6f70-7182-8394-ae1f2a3b4c99',
    object: 'delegation',
    status: 'pending',
    chain: 'eip155:31337',
    delegator: EX.wallet,
    delegatee: EX.wallet,
    txHash: null,
    failureReason: null,
    createdAt: EX.time,
    updatedAt: EX.time,
  },
};
