import { randomBytes } from 'node:crypto';
import { coalesce, type Config, type RedisConnection } from '@gw/runtime';
import type { WebhookHealth } from './schemas.js';
import { organizationShareKeys, poolShareKeys } from './fair-share.js';

/**
 * Delivery isolation: a per-webhook concurrency cap and a per-webhook circuit breaker, and each
 * organization's fair share of the worker pool (`fair-share.ts`), all kept in Redis so that every
 * worker replica sees the same state. Each decision is one Lua script (atomic, one round trip);
 * time is Redis's own clock (`TIME`), so replicas with skewed clocks still agree.
 *
 * Keys, all hash-tagged by webhook id (`{<id>}`) so that one webhook's keys share a Redis Cluster slot
 * (on a cluster QUEUE_PREFIX carries its own tag, e.g. `{gw}`, which comes first and so wins: every
 * key of the service is then in that one slot, as BullMQ's are):
 * - `<prefix>:wh:{<id>}:circuit` hash: `state` (closed | open | half_open), `cf` (consecutive
 *   failures), `lastSuccessAt`, `lastFailureAt`, `failingSince` (first failure since the last
 *   success), `openUntil`, `cooldown` (ms of the current cool-down), `probe`/`probeUntil` (the
 *   half-open probe's lease);
 * - `<prefix>:wh:{<id>}:leases` sorted set: one member per attempt in flight, scored by the time its
 *   lease expires, so a worker that dies mid-attempt frees its slot when the lease runs out;
 * - `<prefix>:wh:{<id>}:waiters` sorted set: job ids parked behind the cap or a probe (FIFO by
 *   park time); a finishing attempt hands its slot to the oldest ones;
 * - `<prefix>:wh:{<id>}:window` hash: attempts (`t<bucket>`) and failures (`f<bucket>`) in ten
 *   buckets of the sliding window.
 * `<prefix>:wh:circuits` is a set of the webhook ids whose circuit has ever changed state (for the
 * ops app's gauges). The organization's and the pool's keys are listed in `fair-share.ts`.
 *
 * An admission is checked in this order: the circuit (open: no attempt until the cool-down ends;
 * half-open: one probe), the organization's fair share, then the webhook's cap. A job refused by
 * the share or the cap is parked in exactly one place (the organization's or the webhook's), and a
 * finishing attempt hands freed slots to the oldest jobs parked there.
 */

/** A circuit's state: closed lets everything through, open nothing, half_open one probe. */
export type CircuitState = 'closed' | 'open' | 'half_open';

/** The answer of {@link EndpointGate.admit}. */
export type Admission =
  | {
      admitted: true;
      /** The lease to pass to {@link EndpointGate.report}. */
      lease: string;
      /** True when this attempt is the half-open probe. */
      probe: boolean;
      /** Set when this call moved the circuit from open to half_open. */
      transition: 'half_open' | null;
    }
  | {
      admitted: false;
      /**
       * - `circuit_open`: the breaker is open until `until`;
       * - `half_open`: the probe is in flight, the job is parked until it ends;
       * - `fair_share`: the organization has its fair share of the pool in flight, the
       *   job is parked until one of them ends;
       * - `cap`: WEBHOOK_ENDPOINT_CONCURRENCY attempts are in flight, the job is parked until one ends.
       */
      reason: 'circuit_open' | 'half_open' | 'fair_share' | 'cap';
      /**
       * `circuit_open`: end of the cool-down; `half_open`: when the next cool-down would end if the
       * probe failed (a successful probe promotes the job sooner); `fair_share` and `cap`: null.
       */
      until: Date | null;
      /**
       * Set when the job was parked on the webhook behind an open circuit's prober or a probe in
       * flight: it needs to look again only then (a safety net; the probe's outcome promotes it or
       * names it the next prober sooner). Null for the circuit's prober (it wakes at `until`) and
       * for `fair_share` and `cap`.
       */
      parkedUntil: Date | null;
      transition: 'half_open' | null;
    };

