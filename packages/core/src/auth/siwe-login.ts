import { type PrismaClient, Prisma } from '@gw/db';
import { getAddress, verifyMessage, type Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { AppError } from '@gw/runtime';
import type { SessionTokens } from './session-tokens.js';

/** Allowed clock skew for `issuedAt` in the future, in ms. */
const FUTURE_SKEW_MS = 60_000;

/** Lifetime of a nonce issued by `GET /gateway/v1/sso/nonce`, in seconds (issue #11: 10 minutes). */
export const SIWE_NONCE_TTL_SECONDS = 600;

/**
 * Issues a login nonce (issue #11): 96 random alphanumeric characters (viem's
 * `generateSiweNonce`), recorded unused with an expiry of {@link SIWE_NONCE_TTL_SECONDS}; a login
 * consumes it once. Now and then the expired, never-used nonces are deleted.
 * @returns the nonce and its expiry
 */
export async function issueSiweNonce(prisma: PrismaClient): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(Date.now() + SIWE_NONCE_TTL_SECONDS * 1000);
  await prisma.siweNonce.create({ data: { nonce, expiresAt } });
  if (Math.random() < 1 / 64) await prisma.siweNonce.deleteMany({ where: { usedAt: null, expiresAt: { lt: new Date() } } });
  return { nonce, expiresAt };
}

const OPTIONAL_TRAILING_FIELDS = [/^Expiration Time: .+$/, /^Not Before: .+$/, /^Request ID: .*$/];

/**
 * True when the message has the EIP-4361 layout from `URI:` to its end with nothing after its last
 * field (issue #11 finding 9: viem's parser does not anchor the end, so trailing lines passed).
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

/** Options of {@link loginWithSiwe}, from the configuration. */
export interface SiweLoginOptions {
  /** SIWE_DOMAIN: the message's `domain`, also the authority its `URI` must have. */
  domain: string;
  /** SIWE_MAX_AGE_SECONDS: how old `issuedAt` may be, in seconds. */
  maxAgeSeconds: number;
  /** SIWE_CHAIN_IDS: the `Chain ID` values accepted. */
  chainIds: number[];
  /** SIWE_CLIENT_NONCES: also accept (once) nonces the service never issued. */
  clientNonces: boolean;
  /** Organization of the API key sent with the login: the session is bound to it; null = native session. */
  organizationId: string | null;
}

/**
 * Wallet login with an EIP-4361 (Sign-In with Ethereum) message (spec, Session; issues #2, #11):
 * the message must parse with nothing after its last field, name `domain`, carry a `URI` whose
 * authority is `domain` (https, or http for `localhost`), a `Chain ID` in `chainIds`, valid dates,
 * be issued at most `maxAgeSeconds` ago, be within its `notBefore`/`expirationTime` window, carry a
 * nonce issued by {@link issueSiweNonce} within the last 10 minutes and never used (or, with
 * `clientNonces`, any nonce never used), and be signed by its address (ECDSA, verified by viem).
 * @returns the session JWT, its expiry, the checksummed address and the bound organization (null: native)
 * @throws AppError('invalid-signature') 401 for every failure, with a detail saying which check failed
 */
export async function loginWithSiwe(
  deps: { prisma: PrismaClient; tokens: SessionTokens },
  input: { message: string; signature: string },
  opts: SiweLoginOptions,
): Promise<{ token: string; expiresAt: Date; address: string; organizationId: string | null }> {
  const fields = parseSiweMessage(input.message);
  if (!fields.address || !fields.nonce || !fields.issuedAt || !fields.domain || !fields.uri || !fields.chainId) {
    throw new AppError('invalid-signature', 'Not an EIP-4361 message (address, domain, URI, chain id, nonce and issuedAt are required)');
  }
  if (!endsAtLastField(input.message)) {
    throw new AppError('invalid-signature', 'Not an EIP-4361 message: unexpected lines (nothing may follow the last field)');
  }
  if (invalidDate(fields.issuedAt) || invalidDate(fields.expirationTime) || invalidDate(fields.notBefore)) {
    throw new AppError('invalid-signature', 'Issued At, Expiration Time and Not Before must be RFC 3339 date-times');
  }
  let uri: URL | undefined;
  try {
    uri = new URL(fields.uri);
  } catch {
    uri = undefined;
  }
  const localhost = fields.domain.split(':')[0] === 'localhost';
  if (!uri || uri.host !== fields.domain.toLowerCase() || !(uri.protocol === 'https:' || (localhost && uri.protocol === 'http:'))) {
    throw new AppError('invalid-signature', 'URI must be an https URL whose authority is the message domain (http only for localhost)');
  }
  if (!opts.chainIds.includes(fields.chainId)) {
    throw new AppError('invalid-signature', `Chain ID must be one of ${opts.chainIds.join(', ')}`);
  }
  const now = new Date();
  if (!validateSiweMessage({ message: fields, domain: opts.domain, time: now })) {
    throw new AppError('invalid-signature', 'Message domain, notBefore or expirationTime is not valid now');
  }
  const age = now.getTime() - fields.issuedAt.getTime();
  if (!(age <= opts.maxAgeSeconds * 1000 && age >= -FUTURE_SKEW_MS)) {
    throw new AppError('invalid-signature', `issuedAt must be within the last ${opts.maxAgeSeconds} seconds`);
  }
  if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) throw new AppError('invalid-signature', 'signature must be 0x-prefixed hex');
  const address = getAddress(fields.address);
  const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(() => false);
  if (!valid) throw new AppError('invalid-signature', 'Signature does not match the message address');
  await consumeNonce(deps.prisma, fields.nonce, address, opts.clientNonces);
  const granted = await deps.prisma.walletRole.findMany({ where: { address }, select: { role: true } });
  const roles = ['user', ...granted.map((g) => g.role).filter((r) => r !== 'user')];
  const { token, expiresAt } = await deps.tokens.issue({ address, roles, organizationId: opts.organizationId });
  return { token, expiresAt, address, organizationId: opts.organizationId };
}

/**
 * Marks an issued, unexpired, unused nonce used by `address` (one atomic UPDATE, so two
 * concurrent logins with the same nonce cannot both win). With `clientNonces`, a nonce the
 * service never issued is recorded as used instead (the primary key refuses a second use).
 * @throws AppError('invalid-signature') unknown, expired or already used nonce
 */
async function consumeNonce(prisma: PrismaClient, nonce: string, address: string, clientNonces: boolean): Promise<void> {
  const now = new Date();
  const { count } = await prisma.siweNonce.updateMany({
    where: { nonce, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now, address },
  });
  if (count === 1) return;
  if (!clientNonces) {
    throw new AppError('invalid-signature', 'Nonce unknown, expired or already used; get one from GET /gateway/v1/sso/nonce');
  }
  try {
    await prisma.siweNonce.create({ data: { nonce, address, usedAt: now } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('invalid-signature', 'Nonce unknown, expired or already used');
    }
    throw err;
  }
}
