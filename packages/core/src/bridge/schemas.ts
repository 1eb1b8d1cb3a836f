import { z } from 'zod';
import { EX, address, amount, amountSchema, dateTime, idParam, symbol, units, uuid } from '@gw/runtime';
import { PERMIT_TYPES, permitDeadlineSchema, signatureSchema } from '../chain/index.js';
import { eventBody, TEST_EVENT_ADDRESS, TEST_EVENT_PAYMENT_ID, type WebhookEventDefinition } from '../webhooks/index.js';
import { CAIP2_PATTERN } from '../contracts/index.js';
import { checksumAddress, isEvmAddress, ZERO_ADDRESS } from '../evm/index.js';

/**
 * The bridge contract: `POST /gateway/v1/bridge/initiate`,
 * `GET /gateway/v1/bridge/permit-typed-data` and `GET /gateway/v1/bridge/transfers/{id}`. `amount`
 * is a string of integer base units.
 */

/** An EVM address: 0x + 40 hex; mixed case must be a valid EIP-55 checksum. Normalised to the checksummed form. */
export const evmAddressSchema = z
  .string()
  .refine((a) => isEvmAddress(a), 'must be an EVM address (0x + 40 hex, EIP-55 checksum when mixed case)')
  .refine((a) => a.toLowerCase() !== ZERO_ADDRESS, 'must not be the zero address')
  .transform((a) => checksumAddress(a))
  .meta({
    description: 'EVM address, 0x + 40 hex digits (mixed case must match its EIP-55 checksum; not the zero address); answered checksummed',
    example: '0x52908400098527886E0F7030069857D2E4169EE7',
  });

/** Where the bridged tokens come from. */
export const BRIDGE_FUNDING = ['permit', 'custody'] as const;
export type BridgeFunding = (typeof BRIDGE_FUNDING)[number];

const chainIdSchema = (description: string) =>
  z.string().regex(CAIP2_PATTERN, 'must be a CAIP-2 chain id such as eip155:31338').meta({ description, example: 'eip155:31338' });

export const bridgeInitiateBody = z
  .strictObject({
    fromChainId: chainIdSchema(
      'CAIP-2 chain id of the source; default the home chain. From the home chain the tokens are locked in the vault and minted as the wrapped token on `toChainId`; from another chain the wrapped tokens are burned and released on the home chain',
    ).optional(),
    /** CAIP-2 chain id of the destination, e.g. `eip155:31338`. */
    toChainId: chainIdSchema(
      'CAIP-2 chain id of the destination: a chain of `GET /gateway/v1/contracts/addresses`; one of the two chains must be the home chain',
    ),
    toAddress: evmAddressSchema,
    amount: amountSchema,
    /** Token symbol; default the native token. */
    token: z
      .string()
      .regex(/^[A-Za-z0-9]{1,16}$/, 'must be a token symbol')
      .optional()
      .meta({ description: 'Token symbol; default (and only) the native token', example: 'GTK' }),
    funding: z
      .enum(BRIDGE_FUNDING)
      .default('custody')
      .meta({
        description:
          "`custody` (default): from the wallet's custodial balance, home chain only; `permit`: the wallet's own tokens on the source chain, moved with its EIP-2612 permit " +
          '(`deadline` and `signature` of the typed data from `GET /bridge/permit-typed-data`); the gateway pays the gas',
      }),
    deadline: permitDeadlineSchema.optional(),
    signature: signatureSchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.funding === 'permit') {
      if (b.deadline === undefined) ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'required when funding is permit' });
      if (b.signature === undefined) ctx.addIssue({ code: 'custom', path: ['signature'], message: 'required when funding is permit' });
    } else {
      if (b.deadline !== undefined) ctx.addIssue({ code: 'custom', path: ['deadline'], message: 'only with funding permit' });
      if (b.signature !== undefined) ctx.addIssue({ code: 'custom', path: ['signature'], message: 'only with funding permit' });
    }
  });

export const bridgePermitTypedDataQuery = z.strictObject({
  amount: amountSchema,
  fromChainId: chainIdSchema('CAIP-2 chain id of the source; default the home chain').optional(),
});