/** The answer of {@link EndpointGate.report}. */
export interface Report {
  state: CircuitState;
  /** Set when this outcome changed the state. */
  transition: CircuitState | null;
  consecutiveFailures: number;
  /** First failure since the last success (null after a success). */
  failingSince: Date | null;
  openUntil: Date | null;
  /** Parked job ids handed a free slot, of the webhook and of its organization (their delayed jobs are promoted). */
  promoted: string[];
  /** The parked job named the open circuit's next prober (its wake-up is moved to `openUntil`), if any. */
  prober: string | null;
}

/**
 * What an attempt is counted against: its webhook (cap and circuit) and its organization (fair
 * share of the pool).
 */
export interface GateSlot {
  webhookId: string;
  organizationId: string;
  /** Attempts allowed in flight to this webhook (≥ 1): its `maxConcurrency` or WEBHOOK_ENDPOINT_CONCURRENCY. */
  limit: number;
}

/** The breaker's thresholds and the cap's timings, from configuration. */
export type GateSettings = Pick<
  Config,
  | 'WEBHOOK_TIMEOUT_MS'
  | 'WEBHOOK_CIRCUIT_FAILURE_THRESHOLD'
  | 'WEBHOOK_CIRCUIT_WINDOW_MS'
  | 'WEBHOOK_CIRCUIT_MIN_REQUESTS'
  | 'WEBHOOK_CIRCUIT_FAILURE_RATE'
  | 'WEBHOOK_CIRCUIT_COOLDOWN_MS'
  | 'WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS'
  | 'WEBHOOK_CAP_WAIT_MAX_MS'
  | 'WEBHOOK_DISABLE_AFTER_MS'
  | 'WEBHOOK_ORG_CONCURRENCY_MIN'
  | 'WEBHOOK_ORG_CONCURRENCY_MAX'
  | 'WEBHOOK_FAST_ATTEMPT_MS'
  | 'WORKER_CONCURRENCY'
>;

/** Per-webhook cap and circuit breaker, and per-organization fair share (see the module comment). */
export interface EndpointGate {
  /**
   * Asks for a slot for one attempt to the webhook. When refused, the job is parked (fair_share,
   * cap, half_open) or must wait for the cool-down (circuit_open); nothing was counted as an
   * attempt. Admitted or parked, the organization counts as one with work until its lease time
   * passes without it asking again.
   * @param jobId the delivery job's id (parked under it; leaves its organization's backlog when admitted)
   */
  admit(slot: GateSlot, jobId: string): Promise<Admission>;
  /**
   * Ends an admitted attempt: frees its lease (webhook and organization), counts the outcome in the
   * breaker (timeouts and connection errors are failures like non-2xx answers), promotes the
   * oldest jobs parked on the webhook into its freed slots while the circuit is closed, and the
   * oldest parked on the organization's share into its free share.
   */
  report(slot: GateSlot, lease: string, ok: boolean): Promise<Report>;
  /**
   * Gives back an admission that made no attempt (the gate was asked while the delivery was read,
   * and the delivery needs no attempt now, or was admitted under a stale limit): frees the lease if
   * there is one, takes `jobId` off the parked lists, counts nothing in the breaker, and hands what
   * it freed to parked jobs (a released half-open probe lets the next job probe).
   * @param lease the admission's lease, or null when the admission was refused (only unparks)
   */
  release(slot: GateSlot, lease: string | null, jobId: string): Promise<void>;
  /** The circuits of these webhooks, for `GET /webhooks` (a webhook never attempted is closed). */
  health(webhookIds: string[]): Promise<Map<string, WebhookHealth>>;
  /** Forgets a webhook's state (re-registration starts it closed). */
  reset(webhookId: string): Promise<void>;
  /** How long (ms) an attempt's lease lives: WEBHOOK_TIMEOUT_MS plus a margin for the write. */
  readonly leaseMs: number;
}

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * The organization's fair share (`fair-share.ts`): floor(pool / (active + 1)) clamped to
 * [min, max], where active counts the organizations with work (after dropping the lapsed ones).
 * Returns the share and the pool.
 */
