import { type ProblemTypeInfo, problemsOf } from '@gw/runtime';

/**
 * The problem types `webhooks` answers with: status, title, and what the page at
 * `/problems/<code>` says they mean and what to do; `packages/core/src/problems.ts` composes the full
 * catalogue.
 */
export const webhooksProblems = {
  'webhook-limit-reached': {
    status: 409,
    title: 'Webhook limit reached',
    meaning: 'The organization already has the largest number of active webhooks allowed.',
    action: 'Deactivate a webhook you no longer need, then register the new one.',
  },
  'recovery-in-progress': {
    status: 409,
    title: 'A recovery of this webhook is running',
    meaning:
      'A bulk recovery of this webhook was queued and has not finished yet; one webhook has at most one recovery at a time (its deliveries are then reopened and attempted).',
    action: 'Retry once it has finished (usually within seconds); `GET /webhooks/deliveries?status=dead` shows what is still dead.',
  },
} as const satisfies Record<string, ProblemTypeInfo>;

/** Raises one of `webhooks`'s problem types: `throw webhooksProblem(code, detail, extensions)`. */
export const webhooksProblem = problemsOf(webhooksProblems);

type WebhooksProblems = typeof webhooksProblems;

declare module '@gw/runtime' {
  interface ProblemTypes extends WebhooksProblems {}
}
