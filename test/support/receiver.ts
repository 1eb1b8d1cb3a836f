import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractChecker } from './contract-check.js';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  /** Exact bytes as received. */
  raw: Buffer;
  body: any;
  at: number;
}

/** What the receiver answers for one request: a status (after an optional delay), or no answer at all. */
export type Reply = { status: number; delayMs?: number; body?: string } | { hang: true } | { reset: true };

/**
 * A local HTTP receiver that records what the service sends and answers as scripted, so tests
 * see the deliveries exactly as an integrator would.
 */
export class TestReceiver {
  readonly requests: ReceivedRequest[] = [];
  private script: Reply[] = [];
  private fallback: Reply = { status: 200 };
  private waiters: { count: number; resolve: () => void }[] = [];
  private server?: Server;
  url = '';
  /** Deliveries that do not match the document's `webhooks` section; `stop()` fails on any. */
  readonly contractViolations: string[] = [];

  /** Replies for the next requests, in order; after them `fallback` applies. */
  reply(...replies: Reply[]): this {
    this.script.push(...replies);
    return this;
  }

  always(reply: Reply): this {
    this.fallback = reply;
    return this;
  }

  async start(path = '/hook'): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          body = raw.toString('utf8');
        }
        this.requests.push({ headers: req.headers, raw, body, at: Date.now() });
        const violation = contractChecker().deliveryViolation({ headers: req.headers, raw });
        if (violation) this.contractViolations.push(violation);
        this.waiters = this.waiters.filter((w) => (this.requests.length >= w.count ? (w.resolve(), false) : true));
        const reply = this.script.shift() ?? this.fallback;
        if ('hang' in reply) return;
        if ('reset' in reply) return req.socket.destroy();
        setTimeout(() => res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body ?? 'ok'), reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
    return this;
  }

  /** Resolves once at least `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 15000): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`receiver got ${this.requests.length} of ${count} requests`)), timeoutMs);
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
    if (this.contractViolations.length > 0) {
      throw new Error(
        `deliveries broke the webhooks contract of the OpenAPI document:\n${this.contractViolations.slice(0, 10).join('\n')}`,
      );
    }
  }
}
