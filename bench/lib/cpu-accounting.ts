/**
 * Where the machine's CPU went during a run: user + system time of each process group (the API,
 * the worker, the load generator, the receiver, PostgreSQL, Redis), read from `/proc/<pid>/stat`
 * before and after, divided by the run's wall time: cores used per group. On the 2-core bench
 * machine this says what a ratio to the ceiling is up against.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { processCpuUs } from './http-load.js';

/** Process ids per group, e.g. `{ api: [123], worker: [456], postgres: [...] }`. */
export type ProcessGroups = Record<string, number[]>;

/** Every process whose command name (`/proc/<pid>/comm`) is `name` (e.g. all PostgreSQL backends). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/** The process id of the Redis server at `url` (`INFO server`). */
export async function redisServerPid(url: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const info = await redis.info('server');
    return Number(/process_id:(\d+)/.exec(info)?.[1]);
  } finally {
    redis.disconnect();
  }
}

/** CPU time of `pid` so far, µs; 0 once it has ended (its time is then lost, and the group undercounts). */
const cpuOf = (pid: number): number => {
  try {
    return processCpuUs(pid);
  } catch {
    return 0;
  }
};

/**
 * Starts accounting: `stop()` returns the cores each group used since (CPU s ÷ wall s, rounded to
 * 0.01), plus `total`. `groups` is evaluated again at stop, so PostgreSQL backends that started
 * meanwhile are counted from zero (their whole life falls inside the run).
 */
export function startCpuAccounting(groups: () => ProcessGroups): { stop(): Record<string, number> } {
  const started = performance.now();
  const before = new Map<number, number>();
  for (const pids of Object.values(groups())) for (const pid of pids) before.set(pid, cpuOf(pid));
  return {
    stop: () => {
      const wallUs = (performance.now() - started) * 1000;
      const out: Record<string, number> = {};
      let total = 0;
      for (const [name, pids] of Object.entries(groups())) {
        const usedUs = pids.reduce((n, pid) => n + Math.max(0, cpuOf(pid) - (before.get(pid) ?? 0)), 0);
        out[name] = Math.round((usedUs / wallUs) * 100) / 100;
        total += out[name];
      }
      out.total = Math.round(total * 100) / 100;
      return out;
    },
  };
}

/** `/proc/<pid>/schedstat` of a process's main thread: ns on a core, ns runnable but waiting for one. */
function schedstat(pid: number): { runNs: number; waitNs: number } | undefined {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return { runNs: run!, waitNs: wait! };
  } catch {
    return undefined;
  }
}

/** A main thread's shares of a window's wall time: on a core, and runnable but waiting for one. */
export interface ThreadShares {
  running: number;
  waiting: number;
}

/** `on a core 0.42, waiting for one 0.46`. */
export const formatThreadShares = (t: ThreadShares): string => `on a core ${t.running}, waiting for one ${t.waiting}`;

/**
 * How a process's main thread (its event loop) spent a window, from the scheduler's
 * own accounting: `running` on a core and `waiting` runnable for a core (both ÷ the window's wall
 * time). running + waiting near 1 means the thread always had work: it is CPU-bound, and
 * `waiting` is what the other processes on the machine took from it.
 */
export function startThreadAccounting(pid: number): { stop(): ThreadShares | undefined } {
  const started = performance.now();
  const before = schedstat(pid);
  return {
    stop: () => {
      const after = schedstat(pid);
      if (!before || !after) return undefined;
      const wallNs = (performance.now() - started) * 1e6;
      const share = (ns: number) => Math.round((ns / wallNs) * 100) / 100;
      return { running: share(after.runNs - before.runNs), waiting: share(after.waitNs - before.waitNs) };
    },
  };
}
