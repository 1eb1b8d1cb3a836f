/**
 * `.env` is loaded outside compose too. Local runs (the apps' entry points,
 * `pnpm admin`, `pnpm db:migrate`, `pnpm start`, `pnpm demo`) now read it, never over a variable
 * already in the environment (docs/configuration.md, "Where the values come from"). The entry
 * points run here as real child processes, each given its file by GW_ENV_FILE (so that a
 * developer's own `.env` plays no part); they stop at the configuration check, before any
 * connection, which is what makes the values visible: the errors name the variables that came
 * from the file.
 */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKeyringEntry, loadEnvFile } from '@gw/runtime';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'gw-env-file-'));
}

function envFile(text: string): string {
  const file = path.join(tempDir(), '.env');
  writeFileSync(file, text);
  return file;
}

/** Runs a script of the repository with exactly this environment (plus PATH). */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('loadEnvFile (packages/runtime/src/config/env-file.ts)', () => {
  it('fills only what the environment leaves unset; a variable set there wins even when empty', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '.env'), '# comment\nA=from-file\nB=from-file\nC=from-file\nexport D="quoted value"\n');
    const env: NodeJS.ProcessEnv = { B: 'from-env', C: '' };
    expect(loadEnvFile(dir, env)).toEqual({ path: path.join(dir, '.env'), set: ['A', 'D'] });
    expect(env).toEqual({ A: 'from-file', B: 'from-env', C: '', D: 'quoted value' });
  });

  it('reads nothing without a file, and skips the default .env when the environment says NODE_ENV=test', () => {
    expect(loadEnvFile(tempDir(), {})).toBeNull();
    const dir = tempDir();
    writeFileSync(path.join(dir, '.env'), 'A=from-file\n');
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'test' };
    expect(loadEnvFile(dir, env)).toBeNull();
    expect(env).toEqual({ NODE_ENV: 'test' });
  });

  it('GW_ENV_FILE names the file to read instead (even under NODE_ENV=test); a missing one is an error', () => {
    const file = envFile('A=from-named-file\n');
    const env: NodeJS.ProcessEnv = { GW_ENV_FILE: file, NODE_ENV: 'test' };
    expect(loadEnvFile(tempDir(), env)?.set).toEqual(['A']);
    expect(env.A).toBe('from-named-file');
    expect(() => loadEnvFile(tempDir(), { GW_ENV_FILE: path.join(tempDir(), 'missing.env') })).toThrow(/GW_ENV_FILE: cannot read .*ENOENT/);
  });
});

describe('the entry points read .env before the configuration', () => {
  const key = generateKeyringEntry('envfile');

  it('apps/api/src/main.ts: values come from the file where the environment has none', async () => {
    // The file sets an invalid LOG_LEVEL and PORT; the environment sets PORT (valid) and an invalid
    // DATABASE_POOL_MAX. The refusal names LOG_LEVEL (file) and DATABASE_POOL_MAX (environment),
    // never PORT: the environment's value won.
    const file = envFile(`LOG_LEVEL=loud\nPORT=not-a-port\nSECRETS_ENCRYPTION_KEY=${key}\n`);
    const r = await run(['--import', 'tsx', 'apps/api/src/main.ts'], {
      GW_ENV_FILE: file,
      NODE_ENV: 'development',
      PORT: '3000',
      DATABASE_POOL_MAX: '0',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Invalid configuration: /);
    expect(r.stderr).toMatch(/\bLOG_LEVEL\b/);
    expect(r.stderr).toMatch(/\bDATABASE_POOL_MAX\b/);
    expect(r.stderr).not.toMatch(/\bPORT\b/);
    expect(r.stderr).not.toContain(key);
  });

  it('apps/worker and apps/ops read it too; a missing GW_ENV_FILE stops start-up', async () => {
    const file = envFile('WORKER_CONCURRENCY=many\n');
    const worker = await run(['--import', 'tsx', 'apps/worker/src/main.ts'], { GW_ENV_FILE: file, NODE_ENV: 'test' });
    expect(worker.code).toBe(1);
    expect(worker.stderr).toMatch(/^Invalid configuration: WORKER_CONCURRENCY\b/);
    const ops = await run(['--import', 'tsx', 'apps/ops/src/main.ts'], { GW_ENV_FILE: envFile('OPS_PORT=many\n'), NODE_ENV: 'test' });
    expect(ops.code).toBe(1);
    expect(ops.stderr).toMatch(/\bOPS_PORT\b/);
    const missing = await run(['--import', 'tsx', 'apps/api/src/main.ts'], {
      GW_ENV_FILE: path.join(tempDir(), 'nope.env'),
      NODE_ENV: 'test',
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^GW_ENV_FILE: cannot read .*nope\.env \(ENOENT\)/);
  });

  it('the operator CLI (pnpm admin) reads it', async () => {
    const file = envFile(`LOG_LEVEL=loud\nSECRETS_ENCRYPTION_KEY=${key}\n`);
    const r = await run(['--import', 'tsx', 'apps/admin/src/cli.ts', 'org:create', '--name', 'Shop'], {
      GW_ENV_FILE: file,
      NODE_ENV: 'development',
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr).error).toMatch(/^Invalid configuration: LOG_LEVEL\b/);
    expect(r.stdout).toBe('');
  });

  it('the migration CLI (pnpm db:migrate, run first by pnpm start and pnpm demo) reads it, the environment first', async () => {
    // Port 1 refuses connections at once: the failure names the database and host it tried.
    const file = envFile('DATABASE_URL=postgresql://gw@127.0.0.1:1/from_dotenv\n');
    const migrate = (env: Record<string, string>) =>
      run(['--experimental-wasm-modules', '--no-warnings', '--import', 'tsx', 'packages/db/src/cli/migrate.ts'], {
        GW_ENV_FILE: file,
        ...env,
      });
    const fromFile = await migrate({});
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toMatch(/^db:migrate failed \(from_dotenv on 127\.0\.0\.1:1\)/);
    const fromEnv = await migrate({ DATABASE_URL: 'postgresql://gw@127.0.0.1:1/from_environment' });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stderr).toMatch(/^db:migrate failed \(from_environment on 127\.0\.0\.1:1\)/);
  });
});
