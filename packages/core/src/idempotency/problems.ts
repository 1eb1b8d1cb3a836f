import { defineProblemTypes } from '@gw/runtime';

/**
 * The problem types `idempotency` answers with (`AppError(code)`): status, title, and what the page at
 * `/problems/<code>` says they mean and what to do. Registered when the module loads;
 * `packages/core/src/problems.ts` composes the full catalogue.
 */
export const idempotencyProblems = defineProblemTypes({
  'idempotency-key-reused': {
    status: 422,
    title: 'Idempotency key reused with a different request',
    meaning:
      'This `Idempotency-Key` was already used (within its time to live) with another body, operation or wallet (draft-ietf-httpapi-idempotency-key-header §2.7).',
    action: 'Use a new key for a new request; reuse a key only to retry exactly the same request.',
  },
});

type IdempotencyProblems = typeof idempotencyProblems;

declare module '@gw/runtime' {
  interface ProblemTypes extends IdempotencyProblems {}
}
