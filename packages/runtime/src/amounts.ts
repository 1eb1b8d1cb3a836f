import { AppError } from './errors/app-error.js';

/**
 * The largest amount the service takes: 2^256 − 1, the largest ERC-20 `uint256` (a cap of 78
 * digits alone would let amounts up to 10^78 − 1 through, above anything a token contract can hold).
 */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** Regex for zod schemas of amounts in base units: a positive integer of at most 78 digits (2^256 − 1 has 78); see {@link isAmount}. */
export const AMOUNT_PATTERN = /^[1-9][0-9]{0,77}$/;

/** What an amount must be, as request errors say it. */
export const AMOUNT_RULE = 'a string of positive integer base units, at most 2^256 − 1 (uint256)';

/** True when `value` is a positive integer string of base units no greater than {@link MAX_UINT256}. */
export const isAmount = (value: string): boolean => AMOUNT_PATTERN.test(value) && BigInt(value) <= MAX_UINT256;

/**
 * Parses an amount given as a string of integer base units (decimals 18 for the native token:
 * "1000000000000000000" is 1 token), from 1 to 2^256 − 1 (uint256). Zero, negative, fractional,
 * exponent or padded forms, and anything above 2^256 − 1, are rejected.
 * @throws AppError('validation-error') naming `field`
 */
export function parseAmount(value: unknown, field = 'amount'): bigint {
  if (typeof value !== 'string' || !isAmount(value)) {
    throw new AppError('validation-error', `${field} must be ${AMOUNT_RULE}, e.g. "1000000000000000000"`, {
      errors: [{ path: field, message: `must be ${AMOUNT_RULE}` }],
    });
  }
  return BigInt(value);
}
