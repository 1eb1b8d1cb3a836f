import { z } from 'zod';
import { isEvmAddress } from '@gw/core/evm';
import { VOTE_CHOICES } from '@gw/core/governance';
import { amountSchema, listQuerySchema } from '@gw/runtime';

export { noBody, noQuery } from '@gw/runtime';

/**
 * Request schemas of the ledger area (issue #3: wallet, staking, farming, governance, token,
 * treasury), shared by validation and (issue #4) the OpenAPI document. Unknown fields are 400.
 */

/** An EVM address: 0x + 40 hex digits; mixed case must match the EIP-55 checksum. */
export const evmAddressSchema = z.string().refine(isEvmAddress, 'must be an EVM address (mixed case must match the EIP-55 checksum)').meta({
  description: 'EVM address, 0x + 40 hex digits: all lower case, all upper case, or mixed case matching its EIP-55 checksum',
  example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
});

/** A token symbol as stored in the `tokens` table (existence is checked by the service: unknown → 400). */
export const tokenSymbolSchema = z
  .string()
  .min(1)
  .max(32)
  .meta({ description: 'Token symbol known to the service (unknown → 400)', example: 'GTK' });

export const transferBody = z.strictObject({
  to: evmAddressSchema,
  amount: amountSchema,
  /** Default: the native token. */
  token: tokenSymbolSchema.optional().meta({ description: 'Token symbol; default the native token' }),
});

export const stakeBody = z.strictObject({
  amount: amountSchema,
  /** Days before the principal can be unstaked; default 0 (unstake at any time). */
  /** Upper bound checked against STAKING_MAX_LOCK_DAYS by the service. */
  lockDays: z.number().int().min(0).max(3650).default(0).meta({
    description: 'Days before the principal can be unstaked, 0 to STAKING_MAX_LOCK_DAYS (365 by default); default 0',
    example: 30,
  }),
});

export const voteBody = z.strictObject({
  proposalId: z.uuid().meta({ description: 'Id of an open proposal', example: '0193a5c1-7a2b-7c3d-8e4f-5a6b7c8d9e0f' }),
  choice: z.enum(VOTE_CHOICES).meta({ description: 'The vote; it cannot be changed', example: 'for' }),
});

export const listPositionsQuery = listQuerySchema;
export const listPoolsQuery = listQuerySchema;
export const listProposalsQuery = listQuerySchema;
