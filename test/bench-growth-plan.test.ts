/**
 * The growth bench's plan (bench/sections/growth-plan.ts): how seeded rows are spread over
 * organizations and mapped to them. Pure functions; no timing here (timing is the bench's).
 */
import { describe, expect, it } from '@jest/globals';
import {
  bucketStarts,
  DELIVERY_MIX,
  orgSizes,
  p99Ratio,
  PAYMENT_MIX,
  permutationStep,
  typicalIndex,
} from '../bench/sections/growth-plan.js';
import { percentile } from '../bench/lib/stats.js';

/** PostgreSQL's width_bucket(operand, thresholds): the number of thresholds ≤ operand. */
const widthBucket = (n: number, starts: number[]) => starts.filter((s) => s <= n).length;

describe('orgSizes', () => {
  it('spreads exactly the total, largest first, with a long tail', () => {
    const counts = orgSizes(5_000_000, 1000);
    expect(counts).toHaveLength(1000);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5_000_000);
    for (let k = 1; k < counts.length; k++) expect(counts[k]!).toBeLessThanOrEqual(counts[k - 1]!);
    const typical = counts[typicalIndex(1000)]!;
    // A long tail: the largest organization is far above the typical one, the typical one below the mean.
    expect(counts[0]! / typical).toBeGreaterThan(20);
    expect(typical).toBeLessThan(5000);
    expect(typical).toBeGreaterThan(1000);
    expect(counts[999]!).toBeGreaterThan(0);
  });

  it('gives every organization at least the minimum and is deterministic', () => {
    const counts = orgSizes(1000, 10, 2, 50);
    expect(counts.every((c) => c >= 50)).toBe(true);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(orgSizes(1000, 10, 2, 50)).toEqual(counts);
  });

  it('refuses a total too small for the organizations', () => {
    expect(() => orgSizes(5, 10)).toThrow(/cannot spread/);
  });
});

describe('mapping rows to organizations (permutation + width_bucket)', () => {
  it('gives each organization exactly its planned count', () => {
    const counts = orgSizes(10_007, 37, 0.7);
    const total = 10_007;
    const starts = bucketStarts(counts);
    const step = permutationStep(total);
    const got = new Array<number>(counts.length).fill(0);
    const seen = new Set<number>();
    for (let i = 0; i < total; i++) {
      const n = (i * step) % total;
      seen.add(n);
      got[widthBucket(n, starts) - 1]! += 1;
    }
    expect(seen.size).toBe(total); // a bijection
    expect(got).toEqual(counts);
  });

  it('spreads an organization over the whole period (not one block of time)', () => {
    const total = 100_000;
    const counts = orgSizes(total, 100);
    const starts = bucketStarts(counts);
    const step = permutationStep(total);
    const k = typicalIndex(100);
    const rowsOfK: number[] = [];
    for (let i = 0; i < total; i++) if (widthBucket((i * step) % total, starts) - 1 === k) rowsOfK.push(i);
    // Row i is created at i / total of the period: the organization's rows cover it evenly, with
    // no long gap (its largest gap is a few times the mean one).
    expect(rowsOfK[0]! / total).toBeLessThan(0.01);
    expect(rowsOfK[rowsOfK.length - 1]! / total).toBeGreaterThan(0.99);
    expect(Math.abs(percentile(rowsOfK, 50) / total - 0.5)).toBeLessThan(0.02);
    const gaps = rowsOfK.slice(1).map((r, j) => r - rowsOfK[j]!);
    expect(Math.max(...gaps)).toBeLessThan((4 * total) / rowsOfK.length);
  });

  it('picks a multiplier near total × 0.618 that is coprime with the total', () => {
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    for (const total of [5_000_000, 1_000_000, 100_000, 10_007, 2]) {
      const step = permutationStep(total);
      expect(gcd(step, total)).toBe(1);
      expect(Math.abs(step / total - 0.618)).toBeLessThan(total > 100 ? 0.001 : 0.5);
    }
  });
});

describe('status mixes and ratios', () => {
  it('keep every share between 0 and 1 and leave room for the main status', () => {
    expect(DELIVERY_MIX.deadPerTenThousand).toBeLessThan(10_000);
    expect(DELIVERY_MIX.twoAttemptsPerTenThousand + DELIVERY_MIX.threeAttemptsPerTenThousand).toBeLessThan(10_000);
    const p = PAYMENT_MIX;
    expect(p.failedPerTenThousand + p.expiredPerTenThousand + p.refundedPerTenThousand).toBeLessThan(5000); // mostly settled
  });

  it('p99Ratio is full / empty, rounded to 2 decimals, NaN without an empty figure', () => {
    expect(p99Ratio(10, 12.345)).toBe(1.23);
    expect(p99Ratio(0, 5)).toBeNaN();
    expect(p99Ratio(Number.NaN, 5)).toBeNaN();
  });
});
