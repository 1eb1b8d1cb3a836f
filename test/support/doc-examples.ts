/**
 * Executable examples of the guides. A fenced block becomes an example when the line before it
 * (blank lines allowed in between) is a marker:
 *
 *     <!-- example: pay-and-settle -->
 *     ```sh
 *     curl -fsS "$GW/gateway/v1/payments" ...
 *     ```
 *
 * A marker may add attributes after the name, separated by `;`:
 *
 * - `terminal: N`: the page is a walkthrough; the block is typed in its reader's terminal N, and the
 *   page's blocks run in page order, each terminal one shell whose variables carry over;
 * - `until: <text>`: the block runs in the background (a server the reader leaves running) and is
 *   ready once its output contains `<text>`;
 * - `save-as: <path>`: the page tells its reader to save the block as this file (relative to the
 *   walkthrough's working directory) instead of running it;
 * - `env: A B`: the variables the page tells its reader to give this block (a `js` block's
 *   `process.env`).
 *
 * A page says which variables its shell examples expect its reader to have set with one line
 * `<!-- example-env: GW API_KEY -->` (a walkthrough adds `; terminals: 1 2`): the test runner
 * passes exactly those (and `PATH` and `HOME`), never anything else, so that a harness that knows
 * more than the reader cannot hide the reader's failure. {@link undeclaredReads} and
 * {@link unexplainedDeclarations} hold the pages to that statically.
 *
 * Names are unique across all files. The block's language picks its kind: `sh`/`bash`/`shell` →
 * `sh`; any other language keeps its name as kind (`js`: plain `node`) and fails the run when no
 * runner takes it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface DocExample {
  name: string;
  /** `sh`, or the fence's language. */
  kind: string;
  code: string;
  /** `docs/integrating.md:42`: where the marker is. */
  where: string;
  /** The page's terminal this block is typed in (walkthroughs only). */
  terminal?: number;
  /** Runs in the background; ready once its output contains this text. */
  until?: string;
  /** Saved by the reader as this file instead of being run. */
  saveAs?: string;
  /** Variables the page tells its reader to give this block. */
  env: string[];
}

/** A page's `<!-- example-env: … -->` line. */
export interface PageEnv {
  names: string[];
  /** A walkthrough's terminals that have them; undefined: every shell of the page. */
  terminals?: number[];
  where: string;
}

/** One page with its examples. */
export interface DocPage {
  /** `docs/quickstart.md`. */
  file: string;
  text: string;
  examples: DocExample[];
  env: PageEnv[];
  /** Whether its blocks are typed in terminals, in page order (a `terminal:` attribute). */
  walkthrough: boolean;
}

const MARKER = /^<!--\s*example:\s*([^\s;]+)\s*(?:;(.*?))?\s*-->\s*$/;
const ENV_MARKER = /^<!--\s*example-env:\s*([^;]*?)\s*(?:;\s*terminals:\s*([\d\s]+))?\s*-->\s*$/;
const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)/;
const SHELL = new Set(['sh', 'bash', 'shell']);
const NAME = /^[A-Z_][A-Z0-9_]*$/;

/** `terminal: 2; until: ready` → attributes. @throws Error for an unknown or malformed one */
function attributes(raw: string | undefined, where: string): Pick<DocExample, 'terminal' | 'until' | 'saveAs' | 'env'> {
  const out: Pick<DocExample, 'terminal' | 'until' | 'saveAs' | 'env'> = { env: [] };
  for (const part of (raw ?? '').split(';').map((p) => p.trim())) {
    if (!part) continue;
    const m = /^([a-z-]+):\s*(.+)$/.exec(part);
    if (!m) throw new Error(`${where}: malformed example attribute "${part}" (use key: value)`);
    const [, key, value] = m as unknown as [string, string, string];
    if (key === 'terminal' && /^\d+$/.test(value)) out.terminal = Number(value);
    else if (key === 'until') out.until = value;
    else if (key === 'save-as') out.saveAs = value;
    else if (key === 'env' && value.split(/\s+/).every((n) => NAME.test(n))) out.env = value.split(/\s+/);
    else throw new Error(`${where}: unknown or malformed example attribute "${part}"`);
  }
  return out;
}

