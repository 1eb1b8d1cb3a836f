/**
 * Runs the marked examples of README.md and docs/*.md against a real service: see
 * test/support/doc-examples.ts for the marker syntax. Each example gets exactly what its page
 * gives its reader, never more: `PATH` (without this checkout's tools) and `HOME`, plus the
 * variables the page tells its reader to set (`<!-- example-env: … -->`, a block's `env:`), and
 * the test fails when the harness would pass anything else.
 *
 * - A page's `sh` examples run with `bash -euo pipefail` in a fresh folder, each with a fresh
 *   organization and wallet behind the variables the page declares (`GW`, `API_KEY`, `JWT`, …),
 *   against a stack configured as a plain `pnpm start` (`startStack`'s `startDefaults`). A block
 *   with `until:` is a server the page asks its reader to leave running (the receiver that keeps
 *   deliveries in `$INBOX`): it is started once, before the page's examples.
 * - docs/quickstart.md is a walkthrough: on a fresh copy of the repository, each of its terminals
 *   is one shell, its blocks are typed in page order (`pnpm start` in the first, the operator CLI
 *   with nothing exported but what the page names in the second, the receiver in the third), and
 *   the blocks the page tells its reader to save are saved where it says.
 * - `js` examples elsewhere run under plain `node` in a folder where the packed client and kit are
 *   installed from their tarballs, with the variables their page names.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { deleteKeys } from '@gw/runtime';
import { installPacks, type InstalledPacks } from './support/packed.js';
import { redisDbForWorker, startStack, type Stack } from './support/stack.js';
import {
  collectPages,
  declaredFor,
  extractExamples,
  extractPage,
  readerEnv,
  undeclaredReads,
  unexplainedDeclarations,
  type DocExample,
  type DocPage,
} from './support/doc-examples.js';
import { copyRepository, ReaderTerminal } from './support/reader-terminal.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The reader's PATH: the machine's, without this checkout's tools (its Node 24 and pnpm under
 * .tools, the node_modules/.bin folders `pnpm test` puts first): the reader has only what the
 * page's commands install.
 */
const READER_PATH = (process.env.PATH ?? '/usr/bin:/bin')
  .split(':')
  .filter((p) => p && !p.includes('node_modules') && !p.startsWith(ROOT) && !p.startsWith(ROOT.replace(/\/$/, '')))
  .join(':');

const pages = collectPages(ROOT);
/** Servers a page asks its reader to leave running (started before its examples). */
const isBackground = (e: DocExample) => e.until !== undefined;

interface RunResult {
  code: number | null;
  output: string;
}

