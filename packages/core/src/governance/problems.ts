import { problemsOf } from '@gw/runtime';

/**
 * The problem types `governance` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw governanceProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `governanceProblem.types`.
 */
export const governanceProblem = problemsOf({
  'already-voted': {
    status: 409,
    title: 'Already voted',
    meaning: 'The wallet has already voted on this proposal; a vote cannot be changed.',
    action: 'Nothing to do; read the proposal for the tally.',
  },
  'voting-closed': {
    status: 409,
    title: 'Voting is closed',
    meaning: "The proposal's voting period has ended.",
    action: 'Nothing to do; read the proposal for the result.',
  },
  'voting-not-started': {
    status: 409,
    title: 'Voting has not started',
    meaning: "The proposal's voting period has not begun yet.",
    action: 'Retry once the voting period starts.',
  },
  'no-voting-power': {
    status: 422,
    title: 'No voting power',
    meaning:
      "The wallet had no delegated votes (ERC20Votes `getVotes`) at the proposal's snapshot block, so the Governor would count its vote with weight 0.",
    action: "Delegate the wallet's tokens (to itself: `POST /governance/delegate`) before the next proposal's snapshot.",
  },
  'invalid-governance-signature': {
    status: 422,
    title: 'Invalid signature',
    meaning:
      "An EIP-712 signature relayed on chain (a governance ballot or delegation) was refused before anything was sent: it does not recover to the session's wallet for the contract's current nonce and this message, or its expiry is less than 60 s ahead; `field` names the part (`signature`, `nonce`, `expiry`) and `nonce` the expected nonce.",
    action:
      'Fetch the typed data again (`GET /governance/ballot/typed-data`, `GET /governance/delegation/typed-data`), sign it with the wallet and send it unchanged.',
  },
});

type GovernanceProblems = typeof governanceProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends GovernanceProblems {}
}