const SHARE = `
local function fairShare(activeKey, poolKey, ownPool, min, max, now)
  redis.call('ZREMRANGEBYSCORE', activeKey, '-inf', now)
  local pool = tonumber(redis.call('GET', poolKey) or ownPool)
  local share = math.floor(pool / (redis.call('ZCARD', activeKey) + 1))
  return math.max(min, math.min(max, share)), pool
end`;

/**
 * KEYS: circuit, leases, waiters; the organization's inflight, parked, queued; the pool's active,
 * pool, inflight. ARGV: lease token, limit, lease ms, job id, waiters ttl ms, base cool-down ms, max
 * cool-down ms, organization id, own pool (this replica's slots, used while no heartbeat is
 * known), share min, share max, fast attempt ms, parked horizon ms.
 *
 * Behind an open circuit (so that a dead endpoint's whole backlog does not wake once per
 * cool-down), one job is the circuit's prober (`prober` in the circuit hash): it waits for the
 * cool-down's end, when it takes the probe. Every other job is parked on the webhook (its waiters)
 * and told to look again only at the parked horizon (a safety net); a successful probe closes the
 * circuit and promotes the parked jobs into free slots, a failed one names the oldest parked job
 * the next prober (see REPORT). A job parked behind a probe in flight is parked the same way (the
 * reply's 4th element, the horizon, set in both cases); its `until` stays when the next cool-down
 * would end if the probe failed. A job waiting for an open circuit leaves its organization's
 * backlog (it needs no slot until then).
 *
 * The share rule: an attempt to a webhook whose attempts took less than the fast
 * attempt time on average (`avgMs` in the circuit hash, kept by REPORT) gives its slot back within
 * that time, so it needs only a free slot of the pool and does not count against its
 * organization's share (a webhook without history is not fast). Any other attempt counts: an
 * organization with no counted attempt in flight may take any free slot of the pool; one with
 * counted attempts may take another only while it has fewer than its share AND the pool keeps one
 * share free after it. So a newcomer always finds a slot, however slow the others' endpoints are,
 * unless the pool is full of first attempts.
 */
const ADMIT = `${NOW}${SHARE}
local circuit = redis.call('HMGET', KEYS[1], 'state', 'avgMs', 'openUntil', 'prober')
local state = circuit[1] or 'closed'
local avgMs = tonumber(circuit[2] or '')
local fast = avgMs ~= nil and avgMs < tonumber(ARGV[12])
local transition = ''
local leaseMs = tonumber(ARGV[3])
local waitersTtl = tonumber(ARGV[5])
local parkedUntil = tostring(now + tonumber(ARGV[13]))
local function parkOnWebhook()
  redis.call('ZREM', KEYS[5], ARGV[4])
  redis.call('ZADD', KEYS[3], 'NX', now, ARGV[4])
  redis.call('PEXPIRE', KEYS[3], waitersTtl)
end
if state == 'open' then
  local ou = tonumber(circuit[3] or '0')
  if now < ou then
    redis.call('ZREM', KEYS[6], ARGV[4])
    if circuit[4] and circuit[4] ~= ARGV[4] then
      parkOnWebhook()
      return {'circuit_open', tostring(ou), '', parkedUntil}
    end
    redis.call('HSET', KEYS[1], 'prober', ARGV[4])
    redis.call('ZREM', KEYS[3], ARGV[4])
    return {'circuit_open', tostring(ou), '', ''}
  end
  state = 'half_open'
  redis.call('HSET', KEYS[1], 'state', 'half_open')
  transition = 'half_open'
end
if not fast then
  redis.call('ZADD', KEYS[7], now + leaseMs, ARGV[8])
  redis.call('PEXPIRE', KEYS[7], leaseMs * 2)
end
local probe = 0
if state == 'half_open' then
  local pu = tonumber(redis.call('HGET', KEYS[1], 'probeUntil') or '0')
  if pu > now then
    parkOnWebhook()
    local cd = tonumber(redis.call('HGET', KEYS[1], 'cooldown') or ARGV[6])
    return {'half_open', tostring(pu + math.min(cd * 2, tonumber(ARGV[7]))), transition, parkedUntil}
  end
  probe = 1
  redis.call('HDEL', KEYS[1], 'prober')
end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[9], '-inf', now)
local share, pool = fairShare(KEYS[7], KEYS[8], tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11]), now)
local mine = redis.call('ZCARD', KEYS[4])
local total = redis.call('ZCARD', KEYS[9])
local room
if fast or mine == 0 then room = total < pool else room = mine < share and total < pool - share end
if not room then
  redis.call('ZREM', KEYS[3], ARGV[4])
  redis.call('ZADD', KEYS[5], 'NX', now, ARGV[4])
  redis.call('PEXPIRE', KEYS[5], waitersTtl)
  return {'fair_share', tostring(share), transition, ''}
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then
  parkOnWebhook()
  return {'cap', '0', transition, ''}
end
local expires = now + leaseMs
if probe == 1 then redis.call('HSET', KEYS[1], 'probe', ARGV[1], 'probeUntil', expires) end
redis.call('ZADD', KEYS[2], expires, ARGV[1])
redis.call('PEXPIRE', KEYS[2], leaseMs * 2)
if not fast then
  redis.call('ZADD', KEYS[4], expires, ARGV[1])
  redis.call('PEXPIRE', KEYS[4], leaseMs * 2)
end
redis.call('ZADD', KEYS[9], expires, ARGV[1])
redis.call('PEXPIRE', KEYS[9], leaseMs * 2)
redis.call('ZREM', KEYS[3], ARGV[4])
redis.call('ZREM', KEYS[5], ARGV[4])
redis.call('ZREM', KEYS[6], ARGV[4])
return {'ok', tostring(probe), transition, ''}`;

