/**
 * Readiness of worker processes: BullMQ names each worker's Redis connection after its queue,
 * so `Queue.getWorkersCount()` (CLIENT LIST) tells when a process has started consuming.
 *
 * @module
 */
import type { Queue } from 'bullmq';
import type { Child } from './child-process.js';

/**
 * Polls every 100 ms until at least `count` workers are registered on `queue`.
 * @throws Error when a child exits first or `timeoutMs` passes
 */
export async function waitForWorkers(queue: Queue, count: number, children: Child[], timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const dead = children.find((c) => c.proc.exitCode !== null || c.proc.signalCode !== null);
    if (dead) throw new Error(`worker process ${dead.pid} exited during start-up (${dead.proc.exitCode ?? dead.proc.signalCode})`);
    if ((await queue.getWorkersCount()) >= count) return;
    if (Date.now() > until) throw new Error(`only ${await queue.getWorkersCount()} of ${count} workers registered within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
