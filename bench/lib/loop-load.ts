/**
 * A closed-loop load of any async call (the chain section's reads): `concurrency` lanes each call
 * `fn` again as soon as the previous call settled, for `durationS` seconds. Used where autocannon
 * does not fit: one "request" of the bare RPC baseline of `GET /wallet/balances` is two JSON-RPC
 * batches to two nodes at once. Both sides of a ratio go through this same loop (Node's `fetch`,
 * keep-alive), so the load generator costs them the same.
 *
 * @module
 */
import { summarizeLatency } from './stats.js';

export interface LoopResult {
  /** Calls completed per second over the run, req/s. */
  reqPerSec: number;
  /** Latency of a call, ms. */
  p50Ms: number;
  p99Ms: number;
  /** Calls that threw (a non-2xx answer or a JSON-RPC error must throw in `fn`). */
  errors: number;
  /** Calls completed (successful or not). */
  total: number;
}

/**
 * Runs `fn` in `concurrency` closed-loop lanes for `durationS` seconds.
 * @returns req/s, latency percentiles (ms) and the errors
 */
export async function measureLoop(fn: () => Promise<void>, durationS: number, concurrency: number): Promise<LoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  const until = t0 + durationS * 1000;
  const lane = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      try {
        await fn();
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsedS = (performance.now() - t0) / 1000;
  const l = summarizeLatency(latencies);
  return { reqPerSec: latencies.length / elapsedS, p50Ms: l.p50, p99Ms: l.p99, errors, total: latencies.length };
}

/**
 * A `fetch` that throws unless the answer is 2xx, and (for JSON-RPC) unless every answer of a batch
 * has a `result`; the body is always read to its end so the connection is reused.
 */
export async function fetchOk(url: string, init: RequestInit = {}, jsonRpc = false): Promise<void> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  if (jsonRpc) {
    const body = JSON.parse(text) as { result?: unknown; error?: unknown } | { result?: unknown; error?: unknown }[];
    for (const r of Array.isArray(body) ? body : [body])
      if (r.error !== undefined || r.result === undefined) throw new Error(text.slice(0, 200));
  }
}
