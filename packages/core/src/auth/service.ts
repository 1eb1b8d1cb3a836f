import { type CredentialKind, type PrismaClient, type RawSql, Prisma } from '@gw/db';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { AppError, isUuid, randomToken, safeEqual, sha256Hex, type Config, type Principal, type Scope, type SecretBox } from '@gw/runtime';
import {
  deleteSpentNonces,
  findOrganizationId,
  deleteWalletRole,
  findCredentialByHash,
  insertCredential,
  insertUsedNonce,
  insertWalletRole,
  listSealedSigningKeys,
  listWalletRoles,
  markNonceUsed,
  resealSigningKey,
} from './repository.js';
import { createLoginNonce, looksLikeLoginNonce, SIWE_NONCE_TTL_SECONDS, verifyLoginNonce } from './login-nonce.js';
import type { SessionTokens } from './session-tokens.js';
import { withUser } from './wallet-role-cache.js';
import { parseAllowanceResource } from './allowance.js';
import { authProblem } from './problems.js';

// --- credentials (API keys and AI-connector tokens) -------------------------------------------------

const PREFIX: Record<CredentialKind, string> = { api_key: 'sk', connector: 'ct' };

/**
 * What a static AI-connector token (`ct_…`, the retired `admin connector:create`) is told: AI
 * agents connect through OAuth 2.1, with the wallet holder's consent and spending limits, to the
 * organization's MCP endpoint (docs/connectors.md). A `ct_` token had neither.
 */
export const CONNECTOR_TOKEN_RETIRED =
  "Static AI-connector tokens (ct_…) are no longer accepted: connect the agent through OAuth 2.1 to the organization's MCP endpoint, with the wallet holder's consent and spending limits (docs/connectors.md)";

/** True when `presented` is shaped like a static AI-connector token (`ct_…`), refused everywhere. */
export const isStaticConnectorToken = (presented: string): boolean => presented.startsWith('ct_');

/**
 * Issues an API key (`sk_...`) for an organization. The `connector` kind (`ct_...`) is retired:
 * such a credential authenticates as nothing ({@link authenticateCredential}); the kind remains
 * for the rows issued before.
 * Only its SHA-256 is stored (the secret has 256 bits of entropy, so a fast hash is the right
 * tool, as for GitHub and Stripe keys); the plaintext is returned once, here.
 * @param expiresAt optional expiry; an expired credential authenticates as nothing (401)
 */
export async function issueCredential(
  prisma: PrismaClient,
  input: { organizationId: string; kind: CredentialKind; scopes: Scope[]; expiresAt?: Date },
): Promise<{ id: string; secret: string }> {
  const secret = randomToken(PREFIX[input.kind] ?? 'sk');
  const row = await insertCredential(prisma, {
    organizationId: input.organizationId,
    kind: input.kind,
    prefix: secret.slice(0, 10),
    hash: sha256Hex(secret),
    scopes: input.scopes,
    expiresAt: input.expiresAt ?? null,
  });
  return { id: row.id, secret };
}

const SHAPE = /^(sk|ct)_[A-Za-z0-9_-]{43}$/;

/**
 * Resolves a presented key to its principal, or null when it is malformed, unknown, revoked,
 * expired or a static AI-connector token (retired: {@link CONNECTOR_TOKEN_RETIRED}). Looked up by
 * hash; the stored hash is compared again in constant time.
 */
export async function authenticateCredential(prisma: PrismaClient, presented: string): Promise<Principal | null> {
  if (!SHAPE.test(presented)) return null;
  const hash = sha256Hex(presented);
  const row = await findCredentialByHash(prisma, hash);
  if (!row || !safeEqual(row.hash, hash)) return null;
  if (row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= Date.now()) || row.kind === 'connector') return null;
  return {
    credentialId: row.id,
    organizationId: row.organizationId,
    kind: row.kind,
    scopes: row.scopes as Scope[],
    organizationNative: row.organization.native,
  };
}

