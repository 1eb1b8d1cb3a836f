/**
 * The generated sections of the guides match the code: the endpoint index
 * (docs/endpoints.md), the configuration tables (docs/configuration.md), the retry schedule and
 * the fair share (docs/webhooks.md), the MCP tools (docs/connectors.md), the module dependencies
 * (ARCHITECTURE.md) and the bench's current figures (bench/README.md, from
 * bench/results/summary.json). `pnpm docs:generate` rewrites them.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ENV, loadConfig, PRODUCTION_DEFAULTS } from '@gw/core/config';
import { ROUTES } from '@gw/api';
import { backoffDelayMs } from '@gw/core/webhooks';
import { opsEnvSchema } from '../apps/ops/src/config.js';
import { MCP_TOOLS } from '../apps/api/src/mcp/tools.js';
import { SECTIONS, envComments, sectionOf, sliceFile } from '../scripts/docs-generate.js';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** The cells of a Markdown table, whatever its padding (prettier aligns the columns). */
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

describe('generated documentation (pnpm docs:generate)', () => {
  for (const s of SECTIONS) {
    it(`${s.file} § ${s.name} is what the code says`, () => {
      expect(cells(sectionOf(read(s.file), s.name))).toEqual(cells(s.render()));
    });
  }

  it('lists every route once', () => {
    const rows = cells(sectionOf(read('docs/endpoints.md'), 'endpoints'));
    expect(rows.length).toBe(ROUTES.length + 1);
  });

  it('lists every MCP tool once (docs/connectors.md)', () => {
    const rows = cells(sectionOf(read('docs/connectors.md'), 'mcp-tools')).slice(1);
    expect(rows.map((r) => r[0])).toEqual(MCP_TOOLS.map((t) => `\`${t.name}\``));
  });

  it('documents every variable, each with a meaning, in the table of the slice that declares it', () => {
    const variables = (section: string) =>
      cells(sectionOf(read('docs/configuration.md'), section))
        .map((r) => r[0])
        .filter((v) => v !== 'variable');
    const slices = [
      ...ENV.slices.map((s) => ({ schema: s.schema, file: sliceFile(s), name: s.source.variable })),
      { schema: opsEnvSchema, file: 'apps/ops/src/config.ts', name: 'opsEnvSchema' },
    ];
    for (const { schema, file, name } of slices) {
      const comments = envComments(new URL(`../${file}`, import.meta.url), name);
      const undocumented = Object.keys(schema.shape).filter((v) => !comments.get(v));
      expect({ file, undocumented }).toEqual({ file, undocumented: [] });
    }
    expect(variables('env')).toEqual(ENV.slices.flatMap((s) => Object.keys(s.schema.shape)).map((v) => `\`${v}\``));
    expect(read('docs/configuration.md')).toContain(`### \`webhooks\` (\`packages/core/src/webhooks/config.ts\`)`);
    expect(variables('env-ops')).toEqual(Object.keys(opsEnvSchema.shape).map((v) => `\`${v}\``));
  });

  it('the retry table of docs/webhooks.md has the waits the worker makes by default in production: attempts − 1 of them', () => {
    // Development retries faster by default; the table documents production's schedule.
    const d = ENV.load({ NODE_ENV: 'production' }, { secretsKey: 'unused' });
    expect(d).toMatchObject(PRODUCTION_DEFAULTS);
    expect(loadConfig({ NODE_ENV: 'production', SECRETS_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 1).toString('base64')}` })).toMatchObject(d);
    const rows = cells(sectionOf(read('docs/webhooks.md'), 'retry-schedule')).slice(1);
    const waits = rows.filter((r) => r[1] !== '—');
    expect(waits).toHaveLength(d.WEBHOOK_MAX_ATTEMPTS - 1);
    const ms = (text: string) =>
      [...text.matchAll(/(\d+) (h|min|s)\b/g)].reduce((t, [, n, u]) => t + Number(n) * { h: 3_600_000, min: 60_000, s: 1000 }[u as 'h'], 0);
    expect(waits.map((r) => ms(r[1]!))).toEqual(
      waits.map((_r, i) => backoffDelayMs(i + 1, d.WEBHOOK_BACKOFF_BASE_MS, d.WEBHOOK_BACKOFF_MAX_MS)),
    );
    expect(rows.at(-1)![0]).toBe(String(d.WEBHOOK_MAX_ATTEMPTS));
  });
});
