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
 * The zod types of environment variables, for the slices the modules of `@gw/core` declare
 * (`<module>/config.ts`): booleans that refuse typos, bounded integers, URLs of given protocols,
 * port lists, chain id lists, private keys.
 */
export const envVar = {
  /** `true`/`false`/`1`/`0` only, so a typo fails start-up instead of silently meaning "false". */
  bool,
  /** An integer from `min` to `max` (inclusive). */
  int,
  /** A URL with one of `protocols` (`'https:'`, …). */
  url,
  /** A comma list of ports and `lo-hi` ranges (kept as text, see `parsePortRanges`). */
  portList,
  /** A comma list of positive chain ids → `number[]`. */
  chainIdList,
  /** A private key: 0x and 64 hex digits. */
  privateKeyHex,
};

/**
 * The mechanism slice of the environment: what every process needs whatever it does (PostgreSQL,
 * Redis and the queues, HTTP, logs, start-up and shutdown, the secrets key, the request limits,
 * the EVM endpoints `Context.chains` is built from). Every variable is optional. Each one's doc
 * comment is its documentation: `pnpm docs:generate` copies it into docs/configuration.md (a test
 * fails when a variable has none). Also listed in `.env.example`. The business variables are
 * declared by the modules of `@gw/core` (`<module>/config.ts`), composed by `@gw/core/config`.
 */
export const runtimeEnv = z.object({
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
  /** Requests allowed per API key (or client address without a valid one) per RATE_LIMIT_WINDOW_MS. */
  RATE_LIMIT_MAX: int(1).default(600),
  /** Rate-limit window, in ms. */
  RATE_LIMIT_WINDOW_MS: int(1000).default(60000),
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
});

/**
 * The configuration `loadConfig` (`@gw/core/config`) returns: every variable resolved, defaults
 * included. Here the mechanism slice; each module of `@gw/core` adds its own by declaration
 * merging (`declare module '@gw/runtime' { interface Config extends WebhooksConfig {} }` in its
 * `config.ts`), so `ctx.config.X` is typed wherever the module is compiled.
 */
export interface Config extends z.infer<typeof runtimeEnv> {}

/** NODE_ENV. */
export type NodeEnv = Config['NODE_ENV'];

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

/** How a slice's {@link EnvSlice.check} is called: the raw environment and the secrets-key mode of `load`. */
export interface EnvCheckContext {
  env: NodeJS.ProcessEnv;
  secretsKey: 'required' | 'unused';
}

/**
 * One owner's part of the environment: the runtime's mechanism slice, or a module's
 * (`<module>/config.ts`). `Out` is what the slice adds to {@link Config}.
 */
export interface EnvSlice<S extends z.ZodObject = z.ZodObject, Out extends object = z.output<S>> {
  /** `runtime` or the module's name: the heading of its table in docs/configuration.md. */
  readonly owner: string;
  /** The variables; each property's doc comment is its documentation. */
  readonly schema: S;
  /** Where `schema` is written (`import.meta.url`) and the name of its constant there, for the docs. */
  readonly source: { readonly url: string; readonly variable: string };
  /**
   * Defaults that depend on NODE_ENV: `production` (also `test`) and `development`, for variables
   * `schema` leaves optional; {@link resolve} applies them.
   */
  readonly nodeEnvDefaults?: { readonly production: Partial<Out>; readonly development: Partial<Out> };
  /** The slice's configuration from its parsed values (default: as parsed). */
  readonly resolve?: (parsed: z.output<S>, nodeEnv: NodeEnv) => Out;
  /** Cross-checks once every slice is resolved. @throws ConfigError */
  readonly check?: (config: Config, ctx: EnvCheckContext) => void;
}

/** Declares a slice (identity; infers its types). */
export const defineEnvSlice = <S extends z.ZodObject, Out extends object = z.output<S>>(slice: EnvSlice<S, Out>): EnvSlice<S, Out> => slice;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of slices of any shapes
type AnySlice = EnvSlice<any, any>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** What a list of slices resolves to: the intersection of their outputs. */
export type ComposedConfig<L extends readonly AnySlice[]> = UnionToIntersection<
  { [K in keyof L]: L[K] extends EnvSlice<infer _S extends z.ZodObject, infer Out> ? Out : never }[number]
>;

