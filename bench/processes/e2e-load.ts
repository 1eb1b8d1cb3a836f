/**
 * Child-process entry of the e2e section's load generator (started by `e2e-section.ts`): creates
 * and confirms payments through the real HTTP API, in its own process so that it never shares an
 * event loop (or a CPU profile) with the API it measures.
 *
 * Each lane is one payer (its session JWT) paying one organization (its API key). A run:
 * 1. creates `perLane` pending payments per lane with `POST /api/gateway/v1/payments` (not
 *    timed; `concurrency` requests in flight);
 * 2. confirms them with `POST /api/gateway/v1/payments/:id/confirm`, either at peak
 *    (`concurrency` requests in flight, lane l confirming its own payments one after the other,
 *    until `durationS` has passed or its payments run out) or paced (open loop: confirm i starts
 *    at `i / perSec` s, lanes taken in turn, for `durationS` s).
 *
 * For every confirm it reports the wall-clock time at which the request was sent (ms since the
 * epoch, `performance.timeOrigin + performance.now()`, comparable with the receiver's 2xx times)
 * and the time to its full response, ms.
 *
 * IPC: on start `{ type: 'ready' }`; `{ type: 'run', ... }` ({@link RunRequest}) →
 * `{ type: 'done', ... }` ({@link RunResult}) or `{ type: 'failed', message }`.
 *
 * @module
 */
import { Agent, request } from 'node:http';
import { feedAtPeak, feedPaced } from '../lib/feed.js';

export interface Lane {
  apiKey: string;
  /** The payer's session JWT. */
  token: string;
}

export interface RunRequest {
  type: 'run';
  baseUrl: string;
  lanes: Lane[];
  /** Payments created per lane before the measured part. */
  perLane: number;
  /** Requests in flight (creation, and confirms at peak). */
  concurrency: number;
  /** Measured part: at most this long, s. */
  durationS: number;
  /** Paced confirms per second; absent = peak. */
  perSec?: number;
}

export interface ConfirmRecord {
  paymentId: string;
  /** Request sent, ms since the epoch. */
  sentAt: number;
  /** Request → full response, ms. */
  ms: number;
  httpStatus: number;
  /** `status` of the returned payment (`settled` expected). */
  status: string;
}

export interface RunResult {
  type: 'done';
  created: number;
  /** Creation phase, ms (not part of any figure). */
  createMs: number;
  confirms: ConfirmRecord[];
  /** First confirm sent → last confirm answered, ms. */
  confirmMs: number;
  /** Paced: largest lag of a confirm's start behind its schedule, ms. */
  maxLagMs: number;
  /** The confirm phase on the monotonic clock shared with the other processes (µs; for CPU-profile windows). */
  confirmWindowUs: [number, number];
  /** Non-2xx answers of the creation phase, per status. */
  createStatus: Record<string, number>;
}

const now = () => performance.timeOrigin + performance.now();
const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

let agent = new Agent({ keepAlive: true, maxSockets: 20 });

function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

const headersOf = (lane: Lane) => ({ 'x-api-key': lane.apiKey, authorization: `Bearer ${lane.token}` });

async function run(r: RunRequest): Promise<RunResult> {
  agent.destroy();
  agent = new Agent({ keepAlive: true, maxSockets: r.concurrency });
  const api = `${r.baseUrl}/api/gateway/v1/payments`;
  const L = r.lanes.length;

  // 1. Pending payments, per lane (not timed).
  const pending: string[][] = r.lanes.map(() => []);
  const createStatus: Record<string, number> = {};
  const createBody = JSON.stringify({ amount: '1', expiresInSeconds: 3600 });
  const t0 = performance.now();
  await feedAtPeak(L * r.perLane, r.concurrency, async (i) => {
    const lane = i % L;
    const res = await post(api, headersOf(r.lanes[lane]!), createBody);
    if (res.status !== 201) {
      createStatus[res.status] = (createStatus[res.status] ?? 0) + 1;
      return;
    }
    pending[lane]!.push((JSON.parse(res.body) as { id: string }).id);
  });
  const createMs = performance.now() - t0;
  const created = pending.reduce((n, p) => n + p.length, 0);

  // 2. Confirms (measured).
  const confirms: ConfirmRecord[] = [];
  const confirmOne = async (lane: number) => {
    const paymentId = pending[lane]!.shift();
    if (paymentId === undefined) return false;
    const sentAt = now();
    const res = await post(`${api}/${paymentId}/confirm`, headersOf(r.lanes[lane]!), '{}');
    const ms = now() - sentAt;
    let status: string;
    try {
      status = (JSON.parse(res.body) as { status?: string }).status ?? '';
    } catch {
      status = '';
    }
    confirms.push({ paymentId, sentAt, ms, httpStatus: res.status, status });
    return true;
  };
  const first = now();
  const firstUs = monotonicUs();
  const deadline = performance.now() + r.durationS * 1000;
  let maxLagMs = 0;
  if (r.perSec === undefined) {
    // One lane per payer: lane l confirms only its own payer's payments.
    await Promise.all(
      r.lanes.map(async (_, lane) => {
        while (performance.now() < deadline && (await confirmOne(lane)));
      }),
    );
  } else {
    const count = Math.min(created, Math.round(r.perSec * r.durationS));
    maxLagMs = await feedPaced(count, r.perSec, async (i) => {
      await confirmOne(i % L);
    });
  }
  const last = Math.max(first, ...confirms.map((c) => c.sentAt + c.ms));
  const confirmWindowUs: [number, number] = [firstUs, monotonicUs()];
  return { type: 'done', created, createMs, confirms, confirmMs: last - first, maxLagMs, confirmWindowUs, createStatus };
}

process.on('message', (m: RunRequest) => {
  if (m.type !== 'run') return;
  run(m).then(
    (result) => process.send!(result),
    (err: unknown) => process.send!({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.send!({ type: 'ready' });
