import { z } from 'zod';
import { EX, FieldError, Problem, address, amount, dateTime, nextCursor, page, symbol, units, uuid } from '@gw/runtime';
import { WEBHOOK_EVENTS } from '@gw/core/webhooks';

export { EX, FieldError, Problem, page };
import { CHECKPOINT_STATUSES, SHIPMENT_STATUSES } from '@gw/core/logistics';
import { VOTE_CHOICES } from '@gw/core/governance';
import { CONTRACT_KINDS } from '@gw/core/contracts';

/**
 * Zod schemas of what the API answers (issue #4, API reference). They mirror the DTO functions of
 * `packages/core` (`toPaymentDto`, `toStakingPositionDto`, ...) and the route handlers; the OpenAPI
 * test checks real responses against them, so a DTO change that is not reflected here fails there.
 * `.meta({ id })` makes each one a named component (`#/components/schemas/<id>`).
 * Objects are documented open (no `additionalProperties: false`) so clients tolerate new fields;
 * the test validates real responses as closed objects, so nothing undocumented slips through.
 */

// --- session, health ----------------------------------------------------------------------------

export const Session = z
  .object({
    token: z.string().meta({ description: 'ES256 JWT for `Authorization: Bearer`' }),
    expiresAt: dateTime(),
    address: address(),
    organizationId: z
      .string()
      .uuid()
      .nullable()
      .meta({ description: 'Organization the session is bound to (login with its X-API-Key); null for a native session' }),
  })
  .meta({
    id: 'Session',
    example: {
      token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIweDVhQS4uLiJ9.c2ln',
      expiresAt: '2026-11-21T18:00:00.000Z',
      address: EX.wallet,
      organizationId: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b',
    },
  });

export const LoginNonce = z
  .object({
    nonce: z
      .string()
      .regex(/^[A-Za-z0-9]{8,}$/)
      .meta({ description: 'Value for the `Nonce:` field of the login message' }),
    expiresAt: dateTime(),
  })
  .meta({ id: 'LoginNonce', description: 'A login nonce: single use, valid for 10 minutes' });

export const Jwk = z
  .object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z.string(),
    y: z.string(),
    kid: z.string(),
    alg: z.literal('ES256'),
    use: z.literal('sig'),
  })
  .meta({ id: 'Jwk', description: 'Public P-256 key (RFC 7517) that verifies the session JWTs' });

export const Jwks = z.object({ keys: z.array(Jwk) }).meta({ id: 'Jwks' });

const check = () => z.enum(['ok', 'error']);
export const HealthStatus = z
  .object({ status: z.enum(['ok', 'unavailable']), checks: z.object({ database: check(), redis: check() }) })
  .meta({ id: 'HealthStatus' });

// --- webhooks -----------------------------------------------------------------------------------

const webhookFields = {
  id: uuid(),
  url: z.string().meta({ example: 'https://merchant.example/webhooks' }),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  signatureScheme: z.enum(['service', 'standard-webhooks']).meta({
    description: '`service` (X-Service-* headers) or `standard-webhooks` (also webhook-id, webhook-timestamp, webhook-signature)',
  }),
  active: z.boolean(),
  maxConcurrency: z.number().int().min(1).nullable().meta({
    description: 'Most attempts in flight to this URL at once, across every worker; null = `WEBHOOK_ENDPOINT_CONCURRENCY` (10)',
  }),
  disabledReason: z.string().nullable().meta({
    description:
      'Set when the service deactivated the webhook because no attempt succeeded for `WEBHOOK_DISABLE_AFTER_MS` (5 days) while attempts kept failing; re-registering the URL re-activates it',
  }),
  createdAt: dateTime(),
};
export const Webhook = z.object(webhookFields).meta({ id: 'Webhook', description: 'A webhook destination (never carries its secret)' });
export const WebhookWithSecret = z
  .object({
    ...webhookFields,
    secret: z
      .string()
      .regex(/^whsec_/)
      .meta({ description: 'Signing secret (HMAC-SHA256 key), shown only here' }),
  })
  .meta({ id: 'WebhookWithSecret', description: 'A registered webhook with its new signing secret' });
