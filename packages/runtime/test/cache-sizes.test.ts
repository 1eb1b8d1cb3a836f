import { describe, expect, it } from '@jest/globals';
import { cacheSizes, createAppMetrics, registerCacheSize } from '@gw/runtime';

/** The value of `gw_cache_entries` / `gw_cache_max_entries` for one cache in a fresh app registry, or undefined. */
async function gauge(name: 'gw_cache_entries' | 'gw_cache_max_entries', cache: string): Promise<number | undefined> {
  const { registry } = createAppMetrics('api', { instanceId: 'test' });
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  return (metric?.values as { value: number; labels: Record<string, string> }[] | undefined)?.find((v) => v.labels.cache === cache)?.value;
}

describe('registerCacheSize (gw_cache_entries)', () => {
  it('reports the live size of a registered map and its bound at each collection', async () => {
    const map = new Map<string, number>();
    registerCacheSize('test_one', map, 3);
    expect(await gauge('gw_cache_entries', 'test_one')).toBe(0);
    map.set('a', 1).set('b', 2);
    expect(await gauge('gw_cache_entries', 'test_one')).toBe(2);
    expect(await gauge('gw_cache_max_entries', 'test_one')).toBe(3);
  });

  it('sums the caches registered under one name; a cache without a bound has no max series', async () => {
    const a = new Set(['x']);
    const b = new Set(['y', 'z']);
    registerCacheSize('test_two', a);
    registerCacheSize('test_two', b);
    expect(cacheSizes().get('test_two')).toEqual({ entries: 3, max: undefined });
    expect(await gauge('gw_cache_entries', 'test_two')).toBe(3);
    expect(await gauge('gw_cache_max_entries', 'test_two')).toBeUndefined();
  });
});
