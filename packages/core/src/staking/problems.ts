import { problemsOf } from '@gw/runtime';

/**
 * The problem types `staking` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw stakingProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `stakingProblem.types`.
 */
export const stakingProblem = problemsOf({
  'invalid-staking-signature': {
    status: 422,
    title: 'Invalid signature',
    meaning:
      "An EIP-712 authorisation the gateway relays on the wallet's behalf (unstake, claim) was refused before anything was sent on chain: it does not recover to the session's wallet for the contract's current nonce (`nonces(owner)`), this amount and this deadline, or its deadline is less than 60 s ahead; `field` names the part (`signature`, `deadline`).",
    action:
      'Fetch the typed data again (`GET /gateway/v1/staking/typed-data`), sign it with the wallet (EIP-712 `signTypedData`) and send it with the same amount and deadline.',
  },
});

type StakingProblems = typeof stakingProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends StakingProblems {}
}
