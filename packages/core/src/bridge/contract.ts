import { z } from 'zod';
import { EX, address, amount, amountSchema, dateTime, idParam, symbol, uuid } from '@gw/runtime';
import { CAIP2_PATTERN } from '../contracts/index.js';
import { checksumAddress, isEvmAddress, ZERO_ADDRESS } from '../evm/index.js';

/**
 * The bridge contract (issue #3): `POST /gateway/v1/bridge/initiate` and
 * `GET /gateway/v1/bridge/transfers/{id}`. `amount` is a string of integer base units.
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

export const bridgeInitiateBody = z.strictObject({
  /** CAIP-2 chain id of the destination, e.g. `eip155:31338`; must be a configured chain other than the home chain. */
  toChainId: z.string().regex(CAIP2_PATTERN, 'must be a CAIP-2 chain id such as eip155:31338').meta({
    description: 'CAIP-2 chain id of the destination; a chain of `GET /gateway/v1/contracts/addresses` other than the home chain',
    example: 'eip155:31338',
  }),
  toAddress: evmAddressSchema,
  amount: amountSchema,
  /** Token symbol; default the native token. */
  token: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/, 'must be a token symbol')
    .optional()
    .meta({ description: 'Token symbol; default the native token', example: 'GTK' }),
});

/**
 * The bridge transfer object. `status`: `initiated` (amount in escrow, relay pending) →
 * `completed` (relayed, `relayTxHash`) or `failed` (`failureReason`; the amount went back to the wallet).
 */
export const BridgeTransfer = z
  .object({
    id: uuid(),
    object: z.literal('bridge_transfer'),
    status: z.enum(['initiated', 'completed', 'failed']),
    /** Checksummed address of the wallet that sent the amount (the JWT's wallet). */
    from: address(),
    /** CAIP-2 chain id of the destination network, e.g. `eip155:31338`. */
    toChainId: z.string().meta({ example: 'eip155:31338' }),
    /** Checksummed recipient on the destination network. */
    toAddress: address(),
    token: symbol(),
    amount: amount(),
    relayTxHash: z.string().nullable(),
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
  from: EX.wallet,
  toChainId: 'eip155:31338',
  toAddress: EX.recipient,
  token: 'GTK',
  amount: '3000000000000000000',
  relayTxHash: null,
  failureReason: null,
  createdAt: EX.time,
  updatedAt: EX.time,
};

/** Example transfers of the API reference (validated against {@link BridgeTransfer} by the contract tests). */
export const bridgeExamples = {
  initiated,
  completed: {
    ...initiated,
    status: 'completed',
    relayTxHash: '0x9c1e4f3a2b7d6c5e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e',
    updatedAt: '2026-11-21T17:00:02.000Z',
  },
};
