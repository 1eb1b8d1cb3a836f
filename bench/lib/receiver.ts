/**
 * Parent-side handle of the local webhook receiver (see `receiver-server.ts`), which runs in
 * its own process for the whole bench so that its port, and so the webhooks' URLs, never change.
 *
 * @module
 */
import { isMessage, spawnChild, type Child } from './child-process.js';

export interface Receiver {
  /** The receiver process's id. */
  pid: number;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /**
   * Forgets every record (and drops held connections) and sets the answer delay, ms.
   * @param hangPrefix requests whose path starts with it are never answered (see `receiver-server.ts`)
   * @param slow requests whose path starts with `prefix` are answered 200 after `ms`
   * @param failPrefix requests whose path starts with it are answered 500 at once (counted, not recorded)
   */
  reset(delayMs: number, hangPrefix?: string, slow?: { prefix: string; ms: number }, failPrefix?: string): Promise<void>;
  /** Distinct delivery ids answered so far, and total requests (duplicates included). */
  count(): Promise<{ unique: number; total: number }>;
  /**
   * Time of the first 2xx per delivery id, ms since the epoch (sub-ms precision); `total` includes
   * duplicates. `hung`: requests received per delivery id under the hanging or slow prefix.
   */
  collect(): Promise<{ answeredAt: Map<string, number>; total: number; hung: Map<string, number> }>;
  /**
   * Polls every 50 ms until `unique` ≥ `expected` or `timeoutMs` passes.
   * @param check called on every poll; throw from it to give up early (e.g. a worker died)
   * @returns the last count
   */
  waitFor(expected: number, timeoutMs: number, check?: () => void): Promise<{ unique: number; total: number }>;
  /** The receiver process's own memory (`process.memoryUsage()`: RSS and V8 heap used, bytes) and the 500s it answered since the last reset. */
  memory(): Promise<{ rssBytes: number; heapUsedBytes: number; failed: number }>;
  stop(): Promise<void>;
}

type Count = { type: 'count'; unique: number; total: number };
type Collected = { type: 'collected'; ids: string[]; times: number[]; total: number; hungIds: string[]; hungCounts: number[] };

/** Starts the receiver process and waits until it listens. */
export async function startReceiver(): Promise<Receiver> {
  const child: Child = spawnChild({ entry: 'bench/processes/receiver-server.ts', env: {}, ipc: true, name: 'receiver' });
  const { port } = await child.next(isMessage<{ type: 'ready'; port: number }>('ready'));
  const count = async () => {
    child.send({ type: 'count' });
    const m = await child.next(isMessage<Count>('count'));
    return { unique: m.unique, total: m.total };
  };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    reset: async (delayMs, hangPrefix, slow, failPrefix) => {
      child.send({ type: 'reset', delayMs, hangPrefix, slowPrefix: slow?.prefix, slowMs: slow?.ms, failPrefix });
      await child.next(isMessage<{ type: 'reset-done' }>('reset-done'));
    },
    count,
    collect: async () => {
      child.send({ type: 'collect' });
      const m = await child.next(isMessage<Collected>('collected'));
      return {
        answeredAt: new Map(m.ids.map((id, i) => [id, m.times[i]!])),
        total: m.total,
        hung: new Map(m.hungIds.map((id, i) => [id, m.hungCounts[i]!])),
      };
    },
    waitFor: async (expected, timeoutMs, check) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        check?.();
        const c = await count();
        if (c.unique >= expected || Date.now() > until) return c;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    memory: async () => {
      child.send({ type: 'memory' });
      const m = await child.next(isMessage<{ type: 'memory'; rssBytes: number; heapUsedBytes: number; failed: number }>('memory'));
      return { rssBytes: m.rssBytes, heapUsedBytes: m.heapUsedBytes, failed: m.failed };
    },
    stop: async () => {
      await child.stop();
    },
  };
}
