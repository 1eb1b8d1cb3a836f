/**
 * Table ownership: each table of prisma/schema.prisma has one owning module
 * (packages/core/table-owners.js), and only that module's repositories name it. The code of
 * `packages/core/src/<module>/` is scanned for the tables it names in SQL (after FROM, JOIN, INTO,
 * UPDATE, USING or TABLE, in capitals as this repository writes SQL), as Prisma delegates
 * (`tx.payment.findMany(…)`, mapped to tables by the schema's `@@map`), as relations a Prisma
 * query includes (`include: { webhook: … }`) and as `Db<'model'>` clients it asks for; the apps'
 * code (`apps/<app>/src/`) may name no table at all. Comments are scanned too: a statement quoted
 * in a comment names its table like the statement does.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MODULE_DEPENDENCIES } from '../packages/core/module-dependencies.js';
import { TABLE_OWNERS } from '../packages/core/table-owners.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string): string => readFileSync(`${root}${path}`, 'utf8');
const CORE = 'packages/core/src';

/** The schema's models: each model's table (`@@map`, else its name) and the models its relation fields point to. */
function schemaModels(): { tableOf: Map<string, string>; relations: Map<string, Set<string>> } {
  const schema = read('prisma/schema.prisma');
  const bodies = [...schema.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)].map((m) => ({ name: m[1]!, body: m[2]! }));
  const names = new Set(bodies.map((b) => b.name));
  const tableOf = new Map<string, string>();
  for (const { name, body } of bodies) tableOf.set(name, /@@map\("(\w+)"\)/.exec(body)?.[1] ?? name);
  const relations = new Map<string, Set<string>>();
  for (const { body } of bodies) {
    for (const [, field, type] of body.matchAll(/^\s+(\w+)\s+(\w+)(?:\[\])?\??(?:\s|$)/gm)) {
      if (!names.has(type!)) continue;
      relations.set(field!, (relations.get(field!) ?? new Set()).add(tableOf.get(type!)!));
    }
  }
  return { tableOf, relations };
}

const { tableOf, relations } = schemaModels();
/** Prisma's delegate names (`prisma.<delegate>`): the model name with a lower-case first letter. */
const delegates = new Map([...tableOf].map(([model, table]) => [model[0]!.toLowerCase() + model.slice(1), table]));
const tables = new Set(tableOf.values());

const PRISMA_METHODS =
  'findMany|findFirst|findFirstOrThrow|findUnique|findUniqueOrThrow|create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany|count|aggregate|groupBy';
