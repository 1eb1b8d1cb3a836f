import { problemsOf } from '@gw/runtime';

/**
 * The problem types `connectors` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw connectorsProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `connectorsProblem.types`.
 */
export const connectorsProblem = problemsOf({
  'connector-not-allowed': {
    status: 403,
    title: 'AI-connector tokens are not accepted here',
    meaning:
      "Webhook management, the list of patient consents and the organization's connector settings take the organization's API key only; an AI-connector token was sent. An AI connector's OAuth access token is accepted only by its organization's MCP endpoint, never by the REST API.",
    action: 'Send the organization API key in `X-API-Key`.',
  },
  'spending-limit-exceeded': {
    status: 403,
    title: 'Over the spending limit of the connector grant',
    meaning:
      "An AI connector acting under a wallet holder's grant asked to move more than the grant allows: per transaction, per day (UTC) or in total (`limit`, `spent`, `requested` in base units). Nothing was moved.",
    action: 'Ask the wallet holder to raise the limit (a new consent), or spend less.',
  },
  'recipient-not-allowed': {
    status: 403,
    title: "Recipient not in the grant's allow-list",
    meaning: "The wallet holder's grant limits transfers to an allow-list of recipients, and this one is not on it. Nothing was moved.",
    action: 'Transfer to an address on the allow-list, or ask the wallet holder for a new consent.',
  },
  'approval-required': {
    status: 403,
    title: "Waiting for the wallet holder's approval",
    meaning:
      'The amount is above the approval threshold the wallet holder set for this AI connector; nothing moved yet. The MCP tool answers with a pending approval and the link (`approvalUrl`) where the holder approves it with Sign-In with Ethereum.',
    action: 'Show the link to the wallet holder; the payment is made when they approve it.',
  },
  'connectors-not-enabled': {
    status: 403,
    title: 'AI connectors are not enabled for this organization',
    meaning: 'The organization has set no connector ceiling (the scopes, clients and limits its users may grant), so no grant can be made.',
    action: 'The organization sets its ceiling with `POST /connectors/ceiling` (API key) or the operator with `admin connector:ceiling`.',
  },
});

type ConnectorsProblems = typeof connectorsProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends ConnectorsProblems {}
}
