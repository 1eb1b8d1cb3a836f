/**
 * Child processes of the bench: the real worker and API, the ceiling worker, the receiver and
 * the bare Express baseline each run in their own Node process (`node --import tsx <entry>`),
 * so that the load generator never shares an event loop with what it measures.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file is `<root>/bench/lib/child-process.ts`). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Child {
  proc: ChildProcess;
  pid: number;
  /** Sends a message over IPC (only for children started with `ipc: true`). */
  send(message: unknown): void;
  /** Resolves with the next IPC message that satisfies `match`. @throws Error if the process exits first or `timeoutMs` passes */
  next<T>(match: (message: unknown) => message is T, timeoutMs?: number): Promise<T>;
  /** How the process ended (`code 1`, `SIGKILL`), or undefined while it runs. */
  exitStatus(): string | undefined;
  /** Peak resident set size so far (VmHWM of /proc/<pid>/status), MiB; NaN when unreadable. */
  peakRssMb(): number;
  /** Resident set size now (VmRSS), MiB; NaN when unreadable. */
  rssMb(): number;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (or signal name). */
  stop(graceMs?: number): Promise<number | string>;
}

export interface SpawnOptions {
  /** Script path relative to the repository root (a `.ts` file run through tsx). */
  entry: string;
  env: Record<string, string>;
  /** Extra Node flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** Open an IPC channel (the entry then reports readiness with `process.send`). */
  ipc?: boolean;
  /** Label for error messages. */
  name: string;
  /** Checkout to run `entry` in (its own `node_modules` and build); default the repository root. */
  cwd?: string;
  /** Sources or compiled build; default {@link BENCH_RUNTIME}. */
  runtime?: BenchRuntime;
}

/**
 * Reads a memory figure of /proc/<pid>/status, in MiB: `VmHWM` (peak resident set, the
 * "high water mark") or `VmRSS` (resident set now).
 * @returns NaN when /proc is not available (not Linux) or the process is gone
 */
export function readStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** How the children run: `tsx` (the sources, default) or `dist` (`BENCH_RUNTIME=dist`: the compiled build). */
export type BenchRuntime = 'tsx' | 'dist';

/** `BENCH_RUNTIME`: `dist` runs the children from `pnpm build`'s output, anything else from the sources. */
export const BENCH_RUNTIME: BenchRuntime = process.env.BENCH_RUNTIME === 'dist' ? 'dist' : 'tsx';

/**
 * Node arguments that run `entry` (a `.ts` path relative to the repository root) in `runtime`:
 * - `tsx`: `--import tsx <entry>`;
 * - `dist`: an app or package entry (`apps/<app>/src/<file>.ts`) becomes its compiled
 *   `apps/<app>/dist/<file>.js` under plain node with `--conditions=gw-dist`, as the image runs it;
 *   a bench script keeps tsx but imports the compiled `@gw/*` packages (`--conditions=gw-dist`).
 */
export function entryArgs(entry: string, runtime: BenchRuntime = BENCH_RUNTIME): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', entry];
  const m = /^((?:apps|packages)\/[^/]+)\/src\/(.+)\.ts$/.exec(entry);
  return m ? ['--conditions=gw-dist', `${m[1]}/dist/${m[2]}.js`] : ['--conditions=gw-dist', '--import', 'tsx', entry];
}

/**
 * Starts `node [flags] --import tsx <entry>` (see {@link entryArgs} for `BENCH_RUNTIME=dist`) in
 * the repository root with exactly `env` added to PATH/HOME (nothing else of the bench's
 * environment leaks in). stderr is passed through; stdout is discarded (children log at `silent`).
 */
export function spawnChild(opts: SpawnOptions): Child {
  const cwd = opts.cwd ?? REPO_ROOT;
  if (!existsSync(path.resolve(cwd, opts.entry))) throw new Error(`${opts.name}: no ${opts.entry} in ${cwd}`);
  const proc = spawn(process.execPath, [...(opts.nodeFlags ?? []), ...entryArgs(opts.entry, opts.runtime)], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit', ...(opts.ipc ? (['ipc'] as const) : [])],
  });
  if (proc.pid === undefined) throw new Error(`${opts.name}: could not start`);
  let exited: { code: number | null; signal: string | null } | undefined;
  const exitWaiters: (() => void)[] = [];
  proc.on('exit', (code, signal) => {
    exited = { code, signal };
    for (const w of exitWaiters.splice(0)) w();
  });

  return {
    proc,
    pid: proc.pid,
    send: (message) => {
      if (!proc.send) throw new Error(`${opts.name}: no IPC channel`);
      proc.send(message as never);
    },
    next: <T>(match: (message: unknown) => message is T, timeoutMs = 60_000) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (message: unknown) => {
          if (!match(message)) return;
          cleanup();
          resolve(message);
        };
        const onExit = (code: number | null, signal: string | null) => {
          cleanup();
          reject(new Error(`${opts.name} exited (${code ?? signal}) before it answered`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${opts.name} did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          proc.off('message', onMessage);
          proc.off('exit', onExit);
        };
        proc.on('message', onMessage);
        proc.on('exit', onExit);
      }),
    exitStatus: () => (exited ? (exited.signal ?? `code ${exited.code}`) : undefined),
    peakRssMb: () => readStatusMb(proc.pid!, 'VmHWM'),
    rssMb: () => readStatusMb(proc.pid!, 'VmRSS'),
    stop: (graceMs = 15_000) =>
      new Promise((resolve) => {
        const done = () => resolve(exited!.code ?? exited!.signal ?? 'unknown');
        if (exited) return done();
        exitWaiters.push(done);
        const kill = setTimeout(() => proc.kill('SIGKILL'), graceMs);
        exitWaiters.push(() => clearTimeout(kill));
        proc.kill('SIGTERM');
      }),
  };
}

/** Type guard for `{ type: <type> }` IPC messages. */
export const isMessage =
  <T extends { type: string }>(type: T['type']) =>
  (message: unknown): message is T =>
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
