import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateKeyringEntry } from '../crypto/secret-box.js';

/** Where `pnpm start` and `pnpm demo` keep the generated key ring, relative to the repository root (git-ignored). */
export const LOCAL_SECRETS_KEY_FILE = '.data/secrets.key';

/**
 * Quick-start helper: when `env.SECRETS_ENCRYPTION_KEY` is unset, reads the key ring
 * from `<root>/.data/secrets.key`, generating a random 32-byte key there on first use (directory
 * mode 0700, file mode 0600, created exclusively so two concurrent starts cannot overwrite each
 * other's key), and sets `env.SECRETS_ENCRYPTION_KEY`. The key never goes to the database or to a log.
 * @param opts.create false: only read an existing file (the operator CLI), never generate one
 * @returns where the key came from: `env` (already set), `file` (read), `generated` (new file), or
 *   `none` (no file and `create` false)
 * @throws Error when the file exists but is readable by group or others, or cannot be read/written
 */
export function ensureLocalSecretsKey(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  opts: { create?: boolean } = {},
): { source: 'env' | 'file' | 'generated' | 'none'; path: string } {
  const path = join(root, LOCAL_SECRETS_KEY_FILE);
  if (env.SECRETS_ENCRYPTION_KEY) return { source: 'env', path };
  let source: 'file' | 'generated' = 'file';
  try {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) throw new Error(`${path} must not be readable by group or others (chmod 600 ${path})`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    if (opts.create === false) return { source: 'none', path };
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(path, `${generateKeyringEntry(`local${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`)}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      source = 'generated';
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  env.SECRETS_ENCRYPTION_KEY = readFileSync(path, 'utf8').trim();
  return { source, path };
}