export const WebhookHealth = z
  .object({
    state: z.enum(['closed', 'open', 'half_open']).meta({
      description:
        '`closed`: attempts go out; `open`: due deliveries are deferred without an attempt until `openUntil`; `half_open`: the next due delivery is a probe, whose success closes the circuit and whose failure opens it again with twice the cool-down',
    }),
    consecutiveFailures: z.number().int().min(0),
    lastSuccessAt: dateTime().nullable(),
    lastFailureAt: dateTime().nullable(),
    openUntil: dateTime().nullable().meta({ description: 'While `open`: when the probe may go' }),
  })
  .meta({ id: 'WebhookHealth', description: "The endpoint's circuit breaker, read live" });
export const WebhookWithHealth = z
  .object({ ...webhookFields, health: WebhookHealth })
  .meta({ id: 'WebhookWithHealth', description: 'A webhook destination with its circuit (never carries its secret)' });
export const WebhookRecovery = z
  .object({ recovered: z.number().int().min(0).meta({ description: 'Dead deliveries that get one new attempt' }) })
  .meta({ id: 'WebhookRecovery' });
export const WebhookList = z
  .object({ data: z.array(WebhookWithHealth) })
  .meta({ id: 'WebhookList', description: "The organization's webhooks, oldest first" });

export const Delivery = z
  .object({
    id: uuid(),
    webhookId: uuid(),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(['pending', 'delivered', 'dead']),
    attempts: z.number().int().min(0),
    nextAttemptAt: dateTime().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: dateTime(),
    deliveredAt: dateTime().nullable(),
  })
  .meta({ id: 'Delivery' });
export const DeliveryPage = page('DeliveryPage', Delivery, 'Deliveries, newest first');
export const DeliveryRetry = z.object({ id: uuid(), status: z.literal('pending') }).meta({ id: 'DeliveryRetry' });

// --- payments: the payments module's contract --------------------------------------------------

export { Payment, PaymentPage } from '@gw/core/payments';

// --- wallet, staking, farming, governance, token, treasury -------------------------------------------

export const TokenRef = z
  .object({
    symbol: symbol(),
    name: z.string().meta({ example: 'Gateway Token' }),
    decimals: z.number().int().min(0).meta({ example: 18 }),
  })
  .meta({ id: 'TokenRef' });

export const WalletBalances = z
  .object({ address: address(), data: z.array(z.object({ token: TokenRef, balance: units() })) })
  .meta({ id: 'WalletBalances', description: 'Every token of the service, zeros included, native token first' });

export const Transfer = z
  .object({ id: uuid(), from: address(), to: address(), token: symbol(), amount: amount(), createdAt: dateTime() })
  .meta({ id: 'Transfer' });

export const StakingPosition = z
  .object({
    id: uuid(),
    token: symbol(),
    principal: amount(),
    aprBps: z.number().int().min(0).meta({ description: 'Annual reward rate in basis points (1200 = 12 %), fixed for the position' }),
    lockDays: z.number().int().min(0),
    lockedUntil: dateTime(),
    startedAt: dateTime(),
    accruedReward: units().meta({ description: 'Reward accrued up to now (active) or paid at unstake (unstaked)' }),
    status: z.enum(['active', 'unstaked']),
    unstakedAt: dateTime().nullable(),
    rewardPaid: units().nullable(),
  })
  .meta({ id: 'StakingPosition' });
export const StakingPositionPage = page('StakingPositionPage', StakingPosition, "The wallet's active positions, newest first");

export const FarmingPool = z
  .object({
    id: uuid(),
    name: z.string(),
    tokenPair: z
      .array(z.string())
      .length(2)
      .meta({ description: 'The two token symbols of the pool', example: ['GTK', 'USDC'] }),
    aprBps: z.number().int().min(0),
    totalValueLocked: units().meta({ description: 'In base units of the native token' }),
  })
  .meta({ id: 'FarmingPool' });
export const FarmingPoolPage = page('FarmingPoolPage', FarmingPool, 'Active farming pools, newest first');

