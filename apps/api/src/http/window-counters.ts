import type { RedisConnection } from '@gw/runtime';
import { registerCacheSize } from '@gw/runtime';
import type { Config } from '@gw/runtime';

interface Entry {
  /** When the window ends (epoch ms): first set locally, then taken from the Redis key's TTL. */
  resetAt: number;
  /** This window's total in Redis as last read (all replicas, including our synced hits). */
  synced: number;
  /** Hits of this replica not yet added to Redis. */
  pending: number;
  /** Hits being added by the sync in flight. */
  sending: number;
  /** Read or hit since the last sync: the next sync refreshes it. */
  touched: boolean;
}

/** What a counter says about one key. */
export interface WindowCount {
  /** Hits of every replica in the current window, as far as this replica knows. */
  total: number;
  /** When the current window ends. */
  resetTime: Date;
}

/** Settings of {@link SyncedWindowCounters}. */
export interface WindowCounterOptions {
  /** Key prefix in Redis; each key is `<prefix><key>`. */
  prefix: string;
  /**
   * Window length, ms. A key's window starts with its first hit in Redis (the key expires with
   * it), as with rate-limit-redis; replicas learn its end from the key's TTL.
   */
  windowMs: number;
  /** How often this replica adds its hits to Redis and reads the totals back, ms. */
  syncMs: number;
  /** Keys kept in memory at most (the least recently used are dropped first; default 50,000). */
  maxKeys?: number;
  /** Name of its key count in `gw_cache_entries{cache="rate_limit_<name>"}` (default `counters`). */
  name?: string;
}

/**
 * Fixed-window hit counters shared by every API replica through Redis, without a Redis round trip
 * per request (a Redis call per request was a measured share of every read). Each replica counts in
 * memory and, every `syncMs`, sends all hits it gathered in one pipeline (`INCRBY` per key,
 * expiring with the window) and reads back the totals of the keys it used, so it sees the other
 * replicas' hits within one sync interval.
 *
 * Accuracy: a replica decides with its own hits exactly and with the others' as of its last sync,
 * so across R replicas a client can exceed a limit by at most what it sends to the other R − 1
 * replicas in one `syncMs`. With one replica the count is exact. While Redis is unreachable each
 * replica keeps counting and enforcing its own hits (and adds them to Redis once it is back);
 * limits never switch off.
 */
