/**
 * Every error the service reports to a client is an AppError with a code from this table.
 * The HTTP layer maps it, in one place, to an RFC 9457 problem document
 * (`type` = `/problems/<code>`, `title`, `status`, `detail`).
 */
export const errorCatalog = {
  'validation-error': { status: 400, title: 'Invalid request' },
  'malformed-json': { status: 400, title: 'Malformed JSON body' },
  'unsupported-chain': { status: 400, title: 'Unsupported chain' },
  unauthenticated: { status: 401, title: 'Unauthenticated' },
  'invalid-signature': { status: 401, title: 'Invalid login signature' },
  'payment-required': { status: 402, title: 'Insufficient credits' },
  'insufficient-scope': { status: 403, title: 'Insufficient scope' },
  'connector-not-allowed': { status: 403, title: 'AI-connector tokens cannot manage webhooks' },
  'not-payer': { status: 403, title: 'Only the payer can confirm this payment' },
  'role-required': { status: 403, title: 'Role required' },
  'consent-required': { status: 403, title: 'Consent required' },
  'session-organization-mismatch': { status: 403, title: 'The session belongs to another organization' },
  'native-session-not-allowed': { status: 403, title: 'Native sessions need the credentials of a native organization' },
  'webhook-limit-reached': { status: 409, title: 'Webhook limit reached' },
  'not-found': { status: 404, title: 'Not found' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'invalid-state': { status: 409, title: 'Invalid state for this operation' },
  'already-voted': { status: 409, title: 'Already voted' },
  'voting-closed': { status: 409, title: 'Voting is closed' },
  'voting-not-started': { status: 409, title: 'Voting has not started' },
  'no-voting-power': { status: 422, title: 'No voting power' },
  'idempotency-key-reused': { status: 409, title: 'Idempotency key reused with a different request' },
  'insufficient-funds': { status: 422, title: 'Insufficient funds' },
  'invalid-consent-signature': { status: 422, title: 'Invalid consent signature' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal server error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export class AppError extends Error {
  readonly status: number;
  readonly title: string;

  /**
   * @param code problem type from {@link errorCatalog}
   * @param detail human-readable explanation specific to this occurrence (sent to the client:
   *   never put secrets or internals in it)
   * @param extensions extra problem members (RFC 9457 §3.2), e.g. `{ errors: [...] }`
   */
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail ?? errorCatalog[code].title);
    this.name = 'AppError';
    this.status = errorCatalog[code].status;
    this.title = errorCatalog[code].title;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
