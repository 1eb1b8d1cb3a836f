import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Parses a boolean environment variable. Only the literal strings `true`/`false`/`1`/`0`
 * are accepted, so a typo fails start-up instead of silently meaning "false".
 */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max);

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

/**
 * A port list such as `80,443,1024-65535`: ports and inclusive `lo-hi` ranges, 1-65535. Kept as
 * text; `net/address-policy.ts` parses it (`parsePortRanges`).
 */
const portList = z
  .string()
  .regex(/^\d{1,5}(-\d{1,5})?(,\d{1,5}(-\d{1,5})?)*$/, 'must be a comma list of ports and lo-hi ranges')
  .refine(
    (v) =>
      v.split(',').every((part) => {
        const [lo, hi = lo] = part.split('-').map(Number) as [number, number?];
        return lo >= 1 && hi <= 65535 && lo <= hi;
      }),
    'ports must be 1-65535, ranges lo-hi with lo <= hi',
  );

/** `host:port[,host:port...]` (Redis cluster nodes, sentinels); IPv6 hosts in brackets: `[::1]:7000`. */
/** `host:port,host:port` → ioredis node list (IPv6 hosts in brackets). */
export function parseHostPorts(list: string): { host: string; port: number }[] {
  return list.split(',').map((entry) => {
    const at = entry.lastIndexOf(':');
    const host = entry.slice(0, at).replace(/^\[(.*)\]$/, '$1');
    return { host, port: Number(entry.slice(at + 1)) };
  });
}

const hostPortList = z
  .string()
  .regex(
    /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5}(,(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):\d{1,5})*$/,
    'must be a comma list of host:port',
  )
  .refine((v) => parseHostPorts(v).every(({ port }) => port >= 1 && port <= 65535), 'ports must be 1-65535');

/** QUEUE_PREFIX: letters, digits, `_ . -`, with at most one non-empty `{hash tag}`. */
const QUEUE_PREFIX_PATTERN = /^[A-Za-z0-9_.-]*(\{[A-Za-z0-9_.-]+\})?[A-Za-z0-9_.-]*$/;

/**
 * The Redis hash tag of a QUEUE_PREFIX (`{gw}` → `gw`), as Redis Cluster reads it: the text between
 * the first `{` and the next `}`, when not empty.
 * @returns undefined when the prefix has none (its keys would spread over the cluster's slots)
 */
export function queuePrefixHashTag(prefix: string): string | undefined {
  const open = prefix.indexOf('{');
  if (open < 0) return undefined;
  const close = prefix.indexOf('}', open + 1);
  return close > open + 1 ? prefix.slice(open + 1, close) : undefined;
}

/** The names Express (proxy-addr) knows for address ranges: 127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; 10/8, 172.16/12, 192.168/16 and fc00::/7. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Express `trust proxy` (what `req.ip` is taken from): `false`, a hop count, or the addresses of
 * the trusted proxies. See {@link parseTrustProxy}.
 */
export type TrustProxy = false | number | string[];

/**
 * Parses TRUST_PROXY: `false` (or `0`): `req.ip` is the socket's peer and `X-Forwarded-For` is
 * ignored; `1`-`10`: that many reverse proxies in front, the client is that many addresses from
 * the right of `X-Forwarded-For`; otherwise a comma list of the proxies' addresses, CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`) and the names `loopback`, `linklocal`, `uniquelocal`: the client is
 * the right-most address of the chain that is not one of them. `true` (trust every sender, so any
 * client could choose its own address) is refused.
 * @returns the Express setting, or a string saying what is wrong
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const v = value.trim();
  if (v === 'false') return false;
  if (v === 'true')
    return { error: "must not be true (any client could then pick its address): give the hop count or the proxies' addresses" };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) return { error: 'hop count must be 0-10' };
    return hops === 0 ? false : hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  for (const [i, entry] of entries.entries()) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!family || !validPrefix || extra !== undefined)
      return {
        error: `entry ${i + 1} is not an IP address, a CIDR range or one of ${PROXY_RANGE_NAMES.join(', ')} (the whole value may also be false or a hop count 0-10)`,
      };
  }
  return entries;
}

const trustProxy = z.string().transform((v, ctx): TrustProxy => {
  const parsed = parseTrustProxy(v);
  if (typeof parsed === 'object' && !Array.isArray(parsed)) {
    ctx.issues.push({ code: 'custom', message: parsed.error, input: v });
    return z.NEVER;
  }
  return parsed;
});

/** `chainId=url[,chainId=url...]` → `{ chainId, url }[]` (CHAIN_RPC_URLS). */
export function parseChainRpcUrls(v: string): { chainId: number; url: string }[] {
  return v.split(',').map((pair) => {
    const at = pair.indexOf('=');
    return { chainId: Number(pair.slice(0, at)), url: pair.slice(at + 1) };
  });
}

