import type { Credential, CredentialKind, Db, Prisma, PrismaClient, RawSql, SigningKey, Tx } from '@gw/db';

/**
 * Every statement on the auth tables: `organizations`, `credentials`, `siwe_nonces`,
 * `wallet_roles` and `signing_keys`.
 */

// --- organizations ---------------------------------------------------------------------------------

/** The id of organization `id` (a valid UUID), or null when there is none. */
export function findOrganizationId(db: Db<'organization'>, id: string): Promise<{ id: string } | null> {
  return db.organization.findUnique({ where: { id }, select: { id: true } });
}

/** The name of organization `id`, or null when there is none (`id` must be a UUID). */
export async function findOrganizationName(db: Db<'organization'>, id: string): Promise<string | null> {
  const row = await db.organization.findUnique({ where: { id }, select: { name: true } });
  return row?.name ?? null;
}

export function insertOrganization(db: Db<'organization'>, data: { name: string; native: boolean }): Promise<{ id: string }> {
  return db.organization.create({ data, select: { id: true } });
}

/** Inserts organization `id` unless it exists (an existing row is left as it is). */
export async function ensureOrganization(db: Db<'organization'>, org: { id: string; name: string }): Promise<void> {
  await db.organization.upsert({ where: { id: org.id }, create: org, update: {} });
}

/** Marks organization `id` native or not. @throws Prisma P2025 when there is no such organization */
export function setOrganizationNative(db: Db<'organization'>, id: string, native: boolean): Promise<{ id: string; native: boolean }> {
  return db.organization.update({ where: { id }, data: { native }, select: { id: true, native: true } });
}

// --- credentials -----------------------------------------------------------------------------------

export async function insertCredential(
  prisma: PrismaClient,
  data: { organizationId: string; kind: CredentialKind; prefix: string; hash: string; scopes: string[]; expiresAt: Date | null },
): Promise<{ id: string }> {
  return prisma.credential.create({ data, select: { id: true } });
}

/** The credential stored under `hash`, with whether its organization is native. */
export function findCredentialByHash(
  prisma: PrismaClient,
  hash: string,
): Promise<(Credential & { organization: { native: boolean } }) | null> {
  return prisma.credential.findUnique({ where: { hash }, include: { organization: { select: { native: true } } } });
}

export async function findCredentialExpiry(prisma: PrismaClient, id: string): Promise<Date | null> {
  const row = await prisma.credential.findUnique({ where: { id }, select: { expiresAt: true } });
  return row?.expiresAt ?? null;
}

/** Hashes of the unrevoked credentials whose secret starts with `prefix` (its first 10 characters). */
export async function listActiveCredentialHashesByPrefix(db: Db<'credential'>, prefix: string): Promise<string[]> {
  const rows = await db.credential.findMany({ where: { prefix, revokedAt: null }, select: { hash: true } });
  return rows.map((r) => r.hash);
}