/** States of a bridge transfer; `completed` and `failed` are final. */
export const BRIDGE_STATUSES = ['initiated', 'relaying', 'completed', 'failed'] as const;
/** States of one leg: its transaction in the on-chain outbox. */
export const BRIDGE_LEG_STATUSES = ['pending', 'submitted', 'confirmed', 'failed'] as const;

const txHash = () =>
  z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .nullable();

const leg = (name: string, description: string) =>
  z
    .object({
      chain: z.string().meta({ description: 'CAIP-2 chain id of the leg', example: 'eip155:31337' }),
      status: z.enum(BRIDGE_LEG_STATUSES).nullable().meta({
        description:
          '`pending` (written, not broadcast), `submitted` (broadcast), `confirmed` (`CHAIN_CONFIRMATIONS` deep), `failed` (reverted or refused); null: the leg is not written yet',
      }),
      txHash: txHash().meta({ description: 'The latest signed transaction of the leg (final once `confirmed`)' }),
    })
    .meta({ id: name, description });

export const BridgeSourceLeg = leg('BridgeSourceLeg', 'The lock (home chain) or burn (other chain) of a bridge transfer').extend({
  blockNumber: units().nullable().meta({ description: 'Block of the confirmed lock or burn' }),
  confirmations: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Blocks on top of it, read now; null before it is mined or when the chain cannot be read' }),
  nonce: units().nullable().meta({
    description:
      "The vault's lock nonce or the wrapped token's burn nonce: the destination mints or releases once per (source chain, nonce)",
  }),
});
export const BridgeDestinationLeg = leg('BridgeDestinationLeg', 'The mint (other chain) or release (home chain) of a bridge transfer');

/**
 * The bridge transfer object. `status`: `initiated` (the source leg is on its
 * way) → `relaying` (the lock or burn is `CHAIN_CONFIRMATIONS` deep; the mint or release is on its
 * way) → `completed` (the destination leg is confirmed) or `failed` (`failureReason`).
 */
export const BridgeTransfer = z
  .object({
    id: uuid(),
    object: z.literal('bridge_transfer'),
    status: z.enum(BRIDGE_STATUSES),
    direction: z
      .enum(['outbound', 'inbound'])
      .meta({ description: '`outbound`: home chain → another (lock, mint); `inbound`: another → home (burn, release)' }),
    funding: z
      .enum([...BRIDGE_FUNDING, 'ledger'])
      .meta({ description: '`permit`, `custody`, or `ledger` for transfers made before the bridge was on chain' }),
    /** Checksummed address of the wallet that sent the amount (the JWT's wallet). */
    from: address(),
    fromChainId: z.string().meta({ example: 'eip155:31337' }),
    /** CAIP-2 chain id of the destination network, e.g. `eip155:31338`. */
    toChainId: z.string().meta({ example: 'eip155:31338' }),
    /** Checksummed recipient on the destination network. */
    toAddress: address(),
    token: symbol(),
    amount: amount(),
    source: BridgeSourceLeg,
    destination: BridgeDestinationLeg,
    relayTxHash: z.string().nullable().meta({ description: "The destination leg's transaction (as `destination.txHash` once confirmed)" }),
    failureReason: z.string().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: 'BridgeTransfer' });
export type BridgeTransferDto = z.infer<typeof BridgeTransfer>;

export const bridgeTransferIdParam = idParam('bridge transfer', EX.bridgeId);

const initiated = {
  id: EX.bridgeId,
  object: 'bridge_transfer',
  status: 'initiated',
  direction: 'outbound',
  funding: 'permit',
  from: EX.wallet,
  fromChainId: 'eip155:31337',
  toChainId: 'eip155:31338',
  toAddress: EX.recipient,
  token: 'GTK',
  amount: '3000000000000000000',
  source: { chain: 'eip155:31337', status: 'pending', txHash: null, blockNumber: null, confirmations: null, nonce: null },
  destination: { chain: 'eip155:31338', status: null, txHash: null },
  relayTxHash: null,
  failureReason: null,
  createdAt: EX.time,
  updatedAt: EX.time,
};

const VAULT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

