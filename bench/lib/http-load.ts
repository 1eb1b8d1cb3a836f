/**
 * One HTTP load measurement with autocannon's library (in this process; the server under test
 * runs in its own process, so the load generator never shares its event loop).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
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
  /**
   * CPU time the server process spent per completed request (user + system, from
   * `/proc/<pid>/stat`), µs; undefined when no server pid was given. Unlike req/s it hardly moves
   * with what else the machine runs, so it is the figure to compare two builds with.
   */
  cpuUsPerReq?: number;
}

/** User + system CPU time of process `pid` so far, µs (`/proc/<pid>/stat` fields 14 and 15, clock ticks of 10 ms). */
export function processCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may contain spaces: count fields from the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Runs autocannon against `target` for `durationS` seconds with `connections` connections.
 * @param serverPid the server's process id: its CPU time per request is measured too
 */
export async function measureLoad(target: LoadTarget, durationS: number, connections: number, serverPid?: number): Promise<LoadResult> {
  const cpuBefore = serverPid === undefined ? 0 : processCpuUs(serverPid);
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
    cpuUsPerReq: serverPid === undefined || r.requests.total === 0 ? undefined : (processCpuUs(serverPid) - cpuBefore) / r.requests.total,
  };
}
