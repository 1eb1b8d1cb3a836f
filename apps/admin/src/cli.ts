/**
 * Operator CLI: administration is not part of the HTTP interface at all.
 * `pnpm --silent admin <command> [--flags]` prints exactly one JSON object on stdout; errors go to
 * stderr as `{ "error": "..." }` with exit code 1 (2 for usage errors).
 *
 *   org:create --name <name> [--scopes <list>|all] [--native]  → { organizationId, apiKey, native }
 *   org:set-native --org <id> --value true|false          → { organizationId, native }
 *   apikey:create --org <id> --scopes <list>|all          → { apiKey }
 *   connector:create                                      → usage error: static ct_ tokens are retired (OAuth and MCP, docs/connectors.md)
 *   connector:client --name <name> --redirect-uri <uri>[,<uri>...] [--client-id <id>]
 *                                                         → { clientId, clientName, redirectUris }  (a pre-registered public OAuth client)
 *   connector:ceiling --org <id> --scopes <list>|all [--clients any|<id,id>] [--max-per-transaction <base units>]
 *                     [--max-per-day <base units>] [--max-total <base units>] | --org <id> --disable
 *                                                         → { organizationId, ceiling }
 *   connector:grants --org <id> [--wallet <0x...>]        → { grants: [...] }
 *   connector:revoke --org <id> --grant <id>              → { grant }
 *   token:mint --address <0x...> --amount <base units>    → { address, balance }
 *   role:grant --address <0x...> --role agent             → { address, roles, announced }
 *   role:revoke --address <0x...> --role agent            → { address, roles, revoked, announced }
 *   apikey:revoke --key <secret> | --prefix <first 10 chars>  → { revoked, announced }
 *   keys:list                                             → { keys: [{ kid, status, createdAt, retiredAt }] }
 *   keys:rotate                                           → { kid, retiring: [{ kid, retiresAt }], announced }
 *   keys:retire --kid=<kid>                               → { kid, retired, retiredAt, announced }
 *   secrets:reencrypt                                     → { keyId, webhooks, signingKeys, oauthSigningKeys }
 *   seed:demo                                             → { organizationId, organizationName, apiKey?, patients, inserted, counts }
 *   chain:deploy [--chain <id>]                           → { chains: [{ chain, status, contracts, detail? }] }
 *   chain:faucet --to <0x...> [--amount <base units>] [--eth <ether, e.g. 0.5>]
 *                                                         → { chain, to, amount?, txHash?, blockNumber?, eth?, ethTxHash? }  (local chains only)
 *   deposits:orphaned                                     → { orphaned: [{ id, chain, txHash, logIndex, blockNumber, owner, token, amount, creditedAt, orphanedAt }] }
 *   reserves:check                                        → { chain, token, custody, block, custodial, onchain, difference, holds }  (exit 1 unless holds)
 *   governance:propose --title <text> --to <0x...> --amount <base units> [--body <text>]
 *                                                         → { chain, proposalId, description, chainTransactionId }
 *   bridge:retry --transfer <id>                          → { transfer }  (a failed transfer's destination leg sent again; exit 1 unless it failed there)
 *
 * token:mint works only on a local home chain (faucet, then a deposit to custody,
 * credited by the deposit scan); without a chain or on any other chain it refuses (exit 1).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  ensureLocalSecretsKey,
  createRedis,
  sha256Hex,
  isAppError,
  loadEnvFile,
  parseAmount,
  SecretBox,
  createChains,
  createLogger,
  createQueues,
  describeLocalChains,
  useLocalChains,
  type Config,
  type LocalChainsSource,
} from '@gw/runtime';
import { parseScopes as parseScopeList } from '@gw/core/auth';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { getAddress, isAddress, parseEther } from 'viem';
import { createPrismaClient, type PrismaClient } from '@gw/db';
import { seedDemo } from './seed-demo.js';
import { chainResets } from '@gw/api/catalogue';
import { depositScanCatalogue } from '@gw/worker/catalogue';
import {
  CONNECTOR_SCOPES,
  disableConnectors,
  listConnectorGrants,
  reencryptOAuthSigningKeys,
  registerPublicClient,
  revokeConnectorGrant,
  setCeiling,
  toCeilingDto,
  type ConnectorScope,
} from '@gw/core/connectors';

/** What `connector:create` says: static connector tokens are retired, agents connect through OAuth 2.1. */
export const CONNECTOR_CREATE_RETIRED =
  'connector:create is retired: static ct_ tokens are no longer accepted. Connect AI agents through OAuth 2.1 and the MCP endpoint (docs/connectors.md).';
