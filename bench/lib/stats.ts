/**
 * Small statistics helpers. Percentiles use the nearest-rank method on a sorted copy, so
 * p99 of 10,000 samples is the 9,900th smallest value (no interpolation).
 *
 * @module
 */

/** Nearest-rank percentile `p` (0–100) of `values`; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** Median of `values` (mean of the two middle values for an even count); NaN for an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Latency summary in ms. */
export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** p50/p95/p99/max of latencies in ms. */
export function summarizeLatency(valuesMs: readonly number[]): LatencySummary {
  return {
    p50: percentile(valuesMs, 50),
    p95: percentile(valuesMs, 95),
    p99: percentile(valuesMs, 99),
    max: percentile(valuesMs, 100),
  };
}

/** Median of one numeric field over several run results. */
export function medianOf<T>(runs: readonly T[], pick: (run: T) => number): number {
  return median(runs.map(pick));
}

/** Rounds to `digits` decimals (for the table and the JSON). */
export const round = (value: number, digits = 0): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/**
 * Least-squares slope of `ys` against `xs` (units of y per unit of x); NaN with fewer than two
 * points or when every x is the same.
 */
export function leastSquaresSlope(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return Number.NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  return sxx === 0 ? Number.NaN : sxy / sxx;
}

/**
 * An interleaved order of two sides, A and B (`true` is A), `perSide` runs each, in A B B A pairs
 * (A B B A A B B A …; `aFirst = false` swaps the sides), so that a steady drift of the machine's
 * speed during the runs weighs on both sides alike (the hot-merchant comparison).
 */
export function abbaOrder(perSide: number, aFirst: boolean): boolean[] {
  const order: boolean[] = [];
  for (let k = 0; k < perSide; k++) {
    const first = k % 2 === 0 ? aFirst : !aFirst;
    order.push(first, !first);
  }
  return order;
}
