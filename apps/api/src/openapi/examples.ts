import { EX } from './response-schemas.js';

/**
 * Example bodies of the API reference. The OpenAPI test validates every example against the
 * schema it illustrates, so they cannot drift from the documented shapes.
 */

const GTK = { symbol: 'GTK', name: 'Gateway Token', decimals: 18 };
const USDC = { symbol: 'USDC', name: 'USD Coin', decimals: 6 };

export const payment = {
  id: EX.paymentId,
  object: 'payment',
  status: 'pending',
  amount: '12000000000000000000',
  token: 'GTK',
  payer: EX.wallet,
  organizationId: EX.orgId,
  description: 'Order #1001',
  purpose: 'payment',
  credits: null,
  failureReason: null,
  expiresAt: EX.later,
  createdAt: EX.time,
  updatedAt: EX.time,
  settledAt: null,
  refundedAt: null,
};
export const settledPayment = {
  ...payment,
  status: 'settled',
  updatedAt: '2026-11-21T17:01:00.000Z',
  settledAt: '2026-11-21T17:01:00.000Z',
};
export const refundedPayment = {
  ...settledPayment,
  status: 'refunded',
  updatedAt: '2026-11-21T17:05:00.000Z',
  refundedAt: '2026-11-21T17:05:00.000Z',
};
export const creditPurchase = {
  ...payment,
  amount: '500000000000000000',
  description: 'AI credits: 500',
  purpose: 'credit_purchase',
  credits: '500',
};

export const webhook = {
  id: EX.webhookId,
  url: 'https://merchant.example/webhooks',
  events: ['payment.settled', 'payment.refunded'],
  signatureScheme: 'service',
  active: true,
  maxConcurrency: null,
  disabledReason: null,
  createdAt: EX.time,
};
export const webhookWithSecret = { ...webhook, secret: 'whsec_q9b1Zt0m8V2kXr5cP3sL7yH4nD6fJ0aW1eG8uK2iO5Q=' };
export const delivery = {
  id: EX.deliveryId,
  webhookId: EX.webhookId,
  event: 'payment.settled',
  status: 'dead',
  attempts: 8,
  nextAttemptAt: null,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  createdAt: EX.time,
  deliveredAt: null,
};

export const position = {
  id: EX.positionId,
  token: 'GTK',
  principal: '10000000000000000000',
  aprBps: 1200,
  lockDays: 30,
  lockedUntil: '2026-12-21T17:00:00.000Z',
  startedAt: EX.time,
  accruedReward: '0',
  status: 'active',
  unstakedAt: null,
  rewardPaid: null,
};
export const unstakedPosition = {
  ...position,
  lockDays: 0,
  lockedUntil: EX.time,
  accruedReward: '98630136986301369',
  status: 'unstaked',
  unstakedAt: '2026-12-21T17:00:00.000Z',
  rewardPaid: '98630136986301369',
};

export const proposal = {
  id: EX.proposalId,
  title: 'Fund the grants program',
  description: 'Move 50 000 GTK from the treasury to the grants multisig.',
  snapshotAt: '2026-11-20T17:00:00.000Z',
  startsAt: '2026-11-20T17:00:00.000Z',
  endsAt: '2026-11-27T17:00:00.000Z',
  tally: { for: '10000000000000000000', against: '4000000000000000000', abstain: '0' },
};

export const bridgeTransfer = {
  id: EX.bridgeId,
  object: 'bridge_transfer',
  status: 'initiated',
  from: EX.wallet,
  toChainId: 'eip155:137',
  toAddress: EX.recipient,
  token: 'GTK',
  amount: '3000000000000000000',
  relayTxHash: null,
  failureReason: null,
  createdAt: EX.time,
  updatedAt: EX.time,
};

export const shipment = {
  id: EX.shipmentId,
  reference: 'BK-2026-0001',
  origin: 'BR',
  destination: 'DE',
  carrier: 'Maersk',
  hsCode: '090111',
  status: 'created',
  createdAt: EX.time,
  updatedAt: EX.time,
};
export const checkpoint = {
  id: EX.checkpointId,
  shipmentId: EX.shipmentId,
  location: 'Santos, BR (port)',
  status: 'picked_up',
  note: null,
  recordedAt: '2026-11-20T09:30:00.000Z',
  createdAt: EX.time,
};
export const certificate = {
  id: EX.certificateId,
  shipmentId: EX.shipmentId,
  kind: 'phytosanitary',
  issuer: 'MAPA Brazil',
  number: 'PHY-BR-55120',
  issuedAt: '2026-11-19T00:00:00.000Z',
  expiresAt: '2027-02-17T00:00:00.000Z',
  status: 'valid',
  createdAt: EX.time,
};
export const consent = {
  id: EX.consentId,
  patient: EX.patient,
  organizationId: EX.orgId,
  scope: 'health:read',
  purpose: 'Follow-up care at Clinic B',
  scopes: ['health:read'],
  nonce: 'a1b2c3d4e5f6a7b8c9d0',
  issuedAt: EX.time,
  expiresAt: '2026-12-21T17:00:00.000Z',
  signature:
    '0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b',
  revocationSignature: null,
  revocationNonce: null,
  createdAt: EX.time,
  revokedAt: null,
};

