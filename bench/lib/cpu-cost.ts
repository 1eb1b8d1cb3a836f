/**
 * The API section's judged figure, in a file of its own so that the report (which computes it) and
 * the summary (which records it) both read it without importing each other.
 *
 * @module
 */

/**
 * The API's cost by CPU: CPU µs per request of an API operation ÷ bare Express's, from the medians
 * of the same rounds (`api.<op>.cpuUsPerReq ÷ api.bare.cpuUsPerReq` of latest.json), to 2
 * decimals; 2 means twice bare Express's CPU per request, lower is better.
 * @returns the ratio, or null when either is missing (CPU not measured), not finite, or bare's is
 *   not positive
 */
export function cpuCost(opUsPerReq: number | null | undefined, bareUsPerReq: number | null | undefined): number | null {
  const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!finite(opUsPerReq) || !finite(bareUsPerReq) || bareUsPerReq <= 0) return null;
  return Math.round((opUsPerReq / bareUsPerReq) * 100) / 100;
}