const chainRpcUrls = z
  .string()
  .refine(
    (v) =>
      v.split(',').every((pair) => {
        const at = pair.indexOf('=');
        if (at < 1 || !/^[1-9][0-9]{0,15}$/.test(pair.slice(0, at))) return false;
        try {
          return ['http:', 'https:'].includes(new URL(pair.slice(at + 1)).protocol);
        } catch {
          return false;
        }
      }),
    'must be a comma list of chainId=http(s)://url pairs',
  )
  .refine((v) => new Set(parseChainRpcUrls(v).map((c) => c.chainId)).size === parseChainRpcUrls(v).length, 'names a chain id twice')
  .transform(parseChainRpcUrls);

const chainIdList = z
  .string()
  .regex(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$/, 'must be a comma list of positive chain ids')
  .transform((v) => v.split(',').map(Number));

/** `n`, or `chainId=n[,chainId=n...]` → per chain id (`*` for the single form). */
const chainConfirmations = z
  .string()
  .regex(/^([0-9]{1,4}|[1-9][0-9]{0,15}=[0-9]{1,4}(,[1-9][0-9]{0,15}=[0-9]{1,4})*)$/, 'must be a block count or chainId=count pairs')
  .transform((v): Record<string, number> =>
    v.includes('=')
      ? Object.fromEntries(
          v
            .split(',')
            .map((p) => p.split('=') as [string, string])
            .map(([k, n]) => [k, Number(n)]),
        )
      : { '*': Number(v) },
  );

const privateKeyHex = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a private key: 0x and 64 hex digits');

/**
 * The environment the service reads, with its defaults. Every variable is optional.
 * Each one's doc comment is its documentation: `pnpm docs:generate` copies it into the table of
 * docs/configuration.md (a test fails when a variable has none). Also listed in `.env.example`.
 */
