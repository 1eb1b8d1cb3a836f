// @ts-check
// Module boundaries, generated from packages/core/module-dependencies.js: the rules
// eslint.config.js adds so that `pnpm lint` fails on a forbidden import.
import { readFileSync, readdirSync } from 'node:fs';
import { MODULE_DEPENDENCIES } from './packages/core/module-dependencies.js';

const CORE = 'packages/core/src';

/** The names a module's index.ts re-exports from its repositories (`repository.ts`, also in a sub-folder): its statements. */
function repositoryNames(module) {
  const index = readFileSync(`${CORE}/${module}/index.ts`, 'utf8');
  return [...index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/(?:[\w-]+\/)*repository\.js'/g)].flatMap((block) =>
    block[1]
      .split(',')
      .map((n) => n.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean),
  );
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The development-chain tooling (`@gw/core/local-chain`: anvil_mine, anvil_impersonateAccount,
 * anvil_setBalance) is for the operator CLI and the tests: the apps that serve traffic (the API, the
 * worker, the console) and the other core modules never import it.
 */
const LOCAL_CHAIN = 'local-chain';
const LOCAL_CHAIN_APPS = ['admin'];
const LOCAL_CHAIN_MESSAGE = `'${LOCAL_CHAIN}' is tooling for a development chain (anvil's own methods): only the operator CLI (apps/admin) and the tests import it, never production code.`;

const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** A module's folders: its own (depth 1 below packages/core/src) and its sub-folders, each with its depth. */
const foldersOf = (dir, depth = 1) => [{ dir, depth }, ...subfolders(dir).flatMap((name) => foldersOf(`${dir}/${name}`, depth + 1))];

/**
 * One config object per folder of each module: the imports its files may not make. A module's
 * sub-folder (e.g. the delivery engine, `webhooks/engine/`) is a part the module's top composes:
 * it imports its own files and the allowed modules, never the folders above it.
 */
function moduleRules() {
  const modules = subfolders(CORE);
  const unlisted = modules.filter((m) => !(m in MODULE_DEPENDENCIES));
  if (unlisted.length) throw new Error(`module(s) ${unlisted.join(', ')} missing from packages/core/module-dependencies.js`);
  const onTooling = modules.filter((m) => MODULE_DEPENDENCIES[m].includes(LOCAL_CHAIN));
  if (onTooling.length)
    throw new Error(
      `module(s) ${onTooling.join(', ')} may not depend on '${LOCAL_CHAIN}' (packages/core/module-dependencies.js): ${LOCAL_CHAIN_MESSAGE}`,
    );
  return modules.flatMap((module) => {
    const allowed = MODULE_DEPENDENCIES[module];
    const others = allowed.length ? `(?!(${allowed.map(escape).join('|')})/index\\.js$)` : '';
    // Read once per module: every folder of the module refuses the same repository names.
    const statements = allowed.map((dep) => ({ dep, names: repositoryNames(dep) })).filter(({ names }) => names.length > 0);
    return foldersOf(`${CORE}/${module}`).map(({ dir, depth }) => {
      const up = '../'.repeat(depth);
      const upward =
        depth > 1
          ? [
              {
                regex: `^(\\.\\./){1,${depth - 1}}(?!\\.\\./)`,
                message: `${dir.slice(CORE.length + 1)}/ is a part of '${module}' that its top composes: it does not import the folders above it.`,
              },
            ]
          : [];
      return {
        files: [`${dir}/*.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: statements.map(({ dep, names }) => ({
                name: `${up}${dep}/index.js`,
                importNames: names,
                message: `'${dep}' re-exports this from its repository for the apps; call a function of ${dep}'s service instead (ARCHITECTURE.md, module rules).`,
              })),
              patterns: [
                ...upward,
                ...(module === LOCAL_CHAIN ? [] : [{ regex: `^(\\.\\./)+${LOCAL_CHAIN}(/|$)`, message: LOCAL_CHAIN_MESSAGE }]),
                {
                  regex: `^${escape(up)}${others}`,
                  message: `'${module}' may import only ${allowed.length ? allowed.map((d) => `../${d}/index.js`).join(', ') : 'no other module'} (packages/core/module-dependencies.js).`,
                },
                { regex: '^@gw/core(/|$)', message: 'Inside packages/core, import another module as ../<module>/index.js.' },
                { regex: '^@gw/(api|worker|ops|admin)(/|$)', message: 'packages/ may not import the apps.' },
              ],
            },
          ],
        },
      };
    });
  });
}

const throughIndex = { regex: '^@gw/core/[^/]+/', message: 'Import a module only through its index: @gw/core/<module>.' };
/** An app's `no-restricted-imports`: one rule object per file, since a later one replaces an earlier one's options. */
const appImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Layers: db ← runtime ← core ← apps; a package never imports a layer above it. */
const layerRules = [
  {
    files: ['packages/db/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@gw/(runtime|core|api|worker|ops|admin)(/|$)', message: 'packages/db is the lowest layer.' }] },
      ],
    },
  },
  {
    files: ['packages/runtime/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@gw/(core|api|worker|ops|admin)(/|$)', message: 'packages/runtime is infrastructure: no business module, no app.' },
          ],
        },
      ],
    },
  },
  // The apps: a module only through its index; the local-chain tooling only in the operator CLI.
  {
    files: ['apps/*/src/**/*.ts'],
    ignores: LOCAL_CHAIN_APPS.map((app) => `apps/${app}/src/**`),
    rules: appImports([throughIndex, { regex: `(^@gw/core|/packages/core/src)/${LOCAL_CHAIN}(/|$)`, message: LOCAL_CHAIN_MESSAGE }]),
  },
  { files: LOCAL_CHAIN_APPS.map((app) => `apps/${app}/src/**/*.ts`), rules: appImports([throughIndex]) },
];

/**
 * One transaction entry point: `withTransaction` of @gw/db, on the Prisma client or the
 * raw pool, with its retry of serialization failures and deadlocks. Opening one any other way skips it.
 */
const transactionRule = {
  files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts'],
  ignores: ['packages/db/src/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...['$transaction', 'transaction'].map((method) => ({
        selector: `CallExpression[callee.type='MemberExpression'][callee.property.name='${method}']`,
        message: `Open transactions with withTransaction (@gw/db), not .${method}(): it retries serialization failures and deadlocks.`,
      })),
    ],
  },
};

export const boundaries = [...layerRules, ...moduleRules(), transactionRule];
