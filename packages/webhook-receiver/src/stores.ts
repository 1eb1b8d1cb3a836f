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
 * Deduplication store keyed by the `X-Service-Delivery` header value.
 *
 * `claim` must be atomic: when several requests with the same id arrive concurrently,
 * exactly one gets `'claimed'`. A claim is a lease that expires on its own (so a process
 * that crashes mid-handler does not block the delivery forever); a completed id is
 * remembered for the store's retention TTL.
 */
export interface DeliveryStore {
  /**
   * Atomically claims `id` for processing.
   * @param id The delivery id (`X-Service-Delivery`).
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
 * sender resends it, so size the bound above your deliveries-per-TTL.
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
 * The Redis commands {@link RedisStore} uses, as an ioredis `Redis` or `Cluster` client
 * provides them (structural, so this package's types do not depend on ioredis being
 * installed). Any client with these methods and ioredis' reply shapes works.
 */
export interface RedisStoreClient {
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number, nx: 'NX'): Promise<'OK' | null>;
  set(key: string, value: string, millisecondsToken: 'PX', milliseconds: number): Promise<'OK' | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, numkeys: number, ...args: string[]): Promise<unknown>;
}

/** Options of {@link RedisStore}. */
export interface RedisStoreOptions {
  /**
   * Prefix of every key, e.g. `'myapp:webhooks:'`; keys are `<prefix><deliveryId>`.
   * Default `'webhook-receiver:delivery:'`.
   */
  prefix?: string;
  /** How long a completed id is remembered, in ms. Default {@link DEFAULT_TTL_MS} (7 days). */
  ttlMs?: number;
  /** How long an in-progress claim lives without `complete`/`release`, in ms. Default {@link DEFAULT_LEASE_MS}. */
  leaseMs?: number;
}

const DONE = 'done';
const IN_PROGRESS_PREFIX = 'in-progress:';

/** Deletes KEYS[1] only if it is an in-progress claim (with token ARGV[1], or any claim when ARGV[1] is empty). */
const RELEASE_SCRIPT = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
if ARGV[1] ~= '' then
  if v == ARGV[1] then return redis.call('DEL', KEYS[1]) end
  return 0
end
if string.sub(v, 1, string.len(ARGV[2])) == ARGV[2] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/**
 * {@link DeliveryStore} on Redis, shared by every instance of the receiver.
 *
 * - `claim`: `SET <prefix><id> in-progress:<token> NX PX <leaseMs>`; if the key exists,
 *   its value tells `'done'` from `'in-progress'`.
 * - `complete`: `SET <prefix><id> done PX <ttlMs>`.
 * - `release`: deletes the key only if it still holds this store's claim token (Lua
 *   compare-and-delete), so it never removes a completed record or another worker's claim.
 *
 * `ioredis` is an optional peer dependency and never imported: pass your own ioredis
 * `Redis` or `Cluster` client (see {@link RedisStoreClient}); the store never connects or
 * quits it.
 *
 * @throws {RangeError} from the constructor on a non-positive or non-integer TTL.
 */
export class RedisStore implements DeliveryStore {
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly leaseMs: number;
  /** Claim tokens held by this store instance, by delivery id. */
  private readonly tokens = new Map<string, string>();

  constructor(
    private readonly client: RedisStoreClient,
    options: RedisStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? 'webhook-receiver:delivery:';
    this.ttlMs = positiveInt('ttlMs', options.ttlMs ?? DEFAULT_TTL_MS);
    this.leaseMs = positiveInt('leaseMs', options.leaseMs ?? DEFAULT_LEASE_MS);
  }

  /** The Redis key used for a delivery id. */
  key(id: string): string {
    return this.prefix + id;
  }

  /** {@inheritDoc DeliveryStore.claim} */
  async claim(id: string): Promise<ClaimResult> {
    const key = this.key(id);
    // The key can expire between SET NX failing and GET; retry a few times in that case.
    for (let attempt = 0; attempt < 3; attempt++) {
      const value = IN_PROGRESS_PREFIX + randomUUID();
      const ok = await this.client.set(key, value, 'PX', this.leaseMs, 'NX');
      if (ok === 'OK') {
        this.tokens.set(id, value);
        return 'claimed';
      }
      const current = await this.client.get(key);
      if (current === DONE) return 'done';
      if (current !== null) return 'in-progress';
    }
    return 'in-progress';
  }

  /** {@inheritDoc DeliveryStore.complete} */
  async complete(id: string): Promise<void> {
    try {
      await this.client.set(this.key(id), DONE, 'PX', this.ttlMs);
    } finally {
      this.tokens.delete(id);
    }
  }

  /** {@inheritDoc DeliveryStore.release} */
  async release(id: string): Promise<void> {
    const token = this.tokens.get(id) ?? '';
    this.tokens.delete(id);
    await this.client.eval(RELEASE_SCRIPT, 1, this.key(id), token, IN_PROGRESS_PREFIX);
  }
}
