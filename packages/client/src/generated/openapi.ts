/**
 * GENERATED FILE: do not edit. Regenerate with `pnpm client:generate` (scripts/generate-client.ts).
 *
 * TypeScript types of the Service Gateway API, produced by openapi-typescript from the OpenAPI
 * document that `@gw/api` serves at `GET /api/openapi.json` (buildOpenApiDocument()).
 */

export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness and dependencies
     * @description Checks PostgreSQL and Redis (2 s timeout each). 503 names the failing check. Not rate limited.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/sso/nonce': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a nonce for the login message
     * @description Returns a nonce issued by the service for the `Nonce:` field of the EIP-4361 login message: single use, valid for 10 minutes. The nonce is stateless (it carries its expiry and the service's MAC over it): asking for one stores nothing; the login that uses it records its single use. Login accepts only nonces issued here (except while the operator sets `SIWE_CLIENT_NONCES=true`, a migration aid for one release). Not cacheable.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getLoginNonce'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/sso/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with Ethereum (EIP-4361)
     * @description Takes an EIP-4361 message and the wallet's signature of it and returns an ES256 JWT. The message's `domain` must be `SIWE_DOMAIN`; its `URI` must have that domain as its authority and use https (http only for `localhost`); its `Chain ID` must be one of `SIWE_CHAIN_IDS` (default `1`); its nonce must come from `GET /gateway/v1/sso/nonce` (single use, 10 minutes); `Issued At` must be a valid RFC 3339 date-time at most 5 minutes old; `Not Before`/`Expiration Time` must be valid and are honoured; nothing may follow the last field; the signature must recover to the message address. Any failure is 401 `invalid-signature`, whose `detail` names the field, its value and what the service expects, also given as the extension members `field` and `expected`.
     *
     *     **Local development** (`NODE_ENV=development`, the default of `pnpm start`, with a loopback `SIWE_DOMAIN` such as the default `localhost`): the `domain` may also be `localhost`, `127.0.0.1` or `[::1]`, with or without the port the API listens on, and the `URI` may use http on them, so a client signing for its base address (`http://localhost:3000/api` → `localhost:3000`) logs in without configuration. Production accepts exactly `SIWE_DOMAIN`.
     *
     *     **Organization-bound sessions:** an integrator's backend sends its API key in the optional `X-API-Key`: the JWT then carries the organization (`org` and `azp` claims, `organizationId` in the answer) and is accepted only together with that organization's credentials; any other organization gets 403 `session-organization-mismatch`. Without a key the JWT is a native session (`organizationId: null`), valid across the native applications: accepted only with the credentials of organizations the operator marked native, others get 403 `native-session-not-allowed`. An `X-API-Key` that is not valid is 401 `unauthenticated`. Verify the JWT with the keys of `GET /.well-known/jwks.json`. The session sends value to others (transfers to another wallet, bridges to another address) only within an allowance the holder signs in the message's Resources: `urn:gw:allowance?per_transaction=<base units>&per_day=<base units>&total=<base units>&recipients=<0x…,0x…|*>` (docs/integrating.md); a malformed one is 401 `invalid-signature` with `field: resources`.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    post: operations['login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/jwks.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Public keys of the session JWTs (RFC 7517)
     * @description The P-256 public keys (with `kid`) that verify the JWTs issued by login. Cacheable for 5 minutes.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getJwks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register (or update) a webhook destination
     * @description Creates a destination (201), or updates the one with this URL (200): events replaced, **secret rotated** (the old one stops working at once), webhook re-activated. The secret is returned only here. `events` ⊆ `payment.settled`, `payment.failed`, `payment.expired`, `payment.refunded` (default `["payment.settled"]`). `signatureScheme: "standard-webhooks"` adds the Standard Webhooks headers to the `X-Service-*` ones (re-registering without it resets it to `service`). Loopback, private, carrier-grade NAT, link-local, unique-local and unspecified destinations (also as IPv6 forms that embed such an IPv4 address: `::a.b.c.d`, `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are 400 unless `WEBHOOK_ALLOW_PRIVATE_URLS=true`. A host that does not resolve gets the same 400 and the same `detail` as one that resolves to such an address (`url is not an allowed public destination…`), so registration tells nothing about DNS. The port must be in `WEBHOOK_ALLOWED_PORTS` (default 80, 443, 1024–65535) and not in `WEBHOOK_BLOCKED_PORTS` (database, cache and queue ports such as 5432, 6379, 3306, 27017, 9200, 11211, 5672, 2375): else 400. At most `WEBHOOKS_MAX_PER_ORG` (default 20) active webhooks per organization: a new URL past it is 409 `webhook-limit-reached`.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:write` (on the API key).
     */
    post: operations['registerWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organization's webhooks
     * @description All webhooks of the organization, oldest first, active or not. Never carries a secret. Served from a per-process copy that every registration or deactivation evicts on every API replica (announced over Redis, within milliseconds); `WEBHOOK_CACHE_TTL_MS` bounds staleness if an announcement is lost. Each item's `health` is its endpoint's circuit breaker, read live (see the webhooks guide: delivery isolation). 503 when Redis cannot be read.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:read` (on the API key).
     */
    get: operations['listWebhooks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List deliveries
     * @description Deliveries of the organization, newest first: `pending` (attempts scheduled), `delivered`, or `dead` (attempts exhausted). Each names its webhook, its event (`eventId`, `event`) and the payment the event is about (`paymentId`). Filters, combined with AND: `status`, `webhookId`, `event` (type), `paymentId`, `createdAfter` (inclusive) and `createdBefore` (exclusive, ISO 8601 date-times); a webhook or payment id of another organization matches nothing. Each filter is served by an index, so a rare one is found without walking the organization's other deliveries.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:read` (on the API key).
     */
    get: operations['listDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks/deliveries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a delivery with its attempts
     * @description The delivery, as listed, with `attemptLog`: every recorded attempt, oldest first: its number, the HTTP status of the answer (null when none came), the duration in ms, the error, the first 1 KiB of the answer body as received (`responseBody`) and when it ended. A deferral behind an open circuit is not an attempt: `nextAttemptAt` shows when the next one is due. Poll it to watch a delivery (a test event, a resend) until it is `delivered` or `dead`.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:read` (on the API key).
     */
    get: operations['getDelivery'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks/deliveries/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resend a delivery by hand
     * @description Makes one immediate attempt of a `dead` or `delivered` delivery (success → `delivered`, failure → `dead` again, without the automatic back-off). For a `pending` delivery waiting for its next automatic attempt, that attempt is brought forward to now (it remains one of its automatic attempts: on failure the back-off goes on). Immediate means as soon as the webhook's circuit lets an attempt go: while it is `open` (after repeated failures), the attempt waits for the end of its cool-down, like every delivery to that endpoint. The answer says which: `health` is the webhook's circuit now and `nextAttemptAt` is when the attempt is due (`health.openUntil` while open, else now). A delivery of a deactivated webhook is 409; 503 when the circuit cannot be read (nothing changed).
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:write` (on the API key).
     */
    post: operations['retryDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks/{id}/recover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resend every dead delivery since a time (bulk recovery after an outage)
     * @description Every `dead` delivery of the webhook created at or after `since` gets one new attempt, exactly like a manual resend (success → `delivered`, failure → `dead`). The work runs in the background through the queue; `recovered` is how many deliveries it reopens. `since` may be at most 30 days ago and not in the future (400). A deactivated webhook is 409: register its URL again first. Limits: one recovery reopens at most `WEBHOOK_RECOVERY_MAX_DELIVERIES` (1000) deliveries, the oldest first, and `more: true` says others remain; while a recovery of the webhook is queued or running, another is 409 `recovery-in-progress`; an organization may start `WEBHOOK_RECOVERIES_PER_HOUR` (10) recoveries in any rolling hour, over all its webhooks, then 429 `rate-limited` with `Retry-After` (a recovery that finds nothing dead is not counted).
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:write` (on the API key).
     */
    post: operations['recoverWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organization's events
     * @description The organization's events (every payment state change, and the test events), whether or not a webhook subscribes to them. Each is the body its deliveries carry, without the `delivery` block: `{ id, type, createdAt, test, data }`. In id order (UUIDv7: creation order): newest first by default, oldest first with `order=asc`. `after=<event id>` keeps only the events after it; `type`, `createdAfter` (inclusive) and `createdBefore` (exclusive) filter. A reader that tails the events (a forwarder) asks `order=asc&after=<the last id it handled>`. An event becomes visible when its transaction commits, a few milliseconds after its id was taken, so a tail that must miss nothing asks again from a slightly older id (the last one handled a few seconds ago) and skips the ids it has already handled. Events are kept as long as one of their deliveries is (`DELIVERY_RETENTION_DAYS`, `DEAD_DELIVERY_RETENTION_DAYS`); an event without any delivery goes after `DELIVERY_RETENTION_DAYS`.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:read` (on the API key).
     */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/events/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read an event
     * @description One event of the organization, as `GET /gateway/v1/events` lists it.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:read` (on the API key).
     */
    get: operations['getEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a webhook
     * @description One webhook of the organization, active or not, as `GET /gateway/v1/webhooks` lists it, with its endpoint's circuit (`health`) read live. Never carries the secret. 503 when Redis cannot be read.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:read` (on the API key).
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Deactivate a webhook
     * @description Stops new deliveries to the webhook; its pending deliveries are not attempted again: each ends `dead` with `lastError: "webhook deactivated"` when it next falls due. Register its URL again to re-activate it.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:write` (on the API key).
     */
    delete: operations['deactivateWebhook'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event to a webhook
     * @description Sends a signed sample event of type `event` (default `payment.settled`; any event type) to this one webhook, even if it does not subscribe to that type, through the real pipeline: an event and one delivery are written in one transaction and the delivery is queued, signed, attempted, retried and recorded like every other. Its body carries `"test": true`, and its object is made up: id `00000000-0000-7000-8000-000000007e57`, address `0x0000000000000000000000000000000000007e57` (a payment's payer, a withdrawal's recipient, a bridge transfer's sender), 1 token, the state the event reports (a payment's description says it is a test). The answer is the delivery (202, `pending`): poll `GET /gateway/v1/webhooks/deliveries/{id}` to watch its attempts. The event is listed by `GET /gateway/v1/events` with `test: true`. A deactivated webhook is 409 (register its URL again first). Each test event counts one event against the organization's `ORG_EVENT_QUOTA_PER_MINUTE`.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `webhooks:write` (on the API key).
     */
    post: operations['sendTestEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/connectors/grants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My grants to AI connectors
     * @description The JWT wallet's grants to AI connectors at the calling organization, newest first, with their limits and what is left of them (base units of the native token; the day is the UTC day).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:read` (on the API key). **AI-connector tokens** are refused here (403 `connector-not-allowed`), whatever their scopes: only the organization's API key.
     */
    get: operations['listMyConnectorGrants'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/connectors/grants/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke one of my grants
     * @description Revokes the grant at once: its access and refresh tokens are deleted in the same transaction, so the connector's next request is 401 on every replica. Revoking a revoked grant changes nothing and returns it. Another wallet's grant is 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:write` (on the API key). **AI-connector tokens** are refused here (403 `connector-not-allowed`), whatever their scopes: only the organization's API key.
     */
    delete: operations['revokeMyConnectorGrant'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connectors/ceiling': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's connector ceiling
     * @description What the organization lets its users grant to AI connectors: scopes, clients and the highest limits. 404 `not-found` while connectors are not enabled (no ceiling set).
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `connectors:read` (on the API key).
     */
    get: operations['getConnectorCeiling'];
    put?: never;
    /**
     * Set the organization's connector ceiling
     * @description Replaces the ceiling: the scopes (connector scopes only: no webhook, consent or health scope), the OAuth clients (`anyClient`, or a list of client ids) and the highest per-transaction, per-day and total limits (base units; null = no cap) the organization's users may grant. Existing grants keep their limits; new consents are capped by the new ceiling.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `connectors:write` (on the API key).
     */
    post: operations['setConnectorCeiling'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connectors/grants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's users' grants
     * @description Every grant made to AI connectors at the organization (optionally one wallet's), newest first, with spent and remaining amounts.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `connectors:read` (on the API key).
     */
    get: operations['listConnectorGrants'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connectors/grants/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a user's grant
     * @description Revokes one of the organization's grants at once (its tokens are deleted; the next request with them is 401).
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `connectors:write` (on the API key).
     */
    delete: operations['revokeConnectorGrant'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/connectors/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The connector audit trail
     * @description The organization's append-only connector audit records, newest first: consents, tool calls (tool, SHA-256 of the arguments, amount, outcome), approvals and revocations.
     *
     *     **Authentication:** the organization's API key in `X-API-Key` only: a Bearer token alone is 401, an AI connector's OAuth access token 403 `connector-not-allowed`. **Scope:** `connectors:read` (on the API key).
     */
    get: operations['listConnectorAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the organization's payments
     * @description Payments to the organization, newest first, optionally of one status.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `payments:read` (on the API key).
     */
    get: operations['listPayments'];
    put?: never;
    /**
     * Create a payment
     * @description A payment of `amount` (integer base units of the native token) from the JWT's wallet (payer) to the API key's organization (payee), `pending` until the payer confirms it. It expires after `expiresInSeconds` (default 900): the expiry scan moves it to `expired` within about a second. Each payment created counts one event against the organization's `ORG_EVENT_QUOTA_PER_MINUTE` (it will send one webhook event).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `payments:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['createPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/payments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a payment
     * @description The source of truth about a payment (webhooks are not): query it when in doubt.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `payments:read` (on the API key).
     */
    get: operations['getPayment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/payments/{id}/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm (pay) a pending payment
     * @description Only the payer's JWT may confirm (403 `not-payer`). Settles the payment (one ledger entry payer → organization) or, when the payer's balance is short, answers 200 with the payment `failed`. Not pending → 409; past its expiry → expired and 409. A `credit_purchase` mints its credits in the same transaction.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `payments:write` (on the API key).
     */
    post: operations['confirmPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/payments/{id}/refund': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Refund a settled payment
     * @description Moves the amount back from the organization to the payer. Not settled → 409. A settled `credit_purchase` takes its credits back; once any were consumed the refund is 409.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `payments:write` (on the API key).
     */
    post: operations['refundPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/balances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The JWT wallet's balances
     * @description `data`: the custodial balances the gateway holds for the wallet in its ledger, every token of the service, zeros included, native token first. `onchain`: the wallet address's own ERC-20 balance on each configured chain, read at the latest block (one JSON-RPC batch per chain, cached `CHAIN_READ_CACHE_MS`). Balances are integer base units. A chain node that does not answer within `CHAIN_RPC_TIMEOUT_MS` → 503 `chain-unavailable`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:read` (on the API key).
     */
    get: operations['getWalletBalances'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/transfer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Transfer tokens to another wallet
     * @description Moves `amount` of `token` (default the native token) from the JWT's wallet to `to` in one ledger entry. Transferring to oneself, a bad address or an unknown token is 400; a short balance 422. Sending to another wallet needs the allowance the holder signed at login (`urn:gw:allowance` in the EIP-4361 Resources, docs/integrating.md): without one → 403 `holder-authorization-required`; over its limits or recipients → 403 `spending-limit-exceeded` or `recipient-not-allowed`. Nothing moves on a refusal.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['transfer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/withdraw': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Withdraw custodial tokens to the wallet on chain
     * @description Debits `amount` of the native token from the JWT wallet's custodial balance and sends it on the home chain to the wallet's own address. The debit and the on-chain transaction are recorded in one transaction; the worker signs and sends it (nonce from PostgreSQL, signed bytes stored first, fee bumps), and the withdrawal becomes `confirmed` once included `CHAIN_CONFIRMATIONS` deep, or `failed` (reverted or refused on chain) with the amount credited back once. Poll `GET /wallet/withdrawals/{id}`. A short custodial balance → 422; no chain or no token deployed → 503 `chain-unavailable`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['withdraw'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/withdrawals/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A withdrawal and its state
     * @description A withdrawal of the JWT's wallet: `pending`, `submitted` (broadcast; `txHash` is the latest transaction signed for it), `confirmed` or `failed`. Another wallet's or organization's id → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:read` (on the API key).
     */
    get: operations['getWithdrawal'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/deposits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The JWT wallet's deposits
     * @description Transfers of the native token from the JWT wallet to the custody address (`GET /contracts/addresses`) on the home chain, newest first, found by polling the chain every `CHAIN_POLL_INTERVAL_MS`. A deposit is `pending` until `CHAIN_CONFIRMATIONS` blocks are on top of it, then `credited` to the custodial balance once (keyed by chain, transaction hash and log index); one reorged out while pending disappears and is never credited; a credited one later reorged out is `orphaned` and reported to the operator. `confirmations` is counted from the head read now; a node that does not answer within `CHAIN_RPC_TIMEOUT_MS` → 503 `chain-unavailable`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:read` (on the API key).
     */
    get: operations['listWalletDeposits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/permit-deposits/typed-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The permit to sign for a gasless deposit
     * @description The EIP-712 typed data of an EIP-2612 `Permit` of the JWT wallet for `amount` base units of the native token: the token's own domain (ERC-5267), the custody address as spender, the wallet's current permit nonce (read now, never cached) and a deadline one hour ahead. Sign it with `signTypedData` (viem, ethers; `@service-gateway/client` does it in `depositWithPermit`) and send the signature to `POST /wallet/permit-deposits` with the same amount and deadline.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:write` (on the API key).
     */
    get: operations['getPermitTypedData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/permit-deposits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deposit on chain without gas: relay a signed permit
     * @description Moves `amount` of the JWT wallet's own tokens into custody on the home chain, the gateway paying the gas: it checks the signed permit (it must recover to the wallet for the token's current nonce, the custody address, this amount and deadline; deadline at least 60 s ahead; the wallet holds the amount), then relays `permit` and, once that is `CHAIN_CONFIRMATIONS` deep, `transferFrom(wallet, custody, amount)` through the on-chain outbox. The transfer is an ordinary deposit: it is credited to the custodial balance once, by the deposit scan (`GET /wallet/deposits`). Poll `GET /wallet/permit-deposits/{id}`. One gasless deposit per wallet at a time (409 `invalid-state` while one is in flight).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['depositWithPermit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/wallet/permit-deposits/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A gasless deposit and its state
     * @description A permit deposit of the JWT's wallet: `pending`, `submitted` (the permit or the transfer is on its way), `confirmed` (the transfer is `CHAIN_CONFIRMATIONS` deep; `deposit` follows the credit) or `failed` (nothing moved). Another wallet's or organization's id → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `wallet:read` (on the API key).
     */
    get: operations['getPermitDeposit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/staking/stake': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stake the native token on chain
     * @description `source: custody` stakes `amount` of the JWT wallet's custodial balance: the debit and the on-chain `stakeFor(wallet, amount)` (after the custody address's `approve`) are one change; a failure on chain credits it back once. `source: permit` stakes the wallet's own tokens by its EIP-2612 permit to the staking contract (typed data: `GET /staking/typed-data?action=stake`), relayed as `stakeWithPermit`. Either way the stake is the wallet's own on chain: only its signature (or itself) can unstake, to its own address. Relayed through the on-chain outbox (the gateway pays the gas); poll `GET /staking/operations/{id}` (`pending`, `submitted`, `confirmed`, `failed`). Checked before anything is written: a short custodial or on-chain balance → 422 `insufficient-funds`, a bad permit → 422 `invalid-permit`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `staking:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['stake'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/staking/unstake': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Unstake by the wallet’s signature
     * @description Relays the JWT wallet's EIP-712 `Withdraw` signature (typed data: `GET /staking/typed-data?action=unstake`) as `withdrawBySig`: `amount` of its stake goes to the wallet's own address on chain, not back to custody. Relayed through the on-chain outbox (the gateway pays the gas); poll `GET /staking/operations/{id}` (`pending`, `submitted`, `confirmed`, `failed`). A bad signature → 422 `invalid-staking-signature`; a stake smaller than `amount` → 422 `insufficient-funds`; nothing is written then.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `staking:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['unstake'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/staking/claim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Claim rewards by the wallet’s signature
     * @description Relays the JWT wallet's EIP-712 `GetReward` signature (typed data: `GET /staking/typed-data?action=claim`) as `getRewardBySig`: its rewards are paid to its own address on chain; the operation's `amount` is the reward paid, once confirmed. Relayed through the on-chain outbox (the gateway pays the gas); poll `GET /staking/operations/{id}` (`pending`, `submitted`, `confirmed`, `failed`). A bad signature → 422 `invalid-staking-signature`; no rewards accrued → 422 `insufficient-funds`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `staking:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['claimStakingRewards'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/staking/typed-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the wallet signs to stake by permit, unstake or claim
     * @description The EIP-712 typed data for the JWT wallet: `action=stake` the token's EIP-2612 `Permit` (spender: the staking contract), `action=unstake` the staking contract's `Withdraw`, `action=claim` its `GetReward`; each with the signing contract's own domain (ERC-5267), the wallet's current nonce (read now, never cached) and a deadline one hour ahead. `amount` is required for `stake` and `unstake`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `staking:write` (on the API key).
     */
    get: operations['getStakingTypedData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/staking/operations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A stake, unstake or claim and its state
     * @description An operation of the JWT's wallet: `pending`, `submitted`, `confirmed` or `failed`, with `txHash`. Another wallet's or organization's id → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `staking:read` (on the API key).
     */
    get: operations['getStakingOperation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/staking/positions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The wallet's positions, read from the contract
     * @description The JWT wallet's position in each pool, read from the staking contract (one JSON-RPC batch, cached CHAIN_READ_CACHE_MS): `staked` (`balanceOf`), `earned` (rewards not yet claimed) and `nonce` (for the next signature). No chain or no deployment, or the node is slow → 503 `chain-unavailable`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `staking:read` (on the API key).
     */
    get: operations['listStakingPositions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/farming/pools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Farming pools, read from their contracts
     * @description Each pool's figures from its contract (cached CHAIN_READ_CACHE_MS): `totalStaked`, `rewardRate` (base units per second), `rewardBalance` (funded rewards left) and `aprBps` = rewardRate × 31,536,000 × 10,000 ÷ totalStaked, integer basis points rounded down (stake and reward are the same token; null when nothing is staked). No chain → 503 `chain-unavailable`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `farming:read` (on the API key).
     */
    get: operations['listFarmingPools'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/governance/proposals': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Active proposals
     * @description The Governor's proposals on the home chain, newest first, indexed from its events (`ProposalCreated`, …) once `CHAIN_CONFIRMATIONS` deep. `state=active` (default) keeps those whose voting is open at the head block; `state=all` lists every one. Each carries the contract's `state` and tally (`proposalVotes`), read now (cached `CHAIN_READ_CACHE_MS`).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `governance:read` (on the API key).
     */
    get: operations['listProposals'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/governance/ballot/typed-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The ballot to sign to vote
     * @description The EIP-712 `Ballot(uint256 proposalId,uint8 support,address voter,uint256 nonce)` of the JWT wallet: the Governor's own domain (ERC-5267) and the wallet's current ballot nonce (read now). Sign it and send the signature to `POST /governance/vote`. `@service-gateway/client` builds and signs it (`voteBySig`, `delegateBySig`).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `governance:write` (on the API key).
     */
    get: operations['getBallotTypedData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/governance/vote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Vote on a proposal by signature
     * @description Relays the JWT wallet's signed ballot as `castVoteBySig` through the on-chain outbox (the gateway pays the gas). The weight is the wallet's own delegated votes at the proposal's snapshot, as the Governor computes it. Checked before anything is written: the signature (422 `invalid-governance-signature`), the proposal (404), its state (409 `voting-not-started`, `voting-closed`), a vote already cast or in flight (409 `already-voted`), the voting power (422 `no-voting-power`). Poll `GET /governance/votes/{id}`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `governance:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['vote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/governance/votes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A vote and its state
     * @description A vote of the JWT's wallet: `pending`, `submitted`, `confirmed` (with its `weight` from the `VoteCast` log) or `failed`. Another wallet's or organization's id → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `governance:read` (on the API key).
     */
    get: operations['getVote'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/governance/delegation/typed-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The delegation to sign
     * @description The EIP-712 `Delegation(address delegatee,uint256 nonce,uint256 expiry)` of the token (ERC20Votes) for the JWT wallet: the token's domain, the wallet's current nonce, an expiry one hour ahead. A wallet votes with its own tokens once it delegates to itself. `@service-gateway/client` builds and signs it (`voteBySig`, `delegateBySig`).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `governance:write` (on the API key).
     */
    get: operations['getDelegationTypedData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/governance/delegate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delegate votes by signature
     * @description Relays the JWT wallet's signed delegation as the token's `delegateBySig` through the on-chain outbox (the gateway pays the gas). Checked first: the signature for the current nonce and an expiry at least 60 s ahead (422 `invalid-governance-signature`); one delegation per wallet in flight (409 `invalid-state`). Poll `GET /governance/delegations/{id}`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `governance:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['delegate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/governance/delegations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A delegation and its state
     * @description A delegation of the JWT's wallet: `pending`, `submitted`, `confirmed` or `failed`. Another wallet's or organization's id → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `governance:read` (on the API key).
     */
    get: operations['getDelegation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/token/info': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The native token and its supply
     * @description `totalSupply` is everything the custodial ledger ever credited; `circulatingSupply` is that less the treasury, the staking pool and the bridge escrow. `onchain` is the token contract on the home chain: its name, symbol, decimals and `totalSupply()`, cached `CHAIN_READ_CACHE_MS`. A chain node that does not answer → 503 `chain-unavailable`.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getTokenInfo'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/treasury/overview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The DAO treasury
     * @description Balance of the `system:treasury` ledger account in every token (zeros included) and, per token, its inflows and outflows over the last 30 days; `onchain`: the timelock contract's holdings on the home chain (the DAO treasury the governor pays from). A chain node that does not answer → 503 `chain-unavailable`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `treasury:read` (on the API key).
     */
    get: operations['getTreasuryOverview'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/contracts/addresses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Contract addresses per network
     * @description Our contracts as deployed on each configured chain (`CHAIN_RPC_URLS`; `pnpm start` runs two local chains), keyed by CAIP-2 chain id, EIP-55 checksummed, with the custody address that deposits are sent to. The home chain holds the token, the treasury (timelock), the governor, staking and the bridge vault; each other chain holds the wrapped token. A chain without a deployment is left out; without any chain, `networks` is empty.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getContractAddresses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/contracts-abi/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A contract ABI
     * @description The ABI of a compiled contract (`token.json`, `treasury.json`, `governor.json`, `staking.json`, `bridge.json`, `wrapped-token.json`), from the artifacts solc-js compiled, with a strong `ETag` (SHA-256 of the bytes). `If-None-Match` (weak comparison: `W/"…"` and `*` match too) → 304 without a body. Any other name, nested path or traversal attempt → 404.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getContractAbi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/bridge/permit-typed-data': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The permit to sign for a bridge transfer
     * @description The EIP-712 typed data of an EIP-2612 `Permit` of the JWT wallet for `amount` base units on the source chain (`fromChainId`, default the home chain): the source token's own domain (the native token at home, the wrapped token elsewhere), the spender that moves the tokens (the bridge vault at home; the relayer, which burns, elsewhere), the current nonce and a deadline one hour ahead. Sign it and send `deadline` and `signature` to `POST /bridge/initiate` with `funding: "permit"` (`@service-gateway/client` does both in `bridgeWithPermit`).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `bridge:write` (on the API key).
     */
    get: operations['getBridgePermitTypedData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/bridge/initiate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Bridge tokens to another chain
     * @description The JWT's wallet sends `amount` to `toAddress` on `toChainId`, the gateway paying the gas. From the home chain the tokens are locked in the bridge vault, and once that lock is `CHAIN_CONFIRMATIONS` deep the relayer mints the wrapped token on the destination (`relaying`, then `completed`); from another chain the wrapped tokens are burned and released on the home chain. With `funding: "permit"` the tokens are the wallet's own, moved by its signed EIP-2612 permit (checked before anything is written: 422 `invalid-permit`, 422 `insufficient-funds`). Poll `GET /bridge/transfers/{id}` for both legs. A route that is not served → 400 `unsupported-chain` (`supportedChains`). A bridge to an address other than the holder's own needs the allowance the holder signed at login (`urn:gw:allowance`, docs/integrating.md): none → 403 `holder-authorization-required`; over its limits → 403 `spending-limit-exceeded` or `recipient-not-allowed`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `bridge:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['initiateBridge'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/bridge/transfers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a bridge transfer and both its legs
     * @description `source`: the lock or burn (chain, status, txHash, block, confirmations read now, nonce); `destination`: the mint or release (chain, status, txHash). Transfers belong to the wallet: any organization the wallet uses can read them; another wallet's id is 404. Needs `bridge:write`, the only bridge scope.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `bridge:write` (on the API key).
     */
    get: operations['getBridgeTransfer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ai-billing/credits/purchase': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Buy AI credits
     * @description Creates a payment (purpose `credit_purchase`) of `credits × CREDIT_PRICE` base units of the native token to the organization. The payer confirms it with `POST /gateway/v1/payments/{id}/confirm`, which mints the credits in the same transaction.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `billing:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['purchaseCredits'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ai-billing/consumption': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a consumption of credits
     * @description Debits `units` credits from the JWT wallet atomically. Not enough credits → 402 `payment-required` (`balance`, `required`) and nothing is recorded.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `billing:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['consumeCredits'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ai-billing/credits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The wallet's credits
     * @description One balance per wallet for the whole ecosystem; `recent` holds the last 20 consumptions recorded through the calling organization, newest first.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `billing:read` (on the API key).
     */
    get: operations['getCreditBalance'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/supply/shipments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's shipments
     * @description Newest first. A shipment is `created` until its first checkpoint, then has the status of its latest checkpoint by `recordedAt`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `logistics:read` (on the API key).
     */
    get: operations['listShipments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/supply/checkpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A shipment's checkpoints
     * @description In the order they happened (`recordedAt`). `shipmentId` is required; another organization's shipment → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `logistics:read` (on the API key).
     */
    get: operations['listCheckpoints'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/supply/certificates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's certificates
     * @description Newest first, optionally of one shipment (another organization's → 404). `status` is `expired` once `expiresAt` has passed.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `logistics:read` (on the API key).
     */
    get: operations['listCertificates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/supply/tariffs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Duty rates
     * @description Reference duty rates matching every filter given. `hsCode` follows the HS hierarchy both ways (the lines under it and the broader lines it falls under).
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `logistics:read` (on the API key).
     */
    get: operations['findTariffs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/supply/customs/clear': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * File a customs clearance request
     * @description Files a clearance for one of the organization's shipments (another organization's → 404); the agent is the JWT's wallet.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `customs:write` (on the API key). **Role:** the JWT's wallet must hold `agent` (granted with the operator CLI; log in again after the grant), else 403 `role-required`.
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['requestClearance'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/energy/credits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's carbon credits
     * @description Tonnes of CO2e held and retired and per vintage (newest first), over all of the organization's credits, and one page of its lots, newest first.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `energy:read` (on the API key).
     */
    get: operations['getCarbonCredits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/health/records': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A patient's clinical records
     * @description Needs `health:read` **and** the patient's active consent for the API key's organization (`POST /gateway/v1/consents`); otherwise 403 `consent-required` (with `patient`), whether or not records exist. Every attempt past validation is written to the access log. Newest `recordedAt` first; `Cache-Control: no-store`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `health:read` (on the API key).
     */
    get: operations['readHealthRecords'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/consents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My consents to this organization
     * @description The JWT wallet's consents given to the calling organization (the API key's), active and revoked, newest first. Consents the wallet gave other organizations are never listed: their purpose, nonce and signature are between the patient and that organization.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `consents:read` (on the API key). **AI-connector tokens** are refused here (403 `connector-not-allowed`), whatever their scopes: only the organization's API key.
     */
    get: operations['listConsents'];
    put?: never;
    /**
     * Consent to an organization reading my health records
     * @description The patient lets `consent.organization` read their records. A JWT alone is not enough: the body is an EIP-712 `HealthConsent` statement (domain `{ name: "Service Gateway Consent", version: "1" }`; fields `patient` (address, the JWT's wallet), `organization`, `purpose`, `scopes` (string[]: `["health:read"]`), `issuedAt`, `expiresAt` (uint256, Unix seconds), `nonce`) and the patient wallet's signature of it (`eth_signTypedData_v4`), verified with viem and stored with the consent so anyone can check it later. `issuedAt` at most `CONSENT_SIGNATURE_MAX_AGE_SECONDS` (600) old; `expiresAt` in the future; the nonce single use per patient. A new consent for the same organization replaces the active one. Not signed by the JWT wallet, stale or reused nonce → 422 `invalid-consent-signature`; unknown organization → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** none: any API key.
     */
    post: operations['recordConsent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/gateway/v1/consents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a consent
     * @description Takes the patient's EIP-712 `ConsentRevocation` (fields `patient`, `consentId`, `issuedAt` (uint256, Unix seconds), `nonce`; same domain as the grant) and its signature, stored with the consent as `revocationSignature`. Sets `revokedAt`; every later read of the organization is 403 `consent-required`. Revoking twice returns the same revoked consent; another wallet's consent → 404; a signature that is not the JWT wallet's, names another consent or is stale → 422.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** none: any API key.
     */
    delete: operations['revokeConsent'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cargolink/v1/shipments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a shipment
     * @description The carrier side that feeds the supply endpoints. A `reference` the organization already has → 409 `invalid-state`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `logistics:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['ingestShipment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cargolink/v1/shipments/{id}/checkpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a checkpoint of a shipment
     * @description The shipment's status follows its latest checkpoint by `recordedAt`; a late checkpoint with an older `recordedAt` fills in the history without moving the status back. Another organization's shipment → 404.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `logistics:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['ingestCheckpoint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cargolink/v1/certificates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a certificate
     * @description Optionally of one of the organization's shipments (another organization's → 404). The same `issuer` and `number` twice → 409 `invalid-state`.
     *
     *     **Authentication:** `X-API-Key` (an API key of the organization) **and** `Authorization: Bearer <JWT>` (a wallet session from `POST /gateway/v1/sso/login`); the JWT's wallet is the one acting. A JWT from a login that carried an organization's API key is accepted only with that organization's credentials (else 403 `session-organization-mismatch`); a native JWT (login without a key) only with a native organization's (else 403 `native-session-not-allowed`). Answers carry `Cache-Control: no-store`. **Scope:** `logistics:write` (on the API key).
     *
     *     **Idempotency:** optional `Idempotency-Key` (1–255 characters, per organization, remembered for `IDEMPOTENCY_KEY_TTL_HOURS`, default 24 hours): the same key and body return the first answer with `Idempotent-Replayed: true`; the same key with another body, or from another wallet, is 422 `idempotency-key-reused`; after its time to live a key is treated as new.
     */
    post: operations['ingestCertificate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI 3.1 document
     * @description Generated from the zod schemas that validate the requests. Not rate limited.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Rendered API reference
     * @description An HTML page rendering this document with Swagger UI (served from this service, no external assets). Not rate limited.
     *
     *     **Authentication:** none (public); credentials sent anyway are ignored.
     */
    get: operations['getApiDocs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'payment.settled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `payment.settled` delivery
     * @description POSTed to every active webhook of the organization subscribed to `payment.settled`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). Events of one payment may arrive out of order: `GET /gateway/v1/payments/{id}` is the source of truth.
     */
    post: operations['onPaymentSettled'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `payment.failed` delivery
     * @description POSTed to every active webhook of the organization subscribed to `payment.failed`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). Events of one payment may arrive out of order: `GET /gateway/v1/payments/{id}` is the source of truth.
     */
    post: operations['onPaymentFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.expired': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `payment.expired` delivery
     * @description POSTed to every active webhook of the organization subscribed to `payment.expired`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). Events of one payment may arrive out of order: `GET /gateway/v1/payments/{id}` is the source of truth.
     */
    post: operations['onPaymentExpired'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.refunded': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `payment.refunded` delivery
     * @description POSTed to every active webhook of the organization subscribed to `payment.refunded`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). Events of one payment may arrive out of order: `GET /gateway/v1/payments/{id}` is the source of truth.
     */
    post: operations['onPaymentRefunded'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'withdrawal.confirmed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `withdrawal.confirmed` delivery
     * @description POSTed to every active webhook of the organization subscribed to `withdrawal.confirmed`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). A withdrawal has one final state, so it gets one of these two events, once: `GET /gateway/v1/wallet/withdrawals/{id}` is the source of truth.
     */
    post: operations['onWithdrawalConfirmed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'withdrawal.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `withdrawal.failed` delivery
     * @description POSTed to every active webhook of the organization subscribed to `withdrawal.failed`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). A withdrawal has one final state, so it gets one of these two events, once: `GET /gateway/v1/wallet/withdrawals/{id}` is the source of truth.
     */
    post: operations['onWithdrawalFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'deposit.credited': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `deposit.credited` delivery
     * @description POSTed to every active webhook of the organization subscribed to `deposit.credited`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). A deposit is credited once; a reorg deeper than the confirmations may later make it `orphaned` (no event: the operator is alerted): `GET /gateway/v1/wallet/deposits` is the source of truth.
     */
    post: operations['onDepositCredited'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bridge_transfer.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `bridge_transfer.completed` delivery
     * @description POSTed to every active webhook of the organization subscribed to `bridge_transfer.completed`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). A bridge transfer has one final state, so it gets one of these two events, once: `GET /gateway/v1/bridge/transfers/{id}` is the source of truth.
     */
    post: operations['onBridge_transferCompleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bridge_transfer.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * `bridge_transfer.failed` delivery
     * @description POSTed to every active webhook of the organization subscribed to `bridge_transfer.failed`. Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). A bridge transfer has one final state, so it gets one of these two events, once: `GET /gateway/v1/bridge/transfers/{id}` is the source of truth.
     */
    post: operations['onBridge_transferFailed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** @description A Solidity JSON ABI: an array of function, event and error descriptions */
    Abi: ({
      type: string;
    } & {
      [key: string]: unknown;
    })[];
    /** @description What the wallet signs to vote (the Governor's EIP-712 ballot) */
    BallotTypedData: {
      /** @enum {string} */
      object: 'ballot_typed_data';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      typedData: {
        /** @description The Governor's EIP-712 domain, as the contract reports it (ERC-5267 `eip712Domain()`) */
        domain: {
          name: string;
          version: string;
          chainId: number;
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          verifyingContract: string;
        };
        /** @description Ballot(uint256 proposalId,uint8 support,address voter,uint256 nonce) */
        types: {
          Ballot: {
            name: string;
            type: string;
          }[];
        };
        /** @enum {string} */
        primaryType: 'Ballot';
        message: {
          /**
           * @description Integer base units as a string
           * @example 1000000000000000000
           */
          proposalId: string;
          /** @description 0 against, 1 for, 2 abstain */
          support: number;
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          voter: string;
          /**
           * @description The Governor's `nonces(voter)` when read
           * @example 1000000000000000000
           */
          nonce: string;
        };
      };
    };
    /** @description The mint (other chain) or release (home chain) of a bridge transfer */
    BridgeDestinationLeg: {
      /**
       * @description CAIP-2 chain id of the leg
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description `pending` (written, not broadcast), `submitted` (broadcast), `confirmed` (`CHAIN_CONFIRMATIONS` deep), `failed` (reverted or refused); null: the leg is not written yet
       * @enum {string|null}
       */
      status: 'pending' | 'submitted' | 'confirmed' | 'failed' | null;
      /** @description The latest signed transaction of the leg (final once `confirmed`) */
      txHash: string | null;
    };
    BridgeTransfer: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'bridge_transfer';
      /** @enum {string} */
      status: 'initiated' | 'relaying' | 'completed' | 'failed';
      /**
       * @description `outbound`: home chain → another (lock, mint); `inbound`: another → home (burn, release)
       * @enum {string}
       */
      direction: 'outbound' | 'inbound';
      /**
       * @description `permit`, `custody`, or `ledger` for transfers made before the bridge was on chain
       * @enum {string}
       */
      funding: 'permit' | 'custody' | 'ledger';
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      from: string;
      /** @example eip155:31337 */
      fromChainId: string;
      /** @example eip155:31338 */
      toChainId: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      toAddress: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description Positive integer base units as a string
       * @example 12000000000000000000
       */
      amount: string;
      source: {
        /**
         * @description CAIP-2 chain id of the leg
         * @example eip155:31337
         */
        chain: string;
        /**
         * @description `pending` (written, not broadcast), `submitted` (broadcast), `confirmed` (`CHAIN_CONFIRMATIONS` deep), `failed` (reverted or refused); null: the leg is not written yet
         * @enum {string|null}
         */
        status: 'pending' | 'submitted' | 'confirmed' | 'failed' | null;
        /** @description The latest signed transaction of the leg (final once `confirmed`) */
        txHash: string | null;
        /**
         * @description Block of the confirmed lock or burn
         * @example 1000000000000000000
         */
        blockNumber: string | null;
        /** @description Blocks on top of it, read now; null before it is mined or when the chain cannot be read */
        confirmations: number | null;
        /**
         * @description The vault's lock nonce or the wrapped token's burn nonce: the destination mints or releases once per (source chain, nonce)
         * @example 1000000000000000000
         */
        nonce: string | null;
      };
      destination: components['schemas']['BridgeDestinationLeg'];
      /** @description The destination leg's transaction (as `destination.txHash` once confirmed) */
      relayTxHash: string | null;
      failureReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description The destination leg (mint or release) is `CHAIN_CONFIRMATIONS` deep: the tokens are at `toAddress` on `toChainId` */
    BridgeTransferCompletedEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'bridge_transfer.completed';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The bridge transfer as `GET /gateway/v1/bridge/transfers/{id}` returns it, in its final state (`source.confirmations` null: read it there) */
      data: {
        bridgeTransfer: components['schemas']['BridgeTransfer'];
      };
    };
    /** @description A leg was refused or reverted on chain: `failureReason` says which, and where the tokens are */
    BridgeTransferFailedEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'bridge_transfer.failed';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The bridge transfer as `GET /gateway/v1/bridge/transfers/{id}` returns it, in its final state (`source.confirmations` null: read it there) */
      data: {
        bridgeTransfer: components['schemas']['BridgeTransfer'];
      };
    };
    CarbonCredit: {
      /** Format: uuid */
      id: string;
      registry: string;
      projectName: string;
      vintage: number;
      tonnes: number;
      /** @enum {string} */
      status: 'held' | 'retired';
      /** Format: date-time */
      retiredAt: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description Totals over all of the organization’s credits (tonnes of CO2e) and one page of its lots */
    CarbonCreditsOverview: {
      held: {
        tonnes: number;
        count: number;
      };
      retired: {
        tonnes: number;
        count: number;
      };
      vintages: {
        vintage: number;
        held: number;
        retired: number;
      }[];
      data: components['schemas']['CarbonCredit'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    Certificate: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      shipmentId: string | null;
      kind: string;
      issuer: string;
      number: string;
      /** Format: date-time */
      issuedAt: string;
      /** Format: date-time */
      expiresAt: string | null;
      /** @enum {string} */
      status: 'valid' | 'expired';
      /** Format: date-time */
      createdAt: string;
    };
    /** @description Certificates, newest first */
    CertificatePage: {
      data: components['schemas']['Certificate'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    Checkpoint: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      shipmentId: string;
      location: string;
      /** @enum {string} */
      status:
        | 'picked_up'
        | 'in_transit'
        | 'arrived'
        | 'at_customs'
        | 'customs_cleared'
        | 'out_for_delivery'
        | 'delivered'
        | 'exception'
        | 'returned';
      note: string | null;
      /** Format: date-time */
      recordedAt: string;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description Checkpoints in the order they happened (`recordedAt`) */
    CheckpointPage: {
      data: components['schemas']['Checkpoint'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    Clearance: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      shipmentId: string;
      /** @enum {string} */
      status: 'submitted' | 'cleared' | 'held' | 'rejected';
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      agent: string;
      /**
       * @description Positive integer base units as a string
       * @example 12000000000000000000
       */
      declaredValue: string;
      hsCode: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    ClinicalRecord: {
      /** Format: uuid */
      id: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      patient: string;
      kind: string;
      summary: string;
      /** Format: date-time */
      recordedAt: string;
    };
    /** @description Audit records, newest first */
    ConnectorAuditPage: {
      data: components['schemas']['ConnectorAuditRecord'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description One record of the append-only connector audit trail */
    ConnectorAuditRecord: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      grantId: string | null;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      wallet: string | null;
      clientId: string | null;
      /** @enum {string} */
      kind: 'consent' | 'token' | 'tool_call' | 'approval' | 'revocation';
      tool: string | null;
      /** @description SHA-256 (hex) of the tool call's arguments as canonical JSON */
      argumentsDigest: string | null;
      /**
       * @description Integer base units as a string
       * @example 1000000000000000000
       */
      amount: string | null;
      outcome: string;
      detail: {
        [key: string]: unknown;
      } | null;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description What the organization's users may grant to AI connectors */
    ConnectorCeiling: {
      scopes: (
        | 'wallet:read'
        | 'wallet:write'
        | 'staking:read'
        | 'staking:write'
        | 'farming:read'
        | 'governance:read'
        | 'governance:write'
        | 'treasury:read'
        | 'payments:read'
        | 'payments:write'
        | 'billing:read'
        | 'billing:write'
        | 'logistics:read'
        | 'energy:read'
      )[];
      /** @description Any OAuth client may be authorized (dynamically registered ones included) */
      anyClient: boolean;
      /** @description OAuth client ids the users may authorize (when `anyClient` is false) */
      clientIds: string[];
      /**
       * @description Base units of the native token; null = no cap
       * @example 1000000000000000000
       */
      maxPerTransaction: string | null;
      /**
       * @description Base units of the native token; null = no cap
       * @example 1000000000000000000
       */
      maxPerDay: string | null;
      /**
       * @description Base units of the native token; null = no cap
       * @example 1000000000000000000
       */
      maxTotal: string | null;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description A wallet holder's consent to an AI connector, with its limits and what is left of them */
    ConnectorGrant: {
      /** Format: uuid */
      id: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      wallet: string;
      clientId: string;
      clientName: string | null;
      /** @description The MCP endpoint the tokens are for (RFC 8707) */
      resource: string;
      scopes: string[];
      limits: {
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        perTransaction: string;
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        perDay: string;
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        total: string;
        /** @description Transfers only to these; null = any */
        recipients: string[] | null;
        /**
         * @description Payments above this wait for the holder's approval; null = never
         * @example 1000000000000000000
         */
        approvalThreshold: string | null;
      };
      /**
       * @description Base units spent under the grant, in all
       * @example 1000000000000000000
       */
      spent: string;
      /**
       * @description Base units spent since midnight UTC
       * @example 1000000000000000000
       */
      spentToday: string;
      /**
       * @description Integer base units as a string
       * @example 1000000000000000000
       */
      remainingToday: string;
      /**
       * @description Integer base units as a string
       * @example 1000000000000000000
       */
      remainingTotal: string;
      /** @enum {string} */
      status: 'active' | 'revoked';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      revokedAt: string | null;
      /**
       * @description Who revoked it; `token-reuse`: the authorization server, on a code or refresh token presented twice (RFC 9700 §4.14.2)
       * @enum {string|null}
       */
      revokedBy: 'holder' | 'organization' | 'operator' | 'token-reuse' | null;
    };
    /** @description Grants, newest first */
    ConnectorGrantPage: {
      data: components['schemas']['ConnectorGrant'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    Consent: {
      /** Format: uuid */
      id: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      patient: string;
      /** Format: uuid */
      organizationId: string;
      /** @enum {string} */
      scope: 'health:read';
      /** @description Signed statement: why (null for consents recorded before signatures) */
      purpose: string | null;
      /** @description Signed statement: what is allowed */
      scopes: string[];
      nonce: string | null;
      /** Format: date-time */
      issuedAt: string | null;
      /**
       * Format: date-time
       * @description The consent allows nothing after this instant
       */
      expiresAt: string | null;
      /** @description The patient's EIP-712 signature of the HealthConsent statement; verify with the types in docs/integrating.md (`CONSENT_TYPES` of @gw/core/consents) */
      signature: string | null;
      /** @description The patient's EIP-712 signature of the ConsentRevocation */
      revocationSignature: string | null;
      revocationNonce: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      revokedAt: string | null;
    };
    /** @description The wallet's consents to the calling organization, active and revoked, newest first */
    ConsentPage: {
      data: components['schemas']['Consent'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description Our deployed contracts per chain, keyed by CAIP-2 chain id, EIP-55 checksummed */
    ContractAddresses: {
      /**
       * @description Shape version: 2, the addresses of the contracts actually deployed
       * @enum {number}
       */
      version: 2;
      networks: {
        [key: string]: {
          /** @description EIP-155 chain id */
          chainId: number;
          /** @description The home chain: the token, custody, governance, staking and the bridge vault live here */
          home: boolean;
          /** @description A local development chain (anvil): tokens have no value, the faucet works */
          local: boolean;
          /**
           * Format: uri
           * @description The chain's JSON-RPC URL, for a wallet or `cast` on the developer's machine: only for a local chain on a loopback address, and only with NODE_ENV=development (never a provider's URL, which may carry a key)
           */
          rpcUrl?: string;
          /**
           * @description The custody address: send the token here to deposit it (credited after the confirmations); withdrawals leave from it
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          custody: string;
          /** @description Home chain: `token`, `treasury` (the timelock), `governor`, `staking`, `bridge` (lock vault). Other chains: `wrappedToken` (mint/burn of the bridge) */
          contracts: {
            /**
             * @description Address of the token contract (ABI: `/contracts-abi/token.json`)
             * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
             */
            token?: string;
            /**
             * @description Address of the treasury contract (ABI: `/contracts-abi/treasury.json`)
             * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
             */
            treasury?: string;
            /**
             * @description Address of the governor contract (ABI: `/contracts-abi/governor.json`)
             * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
             */
            governor?: string;
            /**
             * @description Address of the staking contract (ABI: `/contracts-abi/staking.json`)
             * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
             */
            staking?: string;
            /**
             * @description Address of the bridge contract (ABI: `/contracts-abi/bridge.json`)
             * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
             */
            bridge?: string;
            /**
             * @description Address of the wrappedToken contract (ABI: `/contracts-abi/wrapped-token.json`)
             * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
             */
            wrappedToken?: string;
          };
        };
      };
    };
    CreditBalance: {
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      address: string;
      /**
       * @description Credits the wallet holds, across every application
       * @example 1000000000000000000
       */
      balance: string;
      recent: {
        /** Format: uuid */
        id: string;
        feature: string;
        units: number;
        /** Format: date-time */
        createdAt: string;
      }[];
    };
    CreditConsumption: {
      /** Format: uuid */
      id: string;
      units: number;
      feature: string;
      /**
       * @description Credits left after this consumption
       * @example 1000000000000000000
       */
      balance: string;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description A delegation by signature, relayed by the gateway (`delegateBySig`) */
    Delegation: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'delegation';
      /**
       * @description `pending`: accepted, not yet broadcast; `submitted`: on its way; `confirmed`: `CHAIN_CONFIRMATIONS` deep; `failed`: refused or reverted on chain
       * @enum {string}
       */
      status: 'pending' | 'submitted' | 'confirmed' | 'failed';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      delegator: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      delegatee: string;
      /** @description The `delegateBySig` transaction (the latest signed while in flight) */
      txHash: string | null;
      failureReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description What the wallet signs to delegate its votes (ERC20Votes' EIP-712 delegation) */
    DelegationTypedData: {
      /** @enum {string} */
      object: 'delegation_typed_data';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      typedData: {
        /** @description The token's EIP-712 domain, as the contract reports it (ERC-5267 `eip712Domain()`) */
        domain: {
          name: string;
          version: string;
          chainId: number;
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          verifyingContract: string;
        };
        /** @description Delegation(address delegatee,uint256 nonce,uint256 expiry) */
        types: {
          Delegation: {
            name: string;
            type: string;
          }[];
        };
        /** @enum {string} */
        primaryType: 'Delegation';
        message: {
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          delegatee: string;
          /**
           * @description The token's `nonces(wallet)` when read (shared with EIP-2612 permits)
           * @example 1000000000000000000
           */
          nonce: string;
          /**
           * @description Unix seconds; one hour from now
           * @example 1000000000000000000
           */
          expiry: string;
        };
      };
    };
    /** @description One event to one webhook */
    Delivery: {
      /**
       * Format: uuid
       * @description The delivery id: `X-Service-Delivery` and `delivery.id` of its body
       */
      id: string;
      /**
       * Format: uuid
       * @description The webhook it goes to
       */
      webhookId: string;
      /**
       * Format: uuid
       * @description The event it carries: `id` of its body (`GET /gateway/v1/events/{id}`)
       */
      eventId: string;
      /**
       * @description The event type: `type` of its body
       * @enum {string}
       */
      event:
        | 'payment.settled'
        | 'payment.failed'
        | 'payment.expired'
        | 'payment.refunded'
        | 'withdrawal.confirmed'
        | 'withdrawal.failed'
        | 'deposit.credited'
        | 'bridge_transfer.completed'
        | 'bridge_transfer.failed';
      /**
       * Format: uuid
       * @description The payment the event is about: `data.payment.id` of its body (a test event's sample payment has a fixed id); null for an event about another object (a withdrawal, a deposit, a bridge transfer)
       */
      paymentId: string | null;
      /**
       * @description `pending` (an attempt is scheduled), `delivered` (a 2xx answer), `dead` (attempts exhausted: resend it by hand)
       * @enum {string}
       */
      status: 'pending' | 'delivered' | 'dead';
      /** @description Attempts made so far (a deferral behind an open circuit is not one) */
      attempts: number;
      /**
       * Format: date-time
       * @description While `pending`: when the next attempt is due (the end of the cool-down while its circuit is open)
       */
      nextAttemptAt: string | null;
      /** @description HTTP status of the last attempt; null when it got no answer */
      lastStatusCode: number | null;
      lastError: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      deliveredAt: string | null;
    };
    /** @description One recorded attempt of a delivery */
    DeliveryAttempt: {
      /** @description 1 for the first attempt; a manual resend adds one */
      number: number;
      /** @description HTTP status of the answer; null when there was none (timeout, refused, reset) */
      statusCode: number | null;
      /** @description From the request to the end of the answer (or the failure), in milliseconds */
      durationMs: number;
      /** @description Why the attempt failed (`HTTP 500`, `timeout after 10000 ms`, …); null on success */
      error: string | null;
      /** @description The first 1 KiB of the answer body as received (UTF-8, possibly cut mid-character); null when there was no answer */
      responseBody: string | null;
      /**
       * Format: date-time
       * @description When the attempt ended and was recorded
       */
      createdAt: string;
    };
    /** @description A delivery with its attempts */
    DeliveryDetail: {
      /**
       * Format: uuid
       * @description The delivery id: `X-Service-Delivery` and `delivery.id` of its body
       */
      id: string;
      /**
       * Format: uuid
       * @description The webhook it goes to
       */
      webhookId: string;
      /**
       * Format: uuid
       * @description The event it carries: `id` of its body (`GET /gateway/v1/events/{id}`)
       */
      eventId: string;
      /**
       * @description The event type: `type` of its body
       * @enum {string}
       */
      event:
        | 'payment.settled'
        | 'payment.failed'
        | 'payment.expired'
        | 'payment.refunded'
        | 'withdrawal.confirmed'
        | 'withdrawal.failed'
        | 'deposit.credited'
        | 'bridge_transfer.completed'
        | 'bridge_transfer.failed';
      /**
       * Format: uuid
       * @description The payment the event is about: `data.payment.id` of its body (a test event's sample payment has a fixed id); null for an event about another object (a withdrawal, a deposit, a bridge transfer)
       */
      paymentId: string | null;
      /**
       * @description `pending` (an attempt is scheduled), `delivered` (a 2xx answer), `dead` (attempts exhausted: resend it by hand)
       * @enum {string}
       */
      status: 'pending' | 'delivered' | 'dead';
      /** @description Attempts made so far (a deferral behind an open circuit is not one) */
      attempts: number;
      /**
       * Format: date-time
       * @description While `pending`: when the next attempt is due (the end of the cool-down while its circuit is open)
       */
      nextAttemptAt: string | null;
      /** @description HTTP status of the last attempt; null when it got no answer */
      lastStatusCode: number | null;
      lastError: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      deliveredAt: string | null;
      /** @description Every recorded attempt, oldest first (`attempts` of them) */
      attemptLog: components['schemas']['DeliveryAttempt'][];
    };
    /** @description Deliveries, newest first */
    DeliveryPage: {
      data: components['schemas']['Delivery'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description The resend, accepted: when its attempt will be made, and the webhook's circuit now */
    DeliveryRetry: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      status: 'pending';
      /**
       * Format: date-time
       * @description When the attempt will be made: now, or, while the webhook's circuit is `open`, the end of its cool-down (`health.openUntil`), when the probe may go
       */
      nextAttemptAt: string;
      health: components['schemas']['WebhookHealth'];
    };
    /** @description A deposit to the custody address */
    Deposit: {
      /**
       * Format: uuid
       * @example 0193a5c1-3c4d-7e5f-8061-7b8c9d0e1f23
       */
      id: string;
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description The wallet that sent the tokens: its custodial balance is the one credited
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      address: string;
      /**
       * @description Transaction hash
       * @example 0x8b7f7b3c5f0a2b1e4c6d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b
       */
      txHash: string;
      /**
       * @description Index of the Transfer log in its block
       * @example 0
       */
      logIndex: number;
      /**
       * @description Block holding the transfer, as a decimal string
       * @example 1234
       */
      blockNumber: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description Positive integer base units as a string
       * @example 12000000000000000000
       */
      amount: string;
      /**
       * @description Blocks on top of the deposit's block when read (0 for an orphaned one); credited at CHAIN_CONFIRMATIONS
       * @example 2
       */
      confirmations: number;
      /**
       * @description `pending`: seen on chain, waiting for its confirmations (one reorged out before them disappears, never credited); `credited`: added to the wallet's custodial balance, once; `orphaned`: credited, then removed from the chain by a reorg deeper than the confirmations (reported to the operator)
       * @enum {string}
       */
      status: 'pending' | 'credited' | 'orphaned';
      /**
       * Format: date-time
       * @example 2026-11-21T17:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @example 2026-11-21T17:15:00.000Z
       */
      creditedAt: string | null;
    };
    /** @description A deposit to the custody address reached `CHAIN_CONFIRMATIONS` and the wallet's custodial balance is credited (once); only for a deposit made on the organization's behalf (a gasless deposit, `POST /gateway/v1/wallet/permit-deposits`) */
    DepositCreditedEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'deposit.credited';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The deposit as `GET /gateway/v1/wallet/deposits` lists it, `credited` */
      data: {
        deposit: components['schemas']['Deposit'];
      };
    };
    /** @description The wallet's deposits, newest first */
    DepositPage: {
      data: components['schemas']['Deposit'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description A state change (of a payment, a withdrawal, a deposit, a bridge transfer), as pushed to the webhooks subscribed to its type */
    Event: {
      /**
       * Format: uuid
       * @description The event id: `id` of every delivery body of the event
       */
      id: string;
      /** @enum {string} */
      type:
        | 'payment.settled'
        | 'payment.failed'
        | 'payment.expired'
        | 'payment.refunded'
        | 'withdrawal.confirmed'
        | 'withdrawal.failed'
        | 'deposit.credited'
        | 'bridge_transfer.completed'
        | 'bridge_transfer.failed';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /** @description `true` for a sample sent by `POST /gateway/v1/webhooks/{id}/test` */
      test: boolean;
      /** @description The event's data: `data` of its delivery bodies, one member named by the object the event is about: `payment` (schema `Payment`), `withdrawal` (`Withdrawal`), `deposit` (`Deposit`) or `bridgeTransfer` (`BridgeTransfer`) */
      data: {
        [key: string]: {
          /** Format: uuid */
          id: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    /** @description The delivery this body was signed for: its id and the time of this attempt */
    EventDelivery: {
      /**
       * Format: uuid
       * @description The delivery id: always equal to the `X-Service-Delivery` header, the same on every attempt and resend of the delivery. Signed with the body: refuse the request when the header differs, and dedupe on this value.
       * @example 01a1ff20-6b4d-72bb-a6b6-e7a94ca21885
       */
      id: string;
      /**
       * @description Unix time in seconds at which this attempt was signed and sent: new on every attempt (so each attempt has its own signature); equal to `webhook-timestamp` under `standard-webhooks`. Refuse a body whose timestamp is more than 300 s away from your clock (replay protection).
       * @example 1795280461
       */
      timestamp: number;
    };
    /** @description Events, newest first (`order=asc`: oldest first) */
    EventPage: {
      data: components['schemas']['Event'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description A farming pool, read from its contract (cached CHAIN_READ_CACHE_MS) */
    FarmingPool: {
      /** @enum {string} */
      object: 'farming_pool';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description The staking contract
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      address: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      stakingToken: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      rewardsToken: string;
      /**
       * @description Symbol of the staked token (and of the reward token: the same token)
       * @example GTK
       */
      token: string;
      /**
       * @description The contract's `totalSupply`: base units staked by everyone
       * @example 1000000000000000000
       */
      totalStaked: string;
      /**
       * @description The contract's `rewardRate`: reward base units paid per second, shared pro rata
       * @example 1000000000000000000
       */
      rewardRate: string;
      /**
       * @description Funded rewards not yet paid, base units: when it runs out, claims revert
       * @example 1000000000000000000
       */
      rewardBalance: string;
      /** @description APR in basis points (integer, rounded down): rewardRate × 31,536,000 ÷ totalStaked × 10,000 (same token, so no price); null when nothing is staked */
      aprBps: number | null;
    };
    FarmingPoolList: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['FarmingPool'][];
    };
    FieldError: {
      /** @description Dotted path of the field (or `body` / `query`) */
      path: string;
      message: string;
    };
    /** @description The patient's records, newest `recordedAt` first, read under consent `consentId` */
    HealthRecords: {
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      patient: string;
      /** Format: uuid */
      consentId: string;
      data: components['schemas']['ClinicalRecord'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    HealthStatus: {
      /** @enum {string} */
      status: 'ok' | 'unavailable';
      checks: {
        /** @enum {string} */
        database: 'ok' | 'error';
        /** @enum {string} */
        redis: 'ok' | 'error';
      };
    };
    /** @description Public P-256 key (RFC 7517) that verifies the session JWTs */
    Jwk: {
      /** @enum {string} */
      kty: 'EC';
      /** @enum {string} */
      crv: 'P-256';
      x: string;
      y: string;
      kid: string;
      /** @enum {string} */
      alg: 'ES256';
      /** @enum {string} */
      use: 'sig';
    };
    Jwks: {
      keys: components['schemas']['Jwk'][];
    };
    /** @description A login nonce: single use, valid for 10 minutes */
    LoginNonce: {
      /** @description Value for the `Nonce:` field of the login message */
      nonce: string;
      /** Format: date-time */
      expiresAt: string;
    };
    /** @description A balance read from the chain's ERC-20 contract at the latest block */
    OnchainBalance: {
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description The ERC-20 contract read
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      contract: string;
      /** @example GTK */
      symbol: string;
      /**
       * @description Integer base units as a string
       * @example 1000000000000000000
       */
      balance: string;
    };
    /** @description This OpenAPI 3.1 document */
    OpenApiDocument: {
      openapi: string;
      info: {
        title: string;
        version: string;
      } & {
        [key: string]: unknown;
      };
      paths: {
        [key: string]: unknown;
      };
    } & {
      [key: string]: unknown;
    };
    /** @description A payment from the JWT wallet (payer) to the API key organization (payee) */
    Payment: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'payment';
      /** @enum {string} */
      status: 'pending' | 'settled' | 'failed' | 'expired' | 'refunded';
      /**
       * @description Positive integer base units as a string
       * @example 12000000000000000000
       */
      amount: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      payer: string;
      /**
       * Format: uuid
       * @description The payee: the API key organization
       */
      organizationId: string;
      description: string | null;
      /**
       * @description `credit_purchase` for AI credits bought through `/ai-billing/credits/purchase`
       * @enum {string}
       */
      purpose: 'payment' | 'credit_purchase';
      /** @description Credits minted when a `credit_purchase` settles; null otherwise */
      credits: string | null;
      failureReason: string | null;
      /** Format: date-time */
      expiresAt: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      settledAt: string | null;
      /** Format: date-time */
      refundedAt: string | null;
    };
    /** @description The payment was still pending at `expiresAt` */
    PaymentExpiredEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'payment.expired';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The payment as the API returns it, after the change */
      data: {
        payment: components['schemas']['Payment'];
      };
    };
    /** @description The payer's balance was short at confirmation (`failureReason: insufficient_funds`) */
    PaymentFailedEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'payment.failed';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The payment as the API returns it, after the change */
      data: {
        payment: components['schemas']['Payment'];
      };
    };
    /** @description Payments, newest first */
    PaymentPage: {
      data: components['schemas']['Payment'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description The organization refunded a settled payment */
    PaymentRefundedEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'payment.refunded';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The payment as the API returns it, after the change */
      data: {
        payment: components['schemas']['Payment'];
      };
    };
    /** @description The payer confirmed and the amount moved to the organization */
    PaymentSettledEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'payment.settled';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The payment as the API returns it, after the change */
      data: {
        payment: components['schemas']['Payment'];
      };
    };
    /** @description A gasless deposit: an EIP-2612 permit relayed by the gateway, then `transferFrom` into custody */
    PermitDeposit: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'permit_deposit';
      /**
       * @description `pending`: accepted, the permit not yet broadcast; `submitted`: the permit or the transfer is on its way; `confirmed`: the `transferFrom` is `CHAIN_CONFIRMATIONS` deep: the tokens are in custody and the deposit scan credits them (see `deposit`); `failed`: the permit or the transfer was refused or reverted on chain; nothing moved, the tokens are still in the wallet
       * @enum {string}
       */
      status: 'pending' | 'submitted' | 'confirmed' | 'failed';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      from: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description Positive integer base units as a string
       * @example 12000000000000000000
       */
      amount: string;
      /** @description The permit's deadline, unix seconds */
      deadline: number;
      /** @description The `permit` transaction (the latest signed while in flight) */
      permitTxHash: string | null;
      /** @description The `transferFrom` transaction: the deposit in `GET /wallet/deposits` carries the same hash */
      txHash: string | null;
      /**
       * @description The deposit scan's state of the transfer (`GET /wallet/deposits`), null before it is seen
       * @enum {string|null}
       */
      deposit: 'pending' | 'credited' | 'orphaned' | null;
      failureReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description What the wallet signs to let the gateway move its tokens without gas (EIP-2612 permit, EIP-712 typed data) */
    PermitTypedData: {
      /** @enum {string} */
      object: 'permit_typed_data';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      spender: string;
      typedData: {
        /** @description The token's EIP-712 domain, as the contract reports it (ERC-5267 `eip712Domain()`) */
        domain: {
          name: string;
          version: string;
          chainId: number;
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          verifyingContract: string;
        };
        /** @description EIP-2612: Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline) */
        types: {
          Permit: {
            name: string;
            type: string;
          }[];
        };
        /** @enum {string} */
        primaryType: 'Permit';
        message: {
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          owner: string;
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          spender: string;
          /**
           * @description The amount, base units (a uint256 as a decimal string)
           * @example 1000000000000000000
           */
          value: string;
          /**
           * @description The token's `nonces(owner)` when read: a permit signed for another nonce is refused
           * @example 1000000000000000000
           */
          nonce: string;
          /**
           * @description Unix seconds; one hour from now
           * @example 1000000000000000000
           */
          deadline: string;
        };
      };
    };
    /** @description RFC 9457 problem document (`application/problem+json`). Besides the standard members, some types carry extension members (listed); others may be added. */
    Problem: {
      /**
       * @description Problem type, `/problems/<code>` (resolvable against the API origin)
       * @example /problems/not-found
       */
      type: string;
      /**
       * @description Short summary of the problem type
       * @example Not found
       */
      title: string;
      /**
       * @description HTTP status code
       * @example 404
       */
      status: number;
      /**
       * @description Explanation of this occurrence
       * @example No such payment
       */
      detail: string;
      /**
       * @description Path of the request
       * @example /api/gateway/v1/payments/0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01
       */
      instance: string;
      /** @description `validation-error`: which fields are invalid */
      errors?: components['schemas']['FieldError'][];
      /** @description `insufficient-scope`: the scope the operation needs */
      requiredScope?: string;
      /** @description `role-required`: the JWT role the operation needs */
      requiredRole?: string;
      /** @description Refusal reason: `locked`, `already-unstaked`, `treasury-short`, or the governance refusal */
      reason?: string;
      /**
       * Format: date-time
       * @description `invalid-state` with reason `locked`: when the position unlocks
       */
      lockedUntil?: string;
      /** @description `consent-required`: the patient address */
      patient?: string;
      /** @description `payment-required`: the credits the wallet holds */
      balance?: string;
      /** @description `payment-required`: the credits the operation needs */
      required?: string;
      /** @description `unsupported-chain`: the CAIP-2 chains the bridge serves */
      supportedChains?: string[];
      /** @description `invalid-state` on a duplicate certificate: the existing one */
      certificateId?: string;
      /** @description `invalid-state` on a duplicate shipment reference */
      reference?: string;
      /** @description `invalid-signature`: the login message field that was refused (`message`, `domain`, `uri`, `chainId`, `issuedAt`, `notBefore`, `expirationTime`, `signature`, `nonce`) */
      field?: string;
      /** @description `invalid-signature`: what the service expects of that field, in words */
      expected?: string;
    } & {
      [key: string]: unknown;
    };
    /** @description A proposal of the Governor, indexed from its events */
    Proposal: {
      /**
       * @description The Governor's proposal id (uint256, decimal)
       * @example 4242424242424242424242
       */
      id: string;
      /** @enum {string} */
      object: 'proposal';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /** @description First line of the description */
      title: string;
      description: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      proposer: string;
      targets: string[];
      /** @description Wei sent with each call */
      values: string[];
      calldatas: string[];
      /**
       * @description Snapshot block: voting power is the delegated votes at it; voting opens after it
       * @example 1000000000000000000
       */
      voteStart: string;
      /**
       * @description Last block of the voting period
       * @example 1000000000000000000
       */
      voteEnd: string;
      /**
       * @description The Governor's `state(proposalId)`, read now
       * @enum {string}
       */
      state: 'pending' | 'active' | 'canceled' | 'defeated' | 'succeeded' | 'queued' | 'expired' | 'executed';
      /** @description The Governor's `proposalVotes`: sums of vote weights per choice, base units */
      tally: {
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        against: string;
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        for: string;
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        abstain: string;
      };
      /** @description Unix seconds from which the timelock may execute it (once queued) */
      eta: number | null;
      /** @description The `propose` transaction */
      txHash: string;
      /**
       * @description Integer base units as a string
       * @example 1000000000000000000
       */
      blockNumber: string;
    };
    /** @description Proposals, newest first */
    ProposalPage: {
      data: components['schemas']['Proposal'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /**
     * @example {
     *       "token": "eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIweDVhQS4uLiJ9.c2ln",
     *       "expiresAt": "2026-11-21T18:00:00.000Z",
     *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
     *       "organizationId": "0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b"
     *     }
     */
    Session: {
      /** @description ES256 JWT for `Authorization: Bearer` */
      token: string;
      /** Format: date-time */
      expiresAt: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      address: string;
      /**
       * Format: uuid
       * @description Organization the session is bound to (login with its X-API-Key); null for a native session
       */
      organizationId: string | null;
    };
    SetConnectorCeiling: {
      scopes: (
        | 'wallet:read'
        | 'wallet:write'
        | 'staking:read'
        | 'staking:write'
        | 'farming:read'
        | 'governance:read'
        | 'governance:write'
        | 'treasury:read'
        | 'payments:read'
        | 'payments:write'
        | 'billing:read'
        | 'billing:write'
        | 'logistics:read'
        | 'energy:read'
      )[];
      /** @default false */
      anyClient: boolean;
      /** @default [] */
      clientIds: string[];
      /**
       * @description Integer base units as a string; null = no cap
       * @default null
       * @example 100000000000000000000
       */
      maxPerTransaction: string | null;
      /**
       * @description Integer base units as a string; null = no cap
       * @default null
       * @example 100000000000000000000
       */
      maxPerDay: string | null;
      /**
       * @description Integer base units as a string; null = no cap
       * @default null
       * @example 100000000000000000000
       */
      maxTotal: string | null;
    };
    Shipment: {
      /** Format: uuid */
      id: string;
      reference: string;
      /** @example DE */
      origin: string;
      /** @example DE */
      destination: string;
      carrier: string | null;
      hsCode: string | null;
      /** @enum {string} */
      status:
        | 'created'
        | 'picked_up'
        | 'in_transit'
        | 'arrived'
        | 'at_customs'
        | 'customs_cleared'
        | 'out_for_delivery'
        | 'delivered'
        | 'exception'
        | 'returned';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description Shipments, newest first */
    ShipmentPage: {
      data: components['schemas']['Shipment'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description A stake, unstake or claim relayed through the on-chain outbox */
    StakingOperation: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'staking_operation';
      /** @enum {string} */
      type: 'stake' | 'unstake' | 'claim';
      /**
       * @description For a stake: where the tokens came from; null otherwise
       * @enum {string|null}
       */
      source: 'custody' | 'permit' | null;
      /**
       * @description `pending`: accepted, not yet broadcast; `submitted`: on its way; `confirmed`: `CHAIN_CONFIRMATIONS` deep and successful; `failed`: refused or reverted on chain: nothing moved (a stake from custody is credited back to the custodial balance, once)
       * @enum {string}
       */
      status: 'pending' | 'submitted' | 'confirmed' | 'failed';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      pool: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      address: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description Base units staked or unstaked; for a claim, the reward paid (from the `RewardPaid` log), null until confirmed
       * @example 1000000000000000000
       */
      amount: string | null;
      /** @description The transaction that staked, unstaked or claimed (the latest signed while in flight) */
      txHash: string | null;
      failureReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description The wallet's position in the pool, read from the contract (cached CHAIN_READ_CACHE_MS) */
    StakingPosition: {
      /** @enum {string} */
      object: 'staking_position';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description The staking contract (the farming pool)
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      pool: string;
      /**
       * @description The wallet: the stake is its own on chain, whichever way it was staked
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      address: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description The contract's `balanceOf(wallet)`: staked base units
       * @example 1000000000000000000
       */
      staked: string;
      /**
       * @description The contract's `earned(wallet)`: rewards accrued and not claimed, base units
       * @example 1000000000000000000
       */
      earned: string;
      /**
       * @description The contract's `nonces(wallet)`: the nonce the next unstake or claim signature must carry
       * @example 1000000000000000000
       */
      nonce: string;
    };
    /** @description The wallet's positions, one per pool (the home chain has one pool) */
    StakingPositionList: {
      /** @enum {string} */
      object: 'list';
      data: components['schemas']['StakingPosition'][];
    };
    /** @description What the wallet signs to stake by permit, unstake or claim */
    StakingTypedData: {
      /** @enum {string} */
      object: 'staking_typed_data';
      /** @enum {string} */
      action: 'stake' | 'unstake' | 'claim';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      pool: string;
      typedData: {
        /** @description The signing contract's EIP-712 domain (ERC-5267 `eip712Domain()`): the token for `stake`, the staking contract otherwise */
        domain: {
          name: string;
          version: string;
          chainId: number;
          /**
           * @description EIP-55 checksummed EVM address
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          verifyingContract: string;
        };
        types: {
          [key: string]: {
            name: string;
            type: string;
          }[];
        };
        /** @enum {string} */
        primaryType: 'Permit' | 'Withdraw' | 'GetReward';
        /** @description Addresses and uint256 values as strings; `nonce` is read now (never cached); `deadline` one hour ahead */
        message: {
          [key: string]: string;
        };
      };
    };
    Tariff: {
      /** Format: uuid */
      id: string;
      hsCode: string;
      /** @example DE */
      origin: string;
      /** @example DE */
      destination: string;
      /** @description Ad valorem duty in basis points (750 = 7.5 %) */
      dutyBps: number;
      description: string;
    };
    /** @description Duty rates matching every filter given */
    TariffPage: {
      data: components['schemas']['Tariff'][];
      /** @description Cursor of the next page (pass as `cursor`), `null` on the last page */
      nextCursor: string | null;
    };
    /** @description The native token: `totalSupply` and `circulatingSupply` are the custodial ledger's figures; `onchain` is the contract's */
    TokenInfo: {
      /**
       * @description Token symbol
       * @example GTK
       */
      symbol: string;
      name: string;
      decimals: number;
      /**
       * @description Everything ever minted
       * @example 1000000000000000000
       */
      totalSupply: string;
      /**
       * @description Total supply less the treasury, the staking pool and the bridge escrow
       * @example 1000000000000000000
       */
      circulatingSupply: string;
      /** @description The token contract on the home chain as it states itself (its `totalSupply()`). Absent when the service runs without a chain */
      onchain?: {
        /**
         * @description CAIP-2 chain id
         * @example eip155:31337
         */
        chain: string;
        /**
         * @description EIP-55 checksummed EVM address
         * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
         */
        contract: string;
        name: string;
        symbol: string;
        decimals: number;
        /**
         * @description Integer base units: `totalSupply()` of the contract
         * @example 1000000000000000000
         */
        totalSupply: string;
      };
    };
    TokenRef: {
      /**
       * @description Token symbol
       * @example GTK
       */
      symbol: string;
      /** @example Gateway Token */
      name: string;
      /** @example 18 */
      decimals: number;
    };
    Transfer: {
      /** Format: uuid */
      id: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      from: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      to: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description Positive integer base units as a string
       * @example 12000000000000000000
       */
      amount: string;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description `balances` and `last30Days`: the `system:treasury` ledger account; `onchain`: the timelock contract */
    TreasuryOverview: {
      balances: {
        token: components['schemas']['TokenRef'];
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        balance: string;
      }[];
      last30Days: {
        token: components['schemas']['TokenRef'];
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        inflow: string;
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        outflow: string;
      }[];
      /** @description The timelock's holdings on the home chain, read at the latest block. Absent when the service runs without a chain */
      onchain?: {
        /**
         * @description CAIP-2 chain id
         * @example eip155:31337
         */
        chain: string;
        /**
         * @description The DAO treasury on chain: the TimelockController the governor executes through
         * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
         */
        address: string;
        balances: components['schemas']['OnchainBalance'][];
      };
    };
    /** @description A vote by signature, relayed by the gateway (`castVoteBySig`) */
    Vote: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'vote';
      /**
       * @description `pending`: accepted, not yet broadcast; `submitted`: on its way; `confirmed`: `CHAIN_CONFIRMATIONS` deep; `failed`: refused or reverted on chain
       * @enum {string}
       */
      status: 'pending' | 'submitted' | 'confirmed' | 'failed';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description The Governor's proposal id (uint256, decimal)
       * @example 4242424242424242424242
       */
      proposalId: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      voter: string;
      /** @enum {string} */
      choice: 'against' | 'for' | 'abstain';
      /**
       * @description From the `VoteCast` log once confirmed: the voter’s votes at the snapshot, base units
       * @example 12000000000000000000
       */
      weight: string | null;
      /** @description The `castVoteBySig` transaction (the latest signed while in flight) */
      txHash: string | null;
      failureReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description Custodial (`data`) and on-chain (`onchain`) balances of the wallet */
    WalletBalances: {
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      address: string;
      /** @description Custodial balances: what the gateway holds for the wallet in its ledger (what payments, transfers and AI billing spend), every token, zeros included, native token first */
      data: {
        token: components['schemas']['TokenRef'];
        /**
         * @description Integer base units as a string
         * @example 1000000000000000000
         */
        balance: string;
      }[];
      /** @description The wallet's own balances on chain (its address's ERC-20 balance on each configured chain: the token on the home chain, the wrapped token elsewhere), read at the latest block. Absent when the service runs without a chain */
      onchain?: components['schemas']['OnchainBalance'][];
    };
    /** @description A webhook destination (never carries its secret) */
    Webhook: {
      /** Format: uuid */
      id: string;
      /** @example https://merchant.example/webhooks */
      url: string;
      events: (
        | 'payment.settled'
        | 'payment.failed'
        | 'payment.expired'
        | 'payment.refunded'
        | 'withdrawal.confirmed'
        | 'withdrawal.failed'
        | 'deposit.credited'
        | 'bridge_transfer.completed'
        | 'bridge_transfer.failed'
      )[];
      /**
       * @description `service` (X-Service-* headers) or `standard-webhooks` (also webhook-id, webhook-timestamp, webhook-signature)
       * @enum {string}
       */
      signatureScheme: 'service' | 'standard-webhooks';
      active: boolean;
      /** @description Most attempts in flight to this URL at once, across every worker; null = `WEBHOOK_ENDPOINT_CONCURRENCY` (10) */
      maxConcurrency: number | null;
      /** @description Set when the service deactivated the webhook because no attempt succeeded for `WEBHOOK_DISABLE_AFTER_MS` (5 days) while attempts kept failing; re-registering the URL re-activates it */
      disabledReason: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    /** @description The endpoint's circuit breaker, read live */
    WebhookHealth: {
      /**
       * @description `closed`: attempts go out; `open`: due deliveries are deferred without an attempt until `openUntil`; `half_open`: the next due delivery is a probe, whose success closes the circuit and whose failure opens it again with twice the cool-down
       * @enum {string}
       */
      state: 'closed' | 'open' | 'half_open';
      consecutiveFailures: number;
      /** Format: date-time */
      lastSuccessAt: string | null;
      /** Format: date-time */
      lastFailureAt: string | null;
      /**
       * Format: date-time
       * @description While `open`: when the probe may go
       */
      openUntil: string | null;
    };
    /** @description The organization's webhooks, oldest first */
    WebhookList: {
      data: components['schemas']['WebhookWithHealth'][];
    };
    WebhookRecovery: {
      /** @description Dead deliveries that get one new attempt (the oldest first, at most WEBHOOK_RECOVERY_MAX_DELIVERIES, 1000) */
      recovered: number;
      /** @description More dead deliveries match than this recovery takes: recover again once it has finished (until then 409 `recovery-in-progress`) */
      more: boolean;
    };
    /** @description A webhook destination with its circuit (never carries its secret) */
    WebhookWithHealth: {
      /** Format: uuid */
      id: string;
      /** @example https://merchant.example/webhooks */
      url: string;
      events: (
        | 'payment.settled'
        | 'payment.failed'
        | 'payment.expired'
        | 'payment.refunded'
        | 'withdrawal.confirmed'
        | 'withdrawal.failed'
        | 'deposit.credited'
        | 'bridge_transfer.completed'
        | 'bridge_transfer.failed'
      )[];
      /**
       * @description `service` (X-Service-* headers) or `standard-webhooks` (also webhook-id, webhook-timestamp, webhook-signature)
       * @enum {string}
       */
      signatureScheme: 'service' | 'standard-webhooks';
      active: boolean;
      /** @description Most attempts in flight to this URL at once, across every worker; null = `WEBHOOK_ENDPOINT_CONCURRENCY` (10) */
      maxConcurrency: number | null;
      /** @description Set when the service deactivated the webhook because no attempt succeeded for `WEBHOOK_DISABLE_AFTER_MS` (5 days) while attempts kept failing; re-registering the URL re-activates it */
      disabledReason: string | null;
      /** Format: date-time */
      createdAt: string;
      health: components['schemas']['WebhookHealth'];
    };
    /** @description A registered webhook with its new signing secret */
    WebhookWithSecret: {
      /** Format: uuid */
      id: string;
      /** @example https://merchant.example/webhooks */
      url: string;
      events: (
        | 'payment.settled'
        | 'payment.failed'
        | 'payment.expired'
        | 'payment.refunded'
        | 'withdrawal.confirmed'
        | 'withdrawal.failed'
        | 'deposit.credited'
        | 'bridge_transfer.completed'
        | 'bridge_transfer.failed'
      )[];
      /**
       * @description `service` (X-Service-* headers) or `standard-webhooks` (also webhook-id, webhook-timestamp, webhook-signature)
       * @enum {string}
       */
      signatureScheme: 'service' | 'standard-webhooks';
      active: boolean;
      /** @description Most attempts in flight to this URL at once, across every worker; null = `WEBHOOK_ENDPOINT_CONCURRENCY` (10) */
      maxConcurrency: number | null;
      /** @description Set when the service deactivated the webhook because no attempt succeeded for `WEBHOOK_DISABLE_AFTER_MS` (5 days) while attempts kept failing; re-registering the URL re-activates it */
      disabledReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** @description Signing secret (HMAC-SHA256 key), shown only here */
      secret: string;
    };
    /** @description Custodial tokens sent on chain to the wallet */
    Withdrawal: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      object: 'withdrawal';
      /**
       * @description `pending`: debited from the custodial balance, the transaction not yet broadcast; `submitted`: broadcast, waiting for inclusion and the confirmations; `confirmed`: included `CHAIN_CONFIRMATIONS` deep and successful; `failed`: refused or reverted on chain, the amount credited back to the custodial balance (once)
       * @enum {string}
       */
      status: 'pending' | 'submitted' | 'confirmed' | 'failed';
      /**
       * @description CAIP-2 chain id
       * @example eip155:31337
       */
      chain: string;
      /**
       * @description EIP-55 checksummed EVM address
       * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
       */
      to: string;
      /**
       * @description Token symbol
       * @example GTK
       */
      token: string;
      /**
       * @description Positive integer base units as a string
       * @example 12000000000000000000
       */
      amount: string;
      /** @description Hash of the transaction (the latest one signed while in flight; the mined one once final) */
      txHash: string | null;
      failureReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description The withdrawal's transaction is included `CHAIN_CONFIRMATIONS` blocks deep and succeeded: the tokens are in the wallet on chain */
    WithdrawalConfirmedEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'withdrawal.confirmed';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The withdrawal as `GET /gateway/v1/wallet/withdrawals/{id}` returns it, in its final state */
      data: {
        withdrawal: components['schemas']['Withdrawal'];
      };
    };
    /** @description The chain refused or reverted the withdrawal's transaction: the amount is back in the wallet's custodial balance (`failureReason` says why) */
    WithdrawalFailedEvent: {
      /**
       * Format: uuid
       * @description Event id: the same in every delivery of the event, to every webhook
       */
      id: string;
      /** @enum {string} */
      type: 'withdrawal.failed';
      /**
       * Format: date-time
       * @description When the event happened (the state change committed)
       */
      createdAt: string;
      /**
       * @description Present, and `true`, only on a sample sent by `POST /gateway/v1/webhooks/{id}/test` (its object is made up: id `00000000-0000-7000-8000-000000007e57`); absent on real events. Acknowledge a test (2xx) and do not act on it.
       * @example true
       */
      test?: boolean;
      delivery: components['schemas']['EventDelivery'];
      /** @description The withdrawal as `GET /gateway/v1/wallet/withdrawals/{id}` returns it, in its final state */
      data: {
        withdrawal: components['schemas']['Withdrawal'];
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description IETF `RateLimit` header field (draft-ietf-httpapi-ratelimit-headers, structured-field syntax): for the quota policy `"default"`, `r` requests remaining and `t` seconds until the window resets, for this API key (or client address) */
    RateLimit: string;
    /** @description IETF `RateLimit-Policy` header field (draft-ietf-httpapi-ratelimit-headers): the quota policy `"default"`, `q` requests (`RATE_LIMIT_MAX`) per window of `w` seconds (`RATE_LIMIT_WINDOW_MS`), and `pk`, the partition key: an opaque byte sequence naming the counter (a digest, never the credential) */
    RateLimitPolicy: string;
    /** @description Seconds to wait before retrying */
    RetryAfter: number;
    /** @description `true` when this is the stored first answer to an earlier request with the same `Idempotency-Key` */
    IdempotentReplayed: 'true';
    /** @description The request's id, also in the API's log line of the request: the client's `X-Request-Id` when it is 1 to 128 characters of `A-Z a-z 0-9 . _ : -`, otherwise (absent, malformed or too long) a new UUID */
    RequestId: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every dependency answers */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok",
           *       "checks": {
           *         "database": "ok",
           *         "redis": "ok"
           *       }
           *     }
           */
          'application/json': components['schemas']['HealthStatus'];
        };
      };
      /** @description A dependency is down (`status: "unavailable"`, the failing check `"error"`) */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "unavailable",
           *       "checks": {
           *         "database": "ok",
           *         "redis": "error"
           *       }
           *     }
           */
          'application/json': components['schemas']['HealthStatus'];
        };
      };
    };
  };
  getLoginNonce: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A fresh nonce */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description `no-store` */
          'Cache-Control'?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "nonce": "n4X8qL2vR7tY1mK9pW3sZ6cB0dF5gH8jA2eU4iO7",
           *       "expiresAt": "2026-11-21T17:10:00.000Z"
           *     }
           */
          'application/json': components['schemas']['LoginNonce'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  login: {
    parameters: {
      query?: never;
      header?: {
        /** @description Optional: the organization's API key (or connector token) to bind the session to */
        'X-API-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "message": "localhost wants you to sign in with your Ethereum account:\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n\nSign in to the gateway\n\nURI: https://localhost/login\nVersion: 1\nChain ID: 1\nNonce: n4X8qL2vR7tY1mK9pW3sZ6cB0dF5gH8jA2eU4iO7\nIssued At: 2026-11-21T17:00:00Z",
         *       "signature": "0x3c1e5d0b7f4a2e9c8d6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1b"
         *     }
         */
        'application/json': {
          /** @description The EIP-4361 (Sign-In with Ethereum) message, as signed */
          message: string;
          /** @description The wallet's personal_sign signature of `message`, 0x-prefixed hex */
          signature: string;
        };
      };
    };
    responses: {
      /** @description Session JWT */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "organizationId": "0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b",
           *       "token": "eyJhbGciOiJFUzI1NiIsImtpZCI6IjNzUWguLi4ifQ.eyJzdWIiOiIweDVhQWViNjA1M0YzRTk0QzliOUEwOWYzMzY2OTQzNUU3RWYxQmVBZWQifQ.sig",
           *       "expiresAt": "2026-11-21T18:00:00.000Z",
           *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
           *     }
           */
          'application/json': components['schemas']['Session'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-signature`: Invalid login signature; `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getJwks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description JSON Web Key Set */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description `public, max-age=300` */
          'Cache-Control'?: 'public, max-age=300';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "keys": [
           *         {
           *           "kty": "EC",
           *           "crv": "P-256",
           *           "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
           *           "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0",
           *           "kid": "3sQhBg4b0b1eJcE3wWQ2b7tR5fX0yZ8aN6mL1kP9dVs",
           *           "alg": "ES256",
           *           "use": "sig"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['Jwks'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  registerWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://merchant.example/webhooks",
         *       "events": [
         *         "payment.settled",
         *         "payment.refunded"
         *       ]
         *     }
         */
        'application/json': {
          /**
           * @description Absolute http(s) URL of the receiver; private and loopback destinations are refused
           * @example https://merchant.example/webhooks
           */
          url: string;
          /**
           * @description Events to deliver (default `["payment.settled"]`)
           * @example [
           *       "payment.settled",
           *       "payment.refunded"
           *     ]
           */
          events?: (
            | 'payment.settled'
            | 'payment.failed'
            | 'payment.expired'
            | 'payment.refunded'
            | 'withdrawal.confirmed'
            | 'withdrawal.failed'
            | 'deposit.credited'
            | 'bridge_transfer.completed'
            | 'bridge_transfer.failed'
          )[];
          /**
           * @description Default `service`: X-Service-* headers. `standard-webhooks` also sends `webhook-id`, `webhook-timestamp` and `webhook-signature` (Standard Webhooks, replay protection). Re-registering without it resets it to `service`.
           * @example standard-webhooks
           * @enum {string}
           */
          signatureScheme?: 'service' | 'standard-webhooks';
          /**
           * @description Most attempts in flight to this URL at once, across every worker (default `WEBHOOK_ENDPOINT_CONCURRENCY`, 10; at most 20). The `maxConcurrency` values of an organization's active webhooks may add up to `WEBHOOK_ORG_CONCURRENCY_MAX` (40), and the organization's attempts in flight are held to its fair share of the worker pool whatever its webhooks ask for (docs/webhooks.md, "Delivery isolation"). Re-registering without it resets it to the default.
           * @example 5
           */
          maxConcurrency?: number;
        };
      };
    };
    responses: {
      /** @description The URL existed: updated, secret rotated, re-activated */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *       "url": "https://merchant.example/webhooks",
           *       "events": [
           *         "payment.settled",
           *         "payment.refunded"
           *       ],
           *       "signatureScheme": "service",
           *       "active": true,
           *       "maxConcurrency": null,
           *       "disabledReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "secret": "whsec_q9b1Zt0m8V2kXr5cP3sL7yH4nD6fJ0aW1eG8uK2iO5Q="
           *     }
           */
          'application/json': components['schemas']['WebhookWithSecret'];
        };
      };
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *       "url": "https://merchant.example/webhooks",
           *       "events": [
           *         "payment.settled",
           *         "payment.refunded"
           *       ],
           *       "signatureScheme": "service",
           *       "active": true,
           *       "maxConcurrency": null,
           *       "disabledReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "secret": "whsec_q9b1Zt0m8V2kXr5cP3sL7yH4nD6fJ0aW1eG8uK2iO5Q="
           *     }
           */
          'application/json': components['schemas']['WebhookWithSecret'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/webhook-limit-reached`: Webhook limit reached */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Webhooks */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *           "url": "https://merchant.example/webhooks",
           *           "events": [
           *             "payment.settled",
           *             "payment.refunded"
           *           ],
           *           "signatureScheme": "service",
           *           "active": true,
           *           "maxConcurrency": null,
           *           "disabledReason": null,
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "health": {
           *             "state": "closed",
           *             "consecutiveFailures": 0,
           *             "lastSuccessAt": "2026-11-21T17:00:00.000Z",
           *             "lastFailureAt": null,
           *             "openUntil": null
           *           }
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['WebhookList'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listDeliveries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description Only deliveries in this status */
        status?: 'pending' | 'delivered' | 'dead';
        /** @description Only deliveries to this webhook (another organization's webhook matches nothing) */
        webhookId?: string;
        /** @description Only deliveries of this event type */
        event?:
          | 'payment.settled'
          | 'payment.failed'
          | 'payment.expired'
          | 'payment.refunded'
          | 'withdrawal.confirmed'
          | 'withdrawal.failed'
          | 'deposit.credited'
          | 'bridge_transfer.completed'
          | 'bridge_transfer.failed';
        /** @description Only deliveries of the events of this payment (`data.payment.id` of their body; events about other objects never match) */
        paymentId?: string;
        /** @description Only deliveries created at or after this time (`createdAt >= createdAfter`) */
        createdAfter?: string;
        /** @description Only deliveries created before this time (`createdAt < createdBefore`) */
        createdBefore?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
           *           "webhookId": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *           "eventId": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
           *           "event": "payment.settled",
           *           "paymentId": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *           "status": "dead",
           *           "attempts": 8,
           *           "nextAttemptAt": null,
           *           "lastStatusCode": 500,
           *           "lastError": "HTTP 500",
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "deliveredAt": null
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['DeliveryPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the delivery (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery with its attempts */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
           *       "webhookId": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *       "eventId": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
           *       "event": "payment.settled",
           *       "paymentId": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "status": "pending",
           *       "attempts": 2,
           *       "nextAttemptAt": "2026-11-21T17:03:00.000Z",
           *       "lastStatusCode": 500,
           *       "lastError": "HTTP 500",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "deliveredAt": null,
           *       "attemptLog": [
           *         {
           *           "number": 1,
           *           "statusCode": 500,
           *           "durationMs": 41,
           *           "error": "HTTP 500",
           *           "responseBody": "{\"error\":\"database unavailable\"}",
           *           "createdAt": "2026-11-21T17:00:00.041Z"
           *         },
           *         {
           *           "number": 2,
           *           "statusCode": 500,
           *           "durationMs": 41,
           *           "error": "HTTP 500",
           *           "responseBody": "{\"error\":\"database unavailable\"}",
           *           "createdAt": "2026-11-21T17:01:00.052Z"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['DeliveryDetail'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  retryDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the delivery (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accepted: the delivery is `pending` until its attempt, due at `nextAttemptAt`, is made */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
           *       "status": "pending",
           *       "nextAttemptAt": "2026-11-21T19:03:30.000Z",
           *       "health": {
           *         "state": "open",
           *         "consecutiveFailures": 5,
           *         "lastSuccessAt": "2026-11-21T17:00:00.000Z",
           *         "lastFailureAt": "2026-11-21T19:03:00.000Z",
           *         "openUntil": "2026-11-21T19:03:30.000Z"
           *       }
           *     }
           */
          'application/json': components['schemas']['DeliveryRetry'];
        };
      };
      /** @description `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  recoverWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the webhook (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "since": "2026-11-21T17:00:00Z"
         *     }
         */
        'application/json': {
          /**
           * @description Recover the dead deliveries created at or after this time; at most 30 days ago, not in the future
           * @example 2026-11-21T17:00:00Z
           */
          since: string;
        };
      };
    };
    responses: {
      /** @description Accepted: the recovery is queued */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "recovered": 42,
           *       "more": false
           *     }
           */
          'application/json': components['schemas']['WebhookRecovery'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation; `/problems/recovery-in-progress`: A recovery of this webhook is running */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description Only events of this type */
        type?:
          | 'payment.settled'
          | 'payment.failed'
          | 'payment.expired'
          | 'payment.refunded'
          | 'withdrawal.confirmed'
          | 'withdrawal.failed'
          | 'deposit.credited'
          | 'bridge_transfer.completed'
          | 'bridge_transfer.failed';
        /** @description Only events created at or after this time (`createdAt >= createdAfter`) */
        createdAfter?: string;
        /** @description Only events created before this time (`createdAt < createdBefore`) */
        createdBefore?: string;
        /** @description `desc` (default): newest first, like every list; `asc`: oldest first, for a reader that tails the events */
        order?: 'desc' | 'asc';
        /** @description Only events after this event id in id order (ids are UUIDv7: time-ordered). Any UUID is accepted, e.g. the id of an event since deleted by retention */
        after?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
           *           "type": "payment.settled",
           *           "createdAt": "2026-11-21T17:01:00.000Z",
           *           "test": false,
           *           "data": {
           *             "payment": {
           *               "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *               "object": "payment",
           *               "status": "settled",
           *               "amount": "12000000000000000000",
           *               "token": "GTK"
           *             }
           *           }
           *         }
           *       ],
           *       "nextCursor": "MDE5M2E1YzEtMWIyYy03ZDNlLThmNDAtNWE2YjdjOGQ5ZTAx"
           *     }
           */
          'application/json': components['schemas']['EventPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the event (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
           *       "type": "payment.settled",
           *       "createdAt": "2026-11-21T17:01:00.000Z",
           *       "test": false,
           *       "data": {
           *         "payment": {
           *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *           "object": "payment",
           *           "status": "settled",
           *           "amount": "12000000000000000000",
           *           "token": "GTK"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['Event'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the webhook (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The webhook with its circuit */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *       "url": "https://merchant.example/webhooks",
           *       "events": [
           *         "payment.settled",
           *         "payment.refunded"
           *       ],
           *       "signatureScheme": "service",
           *       "active": true,
           *       "maxConcurrency": null,
           *       "disabledReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "health": {
           *         "state": "closed",
           *         "consecutiveFailures": 0,
           *         "lastSuccessAt": "2026-11-21T17:00:00.000Z",
           *         "lastFailureAt": null,
           *         "openUntil": null
           *       }
           *     }
           */
          'application/json': components['schemas']['WebhookWithHealth'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  deactivateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the webhook (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The webhook, `active: false` */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *       "url": "https://merchant.example/webhooks",
           *       "events": [
           *         "payment.settled",
           *         "payment.refunded"
           *       ],
           *       "signatureScheme": "service",
           *       "active": false,
           *       "maxConcurrency": null,
           *       "disabledReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Webhook'];
        };
      };
      /** @description `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  sendTestEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the webhook (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    /** @description Optional: no body (or `{}`) sends `payment.settled` */
    requestBody?: {
      content: {
        /**
         * @example {
         *       "event": "payment.refunded"
         *     }
         */
        'application/json': {
          /**
           * @description The event type of the sample (default `payment.settled`); sent even if the webhook does not subscribe to it
           * @default payment.settled
           * @enum {string}
           */
          event?:
            | 'payment.settled'
            | 'payment.failed'
            | 'payment.expired'
            | 'payment.refunded'
            | 'withdrawal.confirmed'
            | 'withdrawal.failed'
            | 'deposit.credited'
            | 'bridge_transfer.completed'
            | 'bridge_transfer.failed';
        };
      };
    };
    responses: {
      /** @description Accepted: the delivery of the test event, `pending` until its attempt is made */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
           *       "webhookId": "0193a5c1-2b3c-7d4e-8f50-6a7b8c9d0e12",
           *       "eventId": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
           *       "event": "payment.refunded",
           *       "paymentId": "00000000-0000-7000-8000-000000007e57",
           *       "status": "pending",
           *       "attempts": 0,
           *       "nextAttemptAt": "2026-11-21T17:00:00.000Z",
           *       "lastStatusCode": null,
           *       "lastError": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "deliveredAt": null
           *     }
           */
          'application/json': components['schemas']['Delivery'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests; `/problems/event-quota-exceeded`: Event quota exceeded */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listMyConnectorGrants: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of grants */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *           "wallet": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "clientId": "claude-desktop",
           *           "clientName": "Claude",
           *           "resource": "https://gateway.example.com/mcp/0193a5c0-0000-7000-8000-00000000de70",
           *           "scopes": [
           *             "wallet:read",
           *             "payments:read",
           *             "payments:write"
           *           ],
           *           "limits": {
           *             "perTransaction": "50000000000000000000",
           *             "perDay": "100000000000000000000",
           *             "total": "500000000000000000000",
           *             "recipients": null,
           *             "approvalThreshold": "20000000000000000000"
           *           },
           *           "spent": "12000000000000000000",
           *           "spentToday": "12000000000000000000",
           *           "remainingToday": "88000000000000000000",
           *           "remainingTotal": "488000000000000000000",
           *           "status": "active",
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "revokedAt": null,
           *           "revokedBy": null
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['ConnectorGrantPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  revokeMyConnectorGrant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the grant (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The grant, revoked */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "wallet": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "clientId": "claude-desktop",
           *       "clientName": "Claude",
           *       "resource": "https://gateway.example.com/mcp/0193a5c0-0000-7000-8000-00000000de70",
           *       "scopes": [
           *         "wallet:read",
           *         "payments:read",
           *         "payments:write"
           *       ],
           *       "limits": {
           *         "perTransaction": "50000000000000000000",
           *         "perDay": "100000000000000000000",
           *         "total": "500000000000000000000",
           *         "recipients": null,
           *         "approvalThreshold": "20000000000000000000"
           *       },
           *       "spent": "12000000000000000000",
           *       "spentToday": "12000000000000000000",
           *       "remainingToday": "0",
           *       "remainingTotal": "0",
           *       "status": "revoked",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "revokedAt": "2026-11-21T17:15:00.000Z",
           *       "revokedBy": "holder"
           *     }
           */
          'application/json': components['schemas']['ConnectorGrant'];
        };
      };
      /** @description `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getConnectorCeiling: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ceiling */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "scopes": [
           *         "wallet:read",
           *         "payments:read",
           *         "payments:write",
           *         "billing:read",
           *         "billing:write"
           *       ],
           *       "anyClient": true,
           *       "clientIds": [],
           *       "maxPerTransaction": "100000000000000000000",
           *       "maxPerDay": "500000000000000000000",
           *       "maxTotal": null,
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['ConnectorCeiling'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  setConnectorCeiling: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "scopes": [
         *         "wallet:read",
         *         "payments:read",
         *         "payments:write",
         *         "billing:read",
         *         "billing:write"
         *       ],
         *       "anyClient": true,
         *       "maxPerTransaction": "100000000000000000000",
         *       "maxPerDay": "500000000000000000000"
         *     }
         */
        'application/json': components['schemas']['SetConnectorCeiling'];
      };
    };
    responses: {
      /** @description The ceiling */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "scopes": [
           *         "wallet:read",
           *         "payments:read",
           *         "payments:write",
           *         "billing:read",
           *         "billing:write"
           *       ],
           *       "anyClient": true,
           *       "clientIds": [],
           *       "maxPerTransaction": "100000000000000000000",
           *       "maxPerDay": "500000000000000000000",
           *       "maxTotal": null,
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['ConnectorCeiling'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listConnectorGrants: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description Only this wallet's grants */
        wallet?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of grants */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *           "wallet": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "clientId": "claude-desktop",
           *           "clientName": "Claude",
           *           "resource": "https://gateway.example.com/mcp/0193a5c0-0000-7000-8000-00000000de70",
           *           "scopes": [
           *             "wallet:read",
           *             "payments:read",
           *             "payments:write"
           *           ],
           *           "limits": {
           *             "perTransaction": "50000000000000000000",
           *             "perDay": "100000000000000000000",
           *             "total": "500000000000000000000",
           *             "recipients": null,
           *             "approvalThreshold": "20000000000000000000"
           *           },
           *           "spent": "12000000000000000000",
           *           "spentToday": "12000000000000000000",
           *           "remainingToday": "88000000000000000000",
           *           "remainingTotal": "488000000000000000000",
           *           "status": "active",
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "revokedAt": null,
           *           "revokedBy": null
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['ConnectorGrantPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  revokeConnectorGrant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the grant (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The grant, revoked */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "wallet": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "clientId": "claude-desktop",
           *       "clientName": "Claude",
           *       "resource": "https://gateway.example.com/mcp/0193a5c0-0000-7000-8000-00000000de70",
           *       "scopes": [
           *         "wallet:read",
           *         "payments:read",
           *         "payments:write"
           *       ],
           *       "limits": {
           *         "perTransaction": "50000000000000000000",
           *         "perDay": "100000000000000000000",
           *         "total": "500000000000000000000",
           *         "recipients": null,
           *         "approvalThreshold": "20000000000000000000"
           *       },
           *       "spent": "12000000000000000000",
           *       "spentToday": "12000000000000000000",
           *       "remainingToday": "0",
           *       "remainingTotal": "0",
           *       "status": "revoked",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "revokedAt": "2026-11-21T17:15:00.000Z",
           *       "revokedBy": "holder"
           *     }
           */
          'application/json': components['schemas']['ConnectorGrant'];
        };
      };
      /** @description `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listConnectorAudit: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description Only this grant's records */
        grantId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of audit records */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
           *           "grantId": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *           "wallet": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "clientId": "claude-desktop",
           *           "kind": "tool_call",
           *           "tool": "confirm_payment",
           *           "argumentsDigest": "9f2c0d6c5b1e0f4f1a0e6c2b7d9a3e4f5061728394a5b6c7d8e9f0a1b2c3d4e5",
           *           "amount": "12000000000000000000",
           *           "outcome": "ok",
           *           "detail": null,
           *           "createdAt": "2026-11-21T17:00:00.000Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['ConnectorAuditPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listPayments: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description Only payments in this status */
        status?: 'pending' | 'settled' | 'failed' | 'expired' | 'refunded';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of payments */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *           "object": "payment",
           *           "status": "settled",
           *           "amount": "12000000000000000000",
           *           "token": "GTK",
           *           "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *           "description": "Order #1001",
           *           "purpose": "payment",
           *           "credits": null,
           *           "failureReason": null,
           *           "expiresAt": "2026-11-21T17:15:00.000Z",
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "updatedAt": "2026-11-21T17:01:00.000Z",
           *           "settledAt": "2026-11-21T17:01:00.000Z",
           *           "refundedAt": null
           *         }
           *       ],
           *       "nextCursor": "MDE5M2E1YzEtMWIyYy03ZDNlLThmNDAtNWE2YjdjOGQ5ZTAx"
           *     }
           */
          'application/json': components['schemas']['PaymentPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createPayment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": "12000000000000000000",
         *       "description": "Order #1001"
         *     }
         */
        'application/json': {
          /**
           * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
           * @example 12000000000000000000
           */
          amount: string;
          /**
           * @description Free text shown with the payment
           * @example Order #1001
           */
          description?: string;
          /**
           * @description Seconds until a still-pending payment expires (default 900, at most 30 days)
           * @default 900
           * @example 900
           */
          expiresInSeconds?: number;
        };
      };
    };
    responses: {
      /** @description The payment, `pending` */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "object": "payment",
           *       "status": "pending",
           *       "amount": "12000000000000000000",
           *       "token": "GTK",
           *       "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *       "description": "Order #1001",
           *       "purpose": "payment",
           *       "credits": null,
           *       "failureReason": null,
           *       "expiresAt": "2026-11-21T17:15:00.000Z",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z",
           *       "settledAt": null,
           *       "refundedAt": null
           *     }
           */
          'application/json': components['schemas']['Payment'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests; `/problems/event-quota-exceeded`: Event quota exceeded */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the payment (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "object": "payment",
           *       "status": "settled",
           *       "amount": "12000000000000000000",
           *       "token": "GTK",
           *       "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *       "description": "Order #1001",
           *       "purpose": "payment",
           *       "credits": null,
           *       "failureReason": null,
           *       "expiresAt": "2026-11-21T17:15:00.000Z",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:01:00.000Z",
           *       "settledAt": "2026-11-21T17:01:00.000Z",
           *       "refundedAt": null
           *     }
           */
          'application/json': components['schemas']['Payment'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  confirmPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the payment (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment, `settled` (or `failed` for a short balance, with `failureReason`) */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "object": "payment",
           *       "status": "settled",
           *       "amount": "12000000000000000000",
           *       "token": "GTK",
           *       "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *       "description": "Order #1001",
           *       "purpose": "payment",
           *       "credits": null,
           *       "failureReason": null,
           *       "expiresAt": "2026-11-21T17:15:00.000Z",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:01:00.000Z",
           *       "settledAt": "2026-11-21T17:01:00.000Z",
           *       "refundedAt": null
           *     }
           */
          'application/json': components['schemas']['Payment'];
        };
      };
      /** @description `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/not-payer`: Only the payer can confirm this payment */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  refundPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the payment (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment, `refunded` */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "object": "payment",
           *       "status": "refunded",
           *       "amount": "12000000000000000000",
           *       "token": "GTK",
           *       "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *       "description": "Order #1001",
           *       "purpose": "payment",
           *       "credits": null,
           *       "failureReason": null,
           *       "expiresAt": "2026-11-21T17:15:00.000Z",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:05:00.000Z",
           *       "settledAt": "2026-11-21T17:01:00.000Z",
           *       "refundedAt": "2026-11-21T17:05:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Payment'];
        };
      };
      /** @description `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-funds`: Insufficient funds */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests; `/problems/event-quota-exceeded`: Event quota exceeded */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getWalletBalances: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Balances */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "data": [
           *         {
           *           "token": {
           *             "symbol": "GTK",
           *             "name": "Gateway Token",
           *             "decimals": 18
           *           },
           *           "balance": "100000000000000000000"
           *         },
           *         {
           *           "token": {
           *             "symbol": "USDC",
           *             "name": "USD Coin",
           *             "decimals": 6
           *           },
           *           "balance": "0"
           *         }
           *       ],
           *       "onchain": [
           *         {
           *           "chain": "eip155:31337",
           *           "contract": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
           *           "symbol": "GTK",
           *           "balance": "25000000000000000000"
           *         },
           *         {
           *           "chain": "eip155:31338",
           *           "contract": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
           *           "symbol": "wGTK",
           *           "balance": "0"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['WalletBalances'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  transfer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "to": "0x52908400098527886E0F7030069857D2E4169EE7",
         *       "amount": "3000000000000000000"
         *     }
         */
        'application/json': {
          /**
           * @description EVM address, 0x + 40 hex digits: all lower case, all upper case, or mixed case matching its EIP-55 checksum
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          to: string;
          /**
           * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
           * @example 12000000000000000000
           */
          amount: string;
          /**
           * @description Token symbol; default the native token
           * @example GTK
           */
          token?: string;
        };
      };
    };
    responses: {
      /** @description The transfer */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-3c4d-7e5f-8061-7b8c9d0e1f23",
           *       "from": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "to": "0x52908400098527886E0F7030069857D2E4169EE7",
           *       "token": "GTK",
           *       "amount": "3000000000000000000",
           *       "createdAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Transfer'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/holder-authorization-required`: Needs the wallet holder's signed allowance; `/problems/spending-limit-exceeded`: Over the spending limit of the connector grant; `/problems/recipient-not-allowed`: Recipient not in the grant's allow-list */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-funds`: Insufficient funds; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  withdraw: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": "5000000000000000000"
         *     }
         */
        'application/json': {
          /**
           * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
           * @example 12000000000000000000
           */
          amount: string;
          /**
           * @description Token symbol; only the native token is on chain (default)
           * @example GTK
           */
          token?: string;
        };
      };
    };
    responses: {
      /** @description Accepted: the withdrawal, `pending` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000a1",
           *       "object": "withdrawal",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "to": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "5000000000000000000",
           *       "txHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Withdrawal'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-funds`: Insufficient funds; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getWithdrawal: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the withdrawal (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The withdrawal */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000a1",
           *       "object": "withdrawal",
           *       "status": "confirmed",
           *       "chain": "eip155:31337",
           *       "to": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "5000000000000000000",
           *       "txHash": "0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Withdrawal'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listWalletDeposits: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deposits */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c1-3c4d-7e5f-8061-7b8c9d0e1f23",
           *           "chain": "eip155:31337",
           *           "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "txHash": "0x8b7f7b3c5f0a2b1e4c6d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b",
           *           "logIndex": 0,
           *           "blockNumber": "1234",
           *           "token": "GTK",
           *           "amount": "25000000000000000000",
           *           "confirmations": 2,
           *           "status": "credited",
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "creditedAt": "2026-11-21T17:15:00.000Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['DepositPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getPermitTypedData: {
    parameters: {
      query: {
        /** @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token */
        amount: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The typed data to sign */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "permit_typed_data",
           *       "chain": "eip155:31337",
           *       "spender": "0xc811641CEd3B057BA939fE62Ad8D682d37b0c1b7",
           *       "typedData": {
           *         "domain": {
           *           "name": "Gateway Token",
           *           "version": "1",
           *           "chainId": 31337,
           *           "verifyingContract": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
           *         },
           *         "types": {
           *           "Permit": [
           *             {
           *               "name": "owner",
           *               "type": "address"
           *             },
           *             {
           *               "name": "spender",
           *               "type": "address"
           *             },
           *             {
           *               "name": "value",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "nonce",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "deadline",
           *               "type": "uint256"
           *             }
           *           ]
           *         },
           *         "primaryType": "Permit",
           *         "message": {
           *           "owner": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "spender": "0xc811641CEd3B057BA939fE62Ad8D682d37b0c1b7",
           *           "value": "10000000000000000000",
           *           "nonce": "0",
           *           "deadline": "1795800000"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['PermitTypedData'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  depositWithPermit: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": "10000000000000000000",
         *       "deadline": 1795800000,
         *       "signature": "0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"
         *     }
         */
        'application/json': {
          /**
           * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
           * @example 12000000000000000000
           */
          amount: string;
          /**
           * @description The signed permit's deadline, unix seconds (as in the typed data); at least 60 s ahead
           * @example 1795800000
           */
          deadline: number;
          /**
           * @description The wallet's EIP-712 signature of the typed data (65 bytes, hex)
           * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
           */
          signature: string;
        };
      };
    };
    responses: {
      /** @description Accepted: the permit deposit, `pending` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000b1",
           *       "object": "permit_deposit",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "from": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "10000000000000000000",
           *       "deadline": 1795800000,
           *       "permitTxHash": null,
           *       "txHash": null,
           *       "deposit": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['PermitDeposit'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-permit`: Invalid permit; `/problems/insufficient-funds`: Insufficient funds; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getPermitDeposit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the permit deposit (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The permit deposit */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000b1",
           *       "object": "permit_deposit",
           *       "status": "confirmed",
           *       "chain": "eip155:31337",
           *       "from": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "10000000000000000000",
           *       "deadline": 1795800000,
           *       "permitTxHash": "0x1f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
           *       "txHash": "0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
           *       "deposit": "credited",
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:15:00.000Z"
           *     }
           */
          'application/json': components['schemas']['PermitDeposit'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  stake: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "source": "custody",
         *       "amount": "10000000000000000000"
         *     }
         */
        'application/json':
          | {
              /**
               * @description From the wallet's custodial balance (debited now)
               * @enum {string}
               */
              source: 'custody';
              /**
               * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
               * @example 12000000000000000000
               */
              amount: string;
            }
          | {
              /**
               * @description The wallet's own tokens on chain, by an EIP-2612 permit to the staking contract
               * @enum {string}
               */
              source: 'permit';
              /**
               * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
               * @example 12000000000000000000
               */
              amount: string;
              /**
               * @description The signed deadline, unix seconds (as in the typed data); at least 60 s ahead
               * @example 1795800000
               */
              deadline: number;
              /**
               * @description The wallet's EIP-712 signature of the typed data (65 bytes, hex)
               * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
               */
              signature: string;
            };
      };
    };
    responses: {
      /** @description Accepted: the operation, `pending` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000c1",
           *       "object": "staking_operation",
           *       "type": "stake",
           *       "source": "custody",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "pool": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "10000000000000000000",
           *       "txHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['StakingOperation'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-funds`: Insufficient funds; `/problems/invalid-permit`: Invalid permit; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  unstake: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": "10000000000000000000",
         *       "deadline": 1795800000,
         *       "signature": "0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"
         *     }
         */
        'application/json': {
          /**
           * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
           * @example 12000000000000000000
           */
          amount: string;
          /**
           * @description The signed deadline, unix seconds (as in the typed data); at least 60 s ahead
           * @example 1795800000
           */
          deadline: number;
          /**
           * @description The wallet's EIP-712 signature of the typed data (65 bytes, hex)
           * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
           */
          signature: string;
        };
      };
    };
    responses: {
      /** @description Accepted: the operation, `pending` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000c1",
           *       "object": "staking_operation",
           *       "type": "stake",
           *       "source": "custody",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "pool": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "10000000000000000000",
           *       "txHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['StakingOperation'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-funds`: Insufficient funds; `/problems/invalid-staking-signature`: Invalid signature; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  claimStakingRewards: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "deadline": 1795800000,
         *       "signature": "0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"
         *     }
         */
        'application/json': {
          /**
           * @description The signed deadline, unix seconds (as in the typed data); at least 60 s ahead
           * @example 1795800000
           */
          deadline: number;
          /**
           * @description The wallet's EIP-712 signature of the typed data (65 bytes, hex)
           * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
           */
          signature: string;
        };
      };
    };
    responses: {
      /** @description Accepted: the operation, `pending` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000c1",
           *       "object": "staking_operation",
           *       "type": "stake",
           *       "source": "custody",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "pool": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "10000000000000000000",
           *       "txHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['StakingOperation'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/insufficient-funds`: Insufficient funds; `/problems/invalid-staking-signature`: Invalid signature; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getStakingTypedData: {
    parameters: {
      query: {
        /** @description `stake`: the EIP-2612 `Permit` of the token to the staking contract; `unstake`: the Staking contract's `Withdraw`; `claim`: its `GetReward` */
        action: 'stake' | 'unstake' | 'claim';
        /** @description Base units; required for `stake` and `unstake` */
        amount?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The typed data to sign */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "staking_typed_data",
           *       "action": "unstake",
           *       "chain": "eip155:31337",
           *       "pool": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *       "typedData": {
           *         "domain": {
           *           "name": "Staking",
           *           "version": "1",
           *           "chainId": 31337,
           *           "verifyingContract": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"
           *         },
           *         "types": {
           *           "Withdraw": [
           *             {
           *               "name": "owner",
           *               "type": "address"
           *             },
           *             {
           *               "name": "amount",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "nonce",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "deadline",
           *               "type": "uint256"
           *             }
           *           ]
           *         },
           *         "primaryType": "Withdraw",
           *         "message": {
           *           "owner": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "amount": "10000000000000000000",
           *           "nonce": "0",
           *           "deadline": "1795800000"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['StakingTypedData'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getStakingOperation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the staking operation (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The operation */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c0-0000-7000-8000-0000000000c1",
           *       "object": "staking_operation",
           *       "type": "stake",
           *       "source": "custody",
           *       "status": "confirmed",
           *       "chain": "eip155:31337",
           *       "pool": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "token": "GTK",
           *       "amount": "10000000000000000000",
           *       "txHash": "0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:15:00.000Z"
           *     }
           */
          'application/json': components['schemas']['StakingOperation'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listStakingPositions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The positions */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "list",
           *       "data": [
           *         {
           *           "object": "staking_position",
           *           "chain": "eip155:31337",
           *           "pool": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *           "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "token": "GTK",
           *           "staked": "10000000000000000000",
           *           "earned": "1250000000000000000",
           *           "nonce": "0"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['StakingPositionList'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listFarmingPools: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pools */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "list",
           *       "data": [
           *         {
           *           "object": "farming_pool",
           *           "chain": "eip155:31337",
           *           "address": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *           "stakingToken": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
           *           "rewardsToken": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
           *           "token": "GTK",
           *           "totalStaked": "1000000000000000000000",
           *           "rewardRate": "100000000000000000",
           *           "rewardBalance": "999000000000000000000000",
           *           "aprBps": 31536000
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['FarmingPoolList'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listProposals: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description `active` (default): voting is open at the head block; `all`: every indexed proposal */
        state?: 'active' | 'all';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of proposals */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "4242424242424242424242",
           *           "object": "proposal",
           *           "chain": "eip155:31337",
           *           "title": "Fund the grants program",
           *           "description": "Fund the grants program\n\nPay 50000 GTK from the treasury to the grants multisig.",
           *           "proposer": "0xc811641CEd3B057BA939fE62Ad8D682d37b0c1b7",
           *           "targets": [
           *             "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
           *           ],
           *           "values": [
           *             "0"
           *           ],
           *           "calldatas": [
           *             "0xa9059cbb0000000000000000000000005aaeb6053f3e94c9b9a09f33669435e7ef1beaed0000000000000000000000000000000000000000000a968163f0a57b40000000"
           *           ],
           *           "voteStart": "120",
           *           "voteEnd": "140",
           *           "state": "active",
           *           "tally": {
           *             "against": "4000000000000000000",
           *             "for": "50000000000000000000000000",
           *             "abstain": "0"
           *           },
           *           "eta": null,
           *           "txHash": "0x2f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
           *           "blockNumber": "119"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['ProposalPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getBallotTypedData: {
    parameters: {
      query: {
        /** @description The Governor's proposal id (uint256, decimal) */
        proposalId: string;
        /** @description The vote */
        choice: 'against' | 'for' | 'abstain';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The typed data to sign */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "ballot_typed_data",
           *       "chain": "eip155:31337",
           *       "typedData": {
           *         "domain": {
           *           "name": "GatewayGovernor",
           *           "version": "1",
           *           "chainId": 31337,
           *           "verifyingContract": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"
           *         },
           *         "types": {
           *           "Ballot": [
           *             {
           *               "name": "proposalId",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "support",
           *               "type": "uint8"
           *             },
           *             {
           *               "name": "voter",
           *               "type": "address"
           *             },
           *             {
           *               "name": "nonce",
           *               "type": "uint256"
           *             }
           *           ]
           *         },
           *         "primaryType": "Ballot",
           *         "message": {
           *           "proposalId": "4242424242424242424242",
           *           "support": 1,
           *           "voter": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "nonce": "0"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['BallotTypedData'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  vote: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "proposalId": "4242424242424242424242",
         *       "choice": "for",
         *       "signature": "0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"
         *     }
         */
        'application/json': {
          /**
           * @description The Governor's proposal id (uint256, decimal)
           * @example 4242424242424242424242
           */
          proposalId: string;
          /**
           * @description The vote; it cannot be changed
           * @example for
           * @enum {string}
           */
          choice: 'against' | 'for' | 'abstain';
          /**
           * @description The wallet's EIP-712 signature of the typed data (65 bytes, hex)
           * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
           */
          signature: string;
        };
      };
    };
    responses: {
      /** @description Accepted: the vote, `pending` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-6f70-7182-8394-ae1f2a3b4c56",
           *       "object": "vote",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "proposalId": "4242424242424242424242",
           *       "voter": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "choice": "for",
           *       "weight": null,
           *       "txHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Vote'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/already-voted`: Already voted; `/problems/voting-closed`: Voting is closed; `/problems/voting-not-started`: Voting has not started */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-governance-signature`: Invalid signature; `/problems/no-voting-power`: No voting power; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getVote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the vote (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The vote */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-6f70-7182-8394-ae1f2a3b4c56",
           *       "object": "vote",
           *       "status": "confirmed",
           *       "chain": "eip155:31337",
           *       "proposalId": "4242424242424242424242",
           *       "voter": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "choice": "for",
           *       "weight": "50000000000000000000000000",
           *       "txHash": "0x3f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:15:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Vote'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getDelegationTypedData: {
    parameters: {
      query: {
        /** @description Who receives the voting power (the wallet itself to vote with its own tokens) */
        delegatee: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The typed data to sign */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "delegation_typed_data",
           *       "chain": "eip155:31337",
           *       "typedData": {
           *         "domain": {
           *           "name": "Gateway Token",
           *           "version": "1",
           *           "chainId": 31337,
           *           "verifyingContract": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
           *         },
           *         "types": {
           *           "Delegation": [
           *             {
           *               "name": "delegatee",
           *               "type": "address"
           *             },
           *             {
           *               "name": "nonce",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "expiry",
           *               "type": "uint256"
           *             }
           *           ]
           *         },
           *         "primaryType": "Delegation",
           *         "message": {
           *           "delegatee": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "nonce": "0",
           *           "expiry": "1795800000"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['DelegationTypedData'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  delegate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "delegatee": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *       "nonce": "0",
         *       "expiry": 1795800000,
         *       "signature": "0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"
         *     }
         */
        'application/json': {
          /**
           * @description As in the typed data
           * @example 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed
           */
          delegatee: string;
          /**
           * @description The token's `nonces(wallet)` the typed data carried
           * @example 1000000000000000000
           */
          nonce: string;
          /**
           * @description Unix seconds, as in the typed data; at least 60 s ahead
           * @example 1795800000
           */
          expiry: number;
          /**
           * @description The wallet's EIP-712 signature of the typed data (65 bytes, hex)
           * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
           */
          signature: string;
        };
      };
    };
    responses: {
      /** @description Accepted: the delegation, `pending` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-6f70-7182-8394-ae1f2a3b4c99",
           *       "object": "delegation",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "delegator": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "delegatee": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "txHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Delegation'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-governance-signature`: Invalid signature; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getDelegation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the delegation (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delegation */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-6f70-7182-8394-ae1f2a3b4c99",
           *       "object": "delegation",
           *       "status": "pending",
           *       "chain": "eip155:31337",
           *       "delegator": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "delegatee": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "txHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Delegation'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getTokenInfo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Token info */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "symbol": "GTK",
           *       "name": "Gateway Token",
           *       "decimals": 18,
           *       "totalSupply": "1000000000000000000000000",
           *       "circulatingSupply": "820000000000000000000000",
           *       "onchain": {
           *         "chain": "eip155:31337",
           *         "contract": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
           *         "name": "Gateway Token",
           *         "symbol": "GTK",
           *         "decimals": 18,
           *         "totalSupply": "1000000000000000000000000000"
           *       }
           *     }
           */
          'application/json': components['schemas']['TokenInfo'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getTreasuryOverview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Treasury overview */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "balances": [
           *         {
           *           "token": {
           *             "symbol": "GTK",
           *             "name": "Gateway Token",
           *             "decimals": 18
           *           },
           *           "balance": "150000000000000000000000"
           *         },
           *         {
           *           "token": {
           *             "symbol": "USDC",
           *             "name": "USD Coin",
           *             "decimals": 6
           *           },
           *           "balance": "0"
           *         }
           *       ],
           *       "last30Days": [
           *         {
           *           "token": {
           *             "symbol": "GTK",
           *             "name": "Gateway Token",
           *             "decimals": 18
           *           },
           *           "inflow": "50000000000000000000000",
           *           "outflow": "98630136986301369"
           *         },
           *         {
           *           "token": {
           *             "symbol": "USDC",
           *             "name": "USD Coin",
           *             "decimals": 6
           *           },
           *           "inflow": "0",
           *           "outflow": "0"
           *         }
           *       ],
           *       "onchain": {
           *         "chain": "eip155:31337",
           *         "address": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
           *         "balances": [
           *           {
           *             "chain": "eip155:31337",
           *             "contract": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
           *             "symbol": "GTK",
           *             "balance": "1234000000000000000000"
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': components['schemas']['TreasuryOverview'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getContractAddresses: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Contract addresses */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description `public, max-age=300` */
          'Cache-Control'?: 'public, max-age=300';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "version": 2,
           *       "networks": {
           *         "eip155:31337": {
           *           "chainId": 31337,
           *           "home": true,
           *           "local": true,
           *           "rpcUrl": "http://127.0.0.1:8545",
           *           "custody": "0x8B3a350cf5c34C9194ca85829a2dF0eC3153Be03",
           *           "contracts": {
           *             "token": "0x5FbDB2315678afecb367f032d93F642f64180aa3",
           *             "treasury": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
           *             "governor": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *             "staking": "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
           *             "bridge": "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707"
           *           }
           *         },
           *         "eip155:31338": {
           *           "chainId": 31338,
           *           "home": false,
           *           "local": true,
           *           "rpcUrl": "http://127.0.0.1:8546",
           *           "custody": "0x8B3a350cf5c34C9194ca85829a2dF0eC3153Be03",
           *           "contracts": {
           *             "wrappedToken": "0x5FbDB2315678afecb367f032d93F642f64180aa3"
           *           }
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['ContractAddresses'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getContractAbi: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag from an earlier answer: 304 when it still matches */
        'If-None-Match'?: string;
      };
      path: {
        /** @description File name of the ABI */
        file: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ABI (a JSON array) */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description Strong entity tag of the file */
          ETag?: string;
          /** @description `public, max-age=300` */
          'Cache-Control'?: 'public, max-age=300';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example [
           *       {
           *         "type": "function",
           *         "name": "balanceOf",
           *         "inputs": [
           *           {
           *             "name": "account",
           *             "type": "address",
           *             "internalType": "address"
           *           }
           *         ],
           *         "outputs": [
           *           {
           *             "name": "",
           *             "type": "uint256",
           *             "internalType": "uint256"
           *           }
           *         ],
           *         "stateMutability": "view"
           *       }
           *     ]
           */
          'application/json': components['schemas']['Abi'];
        };
      };
      /** @description Not modified: `If-None-Match` matched the current ETag */
      304: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description Strong entity tag of the file */
          ETag?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getBridgePermitTypedData: {
    parameters: {
      query: {
        /** @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token */
        amount: string;
        /** @description CAIP-2 chain id of the source; default the home chain */
        fromChainId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The typed data to sign */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "object": "permit_typed_data",
           *       "chain": "eip155:31337",
           *       "spender": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *       "typedData": {
           *         "domain": {
           *           "name": "Gateway Token",
           *           "version": "1",
           *           "chainId": 31337,
           *           "verifyingContract": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
           *         },
           *         "types": {
           *           "Permit": [
           *             {
           *               "name": "owner",
           *               "type": "address"
           *             },
           *             {
           *               "name": "spender",
           *               "type": "address"
           *             },
           *             {
           *               "name": "value",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "nonce",
           *               "type": "uint256"
           *             },
           *             {
           *               "name": "deadline",
           *               "type": "uint256"
           *             }
           *           ]
           *         },
           *         "primaryType": "Permit",
           *         "message": {
           *           "owner": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *           "spender": "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
           *           "value": "3000000000000000000",
           *           "nonce": "0",
           *           "deadline": "1795800000"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['PermitTypedData'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/unsupported-chain`: Unsupported chain */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  initiateBridge: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "toChainId": "eip155:31338",
         *       "toAddress": "0x52908400098527886E0F7030069857D2E4169EE7",
         *       "amount": "3000000000000000000",
         *       "funding": "permit",
         *       "deadline": 1795800000,
         *       "signature": "0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab"
         *     }
         */
        'application/json': {
          /**
           * @description CAIP-2 chain id of the source; default the home chain. From the home chain the tokens are locked in the vault and minted as the wrapped token on `toChainId`; from another chain the wrapped tokens are burned and released on the home chain
           * @example eip155:31338
           */
          fromChainId?: string;
          /**
           * @description CAIP-2 chain id of the destination: a chain of `GET /gateway/v1/contracts/addresses`; one of the two chains must be the home chain
           * @example eip155:31338
           */
          toChainId: string;
          /**
           * @description EVM address, 0x + 40 hex digits (mixed case must match its EIP-55 checksum; not the zero address); answered checksummed
           * @example 0x52908400098527886E0F7030069857D2E4169EE7
           */
          toAddress: string;
          /**
           * @description Positive integer amount in base units, as a string, at most 2^256 − 1 = 115792089237316195423570985008687907853269984665640564039457584007913129639935 (uint256); 18 decimals: "1000000000000000000" is one token
           * @example 12000000000000000000
           */
          amount: string;
          /**
           * @description Token symbol; default (and only) the native token
           * @example GTK
           */
          token?: string;
          /**
           * @description `custody` (default): from the wallet's custodial balance, home chain only; `permit`: the wallet's own tokens on the source chain, moved with its EIP-2612 permit (`deadline` and `signature` of the typed data from `GET /bridge/permit-typed-data`); the gateway pays the gas
           * @default custody
           * @enum {string}
           */
          funding?: 'permit' | 'custody';
          /**
           * @description The signed permit's deadline, unix seconds (as in the typed data); at least 60 s ahead
           * @example 1795800000
           */
          deadline?: number;
          /**
           * @description The wallet's EIP-712 signature of the typed data (65 bytes, hex)
           * @example 0xababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab
           */
          signature?: string;
        };
      };
    };
    responses: {
      /** @description The transfer, `initiated` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-7081-7293-84a5-bf2a3b4c5d67",
           *       "object": "bridge_transfer",
           *       "status": "initiated",
           *       "direction": "outbound",
           *       "funding": "permit",
           *       "from": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "fromChainId": "eip155:31337",
           *       "toChainId": "eip155:31338",
           *       "toAddress": "0x52908400098527886E0F7030069857D2E4169EE7",
           *       "token": "GTK",
           *       "amount": "3000000000000000000",
           *       "source": {
           *         "chain": "eip155:31337",
           *         "status": "pending",
           *         "txHash": null,
           *         "blockNumber": null,
           *         "confirmations": null,
           *         "nonce": null
           *       },
           *       "destination": {
           *         "chain": "eip155:31338",
           *         "status": null,
           *         "txHash": null
           *       },
           *       "relayTxHash": null,
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['BridgeTransfer'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body; `/problems/unsupported-chain`: Unsupported chain */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/holder-authorization-required`: Needs the wallet holder's signed allowance; `/problems/spending-limit-exceeded`: Over the spending limit of the connector grant; `/problems/recipient-not-allowed`: Recipient not in the grant's allow-list */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-permit`: Invalid permit; `/problems/insufficient-funds`: Insufficient funds; `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/chain-unavailable`: Chain unavailable; `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getBridgeTransfer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the bridge transfer (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The transfer */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-7081-7293-84a5-bf2a3b4c5d67",
           *       "object": "bridge_transfer",
           *       "status": "completed",
           *       "direction": "outbound",
           *       "funding": "permit",
           *       "from": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "fromChainId": "eip155:31337",
           *       "toChainId": "eip155:31338",
           *       "toAddress": "0x52908400098527886E0F7030069857D2E4169EE7",
           *       "token": "GTK",
           *       "amount": "3000000000000000000",
           *       "source": {
           *         "chain": "eip155:31337",
           *         "status": "confirmed",
           *         "txHash": "0x3d1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
           *         "blockNumber": "1204",
           *         "confirmations": 9,
           *         "nonce": "17"
           *       },
           *       "destination": {
           *         "chain": "eip155:31338",
           *         "status": "confirmed",
           *         "txHash": "0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e"
           *       },
           *       "relayTxHash": "0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
           *       "failureReason": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:09.000Z"
           *     }
           */
          'application/json': components['schemas']['BridgeTransfer'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  purchaseCredits: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "credits": 500
         *     }
         */
        'application/json': {
          /**
           * @description Credits to buy; each costs CREDIT_PRICE base units of the native token (0.001 token by default)
           * @example 500
           */
          credits: number;
        };
      };
    };
    responses: {
      /** @description The purchase payment, `pending` */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
           *       "object": "payment",
           *       "status": "pending",
           *       "amount": "500000000000000000",
           *       "token": "GTK",
           *       "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *       "description": "AI credits: 500",
           *       "purpose": "credit_purchase",
           *       "credits": "500",
           *       "failureReason": null,
           *       "expiresAt": "2026-11-21T17:15:00.000Z",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z",
           *       "settledAt": null,
           *       "refundedAt": null
           *     }
           */
          'application/json': components['schemas']['Payment'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests; `/problems/event-quota-exceeded`: Event quota exceeded */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  consumeCredits: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "units": 20,
         *       "feature": "chat.completion"
         *     }
         */
        'application/json': {
          /**
           * @description Credits to debit
           * @example 20
           */
          units: number;
          /**
           * @description What consumed the credits
           * @example chat.completion
           */
          feature: string;
        };
      };
    };
    responses: {
      /** @description The consumption and the balance left */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c1-8192-73a4-85b6-c03b4c5d6e78",
           *       "units": 20,
           *       "feature": "chat.completion",
           *       "balance": "480",
           *       "createdAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['CreditConsumption'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payment-required`: Insufficient credits */
      402: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getCreditBalance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Credit balance */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "balance": "480",
           *       "recent": [
           *         {
           *           "id": "0193a5c1-8192-73a4-85b6-c03b4c5d6e78",
           *           "feature": "chat.completion",
           *           "units": 20,
           *           "createdAt": "2026-11-21T17:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['CreditBalance'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listShipments: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description Only shipments in this status */
        status?:
          | 'created'
          | 'picked_up'
          | 'in_transit'
          | 'arrived'
          | 'at_customs'
          | 'customs_cleared'
          | 'out_for_delivery'
          | 'delivered'
          | 'exception'
          | 'returned';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of shipments */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
           *           "reference": "DEMO-SHP-1001",
           *           "origin": "BR",
           *           "destination": "DE",
           *           "carrier": "Maersk",
           *           "hsCode": "090111",
           *           "status": "at_customs",
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "updatedAt": "2026-11-21T17:00:00.000Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['ShipmentPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listCheckpoints: {
    parameters: {
      query: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description The shipment (one of the organization's) */
        shipmentId: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of checkpoints */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c2-2a11-7b4c-8d5e-3f6a7b8c9d0e",
           *           "shipmentId": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
           *           "location": "Santos, BR (port)",
           *           "status": "picked_up",
           *           "note": null,
           *           "recordedAt": "2026-11-20T09:30:00.000Z",
           *           "createdAt": "2026-11-21T17:00:00.000Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['CheckpointPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listCertificates: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description Only this shipment's certificates */
        shipmentId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of certificates */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c2-3b22-7c5d-9e6f-4a7b8c9d0e1f",
           *           "shipmentId": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
           *           "kind": "phytosanitary",
           *           "issuer": "MAPA Brazil",
           *           "number": "PHY-BR-55120",
           *           "issuedAt": "2026-11-19T00:00:00.000Z",
           *           "expiresAt": "2027-02-17T00:00:00.000Z",
           *           "status": "valid",
           *           "createdAt": "2026-11-21T17:00:00.000Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['CertificatePage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  findTariffs: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description HS code; matches the lines under it and the broader lines it falls under */
        hsCode?: string;
        /** @description Country of origin (ISO 3166-1 alpha-2) */
        origin?: string;
        /** @description Country of destination (ISO 3166-1 alpha-2) */
        destination?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tariffs */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c2-4c33-7d6e-8f70-5b8c9d0e1f2a",
           *           "hsCode": "090111",
           *           "origin": "BR",
           *           "destination": "DE",
           *           "dutyBps": 0,
           *           "description": "Coffee, not roasted, not decaffeinated"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['TariffPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  requestClearance: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "shipmentId": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
         *       "declaredValue": "125000000000000000000000",
         *       "hsCode": "090111"
         *     }
         */
        'application/json': {
          /**
           * Format: uuid
           * @description The organization's shipment to clear
           * @example 0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d
           */
          shipmentId: string;
          /**
           * @description Declared customs value in integer base units of the native token, as a string (1 to 2^256 − 1)
           * @example 125000000000000000000000
           */
          declaredValue: string;
          /**
           * @description Harmonized System code, 4 to 10 digits
           * @example 090111
           */
          hsCode: string;
        };
      };
    };
    responses: {
      /** @description The clearance, `submitted` */
      202: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c2-5d44-7e7f-9081-6c9d0e1f2a3b",
           *       "shipmentId": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
           *       "status": "submitted",
           *       "agent": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
           *       "declaredValue": "125000000000000000000000",
           *       "hsCode": "090111",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Clearance'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/role-required`: Role required */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getCarbonCredits: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Carbon credits */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "held": {
           *         "tonnes": 4650,
           *         "count": 4
           *       },
           *       "retired": {
           *         "tonnes": 1800,
           *         "count": 3
           *       },
           *       "vintages": [
           *         {
           *           "vintage": 2024,
           *           "held": 150,
           *           "retired": 0
           *         },
           *         {
           *           "vintage": 2023,
           *           "held": 2500,
           *           "retired": 0
           *         }
           *       ],
           *       "data": [
           *         {
           *           "id": "0193a5c2-6e55-7f80-81a2-7d0e1f2a3b4c",
           *           "registry": "Verra",
           *           "projectName": "Rimba Raya Biodiversity Reserve",
           *           "vintage": 2019,
           *           "tonnes": 1000,
           *           "status": "retired",
           *           "retiredAt": "2026-06-30T00:00:00.000Z",
           *           "createdAt": "2026-11-21T17:00:00.000Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['CarbonCreditsOverview'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  readHealthRecords: {
    parameters: {
      query: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
        /** @description The patient's wallet address */
        patient: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of records */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description `no-store` */
          'Cache-Control'?: 'no-store';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "patient": "0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684",
           *       "consentId": "0193a5c2-8077-71a2-83c4-9f2a3b4c5d6e",
           *       "data": [
           *         {
           *           "id": "0193a5c2-7f66-7091-92b3-8e1f2a3b4c5d",
           *           "patient": "0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684",
           *           "kind": "prescription",
           *           "summary": "Amoxicillin 500 mg, three times daily for 7 days (acute sinusitis)",
           *           "recordedAt": "2026-11-19T10:00:00.000Z"
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['HealthRecords'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/consent-required`: Consent required */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listConsents: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: number;
        /** @description Opaque cursor: the previous page's `nextCursor` */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of consents */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description `no-store` */
          'Cache-Control'?: 'no-store';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "0193a5c2-8077-71a2-83c4-9f2a3b4c5d6e",
           *           "patient": "0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684",
           *           "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *           "scope": "health:read",
           *           "purpose": "Follow-up care at Clinic B",
           *           "scopes": [
           *             "health:read"
           *           ],
           *           "nonce": "a1b2c3d4e5f6a7b8c9d0",
           *           "issuedAt": "2026-11-21T17:00:00.000Z",
           *           "expiresAt": "2026-12-21T17:00:00.000Z",
           *           "signature": "0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b",
           *           "revocationSignature": null,
           *           "revocationNonce": null,
           *           "createdAt": "2026-11-21T17:00:00.000Z",
           *           "revokedAt": null
           *         }
           *       ],
           *       "nextCursor": null
           *     }
           */
          'application/json': components['schemas']['ConsentPage'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope; `/problems/connector-not-allowed`: AI-connector tokens are not accepted here */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  recordConsent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "consent": {
         *         "organization": "0193a5c0-0000-7000-8000-00000000de70",
         *         "purpose": "Follow-up care at Clinic B",
         *         "scopes": [
         *           "health:read"
         *         ],
         *         "issuedAt": 1795280400,
         *         "expiresAt": 1797872400,
         *         "nonce": "a1b2c3d4e5f6a7b8c9d0"
         *       },
         *       "signature": "0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b"
         *     }
         */
        'application/json': {
          consent: {
            /**
             * Format: uuid
             * @description The organization (integrator) allowed to read the records
             * @example 0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d
             */
            organization: string;
            /**
             * @description Why the organization may read them
             * @example Follow-up care at Clinic B
             */
            purpose: string;
            /** @description What is allowed: ["health:read"] */
            scopes: string[];
            /** @description When the patient signed, Unix seconds (at most CONSENT_SIGNATURE_MAX_AGE_SECONDS ago) */
            issuedAt: number;
            /** @description When the consent ends by itself, Unix seconds */
            expiresAt: number;
            /** @description Chosen by the signing app; single use per patient */
            nonce: string;
          };
          /** @description The patient wallet's EIP-712 signature (eth_signTypedData_v4) */
          signature: string;
        };
      };
    };
    responses: {
      /** @description Consent recorded */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description `no-store` */
          'Cache-Control'?: 'no-store';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c2-8077-71a2-83c4-9f2a3b4c5d6e",
           *       "patient": "0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684",
           *       "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *       "scope": "health:read",
           *       "purpose": "Follow-up care at Clinic B",
           *       "scopes": [
           *         "health:read"
           *       ],
           *       "nonce": "a1b2c3d4e5f6a7b8c9d0",
           *       "issuedAt": "2026-11-21T17:00:00.000Z",
           *       "expiresAt": "2026-12-21T17:00:00.000Z",
           *       "signature": "0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b",
           *       "revocationSignature": null,
           *       "revocationNonce": null,
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "revokedAt": null
           *     }
           */
          'application/json': components['schemas']['Consent'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-consent-signature`: Invalid consent signature */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  revokeConsent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the consent (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "revocation": {
         *         "consentId": "0193a5c2-8077-71a2-83c4-9f2a3b4c5d6e",
         *         "issuedAt": 1795284000,
         *         "nonce": "f0e1d2c3b4a5968778695a4b"
         *       },
         *       "signature": "0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b"
         *     }
         */
        'application/json': {
          revocation: {
            /**
             * Format: uuid
             * @description The consent revoked (the path id)
             * @example 0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d
             */
            consentId: string;
            /** @description When the patient signed, Unix seconds */
            issuedAt: number;
            /** @description Chosen by the signing app; single use per patient */
            nonce: string;
          };
          /** @description The patient wallet's EIP-712 signature (eth_signTypedData_v4) */
          signature: string;
        };
      };
    };
    responses: {
      /** @description The consent, revoked */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description `no-store` */
          'Cache-Control'?: 'no-store';
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c2-8077-71a2-83c4-9f2a3b4c5d6e",
           *       "patient": "0x985035e5DA4F7c7E69f939ac2cd661c3ccD68684",
           *       "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
           *       "scope": "health:read",
           *       "purpose": "Follow-up care at Clinic B",
           *       "scopes": [
           *         "health:read"
           *       ],
           *       "nonce": "a1b2c3d4e5f6a7b8c9d0",
           *       "issuedAt": "2026-11-21T17:00:00.000Z",
           *       "expiresAt": "2026-12-21T17:00:00.000Z",
           *       "signature": "0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b",
           *       "revocationSignature": "0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b",
           *       "revocationNonce": "f0e1d2c3b4a5968778695a4b",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "revokedAt": "2026-11-21T18:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Consent'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-consent-signature`: Invalid consent signature */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  ingestShipment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "reference": "BK-2026-0001",
         *       "origin": "BR",
         *       "destination": "DE",
         *       "carrier": "Maersk",
         *       "hsCode": "090111"
         *     }
         */
        'application/json': {
          /**
           * @description The carrier's booking reference, unique per organization
           * @example BK-2026-0001
           */
          reference: string;
          /**
           * @description Assigned ISO 3166-1 alpha-2 country code, either case (answered upper case; reserved codes such as UK or EU are 400)
           * @example DE
           */
          origin: string;
          /**
           * @description Assigned ISO 3166-1 alpha-2 country code, either case (answered upper case; reserved codes such as UK or EU are 400)
           * @example DE
           */
          destination: string;
          /** @example Maersk */
          carrier?: string;
          /**
           * @description Harmonized System code, 4 to 10 digits
           * @example 090111
           */
          hsCode?: string;
        };
      };
    };
    responses: {
      /** @description The shipment, `created` */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
           *       "reference": "BK-2026-0001",
           *       "origin": "BR",
           *       "destination": "DE",
           *       "carrier": "Maersk",
           *       "hsCode": "090111",
           *       "status": "created",
           *       "createdAt": "2026-11-21T17:00:00.000Z",
           *       "updatedAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Shipment'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  ingestCheckpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path: {
        /** @description Id of the shipment (an unknown id, or one that is not the caller's, is 404) */
        id: string;
      };
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "location": "Santos, BR (port)",
         *       "status": "picked_up",
         *       "recordedAt": "2026-11-20T09:30:00Z"
         *     }
         */
        'application/json': {
          /** @example Santos, BR (port) */
          location: string;
          /**
           * @description What happened; the shipment takes the status of its latest checkpoint
           * @example picked_up
           * @enum {string}
           */
          status:
            | 'picked_up'
            | 'in_transit'
            | 'arrived'
            | 'at_customs'
            | 'customs_cleared'
            | 'out_for_delivery'
            | 'delivered'
            | 'exception'
            | 'returned';
          note?: string;
          /**
           * Format: date-time
           * @description When it happened (ISO 8601); default now; at most 5 minutes in the future
           * @example 2026-11-20T09:30:00Z
           */
          recordedAt?: string;
        };
      };
    };
    responses: {
      /** @description The checkpoint */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c2-2a11-7b4c-8d5e-3f6a7b8c9d0e",
           *       "shipmentId": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
           *       "location": "Santos, BR (port)",
           *       "status": "picked_up",
           *       "note": null,
           *       "recordedAt": "2026-11-20T09:30:00.000Z",
           *       "createdAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Checkpoint'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  ingestCertificate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same key and body return the first answer; the same key with another request is 422 `idempotency-key-reused`. 1–255 characters, per organization; a key expires `IDEMPOTENCY_KEY_TTL_HOURS` (default 24) hours after its first request, and is then treated as new */
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description JSON body; unknown fields are 400 */
    requestBody: {
      content: {
        /**
         * @example {
         *       "shipmentId": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
         *       "kind": "phytosanitary",
         *       "issuer": "MAPA Brazil",
         *       "number": "PHY-BR-55120",
         *       "issuedAt": "2026-11-19T00:00:00Z",
         *       "expiresAt": "2027-02-17T00:00:00Z"
         *     }
         */
        'application/json': {
          /**
           * Format: uuid
           * @example 0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d
           */
          shipmentId?: string;
          /** @example phytosanitary */
          kind: string;
          /** @example MAPA Brazil */
          issuer: string;
          /**
           * @description Certificate number; unique per issuer and organization
           * @example PHY-BR-55120
           */
          number: string;
          /**
           * Format: date-time
           * @example 2026-11-19T00:00:00Z
           */
          issuedAt: string;
          /**
           * Format: date-time
           * @description After issuedAt
           * @example 2027-02-17T00:00:00Z
           */
          expiresAt?: string;
        };
      };
    };
    responses: {
      /** @description The certificate */
      201: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Idempotent-Replayed': components['headers']['IdempotentReplayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "0193a5c2-3b22-7c5d-9e6f-4a7b8c9d0e1f",
           *       "shipmentId": "0193a5c2-1f00-7a3b-9c4d-2e5f6a7b8c9d",
           *       "kind": "phytosanitary",
           *       "issuer": "MAPA Brazil",
           *       "number": "PHY-BR-55120",
           *       "issuedAt": "2026-11-19T00:00:00.000Z",
           *       "expiresAt": "2027-02-17T00:00:00.000Z",
           *       "status": "valid",
           *       "createdAt": "2026-11-21T17:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Certificate'];
        };
      };
      /** @description `/problems/validation-error`: Invalid request; `/problems/malformed-json`: Malformed JSON body */
      400: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unauthenticated`: Unauthenticated */
      401: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          /** @description RFC 9110 §11.6.1 challenges, on every 401: `ApiKey realm="gateway", header="X-API-Key"` (with `error="invalid_key"` when the key was refused) and, on gateway operations, `Bearer realm="gateway"` (RFC 6750; `error="invalid_token"` when the JWT is invalid or expired); `SIWE realm="gateway"` for a refused login signature */
          'WWW-Authenticate': string;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/session-organization-mismatch`: The session belongs to another organization; `/problems/native-session-not-allowed`: Native sessions need the credentials of a native organization; `/problems/insufficient-scope`: Insufficient scope */
      403: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/not-found`: Not found */
      404: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/invalid-state`: Invalid state for this operation */
      409: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/payload-too-large`: Payload too large */
      413: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unsupported-media-type`: Unsupported media type */
      415: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/idempotency-key-reused`: Idempotency key reused with a different request */
      422: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/rate-limited`: Too many requests */
      429: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description `/problems/unavailable`: Service unavailable */
      503: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimitPolicy'];
          'Retry-After': components['headers']['RetryAfter'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          /** @description `public, max-age=300` */
          'Cache-Control'?: 'public, max-age=300';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenApiDocument'];
        };
      };
    };
  };
  getApiDocs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description HTML page */
      200: {
        headers: {
          'X-Request-Id': components['headers']['RequestId'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
    };
  };
  onPaymentSettled: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "payment.settled",
         *       "createdAt": "2026-11-21T17:01:00.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795280461
         *       },
         *       "data": {
         *         "payment": {
         *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
         *           "object": "payment",
         *           "status": "settled",
         *           "amount": "12000000000000000000",
         *           "token": "GTK",
         *           "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
         *           "description": "Order #1001",
         *           "purpose": "payment",
         *           "credits": null,
         *           "failureReason": null,
         *           "expiresAt": "2026-11-21T17:15:00.000Z",
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:01:00.000Z",
         *           "settledAt": "2026-11-21T17:01:00.000Z",
         *           "refundedAt": null
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['PaymentSettledEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onPaymentFailed: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "payment.failed",
         *       "createdAt": "2026-11-21T17:01:00.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795280461
         *       },
         *       "data": {
         *         "payment": {
         *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
         *           "object": "payment",
         *           "status": "failed",
         *           "amount": "12000000000000000000",
         *           "token": "GTK",
         *           "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
         *           "description": "Order #1001",
         *           "purpose": "payment",
         *           "credits": null,
         *           "failureReason": "insufficient_funds",
         *           "expiresAt": "2026-11-21T17:15:00.000Z",
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:01:00.000Z",
         *           "settledAt": null,
         *           "refundedAt": null
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['PaymentFailedEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onPaymentExpired: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "payment.expired",
         *       "createdAt": "2026-11-21T17:15:00.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795281301
         *       },
         *       "data": {
         *         "payment": {
         *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
         *           "object": "payment",
         *           "status": "expired",
         *           "amount": "12000000000000000000",
         *           "token": "GTK",
         *           "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
         *           "description": "Order #1001",
         *           "purpose": "payment",
         *           "credits": null,
         *           "failureReason": null,
         *           "expiresAt": "2026-11-21T17:15:00.000Z",
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:15:00.000Z",
         *           "settledAt": null,
         *           "refundedAt": null
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['PaymentExpiredEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onPaymentRefunded: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "payment.refunded",
         *       "createdAt": "2026-11-21T17:05:00.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795280701
         *       },
         *       "data": {
         *         "payment": {
         *           "id": "0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01",
         *           "object": "payment",
         *           "status": "refunded",
         *           "amount": "12000000000000000000",
         *           "token": "GTK",
         *           "payer": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "organizationId": "0193a5c0-0000-7000-8000-00000000de70",
         *           "description": "Order #1001",
         *           "purpose": "payment",
         *           "credits": null,
         *           "failureReason": null,
         *           "expiresAt": "2026-11-21T17:15:00.000Z",
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:05:00.000Z",
         *           "settledAt": "2026-11-21T17:01:00.000Z",
         *           "refundedAt": "2026-11-21T17:05:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['PaymentRefundedEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onWithdrawalConfirmed: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "withdrawal.confirmed",
         *       "createdAt": "2026-11-21T17:00:30.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795280430
         *       },
         *       "data": {
         *         "withdrawal": {
         *           "id": "0193a5c0-0000-7000-8000-0000000000a1",
         *           "object": "withdrawal",
         *           "status": "confirmed",
         *           "chain": "eip155:31337",
         *           "to": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "token": "GTK",
         *           "amount": "5000000000000000000",
         *           "txHash": "0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
         *           "failureReason": null,
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['WithdrawalConfirmedEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onWithdrawalFailed: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "withdrawal.failed",
         *       "createdAt": "2026-11-21T17:00:30.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795280430
         *       },
         *       "data": {
         *         "withdrawal": {
         *           "id": "0193a5c0-0000-7000-8000-0000000000a1",
         *           "object": "withdrawal",
         *           "status": "failed",
         *           "chain": "eip155:31337",
         *           "to": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "token": "GTK",
         *           "amount": "5000000000000000000",
         *           "txHash": "0x8f5a1c2a4f7b2d9d0e3b6a5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e",
         *           "failureReason": "reverted on chain",
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:00:30.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['WithdrawalFailedEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onDepositCredited: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "deposit.credited",
         *       "createdAt": "2026-11-21T17:15:00.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795281301
         *       },
         *       "data": {
         *         "deposit": {
         *           "id": "0193a5c1-3c4d-7e5f-8061-7b8c9d0e1f23",
         *           "chain": "eip155:31337",
         *           "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "txHash": "0x8b7f7b3c5f0a2b1e4c6d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b",
         *           "logIndex": 0,
         *           "blockNumber": "1234",
         *           "token": "GTK",
         *           "amount": "25000000000000000000",
         *           "confirmations": 2,
         *           "status": "credited",
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "creditedAt": "2026-11-21T17:15:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['DepositCreditedEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onBridge_transferCompleted: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "bridge_transfer.completed",
         *       "createdAt": "2026-11-21T17:00:09.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795280409
         *       },
         *       "data": {
         *         "bridgeTransfer": {
         *           "id": "0193a5c1-7081-7293-84a5-bf2a3b4c5d67",
         *           "object": "bridge_transfer",
         *           "status": "completed",
         *           "direction": "outbound",
         *           "funding": "permit",
         *           "from": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "fromChainId": "eip155:31337",
         *           "toChainId": "eip155:31338",
         *           "toAddress": "0x52908400098527886E0F7030069857D2E4169EE7",
         *           "token": "GTK",
         *           "amount": "3000000000000000000",
         *           "source": {
         *             "chain": "eip155:31337",
         *             "status": "confirmed",
         *             "txHash": "0x3d1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
         *             "blockNumber": "1204",
         *             "confirmations": 9,
         *             "nonce": "17"
         *           },
         *           "destination": {
         *             "chain": "eip155:31338",
         *             "status": "confirmed",
         *             "txHash": "0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e"
         *           },
         *           "relayTxHash": "0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e",
         *           "failureReason": null,
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:00:09.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['BridgeTransferCompletedEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  onBridge_transferFailed: {
    parameters: {
      query?: never;
      header: {
        /** @description Always `application/json` */
        'Content-Type': string;
        /** @description The same on every delivery */
        'User-Agent': string;
        /** @description The event type (also `type` in the body) */
        'X-Service-Event': string;
        /** @description The delivery id: the same on every attempt of the delivery (deliveries are at least once: dedupe by it). Not signed: it must equal `delivery.id` of the signed body; refuse the request when it does not */
        'X-Service-Delivery': string;
        /** @description `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret (the whole `whsec_…` string); verify over the raw body, in constant time */
        'X-Service-Signature': string;
        /** @description Standard Webhooks: the delivery id (stable across attempts) (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-id'?: string;
        /** @description Standard Webhooks: Unix seconds of the attempt, signed with the body (refuse old ones: replay protection); equal to `delivery.timestamp` in the body (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-timestamp'?: string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_` (only with `signatureScheme: "standard-webhooks"`) */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "0193a5c1-9a0b-7c1d-8e2f-3a4b5c6d7e8f",
         *       "type": "bridge_transfer.failed",
         *       "createdAt": "2026-11-21T17:00:09.000Z",
         *       "delivery": {
         *         "id": "01a1ff20-6b4d-72bb-a6b6-e7a94ca21885",
         *         "timestamp": 1795280409
         *       },
         *       "data": {
         *         "bridgeTransfer": {
         *           "id": "0193a5c1-7081-7293-84a5-bf2a3b4c5d67",
         *           "object": "bridge_transfer",
         *           "status": "failed",
         *           "direction": "outbound",
         *           "funding": "permit",
         *           "from": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
         *           "fromChainId": "eip155:31337",
         *           "toChainId": "eip155:31338",
         *           "toAddress": "0x52908400098527886E0F7030069857D2E4169EE7",
         *           "token": "GTK",
         *           "amount": "3000000000000000000",
         *           "source": {
         *             "chain": "eip155:31337",
         *             "status": "failed",
         *             "txHash": null,
         *             "blockNumber": null,
         *             "confirmations": null,
         *             "nonce": null
         *           },
         *           "destination": {
         *             "chain": "eip155:31338",
         *             "status": null,
         *             "txHash": null
         *           },
         *           "relayTxHash": null,
         *           "failureReason": "source: execution reverted: ERC20InsufficientAllowance",
         *           "createdAt": "2026-11-21T17:00:00.000Z",
         *           "updatedAt": "2026-11-21T17:00:02.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': components['schemas']['BridgeTransferFailedEvent'];
      };
    };
    responses: {
      /** @description Acknowledged: the delivery is `delivered`, no further attempt */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}

/** The operations marked `x-idempotent` in the document: `[METHOD, path template]`. */
export const IDEMPOTENT_OPERATIONS: readonly (readonly [method: string, path: string])[] = [
  ['POST', '/gateway/v1/payments'],
  ['POST', '/gateway/v1/wallet/transfer'],
  ['POST', '/gateway/v1/wallet/withdraw'],
  ['POST', '/gateway/v1/wallet/permit-deposits'],
  ['POST', '/gateway/v1/staking/stake'],
  ['POST', '/gateway/v1/staking/unstake'],
  ['POST', '/gateway/v1/staking/claim'],
  ['POST', '/gateway/v1/governance/vote'],
  ['POST', '/gateway/v1/governance/delegate'],
  ['POST', '/gateway/v1/bridge/initiate'],
  ['POST', '/ai-billing/credits/purchase'],
  ['POST', '/ai-billing/consumption'],
  ['POST', '/v1/supply/customs/clear'],
  ['POST', '/cargolink/v1/shipments'],
  ['POST', '/cargolink/v1/shipments/{id}/checkpoints'],
  ['POST', '/cargolink/v1/certificates'],
];
