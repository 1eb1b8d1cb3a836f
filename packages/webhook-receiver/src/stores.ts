import { randomUUID } from 'node:crypto';

/**
 * Result of {@link DeliveryStore.claim}:
 * - `'claimed'`: this caller now owns the delivery and must run the action, then call
 *   `complete(id)` on success or `release(id)` on failure.
 * - `'done'`: the delivery was already processed; answer 200 and do nothing.
 * - `'in-progress'`: another request is processing the same delivery right now; answer a
 *   non-2xx status (409) so the sender retries later.
 */
export type ClaimResult = 'claimed' | 'done' | 'in-progress';

/**
 * Deduplication store keyed by the delivery id: the signed `delivery.id` of the body, which
 * `verify` has checked against the unsigned `X-Service-Delivery` header.
 *
 * `claim` must be atomic: when several requests with the same id arrive concurrently,
 * exactly one gets `'claimed'`. A claim is a lease that expires on its own (so a process
 * that crashes mid-handler does not block the delivery forever); a completed id is
 * remembered for the store's retention TTL. Keep the store bounded, and its retention above
 * the timestamp tolerance (300 s by default): a captured request sent again within the
 * tolerance is refused by the store, after it by its timestamp.
 */
export interface DeliveryStore {
  /**
   * Atomically claims `id` for processing.
   * @param id The delivery id (the signed `delivery.id`, equal to `X-Service-Delivery`).
   * @returns See {@link ClaimResult}.
   * @throws when the backing store is unavailable (the middleware answers 503).
   */
  claim(id: string): Promise<ClaimResult>;
  /**
   * Marks `id` as processed; later claims return `'done'` until the retention TTL passes.
   * @throws when the backing store is unavailable.
   */
  complete(id: string): Promise<void>;
  /**
   * Drops an in-progress claim after the handler failed, so the sender's retry is
   * processed. Never removes a completed (`'done'`) record.
   * @throws when the backing store is unavailable.
   */
  release(id: string): Promise<void>;
}

/** Default retention of completed delivery ids: 7 days, in milliseconds. */
export const DEFAULT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Default lifetime of an in-progress claim: 60 seconds, in milliseconds. Receivers must
 * answer within 10 s; the sender's first retry comes about a minute after a failed attempt,
 * so a claim left behind by a crashed process has expired by then.
 */
export const DEFAULT_LEASE_MS = 60 * 1000;

/** Default maximum number of ids kept by {@link MemoryStore}. */
export const DEFAULT_MAX_ENTRIES = 10_000;

/**
 * Default maximum number of ids kept by {@link RedisStore}: 100,000 (completed + in progress),
 * about 14 MB of Redis memory with UUID ids (≈ 140 bytes an id, measured on Redis 7.0).
 */
export const DEFAULT_REDIS_MAX_ENTRIES = 100_000;

