/**
 * `@service-gateway/client` as an integrator gets it: packed (its prepack builds dist/), installed with npm in a
 * fresh folder next to viem, ethers and typescript from the registry, then a plain `node` script
 * (no tsx) runs against the real API started here, and `tsc` (nodenext) checks a TypeScript consumer.
 */
import { execFile } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { installPacks } from '../../../test/support/packed.js';
import { startStack, type Stack } from '../../../test/support/stack.js';

const run = promisify(execFile);

/** A port free right now (the stack listens on it, so that SIWE_DOMAIN can name it). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** What the script below prints: one JSON object. */
interface SmokeReport {
  viemLogin: { address: string; organizationId: string | null; tokenStored: boolean };
  ethersLogin: { address: string; listed: number };
  created: { id: string; status: string; payer: string };
  confirmed: { status: string };
  replay: { sameId: boolean; replayed: string | null; statuses: number[] };
  reuse: { name: string; status: number; code: string; isProblemError: boolean };
  paginated: { ids: string[]; pages: number };
  notFound: { name: string; status: number; code: string; type: string; requestId: string | null; detail: string; isProblemError: boolean };
  limited: { results: number };
  log: {
    label: string;
    method: string;
    path: string;
    idempotencyKey: string | null;
    status: number;
    at: number;
    retryAfter: string | null;
  }[];
}

const SCRIPT = `
import { createGatewayClient, ProblemError } from '@service-gateway/client';
import { privateKeyToAccount } from 'viem/accounts';
import { Wallet } from 'ethers';

const env = process.env;
const log = [];
const recording = (label) => async (request) => {
  const response = await fetch(request);
  const url = new URL(request.url);
  log.push({ label, method: request.method, path: url.pathname + url.search, idempotencyKey: request.headers.get('idempotency-key'),
    status: response.status, at: Date.now(), retryAfter: response.headers.get('retry-after') });
  return response;
};
const caught = async (promise) => {
  try { await promise; } catch (e) {
    return { name: e.name, status: e.status, code: e.code, type: e.type, requestId: e.requestId ?? null, detail: e.detail, isProblemError: e instanceof ProblemError };
  }
  throw new Error('expected a ProblemError');
};
const out = {};

// Login with a viem account; the session is bound to the API key's organization.
const gw = createGatewayClient({ baseUrl: env.GW_BASE_URL, apiKey: env.GW_API_KEY, fetch: recording('viem') });
const session = await gw.login(privateKeyToAccount(env.VIEM_KEY));
out.viemLogin = { address: session.address, organizationId: session.organizationId, tokenStored: gw.token === session.token };

// A payment (automatic Idempotency-Key), then its confirmation.
const created = await gw.unwrap(gw.POST('/gateway/v1/payments', { body: { amount: '1000', description: 'packed smoke' } }));
out.created = { id: created.id, status: created.status, payer: created.payer };
const confirmed = await gw.unwrap(gw.POST('/gateway/v1/payments/{id}/confirm', { params: { path: { id: created.id } } }));
out.confirmed = { status: confirmed.status };

// The same key twice: the server replays the first answer; another body with it is refused.
const fixed = createGatewayClient({ baseUrl: env.GW_BASE_URL, apiKey: env.GW_API_KEY, token: gw.token,
  idempotencyKey: () => 'packed-smoke-key', fetch: recording('fixed') });
const a = await fixed.POST('/gateway/v1/payments', { body: { amount: '5' } });
const b = await fixed.POST('/gateway/v1/payments', { body: { amount: '5' } });
out.replay = { sameId: a.data.id === b.data.id, replayed: b.response.headers.get('idempotent-replayed'), statuses: [a.response.status, b.response.status] };
out.reuse = await caught(fixed.unwrap(fixed.POST('/gateway/v1/payments', { body: { amount: '6' } })));

// More than one page.
for (let i = 0; i < 3; i++) await gw.unwrap(gw.POST('/gateway/v1/payments', { body: { amount: String(100 + i) } }));
const ids = [];
for await (const p of gw.paginate('/gateway/v1/payments', { params: { query: { limit: 2 } } })) ids.push(p.id);
out.paginated = { ids, pages: log.filter((l) => l.label === 'viem' && l.method === 'GET' && l.path.startsWith('/api/gateway/v1/payments?')).length };

// A 404 as a ProblemError.
out.notFound = await caught(gw.unwrap(gw.GET('/gateway/v1/payments/{id}', { params: { path: { id: '0193a5c1-1b2c-7d3e-8f40-5a6b7c8d9e01' } } })));

// Login with an ethers v6 Wallet.
const ge = createGatewayClient({ baseUrl: env.GW_BASE_URL, apiKey: env.GW_API_KEY, fetch: recording('ethers') });
const wallet = new Wallet(env.ETHERS_KEY);
const es = await ge.login(wallet);
const list = await ge.unwrap(ge.GET('/gateway/v1/payments'));
out.ethersLogin = { address: es.address, listed: list.data.length };

// Over a small rate limit: 429s are retried after Retry-After, every call succeeds.
const gl = createGatewayClient({ baseUrl: env.GW_LIMITED_URL, apiKey: env.GW_LIMITED_KEY, fetch: recording('limited') });
let results = 0;
for (let i = 0; i < 5; i++) { await gl.unwrap(gl.GET('/gateway/v1/sso/nonce')); results++; }
out.limited = { results };

out.log = log;
process.stdout.write(JSON.stringify(out));
`;