/** One `sh` example with `bash -euo pipefail` in `cwd`, with exactly `env`. */
const runShell = (example: Pick<DocExample, 'name' | 'code'>, env: Record<string, string>, cwd: string): Promise<RunResult> =>
  new Promise((resolve) => {
    const file = join(cwd, `${example.name}.sh`);
    writeFileSync(file, `${example.code}\n`);
    execFile('bash', ['-euo', 'pipefail', file], { cwd, env, timeout: 150_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });

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
      { name: 'one', kind: 'sh', code: 'true', where: 'x.md:2', env: [] },
    ]);
  });

  it('takes a marker written in prose for prose, and fails on a malformed one', () => {
    const prose = 'Mark a block with `<!-- example: <name> -->` before it.\n```sh\ntrue\n```';
    expect(extractExamples(prose, 'p.md')).toEqual([]);
    expect(() => extractExamples('<!-- example -->\n```sh\ntrue\n```', 'p.md')).toThrow('p.md:1: malformed example marker');
    expect(() => extractExamples('<!-- example: a; colour: red -->\n```sh\ntrue\n```', 'p.md')).toThrow('unknown or malformed');
  });

  it('reads the attributes and the page’s declarations', () => {
    const page = extractPage(
      [
        '<!-- example-env: DATABASE_URL PORT; terminals: 1 2 -->',
        '<!-- example: a; terminal: 1; until: ready now -->',
        '```sh',
        'pnpm start',
        '```',
        '<!-- example: b; terminal: 2; save-as: ../app/x.mjs; env: GW_URL -->',
        '```js',
        'process.env.GW_URL',
        '```',
      ].join('\n'),
      'w.md',
    );
    expect(page.walkthrough).toBe(true);
    expect(page.env).toEqual([{ names: ['DATABASE_URL', 'PORT'], terminals: [1, 2], where: 'w.md:1' }]);
    expect(page.examples.map(({ name, terminal, until, saveAs, env }) => ({ name, terminal, until, saveAs, env }))).toEqual([
      { name: 'a', terminal: 1, until: 'ready now', saveAs: undefined, env: [] },
      { name: 'b', terminal: 2, until: undefined, saveAs: '../app/x.mjs', env: ['GW_URL'] },
    ]);
    expect(declaredFor(page, 3)).toEqual([]);
    expect(declaredFor(page, 2)).toEqual(['DATABASE_URL', 'PORT']);
  });

  it('finds what an example reads that its page neither sets nor declares', () => {
    const page = extractPage(
      [
        'Set `GW` and `API_KEY` first.',
        '<!-- example-env: GW API_KEY -->',
        '<!-- example: one -->',
        '```sh',
        'ID=$(curl -fsS "$GW/x" -H "X-API-Key: $API_KEY" -H "Authorization: Bearer $JWT" | jq -r .id)',
        'echo "$ID ${PORT:-3000} $HOME"',
        '```',
        '<!-- example: two -->',
        '```js',
        'const a = process.env.GW_URL; const b = Number(process.env.PORT ?? 8080);',
        '```',
      ].join('\n'),
      'p.md',
    );
    expect(undeclaredReads(page)).toEqual(['p.md:3: JWT', 'p.md:8: process.env.GW_URL']);
    const walkthrough = extractPage(
      [
        '<!-- example: set; terminal: 2 -->',
        '```sh',
        'GW=http://localhost:3000/api',
        '```',
        '<!-- example: use; terminal: 2 -->',
        '```sh',
        'curl "$GW"',
        '```',
        '<!-- example: elsewhere; terminal: 3 -->',
        '```sh',
        'curl "$GW"',
        '```',
      ].join('\n'),
      'w.md',
    );
    // A variable set in terminal 2 is not there in terminal 3.
    expect(undeclaredReads(walkthrough)).toEqual(['w.md:9: GW']);
  });

  it('finds declared variables the page never explains, and the harness refuses to pass anything undeclared', () => {
    const page = extractPage('<!-- example-env: SECRET_THING -->\n<!-- example: x; env: OTHER -->\n```js\nprocess.env.OTHER\n```', 'p.md');
    expect(unexplainedDeclarations(page)).toEqual(['p.md:1: SECRET_THING', 'p.md:2: OTHER']);
    const base = { PATH: '/usr/bin', HOME: '/tmp' };
    expect(readerEnv(['GW'], { GW: 'http://x' }, base)).toEqual({ PATH: '/usr/bin', HOME: '/tmp', GW: 'http://x' });
    expect(() => readerEnv(['GW'], { GW: 'http://x', CHAIN_RPC_URLS: '31337=http://y' }, base)).toThrow(
      'the harness would pass CHAIN_RPC_URLS, which the page does not tell its reader to set',
    );
    expect(() => readerEnv(['GW', 'JWT'], { GW: 'http://x' }, base)).toThrow('the page declares JWT, which the harness cannot give');
  });

  it('finds the guides’ examples', () => {
    expect(pages.flatMap((p) => p.examples).filter((e) => e.kind === 'sh').length).toBeGreaterThanOrEqual(4);
  });
});

describe('every guide gives its examples only what its reader has', () => {
  for (const page of pages.filter((p) => p.examples.length > 0)) {
    it(`${page.file}: every variable an example reads is set by the page or declared, and every declaration is explained`, () => {
      expect(undeclaredReads(page)).toEqual([]);
      expect(unexplainedDeclarations(page)).toEqual([]);
    });
  }
});

