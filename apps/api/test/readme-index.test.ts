import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ROUTE_INDEX_END, ROUTE_INDEX_START, ROUTES, routeIndexMarkdown } from '@gw/api';

/** The cells of a Markdown table, whatever its padding (prettier aligns the README's columns). */
const cells = (table: string) =>
  table
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l))
    .map((l) =>
      l
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );

describe("README's endpoint index (issue #12)", () => {
  it('is the route table, as `pnpm docs:routes` writes it', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf(ROUTE_INDEX_START), readme.indexOf(ROUTE_INDEX_END));
    expect(section.length).toBeGreaterThan(0);
    const documented = cells(section);
    expect(documented).toEqual(cells(routeIndexMarkdown(ROUTES)));
    expect(documented.length).toBe(ROUTES.length + 1);
  });
});