/**
 * KEYS: circuit, leases, waiters, window; the organization's inflight, parked; the pool's active,
 * pool, inflight. ARGV: lease token, ok (1|0, or r: released without an attempt), limit, consecutive
 * threshold, window ms, min requests, failure rate %, base cool-down ms, max cool-down ms, state ttl
 * ms, organization id, own pool, share min, share max, lease ms, job id (r only).
 *
 * A release (the worker asked the gate while it read the delivery, and the delivery turned out
 * not to need this attempt) frees the lease (an empty token: none was granted) and takes
 * the job off the webhook's and the organization's parked lists, counts nothing in the breaker or
 * the average, and promotes parked jobs into what it freed; a released half-open probe clears the
 * probe and wakes one parked job to be the next.
 *
 * Two paths for the circuit. A success while the circuit is closed (nearly every report) only
 * counts the attempt in its bucket, resets the failure count and stamps `lastSuccessAt`: the
 * window's totals are read only to decide whether to open, which a success never does, so the
 * window is not read (it is swept of buckets older than the window only once it holds more fields
 * than a full window can, which keeps it bounded). Every other outcome (a failure, or the probe's
 * success in half_open) reads the window, sweeps it and decides the state. Parked jobs
 * are looked at only when there are any (ZCARD of the waiters), so a report to an endpoint nobody
 * waits for does not scan its leases.
 *
 * The circuit's prober (see ADMIT): a failed probe that opens the circuit again names
 * the oldest job parked on the webhook the next prober and returns it (the reply's 7th element),
 * and so does a release by the prober of an open circuit; the worker then moves that job's wake-up
 * to the new cool-down's end. A close forgets the prober, an opening from closed too (the next job
 * to ask becomes it).
 *
 * Then the organization: with no counted attempt in flight and nothing parked it stops
 * counting as one with work; with jobs parked on its share, the oldest are promoted into its free
 * share. The attempt's duration (from its lease) updates the webhook's moving average `avgMs`
 * (weight 0.3 to the newest), which tells ADMIT whether the webhook's attempts are fast.
 */
