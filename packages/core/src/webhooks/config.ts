import { z } from 'zod';
import { ConfigError, defineEnvSlice, envVar } from '@gw/runtime';

const { bool, int, portList } = envVar;

/** The variables whose default depends on NODE_ENV (see {@link LOCAL_DEVELOPMENT_DEFAULTS}). */
type EnvironmentDefaulted = 'WEBHOOK_ALLOW_PRIVATE_URLS' | 'WEBHOOK_BACKOFF_BASE_MS' | 'WEBHOOK_BACKOFF_MAX_MS';

/**
 * The variables of `webhooks`: deliveries: timeouts, retries, destinations, isolation and fair sharing, circuit breaker, recoveries, the worker's delivery slots and the sweeper. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const webhooksEnv = z.object({
  /** A receiver must answer a delivery attempt with a 2xx within this many ms, else the attempt failed. */
  WEBHOOK_TIMEOUT_MS: int(100, 60000).default(10000),
  /** Automatic attempts per delivery before it is `dead`. */
  WEBHOOK_MAX_ATTEMPTS: int(1, 50).default(8),
  /**
   * Back-off before attempt n+1: min(WEBHOOK_BACKOFF_BASE_MS * 2^(n-1), WEBHOOK_BACKOFF_MAX_MS), in
   * ms. Unset: 60000 (1 min, the specification's schedule), or 5000 with NODE_ENV=development so
   * that a local run shows its retries within seconds; set alone above the unset cap, the cap
   * follows it.
   */
  WEBHOOK_BACKOFF_BASE_MS: int(1).optional(),
  /**
   * Cap of the back-off, in ms (>= WEBHOOK_BACKOFF_BASE_MS). Unset: 3600000 (1 h), or 60000 (1 min)
   * with NODE_ENV=development; set alone below the unset base, the base follows it.
   */
  WEBHOOK_BACKOFF_MAX_MS: int(1).optional(),
  /**
   * `true`: webhooks may point at private, loopback and link-local addresses (local development and
   * tests only). Unset: `true` with NODE_ENV=development (a receiver on the developer's machine),
   * `false` otherwise. A change needs a restart of the api and the worker.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool.optional(),
  /**
   * Delivery isolation: at most this many attempts are in flight to one webhook at once,
   * counted across every worker replica in Redis; a webhook's own `maxConcurrency` overrides it.
   * At most 20, the largest `maxConcurrency` a webhook may ask for.
   */
  WEBHOOK_ENDPOINT_CONCURRENCY: int(1, 20).default(10),
  /**
   * Fair sharing of the worker pool between organizations: an organization with work
   * may always have at least this many attempts in flight, across every webhook and worker
   * replica, whatever its fair share of the pool works out at.
   */
  WEBHOOK_ORG_CONCURRENCY_MIN: int(1, 1000).default(2),
  /**
   * Fair sharing: the most attempts one organization may have in flight at once,
   * across every webhook and worker replica, however idle the pool is (its share is the pool
   * divided by the organizations with work plus one, between WEBHOOK_ORG_CONCURRENCY_MIN and
   * this). Also the bound of the sum of the `maxConcurrency` values of an organization's active
   * webhooks.
   */
  WEBHOOK_ORG_CONCURRENCY_MAX: int(1, 10000).default(40),
  /**
   * Fair sharing: an attempt to a webhook whose attempts took less than this on
   * average (ms, moving average) gives its slot back within that time, so it does not count
   * against its organization's share; it only needs a free slot. A webhook without history, or
   * whose attempts are slower, counts. Keeps one organization's busy but fast endpoints at full
   * speed while the pool has room, and its slow ones within its share.
   */
  WEBHOOK_FAST_ATTEMPT_MS: int(1, 60000).default(250),
  /** Circuit breaker: consecutive failed attempts (non-2xx, timeout, connection error) that open it. */
  WEBHOOK_CIRCUIT_FAILURE_THRESHOLD: int(1, 1000).default(5),
  /** Circuit breaker: sliding window (ms) over which the failure rate is computed. */
  WEBHOOK_CIRCUIT_WINDOW_MS: int(1000, 3600000).default(60000),
  /** Circuit breaker: attempts needed in the window before the failure rate can open it. */
  WEBHOOK_CIRCUIT_MIN_REQUESTS: int(1, 100000).default(20),
  /** Circuit breaker: failure rate in the window, in percent, that opens it. */
  WEBHOOK_CIRCUIT_FAILURE_RATE: int(1, 100).default(50),
  /** Circuit breaker: first cool-down (ms) before a half-open probe; doubles at each failed probe. */
  WEBHOOK_CIRCUIT_COOLDOWN_MS: int(10, 86400000).default(30000),
  /** Circuit breaker: longest cool-down (ms). */
  WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: int(10, 86400000).default(600000),
  /**
   * Longest wait (ms) of a delivery parked behind a full per-endpoint cap or a half-open probe
   * before it looks again by itself; normally a finishing attempt wakes it much earlier.
   */
  WEBHOOK_CAP_WAIT_MAX_MS: int(100, 600000).default(15000),
  /** A webhook without a successful attempt for this long (ms) while attempts kept failing is deactivated (5 days). */
  WEBHOOK_DISABLE_AFTER_MS: int(1000).default(5 * 24 * 3600 * 1000),
  /**
   * Parallel delivery attempts per worker process. With DELIVERY_QUEUE_SHARDS > 1 they are divided
   * between the shards (⌊C / N⌋ each, the first C mod N shards one more), so it must be
   * at least the shard count.
   */
  WORKER_CONCURRENCY: int(1, 1000).default(50),
  /**
   * How often (ms) the sweeper looks for pending deliveries whose job went missing, and puts back
   * the expiry scan's and the retention job's schedules if Redis lost them.
   */
  SWEEP_INTERVAL_MS: int(100).default(30000),
  /** A pending delivery this long (ms) past its due time without a job is re-enqueued. */
  SWEEP_GRACE_MS: int(0).default(60000),
  /**
   * How long (ms) an API process keeps an organization's webhook list for `GET /webhooks`;
   * registrations and deactivations evict it at once on every replica. 0 disables the cache.
   */
  WEBHOOK_CACHE_TTL_MS: int(0, 300000).default(30000),
  /** Cap of active webhooks per organization; registering an existing URL again is not a new one. */
  WEBHOOKS_MAX_PER_ORG: int(1, 10000).default(20),
  /** Destination ports a webhook URL may use: comma list of ports and `lo-hi` ranges. */
  WEBHOOK_ALLOWED_PORTS: portList.default('80,443,1024-65535'),
  /**
   * Ports refused even inside WEBHOOK_ALLOWED_PORTS: well-known database, cache, queue and
   * orchestration services (SQL Server, Oracle, Docker, etcd, MySQL, PostgreSQL, RabbitMQ, CouchDB,
   * Redis, Kubernetes, Cassandra, Elasticsearch, Kafka, kubelet, memcached, RabbitMQ UI, MongoDB).
   */
  WEBHOOK_BLOCKED_PORTS: portList.default(
    '1433,1521,2375,2376,2379,2380,3306,5432,5672,5984,6379,6443,7000,7001,9042,9092,9200,9300,10250,10255,11211,15672,27017,27018,27019',
  ),
  /**
   * Most dead deliveries one bulk recovery (`POST /webhooks/:id/recover`) reopens, oldest first;
   * the answer's `more: true` says others remain for the next recovery.
   */
  WEBHOOK_RECOVERY_MAX_DELIVERIES: int(1, 100000).default(1000),
  /**
   * Bulk recoveries an organization may start per rolling hour, over all its webhooks; the next
   * one is 429 with Retry-After. A recovery that finds nothing to reopen is not counted.
   */
  WEBHOOK_RECOVERIES_PER_HOUR: int(1, 10000).default(10),
});

