import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { PrivateKeyAccount } from 'viem/accounts';
import { createTestDatabase } from '@gw/db/testing';
import { startApi, type RunningApi } from '@gw/api';
import { startWorker, type RunningWorker } from '@gw/worker';
import { getAddress } from 'viem';
import { createLogger, createRedis, deleteKeys, generateKeyringEntry, type Config, type Resolver } from '@gw/runtime';
import { parseScopes } from '@gw/core/auth';
import { loadConfig } from '@gw/core/config';
import { ISSUANCE, postEntry } from '@gw/core/ledger';
import type { DepositScanCatalogue } from '@gw/core/custody';
import { mintByDeposit } from '@gw/core/local-chain';
import { chainTransactionCatalogue, type ChainTransactionKind, type ChainTransactionKinds } from '@gw/core/chain';
import { chainTransactionKinds, depositScanCatalogue } from '@gw/worker/catalogue';
import type { ApiDeps } from '@gw/api/deps';
import { issueCredential } from '@gw/core/auth';
import { startLocalChains, type LocalChains } from '@gw/contracts/anvil';
import { newWallet, signedLogin } from './wallet.js';
import { watchContract } from './contract-check.js';

/** Redis database index of this jest worker (2, 3, ...): never the default database 0. */
export const redisDbForWorker = (): number => 1 + Number(process.env.JEST_WORKER_ID ?? '1');

/**
 * The Redis variables of a stack's configuration, to start another process on the same Redis:
 * REDIS_URL and QUEUE_PREFIX, the Cluster or Sentinel variables when set, and the
 * delivery queue's shard count (every process must agree on it).
 */
export function redisEnv(config: Config): Record<string, string> {
  const env: Record<string, string> = {
    REDIS_URL: config.REDIS_URL,
    QUEUE_PREFIX: config.QUEUE_PREFIX,
    DELIVERY_QUEUE_SHARDS: String(config.DELIVERY_QUEUE_SHARDS),
  };
  for (const key of ['REDIS_CLUSTER_NODES', 'REDIS_SENTINELS', 'REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD'] as const) {
    const value = config[key];
    if (value) env[key] = value;
  }
  return env;
}

export interface Stack {
  config: Config;
  api: RunningApi;
  worker?: RunningWorker;
  http: ReturnType<typeof request>;
  baseUrl: string;
  /**
   * Creates an organization with an API key (all scopes unless given). Native unless
   * `native: false` (native organizations accept native session JWTs, which
   * {@link Stack.login} mints when it is given no API key).
   */
  org(scopes?: string, opts?: { native?: boolean }): Promise<{ organizationId: string; apiKey: string }>;
  /** A nonce issued by the real `GET /gateway/v1/sso/nonce`. */
  nonce(): Promise<string>;
  /**
   * Gives `address` a custodial balance of `amount` base units of the native token, as
   * `admin token:mint` does ("seed data and tests fund wallets the same way"): the faucet
   * sends the tokens to the wallet, the wallet transfers them to the custody address, the
   * confirmations are mined and the deposit scan credits it (`mintByDeposit`), so the wallet's
   * balance is backed on chain and the proof of reserves holds. Mints of one stack run one at a
   * time (the faucet's deployer has one nonce sequence).
   *
   * Needs a stack started with `chain: true`; without a chain it throws (a test that needs a balance
   * no deposit backs calls {@link Stack.mintUnbacked}, and says why).
   */
  mint(address: string, amount: bigint): Promise<void>;
  /**
   * The ledger fixture whatever the stack: a `mint` entry from `system:issuance` that no deposit
   * backs. On a chain stack it breaks the proof of reserves on purpose; only for tests that need a
   * custodial balance the custody address does not hold (a withdrawal the chain must refuse, the
   * reserves check's own failure).
   */
  mintUnbacked(address: string, amount: bigint): Promise<void>;
  /**
   * A fresh wallet logged in through the real SIWE endpoint with a server nonce; with `apiKey` the
   * session is bound to that key's organization, without it it is native.
   */
  /**
   * Logs `wallet` in with a signed EIP-4361 message; `allowance` adds an `urn:gw:allowance`
   * resource (what the holder lets the session send to others, e.g. `ANY_RECIPIENT_ALLOWANCE` of wallet.ts).
   */
  login(
    wallet?: PrivateKeyAccount,
    opts?: { apiKey?: string; allowance?: string },
  ): Promise<{ wallet: PrivateKeyAccount; token: string; address: string }>;
  startWorker(overrides?: Record<string, string>): Promise<RunningWorker>;
  /**
   * The API's dependencies with the worker's catalogue (its chain transaction kinds, with the
   * stack's `chainTransactionKinds`, and what the deposit scan reads): for a test that does the
   * worker's work by hand (`processChainTransaction`, `scanDeposits`).
   */
  workerDeps: ApiDeps & { chainTransactionKinds: ChainTransactionKinds } & DepositScanCatalogue;
  /** The stack's own anvils when started with `chain: true`. */
  chains?: LocalChains;
  stop(): Promise<void>;
}

