/** Options of {@link coalesce}. */
export interface CoalesceOptions<I> {
  /** At most this many items per batch. */
  maxBatch: number;
  /** At most this many batches running at once; items that arrive meanwhile wait and are batched together. */
  maxInFlight: number;
  /**
   * Items with the same key never share a batch: the later one waits for a later batch (e.g. two
   * runs of one delivery, which a single `UPDATE … FROM unnest(…)` could not tell apart).
   */
  key?: (item: I) => string;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (reason: unknown) => void;
}

/**
 * Group commit: calls made while earlier batches are running are queued and run
 * together as one batch, so N concurrent callers cost one database round trip instead of N. An
 * idle caller waits only until the current I/O phase ends (`setImmediate`): calls made in the
 * same tick share its batch. Under low load every batch holds one item; batches grow with load.
 *
 * @param run runs one batch; must return one result per item, in the items' order. If it throws,
 *   every caller of that batch gets the error (and may retry); other batches are not affected.
 * @returns a function that submits one item and resolves with its result
 * @throws Error (through the returned promise) when `run` returns the wrong number of results
 */
export function coalesce<I, O>(run: (items: I[]) => Promise<O[]>, opts: CoalesceOptions<I>): (item: I) => Promise<O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const takeBatch = (): Waiting<I, O>[] => {
    if (!opts.key) return queue.splice(0, opts.maxBatch);
    const batch: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < opts.maxBatch;) {
      const k = opts.key(queue[i]!.item);
      if (keys.has(k)) {
        i++;
        continue;
      }
      keys.add(k);
      batch.push(queue.splice(i, 1)[0]!);
    }
    return batch;
  };

  const dispatch = (): void => {
    scheduled = false;
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight++;
      void run(batch.map((w) => w.item))
        .then((results) => {
          if (results.length !== batch.length) throw new Error(`batch of ${batch.length} returned ${results.length} results`);
          batch.forEach((w, i) => w.resolve(results[i]!));
        })
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          inFlight--;
          schedule();
        });
    }
  };

  const schedule = (): void => {
    if (scheduled || queue.length === 0 || inFlight >= opts.maxInFlight) return;
    scheduled = true;
    setImmediate(dispatch);
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

/**
 * One {@link coalesce} batcher per resource (a pool, a queue), created on its first call and
 * dropped with the resource: calls on the same resource share batches, calls on different ones
 * never do (so tests and processes with several pools stay apart).
 * @param run runs one batch on its resource; the same contract as {@link coalesce}'s `run`
 * @returns a function that submits one item for a resource and resolves with its result
 */
export function coalescePer<R extends object, I, O>(
  run: (resource: R, items: I[]) => Promise<O[]>,
  opts: CoalesceOptions<I>,
): (resource: R, item: I) => Promise<O> {
  const batchers = new WeakMap<R, (item: I) => Promise<O>>();
  return (resource, item) => {
    let submit = batchers.get(resource);
    if (!submit) {
      submit = coalesce((items: I[]) => run(resource, items), opts);
      batchers.set(resource, submit);
    }
    return submit(item);
  };
}