/** Body of POST /gateway/v1/consents: the EIP-712 HealthConsent statement and the patient's signature. */
export const recordConsentExample = {
  consent: {
    organization: EX.orgId,
    purpose: 'Follow-up care at Clinic B',
    scopes: ['health:read'],
    issuedAt: 1795280400,
    expiresAt: 1797872400,
    nonce: 'a1b2c3d4e5f6a7b8c9d0',
  },
  signature:
    '0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b',
};

/** Body of DELETE /gateway/v1/consents/:id: the EIP-712 ConsentRevocation and the patient's signature. */
export const revokeConsentExample = {
  revocation: { consentId: EX.consentId, issuedAt: 1795284000, nonce: 'f0e1d2c3b4a5968778695a4b' },
  signature:
    '0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b',
};

export const examples = {
  health: { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
  healthDown: { status: 'unavailable', checks: { database: 'ok', redis: 'error' } },
  loginBody: {
    message:
      'localhost wants you to sign in with your Ethereum account:\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\n\nSign in to the gateway\n\nURI: https://localhost/login\nVersion: 1\nChain ID: 1\nNonce: n4X8qL2vR7tY1mK9pW3sZ6cB0dF5gH8jA2eU4iO7\nIssued At: 2026-11-21T17:00:00Z',
    signature:
      '0x3c1e5d0b7f4a2e9c8d6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1b',
  },
  loginNonce: { nonce: 'n4X8qL2vR7tY1mK9pW3sZ6cB0dF5gH8jA2eU4iO7', expiresAt: '2026-11-21T17:10:00.000Z' },
  session: {
    organizationId: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b',
    token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6IjNzUWguLi4ifQ.eyJzdWIiOiIweDVhQWViNjA1M0YzRTk0QzliOUEwOWYzMzY2OTQzNUU3RWYxQmVBZWQifQ.sig',
    expiresAt: '2026-11-21T18:00:00.000Z',
    address: EX.wallet,
  },
  jwks: {
    keys: [
      {
        kty: 'EC',
        crv: 'P-256',
        x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
        y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
        kid: '3sQhBg4b0b1eJcE3wWQ2b7tR5fX0yZ8aN6mL1kP9dVs',
        alg: 'ES256',
        use: 'sig',
      },
    ],
  },
  webhook,
  webhookWithSecret,
  webhookList: {
    data: [
      {
        ...webhook,
        health: { state: 'closed', consecutiveFailures: 0, lastSuccessAt: EX.time, lastFailureAt: null, openUntil: null },
      },
    ],
  },
  webhookRecovery: { recovered: 42 },
  deactivatedWebhook: { ...webhook, active: false },
  deliveryPage: { data: [delivery], nextCursor: null },
  deliveryRetry: { id: EX.deliveryId, status: 'pending' },
  payment,
  settledPayment,
  refundedPayment,
  paymentPage: { data: [settledPayment], nextCursor: EX.cursor },
  walletBalances: {
    address: EX.wallet,
    data: [
      { token: GTK, balance: '100000000000000000000' },
      { token: USDC, balance: '0' },
    ],
  },
  transfer: { id: EX.transferId, from: EX.wallet, to: EX.recipient, token: 'GTK', amount: '3000000000000000000', createdAt: EX.time },
  position,
  unstakedPosition,
  positionPage: { data: [{ ...position, accruedReward: '38051750380517' }], nextCursor: null },
  poolPage: {
    data: [{ id: EX.poolId, name: 'GTK/USDC', tokenPair: ['GTK', 'USDC'], aprBps: 1800, totalValueLocked: '5000000000000000000000000' }],
    nextCursor: null,
  },
  proposalPage: { data: [proposal], nextCursor: null },
  vote: { id: EX.voteId, proposalId: EX.proposalId, address: EX.wallet, choice: 'for', weight: '10000000000000000000', createdAt: EX.time },
  tokenInfo: {
    symbol: 'GTK',
    name: 'Gateway Token',
    decimals: 18,
    totalSupply: '1000000000000000000000000',
    circulatingSupply: '820000000000000000000000',
  },
  treasury: {
    balances: [
      { token: GTK, balance: '150000000000000000000000' },
      { token: USDC, balance: '0' },
    ],
    last30Days: [
      { token: GTK, inflow: '50000000000000000000000', outflow: '98630136986301369' },
      { token: USDC, inflow: '0', outflow: '0' },
    ],
  },
  contracts: {
    version: 1,
    networks: {
      'eip155:1': {
        name: 'Ethereum',
        contracts: {
          token: '0x3c693b615ba2349eA20D24971E5075CA20074644',
          staking: '0xa14FF93480F1B8F942c605e5Fca6B897334Beaa7',
          governor: '0x9fbD9B0DD8A44081425a6Bf708fb4d75d2EB70FF',
          treasury: '0xeb44B86bC64B9093447aF4eae24e81FDEFe6b257',
          bridge: '0x4BB07071049123DfD6504E6165c2228a1B4f0a08',
        },
      },
    },
  },
  abi: [
    {
      type: 'function',
      name: 'balanceOf',
      inputs: [{ name: 'account', type: 'address', internalType: 'address' }],
      outputs: [{ name: '', type: 'uint256', internalType: 'uint256' }],
      stateMutability: 'view',
    },
  ],
  bridgeTransfer,
  completedBridgeTransfer: {
    ...bridgeTransfer,
    status: 'completed',
    relayTxHash: '0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e',
    updatedAt: '2026-11-21T17:00:02.000Z',
  },
  creditPurchase,
  consumption: { id: EX.consumptionId, units: 20, feature: 'chat.completion', balance: '480', createdAt: EX.time },
  creditBalance: {
    address: EX.wallet,
    balance: '480',
    recent: [{ id: EX.consumptionId, feature: 'chat.completion', units: 20, createdAt: EX.time }],
  },
  shipment,
  shipmentPage: { data: [{ ...shipment, reference: 'DEMO-SHP-1001', status: 'at_customs' }], nextCursor: null },
  checkpoint,
  checkpointPage: { data: [checkpoint], nextCursor: null },
  certificate,
  certificatePage: { data: [certificate], nextCursor: null },
  tariffPage: {
    data: [
      {
        id: EX.tariffId,
        hsCode: '090111',
        origin: 'BR',
        destination: 'DE',
        dutyBps: 0,
        description: 'Coffee, not roasted, not decaffeinated',
      },
    ],
    nextCursor: null,
  },
  clearance: {
    id: EX.clearanceId,
    shipmentId: EX.shipmentId,
    status: 'submitted',
    agent: EX.wallet,
    declaredValue: '125000000000000000000000',
    hsCode: '090111',
    createdAt: EX.time,
    updatedAt: EX.time,
  },
  carbonCredits: {
    held: { tonnes: 4650, count: 4 },
    retired: { tonnes: 1800, count: 3 },
    vintages: [
      { vintage: 2024, held: 150, retired: 0 },
      { vintage: 2023, held: 2500, retired: 0 },
    ],
    data: [
      {
        id: EX.carbonId,
        registry: 'Verra',
        projectName: 'Rimba Raya Biodiversity Reserve',
        vintage: 2019,
        tonnes: 1000,
        status: 'retired',
        retiredAt: '2026-06-30T00:00:00.000Z',
        createdAt: EX.time,
      },
    ],
    nextCursor: null,
  },
  healthRecords: {
    patient: EX.patient,
    consentId: EX.consentId,
    data: [
      {
        id: EX.recordId,
        patient: EX.patient,
        kind: 'prescription',
        summary: 'Amoxicillin 500 mg, three times daily for 7 days (acute sinusitis)',
        recordedAt: '2026-11-19T10:00:00.000Z',
      },
    ],
    nextCursor: null,
  },
  consent,
  revokedConsent: {
    ...consent,
    revokedAt: '2026-11-21T18:00:00.000Z',
    revocationSignature:
      '0xabababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababababab1b',
    revocationNonce: 'f0e1d2c3b4a5968778695a4b',
  },
  consentPage: { data: [consent], nextCursor: null },
  recordConsent: recordConsentExample,
  revokeConsent: revokeConsentExample,
} as const;
