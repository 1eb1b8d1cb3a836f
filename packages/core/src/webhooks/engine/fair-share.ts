import type { RedisConnection } from '@gw/runtime';

/**
 * Fair sharing of the delivery worker pool between organizations. One organization's
 * slow endpoints or burst of events must not hold up anyone else's deliveries, on any number of
 * worker replicas. Two mechanisms, both kept in Redis:
 *
 * 1. **A bound on what each organization has in flight.** The pool is the sum of WORKER_CONCURRENCY
 *    over the live worker replicas (each replica announces its slots, {@link announceWorkerSlots}).
 *    An organization's fair share is `⌊pool / (organizations with work + 1)⌋`, clamped to
 *    [WEBHOOK_ORG_CONCURRENCY_MIN, WEBHOOK_ORG_CONCURRENCY_MAX]. Only attempts that hold a slot
 *    for long count: an attempt to a webhook whose attempts took less than WEBHOOK_FAST_ATTEMPT_MS
 *    on average (250 ms) gives its slot back within that time, and needs only a free slot, so one
 *    organization's fast endpoints can use the whole pool while nobody else needs it. The endpoint
 *    gate (`endpoint-gate.ts`) lets an organization with no counted attempt in flight take any
 *    free slot, and one with counted attempts take another only while it has fewer than its share
 *    and the pool keeps one share free after it: an organization whose work just arrived finds a
 *    free slot at once instead of waiting for somebody's slow attempt to end. Otherwise the job is
 *    parked (reason `fair_share`), and the organization's next finishing attempt hands its slot to
 *    its oldest parked job (a parked job also looks again by itself after WEBHOOK_CAP_WAIT_MAX_MS).
 * 2. **Round robin at the head of the queue.** Every delivery job is enqueued with a BullMQ
 *    priority equal to its rank in its organization's backlog ({@link rankDeliveries}): the first
 *    waiting delivery of every organization has priority 1, the second 2, and so on. BullMQ runs
 *    lower priorities first and equal ones in arrival order, so the worker takes the first delivery
 *    of each organization before the second of any: a burst of 1,000 deliveries of one
 *    organization queues behind the single delivery of another, not in front of it.
 *
 * Keys (`<prefix>` is QUEUE_PREFIX; on a Redis Cluster its own hash tag puts every key in one slot):
 * - `<prefix>:org:{<organization id>}:inflight` sorted set: the organization's counted (not fast)
 *   attempt leases, scored by their expiry (a killed worker's lease runs out by itself);
 * - `<prefix>:org:{<organization id>}:parked` sorted set: job ids parked for the organization's
 *   share, scored by park time (the oldest is handed the next slot);
 * - `<prefix>:org:{<organization id>}:queued` sorted set: delivery job ids enqueued and not yet
 *   admitted, scored by enqueue time (their count is the next delivery's rank);
 * - `<prefix>:fair:active` sorted set: the organizations with work (a counted attempt in flight or
 *   a job parked), scored by when they stop counting unless they ask again (an attempt's lease time);
 * - `<prefix>:fair:inflight` sorted set: every attempt lease of every organization (the pool's use);
 * - `<prefix>:fair:workers` sorted set and `<prefix>:fair:slots` hash: the live worker replicas
 *   (scored by expiry) and their WORKER_CONCURRENCY; `<prefix>:fair:pool` their sum (expires with
 *   the last heartbeat).
 */

/** Redis keys of one organization's share state. */
export function organizationShareKeys(prefix: string, organizationId: string) {
  const base = `${prefix}:org:{${organizationId}}`;
  return { inflight: `${base}:inflight`, parked: `${base}:parked`, queued: `${base}:queued` };
}

/** Redis keys of the pool-wide share state. */
export function poolShareKeys(prefix: string) {
  return {
    active: `${prefix}:fair:active`,
    workers: `${prefix}:fair:workers`,
    slots: `${prefix}:fair:slots`,
    pool: `${prefix}:fair:pool`,
    inflight: `${prefix}:fair:inflight`,
  };
}

/** Largest BullMQ priority (2^21 − 1, BullMQ's `PRIORITY_LIMIT`); ranks beyond it share it. */
export const MAX_PRIORITY = 2 ** 21 - 1;

/**
 * A queued id not admitted within this long (ms) no longer counts in its organization's backlog:
 * a job removed by hand, or one whose delivery was skipped (deleted, no longer pending), must not
 * push that organization's later deliveries back for ever. 1 hour.
 */
export const QUEUED_HORIZON_MS = 3_600_000;

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * KEYS: one `queued` set per organization. ARGV: horizon ms, then per key: the number of ids
 * followed by the ids. Returns each id's rank (1-based) in its organization's backlog; an id
 * already queued keeps its place (by enqueue time, ties within a millisecond by id).
 */