describe('documented examples', () => {
  let stack: Stack;
  const dirs: string[] = [];
  const servers: ChildProcess[] = [];
  /** Per page: the variables its background servers give its examples (RECEIVER_URL, INBOX). */
  const fromServers = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    stack = await startStack('docs-examples', { startDefaults: true, chain: true });
    for (const page of pages.filter((p) => !p.walkthrough)) {
      for (const server of page.examples.filter(isBackground)) fromServers.set(page.file, await startServer(page, server));
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) s.kill('SIGTERM');
    await stack?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /**
   * Starts a server block of `page` as its reader does (saved where the page says, run by plain
   * `node` with the variables its `env:` names): the inbox receiver of docs/webhooks.md.
   * @returns RECEIVER_URL and INBOX for the page's examples
   */
  async function startServer(page: DocPage, e: DocExample): Promise<Record<string, string>> {
    if (e.kind !== 'js' || !e.saveAs) throw new Error(`${e.where}: a background block outside a walkthrough must be a js file to save`);
    const dir = mkdtempSync(join(tmpdir(), `gw-${e.name}-`));
    dirs.push(dir);
    const inbox = join(dir, 'inbox');
    mkdirSync(inbox);
    writeFileSync(join(dir, e.saveAs), `${e.code}\n`);
    const port = await freePort();
    const env = readerEnv(e.env, pick(e.env, { PORT: String(port), INBOX: inbox }), { PATH: READER_PATH, HOME: dir });
    const child = spawn(process.execPath, [e.saveAs], { cwd: dir, env });
    servers.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${e.where}: "${e.until}" not printed within 15 s:\n${output}`)), 15_000);
      const take = (c: Buffer) => {
        output += c.toString();
        if (!output.includes(e.until!)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.on('exit', (code) => (clearTimeout(timer), reject(new Error(`${e.where}: exited ${code}:\n${output}`))));
    });
    return { RECEIVER_URL: `http://localhost:${port}/webhooks`, INBOX: inbox };
  }

  /** The values behind the variables `page` declares: a new organization and wallet each time. */
  async function valuesFor(page: DocPage): Promise<Record<string, string>> {
    const names = declaredFor(page);
    const values: Record<string, string> = {};
    if (names.some((n) => ['API_KEY', 'JWT', 'WALLET'].includes(n))) {
      const { apiKey } = await stack.org();
      const { token, address } = await stack.login(undefined, { apiKey });
      await stack.mint(address, 1000n * 10n ** 18n);
      Object.assign(values, { API_KEY: apiKey, JWT: token, WALLET: address });
    }
    Object.assign(values, { GW: `http://localhost:${portOf(stack)}/api` }, fromServers.get(page.file));
    return pick(names, values);
  }

  async function run(example: Pick<DocExample, 'name' | 'code'>, page: DocPage): Promise<RunResult> {
    const cwd = mkdtempSync(join(tmpdir(), `gw-example-${example.name}-`));
    dirs.push(cwd);
    return runShell(example, readerEnv(declaredFor(page), await valuesFor(page), { PATH: READER_PATH, HOME: cwd }), cwd);
  }

  it('a failing example fails the run', async () => {
    const page = extractPage('Set `GW`.\n<!-- example-env: GW -->', 'test.md');
    const result = await run({ name: 'must-fail', code: 'curl -fsS "$GW/health" >/dev/null\nfalse' }, page);
    expect(result.code).not.toBe(0);
  });

  it('an example that reads a variable its page does not declare fails the run', async () => {
    const page = extractPage('Set `GW`.\n<!-- example-env: GW -->', 'test.md');
    const result = await run({ name: 'must-fail', code: 'curl -fsS "$GW/health" >/dev/null\necho "$DATABASE_URL"' }, page);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('DATABASE_URL: unbound variable');
  });

  for (const page of pages.filter((p) => !p.walkthrough)) {
    for (const example of page.examples.filter((e) => e.kind === 'sh' && !isBackground(e))) {
      it(`${example.name} (${example.where})`, async () => {
        const result = await run(example, page);
        if (result.code !== 0) throw new Error(`${example.where}: example "${example.name}" exited ${result.code}:\n${result.output}`);
      }, 90_000);
    }
  }
});

