/**
 * The repository explains itself: no file of it points the reader to the project's tracker
 * ("issue #27", "issues #11 and #24", "(spec, Session)"), whose threads a reader of the code, an
 * integrator or an operator cannot see. The reason a reference stood for is written out in the
 * domain's terms; history belongs in commit messages.
 *
 * Scanned: every text file of the repository as a fresh clone has it (`git ls-files`: the tracked
 * files and the untracked ones git does not ignore, so a file not yet committed counts too), code,
 * tests, scripts, the bench, configuration, Dockerfile, compose and CI files and the guides alike,
 * and every text of the OpenAPI document `GET /api/openapi.json` serves (`buildOpenApiDocument()`,
 * built in this process: no server, no database). Not scanned: {@link HISTORY} (records of the past
 * by nature) and this file (its own examples).
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@gw/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A reference to the tracker: "issue #N" / "issues #N" in any case (also when a comment wraps
 * between the word and the number, as in "issue\n * #28" or "issue\n# #28") and the
 * specification's "(spec, Session)".
 */
const REFERENCE = /issues?(?:[ \t]*\r?\n[ \t]*(?:\*(?!\/)|\/\/\/?|#|--)?)?[ \t]*#\d|spec, Session\b/gi;

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

/** This file: its examples are references on purpose. */
const SELF = 'test/no-tracker-references.test.ts';

/**
 * Records of the past, where a reference is part of what happened: the applied migrations (with
 * their snapshots, never edited once applied) and the bench's dated journal.
 */
const HISTORY = [/^prisma\/migrations\//, /^bench\/JOURNAL\.md$/];

/**
 * The repository's files as a fresh clone has them, plus this checkout's untracked files that git
 * does not ignore (no `node_modules`, no build output, no `.env`, no generated Prisma client, whose
 * comments are prisma/schema.prisma's), relative to the repository and sorted; a file deleted in
 * the working tree is left out.
 */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile())
    .sort();
}

/** The scanned files: every file of the repository but {@link SELF} and {@link HISTORY}. */
function scannedFiles(): string[] {
  return repositoryFiles().filter((file) => file !== SELF && !HISTORY.some((re) => re.test(file)));
}

/** The text of `file` (relative to the repository), or null when it is binary (holds a NUL byte). */
function textOf(file: string): string | null {
  const bytes = readFileSync(path.join(ROOT, file));
  return bytes.includes(0) ? null : bytes.toString('utf8');
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
      "  ? '; LIST INDEXES AS BEFORE ISSUE #15'", // 11
      '# The pooler suite (issue', // 12
      '# #15) starts its own pgbouncer', // 13
      '-- The roles (issue', // 14
      '-- #24, least privilege)', // 15
      '## Sharding', // 16
      '## 2. Shards', // 17
    ].join('\n');
    expect(referencesIn('x.ts', text).map((r) => r.where)).toEqual([
      'x.ts:1',
      'x.ts:2',
      'x.ts:3',
      'x.ts:5',
      'x.ts:6',
      'x.ts:10',
      'x.ts:11',
      'x.ts:12',
      'x.ts:14',
    ]);
  });

  it('scans every file of the repository but the history and this file', () => {
    const files = scannedFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        '.ci/run',
        '.env.example',
        '.github/workflows/ci.yml',
        'ARCHITECTURE.md',
        'Dockerfile',
        'README.md',
        'bench/README.md',
        'bench/run.ts',
        'docker-compose.yml',
        'docs/operating.md',
        'packages/contracts/contracts/Staking.sol',
        'packages/runtime/src/config/env.ts',
        'packages/runtime/test/config.test.ts',
        'prisma/schema.prisma',
        'scripts/demo.ts',
        'test/support/stack.ts',
      ]),
    );
    expect(files.filter((f) => f === SELF || f === 'bench/JOURNAL.md' || f.startsWith('prisma/migrations/'))).toEqual([]);
    expect(repositoryFiles()).toEqual(expect.arrayContaining([SELF, 'bench/JOURNAL.md']));
  });

  it('finds none in the files of the repository', () => {
    const found = scannedFiles().flatMap((file) => {
      const text = textOf(file);
      return text === null ? [] : referencesIn(file, text);
    });
    expect(show(found)).toEqual([]);
  });

  it('finds none in the OpenAPI document the API serves', () => {
    expect(show(referencesInDocument(buildOpenApiDocument()))).toEqual([]);
  });
});