const CONSUMER = `
import { createGatewayClient, ProblemError, type GatewayClient, type Problem } from '@service-gateway/client';
import type { paths } from '@service-gateway/client/openapi';
import { createWalletClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { mainnet } from 'viem/chains';
import { Wallet } from 'ethers';

const gw: GatewayClient = createGatewayClient({ baseUrl: 'https://gw.example.com/api', apiKey: 'sk_x', retry: { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 5000 } });
type PaymentPath = keyof paths & '/gateway/v1/payments';
const listPath: PaymentPath = '/gateway/v1/payments';

export async function main(): Promise<void> {
  const { data, error } = await gw.GET(listPath, { params: { query: { limit: 10, status: 'settled' } } });
  if (data) {
    const ids: string[] = data.data.map((p) => p.id);
    const next: string | null = data.nextCursor;
    void ids;
    void next;
  }
  if (error) {
    const type: string = error.type;
    void type;
  }
  // @ts-expect-error not a path of the API
  await gw.GET('/gateway/v1/nope');
  // @ts-expect-error status is one of the payment statuses
  await gw.GET('/gateway/v1/payments', { params: { query: { status: 'paid' } } });
  // @ts-expect-error the body needs an amount
  await gw.POST('/gateway/v1/payments', { body: { description: 'x' } });

  const payment = await gw.unwrap(gw.POST('/gateway/v1/payments', { body: { amount: '1' } }));
  const status: 'pending' | 'settled' | 'failed' | 'expired' | 'refunded' = payment.status;
  void status;
  for await (const p of gw.paginate('/gateway/v1/payments', { params: { query: { limit: 2 } } })) {
    const amount: string = p.amount;
    void amount;
  }
  // @ts-expect-error the nonce is not a list
  gw.paginate('/gateway/v1/sso/nonce');

  const key = generatePrivateKey();
  const s1 = await gw.login(privateKeyToAccount(key));
  const token: string = s1.token;
  void token;
  await gw.login(createWalletClient({ account: privateKeyToAccount(key), chain: mainnet, transport: http() }));
  await gw.login(createWalletClient({ chain: mainnet, transport: http() }));
  await gw.login(new Wallet(key), { domain: 'gw.example.com', uri: 'https://gw.example.com', chainId: 1, statement: 'Hello' });
  await gw.login(Wallet.createRandom());
  // @ts-expect-error a string is no signer
  await gw.login('0xabc');

  try {
    await gw.unwrap(gw.GET('/gateway/v1/payments/{id}', { params: { path: { id: 'x' } } }));
  } catch (e) {
    if (e instanceof ProblemError) {
      const code: string = e.code;
      const problem: Problem = e.problem;
      const requestId: string | undefined = e.requestId;
      const n: number = e.status;
      void [code, problem, requestId, n];
    }
  }
}
`;

