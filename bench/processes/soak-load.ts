/**
 * Child-process entry of the soak's load generator (started by `bench/tools/soak.ts`): a steady,
 * paced mix of writes and reads through the real HTTP API for as long as the soak runs, in its
 * own process so that it never shares an event loop with the API it loads.
 *
 * Each lane is one payer wallet (its private key, passed by the parent, which funded it) paying
 * one organization (its API key); the lane logs in through the API itself (`siweLogin`) and logs
 * in again, one lane every `reloginEveryS` s, so sessions keep changing as they do in service.
 * - payments (open loop, `paymentsPerSec`, lanes in turn): `POST /payments` with an
 *   `Idempotency-Key`; every `replayEvery`-th one is sent a second time with the same key and body
 *   (expected: 201, `Idempotent-Replayed: true`, the same id); then `POST /payments/:id/confirm`
 *   (expected: 200 `settled`);
 * - reads (open loop, `readsPerSec`, organizations in turn): `GET /webhooks` and `GET /payments?limit=20`
 *   alternately.
 * At most `maxInFlight` flows (a payment with its confirm, or a read) run at once; a tick that
 * finds them all busy is counted as `skipped` rather than queued, so a slowed API cannot make this
 * process's memory grow. Nothing per request is kept: only counters.
 *
 * IPC: on start `{ type: 'ready' }`; `{ type: 'start', ... }` ({@link StartRequest}) →
 * `{ type: 'started' }` once every lane has logged in (or `{ type: 'failed', message }`);
 * `{ type: 'stats' }` → `{ type: 'stats', stats, rssBytes, heapUsedBytes }`; `{ type: 'stop' }` →
 * `{ type: 'stopped', stats }` once the flows in flight have finished.
 *
 * @module
 */
import { privateKeyToAccount } from 'viem/accounts';
import { siweLogin } from '../lib/siwe-login.js';

export interface SoakLane {
  apiKey: string;
  /** The payer's private key (hex): the lane logs in with it. */
  privateKey: `0x${string}`;
}

export interface StartRequest {
  type: 'start';
  baseUrl: string;
  lanes: SoakLane[];
  /** Payments created and confirmed per second (open loop). */
  paymentsPerSec: number;
  /** Reads per second (open loop). */
  readsPerSec: number;
  /** Every n-th payment's creation is sent twice with the same key (0: never). */
  replayEvery: number;
  /** One lane logs in again every this many seconds (0: never). */
  reloginEveryS: number;
  /** Flows in flight at most. */
  maxInFlight: number;
  /** Makes the idempotency keys unique to this run. */
  runId: string;
}

/** What the load generator did, counters only. */
export interface SoakLoadStats {
  /** `POST /payments` answered 201 (first sends). */
  created: number;
  /** Second sends with the same key answered 201 `Idempotent-Replayed: true` with the same id. */
  replayed: number;
  /** Second sends answered otherwise (another status, no replay header, another id). */
  replayMismatches: number;
  /** Confirms answered 200 `settled`. */
  settled: number;
  /** Reads answered 200, by kind. */
  reads: { webhooks: number; payments: number };
  /** Session logins after the first (each lane's first login is not counted). */
  relogins: number;
  /** Ticks not started because `maxInFlight` flows were running. */
  skipped: number;
  /** Answers not expected, by `<what> <http status>` (status 0: the request failed). */
  errors: Record<string, number>;
  /** Payments settled per lane (the parent checks them against PostgreSQL). */
  settledPerLane: number[];
}

const now = () => performance.now();
let stats: SoakLoadStats | undefined;
let stopping = false;
let inFlight = 0;
let idle: (() => void) | undefined;

const countError = (what: string, status: number) => {
  const k = `${what} ${status}`;
  stats!.errors[k] = (stats!.errors[k] ?? 0) + 1;
};

async function call(url: string, init: RequestInit): Promise<{ status: number; body: string; headers: Headers }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    return { status: res.status, body: await res.text(), headers: res.headers };
  } catch {
    return { status: 0, body: '', headers: new Headers() };
  }
}

