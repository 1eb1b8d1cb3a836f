import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { getAddress } from 'viem';
import { checksumAddress, isEvmAddress, parseEvmAddress } from '@gw/core/evm';

/** The worker's address handling without viem: EIP-55 as viem computes it. */
describe('EIP-55 addresses without viem', () => {
  const hex40 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);

  it('checksums every address as viem does', () => {
    fc.assert(
      fc.property(hex40, (a) => {
        expect(checksumAddress(a)).toBe(getAddress(a));
        expect(checksumAddress(a.toUpperCase().replace('0X', '0x'))).toBe(getAddress(a));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts one-case hex and the right checksum, refuses a wrong one', () => {
    const good = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(isEvmAddress(good)).toBe(true);
    expect(isEvmAddress(good.toLowerCase())).toBe(true);
    expect(isEvmAddress(good.replace('5aA', '5AA'))).toBe(false);
    expect(isEvmAddress('0x123')).toBe(false);
    expect(parseEvmAddress(good.toLowerCase())).toBe(good);
    expect(() => parseEvmAddress('0xnothex', 'to')).toThrow(/to must be an EVM address/);
  });
});