export const envSchema = z.object({
  /**
   * `production` requires SECRETS_ENCRYPTION_KEY (api, worker, admin; the ops app never reads it)
   * and, for the ops app, OPS_USER/OPS_PASSWORD; every deployment must set it (the image and
   * docker-compose.yml do). `development` (the default: `pnpm start`, `pnpm demo`) relaxes three
   * things for a local run: private webhook URLs are allowed and retries come every 5 s up to
   * 1 min, each while its variable is unset (WEBHOOK_ALLOW_PRIVATE_URLS, WEBHOOK_BACKOFF_BASE_MS,
   * WEBHOOK_BACKOFF_MAX_MS), and a loopback SIWE_DOMAIN (the default `localhost`) accepts any
   * loopback host with or without the API's port. `test` keeps the production rules and allows a
   * random per-process key.
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** PostgreSQL URL (`postgresql://` or `postgres://`). */
  DATABASE_URL: url(['postgresql:', 'postgres:']).default('postgresql://postgres@127.0.0.1:5432/gateway'),
  /**
   * Max connections in this process's PostgreSQL pool: the one `pg` pool that Prisma and the raw
   * SQL of the hot paths share, so each API, worker and ops process opens at most this many
   * connections to PostgreSQL (or to the pooler in front of it).
   */
  DATABASE_POOL_MAX: int(1, 500).default(10),
  /**
   * `transaction` when DATABASE_URL reaches PostgreSQL through a transaction pooler (PgBouncer
   * `pool_mode = transaction`, RDS Proxy, Supavisor): every statement is then unnamed (no
   * per-connection prepared statements, which PgBouncer before 1.21 cannot carry between server
   * connections) and nothing relies on session state. `none`: directly, or a session pooler.
   * Migrations need a direct connection: see DATABASE_DIRECT_URL.
   */
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  /**
   * Direct PostgreSQL URL (not through a transaction pooler), used only by `migrate` (`pnpm
   * db:migrate`, the image's `migrate` role), whose schema engine holds a session advisory lock.
   * Unset: DATABASE_URL, except that `migrate` refuses to run through DATABASE_URL when
   * DATABASE_POOLER is `transaction`.
   */
  DATABASE_DIRECT_URL: url(['postgresql:', 'postgres:']).optional(),
  /**
   * `redis://host:port/N`; the `/N` database index is honoured. With REDIS_CLUSTER_NODES or
   * REDIS_SENTINELS set, its host and port are not used: only its user name, password, `rediss:`
   * (TLS) and, with Sentinel, `/N` apply to the nodes (a cluster has database 0 only).
   */
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  /**
   * Redis Cluster mode: some of the cluster's nodes as `host:port,host:port`
   * (the rest are discovered). Requires a hash-tagged QUEUE_PREFIX such as `{gw}`. Unset: a single
   * Redis (REDIS_URL) or Sentinel (REDIS_SENTINELS).
   */
  REDIS_CLUSTER_NODES: hostPortList.optional(),
  /**
   * Redis Sentinel mode: the sentinels as `host:port,host:port`; the master is looked up
   * by REDIS_SENTINEL_NAME and followed across failovers. Not together with REDIS_CLUSTER_NODES.
   */
  REDIS_SENTINELS: hostPortList.optional(),
  /** The master name the sentinels monitor (`sentinel monitor <name> ...`); required with REDIS_SENTINELS. */
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'must be a sentinel master name (A-Z, a-z, 0-9, _ . -)')
    .optional(),
  /** Password of the sentinels themselves (`requirepass` of sentinel.conf), if they have one; the data nodes' password is REDIS_URL's. */
  REDIS_SENTINEL_PASSWORD: z.string().min(1).optional(),
  /**
   * Namespace for every BullMQ, rate-limit, metrics and circuit key in Redis (and the pub/sub
   * channels). Letters, digits, `_ . -`, optionally with one hash tag in braces: on a Redis Cluster
   * it must have one, e.g. `{gw}`, so that every key of the service is in one slot (BullMQ's Lua
   * scripts and the service's MULTI/pipelines touch several keys at once). Never change it on a
   * running deployment: the queues would be renamed.
   */
  QUEUE_PREFIX: z
    .string()
    .regex(QUEUE_PREFIX_PATTERN, 'must be letters, digits, _ . - with at most one {hash tag}, e.g. gw or {gw}')
    .default('gw'),
  /** Port of the public API (0 = any free port). */
  PORT: int(0, 65535).default(3000),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * EIP-4361 `domain` the login message must carry (its `URI` must have it as authority, over
   * https; http only for `localhost`). With NODE_ENV=development and a loopback value (`localhost`,
   * `127.0.0.1`, `[::1]`, with or without a port), a message may name any of those three hosts,
   * with or without the port the API listens on, and an http URI on it (what `gw.login` signs for
   * `http://localhost:3000/api` or `http://127.0.0.1:3000/api`).
   */
  SIWE_DOMAIN: z.string().min(1).default('localhost'),
  /**
   * The API's public origin (`https://gateway.example.com`, no path): the OAuth
   * issuer of the AI connectors' authorization server and the base of the organizations' MCP
   * endpoints (`<PUBLIC_URL>/mcp/<organization id>`, the access tokens' audience). Unset:
   * `https://<SIWE_DOMAIN>` in production, `http://localhost:<port the API listens on>` otherwise.
   * MCP clients must reach the API under exactly this origin.
   */
  PUBLIC_URL: url(['https:', 'http:'])
    .refine(
      (u) => new URL(u).pathname === '/' && !u.endsWith('/') && !new URL(u).search,
      'must be an origin: scheme://host[:port], no path',
    )
    .optional(),
  /** Max age of a login message's `issuedAt`, in seconds (default 5 minutes). */
  SIWE_MAX_AGE_SECONDS: int(1, 3600).default(300),
  /**
   * Lifetime of session JWTs, in seconds (`exp` = `iat` + this). Tokens whose `exp − iat` is longer
   * are refused, and a superseded signing key keeps verifying for this + 30 s.
   */
  JWT_TTL_SECONDS: int(60, 7 * 24 * 3600).default(3600),
  /** `iss` claim of session JWTs. */
  JWT_ISSUER: z.string().min(1).default('service-gateway'),
  /** `aud` claim of session JWTs. */
  JWT_AUDIENCE: z.string().min(1).default('token-ecosystem'),
  /**
   * PKCS#8 PEM of an ES256 (P-256) private key. Without it a key pair is generated on first run and
   * kept (encrypted) in the database. A new value becomes the signing key when the first replica
   * starts with it; the previous keys retire after JWT_TTL_SECONDS + 30 s (docs/operating.md).
   */
  JWT_PRIVATE_KEY: z.string().optional(),
  /**
   * Keys for AES-256-GCM encryption of secrets at rest, as `kid:base64key[,kid:base64key...]`
   * (32-byte keys). The first one encrypts; all of them decrypt, which is how rotation works.
   * Required unless NODE_ENV=test, since the service has no built-in key; with NODE_ENV=test and
   * no key, each process uses a random key of its own. The api, the worker and the operator CLI
   * need it; the ops console never reads it (least privilege).
   */
  SECRETS_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+(,[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+)*$/, 'must be kid:base64key[,kid:base64key...]')
    .optional(),
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
   * The number of shards of the delivery queue, each under its own Redis hash tag
   * (`{deliveries:0}` … `{deliveries:N-1}`), so that on a Redis Cluster the delivery jobs spread
   * over the masters. A delivery's shard is a hash of its webhook id (one endpoint's deliveries stay
   * in one shard, in order); every worker consumes every shard. 1: one queue under QUEUE_PREFIX.
   * The endpoint gate's keys and the other queues keep QUEUE_PREFIX's one hash tag. Set the
   * same value in every process (api, worker, ops, admin); how to size it and how to change it:
   * docs/operating.md, "Sharding the delivery queue".
   */
  DELIVERY_QUEUE_SHARDS: int(1, 256).default(1),
  /** BullMQ lock duration (ms): how long before a job held by a dead worker is handed to another. */
  WORKER_LOCK_DURATION_MS: int(1000).default(30000),
  /**
   * V8 old-space (heap) limit of a worker process, MiB: the image's entrypoint starts the worker
   * with `--max-old-space-size` set to it (and 8 MiB semi-spaces). 128 MiB with 8 MiB semi-spaces
   * keeps a worker's peak RSS under 200 MiB at full speed with WORKER_CONCURRENCY 50 and spends
   * half the garbage collection of 96 MiB with 16 MiB; raise it with the concurrency.
   */
  WORKER_MAX_OLD_SPACE_MB: int(32, 16384).default(128),
  /**
   * How often (ms) the expiry scan runs: one job per interval across every worker
   * replica (a BullMQ job scheduler) expires each pending payment past its `expiresAt`, so a
   * payment expires within about this long after it. A confirm after `expiresAt` expires the
   * payment at once whatever this is.
   */
  PAYMENT_EXPIRY_SCAN_MS: int(100, 3_600_000).default(1000),
  /**
   * How often (ms) the sweeper looks for pending deliveries whose job went missing, and puts back
   * the expiry scan's and the retention job's schedules if Redis lost them.
   */
  SWEEP_INTERVAL_MS: int(100).default(30000),
  /** A pending delivery this long (ms) past its due time without a job is re-enqueued. */
  SWEEP_GRACE_MS: int(0).default(60000),
  /** How long (ms) a successful API-key look-up, and a wallet's roles, are cached per API process; revocations evict at once. 0 disables. */
  CREDENTIAL_CACHE_TTL_MS: int(0, 300000).default(30000),
  /**
   * How long (ms) an API process keeps an organization's webhook list for `GET /webhooks`;
   * registrations and deactivations evict it at once on every replica. 0 disables the cache.
   */
  WEBHOOK_CACHE_TTL_MS: int(0, 300000).default(30000),
  /**
   * Events an organization may cause per minute, whichever of its keys it uses: each
   * payment created (it will send `payment.settled`, `failed` or `expired`) and each refund counts
   * one; over it the request is 429 `event-quota-exceeded`. Bounds how fast one organization can
   * fill the shared delivery queue, however many webhooks it has.
   */
  ORG_EVENT_QUOTA_PER_MINUTE: int(1).default(600),
  /** Requests allowed per API key (or client address without a valid one) per RATE_LIMIT_WINDOW_MS. */
  RATE_LIMIT_MAX: int(1).default(600),
  /** Rate-limit window, in ms. */
  RATE_LIMIT_WINDOW_MS: int(1000).default(60000),
  /**
   * How long (hours) an `Idempotency-Key` is remembered: the first answer is replayed, and the key
   * refused with another request (422), for this long after the first request; an older key is
   * treated as new and its stored answer replaced.
   */
  IDEMPOTENCY_KEY_TTL_HOURS: int(1, 8760).default(24),
  /** Failed authentications allowed per client address per RATE_LIMIT_WINDOW_MS. */
  AUTH_FAILURE_LIMIT: int(1).default(30),
  /**
   * How often (ms) each API process adds its rate-limit and failed-authentication counts to Redis
   * and reads the other replicas' back; a client can exceed a limit by what it sends to the other
   * replicas within one interval.
   */
  RATE_LIMIT_SYNC_MS: int(10, 5000).default(100),
  /**
   * Which peers may tell the API the client's address in `X-Forwarded-For` (Express `trust
   * proxy`): that address keys the rate limits and the failed-authentication limit. `false`: none,
   * the socket's peer is the client (the API is reached directly). A hop count `1`-`10`: that many
   * reverse proxies are always in front. Or a comma list of the proxies' addresses and CIDR ranges
   * and the names `loopback`, `linklocal`, `uniquelocal` (private ranges): the client is the
   * right-most address not among them. `true` is refused. docker-compose.yml sets `uniquelocal`
   * (Caddy on the compose network). Replaces TRUST_PROXY_HOPS.
   */
  TRUST_PROXY: trustProxy.default(false),
  /** Price of one AI credit, in base units of the native token (default 10^15 = 0.001 token). */
  CREDIT_PRICE: z
    .string()
    .regex(/^[1-9][0-9]{0,40}$/, 'must be positive integer base units')
    .default('1000000000000000'),
  /** Symbol of the ledger's native token (2-11 of A-Z, 0-9). */
  NATIVE_TOKEN_SYMBOL: z
    .string()
    .regex(/^[A-Z0-9]{2,11}$/)
    .default('GTK'),
  /** Name of the native token. */
  NATIVE_TOKEN_NAME: z.string().min(1).default('Gateway Token'),
  // logins, webhook destinations, recoveries and timeouts ----------------------------------------
  /** EIP-155 chain ids a login message's `Chain ID` may name, comma-separated (default `1`). */
  SIWE_CHAIN_IDS: z
    .string()
    .regex(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$/, 'must be a comma list of positive chain ids')
    .transform((v) => v.split(',').map(Number))
    .prefault('1'),
  /**
   * Migration aid for one release: `true` also accepts login nonces the service never issued
   * (each still usable once). Default `false`: only nonces from `GET /gateway/v1/sso/nonce`.
   */
  SIWE_CLIENT_NONCES: bool.default(false),
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
  /** Longest time (ms) a client may take to send the request headers (Node `server.headersTimeout`). */
  HTTP_HEADERS_TIMEOUT_MS: int(1000, 120000).default(10000),
  /** Longest time (ms) a client may take to send the whole request (Node `server.requestTimeout`); >= HTTP_HEADERS_TIMEOUT_MS. */
  HTTP_REQUEST_TIMEOUT_MS: int(1000, 300000).default(30000),
  /**
   * How long (ms) a starting process (api, worker, ops, `pnpm start`) waits for PostgreSQL and
   * Redis to answer before it exits 1. While it waits it retries with a growing pause (0.25 s
   * doubling to 2 s), logs one line per dependency that is down (its URL without credentials),
   * and stops at once on SIGTERM or SIGINT. 0: one try.
   */
  STARTUP_WAIT_MS: int(0, 3_600_000).default(30000),
  /**
   * Longest graceful stop (ms) after SIGTERM or SIGINT (in-flight deliveries finish and are
   * recorded, in-flight requests are answered, clients close); past it the process exits 1. A
   * second signal exits at once. Below docker-compose.yml's `stop_grace_period` (30 s for the api).
   */
  SHUTDOWN_TIMEOUT_MS: int(1000, 600_000).default(25000),
  /** Failed basic-auth logins per client address group (an IPv4 address, an IPv6 /64) on the ops console, within OPS_LOGIN_LOCKOUT_MS, before it is locked out. */
  OPS_LOGIN_MAX_FAILURES: int(1, 1000).default(10),
  /** How long (ms) an address group stays locked out of the ops console after OPS_LOGIN_MAX_FAILURES; also the window failures are counted in. */
  OPS_LOGIN_LOCKOUT_MS: int(1000).default(900000),
  /** Max age (s) of a consent signature's `issuedAt` when it reaches the service (grant and revocation). */
  CONSENT_SIGNATURE_MAX_AGE_SECONDS: int(10, 86400).default(600),
  // the chain ---------------------------------------------------------------------------------
  /**
   * The EVM nodes the service talks to, as comma-separated `chainId=url` pairs, e.g.
   * `31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546` (http or https JSON-RPC). Unset: no
   * chain, and every chain feature answers 503 `chain-unavailable`, except under `pnpm start` and
   * `pnpm demo`, which then start two local anvils (31337 and 31338) and set it themselves.
   */
  CHAIN_RPC_URLS: chainRpcUrls.optional(),
  /**
   * The home chain: where the native token, custody, governance, staking and the bridge vault live.
   * Must be one of CHAIN_RPC_URLS; the others are bridge destinations (a wrapped token each).
   */
  CHAIN_HOME_ID: int(1, 2 ** 53 - 1).default(31337),
  /**
   * Chain ids marked local (development chains such as anvil): `pnpm start` deploys the contracts
   * on them when none are recorded, `admin chain:faucet` and `admin token:mint` work only there,
   * and the deployer key defaults to anvil's first dev account. Comma list.
   */
  CHAIN_LOCAL_IDS: chainIdList.prefault('31337,31338'),
  /**
   * Blocks a deposit or a transaction waits below the chain head before it counts (`n` for every
   * chain, or `chainId=n` pairs; a chain left out takes 2 when local, 12 otherwise). See
   * docs/chain.md for guidance per public chain.
   */
  CHAIN_CONFIRMATIONS: chainConfirmations.optional(),
  /**
   * Votes (the token's base units: 18 decimals) a wallet needs to propose to the Governor, fixed
   * when the home chain's contracts are deployed (`proposalThreshold`). Unset: 0 on a local chain
   * (anyone may propose in a demo), 1,000,000 tokens (0.1 % of the initial supply) elsewhere. 0 is
   * refused unless the home chain is marked local (CHAIN_LOCAL_IDS): anyone could then flood the
   * DAO with proposals.
   */
  CHAIN_GOVERNOR_PROPOSAL_THRESHOLD: z
    .string()
    .regex(/^\d{1,78}$/, 'must be a whole number of base units')
    .transform((v) => BigInt(v))
    .optional(),
  /**
   * Private key (0x + 64 hex) that deploys the contracts and, on local chains, funds the faucet
   * (it holds the initial supply there). A secret: never logged, never stored. Unset: anvil's first
   * dev account on local chains; required for `admin chain:deploy` elsewhere.
   */
  CHAIN_DEPLOYER_KEY: privateKeyHex.optional(),
  /**
   * Private key (0x + 64 hex) of the relayer, whose address is the custody address: it holds the
   * custodial tokens and pays gas. Unset: generated on first use and kept encrypted (SECRETS_ENCRYPTION_KEY)
   * in the database. A secret: never logged.
   */
  CHAIN_RELAYER_KEY: privateKeyHex.optional(),
  /**
   * A transaction of the outbox not included this many blocks after its broadcast is replaced: the
   * same nonce signed again with fees raised by a quarter.
   */
  CHAIN_FEE_BUMP_BLOCKS: int(1, 10_000).default(5),
  /** How often (ms) the worker looks at an outbox transaction in flight (receipt, confirmations, replacement). */
  CHAIN_TX_POLL_MS: int(50, 600_000).default(1000),
  /** Longest wait (ms) for one JSON-RPC answer; past it a chain read answers 503 `chain-unavailable`. */
  CHAIN_RPC_TIMEOUT_MS: int(100, 120_000).default(3000),
  /** How long (ms) chain reads (token info, balances, the treasury) are cached per process; 0: not cached. */
  CHAIN_READ_CACHE_MS: int(0, 600_000).default(3000),
  /**
   * How often (ms) the deposit scan runs: one job per interval across every worker
   * replica (a BullMQ job scheduler) reads the home chain's token `Transfer` logs to the custody
   * address with `eth_getLogs` from the cursor kept in PostgreSQL, and credits the deposits that
   * have CHAIN_CONFIRMATIONS; the same pass indexes the Governor's events, and the
   * governance keeper (queue, execute) runs as often. 0: off (no deposit is credited by the worker).
   */
  CHAIN_POLL_INTERVAL_MS: int(0, 3_600_000)
    .refine((v) => v === 0 || v >= 100, 'must be 0 (off) or at least 100')
    .default(1000),
  /** Most blocks (a count) one `eth_getLogs` call of the deposit scan covers; providers often cap it (1,000 to 10,000). */
  CHAIN_LOG_BLOCK_RANGE: int(1, 100_000).default(1000),
  /**
   * How often (ms) the proof of reserves runs: the custodial supply of the native
   * token in the ledger against the custody address's on-chain balance, exported as the
   * `gw_custody_reserves_*` gauges of the worker. 0: off (`admin reserves:check` still works).
   */
  CHAIN_RESERVES_CHECK_MS: int(0, 86_400_000)
    .refine((v) => v === 0 || v >= 1000, 'must be 0 (off) or at least 1000')
    .default(60_000),
  /**
   * A deployments file an operator supplies (JSON: `{ "<chainId>": { "<contract>": "0x…" } }`):
   * imported at start for chains that have none recorded, after checking that code is there.
   */
  CHAIN_DEPLOYMENTS_FILE: z.string().min(1).optional(),
  // retention ---------------------------------------------------------------------------------
  /**
   * How often (ms) the retention job prunes expired idempotency records, spent login nonces, old
   * deliveries and their attempts, and events left without deliveries: one job per interval across
   * every worker replica (a BullMQ job scheduler). 0 turns the job off (and removes its schedule).
   */
  RETENTION_INTERVAL_MS: int(0, 7 * 24 * 3_600_000)
    .refine((v) => v === 0 || v >= 1000, 'must be 0 (off) or at least 1000')
    .default(3_600_000),
  /** Rows the retention job deletes per statement; each batch is one short transaction, so a table is never locked for long. */
  RETENTION_BATCH_SIZE: int(1, 100000).default(1000),
  /** Longest time (ms) one retention run keeps deleting; what is left waits for the next run. */
  RETENTION_RUN_BUDGET_MS: int(100, 3_600_000).default(60000),
  /** `delivered` deliveries (with their attempts) are deleted this many days after they were delivered. */
  DELIVERY_RETENTION_DAYS: int(1, 36500).default(30),
  /**
   * `dead` deliveries (with their attempts) are deleted this many days after they died; until then
   * they can be resent or recovered. At least DELIVERY_RETENTION_DAYS. Pending ones are never deleted.
   */
  DEAD_DELIVERY_RETENTION_DAYS: int(1, 36500).default(90),
});

