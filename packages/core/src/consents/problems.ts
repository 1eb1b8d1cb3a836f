import { problemsOf } from '@gw/runtime';

/**
 * The problem types `consents` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw consentsProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `consentsProblem.types`.
 */
export const consentsProblem = problemsOf({
  'consent-required': {
    status: 403,
    title: 'Consent required',
    meaning: 'The patient (`patient`) has not given a current consent that covers this access.',
    action: 'Ask the patient for a signed consent, then retry.',
  },
  'invalid-consent-signature': {
    status: 422,
    title: 'Invalid consent signature',
    meaning: 'The EIP-712 consent statement is not signed by the patient it names.',
    action: "Have the patient's wallet sign the statement again.",
  },
});

type ConsentsProblems = typeof consentsProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends ConsentsProblems {}
}
