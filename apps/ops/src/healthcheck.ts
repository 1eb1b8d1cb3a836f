/**
 * Container health checks of docker-compose.yml, run as `gw healthcheck <check> [args]`
 * (docker/entrypoint.sh), i.e. `node --conditions=gw-dist apps/ops/dist/healthcheck.js <check> [args]`
 * (in the workspace: `node --import tsx apps/ops/src/healthcheck.ts <check> [args]`):
 *
 *   http <url>           the URL answers 2xx within the timeout (api: /api/health, ops: /healthz)
 *   tcp <host> <port>    a TCP connection is accepted within the timeout (migrate → postgres)
 *   heartbeat <app>      a metrics snapshot of an `<app>` process of this container (same
 *                        hostname) is live in Redis (REDIS_URL, QUEUE_PREFIX): the process
 *                        publishes every 5 s with a 15 s TTL, so a hung or dead process turns
 *                        unhealthy within 15 s (worker)
 *
 * Exit code 0 when healthy, 1 otherwise, with one line on stdout/stderr saying why.
 */
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { connect } from 'node:net';
import { hostname } from 'node:os';
import { pathToFileURL } from 'node:url';
// `@gw/runtime` (and with it ioredis) is imported by the heartbeat check only: this process starts every
// 10 s in every container, and the http/tcp checks need nothing but Node itself.

/** Every check gives up after this long (ms); docker's own `timeout` is 5 s. */
export const CHECK_TIMEOUT_MS = 4000;

export interface CheckResult {
  ok: boolean;
  message: string;
}

/** GET with node:http(s) rather than fetch: loading fetch (undici) alone costs ~0.15 s of CPU per check. */
function checkHttp(url: string): Promise<CheckResult> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: CheckResult) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    try {
      const get = url.startsWith('https:') ? httpsGet : httpGet;
      const req = get(url, { timeout: CHECK_TIMEOUT_MS }, (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        req.destroy();
        finish({ ok: status >= 200 && status < 300, message: `GET ${url} → ${status}` });
      });
      req.once('timeout', () => req.destroy(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)));
      req.once('error', (err) => finish({ ok: false, message: `GET ${url} failed: ${err.message}` }));
    } catch (err) {
      finish({ ok: false, message: `GET ${url} failed: ${(err as Error).message}` });
    }
  });
}

function checkTcp(host: string, port: number): Promise<CheckResult> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: CHECK_TIMEOUT_MS });
    const done = (r: CheckResult) => {
      socket.destroy();
      resolve(r);
    };
    socket.once('connect', () => done({ ok: true, message: `${host}:${port} accepts connections` }));
    socket.once('timeout', () => done({ ok: false, message: `${host}:${port} timed out` }));
    socket.once('error', (err) => done({ ok: false, message: `${host}:${port}: ${err.message}` }));
  });
}

async function checkHeartbeat(app: string, env: NodeJS.ProcessEnv, host: string): Promise<CheckResult> {
  const { createRedis, metricsIndexKey, metricsKey } = await import('@gw/runtime');
  const { loadConfig } = await import('@gw/core/config');
  const config = loadConfig(env);
  // REDIS_URL, or the cluster or sentinels when REDIS_CLUSTER_NODES / REDIS_SENTINELS are set.
  const redis = createRedis(config, { lazyConnect: true, failFast: true, connectTimeoutMs: CHECK_TIMEOUT_MS, name: 'healthcheck' });
  redis.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    return await Promise.race([
      (async (): Promise<CheckResult> => {
        await redis.connect();
        const now = Date.now();
        const live = await redis.zrangebyscore(metricsIndexKey(config.QUEUE_PREFIX), now, '+inf');
        // Replica ids are `<hostname>:<pid>:<random>` (defaultInstanceId): `:` ends the hostname, so
        // host `box` never matches a container named `box-2`.
        const mine = `${metricsKey(config.QUEUE_PREFIX, app, host)}:`;
        const found = live.filter((key) => key.startsWith(mine));
        if (found.length === 0) return { ok: false, message: `no live ${app} heartbeat for host ${host}` };
        const exists = await redis.exists(...found);
        return exists > 0
          ? { ok: true, message: `${app} heartbeat live (${found.length} process(es) on ${host})` }
          : { ok: false, message: `${app} heartbeat of ${host} expired` };
      })(),
      timeout,
    ]);
  } catch (err) {
    return { ok: false, message: `redis: ${(err as Error).message}` };
  } finally {
    clearTimeout(timer);
    redis.disconnect();
  }
}

/**
 * Runs one check. `host` defaults to this machine's hostname (a container's id).
 * @returns never rejects
 */
export async function healthcheck(args: string[], env: NodeJS.ProcessEnv = process.env, host = hostname()): Promise<CheckResult> {
  const [check, a, b] = args;
  if (check === 'http' && a) return checkHttp(a);
  if (check === 'tcp' && a && b && /^\d+$/.test(b)) return checkTcp(a, Number(b));
  if (check === 'heartbeat' && a) {
    try {
      return await checkHeartbeat(a, env, host);
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
  }
  return { ok: false, message: 'usage: healthcheck http <url> | tcp <host> <port> | heartbeat <app>' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await healthcheck(process.argv.slice(2));
  (result.ok ? process.stdout : process.stderr).write(`${result.message}\n`);
  process.exit(result.ok ? 0 : 1);
}
