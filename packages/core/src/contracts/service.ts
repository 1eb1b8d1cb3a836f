import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { checksumAddress, isEvmAddress } from '../evm/index.js';
import { ABI_FILE_NAME, CAIP2_PATTERN, CONTRACT_KINDS, type ContractAddresses, type ContractKind } from './contract.js';

// --- contract addresses ---------------------------------------------------------------------------

/** `config/contracts.json` at the repository root, found from this file (not from the working directory). */
export const DEFAULT_CONTRACTS_CONFIG = fileURLToPath(new URL('../../../../config/contracts.json', import.meta.url));

const checksummed = z.string().refine((a) => isEvmAddress(a) && checksumAddress(a) === a, 'must be an EIP-55 checksummed address');

const contractsFile = z.strictObject({
  version: z.number().int().min(1),
  networks: z
    .record(
      z.string().regex(CAIP2_PATTERN, 'must be a CAIP-2 chain id'),
      z.strictObject({
        name: z.string().min(1),
        contracts: z.strictObject(
          Object.fromEntries(CONTRACT_KINDS.map((k) => [k, checksummed])) as Record<ContractKind, typeof checksummed>,
        ),
      }),
    )
    .refine((n) => Object.keys(n).length > 0, 'at least one network'),
});

/**
 * Reads and validates the contract configuration once (call at start-up, not per request).
 * @param file path of the JSON file (default: `config/contracts.json` of the repository)
 * @throws Error naming the file and the invalid field: a bad deployment fails at start-up
 */
export function loadContractAddresses(file: string = DEFAULT_CONTRACTS_CONFIG): ContractAddresses {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`contract configuration ${file} cannot be read: ${(err as Error).message}`, { cause: err });
  }
  const parsed = contractsFile.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new Error(`contract configuration ${file} is invalid at ${first.path.join('.') || '(root)'}: ${first.message}`);
  }
  return deepFreeze(parsed.data as ContractAddresses);
}

/** True when the bridge may send to `chainId` (a network listed in the configuration). */
export const isSupportedChain = (addresses: ContractAddresses, chainId: string): boolean =>
  Object.prototype.hasOwnProperty.call(addresses.networks, chainId);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

// --- ABI catalogue --------------------------------------------------------------------------------

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
    if (!entry.isFile() || !ABI_FILE_NAME.test(entry.name)) continue;
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

// --- the documents the API serves -----------------------------------------------------------------

let documents: { addresses: ContractAddresses; abis: AbiCatalog } | undefined;

/**
 * The repository's contract configuration and ABI catalogue, read once per process (on the first
 * call) and kept: requests never touch the filesystem. The API calls it when the app is built, so
 * a bad file stops start-up.
 * @throws Error from {@link loadContractAddresses} or {@link loadAbiCatalog}
 */
export function contractDocuments(): { addresses: ContractAddresses; abis: AbiCatalog } {
  documents ??= { addresses: loadContractAddresses(), abis: loadAbiCatalog() };
  return documents;
}
