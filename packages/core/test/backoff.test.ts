import { describe, expect, it } from '@jest/globals';
import { backoffDelayMs } from '@gw/core/webhooks';

describe('back-off (spec, Limits: 1, 2, 4, 8 minutes ..., capped at 1 hour)', () => {
  it('doubles from the base and caps at the maximum', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelayMs(n, 60_000, 3_600_000) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(backoffDelayMs(2000, 60_000, 3_600_000)).toBe(3_600_000);
  });
});
