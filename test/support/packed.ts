import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The environment of the package managers run here: without the `npm_*` variables `pnpm test` sets. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE_OPTIONS'));
}

/**
 * Installs workspace packages as a user would get them from the registry: `pnpm pack` of each
 * (its `prepack` builds `dist/`; `publishConfig` applies), then a fresh temporary folder with a
 * `{ "type": "module" }` package.json and `npm install --no-audit --no-fund --prefer-offline` of
 * the tarballs and of `dependencies` (`{ name: range }`, from the npm registry).
 * @param opts.packages workspace folders, relative to the repository root (e.g. `packages/client`)
 * @returns the folder (run `node` scripts there) and `cleanup()` to remove it
 * @throws when packing or installing fails (with the tool's output)
 */
export async function installPacks(opts: {
  packages: string[];
  dependencies?: Record<string, string>;
}): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'gw-packed-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const packs = join(dir, '.packs');
    const tarballs: string[] = [];
    for (const pkg of opts.packages) {
      const before = new Set(await readdir(packs).catch(() => [] as string[]));
      await run('pnpm', ['pack', '--pack-destination', packs], { cwd: resolve(ROOT, pkg), env: cleanEnv(), maxBuffer: 16 << 20 });
      const added = (await readdir(packs)).filter((f) => f.endsWith('.tgz') && !before.has(f));
      if (added.length !== 1) throw new Error(`pnpm pack of ${pkg} made ${added.length} tarballs`);
      tarballs.push(join(packs, added[0]!));
    }
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'packed-consumer', private: true, type: 'module' }, null, 2));
    const deps = Object.entries(opts.dependencies ?? {}).map(([name, range]) => `${name}@${range}`);
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs, ...deps], {
      cwd: dir,
      env: cleanEnv(),
      maxBuffer: 16 << 20,
    });
    return { dir, cleanup };
  } catch (err) {
    await cleanup();
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`installPacks failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`.trim(), { cause: err });
  }
}
