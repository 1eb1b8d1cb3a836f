import { EX, defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { ProposalPage, Vote, governanceExamples as ex, listProposalsQuery, voteBody } from './contract.js';
import { castVote, listActiveProposals } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config'>>();

/**
 * Governance (issue #3): open proposals and votes weighted by the native token staked at each
 * proposal's snapshot. The vote accepts an `Idempotency-Key` (per organization; the fingerprint
 * includes the JWT's wallet).
 */
export const governanceRoutes = [
  route({
    operationId: 'listProposals',
    method: 'get',
    path: '/gateway/v1/governance/proposals',
    tag: 'Governance',
    summary: 'Proposals open for voting',
    description: 'Proposals with `startsAt` ≤ now < `endsAt`, newest first, with their tallies (sums of vote weights per choice).',
    auth: 'gateway',
    scope: 'governance:read',
    query: listProposalsQuery,
    success: [{ status: 200, description: 'A page of proposals', schema: ProposalPage, example: ex.proposalPage }],
    handler: (deps, { query }) => listActiveProposals(deps, query),
  }),
  route({
    operationId: 'vote',
    method: 'post',
    path: '/gateway/v1/governance/vote',
    tag: 'Governance',
    summary: 'Vote on a proposal',
    description:
      "One vote per wallet and proposal, final. Its `weight` is the native token the wallet had staked at the proposal's `snapshotAt`. " +
      'Refusals carry their own problem types (also in `reason`): `already-voted`, `voting-closed`, `voting-not-started` (409), `no-voting-power` (422). Unknown proposal → 404.',
    auth: 'gateway',
    scope: 'governance:write',
    idempotent: true,
    body: { schema: voteBody, example: { proposalId: EX.proposalId, choice: 'for' } },
    errors: ['not-found', 'already-voted', 'voting-closed', 'voting-not-started', 'no-voting-power'],
    problems: {
      'not-found': { detail: 'No such proposal' },
      'already-voted': { detail: 'This wallet has already voted on this proposal', ext: { reason: 'already-voted' } },
      'voting-closed': { detail: 'Voting on this proposal closed at 2026-11-27T17:00:00.000Z', ext: { reason: 'voting-closed' } },
      'voting-not-started': { detail: 'Voting on this proposal opens at 2026-11-28T17:00:00.000Z', ext: { reason: 'voting-not-started' } },
      'no-voting-power': {
        detail: "This wallet had no staked tokens at the proposal's snapshot (2026-11-20T17:00:00.000Z), so it has no voting power",
        ext: { reason: 'no-voting-power' },
      },
    },
    success: [{ status: 201, description: 'The vote', schema: Vote, example: ex.vote }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await castVote(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          proposalId: body.proposalId,
          choice: body.choice,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
];