/** Options of {@link startStack}. */
export interface StackOptions {
  /** Configuration over the stack's own (e.g. a small back-off for retry tests). */
  env?: Record<string, string>;
  /** `false`: the API only. */
  worker?: boolean;
  resolver?: Resolver;
  logStream?: NodeJS.WritableStream;
  redisUrl?: string;
  /**
   * Configure the stack exactly as a plain `pnpm start` is, with no variable set: only
   * what isolates it (its database, Redis database and key prefix, any free port, a secrets key as
   * `pnpm start` generates one, silent logs) and nothing of the harness's relaxations (NODE_ENV is
   * unset, so `development`; no WEBHOOK_ALLOW_PRIVATE_URLS, SIWE, circuit or pool settings).
   * `env` still applies on top.
   */
  startDefaults?: boolean;
  /**
   * Start two anvils of the stack's own (the home chain 31337 and the second chain 31338,
   * free ports, automine) and point CHAIN_RPC_URLS at them; the API deploys the contracts when it
   * starts. Stopped with the stack.
   */
  chain?: boolean;
  /** Kinds of on-chain transaction a test writes, finished by the stack's workers besides the catalogue's. */
  chainTransactionKinds?: readonly ChainTransactionKind[];
}

/**
 * Starts the real API (and, unless `worker: false`, the real worker) in this process against its
 * own PostgreSQL database (cloned from the migrated template) and its own Redis database and key
 * prefix. `env` overrides configuration (e.g. small back-off for retry tests).
 */