const RANK = `${NOW}
local horizon = tonumber(ARGV[1])
local out = {}
local a = 2
for k = 1, #KEYS do
  local n = tonumber(ARGV[a])
  a = a + 1
  redis.call('ZREMRANGEBYSCORE', KEYS[k], '-inf', now - horizon)
  local rank = redis.call('ZCARD', KEYS[k])
  for i = 1, n do
    local id = ARGV[a]
    a = a + 1
    if redis.call('ZADD', KEYS[k], 'NX', now, id) == 1 then
      rank = rank + 1
      out[#out + 1] = rank
    else
      out[#out + 1] = redis.call('ZRANK', KEYS[k], id) + 1
    end
  end
  redis.call('PEXPIRE', KEYS[k], horizon)
end
return out`;

/**
 * KEYS: workers, slots, pool. ARGV: instance id, concurrency (0 = leaving), ttl ms. Drops the
 * replicas whose heartbeat ran out, records this one (or removes it), and sets the pool to the sum
 * of the live replicas' slots, expiring with the heartbeat. Returns the pool.
 */
const HEARTBEAT = `${NOW}
local ttl = tonumber(ARGV[3])
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
if #gone > 0 then
  redis.call('ZREM', KEYS[1], unpack(gone))
  redis.call('HDEL', KEYS[2], unpack(gone))
end
if tonumber(ARGV[2]) > 0 then
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
else
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
local pool = 0
for _, v in ipairs(redis.call('HVALS', KEYS[2])) do pool = pool + tonumber(v) end
if pool > 0 then
  redis.call('SET', KEYS[3], pool, 'PX', ttl)
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('PEXPIRE', KEYS[2], ttl)
else
  redis.call('DEL', KEYS[3])
end
return pool`;

type ShareRedis = RedisConnection & {
  gwRankDeliveries(...args: (string | number)[]): Promise<number[]>;
  gwWorkerSlots(workers: string, slots: string, pool: string, ...argv: (string | number)[]): Promise<number>;
};

function commands(redis: RedisConnection): ShareRedis {
  const r = redis as ShareRedis;
  if (typeof r.gwRankDeliveries !== 'function') {
    redis.defineCommand('gwRankDeliveries', { lua: RANK });
    redis.defineCommand('gwWorkerSlots', { numberOfKeys: 3, lua: HEARTBEAT });
  }
  return r;
}

/** A delivery to enqueue, with the organization and the webhook (endpoint) it belongs to. */
export interface DeliveryRef {
  id: string;
  organizationId: string;
  /**
   * Chooses the delivery queue's shard (`deliveryShard`), and rides in the job with the
   * organization, so the worker asks the endpoint gate while it reads the delivery.
   */
  webhookId: string;
}

/**
 * Adds the deliveries to their organizations' backlogs and returns the BullMQ priority of each: its
 * rank in its organization's backlog (1 for an organization with nothing waiting), at most
 * {@link MAX_PRIORITY}. One Redis round trip (one script) for any number of organizations.
 * @returns priorities in the order of `refs`
 */
export async function rankDeliveries(
  redis: RedisConnection,
  prefix: string,
  refs: Pick<DeliveryRef, 'id' | 'organizationId'>[],
): Promise<number[]> {
  if (refs.length === 0) return [];
  const byOrg = new Map<string, number[]>();
  refs.forEach((ref, i) => {
    const list = byOrg.get(ref.organizationId);
    if (list) list.push(i);
    else byOrg.set(ref.organizationId, [i]);
  });
  const keys: string[] = [];
  const argv: (string | number)[] = [QUEUED_HORIZON_MS];
  const order: number[] = [];
  for (const [organizationId, indexes] of byOrg) {
    keys.push(organizationShareKeys(prefix, organizationId).queued);
    argv.push(indexes.length);
    for (const i of indexes) {
      argv.push(refs[i]!.id.toLowerCase());
      order.push(i);
    }
  }
  const ranks = await commands(redis).gwRankDeliveries(keys.length, ...keys, ...argv);
  const priorities = new Array<number>(refs.length);
  order.forEach((i, k) => (priorities[i] = Math.min(Math.max(1, Number(ranks[k])), MAX_PRIORITY)));
  return priorities;
}

/**
 * Announces a worker replica's delivery slots (its WORKER_CONCURRENCY) to the pool that the fair
 * shares divide; repeated every `ttlMs / 3` by the worker. A replica that stops announcing leaves
 * the pool after `ttlMs`.
 * @param concurrency 0 withdraws the replica at once (graceful stop)
 * @returns the pool: the slots of every live replica
 */
export async function announceWorkerSlots(
  redis: RedisConnection,
  prefix: string,
  instanceId: string,
  concurrency: number,
  ttlMs: number,
): Promise<number> {
  const k = poolShareKeys(prefix);
  return Number(await commands(redis).gwWorkerSlots(k.workers, k.slots, k.pool, instanceId, concurrency, ttlMs));
}

/**
 * An organization's fair share: `⌊pool / (organizations with work + 1)⌋` clamped to
 * [min, max]. The same rule runs inside the endpoint gate's scripts (Lua); this one documents and
 * tests it, and serves the docs' table.
 */
export function fairShare(pool: number, organizationsWithWork: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.floor(pool / (organizationsWithWork + 1))));
}