/** What `webhooks` adds to `Config` (`ctx.config`): its variables, those of NODE_ENV-dependent default resolved. */
export type WebhooksConfig = Omit<z.infer<typeof webhooksEnv>, EnvironmentDefaulted> & {
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
  WEBHOOK_BACKOFF_BASE_MS: number;
  WEBHOOK_BACKOFF_MAX_MS: number;
};

declare module '@gw/runtime' {
  interface Config extends WebhooksConfig {}
}

/**
 * Defaults of the variables that depend on NODE_ENV, in `production` and `test`: retries 1 min
 * apart doubling to 1 h, and public destinations only. docs/webhooks.md's retry table documents
 * these.
 */
export const PRODUCTION_DEFAULTS: Pick<WebhooksConfig, EnvironmentDefaulted> = {
  WEBHOOK_ALLOW_PRIVATE_URLS: false,
  WEBHOOK_BACKOFF_BASE_MS: 60_000,
  WEBHOOK_BACKOFF_MAX_MS: 3_600_000,
};

/**
 * Their defaults with NODE_ENV=development (what `pnpm start` runs): a receiver on the
 * developer's machine is allowed, and retries come every 5 s doubling to 1 min, so that a failing
 * delivery can be watched through its attempts. An explicit value always wins.
 */
export const LOCAL_DEVELOPMENT_DEFAULTS: Pick<WebhooksConfig, EnvironmentDefaulted> = {
  WEBHOOK_ALLOW_PRIVATE_URLS: true,
  WEBHOOK_BACKOFF_BASE_MS: 5_000,
  WEBHOOK_BACKOFF_MAX_MS: 60_000,
};

