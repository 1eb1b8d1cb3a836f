/**
 * Runs the marked examples of README.md and docs/*.md (issue #13, 5) against a real stack: see
 * test/support/doc-examples.ts for the marker syntax. Issue #25: the stack is configured exactly
 * as a plain `pnpm start` with no variable set (`startStack`'s `startDefaults`: NODE_ENV unset, so
 * `development`, and none of the harness's relaxations), so an example passes here only if it
 * passes for a newcomer. Each `sh` example runs with `bash -euo pipefail` in a fresh temporary
 * directory, with a fresh organization and wallet:
 *
 * | variable       | value                                                                                   |
 * | -------------- | --------------------------------------------------------------------------------------- |
 * | `GW`           | the API base address, `http://localhost:<port>/api`                                     |
 * | `API_KEY`      | an API key (every scope) of a new organization                                          |
 * | `JWT`          | a session of a new wallet, logged in through SIWE with that key (bound to that org)     |
 * | `WALLET`       | that wallet's address; it holds 1000 tokens (`1000000000000000000000` base units)        |
 * | `RECEIVER_URL` | a webhook receiver that answers 200 and writes each delivery to `$INBOX`                 |
 * | `INBOX`        | `<delivery id>.json` (the raw body) and `<delivery id>.sig` (`X-Service-Signature`)      |
 *
 * The test fails when an example exits non-zero, when a marker names no block, and when a marked
 * block's kind has no runner. `js` examples have their own suite at the end of this file.
 *
 * docs/quickstart.md (issue #25) is a walkthrough: its `sh` blocks set variables the next ones
 * use. They run as the page says, in order, as one script, from the repository root (so that
 * `pnpm --silent admin …` and `node_modules/.bin/cast` work), with only `GW`, `RECEIVER_URL` (the
 * two values the page sets in unmarked blocks), `DATABASE_URL` and `SECRETS_ENCRYPTION_KEY` (the
 * operator CLI acts on the stack's database, with its key) given.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createNetServer } from 'node:net';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { installPacks, type InstalledPacks } from './support/packed.js';
import { spawn } from 'node:child_process';
import { eventually, startStack, type Stack } from './support/stack.js';
import { collectExamples, extractExamples, type DocExample } from './support/doc-examples.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface RunContext {
  env: Record<string, string>;
  cwd: string;
  /** HOME of the shell; default `cwd`. */
  home?: string;
}
interface RunResult {
  code: number | null;
  output: string;
}
type Runner = (example: DocExample, ctx: RunContext) => Promise<RunResult>;