const REPORT = `${NOW}${SHARE}
local leaseMs = tonumber(ARGV[15])
local release = ARGV[2] == 'r'
local releasedProbe = false
local state = redis.call('HGET', KEYS[1], 'state') or 'closed'
local transition = ''
local cf = 0
local failingSince = ''
local openUntil = ''
local prober = ''
local function nextProber()
  redis.call('HDEL', KEYS[1], 'prober')
  local oldest = redis.call('ZRANGE', KEYS[3], 0, 0)
  if #oldest > 0 then
    redis.call('ZREM', KEYS[3], oldest[1])
    redis.call('HSET', KEYS[1], 'prober', oldest[1])
    prober = oldest[1]
  end
end
if release then
  if ARGV[1] ~= '' then
    redis.call('ZREM', KEYS[2], ARGV[1])
    redis.call('ZREM', KEYS[5], ARGV[1])
    redis.call('ZREM', KEYS[9], ARGV[1])
    if redis.call('HGET', KEYS[1], 'probe') == ARGV[1] then
      redis.call('HDEL', KEYS[1], 'probe', 'probeUntil')
      releasedProbe = true
    end
  end
  redis.call('ZREM', KEYS[3], ARGV[16])
  redis.call('ZREM', KEYS[6], ARGV[16])
  if state == 'open' and redis.call('HGET', KEYS[1], 'prober') == ARGV[16] then
    openUntil = redis.call('HGET', KEYS[1], 'openUntil') or ''
    nextProber()
  end
else
  local leased = redis.call('ZSCORE', KEYS[2], ARGV[1])
  local took = leaseMs
  if leased then took = math.max(0, now - (tonumber(leased) - leaseMs)) end
  local lastAvg = tonumber(redis.call('HGET', KEYS[1], 'avgMs') or '')
  redis.call('HSET', KEYS[1], 'avgMs', lastAvg and math.floor(lastAvg * 0.7 + took * 0.3) or took)
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[5], ARGV[1])
  redis.call('ZREM', KEYS[9], ARGV[1])
  local ok = ARGV[2] == '1'
  local windowMs = tonumber(ARGV[5])
  local bucketMs = math.max(1, math.floor(windowMs / 10))
  local b = math.floor(now / bucketMs)
  redis.call('HINCRBY', KEYS[4], 't' .. b, 1)
  if ok and state == 'closed' then
    if redis.call('HLEN', KEYS[4]) > 22 then
      local fields = redis.call('HKEYS', KEYS[4])
      for i = 1, #fields do
        if tonumber(string.sub(fields[i], 2)) <= b - 10 then redis.call('HDEL', KEYS[4], fields[i]) end
      end
    end
    redis.call('PEXPIRE', KEYS[4], windowMs * 2)
    redis.call('HSET', KEYS[1], 'cf', 0, 'lastSuccessAt', now)
    redis.call('HDEL', KEYS[1], 'failingSince')
  else
    if not ok then redis.call('HINCRBY', KEYS[4], 'f' .. b, 1) end
    local total, fails = 0, 0
    local fields = redis.call('HGETALL', KEYS[4])
    for i = 1, #fields, 2 do
      local f = fields[i]
      if tonumber(string.sub(f, 2)) <= b - 10 then
        redis.call('HDEL', KEYS[4], f)
      elseif string.sub(f, 1, 1) == 't' then
        total = total + tonumber(fields[i + 1])
      else
        fails = fails + tonumber(fields[i + 1])
      end
    end
    redis.call('PEXPIRE', KEYS[4], windowMs * 2)
    if ok then
      redis.call('HSET', KEYS[1], 'cf', 0, 'lastSuccessAt', now)
      redis.call('HDEL', KEYS[1], 'failingSince')
      redis.call('HSET', KEYS[1], 'state', 'closed')
      redis.call('HDEL', KEYS[1], 'probe', 'probeUntil', 'openUntil', 'cooldown', 'prober')
      redis.call('DEL', KEYS[4])
      state = 'closed'
      transition = 'closed'
    else
      cf = redis.call('HINCRBY', KEYS[1], 'cf', 1)
      redis.call('HSET', KEYS[1], 'lastFailureAt', now)
      redis.call('HSETNX', KEYS[1], 'failingSince', now)
      local cooldown = nil
      if state == 'half_open' then
        cooldown = math.min(tonumber(redis.call('HGET', KEYS[1], 'cooldown') or ARGV[8]) * 2, tonumber(ARGV[9]))
      elseif state == 'closed' and (cf >= tonumber(ARGV[4]) or (total >= tonumber(ARGV[6]) and fails * 100 >= tonumber(ARGV[7]) * total)) then
        cooldown = tonumber(ARGV[8])
      end
      if cooldown then
        local fromProbe = state == 'half_open'
        redis.call('HSET', KEYS[1], 'state', 'open', 'openUntil', now + cooldown, 'cooldown', cooldown)
        redis.call('HDEL', KEYS[1], 'probe', 'probeUntil', 'prober')
        state = 'open'
        transition = 'open'
        if fromProbe then nextProber() end
      end
      failingSince = redis.call('HGET', KEYS[1], 'failingSince') or ''
      openUntil = redis.call('HGET', KEYS[1], 'openUntil') or ''
    end
  end
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[10]))
end
local promoted = {}
if (state == 'closed' or releasedProbe) and redis.call('ZCARD', KEYS[3]) > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  local free = tonumber(ARGV[3]) - redis.call('ZCARD', KEYS[2])
  if state ~= 'closed' then free = 1 end
  if free > 0 then
    promoted = redis.call('ZRANGE', KEYS[3], 0, free - 1)
    if #promoted > 0 then redis.call('ZREM', KEYS[3], unpack(promoted)) end
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now)
local inflight = redis.call('ZCARD', KEYS[5])
local parked = redis.call('ZCARD', KEYS[6])
if inflight == 0 and parked == 0 then
  redis.call('ZREM', KEYS[7], ARGV[11])
elseif parked > 0 then
  redis.call('ZADD', KEYS[7], now + leaseMs, ARGV[11])
  local share = fairShare(KEYS[7], KEYS[8], tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14]), now)
  local free = share - inflight
  if free > 0 then
    local next = redis.call('ZRANGE', KEYS[6], 0, free - 1)
    if #next > 0 then
      redis.call('ZREM', KEYS[6], unpack(next))
      for i = 1, #next do promoted[#promoted + 1] = next[i] end
    end
  end
end
return {state, transition, tostring(cf), failingSince, openUntil, promoted, prober}`;