const sqlTable = /\b(FROM|JOIN|INTO|UPDATE|USING|TABLE)\s+(?:ONLY\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/g;
const delegateCall = new RegExp(`\\.(\\w+)\\??\\.(?:${PRISMA_METHODS})\\(`, 'g');
const dbClient = /\bDb<([^>]*)>/g;
const included = /\binclude:\s*\{/g;

/** One place a file names a table. */
interface Mention {
  line: number;
  table: string;
  how: string;
}

/** The first-level keys of the object literal whose `{` is at `open` (nested braces skipped). */
function topLevelKeys(text: string, open: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) break;
    else if (depth === 1 && /[A-Za-z_]/.test(c!) && /[{,\s]/.test(text[i - 1]!)) {
      const key = /^(\w+)\s*:/.exec(text.slice(i));
      if (key) keys.push(key[1]!);
    }
  }
  return keys;
}

/** Every table `text` names, with its line (1-based) and how. */
function mentions(text: string): Mention[] {
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const found: Mention[] = [];
  for (const m of text.matchAll(sqlTable)) {
    if (tables.has(m[2]!)) found.push({ line: lineAt(m.index), table: m[2]!, how: `SQL ${m[1]} ${m[2]}` });
  }
  for (const m of text.matchAll(delegateCall)) {
    const table = delegates.get(m[1]!);
    if (table) found.push({ line: lineAt(m.index), table, how: `Prisma .${m[1]}.` });
  }
  for (const m of text.matchAll(dbClient)) {
    for (const [, delegate] of m[1]!.matchAll(/'(\w+)'/g)) {
      const table = delegates.get(delegate!);
      if (table) found.push({ line: lineAt(m.index), table, how: `Db<'${delegate}'>` });
    }
  }
  for (const m of text.matchAll(included)) {
    for (const key of topLevelKeys(text, m.index + m[0].length - 1)) {
      for (const table of relations.get(key) ?? []) found.push({ line: lineAt(m.index), table, how: `include: { ${key} }` });
    }
  }
  return found;
}

/** The `.ts` files under `dir` (relative to the repository), recursively. */
const tsFiles = (dir: string): string[] =>
  readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`);

const subfolders = (dir: string): string[] =>
  readdirSync(`${root}${dir}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const modules = subfolders(CORE);
const ownedBy = (module: string): string[] => Object.keys(TABLE_OWNERS).filter((t) => TABLE_OWNERS[t] === module);

describe('table ownership (packages/core/table-owners.js)', () => {
  it('names one owning module for every table of the schema, and only those tables', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tables].sort());
    for (const [table, module] of Object.entries(TABLE_OWNERS)) {
      expect({ table, module, isModule: modules.includes(module) && module in MODULE_DEPENDENCIES }).toEqual({
        table,
        module,
        isModule: true,
      });
    }
  });

  it("lets a module's code name only the tables it owns, and only in its repositories", () => {
    const violations = modules.flatMap((module) =>
      tsFiles(`${CORE}/${module}`).flatMap((file) =>
        mentions(read(file)).flatMap(({ line, table, how }) => {
          const owner = TABLE_OWNERS[table];
          if (owner !== module) {
            return [`${file}:${line}: ${how}: '${table}' is owned by '${owner}' (ask it through ../${owner}/index.js)`];
          }
          if (!file.endsWith('/repository.ts') && !how.startsWith('Db<')) {
            return [`${file}:${line}: ${how}: '${module}' touches its tables only in a repository.ts`];
          }
          return [];
        }),
      ),
    );
    expect(violations).toEqual([]);
  });

  it("lets the apps name no table: they call the owning module's functions", () => {
    const violations = subfolders('apps').flatMap((app) =>
      tsFiles(`apps/${app}/src`).flatMap((file) =>
        mentions(read(file)).map(({ line, table, how }) => `${file}:${line}: ${how}: '${table}' is owned by '${TABLE_OWNERS[table]}'`),
      ),
    );
    expect(violations).toEqual([]);
  });

  it('finds each kind of mention it promises to find', () => {
    const text = [
      'await tx.$queryRaw`SELECT 1 FROM deliveries d JOIN "webhooks" w ON w.id = d.webhook_id`;',
      'await tx.$executeRaw`UPDATE public.payments SET status = 1`; // DELETE FROM events',
      'await tx.$executeRaw`INSERT INTO\n  postings (id) VALUES (1)`;',
      'await db.ledgerAccount.findMany({ include: { organization: true, ledger: { select: { x: true } } } });',
      'export function f(db: Db<"x" | \'credential\'>) {}',
      'const notSql = "from payments, an update of tokens"; // prose in lower case is no statement',
    ].join('\n');
    expect(mentions(text).map(({ line, table }) => `${line} ${table}`)).toEqual([
      '1 deliveries',
      '1 webhooks',
      '2 payments',
      '2 events',
      '3 postings',
      '5 ledger_accounts',
      '6 credentials',
      '5 organizations',
    ]);
  });

  it('matches what ARCHITECTURE.md says each module owns', () => {
    // The section's table rows (`| \`module\` | tables | … |`) and its prose (`\`module\` (tables)`);
    // `prefix_*` (a, b) stands for prefix_a, prefix_b.
    const section = /## Modules and the tables they own\n([\s\S]*?)<!-- generated:/.exec(read('ARCHITECTURE.md'))![1]!;
    const named = (text: string): string[] => {
      const expanded = text.replace(/`(\w+)_\*`\s*\(([^)]*)\)/g, (_, prefix: string, rest: string) =>
        rest
          .split(',')
          .map((word) => `${prefix}_${word.trim()}`)
          .join(', '),
      );
      return (expanded.match(/[a-z_]+/g) ?? []).filter((word) => tables.has(word)).sort();
    };
    const rows = [...section.matchAll(/^\| `([\w-]+)`\s*\|([^|]*)\|/gm)].map((m) => [m[1]!, named(m[2]!)] as const);
    const prose = section
      .split('\n')
      .filter((line) => !line.startsWith('|'))
      .join('\n');
    const sentences = [...prose.matchAll(/`([\w-]+)`\s*\(([^)]*)\)/g)].map((m) => [m[1]!, named(m[2]!)] as const);
    const documented = new Map([...rows, ...sentences]);
    for (const module of new Set([...documented.keys(), ...Object.values(TABLE_OWNERS)])) {
      expect({ module, owns: documented.get(module) ?? [] }).toEqual({ module, owns: ownedBy(module).sort() });
    }
  });
});
