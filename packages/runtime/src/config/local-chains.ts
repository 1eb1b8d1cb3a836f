import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where a running `pnpm start` records the JSON-RPC URLs of the local chains it started, relative
 * to the repository root (git-ignored). The chains are not always on 8545 and 8546: when another
 * process holds those ports (a second user's anvils), they run on free ports, and only this file
 * (and one banner line) says which.
 */
export const LOCAL_CHAINS_FILE = '.data/local-chains.json';

/** What {@link LOCAL_CHAINS_FILE} holds. */
export interface LocalChainsRecord {
  /** The process that started the chains; the record counts only while it lives. */
  pid: number;
  /** `chainId=url,…`, the value CHAIN_RPC_URLS would have. */
  rpcUrls: string;
  chains: { chainId: number; rpcUrl: string }[];
  /** ISO 8601. */
  startedAt: string;
}

/**
 * Records the local chains of this process in `<root>/.data/local-chains.json` (written to a
 * temporary file, then renamed, so a reader never sees half of it).
 * @returns a function that removes the record, if it is still this process's
 */
export function recordLocalChains(root: string, chains: readonly { chainId: number; rpcUrl: string }[], pid = process.pid): () => void {
  const path = join(root, LOCAL_CHAINS_FILE);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const record: LocalChainsRecord = {
    pid,
    rpcUrls: chains.map((c) => `${c.chainId}=${c.rpcUrl}`).join(','),
    chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    startedAt: new Date().toISOString(),
  };
  const tmp = `${path}.${pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(tmp, path);
  return () => {
    if (readLocalChains(root)?.pid === pid) rmSync(path, { force: true });
  };
}

/** The record of {@link LOCAL_CHAINS_FILE}, or null when there is none or it cannot be read. */
export function readLocalChains(root: string): LocalChainsRecord | null {
  try {
    const parsed = JSON.parse(readFileSync(join(root, LOCAL_CHAINS_FILE), 'utf8')) as Partial<LocalChainsRecord>;
    if (typeof parsed.pid !== 'number' || typeof parsed.rpcUrls !== 'string' || !Array.isArray(parsed.chains)) return null;
    return parsed as LocalChainsRecord;
  } catch {
    return null;
  }
}

/** Whether a process of this id runs (signal 0 checks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where the chains of a process's configuration came from (see {@link useLocalChains}). */
export type LocalChainsSource =
  | { source: 'env' }
  | { source: 'not-development' }
  | { source: 'none'; path: string }
  | { source: 'stale'; path: string; pid: number }
  | { source: 'file'; path: string; record: LocalChainsRecord };

/**
 * The operator CLI's way to the chains of a running `pnpm start` on the same checkout: when
 * `env.CHAIN_RPC_URLS` is unset and `NODE_ENV` is `development` (or unset, which means it), sets
 * `env.CHAIN_RPC_URLS` from `<root>/.data/local-chains.json` if the process that wrote it still
 * runs. A configured CHAIN_RPC_URLS always wins, and outside development nothing is read.
 * @returns where the chains came from (`file`: used; `stale`: a record of a process that ended)
 */
export function useLocalChains(root: string, env: NodeJS.ProcessEnv = process.env): LocalChainsSource {
  if (env.CHAIN_RPC_URLS) return { source: 'env' };
  if ((env.NODE_ENV ?? 'development') !== 'development') return { source: 'not-development' };
  const path = join(root, LOCAL_CHAINS_FILE);
  const record = readLocalChains(root);
  if (!record) return { source: 'none', path };
  if (!running(record.pid)) return { source: 'stale', path, pid: record.pid };
  env.CHAIN_RPC_URLS = record.rpcUrls;
  return { source: 'file', path, record };
}

/** One line saying which chains a process uses and why, for the operator (never a credential: local URLs only). */
export function describeLocalChains(found: LocalChainsSource): string | undefined {
  switch (found.source) {
    case 'file':
      return `chains of the running pnpm start (pid ${found.record.pid}, ${LOCAL_CHAINS_FILE}): ${found.record.chains
        .map((c) => `eip155:${c.chainId} ${c.rpcUrl}`)
        .join(', ')}`;
    case 'stale':
      return `${LOCAL_CHAINS_FILE} names the chains of pnpm start pid ${found.pid}, which has ended: start the service (pnpm start) or set CHAIN_RPC_URLS`;
    default:
      return undefined;
  }
}