// --- wallet login (Sign-In with Ethereum) ----------------------------------------------------------

/** Allowed clock skew for `issuedAt` in the future, in ms. */
const FUTURE_SKEW_MS = 60_000;

/**
 * How long a used nonce's row is kept, in ms: one day. The retention job then deletes it. It must
 * outlive every message that could replay it: SIWE_MAX_AGE_SECONDS (at most 1 h) + the 1 min
 * future skew + the nonce's 10 min lifetime, far below a day (and a stateless nonce past its
 * expiry is refused before its row is looked at).
 */
export const SIWE_NONCE_RETENTION_MS = 24 * 3_600_000;

/**
 * The organization named by `id`, when there is one (e.g. the organization a patient's
 * consent names). Any string is accepted; one that is not a UUID names no organization.
 * @returns `{ id }`, or null for an unknown or malformed id
 */
export async function findOrganization(db: Pick<PrismaClient, 'organization'>, id: string): Promise<{ id: string } | null> {
  return isUuid(id) ? findOrganizationId(db, id) : null;
}

/**
 * One batch of the retention job's `siwe_nonces` rule: deletes up to `limit` nonces
 * created more than {@link SIWE_NONCE_RETENTION_MS} before `now` that were used or have expired,
 * skipping rows locked by a login in progress.
 * @param now the run's instant (cut-offs are computed from it)
 * @returns how many rows were deleted (fewer than `limit`: nothing left)
 */
export function pruneSpentNonces(sql: RawSql, now: Date, limit: number): Promise<number> {
  return deleteSpentNonces(sql, new Date(now.getTime() - SIWE_NONCE_RETENTION_MS), now, limit);
}

/**
 * Issues a login nonce: stateless, nothing is stored. It carries its expiry
 * ({@link SIWE_NONCE_TTL_SECONDS} from now) and an HMAC-SHA256 over it with a key derived from
 * SECRETS_ENCRYPTION_KEY (`login-nonce.ts`); a login records its single use. 108 alphanumeric
 * characters (EIP-4361: at least 8).
 * @returns the nonce and its expiry (whole seconds)
 */
export function issueSiweNonce(box: SecretBox): { nonce: string; expiresAt: Date } {
  const expiresAt = new Date(Math.floor(Date.now() / 1000 + SIWE_NONCE_TTL_SECONDS) * 1000);
  return { nonce: createLoginNonce(box, expiresAt), expiresAt };
}

const OPTIONAL_TRAILING_FIELDS = [/^Expiration Time: .+$/, /^Not Before: .+$/, /^Request ID: .*$/];

/**
 * True when the message has the EIP-4361 layout from `URI:` to its end with nothing after its last
 * field (viem's parser does not anchor the end, so it lets trailing lines pass).
 */
function endsAtLastField(message: string): boolean {
  const lines = message.split('\n');
  const uri = lines.findIndex((l) => l.startsWith('URI: '));
  if (uri !== 3 && uri !== 5) return false;
  const fixed = [/^URI: \S+$/, /^Version: 1$/, /^Chain ID: \d+$/, /^Nonce: [A-Za-z0-9]{8,}$/, /^Issued At: .+$/];
  let i = uri;
  for (const re of fixed) if (!re.test(lines[i++] ?? '')) return false;
  for (const re of OPTIONAL_TRAILING_FIELDS) if (i < lines.length && re.test(lines[i]!)) i++;
  if (lines[i] === 'Resources:') {
    i++;
    while (i < lines.length && /^- \S+$/.test(lines[i]!)) i++;
  }
  return i === lines.length;
}

const invalidDate = (d: Date | undefined) => d !== undefined && Number.isNaN(d.getTime());