/** The id of one of the organization's credentials of `kind` that is neither revoked nor expired at `now`, or null. */
export function findUsableCredential(
  db: Db<'credential'>,
  organizationId: string,
  kind: CredentialKind,
  now: Date,
): Promise<{ id: string } | null> {
  return db.credential.findFirst({
    where: { organizationId, kind, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    select: { id: true },
  });
}

/** Marks the unrevoked credential stored under `hash` revoked. @returns how many were (0 or 1) */
export async function markCredentialRevoked(prisma: PrismaClient, hash: string): Promise<number> {
  const { count } = await prisma.credential.updateMany({ where: { hash, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}

// --- login nonces and wallet roles ---------------------------------------------------------------------

/**
 * One batch of the retention job: deletes up to `limit` nonces created before `before` that are
 * used or expired (`used_at` set, or `expires_at` past `now`), oldest first, by the `created_at`
 * index. Rows locked by a concurrent login are skipped (`FOR UPDATE SKIP LOCKED`).
 *
 * Deleting a used nonce is safe once no message carrying it can pass the login's age check: a
 * message is accepted at most SIWE_MAX_AGE_SECONDS (≤ 1 h) after its `issuedAt`, and a nonce is
 * used within its 10-minute lifetime, so `before` a day ago leaves a wide margin; a replay of a
 * deleted nonce fails on its `issuedAt` before the nonce is looked at.
 * @param before cut-off on `created_at` (now − `SIWE_NONCE_RETENTION_MS`, auth service)
 * @param now what `expires_at` is compared with
 * @param limit rows per statement (the batch size)
 * @returns how many were deleted
 */
export async function deleteSpentNonces(sql: RawSql, before: Date, now: Date, limit: number): Promise<number> {
  return sql.$executeRaw`
    WITH victims AS (
      SELECT nonce FROM siwe_nonces
      WHERE created_at < ${before}::timestamptz AND (used_at IS NOT NULL OR expires_at < ${now}::timestamptz)
      ORDER BY created_at LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    )
    DELETE FROM siwe_nonces n USING victims v WHERE n.nonce = v.nonce`;
}

/**
 * Marks a nonce issued as a row (by the previous release, which stored its nonces), unexpired
 * and unused, used by `address`, in one UPDATE. @returns 1 when it was, else 0
 */
export async function markNonceUsed(prisma: PrismaClient, nonce: string, address: string, now: Date): Promise<number> {
  const { count } = await prisma.siweNonce.updateMany({
    where: { nonce, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now, address },
  });
  return count;
}

/**
 * Records the single use of a nonce (a stateless one the service issued, with its expiry, or a
 * client nonce, without). @throws Prisma P2002 when it is already recorded (a replay)
 */
export async function insertUsedNonce(
  prisma: PrismaClient,
  nonce: string,
  address: string,
  now: Date,
  expiresAt: Date | null,
): Promise<void> {
  await prisma.siweNonce.create({ data: { nonce, address, usedAt: now, expiresAt } });
}

/** Grants `role` to `address` (nothing changes when it has it). */
export async function insertWalletRole(db: Db<'walletRole'>, address: string, role: string): Promise<void> {
  await db.walletRole.upsert({ where: { address_role: { address, role } }, create: { address, role }, update: {} });
}

/** Takes `role` away from `address`. @returns how many grants were deleted (0 or 1) */
export async function deleteWalletRole(db: Db<'walletRole'>, address: string, role: string): Promise<number> {
  const { count } = await db.walletRole.deleteMany({ where: { address, role } });
  return count;
}

/** The roles the operator granted to `address`. */
export async function listWalletRoles(db: Db<'walletRole'>, address: string): Promise<string[]> {
  const rows = await db.walletRole.findMany({ where: { address }, select: { role: true } });
  return rows.map((r) => r.role);
}

// --- signing keys ----------------------------------------------------------------------------------

/** A signing key to store: its public JWK and its sealed private key. */
export interface NewSigningKey {
  kid: string;
  algorithm: string;
  publicJwk: Prisma.InputJsonValue;
  privateKeyEncrypted: string;
}

export async function insertSigningKey(tx: Tx, key: NewSigningKey): Promise<void> {
  await tx.signingKey.create({ data: key });
}

/** Serialises changes of the signing key between replicas and the CLI (transaction-scoped advisory lock). */
export async function lockSigningKeyGeneration(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(7340291)`;
}

type SigningKeys = Pick<PrismaClient | Tx, 'signingKey'>;

/**
 * The keys not (yet) scheduled to retire (`retired_at` null), newest first: normally one, the key
 * that signs; several only in a database written by the previous release (the next key resolution
 * schedules all but one).
 */
export function listUnscheduledSigningKeys(db: SigningKeys): Promise<SigningKey[]> {
  return db.signingKey.findMany({ where: { retiredAt: null }, orderBy: [{ createdAt: 'desc' }, { kid: 'asc' }] });
}

/**
 * The keys that verify at `now` (`retired_at` null or later than `now`), newest first, at most
 * `limit`: their kid, public JWK and retirement time (never the private key).
 */
export function listVerifyingSigningKeys(
  db: SigningKeys,
  now: Date,
  limit: number,
): Promise<{ kid: string; publicJwk: Prisma.JsonValue; retiredAt: Date | null }[]> {
  return db.signingKey.findMany({
    where: { OR: [{ retiredAt: null }, { retiredAt: { gt: now } }] },
    orderBy: [{ createdAt: 'desc' }, { kid: 'asc' }],
    take: limit,
    select: { kid: true, publicJwk: true, retiredAt: true },
  });
}

/** Every key without its private half, newest first (the operator's `keys:list`). */
export function listSigningKeys(db: SigningKeys): Promise<{ kid: string; createdAt: Date; retiredAt: Date | null }[]> {
  return db.signingKey.findMany({
    orderBy: [{ createdAt: 'desc' }, { kid: 'asc' }],
    select: { kid: true, createdAt: true, retiredAt: true },
  });
}

export function findSigningKey(db: SigningKeys, kid: string): Promise<SigningKey | null> {
  return db.signingKey.findUnique({ where: { kid } });
}

/** Schedules the keys `kids` that are not scheduled yet to retire at `at`. @returns how many were */
export async function scheduleSigningKeyRetirement(db: SigningKeys, kids: string[], at: Date): Promise<number> {
  if (kids.length === 0) return 0;
  const { count } = await db.signingKey.updateMany({ where: { kid: { in: kids }, retiredAt: null }, data: { retiredAt: at } });
  return count;
}

/** Retires key `kid` at `now` unless it already is (a later schedule is brought forward). @returns 1 when it was, else 0 */
export async function retireSigningKeyAt(db: SigningKeys, kid: string, now: Date): Promise<number> {
  const { count } = await db.signingKey.updateMany({
    where: { kid, OR: [{ retiredAt: null }, { retiredAt: { gt: now } }] },
    data: { retiredAt: now },
  });
  return count;
}

// --- sealed secrets (rotation of SECRETS_ENCRYPTION_KEY) ---------------------------------------------

export function listSealedSigningKeys(prisma: PrismaClient): Promise<{ kid: string; privateKeyEncrypted: string }[]> {
  return prisma.signingKey.findMany({ select: { kid: true, privateKeyEncrypted: true } });
}

/** Replaces a key's sealed private key if it is still `previous`. @returns 1 when replaced, else 0 */
export async function resealSigningKey(prisma: PrismaClient, kid: string, previous: string, sealed: string): Promise<number> {
  const { count } = await prisma.signingKey.updateMany({
    where: { kid, privateKeyEncrypted: previous },
    data: { privateKeyEncrypted: sealed },
  });
  return count;
}