export const Proposal = z
  .object({
    id: uuid(),
    title: z.string(),
    description: z.string(),
    snapshotAt: dateTime().meta({ description: 'Voting power is the native token staked at this instant' }),
    startsAt: dateTime(),
    endsAt: dateTime(),
    tally: z.object(
      Object.fromEntries(VOTE_CHOICES.map((c) => [c, units()])) as Record<(typeof VOTE_CHOICES)[number], ReturnType<typeof units>>,
    ),
  })
  .meta({ id: 'Proposal' });
export const ProposalPage = page('ProposalPage', Proposal, 'Proposals open now, newest first');

export const Vote = z
  .object({ id: uuid(), proposalId: uuid(), address: address(), choice: z.enum(VOTE_CHOICES), weight: amount(), createdAt: dateTime() })
  .meta({ id: 'Vote' });

export const TokenInfo = z
  .object({
    symbol: symbol(),
    name: z.string(),
    decimals: z.number().int().min(0),
    totalSupply: units().meta({ description: 'Everything ever minted' }),
    circulatingSupply: units().meta({ description: 'Total supply less the treasury, the staking pool and the bridge escrow' }),
  })
  .meta({ id: 'TokenInfo' });

export const TreasuryOverview = z
  .object({
    balances: z.array(z.object({ token: TokenRef, balance: units() })),
    last30Days: z.array(z.object({ token: TokenRef, inflow: units(), outflow: units() })),
  })
  .meta({ id: 'TreasuryOverview' });

// --- contracts, bridge, AI billing -----------------------------------------------------------------

export const ContractAddresses = z
  .object({
    version: z.number().int().min(1),
    networks: z.record(
      z.string().meta({ description: 'CAIP-2 chain id' }),
      z.object({
        name: z.string(),
        contracts: z.object(
          Object.fromEntries(CONTRACT_KINDS.map((k) => [k, address()])) as Record<
            (typeof CONTRACT_KINDS)[number],
            ReturnType<typeof address>
          >,
        ),
      }),
    ),
  })
  .meta({ id: 'ContractAddresses', description: 'Contract addresses per network, keyed by CAIP-2 chain id' });

export const Abi = z
  .array(z.object({ type: z.string() }).catchall(z.unknown()))
  .meta({ id: 'Abi', description: 'A Solidity JSON ABI: an array of function, event and error descriptions' });

export const BridgeTransfer = z
  .object({
    id: uuid(),
    object: z.literal('bridge_transfer'),
    status: z.enum(['initiated', 'completed', 'failed']),
    from: address(),
    toChainId: z.string().meta({ example: 'eip155:137' }),
    toAddress: address(),
    token: symbol(),
    amount: amount(),
    relayTxHash: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'BridgeTransfer' });

export const CreditConsumption = z
  .object({
    id: uuid(),
    units: z.number().int().min(1),
    feature: z.string(),
    balance: units().meta({ description: 'Credits left after this consumption' }),
    createdAt: dateTime(),
  })
  .meta({ id: 'CreditConsumption' });

export const CreditBalance = z
  .object({
    address: address(),
    balance: units().meta({ description: 'Credits the wallet holds, across every application' }),
    recent: z.array(z.object({ id: uuid(), feature: z.string(), units: z.number().int().min(1), createdAt: dateTime() })),
  })
  .meta({ id: 'CreditBalance' });

// --- sectors --------------------------------------------------------------------------------------

const country = () =>
  z
    .string()
    .regex(/^[A-Z]{2}$/)
    .meta({ example: 'DE' });