/** The slice of the environment `webhooks` declares; `@gw/core/config` composes it. */
export const webhooksEnvSlice = defineEnvSlice({
  owner: 'webhooks',
  schema: webhooksEnv,
  source: { url: import.meta.url, variable: 'webhooksEnv' },
  nodeEnvDefaults: { production: PRODUCTION_DEFAULTS, development: LOCAL_DEVELOPMENT_DEFAULTS },
  /**
   * Fills the variables left unset whose default depends on NODE_ENV: {@link LOCAL_DEVELOPMENT_DEFAULTS}
   * with `development`, {@link PRODUCTION_DEFAULTS} otherwise. A back-off bound set alone takes the
   * other one with it when the other's default would be on the wrong side of it.
   */
  resolve(parsed, nodeEnv): WebhooksConfig {
    const defaults = nodeEnv === 'development' ? LOCAL_DEVELOPMENT_DEFAULTS : PRODUCTION_DEFAULTS;
    const base = parsed.WEBHOOK_BACKOFF_BASE_MS;
    const max = parsed.WEBHOOK_BACKOFF_MAX_MS;
    return {
      ...parsed,
      WEBHOOK_ALLOW_PRIVATE_URLS: parsed.WEBHOOK_ALLOW_PRIVATE_URLS ?? defaults.WEBHOOK_ALLOW_PRIVATE_URLS,
      WEBHOOK_BACKOFF_BASE_MS: base ?? Math.min(defaults.WEBHOOK_BACKOFF_BASE_MS, max ?? Infinity),
      WEBHOOK_BACKOFF_MAX_MS: max ?? Math.max(defaults.WEBHOOK_BACKOFF_MAX_MS, base ?? 0),
    };
  },
  check(config) {
    if (config.WEBHOOK_BACKOFF_MAX_MS < config.WEBHOOK_BACKOFF_BASE_MS) {
      throw new ConfigError(['WEBHOOK_BACKOFF_MAX_MS'], ['WEBHOOK_BACKOFF_MAX_MS must be >= WEBHOOK_BACKOFF_BASE_MS']);
    }
    if (config.WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS < config.WEBHOOK_CIRCUIT_COOLDOWN_MS) {
      throw new ConfigError(
        ['WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS'],
        ['WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS must be >= WEBHOOK_CIRCUIT_COOLDOWN_MS'],
      );
    }
    if (config.DELIVERY_QUEUE_SHARDS > config.WORKER_CONCURRENCY) {
      throw new ConfigError(
        ['DELIVERY_QUEUE_SHARDS', 'WORKER_CONCURRENCY'],
        [
          'DELIVERY_QUEUE_SHARDS must be <= WORKER_CONCURRENCY: every worker consumes every shard of the delivery queue with at least one of its delivery slots',
        ],
      );
    }
    if (config.WEBHOOK_ORG_CONCURRENCY_MIN > config.WEBHOOK_ORG_CONCURRENCY_MAX) {
      throw new ConfigError(['WEBHOOK_ORG_CONCURRENCY_MIN'], ['WEBHOOK_ORG_CONCURRENCY_MIN must be <= WEBHOOK_ORG_CONCURRENCY_MAX']);
    }
  },
});
