import { describe, expect, it } from '@jest/globals';
import { AppError, MAX_UINT256, amountSchema, parseAmount } from '@gw/runtime';

/**
 * Amounts are uint256 values (ERC-20 `uint256`), so every
 * amount the API or the operator CLI takes is capped at 2^256 − 1, not at 78 digits (10^78 − 1).
 */
describe('amounts are capped at 2^256 − 1 (uint256)', () => {
  const max = (2n ** 256n - 1n).toString();
  const over = (2n ** 256n).toString();
  const digits78 = '9'.repeat(78);

  it('MAX_UINT256 is 2^256 − 1', () => {
    expect(MAX_UINT256).toBe(2n ** 256n - 1n);
  });

  it('parseAmount takes 2^256 − 1 and refuses 2^256 and 10^78 − 1 with a validation error', () => {
    expect(parseAmount(max)).toBe(2n ** 256n - 1n);
    expect(parseAmount('1')).toBe(1n);
    for (const value of [over, digits78, `1${'0'.repeat(78)}`]) {
      let thrown: unknown;
      try {
        parseAmount(value);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe('validation-error');
      expect((thrown as AppError).message).toMatch(/2\^256/);
    }
  });

  it('amountSchema (every request body amount) takes 2^256 − 1 and refuses 2^256', () => {
    expect(amountSchema.safeParse(max).success).toBe(true);
    expect(amountSchema.safeParse(over).success).toBe(false);
    expect(amountSchema.safeParse(digits78).success).toBe(false);
    const refused = amountSchema.safeParse(over);
    expect(refused.error?.issues[0]?.message).toMatch(/2\^256/);
  });
});