/** The marked examples and the env declarations of one Markdown text. @throws Error for a bad marker */
export function extractPage(markdown: string, file: string): DocPage {
  const lines = markdown.split('\n');
  const examples: DocExample[] = [];
  const env: PageEnv[] = [];
  let inFence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (inFence) {
      if (fence && line.trim() === inFence) inFence = undefined;
      continue;
    }
    if (fence) {
      inFence = fence[1];
      continue;
    }
    const where = `${file}:${i + 1}`;
    const envMarker = ENV_MARKER.exec(line.trim());
    if (envMarker) {
      const names = envMarker[1]!.split(/\s+/).filter(Boolean);
      if (names.length === 0 || !names.every((n) => NAME.test(n))) throw new Error(`${where}: malformed example-env marker`);
      env.push({ names, terminals: envMarker[2]?.trim().split(/\s+/).map(Number), where });
      continue;
    }
    const marker = MARKER.exec(line.trim());
    if (!marker) {
      if (/^<!--\s*example/.test(line.trim()))
        throw new Error(`${where}: malformed example marker (use <!-- example: <name> --> or <!-- example-env: NAME … -->)`);
      continue;
    }
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() === '') j++;
    const open = j < lines.length ? FENCE.exec(lines[j]!) : null;
    if (!open) throw new Error(`${where}: the example marker "${marker[1]}" is not followed by a fenced block`);
    const lang = open[2]!.toLowerCase();
    const body: string[] = [];
    let k = j + 1;
    for (; k < lines.length && lines[k]!.trim() !== open[1]; k++) body.push(lines[k]!);
    if (k >= lines.length) throw new Error(`${file}:${j + 1}: the fenced block of example "${marker[1]}" is never closed`);
    examples.push({
      name: marker[1]!,
      kind: SHELL.has(lang) ? 'sh' : lang || 'unknown',
      code: body.join('\n'),
      where,
      ...attributes(marker[2], where),
    });
    i = k;
  }
  return { file, text: markdown, examples, env, walkthrough: examples.some((e) => e.terminal !== undefined) };
}

/** The marked examples of one Markdown text. @throws Error for a marker that names no block */
export function extractExamples(markdown: string, file: string): DocExample[] {
  return extractPage(markdown, file).examples;
}

/** README.md and docs/*.md under `root`, with their examples. @throws Error for a bad marker or a name used twice */
export function collectPages(root: string): DocPage[] {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => join('docs', f)),
  ];
  const pages = files.map((f) => extractPage(readFileSync(join(root, f), 'utf8'), relative(root, join(root, f))));
  const seen = new Map<string, string>();
  for (const e of pages.flatMap((p) => p.examples)) {
    const other = seen.get(e.name);
    if (other) throw new Error(`example name "${e.name}" is used twice: ${other} and ${e.where}`);
    seen.set(e.name, e.where);
  }
  return pages;
}

/** Every example of README.md and docs/*.md under `root`. */
export function collectExamples(root: string): DocExample[] {
  return collectPages(root).flatMap((p) => p.examples);
}

/** The variables a page's `example-env` lines give the shells of `terminal` (undefined: not a walkthrough). */
export function declaredFor(page: DocPage, terminal?: number): string[] {
  return [
    ...new Set(page.env.filter((d) => !d.terminals || terminal === undefined || d.terminals.includes(terminal)).flatMap((d) => d.names)),
  ];
}

/** What every shell has without anybody setting it. */
const SHELL_PROVIDED = new Set(['PATH', 'HOME', 'PWD', 'OLDPWD', 'RANDOM', 'USER', 'SHELL', 'UID', 'IFS', 'SECONDS', 'LINENO']);

