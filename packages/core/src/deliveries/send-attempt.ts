import got from 'got';
import { Agent as HttpAgent, type AgentOptions as HttpAgentOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { createGuardedLookup, type Resolver } from '../net/address-policy.js';

/** At most this much of a receiver's response body is read and recorded (issue #2). */
export const RESPONSE_BODY_LIMIT_BYTES = 1024;

export interface AttemptRequest {
  url: string;
  /** The exact bytes that are signed and sent. */
  body: string;
  headers: Record<string, string>;
  /** The receiver must answer within this many ms (spec: 10 s). */
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
 * Creates the HTTP sender of the worker (got). Redirects are never followed (a 3xx is a failed
 * attempt); the address is checked again at connect time (DNS rebinding); only the first
 * {@link RESPONSE_BODY_LIMIT_BYTES} of the body are read, then the connection is dropped, so
 * a huge or endless body cannot grow the worker's memory.
 */
export function createSender(opts: { allowPrivate: boolean; userAgent: string; resolver?: Resolver; maxSockets?: number }): Sender {
  // Node's and got's lookup signatures differ only in overloads; the function handles both forms.
  const lookup = createGuardedLookup(opts.allowPrivate, opts.resolver) as unknown as NonNullable<HttpAgentOptions['lookup']>;
  const agentOpts: HttpAgentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, lookup };
  const agent = { http: new HttpAgent(agentOpts), https: new HttpsAgent(agentOpts) };

  async function send(req: AttemptRequest): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise<AttemptResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...r, durationMs: elapsed() });
      };
      const stream = got.stream.post(req.url, {
        body: req.body,
        headers: { ...req.headers, 'user-agent': opts.userAgent },
        timeout: { request: req.timeoutMs },
        followRedirect: false,
        throwHttpErrors: false,
        retry: { limit: 0 },
        decompress: false,
        agent,
        dnsLookup: lookup as never,
      });
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