/** The variables whose default depends on NODE_ENV (see {@link LOCAL_DEVELOPMENT_DEFAULTS}). */
type EnvironmentDefaulted = 'WEBHOOK_ALLOW_PRIVATE_URLS' | 'WEBHOOK_BACKOFF_BASE_MS' | 'WEBHOOK_BACKOFF_MAX_MS';

/** The configuration `loadConfig` returns: every variable resolved, defaults included. */
export type Config = Omit<z.infer<typeof envSchema>, EnvironmentDefaulted> & {
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
  WEBHOOK_BACKOFF_BASE_MS: number;
  WEBHOOK_BACKOFF_MAX_MS: number;
};

/**
 * Defaults of the variables that depend on NODE_ENV, in `production` and `test`: retries 1 min
 * apart doubling to 1 h, and public destinations only. docs/webhooks.md's retry table documents
 * these.
 */
export const PRODUCTION_DEFAULTS: Pick<Config, EnvironmentDefaulted> = {
  WEBHOOK_ALLOW_PRIVATE_URLS: false,
  WEBHOOK_BACKOFF_BASE_MS: 60_000,
  WEBHOOK_BACKOFF_MAX_MS: 3_600_000,
};

/**
 * Their defaults with NODE_ENV=development (what `pnpm start` runs): a receiver on the
 * developer's machine is allowed, and retries come every 5 s doubling to 1 min, so that a failing
 * delivery can be watched through its attempts. An explicit value always wins.
 */
