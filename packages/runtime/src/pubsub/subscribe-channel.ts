import type { RedisConnection } from '../redis/redis.js';

/**
 * Calls `onMessage` with every message published on `channel` (Redis pub/sub), e.g. the cache
 * evictions announced by other replicas. `subscriber` must be a connection of its own: it enters
 * subscriber mode; ioredis re-subscribes by itself after a reconnect (messages published while it
 * was away are lost, so callers bound staleness with a TTL).
 * @returns a function that unsubscribes
 */
export async function subscribeChannel(
  subscriber: RedisConnection,
  channel: string,
  onMessage: (message: string) => void,
): Promise<() => Promise<void>> {
  subscriber.on('message', (ch: string, message: string) => {
    if (ch === channel) onMessage(message);
  });
  await subscriber.subscribe(channel);
  return async () => {
    await subscriber.unsubscribe(channel).catch(() => undefined);
  };
}
