import { type ProblemTypeInfo, problemsOf } from '@gw/runtime';

/**
 * The problem types `credits` answers with: status, title, and what the page at
 * `/problems/<code>` says they mean and what to do; `packages/core/src/problems.ts` composes the full
 * catalogue.
 */
export const creditsProblems = {
  'payment-required': {
    status: 402,
    title: 'Insufficient credits',
    meaning: 'The wallet holds fewer AI credits than the operation consumes; `balance` and `required` give both amounts.',
    action: 'Buy credits (`POST /api/ai-billing/credits/purchase`) and retry.',
  },
} as const satisfies Record<string, ProblemTypeInfo>;

/** Raises one of `credits`'s problem types: `throw creditsProblem(code, detail, extensions)`. */
export const creditsProblem = problemsOf(creditsProblems);

type CreditsProblems = typeof creditsProblems;

declare module '@gw/runtime' {
  interface ProblemTypes extends CreditsProblems {}
}
