/**
 * With Redis down `pnpm start` printed hundreds of `ECONNREFUSED` stack
 * traces, never exited and ignored SIGTERM (and `pnpm start`'s node survived its pnpm); a busy
 * port crashed with an unhandled `EADDRINUSE` trace. The real entry points run here as child
 * processes (`scripts/start.ts`, the api, worker and ops apps' `main.ts`, and `pnpm start`
 * itself), configured as a plain local run (NODE_ENV unset: development; GW_ENV_FILE names an
 * empty file so that a developer's `.env` plays no part):
 * - a dependency that is down at start gives one line naming it and its URL without credentials,
 *   is retried for STARTUP_WAIT_MS, then the process exits 1;
 * - SIGTERM and SIGINT stop it, also while it waits for a dependency;
 * - a busy port is one line saying so and which variable to set, and exit 1;
 * - a running `pnpm start` prints its banner on stderr, and stops with all its processes on
 *   SIGTERM to pnpm;
 * - Redis lost while running: one warning when it goes, one line when it is back.
 * No output anywhere carries a stack trace. The only time bounds are jest's timeouts (liveness).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { generateKeyringEntry } from '@gw/runtime';
import { RedisServer } from './faults/harness.js';
import { createPublicClient, erc20Abi, http } from 'viem';
import { setIntervalMining, startAnvil } from '@gw/contracts/anvil';
import { redisDbForWorker } from './support/stack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = {
  'scripts/start.ts (pnpm start)': 'scripts/start.ts',
  'apps/api/src/main.ts': 'apps/api/src/main.ts',
  'apps/worker/src/main.ts': 'apps/worker/src/main.ts',
  'apps/ops/src/main.ts': 'apps/ops/src/main.ts',
} as const;

/** A stack trace line of a printed error (`    at fn (file:1:2)`), in plain text or inside a JSON log line. */
const STACK_LINE = /(^|\\n)\s+at \S.*(\(|:\d+:\d+)/m;

interface Launched {
  child: ChildProcess;
  /** stdout and stderr as they came, interleaved. */
  output(): string;
  stderr(): string;
  /** Resolves once `pattern` appears in the output (rejects when the process exits first). */
  waitFor(pattern: RegExp): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** @param opts.detached in a process group of its own (as a terminal's foreground job is), signalled with `process.kill(-pid)` */
/** Children of the running test: a test that times out must not leave its process (and its anvils) to the next one. */
const launched = new Set<ChildProcess>();

function launch(command: string, args: string[], env: Record<string, string>, opts: { detached?: boolean } = {}): Launched {
  const child = spawn(command, args, { cwd: root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, detached: opts.detached });
  launched.add(child);
  child.on('close', () => launched.delete(child));
  let all = '';
  let err = '';
  const waiters: { pattern: RegExp; resolve: () => void; reject: (e: Error) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      if (!w.pattern.test(all)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout!.on('data', (d: Buffer) => ((all += String(d)), check()));
  child.stderr!.on('data', (d: Buffer) => ((all += String(d)), (err += String(d)), check()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      for (const w of waiters.splice(0)) w.reject(new Error(`exited (${code ?? signal}) before ${w.pattern}:\n${all}`));
      resolve({ code, signal });
    }),
  );
  return {
    child,
    output: () => all,
    stderr: () => err,
    exit,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(all)) return resolve();
        if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`exited before ${pattern}:\n${all}`));
        waiters.push({ pattern, resolve, reject });
      }),
  };
}

const node = (script: string, env: Record<string, string>) => launch(process.execPath, ['--import', 'tsx', script], env);

