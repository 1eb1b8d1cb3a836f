/**
 * The inputs of a compilation and their fingerprint, shared by `scripts/compile.ts` (which writes
 * it into every artifact) and `sourceHash()` (which recomputes it from disk, for the drift test).
 *
 * The inputs are our `contracts/**.sol` files plus the closure of their imports (OpenZeppelin files
 * from node_modules), found by reading `import` statements; compile.ts checks that this closure is
 * exactly the set of files solc asked for.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The solc-js version the artifacts are compiled with (npm `solc`, pinned in package.json). */
export const SOLC_VERSION = '0.8.30';

/** solc standard-JSON `settings` (without `outputSelection`, which does not change the bytecode). */
export const SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
} as const;

/** Absolute path of packages/contracts. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CONTRACTS_DIR = 'contracts';
const requireFromPackage = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/** Source unit names of our own sources, e.g. `contracts/GatewayToken.sol`, sorted. */
export function ownSourceNames(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(PACKAGE_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.sol') ? [`${dir}/${e.name}`] : [],
    );
  return walk(CONTRACTS_DIR).sort();
}

/**
 * Reads a source unit by its name: ours relative to packages/contracts, anything else (e.g.
 * `@openzeppelin/contracts/...`) resolved from this package's node_modules.
 */
export function readSource(name: string): string {
  if (name.startsWith(`${CONTRACTS_DIR}/`)) return readFileSync(path.join(PACKAGE_ROOT, name), 'utf8');
  if (name.startsWith('.') || name.startsWith('/')) throw new Error(`unexpected source unit name ${name}`);
  return readFileSync(requireFromPackage.resolve(name), 'utf8');
}

const IMPORT_RE = /^\s*import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;

/** The source unit names `content` (the file `name`) imports, resolved as solc does. */
export function importsOf(name: string, content: string): string[] {
  return [...content.matchAll(IMPORT_RE)].map((m) => {
    const target = m[1]!;
    return target.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(name), target)) : target;
  });
}

/** Every source unit a compilation of our sources uses, name → content (sorted by name). */
export function collectSources(): Map<string, string> {
  const found = new Map<string, string>();
  const queue = ownSourceNames();
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (found.has(name)) continue;
    const content = readSource(name);
    found.set(name, content);
    queue.push(...importsOf(name, content));
  }
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** sha256 (hex, `0x`-less) over the sources (sorted by name), the compiler version and the settings. */
export function hashSources(sources: Map<string, string>): string {
  const h = createHash('sha256');
  for (const [name, content] of [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    h.update(`${name}\0${content}\0`);
  }
  h.update(JSON.stringify({ version: SOLC_VERSION, settings: SOLC_SETTINGS }));
  return h.digest('hex');
}

/** The fingerprint of the sources on disk now; equals the artifacts' `sourceHash` unless they drifted. */
export function sourceHash(): string {
  return hashSources(collectSources());
}