/**
 * How long (ms) a job parked behind an open circuit or a probe sleeps at most: a safety net (a lost
 * promotion, a Redis that lost the gate's keys), not a polling interval. The probe's outcome wakes
 * it sooner: promoted when the circuit closes, or named the next prober.
 */
export const PARKED_HORIZON_MS = 3_600_000;

/** Redis keys of one webhook's gate state (hash-tagged: one cluster slot per webhook). */
export function gateKeys(prefix: string, webhookId: string) {
  const base = `${prefix}:wh:{${webhookId}}`;
  return { circuit: `${base}:circuit`, leases: `${base}:leases`, waiters: `${base}:waiters`, window: `${base}:window` };
}

/** Set of webhook ids whose circuit has changed state at least once (the ops app's gauges read it). */
export const circuitRegistryKey = (prefix: string): string => `${prefix}:wh:circuits`;

type GateRedis = RedisConnection & {
  gwGateAdmit(...keysAndArgv: (string | number)[]): Promise<[string, string, string, string]>;
  gwGateReport(...keysAndArgv: (string | number)[]): Promise<[CircuitState, string, string, string, string, string[], string]>;
};

const msToDate = (ms: string | null | undefined): Date | null => (ms ? new Date(Number(ms)) : null);
const msToIso = (ms: string | null | undefined): string | null => msToDate(ms)?.toISOString() ?? null;

/**
 * {@link readWebhookHealth} with group reads: the calls made while the event loop is in one I/O
 * phase (say 50 concurrent `GET /webhooks` of one organization) share one pipeline over the union
 * of their ids (each id read once), instead of one Redis round trip per request. A batch is sent
 * only after all its callers arrived, so every answer is still read after its request arrived:
 * live, never cached. An error of the batch reaches each of its callers.
 * @returns a function `(webhookIds) => Map<id, WebhookHealth>` with an entry for every id asked
 */