/** A TCP port nothing listens on (bound, read, closed). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Every live descendant of `pid` (from /proc). */
function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, ppid] of parent) {
      if (ppid !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

const linesWith = (text: string, needle: string) => text.split('\n').filter((l) => l.includes(needle));

describe('process behaviour of the entry points', () => {
  let db: TestDatabase;
  let dir: string;
  let base: Record<string, string>;
  let n = 0;
  /** The environment of a plain local run on this test's database and Redis, with its own prefix. */
  const envOf = (extra: Record<string, string> = {}) => ({ ...base, QUEUE_PREFIX: `tproc${process.pid}x${n++}`, ...extra });

  beforeAll(async () => {
    db = await createTestDatabase('process-lifecycle');
    dir = mkdtempSync(path.join(tmpdir(), 'gw-process-'));
    writeFileSync(path.join(dir, 'empty.env'), '');
    base = {
      GW_ENV_FILE: path.join(dir, 'empty.env'),
      SECRETS_ENCRYPTION_KEY: generateKeyringEntry('proc'),
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:6379/${redisDbForWorker()}`,
      PORT: '0',
      OPS_PORT: '0',
      OPS_INSECURE_NO_AUTH: 'true',
    };
  });

  afterEach(async () => {
    // SIGTERM: the entry points stop their local chains on it; SIGKILL if one is still there after 10 s.
    const left = [...launched];
    for (const child of left) child.kill('SIGTERM');
    for (let i = 0; i < 100 && left.some((c) => c.exitCode === null && c.signalCode === null); i++)
      await new Promise((r) => setTimeout(r, 100));
    for (const child of left) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  afterAll(async () => {
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(Object.entries(ENTRY))(
    '%s: Redis down at start is one line naming it without credentials, then exit 1 after STARTUP_WAIT_MS',
    async (_name, script) => {
      const port = await closedPort();
      const run = node(script, envOf({ REDIS_URL: `redis://gw:s3cret-pw@127.0.0.1:${port}/2`, STARTUP_WAIT_MS: '2000' }));
      const { code } = await run.exit;
      const out = run.output();
      expect({ code, naming: linesWith(out, `127.0.0.1:${port}`).length }).toEqual({ code: 1, naming: 1 });
      expect(linesWith(out, `127.0.0.1:${port}`)[0]).toContain(`Redis at redis://127.0.0.1:${port}/2 is unreachable`);
      expect(out).not.toContain('s3cret-pw');
      expect(out).not.toMatch(STACK_LINE);
      expect(linesWith(out, 'ECONNREFUSED').length).toBeLessThanOrEqual(1);
    },
    60_000,
  );

  it('PostgreSQL down at start: the same, naming DATABASE_URL without its password', async () => {
    const port = await closedPort();
    const run = node(
      ENTRY['apps/api/src/main.ts'],
      envOf({ DATABASE_URL: `postgresql://gw:pg-s3cret@127.0.0.1:${port}/gateway`, STARTUP_WAIT_MS: '2000' }),
    );
    const { code } = await run.exit;
    const out = run.output();
    expect({ code, naming: linesWith(out, `127.0.0.1:${port}`).length }).toEqual({ code: 1, naming: 1 });
    expect(linesWith(out, `127.0.0.1:${port}`)[0]).toContain(`PostgreSQL at postgresql://127.0.0.1:${port}/gateway is unreachable`);
    expect(out).not.toContain('pg-s3cret');
    expect(out).not.toMatch(STACK_LINE);
  }, 60_000);

  it.each([
    ['scripts/start.ts (pnpm start)', 'SIGTERM'],
    ['apps/worker/src/main.ts', 'SIGINT'],
    ['apps/api/src/main.ts', 'SIGTERM'],
  ] as const)(
    '%s stops on %s while it waits for Redis',
    async (name, signal) => {
      const port = await closedPort();
      const run = node(ENTRY[name], envOf({ REDIS_URL: `redis://127.0.0.1:${port}`, STARTUP_WAIT_MS: '600000' }));
      await run.waitFor(/is unreachable/);
      run.child.kill(signal);
      const { code } = await run.exit;
      expect(code).toBe(0);
      expect(run.output()).not.toMatch(STACK_LINE);
    },
    60_000,
  );

  describe('a busy port', () => {
    let busy: Server;
    let port = 0;
    beforeAll(async () => {
      busy = createServer();
      await new Promise<void>((r) => busy.listen(0, r));
      port = (busy.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((r) => busy.close(r)));

    it.each([
      ['scripts/start.ts (pnpm start)', 'PORT'],
      ['apps/api/src/main.ts', 'PORT'],
      ['apps/ops/src/main.ts', 'OPS_PORT'],
    ] as const)(
      '%s: one line saying so and which variable to set, exit 1',
      async (name, variable) => {
        const run = node(ENTRY[name], envOf({ [variable]: String(port) }));
        const { code } = await run.exit;
        const out = run.output();
        expect(code).toBe(1);
        expect(linesWith(out, `port ${port} is in use`)).toHaveLength(1);
        expect(linesWith(out, `port ${port} is in use`)[0]).toContain(`set ${variable}=`);
        expect(out).not.toMatch(STACK_LINE);
        expect(out).not.toContain('EADDRINUSE');
      },
      60_000,
    );
  });

  it('`pnpm start` prints a banner on stderr, and SIGTERM to pnpm stops it and every process it started', async () => {
    const port = await closedPort();
    const run = launch('pnpm', ['start'], envOf({ PORT: String(port) }));
    await run.waitFor(/\/api\/docs/);
    const stderr = run.stderr();
    expect(stderr).toContain(`http://localhost:${port}/api`);
    expect(stderr).toContain(`http://localhost:${port}/api/docs`);
    expect(stderr).toMatch(/SIWE domain.*localhost/);
    expect(stderr).toMatch(/WEBHOOK_ALLOW_PRIVATE_URLS/);
    expect(stderr).toMatch(/WEBHOOK_BACKOFF_BASE_MS/);
    const started = descendants(run.child.pid!);
    expect(started.length).toBeGreaterThan(0);
    run.child.kill('SIGTERM');
    await run.exit;
    for (let i = 0; i < 200 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
    expect(started.filter(alive)).toEqual([]);
    expect(run.output()).not.toMatch(STACK_LINE);
  }, 120_000);

  it('`pnpm start`: one Ctrl-C (SIGINT to its whole process group, as a terminal sends it) stops it gracefully, not at once', async () => {
    // The terminal signals pnpm and node alike, and pnpm passes its copy on: node used to count
    // the two as "a second Ctrl-C" and exit 130 at once, without the graceful stop.
    const port = await closedPort();
    const run = launch('pnpm', ['start'], envOf({ PORT: String(port) }), { detached: true });
    await run.waitFor(/\/api\/docs/);
    const started = descendants(run.child.pid!);
    process.kill(-run.child.pid!, 'SIGINT');
    await run.exit;
    for (let i = 0; i < 200 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
    expect(started.filter(alive)).toEqual([]);
    const out = run.output();
    expect(linesWith(out, 'shutting down')).toHaveLength(1);
    expect(out).not.toContain('again: exiting now');
    expect(out).not.toContain('exit code 130');
    expect(out).not.toMatch(STACK_LINE);
  }, 120_000);

  it('`pnpm demo` prints the banner and the API key it created, once, as a local demo key (friction 11)', async () => {
    const run = node('scripts/demo.ts', envOf({ QUEUE_PREFIX: `tdemo${process.pid}` }));
    const { code } = await run.exit;
    const out = run.output();
    expect({ code, tail: code === 0 ? '' : out.slice(-2000) }).toEqual({ code: 0, tail: '' });
    const keys = out.match(/\bsk_[A-Za-z0-9_-]{43}\b/g) ?? [];
    expect(keys).toHaveLength(1);
    expect(linesWith(out, keys[0]!)).toHaveLength(1);
    expect(out).toMatch(/local demo key/);
    expect(run.stderr()).toMatch(/API {10}http:\/\/localhost:\d+\/api\n/);
    expect(run.stderr()).toMatch(/\/api\/docs/);
  }, 240_000);

  it('`pnpm demo` against two nodes it did not start (CHAIN_RPC_URLS): the same chain results, read back from the nodes, and no anvil of its own; the AI connector step', async () => {
    const nodes = [await startAnvil({ chainId: 31337 }), await startAnvil({ chainId: 31338 })];
    // A database of its own, as a newcomer pointing at their nodes has: the other demo's ledger holds
    // custodial balances credited on its own chains, which these nodes do not back.
    const own = await createTestDatabase('process-lifecycle-nodes');
    try {
      // Nodes of a live chain produce blocks whether or not anyone sends transactions.
      for (const a of nodes) await setIntervalMining(a.rpcUrl, 1);
      const run = node(
        'scripts/demo.ts',
        envOf({
          DATABASE_URL: own.url,
          QUEUE_PREFIX: `tdemo${process.pid}x`,
          CHAIN_RPC_URLS: nodes.map((a) => `${a.chainId}=${a.rpcUrl}`).join(','),
        }),
      );
      const ownAnvils = new Set<number>();
      const watch = setInterval(() => {
        for (const pid of descendants(run.child.pid!)) {
          const cmd = (() => {
            try {
              return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
            } catch {
              return '';
            }
          })();
          if (cmd.includes('anvil')) ownAnvils.add(pid);
        }
      }, 100);
      const { code } = await run.exit.finally(() => clearInterval(watch));
      const out = run.output();
      expect({ code, tail: code === 0 ? '' : out.slice(-2000) }).toEqual({ code: 0, tail: '' });
      expect([...ownAnvils]).toEqual([]);
      for (const step of [
        /deposit credited after \d+ confirmations/,
        /gasless deposit credited/,
        /withdrawal \S+: confirmed, tx 0x[0-9a-f]{64}/,
        // Staking from custody, the bridge by permit, governance by signature.
        /stake \S+: 5 tokens .*: confirmed, stakeFor tx 0x[0-9a-f]{64}/,
        /staked 5000000000000000000, earned [1-9]\d* base units/,
        /bridge transfer \S+: .*eip155:31337 → eip155:31338: completed/,
        /lock tx 0x[0-9a-f]{64} on eip155:31337 .*mint tx 0x[0-9a-f]{64} on eip155:31338/,
        /delegateBySig tx 0x[0-9a-f]{64}/,
        /propose tx 0x[0-9a-f]{64}/,
        /confirmed with weight 50000000 tokens, castVoteBySig tx 0x[0-9a-f]{64}/,
        /proposal executed .*queue tx 0x[0-9a-f]{64}, execute tx 0x[0-9a-f]{64}/,
        // An MCP client through OAuth 2.1 (Alice's consent over HTTP), paying within its limit and refused over it.
        /the organization allows connectors wallet:read, payments:read, payments:write/,
        /grant \S+: 0x[0-9a-fA-F]{40} authorized "Demo agent" at http:\/\/localhost:\d+\/mcp\/\S+ for wallet:read, payments:read, payments:write, at most 2 tokens a payment/,
        /tools\/list: 6 tools \(.*get_token_info.*create_payment.*confirm_payment/,
        /payment \S+ of 1 token, created and confirmed by the agent: settled/,
        /payment \S+ of 3 tokens refused: spending-limit-exceeded \(per-transaction limit 2 tokens\); it stays pending/,
      ])
        expect(out).toMatch(step);
      const reserves = /reserves on eip155:31337: custodial (\d+), on chain (\d+), holds: true/.exec(out);
      expect(reserves).not.toBeNull();
      // Read back from the node itself: the custody address holds what the demo reported.
      const token = /token contract (0x[0-9a-fA-F]{40})/.exec(out)![1] as `0x${string}`;
      const custody = /custody (0x[0-9a-fA-F]{40})/.exec(out)![1] as `0x${string}`;
      const held = await createPublicClient({ transport: http(nodes[0]!.rpcUrl) }).readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [custody],
      });
      expect(held).toBeGreaterThanOrEqual(BigInt(reserves![2]!));
      // The treasury's payment, read back from the node: the recipient holds exactly the amount.
      const payee = /(0x[0-9a-fA-F]{40}) received 7 tokens from the treasury/.exec(out)?.[1] as `0x${string}` | undefined;
      expect(payee).toBeDefined();
      const paid = await createPublicClient({ transport: http(nodes[0]!.rpcUrl) }).readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [payee!],
      });
      expect(paid).toBe(7n * 10n ** 18n);
    } finally {
      for (const a of nodes) await a.stop();
      await own.drop();
    }
  }, 240_000);

  it('Redis lost while running: one warning when it goes, one line when it is back, no stack traces', async () => {
    const redis = await RedisServer.start();
    const run = node(ENTRY['scripts/start.ts (pnpm start)'], envOf({ REDIS_URL: redis.url }));
    try {
      await run.waitFor(/\/api\/docs/);
      const before = run.output().length;
      await redis.stop();
      await run.waitFor(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable/);
      // The outage lasts a few seconds, many reconnection attempts (about one every 0.2-2 s per connection).
      await new Promise((r) => setTimeout(r, 4000));
      await redis.start();
      await run.waitFor(/Redis at redis:\/\/127\.0\.0\.1:\d+ is reachable again/);
      run.child.kill('SIGTERM');
      // On a non-zero exit, the end of the output says why (a shutdown that failed or timed out).
      const { code } = await run.exit;
      expect({ code, tail: code === 0 ? '' : run.output().slice(-4000) }).toEqual({ code: 0, tail: '' });
      const during = run.output().slice(before);
      expect(linesWith(during, 'is unreachable')).toHaveLength(1);
      expect(linesWith(during, 'is reachable again')).toHaveLength(1);
      expect(during).not.toMatch(STACK_LINE);
      expect(linesWith(during, 'ECONNREFUSED').length).toBeLessThanOrEqual(1);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      await redis.stop();
    }
  }, 120_000);
});