export class SyncedWindowCounters {
  private readonly entries = new Map<string, Entry>();
  private readonly maxKeys: number;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly redis: RedisConnection,
    private readonly opts: WindowCounterOptions,
  ) {
    this.maxKeys = opts.maxKeys ?? 50_000;
    registerCacheSize(`rate_limit_${opts.name ?? 'counters'}`, this.entries, this.maxKeys);
  }

  /** Starts the periodic sync (the timer does not keep the process alive). */
  start(): this {
    this.timer ??= setInterval(() => void this.sync(), this.opts.syncMs);
    this.timer.unref();
    return this;
  }

  /** Stops the periodic sync and sends the last hits (best effort). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sync();
  }

  /** Counts one hit of `key` in the current window. @returns the total including this hit */
  hit(key: string, now = Date.now()): WindowCount {
    const entry = this.entry(key, now);
    entry.pending++;
    return this.count(entry);
  }

  /** The current total of `key` without counting a hit (the next sync refreshes it from Redis). */
  peek(key: string, now = Date.now()): WindowCount {
    return this.count(this.entry(key, now));
  }

  /** Takes back one hit of `key` counted in the current window and not yet synced (express-rate-limit's `decrement`). */
  unhit(key: string, now = Date.now()): void {
    const entry = this.entry(key, now);
    if (entry.pending > 0) entry.pending--;
  }

  /** Forgets `key` on this replica (its Redis count stays until the window ends). */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /**
   * Sends gathered hits and refreshes the totals of the keys used since the last sync: one
   * pipeline. Runs at most once at a time; failures keep the hits for the next sync.
   */
  sync(): Promise<void> {
    this.syncing ??= this.runSync().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async runSync(): Promise<void> {
    const started = Date.now();
    const batch: { entry: Entry; sent: number }[] = [];
    const pipeline = this.redis.pipeline();
    for (const [key, entry] of this.entries) {
      if (entry.resetAt <= started) {
        this.entries.delete(key); // its window is over: the counts no longer matter
        continue;
      }
      if (!entry.touched && entry.pending === 0) continue;
      const redisKey = this.opts.prefix + key;
      const sent = entry.pending;
      entry.pending = 0;
      entry.sending = sent;
      entry.touched = false;
      if (sent > 0) pipeline.incrby(redisKey, sent).pexpire(redisKey, this.opts.windowMs, 'NX');
      else pipeline.get(redisKey);
      pipeline.pttl(redisKey);
      batch.push({ entry, sent });
    }
    if (batch.length === 0) return;
    const replies = await pipeline.exec().catch(() => null);
    let i = 0;
    for (const { entry, sent } of batch) {
      const total = replies?.[i];
      const ttl = replies?.[i + (sent > 0 ? 2 : 1)];
      i += sent > 0 ? 3 : 2;
      entry.sending = 0;
      if (!total || total[0]) {
        entry.pending += sent; // not added: try again with the next sync
        entry.touched = true;
        continue;
      }
      // The reply is the window's total in Redis, our `sent` hits included.
      entry.synced = Math.max(entry.synced, Number(total[1] ?? 0));
      const pttl = ttl && !ttl[0] ? Number(ttl[1]) : -1;
      if (pttl > 0) entry.resetAt = started + pttl;
    }
  }

  private entry(key: string, now: number): Entry {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key); // re-inserted below: least recently used first
      if (entry.resetAt <= now) entry = undefined; // a new window; a sync in flight updates the old object only
    } else if (this.entries.size >= this.maxKeys) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    entry ??= { resetAt: now + this.opts.windowMs, synced: 0, pending: 0, sending: 0, touched: true };
    entry.touched = true;
    this.entries.set(key, entry);
    return entry;
  }

  private count(entry: Entry): WindowCount {
    return { total: entry.synced + entry.sending + entry.pending, resetTime: new Date(entry.resetAt) };
  }
}

/** The window of ORG_EVENT_QUOTA_PER_MINUTE, ms. */
export const EVENT_QUOTA_WINDOW_MS = 60_000;

/** The counters of the limiters of an API process. */
export interface RateLimitCounters {
  /** Requests per API key (or client address): `requestRateLimit`. */
  requests: SyncedWindowCounters;
  /** Failed authentications per client address: `authFailureLimit`. */
  authFailures: SyncedWindowCounters;
  /** Events created per organization per minute: `chargeEventQuota`. */
  events: SyncedWindowCounters;
}

/**
 * Creates and starts the limiters' counters, shared through Redis under `<QUEUE_PREFIX>:rl:req:`,
 * `<QUEUE_PREFIX>:rl:authfail:` (both RATE_LIMIT_WINDOW_MS) and `<QUEUE_PREFIX>:rl:events:` (one
 * minute). Stop them at shutdown (each sends its last counts).
 * @param redis a fail-fast connection (the request-path one)
 */
export function createRateLimitCounters(redis: RedisConnection, config: Config): RateLimitCounters {
  const counters = (name: string, windowMs = config.RATE_LIMIT_WINDOW_MS) =>
    new SyncedWindowCounters(redis, {
      prefix: `${config.QUEUE_PREFIX}:rl:${name}:`,
      windowMs,
      syncMs: config.RATE_LIMIT_SYNC_MS,
      name,
    }).start();
  return { requests: counters('req'), authFailures: counters('authfail'), events: counters('events', EVENT_QUOTA_WINDOW_MS) };
}
