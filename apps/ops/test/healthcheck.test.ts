import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { createAppMetrics, startMetricsPublisher } from '@gw/runtime';
import { redisDbForWorker } from '../../../test/support/stack.js';
import { healthcheck } from '../src/healthcheck.js';

const opsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The container health checks of docker-compose.yml (`gw healthcheck ...`). */
describe('healthcheck CLI', () => {
  const redisUrl = `redis://127.0.0.1:6379/${redisDbForWorker()}`;
  const prefix = `th${randomBytes(4).toString('hex')}`;
  // NODE_ENV=test: the shared configuration requires SECRETS_ENCRYPTION_KEY otherwise.
  const env = { NODE_ENV: 'test', REDIS_URL: redisUrl, QUEUE_PREFIX: prefix };
  let redis: Redis;
  let server: Server;
  let url = '';

  beforeAll(async () => {
    redis = new Redis(redisUrl);
    await redis.ping();
    server = createServer((req, res) => res.writeHead(req.url === '/ok' ? 200 : 503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await new Promise((resolve) => server.close(resolve));
  });

  it('http: healthy on 2xx only, unhealthy on other statuses and refused connections', async () => {
    expect(await healthcheck(['http', `${url}/ok`])).toMatchObject({ ok: true });
    expect(await healthcheck(['http', `${url}/down`])).toMatchObject({ ok: false, message: expect.stringContaining('503') });
    expect(await healthcheck(['http', 'http://127.0.0.1:9/'])).toMatchObject({ ok: false });
  });

  it('tcp: healthy when the port accepts connections', async () => {
    const port = (server.address() as { port: number }).port;
    expect(await healthcheck(['tcp', '127.0.0.1', String(port)])).toMatchObject({ ok: true });
    expect(await healthcheck(['tcp', '127.0.0.1', '9'])).toMatchObject({ ok: false });
  });

  it('heartbeat: healthy while a process of this host publishes, unhealthy once it stopped', async () => {
    expect(await healthcheck(['heartbeat', 'worker'], env, 'box')).toMatchObject({
      ok: false,
      message: expect.stringContaining('no live worker heartbeat'),
    });
    // A container whose hostname only starts with `box` is another container.
    const other = createAppMetrics('worker', { instanceId: 'box-2:1:def' });
    const otherPub = startMetricsPublisher(redis, other.registry, {
      prefix,
      app: 'worker',
      instanceId: other.instanceId,
      intervalMs: 1000,
    });
    await otherPub.publish();
    expect(await healthcheck(['heartbeat', 'worker'], env, 'box')).toMatchObject({ ok: false });
    await otherPub.stop();
    const m = createAppMetrics('worker', { instanceId: 'box:1:abc' });
    const pub = startMetricsPublisher(redis, m.registry, { prefix, app: 'worker', instanceId: m.instanceId, intervalMs: 1000 });
    await pub.publish();
    expect(await healthcheck(['heartbeat', 'worker'], env, 'box')).toMatchObject({ ok: true });
    // Another container's heartbeat does not count, nor another app's.
    expect(await healthcheck(['heartbeat', 'worker'], env, 'bo')).toMatchObject({ ok: false });
    expect(await healthcheck(['heartbeat', 'api'], env, 'box')).toMatchObject({ ok: false });
    await pub.stop();
    expect(await healthcheck(['heartbeat', 'worker'], env, 'box')).toMatchObject({ ok: false });
  });

  it('heartbeat: unhealthy (not hanging) when Redis is unreachable', async () => {
    const started = Date.now();
    expect(await healthcheck(['heartbeat', 'worker'], { REDIS_URL: 'redis://127.0.0.1:9/0' }, 'box')).toMatchObject({ ok: false });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('usage errors are unhealthy', async () => {
    expect(await healthcheck([])).toMatchObject({ ok: false, message: expect.stringContaining('usage') });
    expect(await healthcheck(['tcp', 'x', 'port'])).toMatchObject({ ok: false });
  });

  it('runs as a script with exit codes 0 / 1 (as docker runs it)', async () => {
    // Asynchronously: the HTTP server it checks lives in this process.
    const run = (...args: string[]) =>
      new Promise<{ status: number; out: string; err: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'src/healthcheck.ts', ...args],
          { cwd: opsDir, encoding: 'utf8', timeout: 20000 },
          (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, out: stdout.trim(), err: stderr.trim() }),
        );
      });
    const ok = await run('http', `${url}/ok`);
    expect(ok).toEqual({ status: 0, out: expect.stringContaining('200'), err: '' });
    const bad = await run('http', `${url}/down`);
    expect(bad).toEqual({ status: 1, out: '', err: expect.stringContaining('503') });
  });
});