describe('@service-gateway/client packed and installed with npm', () => {
  let stack: Stack;
  let limited: Stack;
  let packs: Awaited<ReturnType<typeof installPacks>>;
  let report: SmokeReport;
  const viemKey = generatePrivateKey();
  const viemAccount = privateKeyToAccount(viemKey);
  const ethersKey = generatePrivateKey();
  let apiKey: string;
  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://localhost:${port}/api`;
    [packs, stack, limited] = await Promise.all([
      installPacks({ packages: ['packages/client'], dependencies: { viem: '^2.57.20', ethers: '^6.17.0', typescript: '5.9.3' } }),
      startStack('client-packed', { chain: true, worker: false, env: { PORT: String(port), SIWE_DOMAIN: `localhost:${port}` } }),
      startStack('client-limited', { worker: false, env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '1000' } }),
    ]);
    apiKey = (await stack.org()).apiKey;
    await stack.mint(viemAccount.address, 10n ** 18n);
    await writeFile(join(packs.dir, 'smoke.mjs'), SCRIPT);
    const { stdout } = await run(process.execPath, ['smoke.mjs'], {
      cwd: packs.dir,
      env: {
        PATH: process.env.PATH,
        GW_BASE_URL: baseUrl,
        GW_API_KEY: apiKey,
        GW_LIMITED_URL: `${limited.baseUrl}/api`,
        GW_LIMITED_KEY: (await limited.org()).apiKey,
        VIEM_KEY: viemKey,
        ETHERS_KEY: ethersKey,
      },
      timeout: 120_000,
    });
    report = JSON.parse(stdout) as SmokeReport;
  }, 300_000);

  afterAll(async () => {
    await Promise.all([stack?.stop(), limited?.stop(), packs?.cleanup()]);
  });

  it('ships dist, README.md and CHANGELOG.md only, with exports pointing at dist', async () => {
    const dir = join(packs.dir, 'node_modules/@service-gateway/client');
    expect((await readdir(dir)).sort()).toEqual(['CHANGELOG.md', 'README.md', 'dist', 'package.json']);
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(manifest.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js', default: './dist/index.js' });
  });

  it('is published under the project’s own scope, with the gw command installed as a bin', async () => {
    const dir = join(packs.dir, 'node_modules/@service-gateway/client');
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      bin: Record<string, string>;
      publishConfig?: object;
    };
    expect(manifest.name).toBe('@service-gateway/client');
    expect(manifest.publishConfig).toEqual({ access: 'public' }); // a scoped package is restricted unless published public
    expect(manifest.bin).toEqual({ gw: './dist/cli.js' });
    // npm linked it: `npx gw` works in the consumer; without a command it prints the usage and exits 2.
    const gw = await run(join(packs.dir, 'node_modules/.bin/gw'), [], { cwd: packs.dir }).catch((e: { code: number; stderr: string }) => e);
    expect(gw).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: gw listen --forward-to <url>') });
  });

  it('logs in with a viem account (EIP-4361, default domain and URI from baseUrl) and stores the JWT', () => {
    expect(report.viemLogin).toEqual({ address: viemAccount.address, organizationId: expect.any(String), tokenStored: true });
  });

  it('logs in with an ethers v6 Wallet', () => {
    expect(report.ethersLogin.address).toBe(privateKeyToAccount(ethersKey).address);
    // The list is the organization's: the viem wallet's five payments.
    expect(report.ethersLogin.listed).toBe(5);
  });

  it('creates and confirms a payment, with a UUID v4 Idempotency-Key on each x-idempotent write and none elsewhere', () => {
    expect(report.created).toMatchObject({ status: 'pending', payer: viemAccount.address });
    expect(report.confirmed.status).toBe('settled');
    const writes = report.log.filter((l) => l.label === 'viem' && l.method === 'POST');
    // Payment creation is x-idempotent; the login and the confirm are not, so they carry no key.
    const creates = writes.filter((w) => w.path === '/api/gateway/v1/payments');
    const others = writes.filter((w) => w.path !== '/api/gateway/v1/payments');
    expect(creates.length).toBeGreaterThanOrEqual(4);
    expect(others.map((w) => w.path)).toEqual(expect.arrayContaining(['/api/gateway/v1/sso/login', expect.stringMatching(/\/confirm$/)]));
    for (const w of creates) expect(w.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(creates.map((w) => w.idempotencyKey)).size).toBe(creates.length);
    for (const w of others) expect(w.idempotencyKey).toBeNull();
    expect(report.log.filter((l) => l.method === 'GET').every((l) => l.idempotencyKey === null)).toBe(true);
  });

  it('the server replays a repeated Idempotency-Key and refuses it with another body (ProblemError)', () => {
    expect(report.replay).toEqual({ sameId: true, replayed: 'true', statuses: [201, 201] });
    expect(report.reuse).toMatchObject({ name: 'ProblemError', isProblemError: true, code: 'idempotency-key-reused' });
    expect([409, 422]).toContain(report.reuse.status);
  });

  it('paginates over more than one page', () => {
    // 1 confirmed + 1 replayed + 3 more payments of this wallet's organization, 2 per page.
    expect(report.paginated.ids).toHaveLength(5);
    expect(new Set(report.paginated.ids).size).toBe(5);
    expect(report.paginated.pages).toBe(3);
  });

  it('throws a ProblemError on a 404, with the code and X-Request-Id', () => {
    expect(report.notFound).toMatchObject({
      name: 'ProblemError',
      isProblemError: true,
      status: 404,
      code: 'not-found',
      type: '/problems/not-found',
    });
    expect(report.notFound.requestId).toEqual(expect.any(String));
  });

  it('retries a 429 after its Retry-After, and every call succeeds', () => {
    expect(report.limited.results).toBe(5);
    const calls = report.log.filter((l) => l.label === 'limited');
    const i = calls.findIndex((l) => l.status === 429);
    expect(i).toBeGreaterThanOrEqual(0);
    const refused = calls[i]!;
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    const retry = calls[i + 1]!;
    expect(retry.path).toBe(refused.path);
    expect(retry.at - refused.at).toBeGreaterThanOrEqual(Number(refused.retryAfter) * 1000 - 50);
    expect(calls[calls.length - 1]!.status).toBe(200);
    expect(calls.filter((l) => l.status === 200)).toHaveLength(5);
  });

  it('type-checks a TypeScript consumer (moduleResolution nodenext): typed paths, bodies, answers and signers', async () => {
    await writeFile(join(packs.dir, 'consumer.ts'), CONSUMER);
    await writeFile(
      join(packs.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['ES2023', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(packs.dir, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', '.'], { cwd: packs.dir }).catch((e: { stdout: string }) => ({
      stdout: e.stdout,
      failed: true,
    }));
    expect(result.stdout).toBe('');
  }, 120_000);
});