import { ensureNativeToken } from '@gw/core/ledger';
import { checkReserves, orphanedDeposits } from '@gw/core/custody';
import { mintByDeposit } from '@gw/core/local-chain';
import {
  describeSigningKeys,
  findOrganizationId,
  grantWalletRole,
  insertOrganization,
  issueCredential,
  listActiveCredentialHashesByPrefix,
  reencryptSigningKeys,
  retireSigningKey,
  retirementGraceSeconds,
  revocationChannel,
  revokeCredential,
  revokeWalletRole,
  rotateSigningKey,
  setOrganizationNative,
  SigningKeyRefusal,
  signingKeysChannel,
  walletRoleChannel,
} from '@gw/core/auth';
import { reencryptWebhookSecrets } from '@gw/core/webhooks';
import { ensureDeployments, faucet, faucetGas } from '@gw/core/chain';
import { proposeTreasuryPayment } from '@gw/core/governance';
import { retryBridgeDestination } from '@gw/core/bridge';

class UsageError extends Error {}

const need = (v: string | undefined, flag: string): string => {
  if (!v) throw new UsageError(`--${flag} is required`);
  return v;
};

const address = (v: string | undefined, flag = 'address'): string => {
  const a = need(v, flag);
  if (!isAddress(a, { strict: false })) throw new UsageError(`--${flag} must be a 0x EVM address`);
  return getAddress(a);
};

/** Where this run's chains came from: CHAIN_RPC_URLS, or the record of a running `pnpm start`. */
let chainsSource: LocalChainsSource = { source: 'env' };
let chainsSourceSaid = false;

/**
 * What the chain commands need of a context: the chains of CHAIN_RPC_URLS (or of the running
 * `pnpm start` of this checkout, said once on stderr), the secret box (the relayer key), and the
 * catalogues of the processes whose work they do by hand: what a redeployment forgets (the API's)
 * and what a deposit scan reads (the worker's).
 * @param opts.optional true: no chain is not an error (seed:demo skips its chain steps then)
 * @throws Error when no chain is configured (unless optional), saying how to get one (exit 1)
 */
const chainContext = (prisma: PrismaClient, config: Config, opts: { optional?: boolean } = {}) => {
  const note = describeLocalChains(chainsSource);
  if (note && !chainsSourceSaid) {
    chainsSourceSaid = true;
    process.stderr.write(`${JSON.stringify({ info: note })}\n`);
  }
  const chains = createChains(config);
  if (chains.list.length === 0 && !opts.optional)
    throw new Error(
      chainsSource.source === 'stale'
        ? note!
        : 'no chain is configured: start the service with `pnpm start` in this checkout (its local chains are found through .data/local-chains.json) or set CHAIN_RPC_URLS',
    );
  return {
    prisma,
    config,
    secretBox: new SecretBox(config.SECRETS_ENCRYPTION_KEY),
    chains,
    chainResets,
    ...depositScanCatalogue,
    // Logs (a reorg met by a scan, an orphaned deposit) go to stderr: stdout holds the one JSON answer.
    logger: createLogger(config.LOG_LEVEL, { app: 'admin' }, process.stderr as never),
  };
};

/** Runs `fn` with the job queues (the outbox's dispatch after a commit), closed afterwards. */
async function withQueues<T>(config: Config, fn: (queues: ReturnType<typeof createQueues>) => Promise<T>): Promise<T> {
  const redis = createRedis(config, { name: 'admin-queues' });
  redis.on('error', () => undefined);
  const queues = createQueues(redis, config.QUEUE_PREFIX, queueCatalogue, { shards: { deliveries: config.DELIVERY_QUEUE_SHARDS } });
  try {
    return await fn(queues);
  } finally {
    await queues.close();
    redis.disconnect();
  }
}

