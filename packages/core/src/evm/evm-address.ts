import { getAddress, isAddress } from 'viem';
import { AppError } from '@gw/runtime';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * True for a 20-byte hex EVM address. All-lowercase and all-uppercase hex carry no checksum and
 * are accepted; a mixed-case address must match its EIP-55 checksum.
 */
export function isEvmAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return isAddress(value, { strict: true });
}

/**
 * Parses an EVM address (see {@link isEvmAddress}) into its EIP-55 checksummed form, the form
 * the ledger uses as a wallet's owner id.
 * @throws AppError('validation-error') naming `field`
 */
export function parseEvmAddress(value: unknown, field = 'address'): string {
  if (!isEvmAddress(value)) {
    throw new AppError(
      'validation-error',
      `${field} must be an EVM address (0x + 40 hex digits; mixed case must match the EIP-55 checksum)`,
      {
        errors: [{ path: field, message: 'not a valid EVM address' }],
      },
    );
  }
  return getAddress(value);
}