/** The hosts of the development loopback rule. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The host of an RFC 3986 authority (`localhost:3000` → `localhost`, `[::1]:3000` → `[::1]`); the authority itself when it does not parse. */
function authorityHost(authority: string): string {
  try {
    return new URL(`http://${authority}`).hostname;
  } catch {
    return authority;
  }
}

/** Which login messages' `domain` and `URI` the service accepts (see {@link siweDomainPolicy}). */
export interface SiweDomainPolicy {
  /** The `domain` values a message may carry, SIWE_DOMAIN first. */
  domains: string[];
  /** The hosts whose `URI` may use http; any other needs https. */
  httpHosts: string[];
  /** True when the development loopback rule applies. */
  loopback: boolean;
  /** What the service expects, in words, for problem documents and the start-up banner. */
  describe: string;
}

/**
 * The `domain` rule of the login (EIP-4361 `domain` is an RFC 3986 authority).
 * Production and test: exactly SIWE_DOMAIN, with an https `URI` (http only for `localhost`).
 * NODE_ENV=development with a loopback SIWE_DOMAIN (the default `localhost`): also
 * `localhost`, `127.0.0.1` and `[::1]`, each with or without `listenPort`, with http URIs on
 * them, which is what `gw.login` signs for `http://localhost:<port>/api` or
 * `http://127.0.0.1:<port>/api`: a plain `pnpm start` needs no SIWE variable.
 * @param listenPort the port the API listens on (undefined before it listens: no port variant)
 */
export function siweDomainPolicy(config: Pick<Config, 'NODE_ENV' | 'SIWE_DOMAIN'>, listenPort?: number): SiweDomainPolicy {
  const configured = `'${config.SIWE_DOMAIN}' (SIWE_DOMAIN)`;
  const loopback = config.NODE_ENV === 'development' && LOOPBACK_HOSTS.includes(authorityHost(config.SIWE_DOMAIN).toLowerCase());
  if (!loopback) return { domains: [config.SIWE_DOMAIN], httpHosts: ['localhost'], loopback, describe: configured };
  const ports = listenPort ? ['', `:${listenPort}`] : [''];
  const variants = LOOPBACK_HOSTS.flatMap((host) => ports.map((port) => `${host}${port}`));
  return {
    domains: [...new Set([config.SIWE_DOMAIN, ...variants])],
    httpHosts: LOOPBACK_HOSTS,
    loopback,
    describe: `${configured}, or in development one of: ${variants.join(', ')}`,
  };
}

/** A refused login: 401 `invalid-signature` naming the message field that failed and what the service expects. */
const refuse = (field: string, detail: string, expected: string) => authProblem('invalid-signature', detail, { field, expected });

/** Options of {@link loginWithSiwe}, from the configuration. */
export interface SiweLoginOptions {
  /** The accepted `domain` values and http hosts: {@link siweDomainPolicy} of SIWE_DOMAIN. */
  policy: SiweDomainPolicy;
  /** SIWE_MAX_AGE_SECONDS: how old `issuedAt` may be, in seconds. */
  maxAgeSeconds: number;
  /** SIWE_CHAIN_IDS: the `Chain ID` values accepted. */
  chainIds: number[];
  /** SIWE_CLIENT_NONCES: also accept (once) nonces the service never issued. */
  clientNonces: boolean;
  /** Organization of the API key sent with the login: the session is bound to it; null = native session. */
  organizationId: string | null;
}

/** What {@link verifySiweSignature} checks a message against. */
export type SiweCheck = Pick<SiweLoginOptions, 'policy' | 'maxAgeSeconds' | 'chainIds'>;

/**
 * Checks an EIP-4361 message and its signature, everything but the nonce's single use (the login
 * records that; the connectors' consent page binds the nonce to its interaction): the
 * layout, `domain` in the policy, `URI` on that domain, `Chain ID`, the dates and the ECDSA
 * signature by the message's address.
 * @returns the checksummed address and the message's nonce
 * @throws AppError('invalid-signature') 401 naming the field that failed (see {@link loginWithSiwe})
 */
