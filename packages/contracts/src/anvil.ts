/**
 * A local anvil (Foundry's EVM node, npm `@foundry-rs/anvil`) for tests and the embedded chain.
 * Each call starts a process of its own on a loopback port and stops it by its own pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

export interface AnvilOptions {
  /** EIP-155 chain id the node reports (`--chain-id`). */
  chainId: number;
  /** TCP port on 127.0.0.1; default: a free one chosen by the OS. A port already in use is refused. */
  port?: number;
  /** How long to wait for `eth_chainId` to answer, in milliseconds (default 15 000). */
  startTimeoutMs?: number;
  /**
   * Keep the chain in this file (`--state`): loaded at start, written every 5 s and on a graceful
   * stop, so a restart finds its blocks and contracts again. Default: in memory only.
   */
  statePath?: string;
  /**
   * File that receives anvil's output (default: a file of its own in the OS temporary directory,
   * removed at stop). Never a pipe: a parent whose event loop is busy (a synchronous child process,
   * a long computation) would stop draining it, and anvil blocks once a pipe buffer is full.
   */
  logPath?: string;
}

export interface Anvil {
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string;
  port: number;
  chainId: number;
  /** The anvil process id. */
  pid: number;
  /** Stops this anvil (SIGTERM, SIGKILL after 5 s) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Path of the anvil binary from the platform package `@foundry-rs/anvil-<platform>-<arch>` (x64 → amd64). */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  // The platform package is an optional dependency of @foundry-rs/anvil: resolve it from there.
  const fromHere = createRequire(import.meta.url);
  const fromAnvil = createRequire(fromHere.resolve('@foundry-rs/anvil/package.json'));
  let dir: string;
  try {
    dir = path.dirname(fromAnvil.resolve(`${platformPackage}/package.json`));
  } catch {
    throw new Error(`anvil: ${platformPackage} is not installed (no anvil binary for ${process.platform}/${process.arch})`);
  }
  const bin = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(bin)) throw new Error(`anvil: ${bin} does not exist`);
  return bin;
}

/** Resolves with `port` (or an OS-chosen free port when 0) if it can be bound on 127.0.0.1; rejects if taken. */
function probePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`anvil: port ${port} on 127.0.0.1 is already in use; refusing to share it`) : err),
    );
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const bound = (server.address() as { port: number }).port;
      server.close(() => resolve(bound));
    });
  });
}

async function rpcChainId(rpcUrl: string): Promise<number> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(1000),
  });
  const body = (await res.json()) as { result?: string };
  if (typeof body.result !== 'string') throw new Error(`eth_chainId: unexpected answer ${JSON.stringify(body)}`);
  return Number(BigInt(body.result));
}

/**
 * Anvils of this process still running. Their parent exiting by `process.exit` (a signal while it
 * waits for a dependency, a start-up error) must not leave them holding their ports and state
 * files: one `exit` handler kills them all, synchronously (SIGKILL; the state file keeps what its
 * last interval wrote). A graceful stop goes through `Anvil.stop` instead.
 */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function trackChild(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const c of live) c.kill('SIGKILL');
  });
}

/**
 * Starts anvil on 127.0.0.1 and resolves once our process listens and `eth_chainId` answers with
 * `chainId`. Rejects (after killing the process) if the port is taken, the process exits, or
 * `startTimeoutMs` passes.
 */
export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  const { chainId, startTimeoutMs = 15_000 } = options;
  const port = await probePort(options.port ?? 0);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
  if (options.statePath) args.push('--state', options.statePath, '--state-interval', '5');
  const logPath = options.logPath ?? path.join(tmpdir(), `gw-anvil-${chainId}-${port}-${process.pid}-${Date.now()}.log`);
  const temporaryLog = options.logPath === undefined;
  const fd = openSync(logPath, 'w');
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  trackChild(child);
  let listening = false;
  const output = (): string => {
    try {
      return readFileSync(logPath, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  };
  // Our own process printed that it bound the port: whatever answers there is this anvil.
  const checkListening = () => (listening ||= output().includes(`Listening on 127.0.0.1:${port}`));
  let exited: string | undefined;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = `exited (code ${code}, signal ${signal})`;
      resolve();
    }),
  );
  child.once('error', (err) => {
    exited = `failed to start: ${err.message}`;
  });

  const stop = async (): Promise<void> => {
    if (exited === undefined && child.pid !== undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
    if (temporaryLog) rmSync(logPath, { force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exited !== undefined) throw new Error(`anvil on port ${port} ${exited} before answering:\n${output()}`);
    if (checkListening()) {
      const answered = await rpcChainId(rpcUrl).catch(() => undefined);
      if (answered === chainId) break;
      if (answered !== undefined) {
        await stop();
        throw new Error(`anvil on ${rpcUrl} answered chain id ${answered}, expected ${chainId}`);
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil on ${rpcUrl} did not answer eth_chainId within ${startTimeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { rpcUrl, port, chainId, pid: child.pid!, stop };
}

/** The two local chains of `pnpm start` and `pnpm demo`: the home chain and the bridge's second chain. */
export const LOCAL_CHAIN_IDS = [31337, 31338] as const;

export interface LocalChains {
  anvils: Anvil[];
  /** CHAIN_RPC_URLS for them: `31337=http://127.0.0.1:<port>,31338=…`. */
  rpcUrls: string;
  stop(): Promise<void>;
}

/**
 * Starts the home chain (31337) and the second chain (31338) as two anvils on loopback, on
 * `preferredPorts` (8545, 8546) when free and on OS-chosen ports otherwise. With `stateDir`, each
 * keeps its chain in `<stateDir>/anvil-<chainId>.json` across restarts. Both start mining a block
 * per transaction; the caller may switch to interval mining once its deployments are done.
 */
export async function startLocalChains(opts: { stateDir?: string; preferredPorts?: readonly number[] } = {}): Promise<LocalChains> {
  const ports = opts.preferredPorts ?? [8545, 8546];
  if (opts.stateDir) mkdirSync(opts.stateDir, { recursive: true });
  const anvils: Anvil[] = [];
  try {
    for (const [i, chainId] of LOCAL_CHAIN_IDS.entries()) {
      const statePath = opts.stateDir ? path.join(opts.stateDir, `anvil-${chainId}.json`) : undefined;
      const logPath = opts.stateDir ? path.join(opts.stateDir, `anvil-${chainId}.log`) : undefined;
      const preferred = ports[i];
      const anvil = await (
        preferred === undefined ? Promise.reject(new Error('no port')) : startAnvil({ chainId, port: preferred, statePath, logPath })
      ).catch(() => startAnvil({ chainId, statePath, logPath }));
      anvils.push(anvil);
    }
  } catch (err) {
    await Promise.all(anvils.map((a) => a.stop()));
    throw err;
  }
  return {
    anvils,
    rpcUrls: anvils.map((a) => `${a.chainId}=${a.rpcUrl}`).join(','),
    stop: async () => {
      await Promise.all(anvils.map((a) => a.stop()));
    },
  };
}

/** Switches a node to mining a block every `seconds` (anvil `evm_setIntervalMining`), so confirmations advance while idle. */
export async function setIntervalMining(rpcUrl: string, seconds: number): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setIntervalMining', params: [seconds] }),
    signal: AbortSignal.timeout(5000),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`evm_setIntervalMining: ${body.error.message}`);
}
