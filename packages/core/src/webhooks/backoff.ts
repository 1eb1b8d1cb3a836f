/**
 * Wait before attempt n+1, after n failed attempts: min(base * 2^(n-1), max), in ms.
 * Spec, Limits: starts at 1 minute, then 2, 4, 8 minutes..., capped at 1 hour.
 * @param failedAttempts n >= 1
 */
export function backoffDelayMs(failedAttempts: number, baseMs: number, maxMs: number): number {
  const exp = Math.max(0, failedAttempts - 1);
  // 2^exp overflows to Infinity for large exp; min() still caps it.
  return Math.min(baseMs * 2 ** exp, maxMs);
}
