import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A JSON-RPC proxy in front of a real node, for the chain fault scenarios. Modes:
 * `pass` forwards everything; `down` drops every connection (a node that is gone); `no-send`
 * answers `eth_sendRawTransaction` with an error (a crash right after signing looks the same to the
 * pipeline: the bytes are stored, nothing reached the node); `no-receipts` answers
 * `eth_getTransactionReceipt` with null (sent, but the receipt never seen before the crash).
 */
export type ProxyMode = 'pass' | 'down' | 'no-send' | 'no-receipts';

interface RpcRequest {
  id: unknown;
  method: string;
}

export class RpcProxy {
  mode: ProxyMode = 'pass';
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  url = '';

  constructor(private readonly target: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      if (this.mode === 'down') s.destroy();
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server!.address() as { port: number }).port}`;
    return this;
  }

  /** Switches mode; `down` also cuts the connections already open. */
  set(mode: ProxyMode): void {
    this.mode = mode;
    if (mode === 'down') for (const s of this.sockets) s.destroy();
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server?.close(() => r()) ?? r());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.mode === 'down') return void req.socket.destroy();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[];
    const calls = Array.isArray(body) ? body : [body];
    const answers = await Promise.all(calls.map((call) => this.answer(call)));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
  }

  private async answer(call: RpcRequest): Promise<unknown> {
    if (this.mode === 'no-send' && call.method === 'eth_sendRawTransaction')
      return { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'proxy: the process died before this send' } };
    if (this.mode === 'no-receipts' && call.method === 'eth_getTransactionReceipt') return { jsonrpc: '2.0', id: call.id, result: null };
    const res = await fetch(this.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
    return res.json();
  }
}