describe('docs/quickstart.md, as its reader runs it: a fresh copy, three terminals, nothing exported but what the page names', () => {
  const page = pages.find((p) => p.file === 'docs/quickstart.md')!;
  let scratch: string;
  let db: TestDatabase;
  const terminals = new Map<number, ReaderTerminal>();

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'gw-quickstart-'));
    db = await createTestDatabase('quickstart');
  });

  afterAll(async () => {
    for (const t of terminals.values()) await t.stop();
    await db?.drop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  it('every block, in page order, in its terminal: the service starts, the CLI finds its chains, a wallet is funded, deliveries arrive', async () => {
    expect(page.walkthrough).toBe(true);
    const repo = join(scratch, 'repository');
    copyRepository(ROOT, repo);
    // The receiver of step 5 listens on 8080, as the page says: nothing else may hold it.
    await expect(portIsFree(8080)).resolves.toBe(true);
    // What the page tells a reader who shares the machine to export in terminals 1 and 2: a database,
    // a Redis database (its default key prefix cleared of an earlier run's keys) and a port of their own.
    const redisUrl = `redis://127.0.0.1:6379/${redisDbForWorker()}`;
    const redis = new Redis(redisUrl);
    await deleteKeys(redis, 'gw:*');
    redis.disconnect();
    const shared = { DATABASE_URL: db.url, REDIS_URL: redisUrl, PORT: String(await freePort()) };
    const shells = join(scratch, 'blocks');
    mkdirSync(shells);
    const terminal = (n: number) => {
      let t = terminals.get(n);
      if (!t) {
        const names = declaredFor(page, n);
        t = new ReaderTerminal(
          `terminal ${n}`,
          repo,
          readerEnv(names, pick(names, shared), { PATH: READER_PATH, HOME: homedir() }),
          shells,
        );
        terminals.set(n, t);
      }
      return t;
    };
    for (const block of page.examples) {
      if (block.terminal === undefined) throw new Error(`${block.where}: every block of the walkthrough names its terminal`);
      if (block.saveAs) {
        mkdirSync(dirname(join(repo, block.saveAs)), { recursive: true });
        writeFileSync(join(repo, block.saveAs), `${block.code}\n`);
      } else if (block.until) await terminal(block.terminal).start(block.name, block.code, block.until);
      else await terminal(block.terminal).run(block.name, block.code);
    }
    const second = terminal(2).text();
    // The operator CLI found the chains of the running pnpm start by itself, and said which.
    expect(second).toMatch(
      /chains of the running pnpm start \(pid \d+, \.data\/local-chains\.json\): eip155:31337 http:\/\/127\.0\.0\.1:\d+/,
    );
    // The service ran as the database's rows-only role, not as the superuser that migrated it.
    expect(terminal(1).text()).toMatch(/database: connecting as \S+_app \(rows only; migrations ran as the superuser\)/);
    // The last check of the page (the broken webhook deactivated) printed true.
    expect(second).toMatch(/true\s*\n@@quickstart-resend-done-\d+@@/);
    // The receiver of the third terminal got the test event and the real payment, verified by the kit.
    const third = terminal(3).text();
    expect(third).toMatch(/payment\.settled \(test\) {2}payment 00000000-0000-7000-8000-000000007e57 settled/);
    expect(third).toMatch(/payment\.settled {2}payment [0-9a-f-]{36} settled 12000000000000000000/);
  }, 900_000);
});

describe('documented js examples', () => {
  const jsExamples = pages.filter((p) => !p.walkthrough).flatMap((p) => p.examples.filter((e) => e.kind === 'js' && !isBackground(e)));
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
      const webhookUrl = `http://127.0.0.1:${port}/webhooks`;
      const values: Record<string, string> = {
        GW_URL: `http://localhost:${portOf(stack)}/api`,
        GW_API_KEY: apiKey,
        WALLET_KEY: walletKey,
        PORT: String(port),
        WEBHOOK_URL: webhookUrl,
      };
      // WEBHOOK_SECRET comes from registering the URL once beforehand, as the page tells its reader.
      if (example.env.includes('WEBHOOK_SECRET')) values.WEBHOOK_SECRET = (await registerOnce(stack, apiKey, webhookUrl)).secret;
      writeFileSync(join(consumer.dir, `${example.name}.mjs`), `${example.code}\n`);
      const env = readerEnv(example.env, pick(example.env, values), { PATH: READER_PATH, HOME: consumer.dir });
      const result = await new Promise<RunResult>((resolve) =>
        execFile(process.execPath, [`${example.name}.mjs`], { cwd: consumer.dir, env, timeout: 60_000 }, (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, output: `${stdout}${stderr}` }),
        ),
      );
      if (result.code !== 0) throw new Error(`${example.where}: example "${example.name}" exited ${result.code}:\n${result.output}`);
    }, 90_000);
  }
});

/** The entries of `values` named in `names` (a value the harness has but the page does not name stays out). */
function pick(names: readonly string[], values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(names.filter((n) => values[n] !== undefined).map((n) => [n, values[n]!]));
}

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

/** Whether nothing listens on 127.0.0.1:`port` (or on the any-address). */
async function portIsFree(port: number): Promise<boolean> {
  const server = createNetServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
