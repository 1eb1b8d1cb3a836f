/**
 * Executable examples of the guides (issue #13, 5). A fenced block becomes an example when the
 * line before it (blank lines allowed in between) is a marker:
 *
 *     <!-- example: pay-and-settle -->
 *     ```sh
 *     curl -fsS "$GW/gateway/v1/payments" ...
 *     ```
 *
 * Names are unique across all files. The block's language picks its kind: `sh`/`bash`/`shell` →
 * `sh` (run by `test/docs-examples.test.ts` with `bash -euo pipefail` against a real stack); any
 * other language keeps its name as kind (`js`: plain `node` with the packed client and receiver kit
 * installed, run by its own suite in that test) and fails the run when no runner takes it.
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
}

const MARKER = /^<!--\s*example:\s*(\S+)\s*-->\s*$/;
const FENCE = /^(`{3,}|~{3,})\s*([\w-]*)/;
const SHELL = new Set(['sh', 'bash', 'shell']);

/** The marked examples of one Markdown text. @throws Error for a marker that names no block */
export function extractExamples(markdown: string, file: string): DocExample[] {
  const lines = markdown.split('\n');
  const out: DocExample[] = [];
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
    const marker = MARKER.exec(line.trim());
    if (!marker) {
      if (/^<!--\s*example\b/.test(line.trim()))
        throw new Error(`${file}:${i + 1}: malformed example marker (use <!-- example: <name> -->)`);
      continue;
    }
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() === '') j++;
    const open = j < lines.length ? FENCE.exec(lines[j]!) : null;
    if (!open) throw new Error(`${file}:${i + 1}: the example marker "${marker[1]}" is not followed by a fenced block`);
    const lang = open[2]!.toLowerCase();
    const body: string[] = [];
    let k = j + 1;
    for (; k < lines.length && lines[k]!.trim() !== open[1]; k++) body.push(lines[k]!);
    if (k >= lines.length) throw new Error(`${file}:${j + 1}: the fenced block of example "${marker[1]}" is never closed`);
    out.push({ name: marker[1]!, kind: SHELL.has(lang) ? 'sh' : lang || 'unknown', code: body.join('\n'), where: `${file}:${i + 1}` });
    i = k;
  }
  return out;
}

/** The examples of README.md and docs/*.md under `root`. @throws Error for a bad marker or a name used twice */
export function collectExamples(root: string): DocExample[] {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => join('docs', f)),
  ];
  const all = files.flatMap((f) => extractExamples(readFileSync(join(root, f), 'utf8'), relative(root, join(root, f))));
  const seen = new Map<string, string>();
  for (const e of all) {
    const other = seen.get(e.name);
    if (other) throw new Error(`example name "${e.name}" is used twice: ${other} and ${e.where}`);
    seen.set(e.name, e.where);
  }
  return all;
}
