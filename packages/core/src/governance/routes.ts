import { defineRoute, idempotentReply, type Context } from '@gw/runtime';
import {
  BallotTypedData,
  Delegation,
  DelegationTypedData,
  ProposalPage,
  Vote,
  ballotTypedDataQuery,
  delegateBody,
  delegationIdParam,
  delegationTypedDataQuery,
  governanceExamples as ex,
  listProposalsQuery,
  voteBody,
  voteIdParam,
} from './schemas.js';
import {
  ballotTypedData,
  delegateBySignature,
  delegationTypedData,
  getDelegation,
  getVote,
  listGovernanceProposals,
  voteBySignature,
} from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>>();

const SIG_HINT = '`@service-gateway/client` builds and signs it (`voteBySig`, `delegateBySig`).';

/**
 * Governance on chain: the Governor's proposals (indexed from its events, state and
 * tally from the contract), votes and delegations by the wallet's EIP-712 signature relayed through
 * the on-chain outbox (docs/chain.md, "Governance by signature").
 */
export const governanceRoutes = [
  route({
    operationId: 'listProposals',
    method: 'get',
    path: '/gateway/v1/governance/proposals',
    tag: 'Governance',
    summary: 'Active proposals',
    description:
      "The Governor's proposals on the home chain, newest first, indexed from its events (`ProposalCreated`, …) once `CHAIN_CONFIRMATIONS` deep. " +
      "`state=active` (default) keeps those whose voting is open at the head block; `state=all` lists every one. Each carries the contract's `state` and tally (`proposalVotes`), read now (cached `CHAIN_READ_CACHE_MS`).",
    auth: 'gateway',
    scope: 'governance:read',
    query: listProposalsQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'A page of proposals', schema: ProposalPage, example: ex.proposalPage }],
    handler: (deps, { query }) => listGovernanceProposals(deps, query),
  }),
  route({
    operationId: 'getBallotTypedData',
    method: 'get',
    path: '/gateway/v1/governance/ballot/typed-data',
    tag: 'Governance',
    summary: 'The ballot to sign to vote',
    description:
      "The EIP-712 `Ballot(uint256 proposalId,uint8 support,address voter,uint256 nonce)` of the JWT wallet: the Governor's own domain (ERC-5267) and the wallet's current ballot nonce (read now). " +
      `Sign it and send the signature to \`POST /governance/vote\`. ${SIG_HINT}`,
    auth: 'gateway',
    scope: 'governance:write',
    query: ballotTypedDataQuery,
    errors: ['not-found', 'chain-unavailable'],
    success: [{ status: 200, description: 'The typed data to sign', schema: BallotTypedData, example: ex.ballotTypedData }],
    handler: (deps, { query, session }) => ballotTypedData(deps, session.address, query.proposalId, query.choice),
  }),
  route({
    operationId: 'vote',
    method: 'post',
    path: '/gateway/v1/governance/vote',
    tag: 'Governance',
    summary: 'Vote on a proposal by signature',
    description:
      "Relays the JWT wallet's signed ballot as `castVoteBySig` through the on-chain outbox (the gateway pays the gas). The weight is the wallet's own delegated votes at the proposal's snapshot, as the Governor computes it. " +
      'Checked before anything is written: the signature (422 `invalid-governance-signature`), the proposal (404), its state (409 `voting-not-started`, `voting-closed`), a vote already cast or in flight (409 `already-voted`), the voting power (422 `no-voting-power`). ' +
      'Poll `GET /governance/votes/{id}`.',
    auth: 'gateway',
    scope: 'governance:write',
    idempotent: true,
    body: { schema: voteBody, example: { proposalId: ex.vote.proposalId, choice: 'for', signature: `0x${'ab'.repeat(65)}` } },
    errors: [
      'not-found',
      'invalid-governance-signature',
      'already-voted',
      'voting-closed',
      'voting-not-started',
      'no-voting-power',
      'chain-unavailable',
    ],
    problems: {
      'not-found': { detail: 'No such proposal' },
      'invalid-governance-signature': {
        detail: "The signature is not the wallet's ballot (for) on proposal 4242424242424242424242 with nonce 0",
        ext: { field: 'signature', nonce: '0' },
      },
      'already-voted': { detail: 'This wallet has already voted on this proposal', ext: { reason: 'already-voted' } },
      'voting-closed': {
        detail: 'Voting on this proposal is closed (state: succeeded)',
        ext: { reason: 'voting-closed', state: 'succeeded' },
      },
      'voting-not-started': { detail: 'Voting on this proposal opens after block 120', ext: { reason: 'voting-not-started' } },
      'no-voting-power': {
        detail:
          "This wallet had no delegated votes at the proposal's snapshot (block 120), so it has no voting power: delegate (to itself) before a proposal's snapshot",
        ext: { reason: 'no-voting-power', snapshot: '120' },
      },
    },
    success: [{ status: 202, description: 'Accepted: the vote, `pending`', schema: Vote, example: ex.votePending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await voteBySignature(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          proposalId: body.proposalId,
          choice: body.choice,
          signature: body.signature as `0x${string}`,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'getVote',
    method: 'get',
    path: '/gateway/v1/governance/votes/{id}',
    tag: 'Governance',
    summary: 'A vote and its state',
    description:
      "A vote of the JWT's wallet: `pending`, `submitted`, `confirmed` (with its `weight` from the `VoteCast` log) or `failed`. Another wallet's or organization's id → 404.",
    auth: 'gateway',
    scope: 'governance:read',
    params: voteIdParam,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The vote', schema: Vote, example: ex.vote }],
    handler: (deps, { params, principal, session }) => getVote(deps, principal.organizationId, session.address, params.id),
  }),
  route({
    operationId: 'getDelegationTypedData',
    method: 'get',
    path: '/gateway/v1/governance/delegation/typed-data',
    tag: 'Governance',
    summary: 'The delegation to sign',
    description:
      "The EIP-712 `Delegation(address delegatee,uint256 nonce,uint256 expiry)` of the token (ERC20Votes) for the JWT wallet: the token's domain, the wallet's current nonce, an expiry one hour ahead. " +
      `A wallet votes with its own tokens once it delegates to itself. ${SIG_HINT}`,
    auth: 'gateway',
    scope: 'governance:write',
    query: delegationTypedDataQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'The typed data to sign', schema: DelegationTypedData, example: ex.delegationTypedData }],
    handler: (deps, { query, session }) => delegationTypedData(deps, session.address, query.delegatee),
  }),
  route({
    operationId: 'delegate',
    method: 'post',
    path: '/gateway/v1/governance/delegate',
    tag: 'Governance',
    summary: 'Delegate votes by signature',
    description:
      "Relays the JWT wallet's signed delegation as the token's `delegateBySig` through the on-chain outbox (the gateway pays the gas). Checked first: the signature for the current nonce and an expiry at least 60 s ahead (422 `invalid-governance-signature`); one delegation per wallet in flight (409 `invalid-state`). " +
      'Poll `GET /governance/delegations/{id}`.',
    auth: 'gateway',
    scope: 'governance:write',
    idempotent: true,
    body: {
      schema: delegateBody,
      example: { delegatee: ex.delegationPending.delegatee, nonce: '0', expiry: 1795800000, signature: `0x${'ab'.repeat(65)}` },
    },
    errors: ['invalid-governance-signature', 'invalid-state', 'chain-unavailable'],
    success: [{ status: 202, description: 'Accepted: the delegation, `pending`', schema: Delegation, example: ex.delegationPending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await delegateBySignature(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          delegatee: body.delegatee,
          nonce: BigInt(body.nonce),
          expiry: body.expiry,
          signature: body.signature as `0x${string}`,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'getDelegation',
    method: 'get',
    path: '/gateway/v1/governance/delegations/{id}',
    tag: 'Governance',
    summary: 'A delegation and its state',
    description:
      "A delegation of the JWT's wallet: `pending`, `submitted`, `confirmed` or `failed`. Another wallet's or organization's id → 404.",
    auth: 'gateway',
    scope: 'governance:read',
    params: delegationIdParam,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The delegation', schema: Delegation, example: ex.delegationPending }],
    handler: (deps, { params, principal, session }) => getDelegation(deps, principal.organizationId, session.address, params.id),
  }),
];
