/**
 * The bench's interleaving (bench/lib/stats.ts `abbaOrder`): the hot-merchant
 * comparison runs its two sides in A B B A pairs. Pure function; no timing here.
 */
import { describe, expect, it } from '@jest/globals';
import { abbaOrder } from '../bench/lib/stats.js';

const letters = (order: boolean[]) => order.map((a) => (a ? 'A' : 'B')).join('');

describe('abbaOrder', () => {
  it('pairs the sides A B B A, and swaps them when B goes first', () => {
    expect(letters(abbaOrder(4, true))).toBe('ABBAABBA');
    expect(letters(abbaOrder(4, false))).toBe('BAABBAAB');
    expect(letters(abbaOrder(1, true))).toBe('AB');
  });

  it('gives each side the same mean position, so that a linear drift weighs on both alike', () => {
    for (const perSide of [2, 4, 6]) {
      const order = abbaOrder(perSide, true);
      const meanPos = (side: boolean) => order.reduce((n, a, i) => (a === side ? n + i : n), 0) / order.filter((a) => a === side).length;
      expect(order.filter((a) => a)).toHaveLength(perSide);
      expect(meanPos(true)).toBe(meanPos(false));
    }
  });
});