export async function startStack(label: string, opts: StackOptions = {}): Promise<Stack> {
  const db = await createTestDatabase(label);
  // With REDIS_CLUSTER_NODES (or REDIS_SENTINELS) in `env`, REDIS_URL only carries
  // credentials, and a cluster needs database 0 and a hash-tagged prefix.
  const onCluster = Boolean(opts.env?.REDIS_CLUSTER_NODES);
  const redisUrl = opts.redisUrl ?? (onCluster ? 'redis://127.0.0.1:6379' : `redis://127.0.0.1:6379/${redisDbForWorker()}`);
  const id = `t${randomBytes(4).toString('hex')}`;
  const prefix = onCluster ? `{${id}}` : id;
  const isolation = {
    SECRETS_ENCRYPTION_KEY: generateKeyringEntry(id),
    DATABASE_URL: db.url,
    // `transaction` when db.url goes through the run's PgBouncer (pnpm test:pooler).
    DATABASE_POOLER: db.pooler,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    PORT: '0',
    LOG_LEVEL: 'silent',
  };
  const harness = {
    NODE_ENV: 'test',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    DATABASE_POOL_MAX: '5',
    WORKER_CONCURRENCY: '10',
    // The breaker stays on in every test, with cool-downs short enough for retry tests.
    WEBHOOK_CIRCUIT_COOLDOWN_MS: '100',
    WEBHOOK_CIRCUIT_MAX_COOLDOWN_MS: '400',
    WEBHOOK_CAP_WAIT_MAX_MS: '1000',
  };
  const chains = opts.chain ? await startLocalChains({ preferredPorts: [] }) : undefined;
  const env: Record<string, string> = {
    ...isolation,
    ...(opts.startDefaults ? {} : harness),
    ...(chains && { CHAIN_RPC_URLS: chains.rpcUrls }),
    ...opts.env,
  };
  const config = loadConfig(env);
  const logger = opts.logStream ? createLogger(config.LOG_LEVEL, { app: 'test' }, opts.logStream as never) : undefined;
  const api = await startApi(config, { logger, resolver: opts.resolver }).catch(async (err: unknown) => {
    await chains?.stop();
    throw err;
  });
  // Every response of every integration test is checked against the OpenAPI document.
  const contractViolations = watchContract(api.server);
  const workers: RunningWorker[] = [];
  const kinds = opts.chainTransactionKinds
    ? chainTransactionCatalogue([...chainTransactionKinds.values(), ...opts.chainTransactionKinds])
    : chainTransactionKinds;
  const spawnWorker = async (overrides: Record<string, string> = {}) => {
    const w = await startWorker(loadConfig({ ...env, ...overrides }), { logger, resolver: opts.resolver, chainTransactionKinds: kinds });
    workers.push(w);
    return w;
  };
  const worker = opts.worker === false ? undefined : await spawnWorker();
  const port = (api.server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const prisma = api.deps.prisma;
  const mintUnbacked = async (address: string, amount: bigint) => {
    await prisma.$transaction((tx) =>
      postEntry(tx, {
        kind: 'mint',
        token: config.NATIVE_TOKEN_SYMBOL,
        legs: [
          { owner: ISSUANCE, amount: -amount },
          { owner: { type: 'wallet', id: getAddress(address) }, amount },
        ],
      }),
    );
  };
  let mints: Promise<unknown> = Promise.resolve();
  const mintOnChain = (address: string, amount: bigint): Promise<void> => {
    const next = mints.then(async () => void (await mintByDeposit({ ...api.deps, ...depositScanCatalogue }, address, amount)));
    mints = next.catch(() => undefined);
    return next;
  };

  const stack: Stack = {
    config,
    api,
    chains,
    worker,
    workerDeps: { ...api.deps, chainTransactionKinds: kinds, ...depositScanCatalogue },
    http: request(baseUrl),
    baseUrl,
    org: async (scopes = 'all', orgOpts = {}) => {
      const org = await prisma.organization.create({ data: { name: `${label}-org`, native: orgOpts.native ?? true } });
      const key = await issueCredential(prisma, { organizationId: org.id, kind: 'api_key', scopes: parseScopes(scopes) });
      return { organizationId: org.id, apiKey: key.secret };
    },
    mint: chains
      ? mintOnChain
      : async () => {
          throw new Error(
            `stack.mint on "${label}", a stack without a chain: wallets are funded by a real deposit, so start the stack with startStack('${label}', { chain: true }); call stack.mintUnbacked instead only if an unbacked ledger balance is the point of the test`,
          );
        },
    mintUnbacked,
    nonce: async () => {
      const res = await request(baseUrl).get('/api/gateway/v1/sso/nonce');
      if (res.status !== 200) throw new Error(`nonce failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.nonce as string;
    },
    login: async (wallet = newWallet(), loginOpts = {}) => {
      const res = await request(baseUrl)
        .post('/api/gateway/v1/sso/login')
        .set(loginOpts.apiKey ? { 'X-API-Key': loginOpts.apiKey } : {})
        .send(
          await signedLogin(wallet, { nonce: await stack.nonce(), ...(loginOpts.allowance ? { resources: [loginOpts.allowance] } : {}) }),
        );
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { wallet, token: res.body.token as string, address: res.body.address as string };
    },
    startWorker: spawnWorker,
    stop: async () => {
      for (const w of workers) await w.stop().catch(() => undefined);
      await api.stop();
      const redis = createRedis(config, { failFast: true, lazyConnect: true, connectTimeoutMs: 2000 });
      redis.on('error', () => undefined);
      try {
        await Promise.race([
          (async () => {
            await redis.connect();
            await deleteKeys(redis, `${prefix}:*`);
            // The delivery queue's shards, each under its own hash tag.
            if (config.DELIVERY_QUEUE_SHARDS > 1) await deleteKeys(redis, `${prefix.replace(/[{}]/g, '')}:{deliveries:*`);
          })(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('redis cleanup timed out')), 10_000).unref()),
        ]);
      } catch {
        // A scenario's own Redis may already be gone: nothing to clean.
      } finally {
        redis.disconnect();
      }
      await chains?.stop();
      await db.drop();
      if (contractViolations.length > 0) {
        throw new Error(
          `${contractViolations.length} response(s) of "${label}" broke the OpenAPI contract:\n${[...new Set(contractViolations)].slice(0, 20).join('\n')}`,
        );
      }
    },
  };
  return stack;
}

/** Polls `check` every 50 ms until it returns a truthy value (rejects after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 15000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