export function coalescedHealthReader(
  redis: RedisConnection,
  prefix: string,
): (webhookIds: string[]) => Promise<Map<string, WebhookHealth>> {
  const read = coalesce<string[], Map<string, WebhookHealth>>(
    async (lists) => {
      const all = await readWebhookHealth(redis, prefix, [...new Set(lists.flat())]);
      return lists.map((ids) => new Map(ids.map((id) => [id, all.get(id)!])));
    },
    { maxBatch: 256, maxInFlight: 4 },
  );
  return (webhookIds) => (webhookIds.length === 0 ? Promise.resolve(new Map()) : read(webhookIds));
}

/**
 * Reads the circuits of these webhooks in one pipeline. An open circuit whose cool-down is over
 * is shown as `half_open`: the next due delivery is its probe.
 */
export async function readWebhookHealth(redis: RedisConnection, prefix: string, webhookIds: string[]): Promise<Map<string, WebhookHealth>> {
  const health = new Map<string, WebhookHealth>();
  if (webhookIds.length === 0) return health;
  const pipeline = redis.pipeline();
  for (const id of webhookIds) pipeline.hmget(gateKeys(prefix, id).circuit, 'state', 'cf', 'lastSuccessAt', 'lastFailureAt', 'openUntil');
  const results = (await pipeline.exec()) ?? [];
  const now = Date.now();
  webhookIds.forEach((id, i) => {
    const [err, fields] = results[i] ?? [null, []];
    if (err) throw err;
    const [state, cf, lastSuccessAt, lastFailureAt, openUntil] = (fields as (string | null)[]) ?? [];
    let shown: CircuitState = (state as CircuitState | null) ?? 'closed';
    if (shown === 'open' && Number(openUntil) <= now) shown = 'half_open';
    health.set(id, {
      state: shown,
      consecutiveFailures: Number(cf ?? 0),
      lastSuccessAt: msToIso(lastSuccessAt),
      lastFailureAt: msToIso(lastFailureAt),
      openUntil: shown === 'open' ? msToIso(openUntil) : null,
    });
  });
  return health;
}

/**
 * Creates the gate over one Redis connection (the scripts are loaded once per connection and run
 * with EVALSHA).
 * @param prefix QUEUE_PREFIX
 * @param wake called with the parked job ids handed a slot by a finishing attempt (the worker
 *   promotes their delayed jobs); a failure there only delays them until WEBHOOK_CAP_WAIT_MAX_MS
 *   (behind the cap) or the parked horizon (behind a circuit)
 * @param wakeAt called with the job named an open circuit's next prober and the cool-down's end
 *   (the worker moves its delayed job's wake-up there); a failure there leaves the
 *   probe to the next job that asks after the cool-down, or to the parked horizon
 */