/** Example answers of the API reference (validated against their schemas by the contract tests). */
export const bridgeExamples = {
  typedData: {
    object: 'permit_typed_data',
    chain: 'eip155:31337',
    spender: VAULT,
    typedData: {
      domain: { name: 'Gateway Token', version: '1', chainId: 31337, verifyingContract: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
      types: { Permit: [...PERMIT_TYPES.Permit] },
      primaryType: 'Permit',
      message: { owner: EX.wallet, spender: VAULT, value: '3000000000000000000', nonce: '0', deadline: '1795800000' },
    },
  },
  initiated,
  completed: {
    ...initiated,
    status: 'completed',
    source: {
      chain: 'eip155:31337',
      status: 'confirmed',
      txHash: '0x3d1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e',
      blockNumber: '1204',
      confirmations: 9,
      nonce: '17',
    },
    destination: {
      chain: 'eip155:31338',
      status: 'confirmed',
      txHash: '0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e',
    },
    relayTxHash: '0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e',
    updatedAt: '2026-11-21T17:00:09.000Z',
  },
};

// --- the events a bridge transfer's final state pushes to webhooks -------------------------------------

const failedExample = {
  ...initiated,
  status: 'failed',
  source: { chain: 'eip155:31337', status: 'failed', txHash: null, blockNumber: null, confirmations: null, nonce: null },
  failureReason: 'source: execution reverted: ERC20InsufficientAllowance',
  updatedAt: '2026-11-21T17:00:02.000Z',
};

const bridgeEvent = <E extends 'bridge_transfer.completed' | 'bridge_transfer.failed'>(
  type: E,
  id: string,
  description: string,
  example: object,
): WebhookEventDefinition<E> => {
  const status = type === 'bridge_transfer.completed' ? 'completed' : 'failed';
  return {
    type,
    payload: eventBody(type, 'bridgeTransfer', BridgeTransfer, {
      id,
      description,
      data: 'The bridge transfer as `GET /gateway/v1/bridge/transfers/{id}` returns it, in its final state (`source.confirmations` null: read it there)',
    }),
    example: {
      id: EX.eventId,
      type,
      createdAt: '2026-11-21T17:00:09.000Z',
      delivery: { id: EX.deliveryId, timestamp: 1795280409 },
      data: { bridgeTransfer: example },
    },
    sourceOfTruth:
      'A bridge transfer has one final state, so it gets one of these two events, once: `GET /gateway/v1/bridge/transfers/{id}` is the source of truth.',
    sample: (s) => ({
      bridgeTransfer: {
        ...(status === 'completed' ? bridgeExamples.completed : failedExample),
        id: TEST_EVENT_PAYMENT_ID,
        from: TEST_EVENT_ADDRESS,
        toAddress: TEST_EVENT_ADDRESS,
        fromChainId: s.chain,
        source: { ...(status === 'completed' ? bridgeExamples.completed.source : failedExample.source), chain: s.chain },
        token: s.token,
        failureReason: status === 'failed' ? 'test event: not a real bridge transfer' : null,
        createdAt: s.now.toISOString(),
        updatedAt: s.now.toISOString(),
      },
    }),
  };
};

/**
 * The bridge's webhook events, sent to the organization whose API key started the
 * transfer when it is final: `bridge_transfer.completed` (the mint or release is `CHAIN_CONFIRMATIONS`
 * deep) or `bridge_transfer.failed` (a leg was refused or reverted; `failureReason` says which and
 * where the tokens are).
 */
export const BRIDGE_TRANSFER_EVENTS = {
  'bridge_transfer.completed': bridgeEvent(
    'bridge_transfer.completed',
    'BridgeTransferCompletedEvent',
    'The destination leg (mint or release) is `CHAIN_CONFIRMATIONS` deep: the tokens are at `toAddress` on `toChainId`',
    bridgeExamples.completed,
  ),
  'bridge_transfer.failed': bridgeEvent(
    'bridge_transfer.failed',
    'BridgeTransferFailedEvent',
    'A leg was refused or reverted on chain: `failureReason` says which, and where the tokens are',
    failedExample,
  ),
} as const;
