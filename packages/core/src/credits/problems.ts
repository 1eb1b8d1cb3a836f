import { problemsOf } from '@gw/runtime';

/**
 * The problem types `credits` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw creditsProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `creditsProblem.types`.
 */
export const creditsProblem = problemsOf({
  'payment-required': {
    status: 402,
    title: 'Insufficient credits',
    meaning: 'The wallet holds fewer AI credits than the operation consumes; `balance` and `required` give both amounts.',
    action: 'Buy credits (`POST /api/ai-billing/credits/purchase`) and retry.',
  },
});

type CreditsProblems = typeof creditsProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends CreditsProblems {}
}
