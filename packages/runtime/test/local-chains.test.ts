import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_CHAINS_FILE, describeLocalChains, readLocalChains, recordLocalChains, useLocalChains } from '@gw/runtime';

/** The operator CLI's way to the chains of a running `pnpm start` (.data/local-chains.json). */
describe('local chains record', () => {
  const roots: string[] = [];
  const newRoot = () => {
    const root = mkdtempSync(join(tmpdir(), 'gw-local-chains-'));
    roots.push(root);
    return root;
  };
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  });
  const chains = [
    { chainId: 31337, rpcUrl: 'http://127.0.0.1:40123' },
    { chainId: 31338, rpcUrl: 'http://127.0.0.1:40124' },
  ];

  it('a running process’s record sets CHAIN_RPC_URLS in development, and says which chains it used', () => {
    const root = newRoot();
    const forget = recordLocalChains(root, chains);
    const env: NodeJS.ProcessEnv = {};
    const found = useLocalChains(root, env);
    expect(found.source).toBe('file');
    expect(env.CHAIN_RPC_URLS).toBe('31337=http://127.0.0.1:40123,31338=http://127.0.0.1:40124');
    expect(describeLocalChains(found)).toBe(
      `chains of the running pnpm start (pid ${process.pid}, ${LOCAL_CHAINS_FILE}): eip155:31337 http://127.0.0.1:40123, eip155:31338 http://127.0.0.1:40124`,
    );
    forget();
    expect(existsSync(join(root, LOCAL_CHAINS_FILE))).toBe(false);
    expect(useLocalChains(root, {}).source).toBe('none');
  });

  it('CHAIN_RPC_URLS wins, and outside development nothing is read', () => {
    const root = newRoot();
    recordLocalChains(root, chains);
    const configured = { CHAIN_RPC_URLS: '1=https://node.example' };
    expect(useLocalChains(root, configured).source).toBe('env');
    expect(configured.CHAIN_RPC_URLS).toBe('1=https://node.example');
    for (const NODE_ENV of ['production', 'test']) {
      const env: NodeJS.ProcessEnv = { NODE_ENV };
      expect(useLocalChains(root, env).source).toBe('not-development');
      expect(env.CHAIN_RPC_URLS).toBeUndefined();
    }
  });

  it('the record of a process that ended is not used, and the line says so', () => {
    const root = newRoot();
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(ended.stdout);
    recordLocalChains(root, chains, pid);
    const env: NodeJS.ProcessEnv = {};
    const found = useLocalChains(root, env);
    expect(found).toEqual({ source: 'stale', path: join(root, LOCAL_CHAINS_FILE), pid });
    expect(env.CHAIN_RPC_URLS).toBeUndefined();
    expect(describeLocalChains(found)).toMatch(/has ended: start the service \(pnpm start\) or set CHAIN_RPC_URLS/);
  });

  it('removing is left to the process that wrote the record', () => {
    const root = newRoot();
    const forgetFirst = recordLocalChains(root, chains, process.pid);
    recordLocalChains(root, chains, process.ppid); // a later start took the record over
    forgetFirst();
    expect(readLocalChains(root)?.pid).toBe(process.ppid);
  });
});
