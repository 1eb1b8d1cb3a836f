import got, { type Got } from 'got';
import { Agent as HttpAgent, type AgentOptions as HttpAgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { bareHost, createGuardedLookup, isPublicAddress, registerCacheSize, urlPort, type Resolver } from '@gw/runtime';

/**
 * At most this much of a receiver's response body is read and recorded: enough to show why it
 * refused, while one attempt's row stays small.
 */
export const RESPONSE_BODY_LIMIT_BYTES = 1024;

/** URLs whose check result a sender keeps (oldest dropped first). */
const MAX_CACHED_URLS = 5000;

export interface AttemptRequest {
  url: string;
  /** The exact bytes that are signed and sent. */
  body: string;
  headers: Record<string, string>;
  /** The receiver must answer within this many ms (WEBHOOK_TIMEOUT_MS, 10 s by default). */
  timeoutMs: number;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** First 1 KiB of the response body (UTF-8, possibly cut mid-character). */
  responseBody: string | null;
}

export interface Sender {
  send(req: AttemptRequest): Promise<AttemptResult>;
  close(): void;
}

/**
 * Why `url` must not be called, or null: its port fails `portAllowed`, or (unless `allowPrivate`)
 * its host is an IP literal that is not public. Node never calls the lookup hook for literals,
 * so they are checked here.
 */
function refusal(url: string, allowPrivate: boolean, portAllowed: (port: number) => boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'EINVALIDURL: not an absolute URL';
  }
  if (!portAllowed(urlPort(u))) return `EPORT: port ${urlPort(u)} is not allowed`;
  const host = bareHost(u.hostname);
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) return `ESSRF: ${host} is not a public address`;
  return null;
}

/**
 * Creates the HTTP sender of the worker (got). Redirects are never followed (a 3xx is a failed
 * attempt); only the first {@link RESPONSE_BODY_LIMIT_BYTES} of the body are read, then the
 * connection is dropped, so a huge or endless body cannot grow the worker's memory.
 * Addresses: unless `allowPrivate`, names are checked when they are resolved at
 * connect time (DNS rebinding), IP literals before the request, and every new socket's remote
 * address once connected, literal or resolved (the connection is destroyed with `ESSRF`); the
 * URL's port must pass `portAllowed` (default: any).
 * Per attempt only the URL, the body and the request's own headers are handed to got: the options
 * that never change (agent, timeout, no redirects, no retries, User-Agent) are merged once, and the
 * URL check's answer (port, IP literal) is kept per URL (up to 5,000 URLs).
 * @returns a sender whose `send` never rejects: refusals, timeouts and network errors are failed
 *   {@link AttemptResult}s (`statusCode` null, `error` set), times in ms
 */
export function createSender(opts: {
  allowPrivate: boolean;
  userAgent: string;
  resolver?: Resolver;
  maxSockets?: number;
  portAllowed?: (port: number) => boolean;
}): Sender {
  const portAllowed = opts.portAllowed ?? (() => true);
  const guardSocket = (socket: Socket) => {
    socket.once('connect', () => {
      const remote = socket.remoteAddress;
      if (remote && !isPublicAddress(remote)) {
        socket.destroy(Object.assign(new Error(`connected address ${remote} is not public`), { code: 'ESSRF' }));
      }
    });
  };
  // Node's and got's lookup signatures differ only in overloads; the function handles both forms.
  const lookup = createGuardedLookup(opts.allowPrivate, opts.resolver) as unknown as NonNullable<HttpAgentOptions['lookup']>;
  const agentOpts: HttpAgentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, lookup };
  const agent = { http: new HttpAgent(agentOpts), https: new HttpsAgent(agentOpts) };
  // The options that are the same for every attempt are merged once, into a got instance per
  // timeout (in practice one: WEBHOOK_TIMEOUT_MS), instead of on every request: got runs a setter
  // (with deep merges for `retry`, `timeout`, `agent`) for each option a request passes.
  const clients = new Map<number, Got>();
  const clientFor = (timeoutMs: number): Got => {
    let client = clients.get(timeoutMs);
    if (!client) {
      client = got.extend({
        headers: { 'user-agent': opts.userAgent },
        timeout: { request: timeoutMs },
        followRedirect: false,
        throwHttpErrors: false,
        retry: { limit: 0 },
        decompress: false,
        agent,
        dnsLookup: lookup as never,
      });
      clients.set(timeoutMs, client);
    }
    return client;
  };
  // The URL check's answer by URL: it depends only on the URL and this sender's fixed policy.
  const refusals = new Map<string, string | null>();
  registerCacheSize('sender_url_checks', refusals, MAX_CACHED_URLS);
  const refusalOf = (url: string): string | null => {
    let r = refusals.get(url);
    if (r === undefined) {
      r = refusal(url, opts.allowPrivate, portAllowed);
      if (refusals.size >= MAX_CACHED_URLS) refusals.delete(refusals.keys().next().value!);
      refusals.set(url, r);
    }
    return r;
  };

  function send(req: AttemptRequest): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...r, durationMs: elapsed() });
      };
      const refused = refusalOf(req.url);
      if (refused) return finish({ ok: false, statusCode: null, error: refused, responseBody: null });
      const stream = clientFor(req.timeoutMs).stream.post(req.url, { body: req.body, headers: req.headers });
      if (!opts.allowPrivate) {
        stream.on('request', (request: { on(event: 'socket', cb: (s: Socket) => void): void }) => request.on('socket', guardSocket));
      }
      let statusCode: number | null = null;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
        finish({
          ok,
          statusCode,
          error: ok ? null : `HTTP ${statusCode}`,
          // PostgreSQL text cannot hold U+0000: a receiver answering with NUL bytes must not make the
          // attempt unrecordable (which would send the delivery again and again).
          responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT_BYTES).toString('utf8').replaceAll('\0', '\uFFFD'),
        });
        stream.destroy();
      };
      stream.on('response', (res: { statusCode: number }) => {
        statusCode = res.statusCode;
      });
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_BODY_LIMIT_BYTES) done();
      });
      stream.on('end', done);
      stream.on('error', (err: Error & { code?: string }) => {
        // An answer already received counts even if the body is then cut off.
        if (statusCode !== null) return done();
        const reason =
          err.code === 'ETIMEDOUT' || err.name === 'TimeoutError'
            ? `timeout after ${req.timeoutMs} ms`
            : `${err.code ?? err.name}: ${err.message}`;
        finish({ ok: false, statusCode: null, error: reason.slice(0, 500), responseBody: null });
      });
    });
  }

  return {
    send,
    close: () => {
      agent.http.destroy();
      agent.https.destroy();
    },
  };
}