/** The variables a shell block reads that it (or nothing before it) does not set; `${X:-default}` needs nothing. */
function shellReads(code: string): { reads: Set<string>; sets: Set<string> } {
  const sets = new Set<string>();
  const reads = new Set<string>();
  const withoutComments = code
    .split('\n')
    .map((l) => (/^\s*#/.test(l) ? '' : l))
    .join('\n');
  for (const m of withoutComments.matchAll(/(?:^|[\s;&|(])(?:export\s+|local\s+|readonly\s+)?([A-Za-z_][A-Za-z0-9_]*)=/gm)) sets.add(m[1]!);
  for (const m of withoutComments.matchAll(/\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\b/g)) sets.add(m[1]!);
  for (const m of withoutComments.matchAll(/\bread\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_]*)/g)) sets.add(m[1]!);
  for (const m of withoutComments.matchAll(/\$\{?([A-Z_][A-Z0-9_]*)(:?[-=])?/g)) {
    // A default (`${PORT:-3000}`) or a variable jq or awk reads (`$p` after --arg) is no requirement.
    if (m[2]) continue;
    reads.add(m[1]!);
  }
  return { reads, sets };
}

/** The `process.env` names a `js` block reads without a fallback (`process.env.PORT ?? 8080` needs nothing). */
function jsReads(code: string): Set<string> {
  const reads = new Set<string>();
  for (const m of code.matchAll(/process\.env\.([A-Z_][A-Z0-9_]*)(\s*\?\?)?/g)) if (!m[2]) reads.add(m[1]!);
  return reads;
}

/**
 * What a page's examples read that the page neither sets in an earlier block of the same shell nor
 * declares (`example-env`, or a block's `env:`): the reader would not have it.
 * @returns `where: NAME` entries, empty when the page gives its reader everything
 */
export function undeclaredReads(page: DocPage): string[] {
  const out: string[] = [];
  const setIn = new Map<number | undefined, Set<string>>();
  for (const e of page.examples) {
    if (e.kind === 'sh') {
      const shell = page.walkthrough ? e.terminal : undefined;
      const known = page.walkthrough ? (setIn.get(shell) ?? new Set<string>()) : new Set<string>();
      const { reads, sets } = shellReads(e.code);
      const declared = new Set([...declaredFor(page, shell), ...e.env]);
      for (const name of reads)
        if (!sets.has(name) && !known.has(name) && !declared.has(name) && !SHELL_PROVIDED.has(name)) out.push(`${e.where}: ${name}`);
      for (const name of sets) known.add(name);
      setIn.set(shell, known);
    } else if (e.kind === 'js') {
      for (const name of jsReads(e.code)) if (!e.env.includes(name)) out.push(`${e.where}: process.env.${name}`);
    }
  }
  return out;
}

/**
 * Declared variables the page never explains to its reader: each name an `example-env` line or an
 * `env:` attribute gives must appear in the page outside the markers and outside the block it is
 * given to, where the reader learns to set it.
 * @returns `where: NAME` entries
 */
export function unexplainedDeclarations(page: DocPage): string[] {
  const prose = page.text.replace(/<!--[\s\S]*?-->/g, '');
  const out: string[] = [];
  for (const d of page.env) for (const name of d.names) if (!prose.includes(name)) out.push(`${d.where}: ${name}`);
  for (const e of page.examples) for (const name of e.env) if (!prose.replace(e.code, '').includes(name)) out.push(`${e.where}: ${name}`);
  return out;
}

/**
 * The environment of a reader's shell: `PATH` and `HOME`, and exactly the declared variables.
 * @throws Error when `values` holds anything the page does not declare, or lacks a declared value
 */
export function readerEnv(
  declared: readonly string[],
  values: Record<string, string>,
  base: { PATH: string; HOME: string },
): Record<string, string> {
  const extra = Object.keys(values).filter((k) => !declared.includes(k));
  if (extra.length) throw new Error(`the harness would pass ${extra.join(', ')}, which the page does not tell its reader to set`);
  const missing = declared.filter((k) => values[k] === undefined);
  if (missing.length) throw new Error(`the page declares ${missing.join(', ')}, which the harness cannot give`);
  return { PATH: base.PATH, HOME: base.HOME, ...values };
}