function positiveInt(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`webhook-receiver: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}

/** Options of {@link MemoryStore}. */
export interface MemoryStoreOptions {
  /** How long a completed id is remembered, in ms. Default {@link DEFAULT_TTL_MS} (7 days). */
  ttlMs?: number;
  /** How long an in-progress claim lives without `complete`/`release`, in ms. Default {@link DEFAULT_LEASE_MS}. */
  leaseMs?: number;
  /**
   * Maximum number of ids held (completed + in-progress). When full, expired entries are
   * dropped first, then the oldest completed ones, then the oldest claims. Default {@link DEFAULT_MAX_ENTRIES}.
   */
  maxEntries?: number;
  /** Clock in epoch ms; injectable for tests. Default `Date.now`. */
  now?: () => number;
}

interface MemoryEntry {
  state: 'in-progress' | 'done';
  expiresAt: number;
}

/**
 * In-process {@link DeliveryStore}. Atomic within one Node.js process only (claims run
 * synchronously on the event loop) and forgotten on restart — use {@link RedisStore} when
 * running several instances or when restarts must not re-run actions.
 *
 * Memory is bounded by `maxEntries`; an id evicted early may be processed again if the
 * sender resends it, so size the bound above your deliveries per TTL, and at least above your
 * deliveries per tolerance window plus the sender's retry schedule (5 min + about 2 h 3 min
 * with the service's defaults). Only verified deliveries reach the store, so nobody without the
 * secret can add ids to it.
 *
 * @throws {RangeError} from the constructor on a non-positive or non-integer option.
 */
export class MemoryStore implements DeliveryStore {
  private readonly entries = new Map<string, MemoryEntry>();
  private readonly ttlMs: number;
  private readonly leaseMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryStoreOptions = {}) {
    this.ttlMs = positiveInt('ttlMs', options.ttlMs ?? DEFAULT_TTL_MS);
    this.leaseMs = positiveInt('leaseMs', options.leaseMs ?? DEFAULT_LEASE_MS);
    this.maxEntries = positiveInt('maxEntries', options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    this.now = options.now ?? Date.now;
  }

  /** Number of ids currently held (including not-yet-swept expired ones). */
  get size(): number {
    return this.entries.size;
  }

  /** {@inheritDoc DeliveryStore.claim} */
  async claim(id: string): Promise<ClaimResult> {
    const now = this.now();
    const existing = this.entries.get(id);
    if (existing && existing.expiresAt > now) return existing.state;
    if (existing) this.entries.delete(id);
    this.set(id, { state: 'in-progress', expiresAt: now + this.leaseMs });
    return 'claimed';
  }

  /** {@inheritDoc DeliveryStore.complete} */
  async complete(id: string): Promise<void> {
    this.entries.delete(id); // re-insert so Map order stays oldest-first
    this.set(id, { state: 'done', expiresAt: this.now() + this.ttlMs });
  }

  /** {@inheritDoc DeliveryStore.release} */
  async release(id: string): Promise<void> {
    if (this.entries.get(id)?.state === 'in-progress') this.entries.delete(id);
  }

  private set(id: string, entry: MemoryEntry): void {
    if (this.entries.size >= this.maxEntries) this.evict();
    this.entries.set(id, entry);
  }

  private evict(): void {
    const now = this.now();
    // Map iteration is insertion order, which for completed ids (constant TTL) is also expiry
    // order, so this usually stops after one step: drop the oldest expired or completed entries.
    for (const [key, entry] of this.entries) {
      if (this.entries.size < this.maxEntries) return;
      if (entry.expiresAt <= now || entry.state === 'done') this.entries.delete(key);
    }
    // Only live claims are left: drop the oldest.
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) return;
      this.entries.delete(key);
    }
  }
}

/**
 * The Redis command {@link RedisStore} uses (`EVAL`), as an ioredis `Redis` or `Cluster` client
 * provides it (structural, so this package's types do not depend on ioredis being installed).
 * Any client with this method and ioredis' reply shapes works.
 */
export interface RedisStoreClient {
  eval(script: string, numkeys: number, ...args: string[]): Promise<unknown>;
}

/** Options of {@link RedisStore}. */
export interface RedisStoreOptions {
  /**
   * Prefix of the store's keys, e.g. `'myapp:webhooks:'`. The store uses three keys,
   * `<prefix>{deliveries}:done`, `:claims` and `:tokens`; the `{deliveries}` hash tag (or the
   * prefix's own, when it has one) keeps them in one Redis Cluster slot. Two stores with the
   * same prefix share their records. Default `'webhook-receiver:'`.
   */
  prefix?: string;
  /** How long a completed id is remembered, in ms. Default {@link DEFAULT_TTL_MS} (7 days). */
  ttlMs?: number;
  /** How long an in-progress claim lives without `complete`/`release`, in ms. Default {@link DEFAULT_LEASE_MS}. */
  leaseMs?: number;
  /**
   * Maximum number of ids held (completed + in progress), across every store sharing the prefix.
   * When full, the oldest completed ids are dropped first, then the oldest claims. Default
   * {@link DEFAULT_REDIS_MAX_ENTRIES} (100,000).
   */
  maxEntries?: number;
}

/**
 * Shared Lua: KEYS[1] = done (sorted set: id → end of retention, epoch ms), KEYS[2] = claims
 * (sorted set: id → end of lease), KEYS[3] = tokens (hash: id → claim token). Times come from the
 * Redis server's clock (TIME), so every instance agrees on them.
 */
const PRELUDE = `
local done, claims, tokens = KEYS[1], KEYS[2], KEYS[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function sweep()
  redis.call('ZREMRANGEBYSCORE', done, '-inf', now)
  local gone = redis.call('ZRANGEBYSCORE', claims, '-inf', now, 'LIMIT', 0, 500)
  for i = 1, #gone do
    redis.call('ZREM', claims, gone[i])
    redis.call('HDEL', tokens, gone[i])
  end
end
local function bound(max, keep)
  local over = redis.call('ZCARD', done) + redis.call('ZCARD', claims) - max
  if over <= 0 then return end
  local n = math.min(over, redis.call('ZCARD', done))
  if n > 0 then redis.call('ZPOPMIN', done, n) end
  over = over - n
  if over <= 0 then return end
  local oldest = redis.call('ZRANGE', claims, 0, over)
  for i = 1, #oldest do
    if over <= 0 then return end
    if oldest[i] ~= keep then
      redis.call('ZREM', claims, oldest[i])
      redis.call('HDEL', tokens, oldest[i])
      over = over - 1
    end
  end
end
local function keep_for(key, ms)
  if redis.call('PTTL', key) < ms then redis.call('PEXPIRE', key, ms) end
end
`;

/** ARGV: id, token, leaseMs, maxEntries → 'claimed' | 'done' | 'in-progress'. */
const CLAIM_SCRIPT = `${PRELUDE}
sweep()
local id, lease = ARGV[1], tonumber(ARGV[3])
local d = redis.call('ZSCORE', done, id)
if d and tonumber(d) > now then return 'done' end
local c = redis.call('ZSCORE', claims, id)
if c and tonumber(c) > now then return 'in-progress' end
redis.call('ZADD', claims, now + lease, id)
redis.call('HSET', tokens, id, ARGV[2])
bound(tonumber(ARGV[4]), id)
keep_for(claims, lease)
keep_for(tokens, lease)
return 'claimed'
`;

/** ARGV: id, ttlMs, maxEntries. */
const COMPLETE_SCRIPT = `${PRELUDE}
sweep()
local id, ttl = ARGV[1], tonumber(ARGV[2])
redis.call('ZREM', claims, id)
redis.call('HDEL', tokens, id)
redis.call('ZADD', done, now + ttl, id)
bound(tonumber(ARGV[3]), id)
keep_for(done, ttl)
return 1
`;

/**
 * ARGV: id, token. Drops the claim on id if it still holds this token (any claim when the token
 * is empty); never touches a completed id.
 */
const RELEASE_SCRIPT = `
local claims, tokens = KEYS[2], KEYS[3]
local id = ARGV[1]
if ARGV[2] ~= '' and redis.call('HGET', tokens, id) ~= ARGV[2] then return 0 end
redis.call('HDEL', tokens, id)
return redis.call('ZREM', claims, id)
`;

/** → number of ids held whose retention or lease has not ended. */
const SIZE_SCRIPT = `${PRELUDE}
return redis.call('ZCOUNT', done, '(' .. now, '+inf') + redis.call('ZCOUNT', claims, '(' .. now, '+inf')
`;

/**
 * {@link DeliveryStore} on Redis, shared by every instance of the receiver, and bounded.
 *
 * Everything is in three keys updated atomically by Lua scripts, with the Redis server's clock:
 * - `<prefix>{deliveries}:done`, a sorted set of completed ids scored by the end of their
 *   retention (`ttlMs`);
 * - `<prefix>{deliveries}:claims`, a sorted set of in-progress ids scored by the end of their
 *   lease (`leaseMs`), and `<prefix>{deliveries}:tokens`, each claim's token, so `release` only
 *   drops its own claim (never a completed record, never another worker's newer claim).
 *
 * Bound: at most `maxEntries` ids in all (when full, the oldest completed ids go first, then the
 * oldest claims), whatever arrives; expired entries are dropped as later calls pass, and each
 * key expires by itself once its newest entry has, so an unused store leaves nothing behind.
 * Only verified deliveries reach the store (their signed id), so ids cannot be minted without
 * the secret; size `maxEntries` above your deliveries per retention window, and at least per
 * tolerance window plus the sender's retry schedule (5 min + about 2 h 3 min with the
 * service's defaults).
 *
 * `ioredis` is an optional peer dependency and never imported: pass your own ioredis
 * `Redis` or `Cluster` client (see {@link RedisStoreClient}); the store never connects or
 * quits it. Needs Redis 5 or later (`ZPOPMIN`, `TIME` in scripts).
 *
 * @throws {RangeError} from the constructor on a non-positive or non-integer TTL, lease or `maxEntries`.
 */
export class RedisStore implements DeliveryStore {
  /** The store's three Redis keys. */
  readonly keys: { readonly done: string; readonly claims: string; readonly tokens: string };
  private readonly ttlMs: number;
  private readonly leaseMs: number;
  private readonly maxEntries: number;
  /** Claim tokens held by this store instance, by delivery id. */
  private readonly tokens = new Map<string, string>();

  constructor(
    private readonly client: RedisStoreClient,
    options: RedisStoreOptions = {},
  ) {
    const base = `${options.prefix ?? 'webhook-receiver:'}{deliveries}:`;
    this.keys = { done: `${base}done`, claims: `${base}claims`, tokens: `${base}tokens` };
    this.ttlMs = positiveInt('ttlMs', options.ttlMs ?? DEFAULT_TTL_MS);
    this.leaseMs = positiveInt('leaseMs', options.leaseMs ?? DEFAULT_LEASE_MS);
    this.maxEntries = positiveInt('maxEntries', options.maxEntries ?? DEFAULT_REDIS_MAX_ENTRIES);
  }

  private run(script: string, ...args: string[]): Promise<unknown> {
    return this.client.eval(script, 3, this.keys.done, this.keys.claims, this.keys.tokens, ...args);
  }

  /** {@inheritDoc DeliveryStore.claim} */
  async claim(id: string): Promise<ClaimResult> {
    const token = randomUUID();
    const result = await this.run(CLAIM_SCRIPT, id, token, String(this.leaseMs), String(this.maxEntries));
    if (result === 'claimed') this.tokens.set(id, token);
    if (result === 'claimed' || result === 'done' || result === 'in-progress') return result;
    throw new Error(`webhook-receiver: unexpected RedisStore claim reply ${String(result)}`);
  }

  /** {@inheritDoc DeliveryStore.complete} */
  async complete(id: string): Promise<void> {
    try {
      await this.run(COMPLETE_SCRIPT, id, String(this.ttlMs), String(this.maxEntries));
    } finally {
      this.tokens.delete(id);
    }
  }

  /** {@inheritDoc DeliveryStore.release} */
  async release(id: string): Promise<void> {
    const token = this.tokens.get(id) ?? '';
    this.tokens.delete(id);
    await this.run(RELEASE_SCRIPT, id, token);
  }

  /**
   * Number of ids held (completed + in progress) whose retention or lease has not ended, across
   * every store sharing the prefix; never more than `maxEntries`.
   */
  async size(): Promise<number> {
    return Number(await this.run(SIZE_SCRIPT));
  }
}