/** Answers printed on stdout whose command still exits non-zero (reserves:check when they do not hold). */
const failingAnswers = new WeakSet<object>();

async function organizationExists(prisma: PrismaClient, id: string): Promise<void> {
  const org = /^[0-9a-f-]{36}$/i.test(id) ? await findOrganizationId(prisma, id) : null;
  if (!org) throw new UsageError(`organization ${id} not found`);
}

type Flags = Record<string, string | undefined>;

const parseScopes = (v: string) => {
  try {
    return parseScopeList(v);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
};

/**
 * Publishes `message` on `channel` so that every API replica evicts what it cached (a revoked key,
 * a wallet's roles, the signing keys). Waits at most 3 s for Redis.
 * @returns false when Redis could not be reached: the replicas then catch up within their cache TTL
 */
async function announce(config: Config, channel: string, message: string): Promise<boolean> {
  const redis = createRedis(config, { failFast: true, name: 'admin' });
  redis.on('error', () => undefined);
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      redis.once('ready', () => (clearTimeout(timer), resolve()));
    });
    return await redis.publish(channel, message).then(
      () => true,
      () => false,
    );
  } finally {
    redis.disconnect();
  }
}

const role = (v: string | undefined): string => {
  const r = need(v, 'role');
  if (r !== 'agent') throw new UsageError('--role must be agent (admin is never granted to wallets)');
  return r;
};

/** Bad input (unknown scope, malformed amount, ...) is a usage error: exit 2. */
const isUsageError = (err: unknown) => err instanceof UsageError || (isAppError(err) && err.status === 400);