export async function verifySiweSignature(
  input: { message: string; signature: string },
  opts: SiweCheck,
): Promise<{ address: string; nonce: string; resources: string[] | undefined }> {
  const fields = parseSiweMessage(input.message);
  const layout =
    'an EIP-4361 message: domain, address, statement, URI, Version 1, Chain ID, Nonce, Issued At, optional fields, nothing after';
  if (!fields.address || !fields.nonce || !fields.issuedAt || !fields.domain || !fields.uri || !fields.chainId) {
    throw refuse('message', 'Not an EIP-4361 message (address, domain, URI, chain id, nonce and issuedAt are required)', layout);
  }
  if (!endsAtLastField(input.message)) {
    throw refuse('message', 'Not an EIP-4361 message: unexpected lines (nothing may follow the last field)', layout);
  }
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    if (invalidDate(fields[field]))
      throw refuse(field, `${field} is not an RFC 3339 date-time`, 'an RFC 3339 date-time, e.g. 2026-01-01T00:00:00.000Z');
  }
  const { policy } = opts;
  if (!policy.domains.includes(fields.domain)) {
    throw refuse('domain', `domain is '${fields.domain}'; this service expects ${policy.describe}`, policy.describe);
  }
  let uri: URL | undefined;
  try {
    uri = new URL(fields.uri);
  } catch {
    uri = undefined;
  }
  const http = `http only for ${policy.httpHosts.join(', ')}`;
  if (
    !uri ||
    uri.host !== fields.domain.toLowerCase() ||
    !(uri.protocol === 'https:' || (uri.protocol === 'http:' && policy.httpHosts.includes(uri.hostname)))
  ) {
    throw refuse(
      'uri',
      `uri is '${fields.uri}'; its authority must be the domain '${fields.domain}', over https (${http})`,
      `an https URL whose authority is '${fields.domain}' (${http})`,
    );
  }
  if (!opts.chainIds.includes(fields.chainId)) {
    const accepted = opts.chainIds.join(', ');
    throw refuse('chainId', `chainId is ${fields.chainId}; this service accepts ${accepted} (SIWE_CHAIN_IDS)`, accepted);
  }
  const now = new Date();
  if (fields.notBefore && now < fields.notBefore) {
    throw refuse(
      'notBefore',
      `notBefore is ${fields.notBefore.toISOString()}; the message is not valid before then (server time ${now.toISOString()})`,
      'a notBefore at or before the server time',
    );
  }
  if (fields.expirationTime && now >= fields.expirationTime) {
    throw refuse(
      'expirationTime',
      `expirationTime is ${fields.expirationTime.toISOString()}; the message expired (server time ${now.toISOString()})`,
      'an expirationTime after the server time',
    );
  }
  const age = now.getTime() - fields.issuedAt.getTime();
  if (!(age <= opts.maxAgeSeconds * 1000 && age >= -FUTURE_SKEW_MS)) {
    throw refuse(
      'issuedAt',
      `issuedAt is ${fields.issuedAt.toISOString()}; it must be within the last ${opts.maxAgeSeconds} seconds (SIWE_MAX_AGE_SECONDS) of the server time ${now.toISOString()}`,
      `an issuedAt within the last ${opts.maxAgeSeconds} seconds (at most ${FUTURE_SKEW_MS / 1000} s ahead)`,
    );
  }
  const signed = 'an EIP-191 (personal_sign) signature of the exact message by its address, 0x-prefixed hex';
  if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) throw refuse('signature', 'signature must be 0x-prefixed hex', signed);
  const address = getAddress(fields.address);
  const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(() => false);
  if (!valid) throw refuse('signature', `signature is not by the message's address ${address}`, signed);
  return { address, nonce: fields.nonce, resources: fields.resources };
}

