import { describe, expect, it } from '@jest/globals';
import { coalesce, coalescePer } from '@gw/runtime';

/** A batch runner whose batches finish only when the test releases them. */
function gatedRunner<I, O>(compute: (item: I) => O) {
  const batches: I[][] = [];
  const gates: (() => void)[] = [];
  let running = 0;
  let maxRunning = 0;
  const run = async (items: I[]) => {
    batches.push(items);
    running++;
    maxRunning = Math.max(maxRunning, running);
    await new Promise<void>((resolve) => gates.push(resolve));
    running--;
    return items.map(compute);
  };
  return {
    run,
    batches,
    maxRunning: () => maxRunning,
    /** Lets every batch started so far finish, then waits for the next batches to start. */
    release: async () => {
      gates.splice(0).forEach((open) => open());
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setImmediate(r));
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('coalesce (group commit of hot-path statements)', () => {
  it('calls made in the same tick share one batch; each caller gets its own result', async () => {
    const runner = gatedRunner((n: number) => n * 10);
    const submit = coalesce(runner.run, { maxBatch: 100, maxInFlight: 1 });
    const results = Promise.all([1, 2, 3].map(submit));
    await tick();
    expect(runner.batches).toEqual([[1, 2, 3]]);
    await runner.release();
    await expect(results).resolves.toEqual([10, 20, 30]);
  });

  it('calls made while a batch runs wait and form the next batch; at most maxInFlight batches run', async () => {
    const runner = gatedRunner((n: number) => n);
    const submit = coalesce(runner.run, { maxBatch: 100, maxInFlight: 1 });
    const first = submit(1);
    await tick();
    const later = [2, 3, 4].map(submit);
    await tick();
    expect(runner.batches).toEqual([[1]]);
    await runner.release();
    expect(runner.batches).toEqual([[1], [2, 3, 4]]);
    await runner.release();
    await expect(Promise.all([first, ...later])).resolves.toEqual([1, 2, 3, 4]);
    expect(runner.maxRunning()).toBe(1);
  });

  it('splits by maxBatch and runs up to maxInFlight batches at once', async () => {
    const runner = gatedRunner((n: number) => n);
    const submit = coalesce(runner.run, { maxBatch: 2, maxInFlight: 2 });
    const all = Promise.all([1, 2, 3, 4, 5].map(submit));
    await tick();
    expect(runner.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await runner.release();
    expect(runner.batches[2]).toEqual([5]);
    await runner.release();
    await expect(all).resolves.toEqual([1, 2, 3, 4, 5]);
    expect(runner.maxRunning()).toBe(2);
  });

  it('items with the same key never share a batch', async () => {
    const runner = gatedRunner((s: string) => s.toUpperCase());
    const submit = coalesce(runner.run, { maxBatch: 10, maxInFlight: 1, key: (s) => s[0]! });
    const all = Promise.all(['a1', 'b1', 'a2', 'c1', 'a3'].map(submit));
    await tick();
    expect(runner.batches).toEqual([['a1', 'b1', 'c1']]);
    await runner.release();
    expect(runner.batches[1]).toEqual(['a2']);
    await runner.release();
    expect(runner.batches[2]).toEqual(['a3']);
    await runner.release();
    await expect(all).resolves.toEqual(['A1', 'B1', 'A2', 'C1', 'A3']);
  });

  it('a failed batch rejects its own callers only; later batches still run', async () => {
    let calls = 0;
    const submit = coalesce(
      async (items: number[]) => {
        calls++;
        if (calls === 1) throw new Error('connection terminated');
        return items.map((n) => n + 1);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const failed = [submit(1), submit(2)];
    await expect(failed[0]).rejects.toThrow('connection terminated');
    await expect(failed[1]).rejects.toThrow('connection terminated');
    await expect(submit(3)).resolves.toBe(4);
  });

  it('a runner that returns the wrong number of results rejects the batch instead of misassigning results', async () => {
    const submit = coalesce(async (items: number[]) => items.slice(1), { maxBatch: 10, maxInFlight: 1 });
    const both = [submit(1), submit(2)];
    await expect(both[0]).rejects.toThrow('batch of 2 returned 1 results');
    await expect(both[1]).rejects.toThrow('batch of 2 returned 1 results');
  });

  it('coalescePer: calls on one resource share batches, calls on different resources never do', async () => {
    const batches: [string, number[]][] = [];
    const submit = coalescePer(
      async (resource: { name: string }, items: number[]) => {
        batches.push([resource.name, items]);
        return items.map((n) => `${resource.name}:${n}`);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const a = { name: 'a' };
    const b = { name: 'b' };
    const results = await Promise.all([submit(a, 1), submit(b, 2), submit(a, 3)]);
    expect(results).toEqual(['a:1', 'b:2', 'a:3']);
    expect(batches).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
  });
});