export const LOCAL_DEVELOPMENT_DEFAULTS: Pick<Config, EnvironmentDefaulted> = {
  WEBHOOK_ALLOW_PRIVATE_URLS: true,
  WEBHOOK_BACKOFF_BASE_MS: 5_000,
  WEBHOOK_BACKOFF_MAX_MS: 60_000,
};

/** Thrown when the environment is invalid; its message names the variables, never their values. */
export class ConfigError extends Error {
  constructor(
    public readonly variables: string[],
    details: string[],
  ) {
    super(`Invalid configuration: ${details.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once.
 * @param env defaults to `process.env`; empty strings count as unset.
 * @param opts.secretsKey `unused` for a process that decrypts nothing (the ops console; least
 *   privilege): SECRETS_ENCRYPTION_KEY is then neither required nor read, and the result's
 *   `SECRETS_ENCRYPTION_KEY` is always undefined. Default `required` (unless NODE_ENV=test).
 * @throws ConfigError naming each invalid variable and what it must be (values are never echoed,
 *   since some are secrets).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { secretsKey?: 'required' | 'unused' } = {}): Config {
  const secretsUnused = opts.secretsKey === 'unused';
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    if (secretsUnused && key === 'SECRETS_ENCRYPTION_KEY') continue;
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    const details = parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`);
    throw new ConfigError(variables, details);
  }
  const config = resolveEnvironmentDefaults(parsed.data);
  if (config.WEBHOOK_BACKOFF_MAX_MS < config.WEBHOOK_BACKOFF_BASE_MS) {
    throw new ConfigError(['WEBHOOK_BACKOFF_MAX_MS'], ['WEBHOOK_BACKOFF_MAX_MS must be >= WEBHOOK_BACKOFF_BASE_MS']);
  }
  if (config.WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS < config.WEBHOOK_CIRCUIT_COOLDOWN_MS) {
    throw new ConfigError(['WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS'], ['WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS must be >= WEBHOOK_CIRCUIT_COOLDOWN_MS']);
  }
  if (!secretsUnused && config.NODE_ENV !== 'test' && !config.SECRETS_ENCRYPTION_KEY) {
    throw new ConfigError(
      ['SECRETS_ENCRYPTION_KEY'],
      ['SECRETS_ENCRYPTION_KEY is required unless NODE_ENV=test (`pnpm start` and `pnpm demo` generate a local one under .data/)'],
    );
  }
  // Renamed: a proxy setting silently dropped would make every client share the proxy's budget.
  const legacyHops = env.TRUST_PROXY_HOPS;
  if (legacyHops !== undefined && legacyHops !== '' && legacyHops !== '0') {
    throw new ConfigError(['TRUST_PROXY_HOPS'], ["TRUST_PROXY_HOPS was replaced by TRUST_PROXY (a hop count, or the proxies' addresses)"]);
  }
  if (config.DEAD_DELIVERY_RETENTION_DAYS < config.DELIVERY_RETENTION_DAYS) {
    throw new ConfigError(['DEAD_DELIVERY_RETENTION_DAYS'], ['DEAD_DELIVERY_RETENTION_DAYS must be >= DELIVERY_RETENTION_DAYS']);
  }
  if (config.CHAIN_GOVERNOR_PROPOSAL_THRESHOLD === 0n && !config.CHAIN_LOCAL_IDS.includes(config.CHAIN_HOME_ID)) {
    throw new ConfigError(
      ['CHAIN_GOVERNOR_PROPOSAL_THRESHOLD'],
      ['CHAIN_GOVERNOR_PROPOSAL_THRESHOLD may be 0 only when the home chain is marked local (CHAIN_LOCAL_IDS)'],
    );
  }
  if (config.CHAIN_RPC_URLS && !config.CHAIN_RPC_URLS.some((c) => c.chainId === config.CHAIN_HOME_ID)) {
    throw new ConfigError(['CHAIN_HOME_ID'], ['CHAIN_HOME_ID must be one of the chain ids of CHAIN_RPC_URLS']);
  }
  checkRedisMode(config);
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
  if (config.HTTP_REQUEST_TIMEOUT_MS < config.HTTP_HEADERS_TIMEOUT_MS) {
    throw new ConfigError(['HTTP_REQUEST_TIMEOUT_MS'], ['HTTP_REQUEST_TIMEOUT_MS must be >= HTTP_HEADERS_TIMEOUT_MS']);
  }
  return config;
}