/**
 * Wallet login with an EIP-4361 (Sign-In with Ethereum) message:
 * the message must parse with nothing after its last field, carry a `domain` of the policy
 * ({@link siweDomainPolicy}), a `URI` whose authority is that domain (https, or http for the
 * policy's http hosts), a `Chain ID` in `chainIds`, valid dates, be issued at most
 * `maxAgeSeconds` ago, be within its `notBefore`/`expirationTime` window, be signed by its address
 * (ECDSA, verified by viem), and carry a nonce issued by {@link issueSiweNonce} within the last 10
 * minutes and never used (or, with `clientNonces`, any nonce never used). An `urn:gw:allowance`
 * resource ({@link parseAllowanceResource}) becomes the session's allowance: what the holder lets
 * it send to others; without one the session sends value only to its organization and the holder.
 * @returns the session JWT, its expiry, the checksummed address and the bound organization (null: native)
 * @throws AppError('invalid-signature') 401 for every failure: its `detail` says which
 *   field failed, its value and what the service expects, and the extension members `field`
 *   (`message`, `domain`, `uri`, `chainId`, `issuedAt`, `notBefore`, `expirationTime`,
 *   `signature` or `nonce`) and `expected` (in words) say it for programs
 */
export async function loginWithSiwe(
  deps: { prisma: PrismaClient; secretBox: SecretBox; tokens: SessionTokens },
  input: { message: string; signature: string },
  opts: SiweLoginOptions,
): Promise<{ token: string; expiresAt: Date; address: string; organizationId: string | null }> {
  const { address, nonce, resources } = await verifySiweSignature(input, opts);
  const allowance = parseAllowanceResource(resources);
  await consumeNonce(deps, nonce, address, opts.clientNonces);
  const roles = withUser(await listWalletRoles(deps.prisma, address));
  const { token, expiresAt } = await deps.tokens.issue({ address, roles, organizationId: opts.organizationId, allowance });
  return { token, expiresAt, address, organizationId: opts.organizationId };
}

/** The refusal of a nonce the service did not issue, that expired or was used. */
const nonceRefused = () =>
  refuse(
    'nonce',
    'nonce is unknown, expired or already used; get one from GET /gateway/v1/sso/nonce (single use, valid 10 minutes)',
    'a nonce from GET /gateway/v1/sso/nonce, unused, at most 10 minutes old',
  );

/**
 * Records the single use of a login nonce by `address` (the nonce is stateless until
 * here). A nonce made by {@link issueSiweNonce} must carry a valid MAC and be unexpired; its row is
 * inserted now, and the primary key refuses a second use (two concurrent logins with the same
 * nonce cannot both win). A nonce issued as a row by the previous release is marked used if it is
 * unexpired and unused (one atomic UPDATE). With `clientNonces`, a nonce the service never issued
 * is recorded as used too.
 * @throws AppError('invalid-signature') unknown, altered, expired or already used nonce
 */
async function consumeNonce(
  deps: { prisma: PrismaClient; secretBox: SecretBox },
  nonce: string,
  address: string,
  clientNonces: boolean,
): Promise<void> {
  const now = new Date();
  const issued = verifyLoginNonce(deps.secretBox, nonce, now);
  if (!issued) {
    if (!looksLikeLoginNonce(nonce) && (await markNonceUsed(deps.prisma, nonce, address, now)) === 1) return;
    if (!clientNonces || looksLikeLoginNonce(nonce)) throw nonceRefused();
  }
  try {
    await insertUsedNonce(deps.prisma, nonce, address, now, issued?.expiresAt ?? null);
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw nonceRefused();
    }
    throw err;
  }
}

/**
 * `POST /gateway/v1/sso/login`: with the optional `X-API-Key` of an
 * integrator's backend, the session is bound to that key's organization; without one it is a
 * native session. Then {@link loginWithSiwe} with the configured SIWE options.
 * @param presentedKey the request's `X-API-Key`, if any
 * @returns the login answer: the JWT, its expiry, the checksummed address and the bound organization (null: native)
 * @throws AppError('unauthenticated') 401 when the key is not valid (or a retired `ct_` connector token); AppError('invalid-signature') 401
 */
