import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Local runs read `.env`: `pnpm start`, `pnpm demo`, `pnpm admin` and the apps' entry
 * points call this before anything reads the configuration. The rules (docs/configuration.md):
 * - a variable already in the environment wins, even when empty: the file only fills the others;
 * - the file is `GW_ENV_FILE` when that is set in the environment (relative to the current
 *   directory; it must exist), else `.env` at the repository root when it exists;
 * - that default `.env` is skipped when the environment says `NODE_ENV=test`, so test runs (and
 *   the processes they spawn) never depend on a developer's `.env`.
 * Containers have no `.env` (.dockerignore): docker compose passes the variables itself.
 * The syntax is Node's (`util.parseEnv`, as `node --env-file`): `KEY=value`, `#` comments,
 * optional quotes, `export ` prefixes.
 * @param root the repository root
 * @param env the environment to complete (default `process.env`)
 * @returns the file read and the names it set (not their values), or null when none was read
 * @throws Error when GW_ENV_FILE names a file that cannot be read
 */
export function loadEnvFile(root: string, env: NodeJS.ProcessEnv = process.env): { path: string; set: string[] } | null {
  const explicit = env.GW_ENV_FILE;
  let path: string;
  let text: string;
  if (explicit) {
    path = isAbsolute(explicit) ? explicit : resolve(explicit);
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new Error(`GW_ENV_FILE: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { cause: err });
    }
  } else {
    if (env.NODE_ENV === 'test') return null;
    path = join(root, '.env');
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
  const set: string[] = [];
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (key in env || value === undefined) continue;
    env[key] = value;
    set.push(key);
  }
  return { path, set };
}
