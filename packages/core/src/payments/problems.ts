import { problemsOf } from '@gw/runtime';

/**
 * The problem types `payments` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw paymentsProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `paymentsProblem.types`.
 */
export const paymentsProblem = problemsOf({
  'not-payer': {
    status: 403,
    title: 'Only the payer can confirm this payment',
    meaning: "The JWT's wallet is not the payer of this payment.",
    action: "Confirm with a session of the payer's wallet.",
  },
  'event-quota-exceeded': {
    status: 429,
    title: 'Event quota exceeded',
    meaning:
      'The organization created more payment events in the last minute than its quota (`ORG_EVENT_QUOTA_PER_MINUTE`, `limit`) allows: every payment created and every refund counts one, as each sends a webhook event to every subscribed endpoint. The quota is per organization, whichever of its keys is used.',
    action:
      'Wait for the number of seconds in `Retry-After`, then retry; spread bursts of payments over time, or ask the operator for a higher quota.',
  },
});

type PaymentsProblems = typeof paymentsProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends PaymentsProblems {}
}
