/**
 * The compiled production build: `pnpm build` turns every service package into
 * JavaScript under dist/, and the processes the image runs (docker/entrypoint.sh) start from it
 * with plain `node --conditions=gw-dist`, no tsx, against the real PostgreSQL and Redis:
 * migrate, the API (`/api/health`), the worker (starts, heap flag from WORKER_MAX_OLD_SPACE_MB,
 * graceful SIGTERM), the health checks and the operator CLI.
 *
 * It also holds the runtime itself: this suite runs under Node 24 or later.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { generateKeyringEntry } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { redisDbForWorker } from './support/stack.js';
import { repoRoot } from './support/worker-process.js';

/** The packages the image runs, with what their build leaves out. */
const SERVICE_PACKAGES = [
  'apps/admin',
  'apps/api',
  'apps/ops',
  'apps/worker',
  'packages/contracts',
  'packages/core',
  'packages/db',
  'packages/runtime',
];
const NOT_BUILT = new Set(['packages/db/src/testing.ts']);

/** Every file under `dir` (relative to the repository root), recursively. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(path.join(repoRoot, d))) {
      const rel = path.join(d, name);
      if (statSync(path.join(repoRoot, rel)).isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk(dir);
  return out;
}

interface Proc {
  child: ChildProcess;
  /** JSON log lines (pino) printed on stdout so far. */
  logs: Record<string, unknown>[];
  stderr(): string;
  /** Resolves with the first log line that `match` accepts; rejects if the process exits first. */
  waitForLog(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node --conditions=gw-dist <flags> <script>` as the image does, collecting its JSON logs. */
function startCompiled(script: string, env: Record<string, string>, flags: string[] = []): Proc {
  const child = spawn(process.execPath, ['--conditions=gw-dist', ...flags, path.join(repoRoot, script)], {
    cwd: path.dirname(path.join(repoRoot, script)),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: { match: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] = [];
  let err = '';
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      logs.push(line);
      for (const w of waiters.filter((x) => x.match(line))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    logs,
    stderr: () => err,
    exited,
    waitForLog: (match) => {
      const seen = logs.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then(({ code, signal }) => reject(new Error(`${script} exited (${code ?? signal}) first: ${err}`)));
      });
    },
  };
}

/** Runs a compiled one-shot script to its end. */
function runCompiled(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--conditions=gw-dist', '--no-warnings', path.join(repoRoot, script), ...args], {
    cwd: path.dirname(path.join(repoRoot, script)),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let db: TestDatabase;
let env: Record<string, string>;
const running: Proc[] = [];

beforeAll(async () => {
  // The service packages only: @service-gateway/client and @service-gateway/webhook-receiver build themselves (tsc) in their
  // own packed tests, which may run at the same time.
  const build = spawnSync('pnpm', ['-r', ...SERVICE_PACKAGES.map((p) => `--filter=./${p}`), 'build'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 170_000,
  });
  if (build.status !== 0) throw new Error(`pnpm build failed:\n${build.stdout}\n${build.stderr}`);
  db = await createTestDatabase('build');
  const prefix = `b${Math.random().toString(36).slice(2, 8)}`;
  env = {
    DATABASE_URL: db.url,
    REDIS_URL: `redis://127.0.0.1:6379/${redisDbForWorker()}`,
    QUEUE_PREFIX: prefix,
    SECRETS_ENCRYPTION_KEY: generateKeyringEntry(prefix),
    LOG_LEVEL: 'info',
    DATABASE_POOL_MAX: '3',
  };
}, 180_000);

afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await db?.drop();
});

describe('runtime', () => {
  it('is Node.js 24 or later (engines, .nvmrc, scripts/use-node24.sh)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=24');
    expect(readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim()).toBe('24');
  });
});

