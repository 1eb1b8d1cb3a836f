import { defineProblemTypes } from '@gw/runtime';

/**
 * The problem types `credits` answers with (`AppError(code)`): status, title, and what the page at
 * `/problems/<code>` says they mean and what to do. Registered when the module loads;
 * `packages/core/src/problems.ts` composes the full catalogue.
 */
export const creditsProblems = defineProblemTypes({
  'payment-required': {
    status: 402,
    title: 'Insufficient credits',
    meaning: 'The wallet holds fewer AI credits than the operation consumes; `balance` and `required` give both amounts.',
    action: 'Buy credits (`POST /api/ai-billing/credits/purchase`) and retry.',
  },
});

type CreditsProblems = typeof creditsProblems;

declare module '@gw/runtime' {
  interface ProblemTypes extends CreditsProblems {}
}
