import { describe, expect, it, jest } from '@jest/globals';

// Wrap the real crypto.timingSafeEqual to prove the comparison goes through it.
const actual = await import('node:crypto');
const timingSafeEqual = jest.fn(actual.timingSafeEqual);
jest.unstable_mockModule('node:crypto', () => ({ ...actual, default: actual, timingSafeEqual }));
const { sign, verifySignature } = await import('../src/verify-signature.js');

describe('verifySignature comparison', () => {
  it('compares digests with crypto.timingSafeEqual, once per secret, with no early exit', () => {
    const body = Buffer.from('{"id":"evt_ct"}');
    const header = sign('whsec_a', body);
    timingSafeEqual.mockClear();
    expect(verifySignature(['whsec_a', 'whsec_b', 'whsec_c'], body, header)).toBe(true);
    expect(timingSafeEqual).toHaveBeenCalledTimes(3);
    for (const [a, b] of timingSafeEqual.mock.calls) {
      expect((a as Buffer).length).toBe(32);
      expect((b as Buffer).length).toBe(32);
    }
  });

  it('does not reach the comparison for malformed headers (length mismatch is rejected up front)', () => {
    timingSafeEqual.mockClear();
    expect(verifySignature('whsec_a', 'x', 'sha256=abcd')).toBe(false);
    expect(timingSafeEqual).not.toHaveBeenCalled();
  });
});
