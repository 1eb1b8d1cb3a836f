/**
 * Code, docs and the API reference explain themselves: none of them points the reader to the
 * project's tracker ("issue #27", "issues #11 and #24", "(spec, Session)"), whose threads a reader
 * of the code, an integrator or an operator cannot see. The reason a reference stood for is written
 * out in the domain's terms; history belongs in commit messages.
 *
 * Scanned: the `src` folder of every app and package (under apps/ and packages/, the generated
 * client types included), the guides (`docs/`), README.md, ARCHITECTURE.md, bench/README.md, and every text of the
 * OpenAPI document `GET /api/openapi.json` serves (`buildOpenApiDocument()`, built in this process:
 * no server, no database). Tests, the bench and the applied migrations are not scanned.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@gw/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A reference to the tracker: "issue #N" / "issues #N" (also when a comment wraps between the word
 * and the number, as in "issue\n * #28") and the specification's "(spec, Session)".
 */
const REFERENCE = /[Ii]ssues?(?:[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/)?)?[ \t]*#\d|spec, Session\b/g;

/** The extensions of the text files scanned under the source folders. */
const TEXT_FILES = /\.(?:[cm]?[jt]sx?|json|md|html|css|ya?ml|txt|sql|prisma|sol)$/;

/** One reference found: `where` (file:line, or the document's JSON pointer) and the text around it. */
interface Reference {
  where: string;
  text: string;
}

/** Up to 60 characters either side of `index` in `text`, on one line. */
const around = (text: string, index: number) =>
  text
    .slice(Math.max(0, index - 60), index + 60)
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The lines of `text` where a reference starts, each once (1-based), with the text around the first.
 * @param name how `text` is named in the answer (a path relative to the repository)
 */
function referencesIn(name: string, text: string): Reference[] {
  const byLine = new Map<number, Reference>();
  for (const m of text.matchAll(REFERENCE)) {
    const line = text.slice(0, m.index).split('\n').length;
    if (!byLine.has(line)) byLine.set(line, { where: `${name}:${line}`, text: around(text, m.index) });
  }
  return [...byLine.values()];
}

/**
 * Not scanned: dependencies, build output, and the Prisma client `prisma generate` writes at install
 * (not committed; its comments are prisma/schema.prisma's).
 */
const SKIPPED = new Set(['node_modules', 'dist', 'packages/db/src/generated']);

/** Every file under `dir` (relative to the repository), recursively, without {@link SKIPPED}. */
function filesUnder(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const rel = path.posix.join(dir, entry);
    if (SKIPPED.has(entry) || SKIPPED.has(rel)) return [];
    return statSync(path.join(ROOT, rel)).isDirectory() ? filesUnder(rel) : [rel];
  });
}

/** The scanned files: the apps' and packages' sources, the guides, and the entry documents. */
function scannedFiles(): string[] {
  const sources = ['apps', 'packages'].flatMap((top) =>
    readdirSync(path.join(ROOT, top))
      .filter((name) => statSync(path.join(ROOT, top, name, 'src'), { throwIfNoEntry: false })?.isDirectory())
      .map((name) => `${top}/${name}/src`),
  );
  return [...sources, 'docs']
    .flatMap(filesUnder)
    .filter((f) => TEXT_FILES.test(f))
    .concat('README.md', 'ARCHITECTURE.md', 'bench/README.md')
    .sort();
}

/** The references in every string of `value` (an OpenAPI document), by JSON pointer. */
function referencesInDocument(value: unknown, pointer = '#'): Reference[] {
  if (typeof value === 'string') {
    const first = value.search(REFERENCE);
    return first < 0 ? [] : [{ where: `GET /api/openapi.json ${pointer}`, text: around(value, first) }];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => referencesInDocument(v, `${pointer}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      referencesInDocument(v, `${pointer}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`),
    );
  }
  return [];
}

const show = (refs: Reference[]) => refs.map((r) => `${r.where}: ${r.text}`);

describe('no references to the tracker', () => {
  it('recognises a reference, also wrapped over two comment lines, and nothing else', () => {
    const text = [
      '/** Login (issue #11): */', // 1
      ' * see issues #11 and #24', // 2
      ' * the gasless deposit (issue', // 3
      ' * #27), signed', // 4
      '// Issue #30: shards', // 5
      ' * Wallet login (spec, Session).', // 6
      ' * the service issues a nonce; PKCS#8 PEM; Order #1001; `#/components/schemas`', // 7
      ' * the service issues', // 8
      ' * #/components/x and `…#1`', // 9
      '## Sharding (issue #30)', // 10
    ].join('\n');
    expect(referencesIn('x.ts', text).map((r) => r.where)).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:3', 'x.ts:5', 'x.ts:6', 'x.ts:10']);
  });

  it('finds none in the sources of the apps and packages, the guides and the entry documents', () => {
    const files = scannedFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'ARCHITECTURE.md',
        'bench/README.md',
        'docs/operating.md',
        'packages/runtime/src/config/env.ts',
      ]),
    );
    const found = files.flatMap((file) => referencesIn(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(show(found)).toEqual([]);
  });

  it('finds none in the OpenAPI document the API serves', () => {
    expect(show(referencesInDocument(buildOpenApiDocument()))).toEqual([]);
  });
});
