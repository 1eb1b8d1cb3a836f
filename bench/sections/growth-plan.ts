/**
 * The growth section's plan ("Growth"): how many rows each seeded organization gets,
 * and the status mix of the seeded rows. Pure functions, so that the distribution is tested
 * (test/bench-growth-plan.test.ts) apart from the SQL that writes the rows (bench/sections/growth-seed.ts).
 *
 * @module
 */

/**
 * Rows per organization: `total` rows over `orgs` organizations with a long tail, like real
 * traffic (a few big merchants, many small ones). Organization k (0-based, largest first) gets a
 * share proportional to `1 / (k + 1) ^ skew` (Zipf), rounded so that the counts add up to exactly
 * `total`; every organization gets at least `min` rows. Deterministic.
 * @returns counts, largest first (non-increasing)
 */
export function orgSizes(total: number, orgs: number, skew = 0.7, min = 1): number[] {
  if (!Number.isInteger(total) || !Number.isInteger(orgs) || orgs < 1 || total < orgs * min) {
    throw new Error(`orgSizes: cannot spread ${total} rows over ${orgs} organizations (at least ${min} each)`);
  }
  const weights = Array.from({ length: orgs }, (_, k) => 1 / (k + 1) ** skew);
  const sum = weights.reduce((a, b) => a + b, 0);
  const spare = total - orgs * min;
  const counts = weights.map((w) => min + Math.floor((spare * w) / sum));
  // Hand the rounding remainder out one by one, largest organizations first (keeps the order).
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let k = 0; left > 0; k = (k + 1) % orgs, left--) counts[k]! += 1;
  return counts;
}

/** Index of the median-size organization of {@link orgSizes}' result (the "typical" one). */
export const typicalIndex = (orgs: number): number => Math.floor(orgs / 2);

/**
 * Start offsets of each organization's rows in one numbering 0 … total − 1 (`starts[k]` = sum of
 * the counts before k). The seeder maps a row's permuted number to its organization with
 * PostgreSQL's `width_bucket(n, starts)` (a binary search), so each organization gets exactly its
 * count while its rows are spread over the whole time range.
 */
export function bucketStarts(counts: readonly number[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const c of counts) {
    starts.push(at);
    at += c;
  }
  return starts;
}

/**
 * A multiplier for the seeder's permutation `n = (i × step) mod total`: the integer nearest to
 * `total × (√5 − 1) / 2` (Fibonacci hashing) that is coprime with `total`, so the map is a
 * bijection of 0 … total − 1 and the rows i of any interval of n, i.e. of one organization, are
 * spread evenly over 0 … total − 1 (over the whole period), not in a few blocks. A multiplier
 * close to a simple fraction of `total` (such as total / 5) would put each organization's rows
 * into a few blocks of time, which flatters the lists (the rows of a page would share pages).
 */
export function permutationStep(total: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const step = Math.round((total * (Math.sqrt(5) - 1)) / 2);
  for (let d = 0; ; d++) {
    for (const c of [step + d, step - d]) if (c > 0 && gcd(c, total) === 1) return c;
    if (d > total) throw new Error(`permutationStep: no multiplier for ${total}`);
  }
}

/**
 * Status mix of seeded deliveries, in ten-thousandths of the rows older than a day (the newest day
 * also has `pending` ones: attempts failed, next attempt scheduled in the future).
 */
export const DELIVERY_MIX = {
  /** Older than a day: delivered (1–3 attempts) or dead (3 failed attempts). */
  deadPerTenThousand: 500,
  /** Rows of the newest day still pending (1–2 failed attempts, next attempt 1–60 min ahead). */
  pendingRecentPerTenThousand: 3000,
  /** Of the delivered rows: 2 attempts, and 3 attempts (the rest: 1). */
  twoAttemptsPerTenThousand: 1000,
  threeAttemptsPerTenThousand: 500,
} as const;

/** Status mix of seeded payments, in ten-thousandths (the newest day also has `pending` ones, expiring in the future). */
export const PAYMENT_MIX = {
  failedPerTenThousand: 300,
  expiredPerTenThousand: 400,
  refundedPerTenThousand: 100,
  /** Rows of the newest day still pending (the rest of that day: like older rows). */
  pendingRecentPerTenThousand: 2000,
} as const;

/** Share of a mix bucket ("per ten thousand") as a fraction. */
export const share = (perTenThousand: number): number => perTenThousand / 10_000;

/** p99 full / p99 empty, rounded to 2 decimals; NaN when the empty figure is 0 or missing. */
export function p99Ratio(p99EmptyMs: number, p99FullMs: number): number {
  if (!(p99EmptyMs > 0) || !Number.isFinite(p99FullMs)) return Number.NaN;
  return Math.round((p99FullMs / p99EmptyMs) * 100) / 100;
}