const commands: Record<string, (prisma: PrismaClient, f: Flags, config: Config) => Promise<object>> = {
  'org:create': async (prisma, f) => {
    const scopes = parseScopes(f.scopes ?? 'all');
    const native = (f.native as unknown) === true;
    const org = await insertOrganization(prisma, { name: need(f.name, 'name'), native });
    const key = await issueCredential(prisma, { organizationId: org.id, kind: 'api_key', scopes });
    return { organizationId: org.id, apiKey: key.secret, native };
  },
  /**
   * Marks an existing organization native (its keys accept native session JWTs) or not. API
   * replicas see the change when their cached look-up of a key expires (CREDENTIAL_CACHE_TTL_MS).
   */
  'org:set-native': async (prisma, f) => {
    const id = need(f.org, 'org');
    await organizationExists(prisma, id);
    const value = need(f.value, 'value');
    if (value !== 'true' && value !== 'false') throw new UsageError('--value must be true or false');
    const org = await setOrganizationNative(prisma, id, value === 'true');
    return { organizationId: org.id, native: org.native };
  },
  'apikey:create': async (prisma, f) => {
    await organizationExists(prisma, need(f.org, 'org'));
    const key = await issueCredential(prisma, { organizationId: f.org!, kind: 'api_key', scopes: parseScopes(need(f.scopes, 'scopes')) });
    return { apiKey: key.secret };
  },
  /**
   * Retired: static AI-connector tokens had no holder consent and no spending limits; AI connectors
   * connect through OAuth 2.1 with the wallet holder's consent (docs/connectors.md).
   * @throws UsageError always
   */
  'connector:create': async () => {
    throw new UsageError(CONNECTOR_CREATE_RETIRED);
  },
  /** A pre-registered public OAuth client (PKCE, no secret, exactly these redirect URIs). */
  'connector:client': async (prisma, f) => {
    const redirectUris = need(f['redirect-uri'], 'redirect-uri')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    for (const uri of redirectUris) {
      let url: URL;
      try {
        url = new URL(uri);
      } catch {
        throw new UsageError(`--redirect-uri ${uri} is not an absolute URL`);
      }
      const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
      if (
        url.hash ||
        !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback) || !['http:', 'https:'].includes(url.protocol))
      ) {
        throw new UsageError(`--redirect-uri ${uri}: https, http on a loopback address, or a private-use scheme; no fragment (OAuth 2.1)`);
      }
    }
    const clientId = f['client-id'] ?? `gw-${randomBytes(12).toString('base64url')}`;
    if (!/^[A-Za-z0-9._~-]{3,128}$/.test(clientId)) throw new UsageError('--client-id: 3 to 128 of A-Z a-z 0-9 . _ ~ -');
    const clientName = need(f.name, 'name');
    await registerPublicClient({ sql: prisma }, { clientId, clientName, redirectUris });
    return { clientId, clientName, redirectUris };
  },
  /** What the organization's users may grant to AI connectors (or `--disable`). */
  'connector:ceiling': async (prisma, f) => {
    const organizationId = need(f.org, 'org');
    await organizationExists(prisma, organizationId);
    if ((f.disable as unknown) === true)
      return { organizationId, ceiling: null, disabled: await disableConnectors({ sql: prisma }, organizationId) };
    const raw = need(f.scopes, 'scopes');
    const scopes = raw.trim() === 'all' ? [...CONNECTOR_SCOPES] : parseScopes(raw);
    const clients = f.clients ?? 'any';
    const cap = (v: string | undefined) => (v === undefined ? null : parseAmount(v));
    const ceiling = await setCeiling({ sql: prisma }, organizationId, {
      scopes: scopes as ConnectorScope[],
      anyClient: clients === 'any',
      clientIds:
        clients === 'any'
          ? []
          : clients
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
      maxPerTransaction: cap(f['max-per-transaction']),
      maxPerDay: cap(f['max-per-day']),
      maxTotal: cap(f['max-total']),
    });
    return { organizationId, ceiling: toCeilingDto(ceiling) };
  },
  /** The organization's grants, newest first (up to 100). */
  'connector:grants': async (prisma, f) => {
    const organizationId = need(f.org, 'org');
    await organizationExists(prisma, organizationId);
    const wallet = f.wallet === undefined ? undefined : address(f.wallet);
    const page = await listConnectorGrants({ sql: prisma }, organizationId, wallet, { limit: 100 });
    return { grants: page.data };
  },
  /** Revokes a grant now (its tokens are deleted; the connector's next request is 401). */
  'connector:revoke': async (prisma, f) => {
    const organizationId = need(f.org, 'org');
    await organizationExists(prisma, organizationId);
    return { grant: await revokeConnectorGrant({ sql: prisma }, organizationId, need(f.grant, 'grant'), 'operator') };
  },
  /**
   * No money from nothing: on a local home chain, the faucet sends the tokens to the
   * wallet, the wallet deposits them to the custody address, the confirmations are mined and the
   * deposit scan credits them (once, whoever scans first). Refused without a chain or on any other
   * chain: a ledger balance no chain backs would break the reserves.
   */
  'token:mint': async (prisma, f, config) => {
    const to = address(f.address);
    const amount = parseAmount(need(f.amount, 'amount'));
    await ensureNativeToken(prisma, config);
    const out = await mintByDeposit(chainContext(prisma, config), to, amount);
    return { address: out.address, balance: out.balance.toString() };
  },
  /** The credited deposits a reorg deeper than the confirmations removed from the chain. */
  'deposits:orphaned': async (prisma) => ({ orphaned: await orphanedDeposits({ prisma }) }),
  /** The proof of reserves of the home chain; exits 1 when it does not hold. */
  'reserves:check': async (prisma, _f, config) => {
    const report = await checkReserves(chainContext(prisma, config));
    if (!report.holds) failingAnswers.add(report);
    return report;
  },
  /**
   * Deploys our contracts on every configured chain (or `--chain <id>`) that has no usable
   * deployment recorded, with CHAIN_DEPLOYER_KEY (anvil's dev key on a local chain), and records them;
   * chains whose recorded contracts are still there are left alone (`reused`).
   */
  'chain:deploy': async (prisma, f, config) => {
    const only = f.chain === undefined ? undefined : Number(f.chain);
    if (only !== undefined && !Number.isSafeInteger(only)) throw new UsageError('--chain must be a chain id');
    const chains = chainContext(prisma, config);
    if (only !== undefined && !chains.chains.get(only)) throw new UsageError(`chain ${only} is not in CHAIN_RPC_URLS`);
    return { chains: await ensureDeployments(chains, 'all', only) };
  },
  /**
   * Test tokens (`--amount`, base units) and gas money (`--eth`, in ether) from the
   * deployer on a local home chain, either or both; refused on any other chain.
   */
  'chain:faucet': async (prisma, f, config) => {
    const to = address(f.to, 'to');
    if (f.amount === undefined && f.eth === undefined) throw new UsageError('--amount or --eth is required');
    const ctx = chainContext(prisma, config);
    let out: Record<string, string> = {};
    if (f.amount !== undefined) {
      const amount = parseAmount(f.amount);
      const sent = await faucet(ctx, to, amount);
      out = { chain: sent.chain, to, amount: amount.toString(), txHash: sent.txHash, blockNumber: sent.blockNumber.toString() };
    }
    if (f.eth !== undefined) {
      if (!/^\d{1,9}(\.\d{1,18})?$/.test(f.eth)) throw new UsageError('--eth must be an amount of ether, e.g. 0.5');
      const sent = await faucetGas(ctx, to, parseEther(f.eth));
      out = { chain: sent.chain, to, ...out, eth: f.eth, ethTxHash: sent.txHash };
    }
    return out;
  },
  'seed:demo': (prisma, _f, config) => seedDemo(prisma, config, chainContext(prisma, config, { optional: true })),
  /**
   * A proposal that the treasury (the timelock) pays `--amount` base units of the token to
   * `--to`, proposed by the relayer through the on-chain outbox (the worker sends it); the worker's
   * keeper queues and executes it once passed. Prints the proposal id the Governor gives it.
   */
  'governance:propose': async (prisma, f, config) => {
    const to = address(f.to, 'to');
    const amount = parseAmount(need(f.amount, 'amount'));
    const title = need(f.title, 'title');
    return withQueues(config, (queues) =>
      proposeTreasuryPayment({ ...chainContext(prisma, config), queues }, { title, body: f.body, to, amount }),
    );
  },
  /**
   * A failed bridge transfer's destination leg sent again, once its cause is removed (the relayer
   * out of gas on the destination chain, a role revoked): the same mint or release, which the
   * contracts let through at most once per (source chain, nonce). The worker sends it.
   */
  'bridge:retry': async (prisma, f, config) => {
    const id = need(f.transfer, 'transfer');
    return withQueues(config, async (queues) => ({
      // The transfer is looked up first (an unknown id is the answer even with no chain here).
      transfer: await retryBridgeDestination({ ...chainContext(prisma, config, { optional: true }), queues }, id),
    }));
  },
  /**
   * Key rotation: put the new `kid:key` first in SECRETS_ENCRYPTION_KEY and keep the
   * old ones after it, run this, then drop the old keys. Re-seals every secret not under the first key.
   */
  'secrets:reencrypt': async (prisma, _f, config) => {
    const box = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
    const webhooks = await reencryptWebhookSecrets(prisma, box);
    return {
      keyId: box.currentKeyId,
      webhooks,
      signingKeys: await reencryptSigningKeys(prisma, box),
      oauthSigningKeys: await reencryptOAuthSigningKeys(prisma, box),
    };
  },
  'apikey:revoke': async (prisma, f, config) => {
    let hash: string;
    if (f.key) hash = sha256Hex(f.key);
    else if (f.prefix) {
      const hashes = await listActiveCredentialHashesByPrefix(prisma, f.prefix);
      if (hashes.length !== 1)
        throw new UsageError(
          hashes.length ? `prefix ${f.prefix} matches ${hashes.length} keys; give --key` : `no active key with prefix ${f.prefix}`,
        );
      hash = hashes[0]!;
    } else throw new UsageError('--key or --prefix is required');
    // Every API replica evicts its cached copy at once; without Redis the cache TTL bounds it.
    const revoked = await revokeCredential(prisma, hash);
    return { revoked, announced: await announce(config, revocationChannel(config.QUEUE_PREFIX), hash) };
  },
  /** Grants a role; every API replica's cached roles of the wallet are evicted at once. */
  'role:grant': async (prisma, f, config) => {
    const to = address(f.address);
    const roles = await grantWalletRole(prisma, to, role(f.role));
    return { address: to, roles, announced: await announce(config, walletRoleChannel(config.QUEUE_PREFIX), to) };
  },
  /** Revokes a role: the wallet's sessions lose it on every replica at once, without a new login. */
  'role:revoke': async (prisma, f, config) => {
    const from = address(f.address);
    const { revoked, roles } = await revokeWalletRole(prisma, from, role(f.role));
    return { address: from, roles, revoked, announced: await announce(config, walletRoleChannel(config.QUEUE_PREFIX), from) };
  },
  /** The JWT signing keys, newest first, with their status. */
  'keys:list': async (prisma) => ({ keys: await describeSigningKeys(prisma) }),
  /**
   * A new signing key for every replica; the others keep verifying for JWT_TTL_SECONDS + 30 s and
   * then retire by themselves.
   */
  'keys:rotate': async (prisma, _f, config) => {
    const out = await rotateSigningKey(
      prisma,
      new SecretBox(config.SECRETS_ENCRYPTION_KEY),
      retirementGraceSeconds(config.JWT_TTL_SECONDS),
    );
    return { ...out, announced: await announce(config, signingKeysChannel(config.QUEUE_PREFIX), 'changed') };
  },
  /** Retires a key now (not the current one): it leaves the JWKS and its tokens are refused on every replica. */
  'keys:retire': async (prisma, f, config) => {
    const kid = need(f.kid, 'kid');
    try {
      const out = await retireSigningKey(prisma, kid);
      return { ...out, announced: await announce(config, signingKeysChannel(config.QUEUE_PREFIX), 'changed') };
    } catch (err) {
      if (err instanceof SigningKeyRefusal) throw new UsageError(err.message);
      throw err;
    }
  },
};

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const run = command ? commands[command] : undefined;
  if (!run) {
    process.stderr.write(`${JSON.stringify({ error: `unknown command ${command ?? '(none)'}`, commands: Object.keys(commands) })}\n`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      key: { type: 'string' },
      prefix: { type: 'string' },
      name: { type: 'string' },
      native: { type: 'boolean' },
      value: { type: 'string' },
      scopes: { type: 'string' },
      org: { type: 'string' },
      address: { type: 'string' },
      amount: { type: 'string' },
      eth: { type: 'string' },
      role: { type: 'string' },
      kid: { type: 'string' },
      to: { type: 'string' },
      chain: { type: 'string' },
      title: { type: 'string' },
      body: { type: 'string' },
      'redirect-uri': { type: 'string' },
      'client-id': { type: 'string' },
      clients: { type: 'string' },
      'max-per-transaction': { type: 'string' },
      'max-per-day': { type: 'string' },
      'max-total': { type: 'string' },
      wallet: { type: 'string' },
      grant: { type: 'string' },
      transfer: { type: 'string' },
      disable: { type: 'boolean' },
    },
    strict: true,
  });
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  // Local runs: the repository's .env fills what the environment leaves unset (not in containers).
  loadEnvFile(root);
  // Same key as `pnpm start` when none is configured: the local key file, if there is one.
  ensureLocalSecretsKey(root, process.env, { create: false });
  // Without CHAIN_RPC_URLS, in development: the chains of the `pnpm start` running in this checkout.
  chainsSource = useLocalChains(root);
  const config = loadConfig();
  const prisma = createPrismaClient(config.DATABASE_URL, { poolMax: 2 });
  try {
    const out = await run(prisma, values as Flags, config);
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return failingAnswers.has(out) ? 1 : 0;
  } catch (err) {
    process.stderr.write(`${JSON.stringify({ error: err instanceof Error ? err.message : String(err) })}\n`);
    return isUsageError(err) ? 2 : 1;
  } finally {
    await prisma.$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${JSON.stringify({ error: err instanceof Error ? err.message : String(err) })}\n`);
    process.exit(err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1);
  },
);