export async function login(
  deps: {
    prisma: PrismaClient;
    secretBox: SecretBox;
    tokens: SessionTokens;
    credentials: { authenticate(presented: string): Promise<Principal | null> };
    config: Config;
    /** The port the API listens on, for the development loopback rule of {@link siweDomainPolicy}. */
    listenPort?: () => number | undefined;
  },
  input: { message: string; signature: string },
  presentedKey: string | undefined,
): Promise<{ token: string; expiresAt: string; address: string; organizationId: string | null }> {
  let organizationId: string | null = null;
  if (presentedKey !== undefined) {
    if (isStaticConnectorToken(presentedKey)) throw new AppError('unauthenticated', CONNECTOR_TOKEN_RETIRED);
    const principal = await deps.credentials.authenticate(presentedKey);
    if (!principal) throw new AppError('unauthenticated', 'The API key is unknown, revoked or expired');
    organizationId = principal.organizationId;
  }
  const out = await loginWithSiwe(deps, input, {
    policy: siweDomainPolicy(deps.config, deps.listenPort?.()),
    maxAgeSeconds: deps.config.SIWE_MAX_AGE_SECONDS,
    chainIds: deps.config.SIWE_CHAIN_IDS,
    clientNonces: deps.config.SIWE_CLIENT_NONCES,
    organizationId,
  });
  return { token: out.token, expiresAt: out.expiresAt.toISOString(), address: out.address, organizationId: out.organizationId };
}

// --- wallet roles (operator CLI) ----------------------------------------------------------------------

/**
 * Grants `role` to the wallet (`role:grant`; nothing changes when it has it). The caller announces
 * it on `walletRoleChannel` so that every API replica's `WalletRoleCache` evicts the wallet.
 * @param address EIP-55 checksummed address
 * @returns the wallet's roles now, `user` first
 */
export async function grantWalletRole(prisma: PrismaClient, address: string, role: string): Promise<string[]> {
  await insertWalletRole(prisma, address, role);
  return withUser(await listWalletRoles(prisma, address));
}

/**
 * Revokes `role` from the wallet (`role:revoke`). Once announced on
 * `walletRoleChannel`, its sessions lose the role on every replica without a new login.
 * @param address EIP-55 checksummed address
 * @returns whether the wallet had the role, and its roles now, `user` first
 */
export async function revokeWalletRole(
  prisma: PrismaClient,
  address: string,
  role: string,
): Promise<{ revoked: boolean; roles: string[] }> {
  const revoked = (await deleteWalletRole(prisma, address, role)) > 0;
  return { revoked, roles: withUser(await listWalletRoles(prisma, address)) };
}

// --- secrets at rest -----------------------------------------------------------------------------

/**
 * Re-encrypts the generated JWT signing keys that are not sealed with the current key of `box`
 * (the first entry of SECRETS_ENCRYPTION_KEY): auth's part of the rotation step after prepending a
 * new key id (`pnpm --silent admin secrets:reencrypt`, which also runs `webhooks`'
 * `reencryptWebhookSecrets`). Each row is updated only if its ciphertext is still the one read.
 * Idempotent: a second run changes nothing.
 * @returns how many keys were re-encrypted
 * @throws AppError('internal') when a value was sealed with a key id the ring does not contain
 */
export async function reencryptSigningKeys(prisma: PrismaClient, box: SecretBox): Promise<number> {
  let signingKeys = 0;
  for (const k of await listSealedSigningKeys(prisma)) {
    if (!box.needsRotation(k.privateKeyEncrypted)) continue;
    signingKeys += await resealSigningKey(prisma, k.kid, k.privateKeyEncrypted, box.seal(box.open(k.privateKeyEncrypted)));
  }
  return signingKeys;
}
