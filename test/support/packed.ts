import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the repository (the pnpm workspace). */
export const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

/** One workspace package packed the way `pnpm publish` would pack it. */
export interface PackedPackage {
  /** Workspace directory, relative to the repository root, e.g. `packages/webhook-receiver`. */
  workspaceDir: string;
  /** `name` of the packed package.json, e.g. `@service-gateway/webhook-receiver`. */
  name: string;
  /** `version` of the packed package.json. */
  version: string;
  /** Absolute path of the `.tgz`. */
  tarball: string;
  /** Paths inside the tarball, without the leading `package/` (e.g. `dist/index.js`). */
  files: string[];
  /** The package.json as published (after pnpm applied `publishConfig` and rewrote `workspace:` ranges). */
  manifest: Record<string, unknown>;
}

/** A fresh consumer project with the packed packages installed from their tarballs. */
export interface InstalledPacks {
  /** Absolute path of the consumer project (`{ "type": "module", "private": true }`, its own `node_modules`). */
  dir: string;
  /** The packs that were installed, in the order of `packages`. */
  packs: PackedPackage[];
  /** Runs `node_modules/.bin/<bin>`-style tools of the consumer: `run(process.execPath, ['node_modules/typescript/bin/tsc'])`. */
  run(
    file: string,
    args: string[],
    opts?: {
      timeoutMs?: number;
      env?: Record<string, string>;
      /** Run with `PATH`, `HOME` and `env` only, as a reader of the example's README would: nothing of the test's own environment. */
      readerEnv?: boolean;
    },
  ): Promise<{ stdout: string; stderr: string }>;
  /** Deletes the consumer project (the cached tarballs stay until the process exits). */
  cleanup(): Promise<void>;
}

/** Environment for child package managers: without the `npm_*` variables pnpm sets for `pnpm test`. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== 'NODE_OPTIONS') env[k] = v;
  return { ...env, ...extra };
}

function exec(
  file: string,
  args: string[],
  opts: { cwd: string; timeoutMs?: number; env?: Record<string, string>; readerEnv?: boolean },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: opts.cwd,
        env: opts.readerEnv
          ? { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? opts.cwd, ...opts.env }
          : cleanEnv(opts.env),
        timeout: opts.timeoutMs ?? 180_000,
        maxBuffer: 32 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`${[file, ...args].join(' ')} (in ${opts.cwd}) failed: ${error.message}\n${stdout}\n${stderr}`.trim()));
        } else {
          resolve({ stdout, stderr });
        }
      },
    );
  });
}

/**
 * Serialises work on one key across processes (jest workers): `mkdir` of a lock directory is
 * atomic. A lock older than `staleMs` is taken over (its holder crashed).
 */
async function withLock<T>(key: string, fn: () => Promise<T>, staleMs = 5 * 60_000): Promise<T> {
  const lock = path.join(tmpdir(), `gw-pack-lock-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleMs) await rmdir(lock).catch(() => undefined);
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

let packRoot: string | undefined;
const packCache = new Map<string, Promise<PackedPackage>>();

/**
 * `pnpm pack` of one workspace package (its `prepack` builds it), cached per process. Runs
 * under a cross-process lock per package, since `prepack` rewrites the package's `dist/`.
 */
export function packWorkspacePackage(workspaceDir: string): Promise<PackedPackage> {
  const key = path.normalize(workspaceDir).replace(/[\\/]+$/, '');
  let pending = packCache.get(key);
  if (!pending) {
    pending = (async () => {
      if (!packRoot) {
        packRoot = await mkdtemp(path.join(tmpdir(), 'gw-packs-'));
        const dirToRemove = packRoot;
        process.once('exit', () => rmSync(dirToRemove, { recursive: true, force: true }));
      }
      const destination = await mkdtemp(path.join(packRoot, `${key.replace(/[^a-z0-9]+/gi, '-')}-`));
      const cwd = path.join(workspaceRoot, key);
      await withLock(cwd, () => exec('pnpm', ['pack', '--pack-destination', destination], { cwd, timeoutMs: 180_000 }));
      const [tgz] = (await readdir(destination)).filter((f) => f.endsWith('.tgz'));
      if (!tgz) throw new Error(`pnpm pack of ${key} produced no tarball in ${destination}`);
      const tarball = path.join(destination, tgz);
      const listing = await exec('tar', ['-tzf', tarball], { cwd: destination });
      const files = listing.stdout
        .split('\n')
        .filter(Boolean)
        .map((f) => f.replace(/^package\//, ''))
        .sort();
      const manifestJson = await exec('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: destination });
      const manifest = JSON.parse(manifestJson.stdout) as Record<string, unknown>;
      return { workspaceDir: key, name: String(manifest.name), version: String(manifest.version), tarball, files, manifest };
    })();
    pending.catch(() => packCache.delete(key));
    packCache.set(key, pending);
  }
  return pending;
}

/**
 * Packs workspace packages as they would be published and installs them, with `dependencies`,
 * in a fresh temporary project, so a test can use them exactly like an integrator does (plain
 * `node`, `tsc`, no workspace links, no tsx).
 *
 * 1. `pnpm pack` of each of `packages` (workspace directories such as
 *    `packages/webhook-receiver`); `prepack` builds; one pack per package and jest process.
 * 2. A new directory under the OS temp dir with `{ "name", "type": "module", "private": true }`.
 * 3. `npm install --no-audit --no-fund --prefer-offline <tarballs…> <name@range…>` there
 *    (tarballs of packages that depend on each other resolve to each other).
 *
 * Takes 10–60 s (the npm registry is used for `dependencies`); give the calling hook a
 * generous timeout (e.g. 180 000 ms).
 *
 * @param opts.packages Workspace directories relative to the repository root.
 * @param opts.dependencies Extra npm dependencies of the consumer, name → semver range.
 * @returns the consumer directory, the packs (name, version, tarball, file list, manifest),
 *   a `run` helper and `cleanup()`.
 * @throws Error with the tool's output when `pnpm pack` or `npm install` fails.
 */
export async function installPacks(opts: { packages: string[]; dependencies?: Record<string, string> }): Promise<InstalledPacks> {
  const packs = await Promise.all(opts.packages.map((p) => packWorkspacePackage(p)));
  const dir = await mkdtemp(path.join(tmpdir(), 'gw-consumer-'));
  await writeFile(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name: 'packed-consumer', version: '0.0.0', type: 'module', private: true }, null, 2)}\n`,
  );
  const specs = [...packs.map((p) => p.tarball), ...Object.entries(opts.dependencies ?? {}).map(([name, range]) => `${name}@${range}`)];
  try {
    await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...specs], {
      cwd: dir,
      timeoutMs: 300_000,
    });
    // Sanity: every pack landed in node_modules under its own name.
    for (const p of packs) await readFile(path.join(dir, 'node_modules', p.name, 'package.json'), 'utf8');
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    packs,
    run: (file, args, runOpts = {}) => exec(file, args, { cwd: dir, ...runOpts }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