/**
 * Fills the variables left unset whose default depends on NODE_ENV: {@link LOCAL_DEVELOPMENT_DEFAULTS}
 * with `development`, {@link PRODUCTION_DEFAULTS} otherwise. A back-off bound set alone takes the
 * other one with it when the other's default would be on the wrong side of it.
 */
function resolveEnvironmentDefaults(parsed: z.infer<typeof envSchema>): Config {
  const defaults = parsed.NODE_ENV === 'development' ? LOCAL_DEVELOPMENT_DEFAULTS : PRODUCTION_DEFAULTS;
  const base = parsed.WEBHOOK_BACKOFF_BASE_MS;
  const max = parsed.WEBHOOK_BACKOFF_MAX_MS;
  return {
    ...parsed,
    WEBHOOK_ALLOW_PRIVATE_URLS: parsed.WEBHOOK_ALLOW_PRIVATE_URLS ?? defaults.WEBHOOK_ALLOW_PRIVATE_URLS,
    WEBHOOK_BACKOFF_BASE_MS: base ?? Math.min(defaults.WEBHOOK_BACKOFF_BASE_MS, max ?? Infinity),
    WEBHOOK_BACKOFF_MAX_MS: max ?? Math.max(defaults.WEBHOOK_BACKOFF_MAX_MS, base ?? 0),
  };
}

