import type { RedisConnection } from '@gw/runtime';

/**
 * The per-organization budget of bulk recoveries (register → recover 29 days → delete would
 * otherwise re-queue hundreds of rows, repeatable at will): at most `max` recoveries started in
 * any rolling hour, over all the organization's webhooks, counted once for every API replica.
 *
 * One Redis sorted set per organization, `<prefix>:wh:recoveries:{<organizationId>}`: one member
 * per recovery started, scored by its start time in ms on Redis's own clock (`TIME`, so replicas'
 * clocks do not matter). Taking a slot is one script (drop members older than the window, count,
 * add), so concurrent requests cannot pass the budget together; a slot taken for a recovery that
 * then queued nothing is given back ({@link returnRecoverySlot}). The key expires with its
 * newest member. The organization id is the key's hash tag, so on a Redis Cluster it lives in one
 * slot (a QUEUE_PREFIX with its own `{tag}` takes precedence, which is fine too).
 */

/** The rolling window of WEBHOOK_RECOVERIES_PER_HOUR, in ms. */
export const RECOVERY_WINDOW_MS = 3600_000;

/** KEYS[1] the budget; ARGV window ms, max, member. Returns 0 (taken) or the ms until a slot frees. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0
`;

type BudgetRedis = RedisConnection & {
  gwRecoveryTake?: (key: string, windowMs: number, max: number, member: string) => Promise<number>;
};

/** The Redis key of an organization's recovery budget. */
export const recoveryBudgetKey = (prefix: string, organizationId: string): string => `${prefix}:wh:recoveries:{${organizationId}}`;

/**
 * Takes one of the organization's `max` recoveries of the rolling hour, as `member` (unique per
 * recovery).
 * @returns `{ taken: true }`, or `{ taken: false, retryAfterMs }`: how long until the oldest
 *   recovery of the window leaves it
 */
export async function takeRecoverySlot(
  redis: RedisConnection,
  prefix: string,
  organizationId: string,
  max: number,
  member: string,
): Promise<{ taken: true } | { taken: false; retryAfterMs: number }> {
  const r = redis as BudgetRedis;
  if (typeof r.gwRecoveryTake !== 'function') redis.defineCommand('gwRecoveryTake', { numberOfKeys: 1, lua: TAKE });
  const waitMs = await r.gwRecoveryTake!(recoveryBudgetKey(prefix, organizationId), RECOVERY_WINDOW_MS, max, member);
  return waitMs === 0 ? { taken: true } : { taken: false, retryAfterMs: waitMs };
}

/** Gives back the slot `member` took (the recovery queued nothing), so it does not count. */
export async function returnRecoverySlot(redis: RedisConnection, prefix: string, organizationId: string, member: string): Promise<void> {
  await redis.zrem(recoveryBudgetKey(prefix, organizationId), member);
}
