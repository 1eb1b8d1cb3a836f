import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { Redis } from 'ioredis';
import type { Stack } from '../support/stack.js';
import { exited, spawnWorkerProcess } from '../support/worker-process.js';

export { exited, repoRoot, spawnWorkerProcess } from '../support/worker-process.js';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const srv = createNetServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/**
 * A private redis-server (Debian's binary) on a free port, with no persistence, so a scenario can
 * stop it and start it again empty without touching anything else.
 */
export class RedisServer {
  private proc?: ChildProcess;
  constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
      {
        stdio: 'ignore',
      },
    );
    const until = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch {
        if (Date.now() > until) throw new Error(`redis-server on ${this.port} did not start`);
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        probe.disconnect();
      }
    }
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });
  }
}

/** How a counting receiver answers: `fn` decides per request. */
export type Behaviour = (
  deliveryId: string,
  nth: number,
  path: string,
) => { status: number; delayMs?: number } | 'reset' | 'hang' | { streamBytes: number };

/**
 * Counts what arrives per X-Service-Delivery: requests, 2xx answers fully sent, and requests
 * whose connection was cut before the answer (an attempt cut off half-way).
 */
export class CountingReceiver {
  readonly received = new Map<string, number>();
  readonly acknowledged = new Set<string>();
  aborted = 0;
  /** Bytes of streamed bodies actually written before the client hung up. */
  streamedBytes = 0;
  private server?: Server;
  url = '';

  constructor(private behaviour: Behaviour = () => ({ status: 200 })) {}

  setBehaviour(b: Behaviour): void {
    this.behaviour = b;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = String(req.headers['x-service-delivery']);
        const nth = (this.received.get(id) ?? 0) + 1;
        this.received.set(id, nth);
        const b = this.behaviour(id, nth, req.url ?? '/');
        res.on('close', () => {
          if (!res.writableFinished) this.aborted += 1;
        });
        if (b === 'hang') return;
        if (b === 'reset') return req.socket.destroy();
        if ('streamBytes' in b) {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          const chunk = Buffer.alloc(64 * 1024, 120);
          let sent = 0;
          const pump = () => {
            while (sent < b.streamBytes) {
              sent += chunk.length;
              this.streamedBytes += chunk.length;
              if (!res.write(chunk)) return res.once('drain', pump);
            }
            res.end();
          };
          res.on('close', () => (sent = b.streamBytes));
          return pump();
        }
        setTimeout(() => {
          res.on('finish', () => {
            if (b.status >= 200 && b.status < 300) this.acknowledged.add(id);
          });
          res.writeHead(b.status).end('ok');
        }, b.delayMs ?? 0);
      });
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  get total(): number {
    let n = 0;
    for (const v of this.received.values()) n += v;
    return n;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

/**
 * Creates `webhooks` webhooks (distinct paths on the receiver) for a new organization and
 * settles `payments` payments through the API: payments × webhooks deliveries, each created by
 * a real payment state change (state and outbox rows in one transaction).
 * @returns the organization id
 */
export async function produceDeliveries(stack: Stack, receiverUrl: string, opts: { webhooks: number; payments: number }): Promise<string> {
  const org = await stack.org();
  for (let i = 0; i < opts.webhooks; i++) {
    await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: `${receiverUrl}/hook/${i}` })
      .expect(201);
  }
  const payer = await stack.login();
  await stack.mint(payer.address, BigInt(opts.payments) * 10n ** 18n);
  const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
  const one = async () => {
    const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: '1000000000000000000' });
    if (p.status !== 201) throw new Error(`create → ${p.status}`);
    const c = await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers);
    if (c.status !== 200) throw new Error(`confirm → ${c.status}`);
  };
  for (let i = 0; i < opts.payments; i += 10) await Promise.all(Array.from({ length: Math.min(10, opts.payments - i) }, one));
  return org.organizationId;
}

export interface Row {
  scenario: string;
  expected: number;
  delivered: number;
  lost: number;
  duplicates: number;
}

/**
 * Compares the database with what the receiver acknowledged. Lost = a delivery the receiver never
 * acknowledged; a delivery marked delivered that the receiver did not acknowledge also counts as
 * lost (it would be a lie). Duplicates = requests beyond the first per delivery id.
 */
export async function tally(
  stack: Stack,
  scenario: string,
  organizationId: string,
  receiver: CountingReceiver,
): Promise<Row & { falselyDelivered: number }> {
  const rows = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId }, select: { id: true, status: true } });
  const falselyDelivered = rows.filter((r) => r.status === 'delivered' && !receiver.acknowledged.has(r.id)).length;
  const delivered = rows.filter((r) => r.status === 'delivered' && receiver.acknowledged.has(r.id)).length;
  let duplicates = 0;
  for (const r of rows) duplicates += Math.max(0, (receiver.received.get(r.id) ?? 0) - 1);
  return { scenario, expected: rows.length, delivered, lost: rows.length - delivered, duplicates, falselyDelivered };
}

const rows: Row[] = [];
/** Prints one row of the fault table (and keeps it for the summary). */
export function report(row: Row): void {
  rows.push(row);
  process.stdout.write(
    `FAULT ROW | ${row.scenario.padEnd(44)} | expected ${String(row.expected).padStart(5)} | delivered ${String(row.delivered).padStart(5)} | lost ${String(row.lost).padStart(3)} | duplicates ${String(row.duplicates).padStart(4)}\n`,
  );
}

/** Waits until every delivery of the organization is in a final state or `timeoutMs` passes. */
export async function settle(
  stack: Stack,
  organizationId: string,
  timeoutMs: number,
  done: (pending: number) => boolean = (p) => p === 0,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const pending = await stack.api.deps.prisma.delivery.count({ where: { organizationId, status: 'pending' } });
    if (done(pending)) return;
    if (Date.now() > until) throw new Error(`${pending} deliveries still pending`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Polls `cond` every 20 ms until it holds. @throws Error after `timeoutMs` (default 60 s) */
export async function waitUntil(cond: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The pipeline settings of the fault scenarios: short job locks, a fast sweeper and a short
 * back-off, so that recovery shows within seconds.
 */
export const FAULT_ENV: Readonly<Record<string, string>> = {
  WORKER_LOCK_DURATION_MS: '2000',
  SWEEP_INTERVAL_MS: '500',
  SWEEP_GRACE_MS: '2000',
  WEBHOOK_BACKOFF_BASE_MS: '200',
  WEBHOOK_BACKOFF_MAX_MS: '1000',
};

/**
 * A counting receiver (answering 200 after `receiverDelayMs`) and a spawner of worker processes
 * (WORKER_CONCURRENCY 50) for `stack`. `stop()` kills the workers still running, then stops
 * the receiver.
 */
export async function startFaultRig(stack: Stack, receiverDelayMs = 2) {
  const receiver = await new CountingReceiver(() => ({ status: 200, delayMs: receiverDelayMs })).start();
  const children: ChildProcess[] = [];
  return {
    receiver,
    worker: (extra: Record<string, string> = {}): ChildProcess => {
      const c = spawnWorkerProcess(stack, { WORKER_CONCURRENCY: '50', ...extra });
      children.push(c);
      return c;
    },
    stop: async (): Promise<void> => {
      for (const c of children) {
        if (c.exitCode !== null || c.signalCode !== null) continue;
        c.kill('SIGKILL');
        await exited(c);
      }
      await receiver.stop();
    },
  };
}