/** Runs `flow` unless `maxInFlight` flows are running (then counts a skip). */
function launch(max: number, flow: () => Promise<void>): void {
  if (inFlight >= max) {
    stats!.skipped++;
    return;
  }
  inFlight++;
  void flow()
    .catch(() => countError('flow', 0))
    .finally(() => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
}

/** Calls `tick(i)` at `start + i / perSec` s until stopped (open loop, no backlog kept). */
async function paced(perSec: number, tick: (i: number) => void): Promise<void> {
  if (perSec <= 0) return;
  const start = now();
  for (let i = 0; !stopping; i++) {
    const wait = start + (i * 1000) / perSec - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (!stopping) tick(i);
  }
}

async function run(r: StartRequest): Promise<void> {
  const api = `${r.baseUrl}/api/gateway/v1`;
  const tokens = await Promise.all(
    r.lanes.map(async (l) => (await siweLogin(r.baseUrl, l.apiKey, undefined, privateKeyToAccount(l.privateKey))).token),
  );
  stats = {
    created: 0,
    replayed: 0,
    replayMismatches: 0,
    settled: 0,
    reads: { webhooks: 0, payments: 0 },
    relogins: 0,
    skipped: 0,
    errors: {},
    settledPerLane: r.lanes.map(() => 0),
  };
  process.send!({ type: 'started' });
  const s = stats;
  const headersOf = (lane: number) => ({ 'x-api-key': r.lanes[lane]!.apiKey, authorization: `Bearer ${tokens[lane]}` });
  const body = JSON.stringify({ amount: '1', expiresInSeconds: 3600 });

  const payment = async (i: number) => {
    const lane = i % r.lanes.length;
    const key = `soak-${r.runId}-${i}`;
    const post = () =>
      call(`${api}/payments`, {
        method: 'POST',
        headers: { ...headersOf(lane), 'content-type': 'application/json', 'idempotency-key': key },
        body,
      });
    const first = await post();
    if (first.status !== 201) return countError('create', first.status);
    s.created++;
    const id = (JSON.parse(first.body) as { id: string }).id;
    if (r.replayEvery > 0 && i % r.replayEvery === 0) {
      const again = await post();
      const sameId = again.status === 201 && (JSON.parse(again.body) as { id?: string }).id === id;
      if (sameId && again.headers.get('idempotent-replayed') === 'true') s.replayed++;
      else s.replayMismatches++;
    }
    const confirm = await call(`${api}/payments/${id}/confirm`, {
      method: 'POST',
      headers: { ...headersOf(lane), 'content-type': 'application/json' },
      body: '{}',
    });
    let status = '';
    try {
      status = (JSON.parse(confirm.body) as { status?: string }).status ?? '';
    } catch {
      // not JSON: counted below
    }
    if (confirm.status === 200 && status === 'settled') {
      s.settled++;
      s.settledPerLane[lane]!++;
    } else countError(`confirm ${status || '-'}`, confirm.status);
  };

  const read = async (i: number) => {
    const lane = Math.floor(i / 2) % r.lanes.length;
    const webhooks = i % 2 === 0;
    const res = webhooks
      ? await call(`${api}/webhooks`, { headers: { 'x-api-key': r.lanes[lane]!.apiKey } })
      : await call(`${api}/payments?limit=20`, { headers: headersOf(lane) });
    if (res.status === 200) s.reads[webhooks ? 'webhooks' : 'payments']++;
    else countError(webhooks ? 'GET /webhooks' : 'GET /payments', res.status);
  };

  const relogin = async (i: number) => {
    const lane = i % r.lanes.length;
    try {
      tokens[lane] = (await siweLogin(r.baseUrl, r.lanes[lane]!.apiKey, undefined, privateKeyToAccount(r.lanes[lane]!.privateKey))).token;
      s.relogins++;
    } catch {
      countError('login', 0);
    }
  };

  await Promise.all([
    paced(r.paymentsPerSec, (i) => launch(r.maxInFlight, () => payment(i))),
    paced(r.readsPerSec, (i) => launch(r.maxInFlight, () => read(i))),
    r.reloginEveryS > 0 ? paced(1 / r.reloginEveryS, (i) => i > 0 && launch(r.maxInFlight, () => relogin(i))) : Promise.resolve(),
  ]);
  if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
  process.send!({ type: 'stopped', stats: s });
}

process.on('message', (m: StartRequest | { type: 'stats' } | { type: 'stop' }) => {
  if (m.type === 'start') {
    run(m).catch((err: unknown) => process.send!({ type: 'failed', message: err instanceof Error ? err.message : String(err) }));
  } else if (m.type === 'stats') {
    const mem = process.memoryUsage();
    process.send!({ type: 'stats', stats, rssBytes: mem.rss, heapUsedBytes: mem.heapUsed });
  } else if (m.type === 'stop') {
    stopping = true;
  }
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.send!({ type: 'ready' });
