import { describe, expect, it } from '@jest/globals';
import { WebhookListCache, type WebhookDto } from '@gw/core/webhooks';

const hook = (url: string): WebhookDto => ({
  id: '0199a0a0-0000-7000-8000-000000000000',
  url,
  events: ['payment.settled'],
  signatureScheme: 'service',
  active: true,
  maxConcurrency: null,
  disabledReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('WebhookListCache (per-process cache of GET /webhooks)', () => {
  it('loads once per organization within the TTL; an eviction makes the next read load again', async () => {
    const cache = new WebhookListCache(60_000);
    let loads = 0;
    const load = async () => [hook(`https://h${++loads}.example.com/`)];
    expect(await cache.get('org1', load)).toEqual([hook('https://h1.example.com/')]);
    expect(await cache.get('org1', load)).toEqual([hook('https://h1.example.com/')]);
    expect(await cache.get('org2', load)).toEqual([hook('https://h2.example.com/')]);
    cache.evict('org1');
    expect(await cache.get('org1', load)).toEqual([hook('https://h3.example.com/')]);
    expect(loads).toBe(3);
  });

  it('a load that was running when a change evicted the organization is answered but not cached', async () => {
    const cache = new WebhookListCache(60_000);
    let release!: () => void;
    const slow = cache.get(
      'org',
      () => new Promise<WebhookDto[]>((resolve) => (release = () => resolve([hook('https://old.example.com/')]))),
    );
    cache.evict('org'); // e.g. a registration committed while the old list was being read
    release();
    expect(await slow).toEqual([hook('https://old.example.com/')]);
    expect(await cache.get('org', async () => [hook('https://new.example.com/')])).toEqual([hook('https://new.example.com/')]);
  });

  it('TTL 0 disables caching; a failed load caches nothing', async () => {
    const off = new WebhookListCache(0);
    let loads = 0;
    await off.get('org', async () => (loads++, []));
    await off.get('org', async () => (loads++, []));
    expect(loads).toBe(2);
    const cache = new WebhookListCache(60_000);
    await expect(cache.get('org', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('org', async () => [hook('https://ok.example.com/')])).toHaveLength(1);
  });
});
