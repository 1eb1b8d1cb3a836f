/**
 * Cost of the endpoint gate per delivery: one `admit` plus one `report` (two Lua
 * scripts) for each attempt, measured on the bench Redis, one at a time (latency per delivery) and
 * 50 at a time over an auto-pipelined connection, as the worker runs them (Redis CPU per delivery).
 * Run: `node --import tsx bench/tools/gate-cost.ts` (env BENCH_REDIS_URL, default redis://127.0.0.1:6379/13).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createEndpointGate } from '@gw/core/webhooks';
import { createRedis } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';

const url = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const prefix = `gatecost${randomBytes(3).toString('hex')}`;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEBHOOK_ORG_CONCURRENCY_MIN: '1000',
  WEBHOOK_ORG_CONCURRENCY_MAX: '1000',
});
const N = 20_000;
const webhooks = Array.from({ length: 50 }, () => randomUUID());
/** One organization whose share never binds (floor = ceiling = 1000), so every admission is priced in full. */
const organization = randomUUID();

async function run(label: string, concurrency: number, autoPipelining: boolean): Promise<void> {
  const redis = createRedis(url, { name: 'gate-cost', autoPipelining });
  const gate = createEndpointGate(redis, prefix, config);
  let next = 0;
  const start = process.hrtime.bigint();
  const clientBefore = process.cpuUsage();
  const cpuBefore = Number(/used_cpu_user:([\d.]+)/.exec(await redis.info('cpu'))?.[1] ?? 0);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < N) {
        const i = next++;
        const slot = { webhookId: webhooks[i % webhooks.length]!, organizationId: organization, limit: 1000 };
        const a = await gate.admit(slot, `job-${i}`);
        if (a.admitted) await gate.report(slot, a.lease, true);
      }
    }),
  );
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = Number(/used_cpu_user:([\d.]+)/.exec(await redis.info('cpu'))?.[1] ?? 0);
  console.log(
    `${label}: ${N} deliveries in ${ms.toFixed(0)} ms → ${((ms * 1000) / N).toFixed(1)} µs wall per delivery, ` +
      `${(N / (ms / 1000)).toFixed(0)} deliveries/s, Redis user CPU ${(((cpuAfter - cpuBefore) * 1e6) / N).toFixed(1)} µs and worker CPU ${((client.user + client.system) / N).toFixed(1)} µs per delivery`,
  );
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

await run('one at a time', 1, false);
await run('50 at a time, auto-pipelined', 50, true);
await run('50 at a time, not pipelined', 50, false);
