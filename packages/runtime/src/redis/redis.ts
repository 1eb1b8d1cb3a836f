import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { parseHostPorts, type Config } from '../config/env.js';
import type { Logger } from '../logging/logger.js';

/**
 * A connection of the service to Redis: a single server (or a Sentinel-managed master, which is a
 * `Redis` too) or a Redis Cluster. Both share ioredis's command API; code that needs
 * the difference checks {@link isRedisCluster}.
 */
export type RedisConnection = Redis | Cluster;

/** The variables that select how Redis is reached (see {@link createRedis}). */
export type RedisTarget = Pick<Config, 'REDIS_URL'> &
  Partial<Pick<Config, 'REDIS_CLUSTER_NODES' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME' | 'REDIS_SENTINEL_PASSWORD'>>;

/** Options of {@link createRedis}. */
export interface CreateRedisOptions {
  lazyConnect?: boolean;
  /** CLIENT SETNAME of the connection(s). */
  name?: string;
  /** Fail commands immediately while disconnected (HTTP request path). */
  failFast?: boolean;
  /**
   * Send the commands issued in one event-loop tick as one pipeline (one round trip for many
   * concurrent callers; used by the worker's endpoint gate). On a cluster, one pipeline
   * per node.
   */
  autoPipelining?: boolean;
  /** Give up a connection attempt after this long (ms; ioredis's default is 10 s). */
  connectTimeoutMs?: number;
  /**
   * `false`: never reconnect (a one-shot probe: the start-up wait of the entry points). Default
   * `true`: reconnect after 0.2 s, 0.4 s, … up to every 2 s, for ever.
   */
  reconnect?: boolean;
}

/** True for an ioredis `Cluster` connection. */
export function isRedisCluster(redis: RedisConnection): redis is Cluster {
  return (redis as { isCluster?: boolean }).isCluster === true;
}

/** User name, password, TLS and database index of a `redis://` / `rediss://` URL. */
function urlCredentials(url: string): Pick<RedisOptions, 'username' | 'password' | 'tls' | 'db'> {
  const u = new URL(url);
  const db = u.pathname.replace(/^\//, '');
  return {
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    ...(db ? { db: Number(db) } : {}),
  };
}

const reconnectDelay = (times: number) => Math.min(times * 200, 2000);

/**
 * Creates an ioredis connection for BullMQ, the rate limiter, the endpoint gate, metrics and
 * pub/sub. Which kind comes from the configuration:
 * - `REDIS_CLUSTER_NODES` set: an ioredis `Cluster` seeded with those nodes (the others are
 *   discovered); REDIS_URL gives only the nodes' user name, password and TLS;
 * - `REDIS_SENTINELS` set: a `Redis` that asks the sentinels for the master `REDIS_SENTINEL_NAME`
 *   and follows it across failovers; REDIS_URL gives the user name, password, TLS and `/N`;
 * - otherwise REDIS_URL (a plain string also means that), whose `/N` database index is honoured.
 *
 * `maxRetriesPerRequest: null` (unless `failFast`) is what BullMQ workers require (blocking
 * commands must wait out a Redis restart rather than fail).
 */
export function createRedis(target: string, opts?: CreateRedisOptions): Redis;
export function createRedis(target: RedisTarget, opts?: CreateRedisOptions): RedisConnection;
export function createRedis(target: string | RedisTarget, opts: CreateRedisOptions = {}): RedisConnection {
  const common = {
    // failFast: for request-path commands (rate limiting, health): error at once while Redis is
    // down instead of queueing, so an HTTP request never hangs on it.
    enableOfflineQueue: !opts.failFast,
    enableReadyCheck: true,
    lazyConnect: opts.lazyConnect ?? false,
    enableAutoPipelining: opts.autoPipelining ?? false,
  };
  const maxRetriesPerRequest = opts.failFast ? 1 : null;
  const connectTimeout = opts.connectTimeoutMs ? { connectTimeout: opts.connectTimeoutMs } : {};
  const retryStrategy = opts.reconnect === false ? () => null : reconnectDelay;
  if (typeof target === 'string') {
    return new Redis(target, { ...common, ...connectTimeout, maxRetriesPerRequest, connectionName: opts.name, retryStrategy });
  }
  if (target.REDIS_CLUSTER_NODES) {
    const { db: _db, ...credentials } = urlCredentials(target.REDIS_URL);
    const options: ClusterOptions = {
      ...common,
      redisOptions: { ...credentials, ...connectTimeout, maxRetriesPerRequest, connectionName: opts.name },
      clusterRetryStrategy: retryStrategy,
      // While a master restarts or a failover runs, retry instead of failing at once.
      retryDelayOnFailover: 200,
      retryDelayOnClusterDown: 200,
      retryDelayOnTryAgain: 200,
    };
    return new Cluster(parseHostPorts(target.REDIS_CLUSTER_NODES), options);
  }
  if (target.REDIS_SENTINELS) {
    return new Redis({
      ...common,
      ...connectTimeout,
      ...urlCredentials(target.REDIS_URL),
      sentinels: parseHostPorts(target.REDIS_SENTINELS),
      name: target.REDIS_SENTINEL_NAME,
      ...(target.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: target.REDIS_SENTINEL_PASSWORD } : {}),
      role: 'master',
      // After a failover the sentinels disconnect the demoted master's clients, which then ask them
      // for the new master; a command answered READONLY meanwhile reconnects and is sent again.
      // (Not ioredis's `failoverDetector`: its sentinel connections outlive `quit()` in 5.9.)
      reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
      maxRetriesPerRequest,
      connectionName: opts.name,
      retryStrategy,
      sentinelRetryStrategy: retryStrategy,
    });
  }
  return createRedis(target.REDIS_URL, opts);
}

