import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_KINDS } from './contract-addresses.js';

/** `contracts-abi/` at the repository root, found from this file (not from the working directory). */
export const DEFAULT_ABI_DIR = fileURLToPath(new URL('../../../../contracts-abi/', import.meta.url));

/** One servable ABI file: its exact bytes and a strong ETag over them. */
export interface AbiFile {
  /** File name as served, e.g. `token.json`. */
  name: string;
  body: Buffer;
  /** Strong entity tag (RFC 9110 §8.8.3): the quoted SHA-256 of the bytes, base64url. */
  etag: string;
}

/** Read-only whitelist of the ABI files, keyed by file name. */
export type AbiCatalog = ReadonlyMap<string, AbiFile>;

/** Names a catalogue file may have: lower-case words, `.json`. Nothing else in the directory is served. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.json$/;

/**
 * Builds the ABI whitelist once, at start-up, from the directory listing. Requests are answered
 * from this map only ({@link findAbi}), so user input never reaches the filesystem: traversal
 * (`..`, encoded slashes, absolute paths) cannot name anything that is not a key here.
 *
 * @param dir directory of `<name>.json` files (default: `contracts-abi/` of the repository)
 * @throws Error when a file is not a JSON array (an ABI) or a required contract's ABI is missing
 */
export function loadAbiCatalog(dir: string = DEFAULT_ABI_DIR): AbiCatalog {
  const catalog = new Map<string, AbiFile>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !FILE_NAME.test(entry.name)) continue;
    const body = readFileSync(join(dir, entry.name));
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (err) {
      throw new Error(`ABI ${entry.name} is not valid JSON: ${(err as Error).message}`, { cause: err });
    }
    if (!Array.isArray(parsed)) throw new Error(`ABI ${entry.name} must be a JSON array`);
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    catalog.set(entry.name, { name: entry.name, body, etag });
  }
  const missing = CONTRACT_KINDS.filter((k) => !catalog.has(`${k}.json`));
  if (missing.length) throw new Error(`ABI directory ${dir} lacks: ${missing.map((k) => `${k}.json`).join(', ')}`);
  return catalog;
}

/** The whitelisted file called exactly `name`, or undefined (the caller answers 404). */
export function findAbi(catalog: AbiCatalog, name: string): AbiFile | undefined {
  return catalog.get(name);
}

/**
 * Whether an `If-None-Match` header matches `etag` (RFC 9110 §13.1.2: `*`, or a list compared
 * with the weak comparison function, so `W/"x"` matches `"x"`).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return header.split(',').some((t) => opaque(t) === want);
}
