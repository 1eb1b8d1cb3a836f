/**
 * The API benchmark: the real API (`startApi`) and a bare Express 5 baseline, each in its own
 * child process, loaded by autocannon from this process, in interleaved rounds
 * (bare, read, write), so each round's ratios compare figures taken under the same conditions.
 *
 * - read:  `GET /api/gateway/v1/webhooks` with the API key (credential look-up, rate limit, one query
 *   listing the API organization's few webhooks);
 * - write: `POST /api/gateway/v1/payments` `{"amount":"1"}` with API key + JWT (credential look-up,
 *   JWT verification, rate limit, one transaction; nothing is written to Redis, the expiry scan
 *   expires payments).
 *
 * @module
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isMessage, REPO_ROOT, spawnChild, type BenchRuntime, type Child } from '../lib/child-process.js';
import type { Organization } from '../lib/fixtures.js';
import { measureLoad, type LoadResult, type LoadTarget } from '../lib/http-load.js';
import type { WorkerEnv } from '../lib/pipeline.js';
import { siweLogin } from '../lib/siwe-login.js';

/** The API process gets the same environment as a worker process. */
export type ApiEnv = WorkerEnv;

export interface ApiRound {
  bare: LoadResult;
  read: LoadResult;
  write: LoadResult;
}

export interface ApiTargets {
  bare: LoadTarget;
  read: LoadTarget;
  write: LoadTarget;
  /** Process ids of the two servers, for their CPU time per request. */
  pids?: { bare: number; api: number };
}

/** Where and how a server process runs: extra Node flags, another checkout, sources or build. */
export interface ServerOptions {
  nodeFlags?: string[];
  cwd?: string;
  runtime?: BenchRuntime;
}

async function startServer(
  entry: string,
  name: string,
  env: Record<string, string>,
  opts: ServerOptions = {},
): Promise<{ child: Child; baseUrl: string }> {
  const child = spawnChild({ entry, name, env, ipc: true, ...opts });
  const { port } = await child.next(isMessage<{ type: 'ready'; port: number }>('ready'));
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * Starts the real API in a child process with the limiters effectively off (they still run and
 * still talk to Redis): the request rate, failed authentications and the
 * organization's event quota, which a bench of payments at thousands per second would pass. AUTH_FAILURE_LIMIT is raised too so that the figures never depend on how
 * the failed-authentication limiter counts: before 8b044f5 it counted every request while in
 * flight, so more than 30 concurrent requests from one address were answered 429.
 */
export function startApiProcess(env: ApiEnv, opts: ServerOptions = {}) {
  const limits = { RATE_LIMIT_MAX: '1000000000', AUTH_FAILURE_LIMIT: '1000000000', ORG_EVENT_QUOTA_PER_MINUTE: '1000000000' };
  return startServer(apiServerEntry(opts.cwd), 'api', { ...env, PORT: '0', LOG_LEVEL: 'silent', ...limits }, opts);
}

/**
 * The API's child-process entry in the checkout `cwd` (`pnpm bench:api-ab` runs other checkouts):
 * `bench/processes/api-server.ts`, or `bench/api-server.ts` in a checkout from before the bench's
 * folders.
 */
export function apiServerEntry(cwd: string = REPO_ROOT): string {
  const entry = 'bench/processes/api-server.ts';
  return existsSync(path.join(cwd, entry)) ? entry : 'bench/api-server.ts';
}

/**
 * Stops server processes after a short pause: autocannon closes its sockets with requests still
 * in flight, and the API should finish those before its Redis and database clients close.
 */
export async function stopServers(...children: Child[]): Promise<void> {
  await new Promise((r) => setTimeout(r, 500));
  await Promise.all(children.map((c) => c.stop()));
}

/** Starts the bare Express baseline in a child process. */
export function startBareExpress() {
  return startServer('bench/processes/bare-express-server.ts', 'bare express', {});
}

/** The three targets for `org`'s API key; logs a fresh wallet in through the API to get its JWT. */
export async function apiTargets(apiBaseUrl: string, bareBaseUrl: string, org: Organization): Promise<ApiTargets> {
  const { token } = await siweLogin(apiBaseUrl, org.apiKey);
  return {
    bare: { url: `${bareBaseUrl}/`, method: 'GET' },
    read: { url: `${apiBaseUrl}/api/gateway/v1/webhooks`, method: 'GET', headers: { 'x-api-key': org.apiKey } },
    write: {
      url: `${apiBaseUrl}/api/gateway/v1/payments`,
      method: 'POST',
      headers: { 'x-api-key': org.apiKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '1' }),
    },
  };
}

/**
 * Warms each target up for `warmupS` seconds (not measured), then runs `rounds` rounds of
 * (bare, read, write), `durationS` seconds each at `connections` connections. `settle` runs
 * after every write run (not measured), so that the database work a write run leaves behind
 * (autovacuum of the new rows, the checkpoint) does not land in the next round's bare and read.
 */
export async function runApiRounds(
  targets: ApiTargets,
  opts: {
    rounds: number;
    durationS: number;
    warmupS: number;
    connections: number;
    settle?: () => Promise<void>;
    onRound?: (i: number, r: ApiRound) => void;
  },
): Promise<ApiRound[]> {
  const settle = opts.settle ?? (async () => undefined);
  if (opts.warmupS > 0) {
    for (const t of [targets.bare, targets.read, targets.write]) await measureLoad(t, opts.warmupS, opts.connections);
    await settle();
  }
  const rounds: ApiRound[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const round = {
      bare: await measureLoad(targets.bare, opts.durationS, opts.connections, targets.pids?.bare),
      read: await measureLoad(targets.read, opts.durationS, opts.connections, targets.pids?.api),
      write: await measureLoad(targets.write, opts.durationS, opts.connections, targets.pids?.api),
    };
    await settle();
    rounds.push(round);
    opts.onRound?.(i, round);
  }
  return rounds;
}