/** The slices composed: see {@link composeEnv}. */
export interface ComposedEnv<L extends readonly AnySlice[]> {
  readonly slices: L;
  /** Every variable of every slice, in the slices' order. */
  readonly schema: z.ZodObject;
  /** The NODE_ENV-dependent defaults of every slice, in production (and test) and in development. */
  readonly productionDefaults: Record<string, unknown>;
  readonly developmentDefaults: Record<string, unknown>;
  /**
   * Parses the environment once.
   * @param env defaults to `process.env`; empty strings count as unset.
   * @param opts.secretsKey `unused` for a process that decrypts nothing (the ops console; least
   *   privilege): SECRETS_ENCRYPTION_KEY is then neither required nor read, and the result's
   *   `SECRETS_ENCRYPTION_KEY` is always undefined. Default `required` (unless NODE_ENV=test).
   * @throws ConfigError naming each invalid variable and what it must be (values are never echoed,
   *   since some are secrets)
   */
  load(env?: NodeJS.ProcessEnv, opts?: { secretsKey?: 'required' | 'unused' }): ComposedConfig<L>;
}

/**
 * Composes slices into one environment: one zod object of all their variables (a variable in two
 * slices is refused), parsed in one pass so that every invalid variable is reported at once; then
 * each slice's `resolve`, then each one's `check`, in the slices' order.
 * @throws Error when two slices declare the same variable
 */
export function composeEnv<const L extends readonly AnySlice[]>(slices: L): ComposedEnv<L> {
  const shape: Record<string, z.ZodType> = {};
  for (const slice of slices) {
    for (const [key, field] of Object.entries(slice.schema.shape as Record<string, z.ZodType>)) {
      if (key in shape) throw new Error(`${key} is declared by two slices of the environment (the second: ${slice.owner})`);
      shape[key] = field;
    }
  }
  const schema = z.object(shape);
  const defaults = (env: 'production' | 'development') =>
    Object.assign({}, ...slices.map((s) => s.nodeEnvDefaults?.[env] ?? {})) as Record<string, unknown>;
  return {
    slices,
    schema,
    productionDefaults: defaults('production'),
    developmentDefaults: defaults('development'),
    load(env = process.env, opts = {}) {
      const secretsKey = opts.secretsKey ?? 'required';
      const input: Record<string, string> = {};
      for (const key of Object.keys(shape)) {
        if (secretsKey === 'unused' && key === 'SECRETS_ENCRYPTION_KEY') continue;
        const value = env[key];
        if (value !== undefined && value !== '') input[key] = value;
      }
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
        const details = parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`);
        throw new ConfigError(variables, details);
      }
      const data = parsed.data as Record<string, unknown>;
      const nodeEnv = (data.NODE_ENV ?? 'development') as NodeEnv;
      const config: Record<string, unknown> = {};
      for (const slice of slices) {
        // Only the keys zod produced: an optional variable left unset stays absent, as in one parse.
        const own = Object.fromEntries(
          Object.keys(slice.schema.shape)
            .filter((k) => k in data)
            .map((k) => [k, data[k]]),
        );
        Object.assign(config, slice.resolve ? slice.resolve(own, nodeEnv) : own);
      }
      for (const slice of slices) slice.check?.(config as unknown as Config, { env, secretsKey });
      return config as ComposedConfig<L>;
    },
  };
}

/** The runtime's slice: {@link runtimeEnv} and its cross-checks. */
export const runtimeEnvSlice = defineEnvSlice({
  owner: 'runtime',
  schema: runtimeEnv,
  source: { url: import.meta.url, variable: 'runtimeEnv' },
  check(config, { env, secretsKey }) {
    if (secretsKey !== 'unused' && config.NODE_ENV !== 'test' && !config.SECRETS_ENCRYPTION_KEY) {
      throw new ConfigError(
        ['SECRETS_ENCRYPTION_KEY'],
        ['SECRETS_ENCRYPTION_KEY is required unless NODE_ENV=test (`pnpm start` and `pnpm demo` generate a local one under .data/)'],
      );
    }
    // Renamed: a proxy setting silently dropped would make every client share the proxy's budget.
    const legacyHops = env.TRUST_PROXY_HOPS;
    if (legacyHops !== undefined && legacyHops !== '' && legacyHops !== '0') {
      throw new ConfigError(
        ['TRUST_PROXY_HOPS'],
        ["TRUST_PROXY_HOPS was replaced by TRUST_PROXY (a hop count, or the proxies' addresses)"],
      );
    }
    if (config.CHAIN_RPC_URLS && !config.CHAIN_RPC_URLS.some((c) => c.chainId === config.CHAIN_HOME_ID)) {
      throw new ConfigError(['CHAIN_HOME_ID'], ['CHAIN_HOME_ID must be one of the chain ids of CHAIN_RPC_URLS']);
    }
    checkRedisMode(config);
    if (config.HTTP_REQUEST_TIMEOUT_MS < config.HTTP_HEADERS_TIMEOUT_MS) {
      throw new ConfigError(['HTTP_REQUEST_TIMEOUT_MS'], ['HTTP_REQUEST_TIMEOUT_MS must be >= HTTP_HEADERS_TIMEOUT_MS']);
    }
  },
});

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
