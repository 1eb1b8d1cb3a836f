/**
 * `pnpm docs:generate`: rewrites the generated sections of the guides from the code, then formats
 * the files with prettier. A generated section sits between `<!-- generated:NAME … -->` and
 * `<!-- /generated:NAME -->`; `test/docs-generated.test.ts` fails when one differs from what this
 * script would write (so the docs cannot drift from the code).
 *
 * - `endpoints` (docs/endpoints.md): the route table, as the API registers and documents it.
 * - `env` and `env-ops` (docs/configuration.md): every variable of each slice of the environment
 *   (`ENV` of `@gw/core/config`: the runtime's, then each module's `config.ts`), one table per
 *   slice, and of the ops app's `opsEnvSchema`, with its default, accepted values and the doc
 *   comment written above it in the source.
 * - `retry-schedule` (docs/webhooks.md): the waits `backoffDelayMs` makes with the default
 *   `WEBHOOK_MAX_ATTEMPTS`, `WEBHOOK_BACKOFF_BASE_MS` and `WEBHOOK_BACKOFF_MAX_MS`.
 * - `fair-share` (docs/webhooks.md): each organization's share of the worker pool (`fairShare`)
 *   with the default WORKER_CONCURRENCY and WEBHOOK_ORG_CONCURRENCY_MIN/MAX, for 1 to 4 worker
 *   replicas and a growing number of organizations with work.
 * - `mcp-tools` (docs/connectors.md): the MCP tools of the AI connectors, from the
 *   tool catalogue (`apps/api/src/mcp/tools.ts`) and the route rows it names.
 * - `module-dependencies` (ARCHITECTURE.md): the allowed dependencies between core's modules.
 * - `bench-figures` (bench/README.md): the bench's current headline figures, from
 *   bench/results/summary.json (which `pnpm bench` writes).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { MODULE_DEPENDENCIES } from '../packages/core/module-dependencies.js';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { z } from 'zod';
import { ROUTES, routeIndexMarkdown } from '@gw/api';
import { ENV } from '@gw/core/config';
import { backoffDelayMs, fairShare } from '@gw/core/webhooks';
import { opsEnvSchema } from '../apps/ops/src/config.js';
import { MCP_TOOLS, mcpToolsMarkdown } from '../apps/api/src/mcp/tools.js';
import { benchFiguresMarkdown, readSummary } from '../bench/lib/summary.js';

const ROOT = new URL('..', import.meta.url);

export const startMarker = (name: string) => `<!-- generated:${name} (pnpm docs:generate; do not edit by hand) -->`;
export const endMarker = (name: string) => `<!-- /generated:${name} -->`;

/** The text between a section's markers. @throws Error when the markers are missing */
export function sectionOf(text: string, name: string): string {
  const start = text.indexOf(startMarker(name));
  const end = text.indexOf(endMarker(name));
  if (start < 0 || end < start) throw new Error(`missing markers ${startMarker(name)} … ${endMarker(name)}`);
  return text.slice(start + startMarker(name).length, end);
}

/** `text` with the section `name` replaced by `content`. */
export function withSection(text: string, name: string, content: string): string {
  sectionOf(text, name);
  const start = text.indexOf(startMarker(name)) + startMarker(name).length;
  return `${text.slice(0, start)}\n\n${content}\n\n${text.slice(text.indexOf(endMarker(name)))}`;
}

// --- configuration -------------------------------------------------------------------------------

