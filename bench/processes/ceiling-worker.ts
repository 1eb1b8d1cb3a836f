/**
 * Child-process entry of the ceiling: a bare BullMQ worker with no database. Same queue name,
 * prefix scheme, job data (`{ deliveryId }`), concurrency, lock settings and got options as the
 * real delivery worker; for each job it looks the pre-built delivery up in memory (URL, exact
 * body bytes, secret), signs the body (HMAC-SHA256) and POSTs it to the receiver.
 *
 * What the real worker does on top of this (read the delivery from PostgreSQL, decrypt the secret,
 * record the attempt, the address check at connect time, the 1 KiB response reader) is what
 * the pipeline/ceiling ratio prices.
 *
 * Environment: REDIS_URL, QUEUE_PREFIX, WORKER_CONCURRENCY, DELIVERY_QUEUE_SHARDS (default 1;
 * one Worker per shard, the concurrency divided like the real worker's), BENCH_JOBS_FILE (JSON
 * written by `ceiling.ts`). IPC: sends `{ type: 'ready' }` once the worker consumes; SIGTERM closes it.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { Worker, type Job } from 'bullmq';
import got from 'got';
import { Redis } from 'ioredis';
import type { CeilingJobs } from '../lib/ceiling.js';

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};

const concurrency = Number(env('WORKER_CONCURRENCY'));
const jobs = new Map(Object.entries(JSON.parse(readFileSync(env('BENCH_JOBS_FILE'), 'utf8')) as CeilingJobs));
/** Same pool as the real sender: keep-alive, 2 × concurrency sockets. */
const agent = { http: new Agent({ keepAlive: true, maxSockets: concurrency * 2 }) };
const USER_AGENT = 'Service-Webhooks/1.0 (+https://github.com/service-gateway)';

async function deliver(job: Job<{ deliveryId: string }>): Promise<void> {
  const d = jobs.get(job.data.deliveryId);
  if (!d) throw new Error(`unknown delivery ${job.data.deliveryId}`);
  const res = await got.post(d.url, {
    body: d.body,
    headers: {
      'content-type': 'application/json',
      'x-service-signature': `sha256=${createHmac('sha256', d.secret).update(d.body).digest('hex')}`,
      'x-service-event': d.event,
      'x-service-delivery': job.data.deliveryId,
      'user-agent': USER_AGENT,
    },
    timeout: { request: 10_000 },
    followRedirect: false,
    throwHttpErrors: false,
    retry: { limit: 0 },
    decompress: false,
    agent,
  });
  if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`HTTP ${res.statusCode}`);
}

const shards = Number(process.env.DELIVERY_QUEUE_SHARDS ?? '1');
/** The shard's BullMQ prefix, as runtime's `shardQueuePrefix` builds it (not imported: this process stays bare). */
const prefixOf = (shard: number): string =>
  shards <= 1 ? env('QUEUE_PREFIX') : `${env('QUEUE_PREFIX').replace(/[{}]/g, '')}:{deliveries:${shard}}`;
const workers = Array.from(
  { length: shards },
  (_, shard) =>
    new Worker('webhook-deliveries', deliver, {
      connection: new Redis(env('REDIS_URL'), { maxRetriesPerRequest: null }),
      prefix: prefixOf(shard),
      concurrency: Math.floor(concurrency / shards) + (shard < concurrency % shards ? 1 : 0),
      lockDuration: 30_000,
      stalledInterval: 30_000,
      maxStalledCount: 100,
    }),
);
await Promise.all(workers.map((w) => w.waitUntilReady()));
process.send?.({ type: 'ready' });
process.on('SIGTERM', () => {
  void Promise.all(workers.map((w) => w.close())).then(() => process.exit(0));
});