const runShell: Runner = (example, ctx) =>
  new Promise((resolve) => {
    const file = join(ctx.home ?? ctx.cwd, `${example.name}.sh`);
    writeFileSync(file, `${example.code}\n`);
    execFile(
      'bash',
      ['-euo', 'pipefail', file],
      { cwd: ctx.cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: ctx.home ?? ctx.cwd, ...ctx.env }, timeout: 150_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });

/** The runners by kind. */
const RUNNERS: Record<string, Runner> = { sh: runShell };
/** Kinds run by their own suite below (they need their own stack and installed packages). */
const OWN_SUITE_KINDS = new Set(['js']);

const examples = collectExamples(ROOT);
/** The walkthrough whose blocks run in order as one script (see above). */
const QUICKSTART = 'docs/quickstart.md';
const inQuickstart = (e: DocExample) => e.where.startsWith(`${QUICKSTART}:`);

describe('the example extractor', () => {
  it('finds marked blocks only, and fails on a marker without a block', () => {
    const md = [
      '# x',
      '<!-- example: one -->',
      '',
      '```sh',
      'true',
      '```',
      '```sh',
      'not marked',
      '```',
      '<!-- example: two -->',
      'text',
    ].join('\n');
    expect(() => extractExamples(md, 'x.md')).toThrow('x.md:10: the example marker "two" is not followed by a fenced block');
    expect(extractExamples(md.split('\n').slice(0, 9).join('\n'), 'x.md')).toEqual([
      { name: 'one', kind: 'sh', code: 'true', where: 'x.md:2' },
    ]);
  });

  it('takes a marker written in prose for prose, and fails on a malformed one', () => {
    const prose = 'Mark a block with `<!-- example: <name> -->` before it.\n```sh\ntrue\n```';
    expect(extractExamples(prose, 'p.md')).toEqual([]);
    expect(() => extractExamples('<!-- example -->\n```sh\ntrue\n```', 'p.md')).toThrow('p.md:1: malformed example marker');
  });

  it('finds the guides’ examples', () => {
    expect(examples.filter((e) => e.kind === 'sh').length).toBeGreaterThanOrEqual(4);
  });
});

describe('documented examples', () => {
  let stack: Stack;
  let receiver: Server;
  let receiverUrl = '';
  let inbox = '';
  const dirs: string[] = [];

  beforeAll(async () => {
    // Issue #27: `pnpm start` runs two local chains, and `token:mint` needs one (the faucet and a deposit).
    stack = await startStack('docs-examples', { startDefaults: true, chain: true });
    inbox = mkdtempSync(join(tmpdir(), 'gw-inbox-'));
    dirs.push(inbox);
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = String(req.headers['x-service-delivery'] ?? 'unknown').replace(/[^\w-]/g, '');
        writeFileSync(join(inbox, `${id}.json`), Buffer.concat(chunks));
        writeFileSync(join(inbox, `${id}.sig`), String(req.headers['x-service-signature'] ?? ''));
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  }, 60_000);

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
    await stack?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Runs one example with a fresh organization, wallet and working directory. */
  async function run(example: DocExample): Promise<RunResult> {
    const runner = RUNNERS[example.kind];
    if (!runner) throw new Error(`${example.where}: no runner for examples of kind "${example.kind}"`);
    const { apiKey } = await stack.org();
    const { token, address } = await stack.login(undefined, { apiKey });
    await stack.mint(address, 1000n * 10n ** 18n);
    const cwd = mkdtempSync(join(tmpdir(), `gw-example-${example.name}-`));
    dirs.push(cwd);
    mkdirSync(inbox, { recursive: true });
    const env = {
      GW: `http://localhost:${portOf(stack)}/api`,
      API_KEY: apiKey,
      JWT: token,
      WALLET: address,
      RECEIVER_URL: receiverUrl,
      INBOX: inbox,
    };
    return runner(example, { env, cwd });
  }

  it('a failing example fails the run', async () => {
    const result = await run({ name: 'must-fail', kind: 'sh', code: 'curl -fsS "$GW/health" >/dev/null\nfalse', where: 'test' });
    expect(result.code).not.toBe(0);
  });

  for (const example of examples.filter((e) => !OWN_SUITE_KINDS.has(e.kind) && !inQuickstart(e))) {
    it(`${example.name} (${example.where})`, async () => {
      const result = await run(example);
      if (result.code !== 0) throw new Error(`${example.where}: example "${example.name}" exited ${result.code}:\n${result.output}`);
    }, 90_000);
  }

  it('docs/quickstart.md: its shell blocks in order, as one script from the repository root', async () => {
    const blocks = examples.filter((e) => inQuickstart(e) && e.kind === 'sh');
    expect(blocks.map((b) => b.name)).toEqual([
      'quickstart-organization',
      'quickstart-wallet',
      'quickstart-login-curl',
      'quickstart-register',
      'quickstart-test-event',
      'quickstart-payment',
      'quickstart-failing-delivery',
      'quickstart-resend',
    ]);
    const home = mkdtempSync(join(tmpdir(), 'gw-quickstart-'));
    dirs.push(home);
    const script = blocks.map((b) => `echo "== ${b.name} (${b.where})"\n${b.code}`).join('\n');
    // The operator CLI runs against the stack's database with the stack's secrets key, as it does
    // beside a `pnpm start` (which keeps its generated key in .data/secrets.key, read by the CLI).
    const env = {
      GW: `http://localhost:${portOf(stack)}/api`,
      RECEIVER_URL: receiverUrl,
      DATABASE_URL: stack.config.DATABASE_URL,
      SECRETS_ENCRYPTION_KEY: stack.config.SECRETS_ENCRYPTION_KEY!,
      CHAIN_RPC_URLS: stack.chains!.rpcUrls,
    };
    const result = await runShell({ name: 'quickstart', kind: 'sh', code: script, where: QUICKSTART }, { env, cwd: ROOT, home });
    if (result.code !== 0) throw new Error(`${QUICKSTART} exited ${result.code}:\n${result.output}`);
    // Every block ran, to the deactivation of the broken webhook at the end (jq -e printed true).
    for (const b of blocks) expect(result.output).toContain(`== ${b.name} `);
    expect(result.output.trim().split('\n').at(-1)).toBe('true');
  }, 180_000);
});

/**
 * `js` examples run the way an integrator runs them: the block is saved as an `.mjs` file in a
 * fresh folder where the packed `@service-gateway/client` and `@service-gateway/webhook-receiver` are installed from their
 * tarballs (with `express` and `viem`), and run by plain `node`. It must exit 0 on its own within
 * 60 s, against a stack configured as a plain `pnpm start` (no SIWE variable: the client's login
 * defaults, domain and URI from the base address, must work as they are). Env:
 * `GW_URL` (`http://localhost:<port>/api`), `GW_API_KEY` (new organization, all scopes),
 * `WALLET_KEY` (a new wallet's private key; the wallet holds 1000 tokens), `PORT` (free, for a
 * receiver) and `WEBHOOK_URL` (`http://127.0.0.1:<PORT>/webhooks`); an example that reads
 * `WEBHOOK_SECRET` gets `WEBHOOK_URL` registered beforehand and its secret.
 */
describe('documented js examples', () => {
  const jsExamples = examples.filter((e) => e.kind === 'js');
  let stack: Stack;
  let consumer: InstalledPacks;

  beforeAll(async () => {
    if (jsExamples.length === 0) return;
    consumer = await installPacks({
      packages: ['packages/client', 'packages/webhook-receiver'],
      dependencies: { express: '^5.1.0', viem: '^2.57.0' },
    });
    stack = await startStack('docs-js-examples', { chain: true, startDefaults: true });
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await consumer?.cleanup();
  });

  it('finds the README integration example', () => {
    expect(jsExamples.map((e) => e.name)).toContain('readme-integration');
  });

  for (const example of jsExamples) {
    it(`${example.name} (${example.where})`, async () => {
      const { apiKey } = await stack.org();
      const walletKey = generatePrivateKey();
      await stack.mint(privateKeyToAccount(walletKey).address, 1000n * 10n ** 18n);
      const port = await freePort();
      writeFileSync(join(consumer.dir, `${example.name}.mjs`), `${example.code}\n`);
      const env: Record<string, string> = {
        GW_URL: `http://localhost:${portOf(stack)}/api`,
        GW_API_KEY: apiKey,
        WALLET_KEY: walletKey,
        PORT: String(port),
        WEBHOOK_URL: `http://127.0.0.1:${port}/webhooks`,
      };
      // An example that reads WEBHOOK_SECRET gets the URL registered once beforehand, as the README
      // tells integrators to do (issue #25: not at every boot).
      if (example.code.includes('process.env.WEBHOOK_SECRET')) {
        const registered = await registerOnce(stack, apiKey, env.WEBHOOK_URL!);
        env.WEBHOOK_SECRET = registered.secret;
        if (example.name.endsWith('-receiver')) return receiverRuns(example, env, apiKey, registered.id);
      }
      await expect(consumer.run(process.execPath, [`${example.name}.mjs`], { env, timeoutMs: 60_000 })).resolves.toBeDefined();
    }, 90_000);
  }

  /**
   * A `*-receiver` example is a server that runs until stopped: it is started, sent a test event
   * through the real pipeline (it must print it once), sent the same delivery again by a resend
   * (its kit must drop the duplicate: nothing more printed), then stopped.
   */
  async function receiverRuns(example: DocExample, env: Record<string, string>, apiKey: string, webhookId: string): Promise<void> {
    const child = spawn(process.execPath, [`${example.name}.mjs`], { cwd: consumer.dir, env: { PATH: process.env.PATH, ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const printed = () => output.split('\n').filter((l) => l.startsWith('payment.settled (test)'));
    const delivery = async (id: string) =>
      (await stack.http.get(`/api/gateway/v1/webhooks/deliveries/${id}`).set('X-API-Key', apiKey)).body as {
        status: string;
        attempts: number;
      };
    try {
      await eventually(async () => output.includes(`receiving on http://localhost:${env.PORT}/webhooks`), 15_000, 'the receiver listening');
      const test = await stack.http.post(`/api/gateway/v1/webhooks/${webhookId}/test`).set('X-API-Key', apiKey).send({});
      expect(test.status).toBe(202);
      await eventually(async () => (await delivery(test.body.id)).status === 'delivered', 15_000, 'the test event delivered');
      expect(printed()).toHaveLength(1);
      expect(printed()[0]).toContain(`delivery ${test.body.id}`);
      await stack.http.post(`/api/gateway/v1/webhooks/deliveries/${test.body.id}/retry`).set('X-API-Key', apiKey).expect(202);
      await eventually(
        async () => {
          const d = await delivery(test.body.id);
          return d.status === 'delivered' && d.attempts === 2;
        },
        15_000,
        'the resend delivered',
      );
      expect(printed()).toHaveLength(1); // the duplicate was answered 200 and not handled again
    } finally {
      child.kill('SIGTERM');
    }
  }
});

/** Registers `url` for the four payment events with the organization's key, as a deploy step would. @returns its id and secret */
async function registerOnce(stack: Stack, apiKey: string, url: string): Promise<{ id: string; secret: string }> {
  const events = ['payment.settled', 'payment.failed', 'payment.expired', 'payment.refunded'];
  const res = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', apiKey).send({ url, events });
  if (res.status !== 201) throw new Error(`registering ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.id as string, secret: res.body.secret as string };
}

/** The port the stack's API listens on. */
const portOf = (stack: Stack) => (stack.api.server.address() as AddressInfo).port;

/** A TCP port that was free a moment ago (bind to 0, read, close). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}
