/**
 * The two ways the bench offers load, independent of what one call does (an in-process
 * `confirmPayment` in `confirm-driver.ts`, an HTTP confirm in `e2e-load.ts`):
 *
 * - at peak: a fixed number of calls in flight, each lane starting its next call when its
 *   previous one returns (closed loop), optionally until a deadline;
 * - paced: call i starts at `start + i / perSec` seconds whether or not the previous ones have
 *   returned (open loop, so a slow system cannot lower the offered load).
 *
 * Dependency-free on purpose: the HTTP load generator runs it in its own small process.
 *
 * @module
 */

/**
 * Runs `call(i)` for i = 0 … count-1 with `concurrency` calls in flight; with `deadlineMs`
 * (a `performance.now()` value) no call starts after it.
 * @returns wall time taken, ms, and how many calls were started
 */
export async function feedAtPeak(
  count: number,
  concurrency: number,
  call: (i: number, lane: number) => Promise<void>,
  deadlineMs = Number.POSITIVE_INFINITY,
): Promise<{ ms: number; started: number }> {
  const started = performance.now();
  let next = 0;
  const lane = async (l: number) => {
    while (next < count && performance.now() < deadlineMs) await call(next++, l);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, (_, l) => lane(l)));
  return { ms: performance.now() - started, started: next };
}

/**
 * Starts `call(i)` at `start + i / perSec` seconds (open loop) for i = 0 … count-1.
 * @returns the largest lag of a call's start behind its schedule, ms (should stay near 0)
 */
export async function feedPaced(count: number, perSec: number, call: (i: number) => Promise<void>): Promise<number> {
  const start = performance.now();
  const intervalMs = 1000 / perSec;
  let maxLagMs = 0;
  const calls: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    maxLagMs = Math.max(maxLagMs, performance.now() - due);
    calls.push(call(i));
  }
  await Promise.all(calls);
  return maxLagMs;
}
