import type { CredentialKind, PrismaClient } from '@gw/db';
import { randomToken, safeEqual, sha256Hex, type Principal, type Scope } from '@gw/runtime';


const PREFIX: Record<CredentialKind, string> = { api_key: 'sk', connector: 'ct' };

/**
 * Issues an API key (`sk_...`) or an AI-connector token (`ct_...`) for an organization.
 * Only its SHA-256 is stored (the secret has 256 bits of entropy, so a fast hash is the right
 * tool, as for GitHub and Stripe keys); the plaintext is returned once, here.
 * @param expiresAt optional expiry; an expired credential authenticates as nothing (401)
 */
export async function issueCredential(
  prisma: PrismaClient,
  input: { organizationId: string; kind: CredentialKind; scopes: Scope[]; expiresAt?: Date },
): Promise<{ id: string; secret: string }> {
  const secret = randomToken(PREFIX[input.kind] ?? 'sk');
  const row = await prisma.credential.create({
    data: {
      organizationId: input.organizationId,
      kind: input.kind,
      prefix: secret.slice(0, 10),
      hash: sha256Hex(secret),
      scopes: input.scopes,
      expiresAt: input.expiresAt ?? null,
    },
    select: { id: true },
  });
  return { id: row.id, secret };
}

const SHAPE = /^(sk|ct)_[A-Za-z0-9_-]{43}$/;

/**
 * Resolves a presented key to its principal, or null when it is malformed, unknown, revoked
 * or expired. Looked up by hash; the stored hash is compared again in constant time.
 */
export async function authenticateCredential(prisma: PrismaClient, presented: string): Promise<Principal | null> {
  if (!SHAPE.test(presented)) return null;
  const hash = sha256Hex(presented);
  const row = await prisma.credential.findUnique({ where: { hash }, include: { organization: { select: { native: true } } } });
  if (!row || !safeEqual(row.hash, hash)) return null;
  if (row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return null;
  return {
    credentialId: row.id,
    organizationId: row.organizationId,
    kind: row.kind,
    scopes: row.scopes as Scope[],
    organizationNative: row.organization.native,
  };
}
