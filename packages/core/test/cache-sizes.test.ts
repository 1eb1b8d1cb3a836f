import { describe, expect, it } from '@jest/globals';
import { cacheSizes } from '@gw/runtime';
import { WebhookListCache } from '@gw/core/webhooks';

describe('per-process caches register their size (gw_cache_entries)', () => {
  it('a cache class registers itself when built (the webhook-list cache, bound 10,000 by default)', async () => {
    const before = cacheSizes().get('webhook_lists')?.entries ?? 0;
    const cache = new WebhookListCache(60_000, 10);
    await cache.get('org-1', async () => []);
    await cache.get('org-2', async () => []);
    const after = cacheSizes().get('webhook_lists')!;
    expect(after.entries - before).toBe(2);
    expect(after.max).toBeGreaterThanOrEqual(10);
  });
});
