import { problemsOf } from '@gw/runtime';

/**
 * The problem types `webhooks` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw webhooksProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `webhooksProblem.types`.
 */
export const webhooksProblem = problemsOf({
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
});

type WebhooksProblems = typeof webhooksProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends WebhooksProblems {}
}
