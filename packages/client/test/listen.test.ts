import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { handleDelivery, MemoryStore, type WebhookEvent } from '@service-gateway/webhook-receiver';
import { listen, type ForwardRecord } from '@service-gateway/client/listen';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';

const ONE = 10n ** 18n;

/**
 * `gw listen`: the organization's events forwarded to a local receiver, signed with the
 * listener's secret, through the real API (`GET /gateway/v1/events`) on real PostgreSQL and Redis.
 * The receiver is the integrator kit itself (`handleDelivery`), so "accepted" means verified:
 * signature, the signed delivery id against `X-Service-Delivery`, the timestamp.
 */
describe('gw listen: forwards the events to a local URL, signed', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let headers: Record<string, string>;
  const servers: Server[] = [];

  beforeAll(async () => {
    stack = await startStack('listen', { chain: true, worker: false });
    org = await stack.org();
    const payer = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(payer.address, 100n * ONE);
    headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    await stack.stop();
  });

  const settle = async () => {
    const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: ONE.toString() });
    await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers).send().expect(200);
    return p.body.id as string;
  };

  /** A local receiver running the kit with `secret()`; `events` collects what its handler processed. */
  async function kitReceiver(secret: () => string) {
    const events: WebhookEvent[] = [];
    const store = new MemoryStore();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const answer = await handleDelivery({
          rawBody: Buffer.concat(chunks),
          headers: req.headers as Record<string, string>,
          secret: secret(),
          store,
          handler: (event) => void events.push(event),
        });
        res.writeHead(answer.status, answer.headers).end(answer.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, events };
  }

  it('forwards only what happens after the start, verified by the receiver kit, with one line per forward', async () => {
    const before = await settle(); // an event that exists before the listener starts: not forwarded
    let secret = '';
    const receiver = await kitReceiver(() => secret);
    const records: ForwardRecord[] = [];
    const listener = listen({
      baseUrl: `${stack.baseUrl}/api`,
      apiKey: org.apiKey,
      forwardTo: receiver.url,
      intervalMs: 100,
      onForward: (r) => void records.push(r),
    });
    secret = listener.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    try {
      await listener.ready;
      const paymentIds = [await settle(), await settle()];
      await eventually(async () => records.length >= 2, 15000, 'two forwards');
      expect(records.map((r) => r.status)).toEqual([200, 200]);
      expect(receiver.events.map((e) => [e.type, (e.data as { payment: { id: string } }).payment.id])).toEqual([
        ['payment.settled', paymentIds[0]],
        ['payment.settled', paymentIds[1]],
      ]);
      expect(receiver.events.map((e) => (e.data as { payment: { id: string } }).payment.id)).not.toContain(before);
      // Each forward has a delivery id of its own, signed in the body.
      expect(new Set(records.map((r) => r.deliveryId)).size).toBe(2);
    } finally {
      await listener.stop();
    }
  });

  it('keeps to the event types asked for, and reports a receiver that cannot be reached without stopping', async () => {
    const records: ForwardRecord[] = [];
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const listener = listen({
      baseUrl: `${stack.baseUrl}/api`,
      apiKey: org.apiKey,
      forwardTo: `http://127.0.0.1:${port}/webhooks`,
      events: ['payment.refunded'],
      intervalMs: 100,
      onForward: (r) => void records.push(r),
    });
    try {
      await listener.ready;
      const settled = await settle();
      await stack.http.post(`/api/gateway/v1/payments/${settled}/refund`).set(headers).send().expect(200);
      await eventually(async () => records.length >= 1, 15000, 'one forward');
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ event: { type: 'payment.refunded', paymentId: settled }, status: null });
      expect(records[0]!.error).toBeTruthy();
    } finally {
      await listener.stop();
    }
  });

  it('forwards an event about another object: its record names the object, with no payment', async () => {
    let secret = '';
    const receiver = await kitReceiver(() => secret);
    const records: ForwardRecord[] = [];
    const listener = listen({
      baseUrl: `${stack.baseUrl}/api`,
      apiKey: org.apiKey,
      forwardTo: receiver.url,
      events: ['withdrawal.failed'],
      intervalMs: 100,
      onForward: (r) => void records.push(r),
    });
    secret = listener.secret;
    try {
      await listener.ready;
      // A test event of type withdrawal.failed: listed by GET /events like any other.
      const hook = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: receiver.url });
      await stack.http
        .post(`/api/gateway/v1/webhooks/${hook.body.id}/test`)
        .set('X-API-Key', org.apiKey)
        .send({ event: 'withdrawal.failed' })
        .expect(202);
      await eventually(async () => records.length >= 1, 15000, 'one forward');
      expect(records[0]).toMatchObject({
        event: { type: 'withdrawal.failed', object: 'withdrawal', objectId: '00000000-0000-7000-8000-000000007e57', paymentId: null },
        status: 200,
      });
      expect(receiver.events[0]!.data.withdrawal).toMatchObject({ object: 'withdrawal', status: 'failed' });
    } finally {
      await listener.stop();
    }
  });

  /** The `gw` command line as a child process: `out()` is its stdout and stderr so far, `exited` its exit code. */
  const gw = (args: string[], env: Record<string, string> = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/client/src/cli.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    return { child, out: () => out, exited };
  };

  it('the command line refuses a missing --forward-to (exit 2) and a key without access (exit 1)', async () => {
    const run = async (args: string[], env: Record<string, string> = {}) => {
      const cli = gw(args, env);
      return { code: await cli.exited, out: cli.out() };
    };
    const usage = await run(['listen', '--base-url', `${stack.baseUrl}/api`, '--api-key', org.apiKey]);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('--forward-to is required');
    const refused = await run(['listen', '--forward-to', 'http://127.0.0.1:9/x'], {
      GW_URL: `${stack.baseUrl}/api`,
      GW_API_KEY: 'sk_unknown',
    });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('cannot read the events');
    expect(refused.out).toContain('401');
    expect(refused.out).not.toContain('sk_unknown');
  });

  it('the command line as docs/quickstart.md runs it: prints its secret, forwards a payment to the kit, stops on SIGTERM with 0', async () => {
    let secret = '';
    const receiver = await kitReceiver(() => secret);
    const cli = gw(['listen', '--base-url', `${stack.baseUrl}/api`, '--api-key', org.apiKey, '--forward-to', receiver.url]);
    try {
      secret = await eventually(async () => /Your webhook signing secret is (whsec_\S+) /.exec(cli.out())?.[1], 20_000, 'the ready line');
      expect(cli.out()).toContain(`Ready: forwarding the events of ${stack.baseUrl}/api to ${receiver.url}.`);
      const paymentId = await settle();
      await eventually(async () => receiver.events.some((e) => e.data.payment?.id === paymentId), 20_000, 'the forward');
      await eventually(
        async () => cli.out().includes(`payment.settled  event `) && cli.out().includes(`payment ${paymentId}  → 200 (`),
        5_000,
        'the line',
      );
    } finally {
      cli.child.kill('SIGTERM');
    }
    expect(await cli.exited).toBe(0);
    expect(cli.out()).not.toContain(org.apiKey);
  }, 60_000);
});