/** How the service reaches Redis: see {@link redisMode}. */
export type RedisMode = 'single' | 'cluster' | 'sentinel';

/** `cluster` with REDIS_CLUSTER_NODES, `sentinel` with REDIS_SENTINELS, else `single` (REDIS_URL). */
export function redisMode(config: Pick<Config, 'REDIS_CLUSTER_NODES' | 'REDIS_SENTINELS'>): RedisMode {
  if (config.REDIS_CLUSTER_NODES) return 'cluster';
  if (config.REDIS_SENTINELS) return 'sentinel';
  return 'single';
}

/** The combinations of the Redis variables that cannot work, as ConfigErrors. */
function checkRedisMode(config: Config): void {
  if (config.REDIS_CLUSTER_NODES && config.REDIS_SENTINELS) {
    throw new ConfigError(
      ['REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'],
      ['REDIS_CLUSTER_NODES and REDIS_SENTINELS exclude each other: set one (Cluster or Sentinel), or neither (REDIS_URL)'],
    );
  }
  if (config.REDIS_SENTINELS && !config.REDIS_SENTINEL_NAME) {
    throw new ConfigError(['REDIS_SENTINEL_NAME'], ['REDIS_SENTINEL_NAME (the monitored master name) is required with REDIS_SENTINELS']);
  }
  if (!config.REDIS_SENTINELS && (config.REDIS_SENTINEL_NAME || config.REDIS_SENTINEL_PASSWORD)) {
    const set = config.REDIS_SENTINEL_NAME ? 'REDIS_SENTINEL_NAME' : 'REDIS_SENTINEL_PASSWORD';
    throw new ConfigError([set], [`${set} is only used with REDIS_SENTINELS, which is not set`]);
  }
  if (config.REDIS_CLUSTER_NODES) {
    if (!queuePrefixHashTag(config.QUEUE_PREFIX)) {
      throw new ConfigError(
        ['QUEUE_PREFIX'],
        [
          'QUEUE_PREFIX must contain a hash tag in braces on a Redis Cluster (REDIS_CLUSTER_NODES is set), e.g. {gw}: BullMQ and the service run multi-key scripts that need every key in one slot',
        ],
      );
    }
    const db = new URL(config.REDIS_URL).pathname.replace(/^\//, '');
    if (db !== '' && db !== '0') {
      throw new ConfigError(
        ['REDIS_URL'],
        ['REDIS_URL must not select a database (/N) with REDIS_CLUSTER_NODES: a Redis Cluster has database 0 only'],
      );
    }
  }
}
