import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { startStack, type Stack } from '../support/stack.js';
import { CountingReceiver, exited, RedisServer, report, settle, spawnWorkerProcess, type Behaviour } from './harness.js';

const FIFTY_MB = 50 * 1024 * 1024;

/** Peak resident set (VmHWM) of a process, in MB. */
const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * Receivers that answer 410, 429, 500, reset the connection, never answer,
 * or stream a 50 MB body. Each ends as the specification says (non-2xx or no answer within the
 * timeout: retried, then dead; 2xx: delivered), and the worker stays within its memory bound.
 */
describe('faults: misbehaving receivers', () => {
  let redis: RedisServer;
  let stack: Stack;
  let receiver: CountingReceiver;
  let worker: ChildProcess;
  const cases: Record<string, ReturnType<Behaviour>> = {
    '/gone': { status: 410 },
    '/throttled': { status: 429 },
    '/error': { status: 500 },
    '/reset': 'reset',
    '/silent': 'hang',
    '/huge': { streamBytes: FIFTY_MB },
  };

  beforeAll(async () => {
    redis = await RedisServer.start();
    stack = await startStack('fault-receivers', {
      chain: true,
      worker: false,
      redisUrl: redis.url,
      env: { WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_BACKOFF_BASE_MS: '200', WEBHOOK_BACKOFF_MAX_MS: '400', WEBHOOK_TIMEOUT_MS: '1000' },
    });
    receiver = await new CountingReceiver((_id, _n, path) => cases[path] ?? { status: 404 }).start();
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGKILL');
      await exited(worker);
    }
    await receiver.stop();
    await stack.stop();
    await redis.stop();
  });

  /** Registers `paths` for a new organization and settles one payment: one delivery per path. */
  async function settleFor(paths: string[]) {
    const org = await stack.org();
    const hooks: Record<string, string> = {};
    for (const path of paths) {
      const res = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: `${receiver.url}${path}` });
      hooks[res.body.id] = path;
    }
    const payer = await stack.login();
    await stack.mint(payer.address, 10n ** 18n);
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: '1000' });
    await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers).expect(200);
    await settle(stack, org.organizationId, 60_000);
    const rows = await stack.api.deps.prisma.delivery.findMany({
      where: { organizationId: org.organizationId },
      include: { attemptLog: { orderBy: { number: 'asc' } } },
    });
    return rows.map((d) => ({ ...d, path: hooks[d.webhookId]! }));
  }

  it('each case ends as the specification says; a 50 MB body costs the worker no memory', async () => {
    worker = spawnWorkerProcess(stack);
    const failing = await settleFor(['/gone', '/throttled', '/error', '/reset', '/silent']);
    const peakBefore = peakRssMb(worker.pid!);
    const [huge] = await settleFor(['/huge']);
    const peakAfter = peakRssMb(worker.pid!);

    for (const d of [...failing, huge!]) {
      const sent = receiver.received.get(d.id) ?? 0;
      report({
        scenario: `receiver ${d.path}`,
        expected: 1,
        delivered: d.status === 'delivered' ? 1 : 0,
        lost: 0,
        duplicates: Math.max(0, sent - 1),
      });
    }
    for (const d of failing) {
      // Any non-2xx or no answer within the timeout is a failure: retried, then dead (spec, States).
      expect(d.status).toBe('dead');
      expect(d.attempts).toBe(3);
      expect(receiver.received.get(d.id)).toBe(3);
    }
    const byPath = Object.fromEntries(failing.map((d) => [d.path, d]));
    expect(byPath['/gone']!.lastStatusCode).toBe(410);
    expect(byPath['/throttled']!.lastStatusCode).toBe(429);
    expect(byPath['/error']!.lastStatusCode).toBe(500);
    expect(byPath['/reset']!.lastError).toMatch(/ECONNRESET|socket hang up/);
    expect(byPath['/silent']!.lastError).toBe('timeout after 1000 ms');

    expect(huge!.status).toBe('delivered');
    expect(huge!.attemptLog[0]!.responseBody).toHaveLength(1024);
    // The worker hung up after the first KiB: only socket buffers' worth was ever written...
    expect(receiver.streamedBytes).toBeLessThan(8 * 1024 * 1024);
    // ...and its peak memory did not grow by anything near the body's size.
    expect(peakAfter - peakBefore).toBeLessThan(20);
    process.stdout.write(
      `FAULT NOTE | worker peak RSS ${peakBefore.toFixed(0)} MB before the 50 MB body, ${peakAfter.toFixed(0)} MB after; receiver wrote ${(receiver.streamedBytes / 1024).toFixed(0)} KiB\n`,
    );
  });
});
