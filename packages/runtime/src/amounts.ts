import { AppError } from './errors/app-error.js';

/** Max digits of a Decimal(78,0) column: any uint256 fits. */
const MAX_DIGITS = 78;

/**
 * Parses an amount given as a string of integer base units (decimals 18 for the native token:
 * "1000000000000000000" is 1 token). Zero, negative, fractional, exponent or padded forms are rejected.
 * @throws AppError('validation-error') naming `field`
 */
export function parseAmount(value: unknown, field = 'amount'): bigint {
  if (typeof value !== 'string' || !/^[1-9][0-9]*$/.test(value) || value.length > MAX_DIGITS) {
    throw new AppError('validation-error', `${field} must be a string of positive integer base units, e.g. "1000000000000000000"`, {
      errors: [{ path: field, message: 'positive integer base units as a string' }],
    });
  }
  return BigInt(value);
}

/** Regex for zod schemas of amounts in base units (same rule as {@link parseAmount}). */
export const AMOUNT_PATTERN = /^[1-9][0-9]{0,77}$/;
