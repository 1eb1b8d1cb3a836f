import { z } from 'zod';
import { idParam } from '@gw/runtime';
import { CONTRACT_KINDS } from '@gw/core/contracts';
import { bridgeInitiateBody, consumeCreditsBody, purchaseCreditsBody } from '../routes/integration-schemas.js';
import {
  listPoolsQuery,
  listPositionsQuery,
  listProposalsQuery,
  noBody,
  noQuery,
  stakeBody,
  transferBody,
  voteBody,
} from '../routes/ledger-schemas.js';
import {
  createPaymentBody,
  listDeliveriesQuery,
  listPaymentsQuery,
  loginBody,
  recoverWebhookBody,
  registerWebhookBody,
} from '../routes/schemas.js';
import {
  carbonCreditsQuery,
  findTariffsQuery,
  healthRecordsQuery,
  ingestCertificateBody,
  ingestCheckpointBody,
  ingestShipmentBody,
  listCertificatesQuery,
  listCheckpointsQuery,
  listConsentsQuery,
  listShipmentsQuery,
  recordConsentBody,
  revokeConsentBody,
  requestClearanceBody,
} from '../routes/sector-schemas.js';
import { examples as ex } from './examples.js';
import type { Operation } from './operation.js';
import * as S from './response-schemas.js';
import { EX } from './response-schemas.js';

const cacheControl = (value: string) => ({
  'Cache-Control': { description: `\`${value}\``, schema: { type: 'string' as const, enum: [value] } },
});
const NO_STORE = cacheControl('no-store');
const PUBLIC_CACHE = cacheControl('public, max-age=300');

/**
 * Every operation of the API, in the order of the README. The route handlers validate with the
 * same request schemas imported here; the OpenAPI test fails when a route of the running app is
 * missing from this list (or a documented one does not exist).
 */