export const Shipment = z
  .object({
    id: uuid(),
    reference: z.string(),
    origin: country(),
    destination: country(),
    carrier: z.string().nullable(),
    hsCode: z.string().nullable(),
    status: z.enum(SHIPMENT_STATUSES),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Shipment' });
export const ShipmentPage = page('ShipmentPage', Shipment, 'Shipments, newest first');

export const Checkpoint = z
  .object({
    id: uuid(),
    shipmentId: uuid(),
    location: z.string(),
    status: z.enum(CHECKPOINT_STATUSES),
    note: z.string().nullable(),
    recordedAt: dateTime(),
    createdAt: dateTime(),
  })
  .meta({ id: 'Checkpoint' });
export const CheckpointPage = page('CheckpointPage', Checkpoint, 'Checkpoints in the order they happened (`recordedAt`)');

export const Certificate = z
  .object({
    id: uuid(),
    shipmentId: uuid().nullable(),
    kind: z.string(),
    issuer: z.string(),
    number: z.string(),
    issuedAt: dateTime(),
    expiresAt: dateTime().nullable(),
    status: z.enum(['valid', 'expired']),
    createdAt: dateTime(),
  })
  .meta({ id: 'Certificate' });
export const CertificatePage = page('CertificatePage', Certificate, 'Certificates, newest first');

export const Tariff = z
  .object({
    id: uuid(),
    hsCode: z.string(),
    origin: country(),
    destination: country(),
    dutyBps: z.number().int().min(0).meta({ description: 'Ad valorem duty in basis points (750 = 7.5 %)' }),
    description: z.string(),
  })
  .meta({ id: 'Tariff' });
export const TariffPage = page('TariffPage', Tariff, 'Duty rates matching every filter given');

export const Clearance = z
  .object({
    id: uuid(),
    shipmentId: uuid(),
    status: z.enum(['submitted', 'cleared', 'held', 'rejected']),
    agent: address(),
    declaredValue: amount(),
    hsCode: z.string(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'Clearance' });

const totals = () => z.object({ tonnes: z.number().int().min(0), count: z.number().int().min(0) });
export const CarbonCredit = z
  .object({
    id: uuid(),
    registry: z.string(),
    projectName: z.string(),
    vintage: z.number().int(),
    tonnes: z.number().int().min(0),
    status: z.enum(['held', 'retired']),
    retiredAt: dateTime().nullable(),
    createdAt: dateTime(),
  })
  .meta({ id: 'CarbonCredit' });
export const CarbonCreditsOverview = z
  .object({
    held: totals(),
    retired: totals(),
    vintages: z.array(z.object({ vintage: z.number().int(), held: z.number().int().min(0), retired: z.number().int().min(0) })),
    data: z.array(CarbonCredit),
    nextCursor: nextCursor(),
  })
  .meta({
    id: 'CarbonCreditsOverview',
    description: 'Totals over all of the organization’s credits (tonnes of CO2e) and one page of its lots',
  });

export const ClinicalRecord = z
  .object({ id: uuid(), patient: address(), kind: z.string(), summary: z.string(), recordedAt: dateTime() })
  .meta({ id: 'ClinicalRecord' });
export const HealthRecords = z
  .object({ patient: address(), consentId: uuid(), data: z.array(ClinicalRecord), nextCursor: nextCursor() })
  .meta({ id: 'HealthRecords', description: "The patient's records, newest `recordedAt` first, read under consent `consentId`" });

export const Consent = z
  .object({
    id: uuid(),
    patient: address(),
    organizationId: uuid(),
    scope: z.literal('health:read'),
    purpose: z.string().nullable().meta({ description: 'Signed statement: why (null for consents recorded before signatures)' }),
    scopes: z.array(z.string()).meta({ description: 'Signed statement: what is allowed' }),
    nonce: z.string().nullable(),
    issuedAt: dateTime().nullable(),
    expiresAt: dateTime().nullable().meta({ description: 'The consent allows nothing after this instant' }),
    signature: z
      .string()
      .nullable()
      .meta({ description: "The patient's EIP-712 signature of the HealthConsent statement; verify with the types in the README" }),
    revocationSignature: z.string().nullable().meta({ description: "The patient's EIP-712 signature of the ConsentRevocation" }),
    revocationNonce: z.string().nullable(),
    createdAt: dateTime(),
    revokedAt: dateTime().nullable(),
  })
  .meta({ id: 'Consent' });
export const ConsentPage = page('ConsentPage', Consent, "The wallet's consents, active and revoked, newest first");

// --- this reference -------------------------------------------------------------------------------

export const OpenApiDocument = z
  .object({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()),
    paths: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown())
  .meta({ id: 'OpenApiDocument', description: 'This OpenAPI 3.1 document' });
