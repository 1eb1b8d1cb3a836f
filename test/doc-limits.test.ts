/**
 * The entry documents stay short enough to be read whole, and so to be kept true: a reader who
 * meets a wall of text stops checking it against the code, and so does the next editor. Past a
 * limit, cut or move the detail to a guide in docs/ (bench narratives to bench/JOURNAL.md) rather
 * than raise the limit. That they name no tracker issue is test/no-tracker-references.test.ts's.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';

/** Most lines each document may have. */
const LIMITS: Record<string, number> = {
  'README.md': 250,
  'ARCHITECTURE.md': 150,
  'bench/README.md': 250,
};

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** Lines as `wc -l` counts them, plus a last line without its newline. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('length of the entry documents', () => {
  for (const [file, limit] of Object.entries(LIMITS)) {
    it(`${file} has at most ${limit} lines`, () => {
      expect(lineCount(read(file))).toBeLessThanOrEqual(limit);
    });
  }
});