export const OPERATIONS: Operation[] = [
  // --- health and session ------------------------------------------------------------------------
  {
    operationId: 'getHealth',
    method: 'get',
    path: '/health',
    tag: 'Health',
    summary: 'Liveness and dependencies',
    description: 'Checks PostgreSQL and Redis (2 s timeout each). 503 names the failing check. Not rate limited.',
    auth: 'public',
    rateLimited: false,
    success: [
      { status: 200, description: 'Every dependency answers', schema: S.HealthStatus, example: ex.health },
      {
        status: 503,
        description: 'A dependency is down (`status: "unavailable"`, the failing check `"error"`)',
        schema: S.HealthStatus,
        example: ex.healthDown,
      },
    ],
  },
  {
    operationId: 'getLoginNonce',
    method: 'get',
    path: '/gateway/v1/sso/nonce',
    tag: 'Session',
    summary: 'Get a nonce for the login message',
    description:
      'Returns a nonce issued by the service for the `Nonce:` field of the EIP-4361 login message: single use, valid for 10 minutes. ' +
      'Login accepts only nonces issued here (except while the operator sets `SIWE_CLIENT_NONCES=true`, a migration aid for one release). Not cacheable.',
    auth: 'public',
    success: [
      {
        status: 200,
        description: 'A fresh nonce',
        schema: S.LoginNonce,
        example: ex.loginNonce,
        headers: { 'Cache-Control': { description: '`no-store`', schema: { type: 'string' } } },
      },
    ],
  },
  {
    operationId: 'login',
    method: 'post',
    path: '/gateway/v1/sso/login',
    tag: 'Session',
    summary: 'Sign in with Ethereum (EIP-4361)',
    description:
      "Takes an EIP-4361 message and the wallet's signature of it and returns an ES256 JWT. " +
      "The message's `domain` must be `SIWE_DOMAIN`; its `URI` must have that domain as its authority and use https (http only for `localhost`); its `Chain ID` must be one of `SIWE_CHAIN_IDS` (default `1`); " +
      'its nonce must come from `GET /gateway/v1/sso/nonce` (single use, 10 minutes); `Issued At` must be a valid RFC 3339 date-time at most 5 minutes old; ' +
      '`Not Before`/`Expiration Time` must be valid and are honoured; nothing may follow the last field; the signature must recover to the message address. Any failure is 401 `invalid-signature`.\n\n' +
      "**Organization-bound sessions:** an integrator's backend sends its API key in the optional `X-API-Key`: the JWT then carries the organization (`org` and `azp` claims, `organizationId` in the answer) " +
      "and is accepted only together with that organization's credentials; any other organization gets 403 `session-organization-mismatch`. " +
      'Without a key the JWT is a native session (`organizationId: null`), valid across the native applications: accepted only with the credentials of organizations the operator marked native, others get 403 `native-session-not-allowed`. ' +
      'An `X-API-Key` that is not valid is 401 `unauthenticated`. Verify the JWT with the keys of `GET /.well-known/jwks.json`.',
    auth: 'public',
    headers: z.object({
      'X-API-Key': z
        .string()
        .optional()
        .meta({ description: "Optional: the organization's API key (or connector token) to bind the session to" }),
    }),
    body: { schema: loginBody, example: ex.loginBody },
    errors: ['invalid-signature', 'unauthenticated'],
    problems: {
      'invalid-signature': { detail: 'Nonce unknown, expired or already used; get one from GET /gateway/v1/sso/nonce' },
      unauthenticated: { detail: 'The API key is unknown, revoked or expired' },
      'validation-error': {
        detail: 'Invalid body: signature must be 0x-prefixed hex',
        ext: { errors: [{ path: 'signature', message: 'must be 0x-prefixed hex' }] },
      },
    },
    success: [{ status: 200, description: 'Session JWT', schema: S.Session, example: ex.session }],
  },
  {
    operationId: 'getJwks',
    method: 'get',
    path: '/.well-known/jwks.json',
    tag: 'Session',
    summary: 'Public keys of the session JWTs (RFC 7517)',
    description: 'The P-256 public keys (with `kid`) that verify the JWTs issued by login. Cacheable for 5 minutes.',
    auth: 'public',
    success: [{ status: 200, description: 'JSON Web Key Set', schema: S.Jwks, example: ex.jwks, headers: PUBLIC_CACHE }],
  },

  // --- webhooks ----------------------------------------------------------------------------------
  {
    operationId: 'registerWebhook',
    method: 'post',
    path: '/gateway/v1/webhooks/register',
    tag: 'Webhooks',
    summary: 'Register (or update) a webhook destination',
    description:
      'Creates a destination (201), or updates the one with this URL (200): events replaced, **secret rotated** (the old one stops working at once), webhook re-activated. ' +
      'The secret is returned only here. `events` ⊆ `payment.settled`, `payment.failed`, `payment.expired`, `payment.refunded` (default `["payment.settled"]`). ' +
      '`signatureScheme: "standard-webhooks"` adds the Standard Webhooks headers to the `X-Service-*` ones (re-registering without it resets it to `service`). ' +
      'Loopback, private, carrier-grade NAT, link-local, unique-local and unspecified destinations (also as IPv6 forms that embed such an IPv4 address: `::a.b.c.d`, `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are 400 unless `WEBHOOK_ALLOW_PRIVATE_URLS=true`. ' +
      'The port must be in `WEBHOOK_ALLOWED_PORTS` (default 80, 443, 1024–65535) and not in `WEBHOOK_BLOCKED_PORTS` (database, cache and queue ports such as 5432, 6379, 3306, 27017, 9200, 11211, 5672, 2375): else 400. ' +
      'At most `WEBHOOKS_MAX_PER_ORG` (default 20) active webhooks per organization: a new URL past it is 409 `webhook-limit-reached`.',
    auth: 'webhooks',
    scope: 'webhooks:write',
    errors: ['webhook-limit-reached'],
    body: {
      schema: registerWebhookBody,
      example: { url: 'https://merchant.example/webhooks', events: ['payment.settled', 'payment.refunded'] },
    },
    problems: {
      'validation-error': { detail: 'url must use https (or http)', ext: { errors: [{ path: 'url', message: 'unsupported scheme' }] } },
      'webhook-limit-reached': { detail: 'An organization can have at most 20 active webhooks; deactivate one first', ext: { limit: 20 } },
    },
    success: [
      { status: 201, description: 'Created', schema: S.WebhookWithSecret, example: ex.webhookWithSecret },
      {
        status: 200,
        description: 'The URL existed: updated, secret rotated, re-activated',
        schema: S.WebhookWithSecret,
        example: ex.webhookWithSecret,
      },
    ],
  },
  {
    operationId: 'listWebhooks',
    method: 'get',
    path: '/gateway/v1/webhooks',
    tag: 'Webhooks',
    summary: "List the organization's webhooks",
    description:
      'All webhooks of the organization, oldest first, active or not. Never carries a secret. Served from a per-process copy that every registration or deactivation evicts on every API replica (announced over Redis, within milliseconds); `WEBHOOK_CACHE_TTL_MS` bounds staleness if an announcement is lost. ' +
      "Each item's `health` is its endpoint's circuit breaker, read live (see the webhooks guide: delivery isolation). 503 when Redis cannot be read.",
    auth: 'webhooks',
    scope: 'webhooks:read',
    success: [{ status: 200, description: 'Webhooks', schema: S.WebhookList, example: ex.webhookList }],
  },
  {
    operationId: 'listDeliveries',
    method: 'get',
    path: '/gateway/v1/webhooks/deliveries',
    tag: 'Webhooks',
    summary: 'List deliveries',
    description:
      'Deliveries of the organization, newest first: `pending` (attempts scheduled), `delivered`, or `dead` (attempts exhausted).',
    auth: 'webhooks',
    scope: 'webhooks:read',
    query: listDeliveriesQuery,
    success: [{ status: 200, description: 'A page of deliveries', schema: S.DeliveryPage, example: ex.deliveryPage }],
  },
  {
    operationId: 'retryDelivery',
    method: 'post',
    path: '/gateway/v1/webhooks/deliveries/{id}/retry',
    tag: 'Webhooks',
    summary: 'Resend a delivery by hand',
    description:
      'Makes one immediate attempt of a `dead` or `delivered` delivery (success → `delivered`, failure → `dead` again, without the automatic back-off). ' +
      'A `pending` delivery, or one of a deactivated webhook, is 409.',
    auth: 'webhooks',
    scope: 'webhooks:write',
    params: idParam('delivery', EX.deliveryId),
    errors: ['not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such delivery' },
      'invalid-state': { detail: 'Delivery is pending: attempts are still scheduled' },
    },
    success: [
      {
        status: 202,
        description: 'Accepted: the delivery is `pending` until its attempt is made',
        schema: S.DeliveryRetry,
        example: ex.deliveryRetry,
      },
    ],
  },
  {
    operationId: 'recoverWebhook',
    method: 'post',
    path: '/gateway/v1/webhooks/{id}/recover',
    tag: 'Webhooks',
    summary: 'Resend every dead delivery since a time (bulk recovery after an outage)',
    description:
      'Every `dead` delivery of the webhook created at or after `since` gets one new attempt, exactly like a manual resend (success → `delivered`, failure → `dead`). ' +
      'The work runs in the background through the queue; `recovered` is how many deliveries it reopens. `since` may be at most 30 days ago and not in the future (400). ' +
      'A deactivated webhook is 409: register its URL again first.',
    auth: 'webhooks',
    scope: 'webhooks:write',
    params: idParam('webhook', EX.webhookId),
    body: { schema: recoverWebhookBody, example: { since: '2026-11-21T17:00:00Z' } },
    errors: ['not-found', 'invalid-state'],
    problems: {
      'validation-error': {
        detail: 'since must be within the last 30 days',
        ext: { errors: [{ path: 'since', message: 'since must be within the last 30 days' }] },
      },
      'not-found': { detail: 'No such webhook' },
      'invalid-state': { detail: 'The webhook is deactivated; register its URL again first' },
    },
    success: [{ status: 202, description: 'Accepted: the recovery is queued', schema: S.WebhookRecovery, example: ex.webhookRecovery }],
  },
  {
    operationId: 'deactivateWebhook',
    method: 'delete',
    path: '/gateway/v1/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Deactivate a webhook',
    description:
      'Stops new deliveries to the webhook; its pending deliveries end `dead` with `lastError: "webhook deactivated"`. Register its URL again to re-activate it.',
    auth: 'webhooks',
    scope: 'webhooks:write',
    params: idParam('webhook', EX.webhookId),
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such webhook' } },
    success: [{ status: 200, description: 'The webhook, `active: false`', schema: S.Webhook, example: ex.deactivatedWebhook }],
  },

  // --- payments ----------------------------------------------------------------------------------
  {
    operationId: 'createPayment',
    method: 'post',
    path: '/gateway/v1/payments',
    tag: 'Payments',
    summary: 'Create a payment',
    description:
      "A payment of `amount` (integer base units of the native token) from the JWT's wallet (payer) to the API key's organization (payee), `pending` until the payer confirms it. " +
      'It expires after `expiresInSeconds` (default 900): a delayed job moves it to `expired`.',
    auth: 'gateway',
    scope: 'payments:write',
    idempotent: true,
    body: { schema: createPaymentBody, example: { amount: '12000000000000000000', description: 'Order #1001' } },
    success: [{ status: 201, description: 'The payment, `pending`', schema: S.Payment, example: ex.payment }],
  },
  {
    operationId: 'listPayments',
    method: 'get',
    path: '/gateway/v1/payments',
    tag: 'Payments',
    summary: "List the organization's payments",
    description: 'Payments to the organization, newest first, optionally of one status.',
    auth: 'gateway',
    scope: 'payments:read',
    query: listPaymentsQuery,
    success: [{ status: 200, description: 'A page of payments', schema: S.PaymentPage, example: ex.paymentPage }],
  },
  {
    operationId: 'getPayment',
    method: 'get',
    path: '/gateway/v1/payments/{id}',
    tag: 'Payments',
    summary: 'Read a payment',
    description: 'The source of truth about a payment (webhooks are not): query it when in doubt.',
    auth: 'gateway',
    scope: 'payments:read',
    params: idParam('payment', EX.paymentId),
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such payment' } },
    success: [{ status: 200, description: 'The payment', schema: S.Payment, example: ex.settledPayment }],
  },
  {
    operationId: 'confirmPayment',
    method: 'post',
    path: '/gateway/v1/payments/{id}/confirm',
    tag: 'Payments',
    summary: 'Confirm (pay) a pending payment',
    description:
      "Only the payer's JWT may confirm (403 `not-payer`). Settles the payment (one ledger entry payer → organization) or, when the payer's balance is short, answers 200 with the payment `failed`. " +
      'Not pending → 409; past its expiry → expired and 409. A `credit_purchase` mints its credits in the same transaction.',
    auth: 'gateway',
    scope: 'payments:write',
    params: idParam('payment', EX.paymentId),
    errors: ['not-payer', 'not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such payment' },
      'not-payer': { detail: 'Only the payer can confirm this payment' },
      'invalid-state': { detail: 'Payment is settled; only pending payments can be confirmed' },
    },
    success: [
      {
        status: 200,
        description: 'The payment, `settled` (or `failed` for a short balance, with `failureReason`)',
        schema: S.Payment,
        example: ex.settledPayment,
      },
    ],
  },
  {
    operationId: 'refundPayment',
    method: 'post',
    path: '/gateway/v1/payments/{id}/refund',
    tag: 'Payments',
    summary: 'Refund a settled payment',
    description:
      'Moves the amount back from the organization to the payer. Not settled → 409. A settled `credit_purchase` takes its credits back; once any were consumed the refund is 409.',
    auth: 'gateway',
    scope: 'payments:write',
    params: idParam('payment', EX.paymentId),
    errors: ['not-found', 'invalid-state', 'insufficient-funds'],
    problems: {
      'not-found': { detail: 'No such payment' },
      'invalid-state': { detail: 'Payment is pending; only settled payments can be refunded' },
    },
    success: [{ status: 200, description: 'The payment, `refunded`', schema: S.Payment, example: ex.refundedPayment }],
  },

  // --- wallet, staking, farming, governance, token, treasury -----------------------------------------
  {
    operationId: 'getWalletBalances',
    method: 'get',
    path: '/gateway/v1/wallet/balances',
    tag: 'Wallet',
    summary: "The JWT wallet's balances",
    description: 'Every token of the service, zeros included, native token first. Balances are integer base units.',
    auth: 'gateway',
    scope: 'wallet:read',
    query: noQuery,
    success: [{ status: 200, description: 'Balances', schema: S.WalletBalances, example: ex.walletBalances }],
  },
  {
    operationId: 'transfer',
    method: 'post',
    path: '/gateway/v1/wallet/transfer',
    tag: 'Wallet',
    summary: 'Transfer tokens to another wallet',
    description:
      "Moves `amount` of `token` (default the native token) from the JWT's wallet to `to` in one ledger entry. Transferring to oneself, a bad address or an unknown token is 400; a short balance 422.",
    auth: 'gateway',
    scope: 'wallet:write',
    idempotent: true,
    body: { schema: transferBody, example: { to: EX.recipient, amount: '3000000000000000000' } },
    errors: ['insufficient-funds'],
    success: [{ status: 201, description: 'The transfer', schema: S.Transfer, example: ex.transfer }],
  },
  {
    operationId: 'stake',
    method: 'post',
    path: '/gateway/v1/staking/stake',
    tag: 'Staking',
    summary: 'Stake the native token',
    description:
      "Moves `amount` from the wallet to `system:staking-pool` and opens a position earning the service's APR (`aprBps`), locked for `lockDays` (0–STAKING_MAX_LOCK_DAYS, default 0). " +
      'The reward accrues per second: `floor(principal × aprBps × seconds / (10000 × 31536000))`. A short balance is 422.',
    auth: 'gateway',
    scope: 'staking:write',
    idempotent: true,
    body: { schema: stakeBody, example: { amount: '10000000000000000000', lockDays: 30 } },
    errors: ['insufficient-funds'],
    success: [{ status: 201, description: 'The position, `active`', schema: S.StakingPosition, example: ex.position }],
  },
  {
    operationId: 'listStakingPositions',
    method: 'get',
    path: '/gateway/v1/staking/positions',
    tag: 'Staking',
    summary: "The wallet's active positions",
    description: 'Active positions of the JWT wallet, newest first, each with its reward accrued up to now.',
    auth: 'gateway',
    scope: 'staking:read',
    query: listPositionsQuery,
    success: [{ status: 200, description: 'A page of positions', schema: S.StakingPositionPage, example: ex.positionPage }],
  },
  {
    operationId: 'unstake',
    method: 'post',
    path: '/gateway/v1/staking/positions/{id}/unstake',
    tag: 'Staking',
    summary: 'Unstake a position',
    description:
      'Pays the principal (from the staking pool) and the reward (from the treasury) back to the wallet in one ledger entry. ' +
      'Still locked → 409 (`reason: "locked"`, `lockedUntil`); already unstaked → 409 (`reason: "already-unstaked"`); another wallet\'s position → 404; ' +
      'the treasury short of the reward → 422 (`reason: "treasury-short"`: nothing moved, retry later). The body is empty or `{}`.',
    auth: 'gateway',
    scope: 'staking:write',
    idempotent: true,
    params: idParam('staking position', EX.positionId),
    body: { schema: noBody, example: {}, description: 'No fields: send no body, or `{}`', required: false },
    errors: ['not-found', 'invalid-state', 'insufficient-funds'],
    problems: {
      'not-found': { detail: 'No such staking position' },
      'invalid-state': {
        detail: 'This staking position is locked until 2026-12-21T17:00:00.000Z',
        ext: { reason: 'locked', lockedUntil: '2026-12-21T17:00:00.000Z' },
      },
      'insufficient-funds': {
        detail:
          "The treasury cannot pay this position's reward of 98630136986301369 base units at the moment; nothing moved and the position stays active: try again later",
        ext: { reason: 'treasury-short' },
      },
    },
    success: [
      { status: 200, description: 'The position, `unstaked`, with `rewardPaid`', schema: S.StakingPosition, example: ex.unstakedPosition },
    ],
  },
  {
    operationId: 'listFarmingPools',
    method: 'get',
    path: '/gateway/v1/farming/pools',
    tag: 'Farming',
    summary: 'Available farming pools',
    description: 'Active pools, newest first; `totalValueLocked` in base units of the native token.',
    auth: 'gateway',
    scope: 'farming:read',
    query: listPoolsQuery,
    success: [{ status: 200, description: 'A page of pools', schema: S.FarmingPoolPage, example: ex.poolPage }],
  },
  {
    operationId: 'listProposals',
    method: 'get',
    path: '/gateway/v1/governance/proposals',
    tag: 'Governance',
    summary: 'Proposals open for voting',
    description: 'Proposals with `startsAt` ≤ now < `endsAt`, newest first, with their tallies (sums of vote weights per choice).',
    auth: 'gateway',
    scope: 'governance:read',
    query: listProposalsQuery,
    success: [{ status: 200, description: 'A page of proposals', schema: S.ProposalPage, example: ex.proposalPage }],
  },
  {
    operationId: 'vote',
    method: 'post',
    path: '/gateway/v1/governance/vote',
    tag: 'Governance',
    summary: 'Vote on a proposal',
    description:
      "One vote per wallet and proposal, final. Its `weight` is the native token the wallet had staked at the proposal's `snapshotAt`. " +
      'Refusals carry their own problem types (also in `reason`): `already-voted`, `voting-closed`, `voting-not-started` (409), `no-voting-power` (422). Unknown proposal → 404.',
    auth: 'gateway',
    scope: 'governance:write',
    idempotent: true,
    body: { schema: voteBody, example: { proposalId: EX.proposalId, choice: 'for' } },
    errors: ['not-found', 'already-voted', 'voting-closed', 'voting-not-started', 'no-voting-power'],
    problems: {
      'not-found': { detail: 'No such proposal' },
      'already-voted': { detail: 'This wallet has already voted on this proposal', ext: { reason: 'already-voted' } },
      'voting-closed': { detail: 'Voting on this proposal closed at 2026-11-27T17:00:00.000Z', ext: { reason: 'voting-closed' } },
      'voting-not-started': { detail: 'Voting on this proposal opens at 2026-11-28T17:00:00.000Z', ext: { reason: 'voting-not-started' } },
      'no-voting-power': {
        detail: "This wallet had no staked tokens at the proposal's snapshot (2026-11-20T17:00:00.000Z), so it has no voting power",
        ext: { reason: 'no-voting-power' },
      },
    },
    success: [{ status: 201, description: 'The vote', schema: S.Vote, example: ex.vote }],
  },
  {
    operationId: 'getTokenInfo',
    method: 'get',
    path: '/gateway/v1/token/info',
    tag: 'Token',
    summary: 'The native token and its supply',
    description:
      '`totalSupply` is everything ever minted; `circulatingSupply` is that less the treasury, the staking pool and the bridge escrow.',
    auth: 'public',
    query: noQuery,
    success: [{ status: 200, description: 'Token info', schema: S.TokenInfo, example: ex.tokenInfo }],
  },
  {
    operationId: 'getTreasuryOverview',
    method: 'get',
    path: '/gateway/v1/treasury/overview',
    tag: 'Treasury',
    summary: 'The DAO treasury',
    description:
      'Balance of `system:treasury` in every token (zeros included) and, per token, its inflows and outflows over the last 30 days.',
    auth: 'gateway',
    scope: 'treasury:read',
    query: noQuery,
    success: [{ status: 200, description: 'Treasury overview', schema: S.TreasuryOverview, example: ex.treasury }],
  },

  // --- contracts, bridge, AI billing ---------------------------------------------------------------
  {
    operationId: 'getContractAddresses',
    method: 'get',
    path: '/gateway/v1/contracts/addresses',
    tag: 'Contracts',
    summary: 'Contract addresses per network',
    description:
      'From the versioned `config/contracts.json`, keyed by CAIP-2 chain id, EIP-55 checksummed. These networks are also the chains the bridge accepts.',
    auth: 'public',
    success: [
      { status: 200, description: 'Contract addresses', schema: S.ContractAddresses, example: ex.contracts, headers: PUBLIC_CACHE },
    ],
  },
  {
    operationId: 'getContractAbi',
    method: 'get',
    path: '/contracts-abi/{file}',
    tag: 'Contracts',
    summary: 'A contract ABI',
    description:
      `The ABI file \`<name>.json\` (${CONTRACT_KINDS.map((k) => `\`${k}.json\``).join(', ')}), with a strong \`ETag\` (SHA-256 of the bytes). ` +
      '`If-None-Match` (weak comparison: `W/"…"` and `*` match too) → 304 without a body. Any other name, nested path or traversal attempt → 404.',
    auth: 'public',
    params: z.object({
      file: z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,63}\.json$/)
        .meta({ description: 'File name of the ABI', example: 'token.json' }),
    }),
    headers: z.object({
      'If-None-Match': z.string().optional().meta({ description: 'An ETag from an earlier answer: 304 when it still matches' }),
    }),
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such ABI' } },
    success: [
      {
        status: 200,
        description: 'The ABI (a JSON array)',
        schema: S.Abi,
        example: ex.abi,
        headers: { ETag: { description: 'Strong entity tag of the file', schema: { type: 'string' } }, ...PUBLIC_CACHE },
      },
      {
        status: 304,
        description: 'Not modified: `If-None-Match` matched the current ETag',
        headers: { ETag: { description: 'Strong entity tag of the file', schema: { type: 'string' } } },
      },
    ],
  },
  {
    operationId: 'initiateBridge',
    method: 'post',
    path: '/gateway/v1/bridge/initiate',
    tag: 'Bridge',
    summary: 'Bridge tokens to another chain',
    description:
      "The JWT's wallet sends `amount` to `toAddress` on `toChainId`. The amount moves at once into the bridge escrow and a relay job completes the transfer " +
      '(`completed`, `relayTxHash`) or fails it (`failed`, `failureReason`, the amount back to the wallet). A chain that is not served → 400 `unsupported-chain` (`supportedChains`); short balance → 422.',
    auth: 'gateway',
    scope: 'bridge:write',
    idempotent: true,
    body: { schema: bridgeInitiateBody, example: { toChainId: 'eip155:137', toAddress: EX.recipient, amount: '3000000000000000000' } },
    errors: ['unsupported-chain', 'insufficient-funds'],
    problems: {
      'unsupported-chain': {
        detail: 'The bridge does not support eip155:10',
        ext: { supportedChains: ['eip155:1', 'eip155:137', 'eip155:8453'] },
      },
    },
    success: [{ status: 202, description: 'The transfer, `initiated`', schema: S.BridgeTransfer, example: ex.bridgeTransfer }],
  },
  {
    operationId: 'getBridgeTransfer',
    method: 'get',
    path: '/gateway/v1/bridge/transfers/{id}',
    tag: 'Bridge',
    summary: 'Read a bridge transfer',
    description:
      "Transfers belong to the wallet: any organization the wallet uses can read them; another wallet's id is 404. Needs `bridge:write`, the only bridge scope.",
    auth: 'gateway',
    scope: 'bridge:write',
    params: idParam('bridge transfer', EX.bridgeId),
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such bridge transfer' } },
    success: [{ status: 200, description: 'The transfer', schema: S.BridgeTransfer, example: ex.completedBridgeTransfer }],
  },
  {
    operationId: 'purchaseCredits',
    method: 'post',
    path: '/ai-billing/credits/purchase',
    tag: 'AI billing',
    summary: 'Buy AI credits',
    description:
      'Creates a payment (purpose `credit_purchase`) of `credits × CREDIT_PRICE` base units of the native token to the organization. ' +
      'The payer confirms it with `POST /gateway/v1/payments/{id}/confirm`, which mints the credits in the same transaction.',
    auth: 'gateway',
    scope: 'billing:write',
    idempotent: true,
    body: { schema: purchaseCreditsBody, example: { credits: 500 } },
    success: [{ status: 201, description: 'The purchase payment, `pending`', schema: S.Payment, example: ex.creditPurchase }],
  },
  {
    operationId: 'consumeCredits',
    method: 'post',
    path: '/ai-billing/consumption',
    tag: 'AI billing',
    summary: 'Record a consumption of credits',
    description:
      'Debits `units` credits from the JWT wallet atomically. Not enough credits → 402 `payment-required` (`balance`, `required`) and nothing is recorded.',
    auth: 'gateway',
    scope: 'billing:write',
    idempotent: true,
    body: { schema: consumeCreditsBody, example: { units: 20, feature: 'chat.completion' } },
    errors: ['payment-required'],
    problems: {
      'payment-required': {
        detail: 'This needs 31 credits; the wallet holds 30. Buy credits first.',
        ext: { balance: '30', required: '31' },
      },
    },
    success: [{ status: 201, description: 'The consumption and the balance left', schema: S.CreditConsumption, example: ex.consumption }],
  },
  {
    operationId: 'getCreditBalance',
    method: 'get',
    path: '/ai-billing/credits',
    tag: 'AI billing',
    summary: "The wallet's credits",
    description:
      'One balance per wallet for the whole ecosystem; `recent` holds the last 20 consumptions recorded through the calling organization, newest first.',
    auth: 'gateway',
    scope: 'billing:read',
    success: [{ status: 200, description: 'Credit balance', schema: S.CreditBalance, example: ex.creditBalance }],
  },

  // --- sectors ------------------------------------------------------------------------------------
  {
    operationId: 'listShipments',
    method: 'get',
    path: '/v1/supply/shipments',
    tag: 'Supply',
    summary: "The organization's shipments",
    description:
      'Newest first. A shipment is `created` until its first checkpoint, then has the status of its latest checkpoint by `recordedAt`.',
    auth: 'gateway',
    scope: 'logistics:read',
    query: listShipmentsQuery,
    success: [{ status: 200, description: 'A page of shipments', schema: S.ShipmentPage, example: ex.shipmentPage }],
  },
  {
    operationId: 'listCheckpoints',
    method: 'get',
    path: '/v1/supply/checkpoints',
    tag: 'Supply',
    summary: "A shipment's checkpoints",
    description: "In the order they happened (`recordedAt`). `shipmentId` is required; another organization's shipment → 404.",
    auth: 'gateway',
    scope: 'logistics:read',
    query: listCheckpointsQuery,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 200, description: 'A page of checkpoints', schema: S.CheckpointPage, example: ex.checkpointPage }],
  },
  {
    operationId: 'listCertificates',
    method: 'get',
    path: '/v1/supply/certificates',
    tag: 'Supply',
    summary: "The organization's certificates",
    description:
      "Newest first, optionally of one shipment (another organization's → 404). `status` is `expired` once `expiresAt` has passed.",
    auth: 'gateway',
    scope: 'logistics:read',
    query: listCertificatesQuery,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 200, description: 'A page of certificates', schema: S.CertificatePage, example: ex.certificatePage }],
  },
  {
    operationId: 'findTariffs',
    method: 'get',
    path: '/v1/supply/tariffs',
    tag: 'Supply',
    summary: 'Duty rates',
    description:
      'Reference duty rates matching every filter given. `hsCode` follows the HS hierarchy both ways (the lines under it and the broader lines it falls under).',
    auth: 'gateway',
    scope: 'logistics:read',
    query: findTariffsQuery,
    success: [{ status: 200, description: 'A page of tariffs', schema: S.TariffPage, example: ex.tariffPage }],
  },
  {
    operationId: 'requestClearance',
    method: 'post',
    path: '/v1/supply/customs/clear',
    tag: 'Customs',
    summary: 'File a customs clearance request',
    description: "Files a clearance for one of the organization's shipments (another organization's → 404); the agent is the JWT's wallet.",
    auth: 'gateway',
    scope: 'customs:write',
    role: 'agent',
    idempotent: true,
    body: {
      schema: requestClearanceBody,
      example: { shipmentId: EX.shipmentId, declaredValue: '125000000000000000000000', hsCode: '090111' },
    },
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 202, description: 'The clearance, `submitted`', schema: S.Clearance, example: ex.clearance }],
  },
  {
    operationId: 'getCarbonCredits',
    method: 'get',
    path: '/v1/energy/credits',
    tag: 'Energy',
    summary: "The organization's carbon credits",
    description:
      "Tonnes of CO2e held and retired and per vintage (newest first), over all of the organization's credits, and one page of its lots, newest first.",
    auth: 'gateway',
    scope: 'energy:read',
    query: carbonCreditsQuery,
    success: [{ status: 200, description: 'Carbon credits', schema: S.CarbonCreditsOverview, example: ex.carbonCredits }],
  },
  {
    operationId: 'readHealthRecords',
    method: 'get',
    path: '/v1/health/records',
    tag: 'Health records',
    summary: "A patient's clinical records",
    description:
      "Needs `health:read` **and** the patient's active consent for the API key's organization (`POST /gateway/v1/consents`); otherwise 403 `consent-required` (with `patient`), whether or not records exist. " +
      'Every attempt past validation is written to the access log. Newest `recordedAt` first; `Cache-Control: no-store`.',
    auth: 'gateway',
    scope: 'health:read',
    query: healthRecordsQuery,
    errors: ['consent-required'],
    problems: {
      'consent-required': {
        detail: 'The patient has not recorded a consent for this organization to read their clinical records',
        ext: { patient: EX.patient },
      },
    },
    success: [{ status: 200, description: 'A page of records', schema: S.HealthRecords, example: ex.healthRecords, headers: NO_STORE }],
  },
  {
    operationId: 'recordConsent',
    method: 'post',
    path: '/gateway/v1/consents',
    tag: 'Consents',
    summary: 'Consent to an organization reading my health records',
    description:
      'The patient lets `consent.organization` read their records. A JWT alone is not enough (issue #11): the body is an EIP-712 `HealthConsent` statement ' +
      '(domain `{ name: "Service Gateway Consent", version: "1" }`; fields `patient` (address, the JWT\'s wallet), `organization`, `purpose`, `scopes` (string[]: `["health:read"]`), `issuedAt`, `expiresAt` (uint256, Unix seconds), `nonce`) ' +
      "and the patient wallet's signature of it (`eth_signTypedData_v4`), verified with viem and stored with the consent so anyone can check it later. " +
      '`issuedAt` at most `CONSENT_SIGNATURE_MAX_AGE_SECONDS` (600) old; `expiresAt` in the future; the nonce single use per patient. ' +
      'A new consent for the same organization replaces the active one. Not signed by the JWT wallet, stale or reused nonce → 422 `invalid-consent-signature`; unknown organization → 404.',
    auth: 'gateway',
    body: { schema: recordConsentBody, example: ex.recordConsent },
    errors: ['not-found', 'invalid-consent-signature'],
    problems: {
      'not-found': { detail: 'No such organization' },
      'invalid-consent-signature': { detail: "The signature is not the patient's EIP-712 signature of this consent" },
    },
    success: [{ status: 201, description: 'Consent recorded', schema: S.Consent, example: ex.consent, headers: NO_STORE }],
  },
  {
    operationId: 'listConsents',
    method: 'get',
    path: '/gateway/v1/consents',
    tag: 'Consents',
    summary: 'My consents',
    description: "The JWT wallet's consents, active and revoked, newest first.",
    auth: 'gateway',
    query: listConsentsQuery,
    success: [{ status: 200, description: 'A page of consents', schema: S.ConsentPage, example: ex.consentPage, headers: NO_STORE }],
  },
  {
    operationId: 'revokeConsent',
    method: 'delete',
    path: '/gateway/v1/consents/{id}',
    tag: 'Consents',
    summary: 'Revoke a consent',
    description:
      "Takes the patient's EIP-712 `ConsentRevocation` (fields `patient`, `consentId`, `issuedAt` (uint256, Unix seconds), `nonce`; same domain as the grant) and its signature, stored with the consent as `revocationSignature`. " +
      "Sets `revokedAt`; every later read of the organization is 403 `consent-required`. Revoking twice returns the same revoked consent; another wallet's consent → 404; a signature that is not the JWT wallet's, names another consent or is stale → 422.",
    auth: 'gateway',
    params: idParam('consent', EX.consentId),
    body: { schema: revokeConsentBody, example: ex.revokeConsent },
    errors: ['not-found', 'invalid-consent-signature'],
    problems: {
      'not-found': { detail: 'No such consent' },
      'invalid-consent-signature': { detail: "The signature is not the patient's EIP-712 signature of this revocation" },
    },
    success: [{ status: 200, description: 'The consent, revoked', schema: S.Consent, example: ex.revokedConsent, headers: NO_STORE }],
  },
  {
    operationId: 'ingestShipment',
    method: 'post',
    path: '/cargolink/v1/shipments',
    tag: 'Cargolink',
    summary: 'Create a shipment',
    description: 'The carrier side that feeds the supply endpoints. A `reference` the organization already has → 409 `invalid-state`.',
    auth: 'gateway',
    scope: 'logistics:write',
    idempotent: true,
    body: {
      schema: ingestShipmentBody,
      example: { reference: 'BK-2026-0001', origin: 'BR', destination: 'DE', carrier: 'Maersk', hsCode: '090111' },
    },
    errors: ['invalid-state'],
    problems: { 'invalid-state': { detail: 'A shipment with reference BK-2026-0001 already exists', ext: { reference: 'BK-2026-0001' } } },
    success: [{ status: 201, description: 'The shipment, `created`', schema: S.Shipment, example: ex.shipment }],
  },
  {
    operationId: 'ingestCheckpoint',
    method: 'post',
    path: '/cargolink/v1/shipments/{id}/checkpoints',
    tag: 'Cargolink',
    summary: 'Record a checkpoint of a shipment',
    description:
      "The shipment's status follows its latest checkpoint by `recordedAt`; a late checkpoint with an older `recordedAt` fills in the history without moving the status back. Another organization's shipment → 404.",
    auth: 'gateway',
    scope: 'logistics:write',
    idempotent: true,
    params: idParam('shipment', EX.shipmentId),
    body: {
      schema: ingestCheckpointBody,
      example: { location: 'Santos, BR (port)', status: 'picked_up', recordedAt: '2026-11-20T09:30:00Z' },
    },
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such shipment' } },
    success: [{ status: 201, description: 'The checkpoint', schema: S.Checkpoint, example: ex.checkpoint }],
  },
  {
    operationId: 'ingestCertificate',
    method: 'post',
    path: '/cargolink/v1/certificates',
    tag: 'Cargolink',
    summary: 'Record a certificate',
    description:
      "Optionally of one of the organization's shipments (another organization's → 404). The same `issuer` and `number` twice → 409 `invalid-state`.",
    auth: 'gateway',
    scope: 'logistics:write',
    idempotent: true,
    body: {
      schema: ingestCertificateBody,
      example: {
        shipmentId: EX.shipmentId,
        kind: 'phytosanitary',
        issuer: 'MAPA Brazil',
        number: 'PHY-BR-55120',
        issuedAt: '2026-11-19T00:00:00Z',
        expiresAt: '2027-02-17T00:00:00Z',
      },
    },
    errors: ['not-found', 'invalid-state'],
    problems: {
      'not-found': { detail: 'No such shipment' },
      'invalid-state': { detail: 'Certificate PHY-BR-55120 of MAPA Brazil already exists', ext: { certificateId: EX.certificateId } },
    },
    success: [{ status: 201, description: 'The certificate', schema: S.Certificate, example: ex.certificate }],
  },

  // --- this reference -----------------------------------------------------------------------------
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    tag: 'Reference',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the zod schemas that validate the requests. Not rate limited.',
    auth: 'public',
    rateLimited: false,
    success: [{ status: 200, description: 'The OpenAPI document', schema: S.OpenApiDocument, headers: PUBLIC_CACHE }],
  },
  {
    operationId: 'getApiDocs',
    method: 'get',
    path: '/docs',
    tag: 'Reference',
    summary: 'Rendered API reference',
    description: 'An HTML page rendering this document with Swagger UI (served from this service, no external assets). Not rate limited.',
    auth: 'public',
    rateLimited: false,
    success: [{ status: 200, description: 'HTML page', schema: z.string(), contentType: 'text/html' }],
  },
];
