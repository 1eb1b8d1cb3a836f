import type { RedisConnection } from '@gw/runtime';
import { registerCacheSize, subscribeChannel } from '@gw/runtime';
import { announceWebhookChange, webhookChangeChannel } from './engine/webhook-changes.js';
import type { WebhookDto } from './schemas.js';

/**
 * Each organization's webhook list, as `GET /webhooks` answers it, kept per API process for
 * `ttlMs` (uncached, the listing is a database round trip per request, the largest cost of the
 * API's read path). A registration or deactivation evicts the organization's entry at once in the
 * process that made it ({@link WebhookListCache.changed}) and, through {@link webhookChangeChannel},
 * in every other replica; the TTL bounds staleness if an announcement is lost (e.g. while a
 * replica's subscription reconnects). The worker's auto-disable announces on the same channel.
 *
 * A load that started before a change cannot put the older list back: every eviction bumps a
 * generation number, and a load only stores its result if no eviction happened while it ran
 * (evictions are rare: a load that overlapped one is simply not cached).
 */
export class WebhookListCache {
  private readonly entries = new Map<string, { list: WebhookDto[]; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    registerCacheSize('webhook_lists', this.entries, maxEntries);
  }

  /**
   * The organization's list from the cache, or from `load` (then cached).
   * @throws whatever `load` throws (nothing is cached then)
   */
  async get(organizationId: string, load: () => Promise<WebhookDto[]>): Promise<WebhookDto[]> {
    const hit = this.entries.get(organizationId);
    if (hit && hit.until > Date.now()) return hit.list;
    const generation = this.generation;
    const list = await load();
    if (this.ttlMs > 0 && this.generation === generation) {
      if (this.entries.size >= this.maxEntries && !this.entries.has(organizationId)) {
        this.entries.delete(this.entries.keys().next().value!);
      }
      this.entries.set(organizationId, { list, until: Date.now() + this.ttlMs });
    }
    return list;
  }

  /** Drops the organization's list in this process (a change made here or announced by another replica). */
  evict(organizationId: string): void {
    this.entries.delete(organizationId);
    this.generation++;
  }

  /**
   * Evicts here and announces the change to the other replicas. Call after the change committed.
   * A failed announcement is not an error: the other replicas' entries expire within the TTL.
   */
  async changed(organizationId: string, announce: { redis: RedisConnection; prefix: string }): Promise<void> {
    this.evict(organizationId);
    await announceWebhookChange(announce.redis, announce.prefix, organizationId);
  }

  /**
   * Subscribes `subscriber` (a connection in subscriber mode) to changes announced by other replicas.
   * @returns a function that unsubscribes
   */
  listen(subscriber: RedisConnection, prefix: string): Promise<() => Promise<void>> {
    return subscribeChannel(subscriber, webhookChangeChannel(prefix), (organizationId) => this.evict(organizationId));
  }
}
