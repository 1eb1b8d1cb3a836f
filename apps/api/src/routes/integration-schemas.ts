import { getAddress, isAddress, zeroAddress } from 'viem';
import { z } from 'zod';
import { CAIP2_PATTERN } from '@gw/core/contracts';
import { MAX_CREDITS_PER_PURCHASE } from '@gw/core/credits';
import { amountSchema } from '@gw/runtime';

/** Request schemas of the integration area (issue #3): bridge and AI billing. */

/** An EVM address: 0x + 40 hex; mixed case must be a valid EIP-55 checksum. Normalised to the checksummed form. */
export const evmAddressSchema = z
  .string()
  .refine((a) => isAddress(a, { strict: true }), 'must be an EVM address (0x + 40 hex, EIP-55 checksum when mixed case)')
  .refine((a) => a.toLowerCase() !== zeroAddress, 'must not be the zero address')
  .transform((a) => getAddress(a))
  .meta({
    description: 'EVM address, 0x + 40 hex digits (mixed case must match its EIP-55 checksum; not the zero address); answered checksummed',
    example: '0x52908400098527886E0F7030069857D2E4169EE7',
  });

/** Most credits one consumption may debit. */
export const MAX_UNITS_PER_CONSUMPTION = 1_000_000_000;

export const bridgeInitiateBody = z.strictObject({
  /** CAIP-2 chain id of the destination, e.g. `eip155:137`; must be a network of `config/contracts.json`. */
  toChainId: z
    .string()
    .regex(CAIP2_PATTERN, 'must be a CAIP-2 chain id such as eip155:137')
    .meta({ description: 'CAIP-2 chain id of the destination; a network of `GET /gateway/v1/contracts/addresses`', example: 'eip155:137' }),
  toAddress: evmAddressSchema,
  amount: amountSchema,
  /** Token symbol; default the native token. */
  token: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/, 'must be a token symbol')
    .optional()
    .meta({ description: 'Token symbol; default the native token', example: 'GTK' }),
});

export const purchaseCreditsBody = z.strictObject({
  credits: z
    .number()
    .int()
    .min(1)
    .max(MAX_CREDITS_PER_PURCHASE)
    .meta({ description: 'Credits to buy; each costs CREDIT_PRICE base units of the native token (0.001 token by default)', example: 500 }),
});

export const consumeCreditsBody = z.strictObject({
  units: z.number().int().min(1).max(MAX_UNITS_PER_CONSUMPTION).meta({ description: 'Credits to debit', example: 20 }),
  /** What consumed the credits, e.g. `chat.completion`. */
  feature: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/, 'letters, digits and . _ : / - only')
    .meta({ description: 'What consumed the credits', example: 'chat.completion' }),
});
