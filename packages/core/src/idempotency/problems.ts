import { problemsOf } from '@gw/runtime';

/**
 * The problem types `idempotency` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw idempotencyProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `idempotencyProblem.types`.
 */
export const idempotencyProblem = problemsOf({
  'idempotency-key-reused': {
    status: 422,
    title: 'Idempotency key reused with a different request',
    meaning:
      'This `Idempotency-Key` was already used (within its time to live) with another body, operation or wallet (draft-ietf-httpapi-idempotency-key-header §2.7).',
    action: 'Use a new key for a new request; reuse a key only to retry exactly the same request.',
  },
});

type IdempotencyProblems = typeof idempotencyProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends IdempotencyProblems {}
}
