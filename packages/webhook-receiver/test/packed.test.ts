import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { installPacks, type InstalledPacks, type PackedPackage } from '../../../test/support/packed.js';
import { eventually, redisDbForWorker, startStack, type Stack } from '../../../test/support/stack.js';
import { sign } from '../src/index.js';
import { deleteByPrefix } from './redis-helpers.js';

/**
 * The kit as integrators get it. `pnpm pack` (prepack builds `dist/`), `npm install`
 * of the tarball in a fresh folder, then real signed deliveries from the real API + worker to
 * receivers that are plain `node` processes importing `@service-gateway/webhook-receiver` from that folder.
 *
 * The programs run there are the files of `fixtures/packed/`, copied into the folder: the three
 * receivers (`*-receiver.mjs`, sharing `prelude.mjs`), the import/require loaders and a TypeScript
 * consumer (`consumer.ts`). In the workspace, lint and typecheck cover them (the `.mjs`/`.cjs` with
 * `checkJs`, resolving the kit to its source); in the test they run against the packed kit only.
 */

const ONE = 10n ** 18n;
const RETIRED_SECRET = 'whsec_cmV0aXJlZC1zZWNyZXQtZnJvbS1iZWZvcmUtcm90YXRpb24=';
const EVENTS = ['payment.settled', 'payment.failed', 'payment.expired', 'payment.refunded'];
/** The programs copied into the consumer folder and run there. */
const FIXTURES = fileURLToPath(new URL('./fixtures/packed/', import.meta.url));

interface Line {
  kind: 'listening' | 'ready' | 'response' | 'handled' | 'rejected' | 'error';
  [key: string]: unknown;
}

/** A receiver (`fixtures/packed/<name>.mjs`) running as a plain `node` child process in the consumer folder. */
class ChildReceiver {
  readonly lines: Line[] = [];
  readonly stderr: string[] = [];
  url = '';
  /** The webhook secret handed over by {@link ChildReceiver.arm}. */
  secret = '';
  private proc?: ChildProcess;

  constructor(readonly name: string) {}

