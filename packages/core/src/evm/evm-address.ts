import { keccak_256 } from '@noble/hashes/sha3';
import { AppError } from '@gw/runtime';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** `0x` and 40 zeros: never a wallet or a destination. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * The EIP-55 checksummed form of a 20-byte hex address (EIP-55: a hex letter is upper-case when
 * the matching nibble of keccak-256 of the lower-case hex is 8 or more). Keccak comes from
 * `@noble/hashes`, not viem, so the processes that only need addresses (the worker) do not load
 * viem. The caller has checked the shape (`0x` + 40 hex digits).
 */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(hex)).toString('hex');
  let out = '0x';
  for (let i = 0; i < 40; i += 1) out += Number.parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  return out;
}

/**
 * True for a 20-byte hex EVM address. All-lowercase and all-uppercase hex carry no checksum and
 * are accepted; a mixed-case address must match its EIP-55 checksum.
 */
export function isEvmAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return checksumAddress(value) === value;
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
  return checksumAddress(value);
}