export function createEndpointGate(
  redis: RedisConnection,
  prefix: string,
  settings: GateSettings,
  wake: (jobIds: string[]) => Promise<void> = async () => undefined,
  wakeAt: (jobId: string, at: Date) => Promise<void> = async () => undefined,
): EndpointGate {
  const r = redis as GateRedis;
  if (typeof r.gwGateAdmit !== 'function') {
    redis.defineCommand('gwGateAdmit', { numberOfKeys: 9, lua: ADMIT });
    redis.defineCommand('gwGateReport', { numberOfKeys: 9, lua: REPORT });
  }
  const leaseMs = settings.WEBHOOK_TIMEOUT_MS + 5000;
  // Parked ids outlive every park: a cap wait, a cool-down, and the parked horizon twice over.
  const waitersTtlMs = Math.max(settings.WEBHOOK_CAP_WAIT_MAX_MS * 4, settings.WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS * 4, PARKED_HORIZON_MS * 2);
  const stateTtlMs = Math.max(settings.WEBHOOK_DISABLE_AFTER_MS, settings.WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS) * 2;
  const registry = circuitRegistryKey(prefix);
  const pool = poolShareKeys(prefix);
  // The share's arguments: this replica's own slots stand for the pool until a heartbeat is known.
  const shareArgs = [settings.WORKER_CONCURRENCY, settings.WEBHOOK_ORG_CONCURRENCY_MIN, settings.WEBHOOK_ORG_CONCURRENCY_MAX] as const;
  // A lease names one attempt: `<job id>:<this gate's random nonce>.<sequence>`, unique across
  // processes and attempts. One random draw per gate, not per attempt: randomBytes is a getrandom
  // system call each time (1 % of the worker's CPU in the pipeline profile).
  const leaseNonce = randomBytes(6).toString('hex');
  let leaseSeq = 0;

  /** REPORT with its keys and arguments: an outcome (1 | 0) or a release (`r`, with the job id). */
  const runReport = (slot: GateSlot, lease: string, outcome: 1 | 0 | 'r', jobId: string) => {
    const k = gateKeys(prefix, slot.webhookId);
    const o = organizationShareKeys(prefix, slot.organizationId);
    return r.gwGateReport(
      k.circuit,
      k.leases,
      k.waiters,
      k.window,
      o.inflight,
      o.parked,
      pool.active,
      pool.pool,
      pool.inflight,
      lease,
      outcome,
      slot.limit,
      settings.WEBHOOK_CIRCUIT_FAILURE_THRESHOLD,
      settings.WEBHOOK_CIRCUIT_WINDOW_MS,
      settings.WEBHOOK_CIRCUIT_MIN_REQUESTS,
      settings.WEBHOOK_CIRCUIT_FAILURE_RATE,
      settings.WEBHOOK_CIRCUIT_COOLDOWN_MS,
      settings.WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS,
      stateTtlMs,
      slot.organizationId,
      ...shareArgs,
      leaseMs,
      jobId,
    );
  };

  /** Wakes the promoted jobs now and the next prober at the cool-down's end; their failures only delay them (see the params). */
  const handOn = async (promoted: string[], prober: string, openUntil: string): Promise<void> => {
    if (promoted.length > 0) await wake(promoted).catch(() => undefined);
    if (prober && openUntil) await wakeAt(prober, new Date(Number(openUntil))).catch(() => undefined);
  };

  return {
    leaseMs,
    async admit(slot, jobId) {
      const k = gateKeys(prefix, slot.webhookId);
      const o = organizationShareKeys(prefix, slot.organizationId);
      const lease = `${jobId}:${leaseNonce}.${(++leaseSeq).toString(36)}`;
      const [verdict, detail, transition, parked] = await r.gwGateAdmit(
        k.circuit,
        k.leases,
        k.waiters,
        o.inflight,
        o.parked,
        o.queued,
        pool.active,
        pool.pool,
        pool.inflight,
        lease,
        slot.limit,
        leaseMs,
        jobId,
        waitersTtlMs,
        settings.WEBHOOK_CIRCUIT_COOLDOWN_MS,
        settings.WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS,
        slot.organizationId,
        ...shareArgs,
        settings.WEBHOOK_FAST_ATTEMPT_MS,
        PARKED_HORIZON_MS,
      );
      const moved = transition === 'half_open' ? 'half_open' : null;
      if (moved) await redis.sadd(registry, slot.webhookId);
      if (verdict === 'ok') return { admitted: true, lease, probe: detail === '1', transition: moved };
      const reason = verdict as 'circuit_open' | 'half_open' | 'fair_share' | 'cap';
      const timed = reason === 'circuit_open' || reason === 'half_open';
      return { admitted: false, reason, until: timed ? new Date(Number(detail)) : null, parkedUntil: msToDate(parked), transition: moved };
    },
    async report(slot, lease, ok) {
      const [state, transition, cf, failingSince, openUntil, promoted, prober] = await runReport(slot, lease, ok ? 1 : 0, '');
      if (transition) await redis.sadd(registry, slot.webhookId);
      await handOn(promoted, prober, openUntil);
      return {
        state,
        transition: (transition || null) as CircuitState | null,
        consecutiveFailures: Number(cf),
        failingSince: msToDate(failingSince),
        openUntil: state === 'open' ? msToDate(openUntil) : null,
        promoted,
        prober: prober || null,
      };
    },
    async release(slot, lease, jobId) {
      const [, , , , openUntil, promoted, prober] = await runReport(slot, lease ?? '', 'r', jobId);
      await handOn(promoted, prober, openUntil);
    },
    health: coalescedHealthReader(redis, prefix),
    async reset(webhookId) {
      const k = gateKeys(prefix, webhookId);
      await redis.del(k.circuit, k.window);
    },
  };
}
