/**
 * CPU of the worker's HTTP sender per attempt: `createSender` (got, keep-alive agent)
 * POSTing a delivery-sized signed body to a receiver in another process (answers 200, empty body),
 * 50 attempts in flight as the worker runs them. Prints this process's CPU µs (user + system) per
 * attempt for several rounds after a warm-up; the receiver's CPU is not counted.
 * Run: `node --import tsx bench/tools/sender-cost.ts` (env BENCH_SENDER_ATTEMPTS per round, default 10,000).
 */
import { fork } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createSender } from '@gw/core/webhooks';

if (process.argv[2] === 'receiver') {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-length': '0' });
      res.end();
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
} else {
  const attempts = Number(process.env.BENCH_SENDER_ATTEMPTS ?? 10_000);
  const child = fork(fileURLToPath(import.meta.url), ['receiver'], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  const sender = createSender({ allowPrivate: true, userAgent: 'Service-Webhooks/1.0', maxSockets: 100 });
  const url = `http://127.0.0.1:${port}/hook`;
  const body = JSON.stringify({
    id: '0192f0c4-8c1e-7c5e-9a4b-3f1d2e3c4b5a',
    type: 'payment.settled',
    createdAt: new Date().toISOString(),
    data: { id: '0192f0c4-8c1e-7c5e-9a4b-3f1d2e3c4b5b', amount: '1000000000000000000', token: 'GTK', status: 'settled' },
  });
  const run = async (n: number): Promise<void> => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < n) {
          next++;
          const headers = {
            'content-type': 'application/json',
            'x-service-signature': `sha256=${createHmac('sha256', 'whsec_bench').update(body).digest('hex')}`,
            'x-service-event': 'payment.settled',
            'x-service-delivery': '0192f0c4-8c1e-7c5e-9a4b-3f1d2e3c4b5c',
          };
          const r = await sender.send({ url, body, timeoutMs: 10_000, headers });
          if (!r.ok) throw new Error(`attempt failed: ${r.error}`);
        }
      }),
    );
  };
  await run(3000); // warm-up (JIT, sockets)
  for (let round = 1; round <= 5; round++) {
    const before = process.cpuUsage();
    const started = performance.now();
    await run(attempts);
    const cpu = process.cpuUsage(before);
    const s = (performance.now() - started) / 1000;
    console.log(
      `round ${round}: ${((cpu.user + cpu.system) / attempts).toFixed(1)} µs CPU per attempt, ${(attempts / s).toFixed(0)} attempts/s`,
    );
  }
  sender.close();
  child.kill();
}