/** The doc comment written above each property of the `z.object({...})` assigned to `variable` in `file`. */
export function envComments(file: URL, variable: string): Map<string, string> {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(fileURLToPath(file), text, ts.ScriptTarget.Latest, true);
  const out = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === variable && node.initializer && ts.isCallExpression(node.initializer)) {
      const shape = node.initializer.arguments[0];
      if (shape && ts.isObjectLiteralExpression(shape)) {
        for (const prop of shape.properties) {
          const comments = ts.getLeadingCommentRanges(text, prop.getFullStart()) ?? [];
          const doc = comments.map((c) => text.slice(c.pos, c.end)).filter((c) => c.startsWith('/**'));
          const last = doc.at(-1);
          if (!prop.name || !last) continue;
          const body = last
            .replace(/^\/\*\*|\*\/$/g, '')
            .split('\n')
            .map((l) => l.replace(/^\s*\*\s?/, '').trim())
            .filter(Boolean)
            .join(' ');
          out.set(prop.name.getText(), body);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

type Def = { type: string; defaultValue?: unknown; innerType?: Schema; in?: Schema };
type Schema = z.ZodType & { def: Def; minValue?: number | null; maxValue?: number | null };

function unwrap(s: Schema): { inner: Schema; default?: unknown; optional: boolean } {
  const t = s.def.type;
  if (t === 'default' || t === 'prefault') return { inner: s.def.innerType!, default: s.def.defaultValue, optional: false };
  if (t === 'optional') return { inner: s.def.innerType!, optional: true };
  return { inner: s, optional: false };
}

function accepted(s: Schema): string {
  if (s.def.type === 'pipe') return accepted(s.def.in!);
  if (s.def.type === 'enum') return (s as unknown as { options: string[] }).options.map((o) => `\`${o}\``).join(', ');
  if (s.def.type === 'number') {
    const lo = s.minValue ?? undefined;
    const hi = s.maxValue ?? undefined;
    if (lo !== undefined && hi !== undefined && hi < Number.MAX_SAFE_INTEGER) return `integer ${lo}–${hi}`;
    return lo !== undefined ? `integer ≥ ${lo}` : 'integer';
  }
  return 'text';
}

const cell = (v: string) => v.replaceAll('|', '\\|');

/**
 * One table of variables: name, default, accepted values, meaning (from the source's doc comments).
 * @param byNodeEnv the defaults that depend on NODE_ENV, shown as
 *   "`production value` (development: `value`)"
 */
export function envTableMarkdown(
  schema: z.ZodObject,
  comments: Map<string, string>,
  byNodeEnv?: { production: Record<string, unknown>; development: Record<string, unknown> },
): string {
  const lines = Object.entries(schema.shape as Record<string, Schema>).map(([name, s]) => {
    const u = unwrap(s);
    const dflt =
      byNodeEnv && name in byNodeEnv.production
        ? `\`${String(byNodeEnv.production[name])}\` (development: \`${String(byNodeEnv.development[name])}\`)`
        : u.optional
          ? 'unset'
          : typeof u.default === 'string'
            ? `\`${u.default}\``
            : `\`${String(u.default)}\``;
    return `| \`${name}\` | ${cell(dflt)} | ${cell(accepted(u.inner))} | ${cell(comments.get(name) ?? '')} |`;
  });
  return ['| variable | default | accepted | meaning |', '| --- | --- | --- | --- |', ...lines].join('\n');
}

/** The source file of a slice, relative to the repository root. */
export const sliceFile = (slice: { source: { url: string } }): string => fileURLToPath(slice.source.url).slice(fileURLToPath(ROOT).length);

/**
 * The `env` section: one table per slice of the environment (the runtime's, then the modules'),
 * under a heading naming its owner and its source file.
 */
export function envSlicesMarkdown(): string {
  return ENV.slices
    .map((slice) => {
      const table = envTableMarkdown(slice.schema, envComments(new URL(slice.source.url), slice.source.variable), {
        production: ENV.productionDefaults,
        development: ENV.developmentDefaults,
      });
      return `### \`${slice.owner}\` (\`${sliceFile(slice)}\`)\n\n${table}`;
    })
    .join('\n\n');
}

// --- the retry schedule ----------------------------------------------------------------------------

function human(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms > 3_600_000 && ms % 60_000 === 0) return `${Math.floor(ms / 3_600_000)} h ${(ms % 3_600_000) / 60_000} min`;
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`;
}

/** The waits of one delivery's automatic attempts with the given settings: `maxAttempts − 1` of them. */
export function retryWaits(maxAttempts: number, baseMs: number, maxMs: number): number[] {
  return Array.from({ length: maxAttempts - 1 }, (_x, i) => backoffDelayMs(i + 1, baseMs, maxMs));
}

export function retryScheduleMarkdown(maxAttempts: number, baseMs: number, maxMs: number): string {
  let since = 0;
  const rows = retryWaits(maxAttempts, baseMs, maxMs).map((wait, i) => {
    since += wait;
    return `| ${i + 1} | ${human(wait)} | ${i + 2} | ${human(since)} |`;
  });
  return [
    '| attempt that failed | wait | next attempt | its earliest time after the first attempt |',
    '| --- | --- | --- | --- |',
    ...rows,
    `| ${maxAttempts} | — | none: the delivery is \`dead\` | — |`,
  ].join('\n');
}

// --- the fair share ----------------------------------------------------------------------------------

/**
 * The fair share table: per number of organizations with work (rows) and of worker replicas
 * (columns), the share of each, and how many slots stay free for an organization whose work
 * arrives next when every one of them takes all it may. A second attempt of an organization
 * needs one share left free after it, a first one only a free slot, so at most
 * min(organizations × share, max(pool − share, min(organizations, pool))) are in flight.
 */
export function fairShareMarkdown(workerConcurrency: number, min: number, max: number): string {
  const replicas = [1, 2, 4];
  const header = `| organizations with work | ${replicas.map((r) => `${r} worker${r > 1 ? 's' : ''} (pool ${r * workerConcurrency})`).join(' | ')} |`;
  const rows = [1, 2, 3, 5, 10, 25, 50].map((orgs) => {
    const cells = replicas.map((r) => {
      const pool = r * workerConcurrency;
      const share = fairShare(pool, orgs, min, max);
      const inFlight = Math.min(orgs * share, Math.max(pool - share, Math.min(orgs, pool)));
      return `${share} each, ${pool - inFlight} free`;
    });
    return `| ${orgs} | ${cells.join(' | ')} |`;
  });
  return [header, `| --- | ${replicas.map(() => '---').join(' | ')} |`, ...rows].join('\n');
}

// --- the sections ------------------------------------------------------------------------------------

/** The production defaults (the retry table documents the specification's schedule, not development's). */
const defaults = ENV.load({ NODE_ENV: 'production' }, { secretsKey: 'unused' });

/**
 * ARCHITECTURE.md's table of the allowed dependencies between the modules of packages/core,
 * from packages/core/module-dependencies.js, which `pnpm lint` enforces.
 */
export function moduleDependenciesMarkdown(deps: Readonly<Record<string, readonly string[]>>): string {
  const usedBy = (m: string) => Object.keys(deps).filter((k) => deps[k]!.includes(m));
  const list = (ms: readonly string[]) => (ms.length ? ms.map((m) => `\`${m}\``).join(', ') : '—');
  const rows = Object.keys(deps).map((m) => `| \`${m}\` | ${list(deps[m]!)} | ${list(usedBy(m))} |`);
  return ['| module | may import | imported by |', '| --- | --- | --- |', ...rows].join('\n');
}

export const SECTIONS: { file: string; name: string; render: () => string }[] = [
  { file: 'docs/endpoints.md', name: 'endpoints', render: () => routeIndexMarkdown(ROUTES) },
  { file: 'docs/connectors.md', name: 'mcp-tools', render: () => mcpToolsMarkdown(MCP_TOOLS) },
  { file: 'ARCHITECTURE.md', name: 'module-dependencies', render: () => moduleDependenciesMarkdown(MODULE_DEPENDENCIES) },
  { file: 'docs/configuration.md', name: 'env', render: () => envSlicesMarkdown() },
  {
    file: 'docs/configuration.md',
    name: 'env-ops',
    render: () => envTableMarkdown(opsEnvSchema, envComments(new URL('apps/ops/src/config.ts', ROOT), 'opsEnvSchema')),
  },
  {
    file: 'docs/webhooks.md',
    name: 'retry-schedule',
    render: () => retryScheduleMarkdown(defaults.WEBHOOK_MAX_ATTEMPTS, defaults.WEBHOOK_BACKOFF_BASE_MS, defaults.WEBHOOK_BACKOFF_MAX_MS),
  },
  {
    file: 'docs/webhooks.md',
    name: 'fair-share',
    render: () =>
      fairShareMarkdown(defaults.WORKER_CONCURRENCY, defaults.WEBHOOK_ORG_CONCURRENCY_MIN, defaults.WEBHOOK_ORG_CONCURRENCY_MAX),
  },
  {
    file: 'bench/README.md',
    name: 'bench-figures',
    render: () => benchFiguresMarkdown(readSummary(fileURLToPath(new URL('bench/results/summary.json', ROOT)))),
  },
];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = [...new Set(SECTIONS.map((s) => s.file))];
  for (const file of files) {
    const url = new URL(file, ROOT);
    let text = readFileSync(url, 'utf8');
    for (const s of SECTIONS.filter((x) => x.file === file)) text = withSection(text, s.name, s.render());
    writeFileSync(url, text);
  }
  execFileSync('pnpm', ['exec', 'prettier', '--write', ...files], { stdio: 'inherit', cwd: ROOT });
}
