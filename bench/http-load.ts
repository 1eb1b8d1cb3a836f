/**
 * One HTTP load measurement with autocannon's library (in this process; the server under test
 * runs in its own process, so the load generator never shares its event loop).
 *
 * @module
 */
import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Mean requests per second over the run (autocannon `requests.average`), req/s. */
  reqPerSec: number;
  /** Latency percentiles, ms. */
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx (must be 0: a 429 or 5xx would flatter or spoil the figure). */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Requests completed. */
  total: number;
  /** Responses per HTTP status, e.g. `{ "200": 4000, "429": 12 }`. */
  statusCodes: Record<string, number>;
}

/** Runs autocannon against `target` for `durationS` seconds with `connections` connections. */
export async function measureLoad(target: LoadTarget, durationS: number, connections: number): Promise<LoadResult> {
  const r = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: durationS,
    timeout: 10,
  });
  return {
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}
