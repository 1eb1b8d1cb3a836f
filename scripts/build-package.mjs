// Compiles one workspace package (the current directory) for production: every `src/**/*.ts` file
// to `dist/**/*.js`, one output file per source file, same folder layout. Run by each package's
// `build` script (`pnpm build` at the root runs them all); plain JavaScript, so it needs no tsx.
//
// Why esbuild's per-file transform rather than `tsc -b` or a bundle (docs/operating.md, "Runtime
// and build"):
// - types are checked by `pnpm typecheck` (tsc, unchanged); the build only strips them, which
//   esbuild does in well under a second for the whole workspace (`isolatedModules` is on, so
//   every file compiles on its own);
// - `dist/` mirrors `src/` depth for depth, so every path computed from `import.meta.url`
//   (migrations folder, contracts config and ABIs, the Prisma client's `__dirname`) resolves
//   exactly as it does from the sources, and relative imports (already written `./x.js`) need no
//   rewriting;
// - dependencies stay where pnpm put them: a workspace package resolves `@gw/...` through its
//   package.json `exports`, whose `gw-dist` condition points at `dist/` (`node --conditions=gw-dist`
//   in the image), while tsx, jest and tsc keep resolving `src/` through the `default` condition.
//
// Usage: node ../../scripts/build-package.mjs [--exclude <relative path>]...
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const cwd = process.cwd();
const srcDir = path.join(cwd, 'src');
const outDir = path.join(cwd, 'dist');
const exclude = new Set();
for (let i = 2; i < process.argv.length; i += 1) {
  if (process.argv[i] === '--exclude' && process.argv[i + 1]) exclude.add(path.normalize(process.argv[(i += 1)]));
}

/** Every `.ts` file under `dir` (declaration files and excluded paths left out), sorted. */
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (exclude.has(path.relative(srcDir, full))) continue;
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const entryPoints = sources(srcDir);
if (entryPoints.length === 0) throw new Error(`build: no .ts file under ${srcDir}`);

rmSync(outDir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints,
  outdir: outDir,
  outbase: srcDir,
  bundle: false,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: false,
  logLevel: 'warning',
});
const ms = Math.round(performance.now() - started);
process.stdout.write(`compiled ${entryPoints.length} file(s) src → dist in ${ms} ms\n`);
