import { Gauge, type Registry } from 'prom-client';

/** Anything with a live entry count: a `Map` or a `Set`. */
export interface Sized {
  readonly size: number;
}

interface Registration {
  ref: WeakRef<Sized>;
  /** Most entries the cache keeps; undefined when it has no fixed bound. */
  max: number | undefined;
}

/** Registered caches by name (process-wide: the caches they count are per process too). */
const caches = new Map<string, Registration[]>();

/**
 * Registers a per-process cache or map whose size the metrics report as
 * `gw_cache_entries{cache="<name>"}` (and its bound as `gw_cache_max_entries`), so operators and
 * the soak bench see whether it stays bounded. Only a weak reference to `map` is kept: registering
 * never keeps a cache alive, and the caches of a stopped app (tests start many in one process) drop
 * out once collected. Several live caches under one name (two API apps in one process) are summed,
 * and so are their bounds.
 * @param name snake_case, e.g. `credentials`
 * @param map the Map or Set itself (its `size` is read at each scrape; O(1))
 * @param max the most entries it keeps (its eviction bound), if it has one
 */
export function registerCacheSize(name: string, map: Sized, max?: number): void {
  const live = (caches.get(name) ?? []).filter((r) => r.ref.deref() !== undefined);
  live.push({ ref: new WeakRef(map), max });
  caches.set(name, live);
}

/** Each registered cache's entries now, and its bound (entries; undefined: none), by name; names whose caches were all collected are left out. */
export function cacheSizes(): Map<string, { entries: number; max: number | undefined }> {
  const out = new Map<string, { entries: number; max: number | undefined }>();
  for (const [name, regs] of caches) {
    let entries = 0;
    let max: number | undefined = 0;
    let alive = 0;
    for (const r of regs) {
      const map = r.ref.deref();
      if (!map) continue;
      alive++;
      entries += map.size;
      max = max === undefined || r.max === undefined ? undefined : max + r.max;
    }
    if (alive > 0) out.set(name, { entries, max });
  }
  return out;
}

/**
 * Adds `gw_cache_entries{cache}` and `gw_cache_max_entries{cache}` (gauges, entries) to `registry`,
 * read from {@link registerCacheSize}'s registrations at each collection.
 */
export function registerCacheGauges(registry: Registry): void {
  new Gauge({
    name: 'gw_cache_entries',
    help: 'Entries held now by each per-process cache or map keyed by something that grows with use (credentials, webhook lists, verified tokens, rate-limit keys, opened secrets, ...)',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, s] of cacheSizes()) this.set({ cache }, s.entries);
    },
  });
  new Gauge({
    name: 'gw_cache_max_entries',
    help: 'The most entries each bounded per-process cache keeps (caches without a fixed bound are not listed)',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, s] of cacheSizes()) if (s.max !== undefined) this.set({ cache }, s.max);
    },
  });
}
