/**
 * What the catalogue says of a problem type: its HTTP status, its `title` (RFC 9457 §3.1.3), and
 * for the human-readable page at `/problems/<code>`, what it means and what the client should do.
 */
export interface ProblemTypeInfo {
  status: number;
  title: string;
  meaning: string;
  action: string;
}

/**
 * Every error the service reports to a client is an AppError with a code from this table.
 * The HTTP layer maps it, in one place, to an RFC 9457 problem document
 * (`type` = `/problems/<code>`, `title`, `status`, `detail`).
 */
export const errorCatalog = {
  'validation-error': {
    status: 400,
    title: 'Invalid request',
    meaning:
      "The path, query string, a header or the JSON body does not match the operation's schema; `errors` lists each field (`path`, `message`).",
    action: 'Fix the fields named in `errors` and send the request again. Unknown body fields and query parameters are refused too.',
  },
  'malformed-json': {
    status: 400,
    title: 'Malformed JSON body',
    meaning: 'The body could not be parsed as JSON.',
    action: 'Send a valid JSON document with `Content-Type: application/json`.',
  },
  'unsupported-chain': {
    status: 400,
    title: 'Unsupported chain',
    meaning: 'The bridge does not serve the CAIP-2 chain named in the request; `supportedChains` lists those it does.',
    action: 'Pick one of the chains in `supportedChains`.',
  },
  unauthenticated: {
    status: 401,
    title: 'Unauthenticated',
    meaning:
      'The credentials are missing, unknown, revoked or expired: the API key in `X-API-Key`, or the session JWT in `Authorization: Bearer`. The `WWW-Authenticate` header names the credential that failed.',
    action:
      "Send the organization's API key in `X-API-Key` and, on gateway operations, a current session JWT (log the wallet in again with `POST /api/gateway/v1/sso/login` when it has expired). Repeated failures from one address are rate limited.",
  },
  'invalid-signature': {
    status: 401,
    title: 'Invalid login signature',
    meaning:
      'The Sign-In with Ethereum (EIP-4361) message or its signature was refused; `detail` says which check failed and what the service expects, and the members `field` (`message`, `domain`, `uri`, `chainId`, `issuedAt`, `notBefore`, `expirationTime`, `signature`, `nonce`) and `expected` say it for programs.',
    action:
      'Fix the field named in `field` (a `domain` other than `SIWE_DOMAIN`, a clock off by minutes, a nonce used twice are the usual causes), fetch a new nonce, sign a fresh message with the wallet and log in again.',
  },
  'payment-required': {
    status: 402,
    title: 'Insufficient credits',
    meaning: 'The wallet holds fewer AI credits than the operation consumes; `balance` and `required` give both amounts.',
    action: 'Buy credits (`POST /api/ai-billing/credits/purchase`) and retry.',
  },
  'insufficient-scope': {
    status: 403,
    title: 'Insufficient scope',
    meaning: 'The credential is valid but lacks the scope the operation needs (`requiredScope`).',
    action: 'Use an API key that carries `requiredScope`, or ask the operator to issue one.',
  },
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
  'holder-authorization-required': {
    status: 403,
    title: "Needs the wallet holder's signed allowance",
    meaning:
      "The session asked to move value to someone other than its organization or the wallet holder's own address (a transfer to another wallet, a bridge to another address), and the holder signed no allowance for it at login. A session JWT alone never lets a backend send a wallet's value to third parties. Nothing was moved.",
    action:
      "Log the holder in again with an allowance in the EIP-4361 message's Resources (`urn:gw:allowance?per_transaction=…&per_day=…&total=…&recipients=…`, docs/integrating.md), so that they see and sign the limits.",
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
  'not-payer': {
    status: 403,
    title: 'Only the payer can confirm this payment',
    meaning: "The JWT's wallet is not the payer of this payment.",
    action: "Confirm with a session of the payer's wallet.",
  },
  'role-required': {
    status: 403,
    title: 'Role required',
    meaning: "The JWT's wallet does not hold the role the operation needs (`requiredRole`).",
    action: 'Have the operator grant the role, then log in again so that the new JWT carries it.',
  },
  'consent-required': {
    status: 403,
    title: 'Consent required',
    meaning: 'The patient (`patient`) has not given a current consent that covers this access.',
    action: 'Ask the patient for a signed consent, then retry.',
  },
  'session-organization-mismatch': {
    status: 403,
    title: 'The session belongs to another organization',
    meaning: "The JWT was issued through another organization's login and is accepted only with that organization's credentials.",
    action: 'Log the user in with your own API key (`X-API-Key` on `POST /api/gateway/v1/sso/login`).',
  },
  'native-session-not-allowed': {
    status: 403,
    title: 'Native sessions need the credentials of a native organization',
    meaning: 'The JWT is a native session (a login without an API key), accepted only with the credentials of a native application.',
    action: 'Log the user in with your API key in `X-API-Key` to get a session bound to your organization.',
  },
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
  'not-found': {
    status: 404,
    title: 'Not found',
    meaning: 'No route matches the path, or the object does not exist or belongs to another organization.',
    action: 'Check the path and the id; ids of other organizations are answered as unknown.',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    meaning: 'The path exists but does not support this HTTP method; the `Allow` header lists the methods it does support.',
    action: 'Use one of the methods in `Allow`.',
  },
  'payload-too-large': {
    status: 413,
    title: 'Payload too large',
    meaning: 'The request body exceeds the size limit (64 KiB).',
    action: 'Send a smaller body.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported media type',
    meaning: 'The request has a body that is not `application/json`, or an unsupported encoding.',
    action: 'Send the body as `application/json` (UTF-8, no content encoding).',
  },
  'invalid-state': {
    status: 409,
    title: 'Invalid state for this operation',
    meaning:
      'The object is not in a state that allows the operation (for instance a payment already settled, a locked staking position, a duplicate reference); `reason` may say more.',
    action: 'Read the object again and act on its current state.',
  },
  'already-voted': {
    status: 409,
    title: 'Already voted',
    meaning: 'The wallet has already voted on this proposal; a vote cannot be changed.',
    action: 'Nothing to do; read the proposal for the tally.',
  },
  'voting-closed': {
    status: 409,
    title: 'Voting is closed',
    meaning: "The proposal's voting period has ended.",
    action: 'Nothing to do; read the proposal for the result.',
  },
  'voting-not-started': {
    status: 409,
    title: 'Voting has not started',
    meaning: "The proposal's voting period has not begun yet.",
    action: 'Retry once the voting period starts.',
  },
  'no-voting-power': {
    status: 422,
    title: 'No voting power',
    meaning:
      "The wallet had no delegated votes (ERC20Votes `getVotes`) at the proposal's snapshot block, so the Governor would count its vote with weight 0.",
    action: "Delegate the wallet's tokens (to itself: `POST /governance/delegate`) before the next proposal's snapshot.",
  },
  'idempotency-key-reused': {
    status: 422,
    title: 'Idempotency key reused with a different request',
    meaning:
      'This `Idempotency-Key` was already used (within its time to live) with another body, operation or wallet (draft-ietf-httpapi-idempotency-key-header §2.7).',
    action: 'Use a new key for a new request; reuse a key only to retry exactly the same request.',
  },
  'insufficient-funds': {
    status: 422,
    title: 'Insufficient funds',
    meaning: 'The balance of the account to debit is smaller than the amount; `reason` may say which account.',
    action: 'Top up the balance or send a smaller amount.',
  },
  'invalid-permit': {
    status: 422,
    title: 'Invalid permit',
    meaning:
      "The EIP-2612 permit of a gasless deposit or a stake was refused before anything was sent on chain: its signature does not recover to the session's wallet for the token's current nonce (`nonces(owner)`), the custody address (or the staking contract) as spender, this amount and this deadline, or its deadline is less than 60 s ahead; `field` names the part (`signature`, `deadline`).",
    action:
      'Fetch the typed data again (`GET /gateway/v1/wallet/permit-deposits/typed-data`), sign it with the wallet (EIP-712 `signTypedData`) and send it with the same amount and deadline.',
  },
  'invalid-governance-signature': {
    status: 422,
    title: 'Invalid signature',
    meaning:
      "An EIP-712 signature relayed on chain (a governance ballot or delegation) was refused before anything was sent: it does not recover to the session's wallet for the contract's current nonce and this message, or its expiry is less than 60 s ahead; `field` names the part (`signature`, `nonce`, `expiry`) and `nonce` the expected nonce.",
    action:
      'Fetch the typed data again (`GET /governance/ballot/typed-data`, `GET /governance/delegation/typed-data`), sign it with the wallet and send it unchanged.',
  },
  'invalid-staking-signature': {
    status: 422,
    title: 'Invalid signature',
    meaning:
      "An EIP-712 authorisation the gateway relays on the wallet's behalf (unstake, claim) was refused before anything was sent on chain: it does not recover to the session's wallet for the contract's current nonce (`nonces(owner)`), this amount and this deadline, or its deadline is less than 60 s ahead; `field` names the part (`signature`, `deadline`).",
    action:
      'Fetch the typed data again (`GET /gateway/v1/staking/typed-data`), sign it with the wallet (EIP-712 `signTypedData`) and send it with the same amount and deadline.',
  },
  'invalid-consent-signature': {
    status: 422,
    title: 'Invalid consent signature',
    meaning: 'The EIP-712 consent statement is not signed by the patient it names.',
    action: "Have the patient's wallet sign the statement again.",
  },
  'rate-limited': {
    status: 429,
    title: 'Too many requests',
    meaning:
      'The client went over its request rate limit, failed authentication too often from one address, or went over the budget of an operation (bulk webhook recoveries per organization and hour).',
    action:
      'Wait for the number of seconds in `Retry-After`, then retry with exponential back-off; the `RateLimit` header shows the remaining quota.',
  },
  'event-quota-exceeded': {
    status: 429,
    title: 'Event quota exceeded',
    meaning:
      'The organization created more payment events in the last minute than its quota (`ORG_EVENT_QUOTA_PER_MINUTE`, `limit`) allows: every payment created and every refund counts one, as each sends a webhook event to every subscribed endpoint. The quota is per organization, whichever of its keys is used.',
    action:
      'Wait for the number of seconds in `Retry-After`, then retry; spread bursts of payments over time, or ask the operator for a higher quota.',
  },
  internal: {
    status: 500,
    title: 'Internal server error',
    meaning: 'An unexpected error occurred; it has been logged.',
    action: 'Retry later; report the `X-Request-Id` of the answer if it persists.',
  },
  'chain-not-local': {
    status: 409,
    title: 'Not a local chain',
    meaning:
      'The operation (the faucet, minting test tokens) only exists on chains marked local (`CHAIN_LOCAL_IDS`, anvil by default), where tokens have no value; on any other chain tokens enter custody by deposit only.',
    action: 'Deposit tokens on chain to the custody address (`GET /gateway/v1/contracts/addresses`).',
  },
  'chain-unavailable': {
    status: 503,
    title: 'Chain unavailable',
    meaning:
      'The EVM node of the chain did not answer within `CHAIN_RPC_TIMEOUT_MS`, answered an error, has no deployment of the contracts recorded, or no chain is configured (`CHAIN_RPC_URLS`). Nothing was changed.',
    action: 'Retry shortly with exponential back-off; `GET /gateway/v1/contracts/addresses` lists the chains that are deployed.',
  },
  unavailable: {
    status: 503,
    title: 'Service unavailable',
    meaning: 'A dependency (the database or the job queue) is unreachable.',
    action: 'Retry shortly with exponential back-off.',
  },
} as const satisfies Record<string, ProblemTypeInfo>;

export type ErrorCode = keyof typeof errorCatalog;

/**
 * One challenge of a `WWW-Authenticate` header field (RFC 9110 §11.6.1): an auth scheme and its
 * parameters, e.g. `{ scheme: 'Bearer', params: { realm: 'gateway', error: 'invalid_token' } }`
 * (RFC 6750 §3). Parameter values are sent as quoted strings.
 */
export interface AuthChallenge {
  scheme: string;
  params: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  readonly title: string;
  /** `WWW-Authenticate` challenges of a 401 (see the constructor), or undefined for the default. */
  readonly challenges: readonly AuthChallenge[] | undefined;
  /** Seconds for the `Retry-After` header of the answer (RFC 9110 §10.2.3), or undefined for none. */
  readonly retryAfterSeconds: number | undefined;

  /**
   * @param code problem type from {@link errorCatalog}
   * @param detail human-readable explanation specific to this occurrence (sent to the client:
   *   never put secrets or internals in it)
   * @param extensions extra problem members (RFC 9457 §3.2), e.g. `{ errors: [...] }`
   * @param options.challenges for a 401: the `WWW-Authenticate` challenges the answer carries
   *   (the HTTP layer sends a default API-key challenge when none are given); ignored otherwise
   * @param options.retryAfterSeconds for a 429 or 503 raised by a service (an operation's own
   *   budget): the answer's `Retry-After`, in whole seconds
   */
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extensions: Record<string, unknown> = {},
    options: { challenges?: readonly AuthChallenge[]; retryAfterSeconds?: number } = {},
  ) {
    super(detail ?? errorCatalog[code].title);
    this.name = 'AppError';
    this.status = errorCatalog[code].status;
    this.title = errorCatalog[code].title;
    this.challenges = options.challenges;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