  async start(dir: string, env: Record<string, string> = {}): Promise<this> {
    // Plain node: no tsx, no loader, no flags.
    const proc = spawn(process.execPath, [`${this.name}.mjs`], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.proc = proc;
    createInterface({ input: proc.stdout! }).on('line', (l) => this.lines.push(JSON.parse(l) as Line));
    proc.stderr!.on('data', (d: Buffer) => this.stderr.push(d.toString('utf8')));
    const listening = await eventually(
      async () => {
        if (proc.exitCode !== null) throw new Error(`${this.name} exited ${proc.exitCode}: ${this.stderr.join('')}`);
        return this.lines.find((l) => l.kind === 'listening');
      },
      20_000,
      `${this.name} to listen`,
    );
    this.url = `http://127.0.0.1:${listening.port as number}/hook`;
    return this;
  }

  /** Hands the webhook secret to the process (it was unknown until the URL was registered). */
  async arm(secret: string): Promise<void> {
    this.secret = secret;
    this.proc!.stdin!.write(`${secret}\n`);
    await eventually(async () => this.lines.some((l) => l.kind === 'ready'), 10_000, `${this.name} to be ready`);
  }

  of(kind: Line['kind']): Line[] {
    return this.lines.filter((l) => l.kind === kind);
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
}

describe('@service-gateway/webhook-receiver packed, installed with npm and run by plain node', () => {
  let consumer: InstalledPacks;
  let kit: PackedPackage;
  let stack: Stack;
  let redis: Redis;
  const redisUrl = `redis://127.0.0.1:6379/${redisDbForWorker()}`;
  const redisPrefix = `test:packed-kit:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const receivers = {
    express: new ChildReceiver('express-receiver'),
    http: new ChildReceiver('http-receiver'),
    redis: new ChildReceiver('redis-receiver'),
  };
  const all = () => Object.values(receivers);
  /** Children report on stdout, a pipe that may trail the HTTP answer by a moment. */
  const until = (check: () => boolean, what: string) => eventually(async () => check() || undefined, 5_000, what);

  beforeAll(async () => {
    consumer = await installPacks({
      packages: ['packages/webhook-receiver'],
      dependencies: { express: '^5.1.0', ioredis: '^5.6.0', typescript: '5.9.3', '@types/node': '^20.19.0' },
    });
    kit = consumer.packs[0]!;
    await cp(FIXTURES, consumer.dir, { recursive: true });
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    stack = await startStack('packed-kit', { chain: true });
    await receivers.express.start(consumer.dir);
    await receivers.http.start(consumer.dir);
    await receivers.redis.start(consumer.dir, { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, RETIRED_SECRET });
  }, 300_000);

  afterAll(async () => {
    for (const r of all()) await r.stop();
    await stack?.stop();
    if (redis) {
      await deleteByPrefix(redis, redisPrefix);
      await redis.quit();
    }
    await consumer?.cleanup();
  }, 60_000);

  it('ships compiled JavaScript and declarations only: no src, no tests; exports point at dist', () => {
    expect(kit.name).toBe('@service-gateway/webhook-receiver');
    expect(kit.files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts']));
    expect(kit.files.filter((f) => !/^(dist\/[\w-]+\.(js|js\.map|d\.ts)|package\.json|README\.md|CHANGELOG\.md)$/.test(f))).toEqual([]);
    expect(kit.files.some((f) => /(^|\/)(src|test)\//.test(f) || /\.test\./.test(f))).toBe(false);
    expect(kit.manifest).toMatchObject({
      type: 'module',
      main: './dist/index.js',
      types: './dist/index.d.ts',
      sideEffects: false,
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
    });
    // pnpm moved the publish-time fields into place; only `access` stays, for `npm publish` of a scoped package.
    expect(kit.manifest.publishConfig).toEqual({ access: 'public' });
    expect(JSON.stringify(kit.manifest)).not.toMatch(/\/src\/|workspace:/);
  });

  it('loads with plain node through import and through require (Node >= 20.19 require(esm))', async () => {
    const esm = await consumer.run(process.execPath, ['load-import.mjs']);
    const cjs = await consumer.run(process.execPath, ['load-require.cjs']);
    expect(cjs.stdout).toBe(esm.stdout);
    expect(esm.stdout.trim().split(',')).toEqual(
      expect.arrayContaining([
        'verify',
        'WebhookVerificationError',
        'handleDelivery',
        'webhookReceiver',
        'MemoryStore',
        'RedisStore',
        'sign',
        'verifySignature',
      ]),
    );
  });

  it('type-checks a TypeScript consumer with moduleResolution nodenext against the shipped declarations', async () => {
    await writeFile(
      path.join(consumer.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          exactOptionalPropertyTypes: true,
        },
        files: ['consumer.ts'],
      }),
    );
    await consumer.run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { timeoutMs: 120_000 });
  }, 150_000);

  it('verifies and dedupes real signed deliveries in Express, raw node:http + verify, and handleDelivery + RedisStore', async () => {
    const org = await stack.org();
    for (const r of all()) {
      const reg = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: r.url, events: EVENTS });
      expect(reg.status).toBe(201);
      await r.arm(reg.body.secret as string);
    }
    const payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
    const gw = (p: string) =>
      stack.http.post(`/api/gateway/v1${p}`).set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` });
    const payment = await gw('/payments').send({ amount: ONE.toString() });
    expect(payment.status).toBe(201);
    await gw(`/payments/${payment.body.id}/confirm`).send().expect(200);
    await gw(`/payments/${payment.body.id}/refund`).send().expect(200);

    const deliveries = () =>
      stack.api.deps.prisma.delivery.findMany({
        where: { organizationId: org.organizationId },
        include: { webhook: true },
        orderBy: { createdAt: 'asc' },
      });
    const delivered = await eventually(
      async () => {
        const rows = await deliveries();
        return rows.length === 6 && rows.every((d) => d.status === 'delivered') ? rows : undefined;
      },
      30_000,
      'six deliveries delivered',
    );

    for (const r of all()) {
      const mine = delivered.filter((d) => d.webhook.url === r.url);
      expect(mine.map((d) => d.event).sort()).toEqual(['payment.refunded', 'payment.settled']);
      await until(() => r.of('handled').length >= 2, `${r.name} to report two handled events`);
      const handled = r.of('handled');
      expect(
        handled
          .map((h) => ({ deliveryId: h.deliveryId, eventType: h.eventType, paymentId: h.paymentId }))
          .sort((a, b) => String(a.eventType).localeCompare(String(b.eventType))),
      ).toEqual(
        mine
          .map((d) => ({ deliveryId: d.id, eventType: d.event, paymentId: payment.body.id }))
          .sort((a, b) => a.eventType.localeCompare(b.eventType)),
      );
      expect(r.of('error')).toEqual([]);
    }

    // A tampered delivery (genuine signature, altered body) and an unsigned one are refused.
    for (const r of all()) {
      const secret = r.secret;
      const body = JSON.stringify({
        id: 'evt_forged',
        type: 'payment.settled',
        createdAt: new Date().toISOString(),
        data: { payment: { id: payment.body.id, amount: '1' } },
      });
      const headers = {
        'content-type': 'application/json',
        'x-service-event': 'payment.settled',
        'x-service-delivery': `forged-${r.name}`,
      };
      const tampered = await fetch(r.url, {
        method: 'POST',
        headers: { ...headers, 'x-service-signature': sign(secret, body) },
        body: body.replace('"amount":"1"', '"amount":"1000000"'),
      });
      expect(tampered.status).toBe(401);
      await tampered.arrayBuffer();
      const unsigned = await fetch(r.url, { method: 'POST', headers, body });
      expect(unsigned.status).toBe(401);
      await unsigned.arrayBuffer();
      const wrongSecret = await fetch(r.url, {
        method: 'POST',
        headers: { ...headers, 'x-service-signature': sign('whsec_not-the-secret', body) },
        body,
      });
      expect(wrongSecret.status).toBe(401);
      await wrongSecret.arrayBuffer();
      expect(r.of('handled').some((h) => String(h.deliveryId).startsWith('forged-'))).toBe(false);
    }
    await until(() => receivers.http.of('rejected').length >= 3, 'http-receiver to report three rejections');
    expect(receivers.http.of('rejected').map((l) => l.reason)).toEqual(['bad-signature', 'missing-signature', 'bad-signature']);

    // A manual resend (same X-Service-Delivery) reaches each receiver again and is answered 200 without re-running the handler.
    const settled = delivered.filter((d) => d.event === 'payment.settled');
    for (const d of settled) {
      const retry = await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${d.id}/retry`).set('X-API-Key', org.apiKey).send();
      expect(retry.status).toBe(202);
    }
    await eventually(
      async () => {
        const rows = await deliveries();
        return rows.filter((d) => d.event === 'payment.settled').every((d) => d.status === 'delivered' && d.attempts === 2);
      },
      30_000,
      'the resends delivered',
    );
    for (const r of all()) {
      const d = settled.find((x) => x.webhook.url === r.url)!;
      await until(() => r.of('response').filter((l) => l.deliveryId === d.id).length >= 2, `${r.name} to report the resend`);
      const responses = r.of('response').filter((l) => l.deliveryId === d.id);
      expect(responses.map((l) => l.status)).toEqual([200, 200]);
      expect(r.of('handled').filter((h) => h.deliveryId === d.id)).toHaveLength(1);
    }
    expect(
      receivers.redis
        .of('response')
        .filter((l) => l.status === 200)
        .map((l) => JSON.parse(String(l.body))),
    ).toEqual(expect.arrayContaining([{ received: true }, { duplicate: true }]));
    // RedisStore kept the done records (the signed delivery ids) under the test's own prefix, in
    // the test's own database: one bounded sorted set; no claim is left behind.
    const doneKey = `${redisPrefix}{deliveries}:done`;
    expect(await redis.keys(`${redisPrefix}*`)).toEqual([doneKey]);
    expect((await redis.zrange(doneKey, 0, -1)).sort()).toEqual(
      delivered
        .filter((d) => d.webhook.url === receivers.redis.url)
        .map((d) => d.id)
        .sort(),
    );

    // Rotation window: the handleDelivery receiver was given [current, retired]; a delivery signed with the retired secret is accepted.
    const rotated = JSON.stringify({
      id: 'evt_rotated',
      type: 'payment.settled',
      createdAt: new Date().toISOString(),
      delivery: { id: 'rotated-1', timestamp: Math.floor(Date.now() / 1000) },
      data: { payment: { id: 'pay_rotated' } },
    });
    const res = await fetch(receivers.redis.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-signature': sign(RETIRED_SECRET, rotated),
        'x-service-event': 'payment.settled',
        'x-service-delivery': 'rotated-1',
      },
      body: rotated,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    await until(() => receivers.redis.of('handled').some((h) => h.deliveryId === 'rotated-1'), 'the rotated delivery to be handled');
    for (const r of all()) expect(r.stderr.join('')).toBe('');
  }, 120_000);
});