describe('pnpm build', () => {
  it('compiles every source file of the service packages to dist/, one .js per .ts', () => {
    for (const pkg of SERVICE_PACKAGES) {
      const sources = filesUnder(`${pkg}/src`).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !NOT_BUILT.has(f));
      expect(sources.length).toBeGreaterThan(0);
      const missing = sources
        .map((f) => f.replace(`${pkg}/src/`, `${pkg}/dist/`).replace(/\.ts$/, '.js'))
        .filter((f) => !existsSync(path.join(repoRoot, f)));
      expect({ pkg, missing }).toEqual({ pkg, missing: [] });
    }
  });

  it('no file under dist/ imports tsx (or any TypeScript source)', () => {
    for (const pkg of SERVICE_PACKAGES) {
      for (const file of filesUnder(`${pkg}/dist`).filter((f) => f.endsWith('.js'))) {
        const text = readFileSync(path.join(repoRoot, file), 'utf8');
        expect({ file, tsx: /['"`]tsx(?:\/[^'"`]*)?['"`]/.test(text) }).toEqual({ file, tsx: false });
        expect({ file, ts: /(?:from|import\()\s*['"][^'"]+\.ts['"]/.test(text) }).toEqual({ file, ts: false });
      }
    }
  });

  it('the entrypoint runs only compiled files that exist, with plain node', () => {
    const script = readFileSync(path.join(repoRoot, 'docker/entrypoint.sh'), 'utf8');
    const execs = script.split('\n').filter((l) => /^\s*exec node /.test(l));
    expect(execs).toHaveLength(5);
    for (const line of execs) {
      expect(line).not.toMatch(/tsx|\.ts\b/);
      expect(line).toContain('--conditions=gw-dist');
    }
    const roles = ['api', 'ops'];
    const paths = [...script.matchAll(/\/app\/([\w/$-]+\.js)/g)].flatMap((m) =>
      m[1]!.includes('$role') ? roles.map((r) => m[1]!.replace('$role', r)) : [m[1]!],
    );
    expect(paths.sort()).toEqual(
      [
        'apps/admin/dist/cli.js',
        'apps/api/dist/main.js',
        'apps/ops/dist/healthcheck.js',
        'apps/ops/dist/main.js',
        'apps/worker/dist/main.js',
        'packages/db/dist/cli/migrate.js',
      ].sort(),
    );
    for (const p of paths) expect({ p, exists: existsSync(path.join(repoRoot, p)) }).toEqual({ p, exists: true });
    expect(script).toMatch(/--max-old-space-size="\$\{WORKER_MAX_OLD_SPACE_MB:-128\}"/);
  });
});

describe('compiled processes against PostgreSQL and Redis', () => {
  it('migrate: the database (cloned from the migrated template) is up to date', () => {
    const r = runCompiled('packages/db/dist/cli/migrate.js', [], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ migrated: true, database: db.name, applied: [] });
  });

  it('api: answers /api/health, passes its health check, stops on SIGTERM', async () => {
    const api = startCompiled('apps/api/dist/main.js', { ...env, PORT: '0' });
    running.push(api);
    const listening = await api.waitForLog((l) => l.msg === 'api listening');
    const port = listening.port as number;
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });

    const check = runCompiled('apps/ops/dist/healthcheck.js', ['http', `http://127.0.0.1:${port}/api/health`], {});
    expect(check).toMatchObject({ code: 0, stdout: `GET http://127.0.0.1:${port}/api/health → 200\n` });

    api.child.kill('SIGTERM');
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.logs.some((l) => l.msg === 'shutting down')).toBe(true);
  });

  it('worker: starts with the configured heap limit, its heartbeat is live, SIGTERM drains and exits 0', async () => {
    const heapMb = '80';
    const worker = startCompiled('apps/worker/dist/main.js', { ...env, WORKER_MAX_OLD_SPACE_MB: heapMb }, [
      `--max-old-space-size=${heapMb}`,
    ]);
    running.push(worker);
    await worker.waitForLog((l) => l.msg === 'worker started');
    const heap = await worker.waitForLog((l) => l.msg === 'worker heap limit');
    expect(heap.heap).toMatchObject({ configuredMb: 80, startedMb: 80 });

    // The worker publishes its metrics snapshot (the heartbeat) at start and every 5 s.
    let check = runCompiled('apps/ops/dist/healthcheck.js', ['heartbeat', 'worker'], env);
    for (let i = 0; i < 40 && check.code !== 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      check = runCompiled('apps/ops/dist/healthcheck.js', ['heartbeat', 'worker'], env);
    }
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/^worker heartbeat live/);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(worker.stderr()).toBe('');
  });

  it('worker: a production start without the configured heap flag says so', async () => {
    const worker = startCompiled('apps/worker/dist/main.js', env);
    running.push(worker);
    const warning = await worker.waitForLog(
      (l) => typeof l.msg === 'string' && l.msg.startsWith('worker started without --max-old-space-size'),
    );
    expect(warning.heap).toMatchObject({ configuredMb: loadConfig({ NODE_ENV: 'test' }).WORKER_MAX_OLD_SPACE_MB, startedMb: null });
    worker.child.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
  });

  it('admin: the compiled operator CLI creates an organization', () => {
    const r = runCompiled('apps/admin/dist/cli.js', ['org:create', '--name', 'compiled', '--scopes', 'all'], env);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { organizationId: string; apiKey: string };
    expect(out.organizationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof out.apiKey).toBe('string');
  });

  it('healthcheck: tcp reaches PostgreSQL', () => {
    const url = new URL(db.url);
    const r = runCompiled('apps/ops/dist/healthcheck.js', ['tcp', url.hostname, url.port || '5432'], {});
    expect(r.code).toBe(0);
  });
});
