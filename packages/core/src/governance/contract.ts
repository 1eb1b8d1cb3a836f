import { z } from 'zod';
import { EX, address, amount, dateTime, listQuerySchema, page, units, uuid } from '@gw/runtime';

/**
 * The governance contract (issue #3): request and response schemas of `/governance/proposals`
 * and `/governance/vote`. Weights and tallies are strings of integer base units of staked native
 * token; timestamps are ISO 8601 UTC. Unknown body fields and query parameters are 400.
 */

export const VOTE_CHOICES = ['for', 'against', 'abstain'] as const;
export type VoteChoice = (typeof VOTE_CHOICES)[number];

/** Sums of vote weights per choice, strings of integer base units (staked native token). */
export type Tally = Record<VoteChoice, string>;

// --- requests -----------------------------------------------------------------------------------

export const voteBody = z.strictObject({
  proposalId: z.uuid().meta({ description: 'Id of an open proposal', example: '0193a5c1-7a2b-7c3d-8e4f-5a6b7c8d9e0f' }),
  choice: z.enum(VOTE_CHOICES).meta({ description: 'The vote; it cannot be changed', example: 'for' }),
});

export const listProposalsQuery = listQuerySchema;

// --- responses ----------------------------------------------------------------------------------

export const Proposal = z
  .object({
    id: uuid(),
    title: z.string(),
    description: z.string(),
    snapshotAt: dateTime().meta({ description: 'Voting power is the native token staked at this instant' }),
    startsAt: dateTime(),
    endsAt: dateTime(),
    tally: z.object(
      Object.fromEntries(VOTE_CHOICES.map((c) => [c, units()])) as Record<(typeof VOTE_CHOICES)[number], ReturnType<typeof units>>,
    ),
  })
  .meta({ id: 'Proposal' });
export type ProposalDto = z.infer<typeof Proposal>;
export const ProposalPage = page('ProposalPage', Proposal, 'Proposals open now, newest first');

/** The vote object of `POST /governance/vote`; `weight` in base units of staked native token. */
export const Vote = z
  .object({ id: uuid(), proposalId: uuid(), address: address(), choice: z.enum(VOTE_CHOICES), weight: amount(), createdAt: dateTime() })
  .meta({ id: 'Vote' });
export type VoteDto = z.infer<typeof Vote>;

// --- examples -----------------------------------------------------------------------------------

const proposal = {
  id: EX.proposalId,
  title: 'Fund the grants program',
  description: 'Move 50 000 GTK from the treasury to the grants multisig.',
  snapshotAt: '2026-11-20T17:00:00.000Z',
  startsAt: '2026-11-20T17:00:00.000Z',
  endsAt: '2026-11-27T17:00:00.000Z',
  tally: { for: '10000000000000000000', against: '4000000000000000000', abstain: '0' },
};

/** Example answers of the API reference (validated against their schemas by the contract tests). */
export const governanceExamples = {
  proposalPage: { data: [proposal], nextCursor: null },
  vote: { id: EX.voteId, proposalId: EX.proposalId, address: EX.wallet, choice: 'for', weight: '10000000000000000000', createdAt: EX.time },
};