/**
 * The connections that hold data: every master of a cluster (SCAN, DBSIZE and FLUSHDB only see the
 * node they are sent to), or the connection itself.
 */
export function dataNodes(redis: RedisConnection): Redis[] {
  return isRedisCluster(redis) ? redis.nodes('master') : [redis];
}

/**
 * Deletes every key matching `pattern` (a SCAN MATCH glob), on every master of a cluster.
 * @returns how many keys were deleted
 */
export async function deleteKeys(redis: RedisConnection, pattern: string): Promise<number> {
  let deleted = 0;
  for (const node of dataNodes(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      // One DEL per key: keys found on one node may still be in different slots.
      for (const key of keys) deleted += await node.del(key);
      cursor = next;
    } while (cursor !== '0');
  }
  return deleted;
}

/**
 * Where `target` points, for logs and messages: REDIS_URL without its user name, password and
 * query (`redis://127.0.0.1:6379/2`), or the Cluster's or the Sentinels' nodes.
 */
export function describeRedisTarget(target: RedisTarget): string {
  if (target.REDIS_CLUSTER_NODES) return `the Redis Cluster nodes ${target.REDIS_CLUSTER_NODES}`;
  if (target.REDIS_SENTINELS) return `the master "${target.REDIS_SENTINEL_NAME ?? ''}" of the sentinels ${target.REDIS_SENTINELS}`;
  return urlWithoutCredentials(target.REDIS_URL);
}

/**
 * `url` without user name, password, query and fragment (a query may carry credentials too), for
 * logs and messages: `postgresql://gw:pw@db:5432/gateway?sslmode=require` → `postgresql://db:5432/gateway`.
 * @returns `<invalid URL>` when it does not parse (never the input)
 */
export function urlWithoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return '<invalid URL>';
  }
}

/** Per Redis target of this process: its watched connections that are down now. */
const outages = new Map<string, Set<RedisConnection>>();

/**
 * Reports Redis outages once, not a stack trace per reconnection attempt: one `warn` when the first
 * watched connection to `where` fails (naming `where` and the error's message), then nothing while
 * any of them is down, and one `info` when all of them are ready again. The connections of one
 * process to one target (the API's and the worker's in `pnpm start`) share that state, so an outage
 * is one pair of lines per process. ioredis keeps reconnecting meanwhile.
 * @param where the target as {@link describeRedisTarget} gives it (never with credentials)
 */
export function reportRedisOutages(redis: RedisConnection, logger: Pick<Logger, 'warn' | 'info'>, where: string): void {
  const down = outages.get(where) ?? new Set<RedisConnection>();
  outages.set(where, down);
  redis.on('error', (err: NodeJS.ErrnoException) => {
    if (down.has(redis)) return;
    down.add(redis);
    if (down.size > 1) return;
    logger.warn(
      { redis: where, err: { message: err.message, code: err.code } },
      `Redis at ${where} is unreachable (${err.message}); reconnecting, and saying so once it is back`,
    );
  });
  const recovered = () => {
    if (!down.delete(redis) || down.size > 0) return;
    logger.info({ redis: where }, `Redis at ${where} is reachable again`);
  };
  redis.on('ready', recovered);
  // A connection closed on purpose (quit at shutdown) no longer counts as down.
  redis.on('end', () => void down.delete(redis));
}

/**
 * True for the errors of a lost or refused connection (ECONNREFUSED, ECONNRESET, ETIMEDOUT, …,
 * or ioredis's "Connection is closed"), which {@link reportRedisOutages} reports once; other errors
 * are worth a line each.
 */
export function isConnectionError(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException | undefined;
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EPIPE',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ECONNABORTED',
  ];
  if (e?.code && codes.includes(e.code)) return true;
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|ENOTFOUND|EAI_AGAIN|Connection is closed|connect ETIMEDOUT/.test(
    e?.message ?? '',
  );
}

export type { Redis, Cluster };
