import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { PrismaClient } from '@gw/db';
import type { SecretBox } from '@gw/runtime';

export const JWT_ALGORITHM = 'ES256' as const;

export interface ActiveKey {
  kid: string;
  privateKey: KeyObject;
}

/** RFC 7638 JWK thumbprint (base64url SHA-256 of the required members in lexical order). */
export function jwkThumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

function publicJwkOf(privateKey: KeyObject): JsonWebKey & { kid: string } {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const kid = jwkThumbprint(jwk);
  return { ...jwk, kid, alg: JWT_ALGORITHM, use: 'sig' } as JsonWebKey & { kid: string };
}

/**
 * Returns the key that signs new JWTs. With `configuredPem` (JWT_PRIVATE_KEY) that key is used
 * and its public half published; otherwise the newest non-retired key in the database, and on
 * a first run a P-256 key pair is generated and stored (private half AES-256-GCM encrypted).
 * Concurrent first starts of several replicas are serialised by an advisory lock.
 * @throws Error when the configured PEM is not a P-256 private key
 */
export async function loadActiveKey(prisma: PrismaClient, box: SecretBox, configuredPem?: string): Promise<ActiveKey> {
  if (configuredPem) {
    const privateKey = createPrivateKey(configuredPem.replace(/\\n/g, '\n'));
    if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new Error('JWT_PRIVATE_KEY must be a P-256 (ES256) private key in PEM');
    }
    const jwk = publicJwkOf(privateKey);
    await prisma.signingKey.upsert({
      where: { kid: jwk.kid },
      create: { kid: jwk.kid, algorithm: JWT_ALGORITHM, publicJwk: jwk as object, privateKeyEncrypted: box.seal(configuredPem) },
      update: {},
    });
    return { kid: jwk.kid, privateKey };
  }
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7340291)`;
    const existing = await tx.signingKey.findFirst({ where: { retiredAt: null }, orderBy: { createdAt: 'desc' } });
    if (existing) return { kid: existing.kid, privateKey: createPrivateKey(box.open(existing.privateKeyEncrypted)) };
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const jwk = publicJwkOf(privateKey);
    await tx.signingKey.create({
      data: { kid: jwk.kid, algorithm: JWT_ALGORITHM, publicJwk: jwk as object, privateKeyEncrypted: box.seal(pem) },
    });
    return { kid: jwk.kid, privateKey };
  });
}

/** The JWKS document (RFC 7517) of every non-retired key, for the other native applications. */
export async function loadJwks(prisma: PrismaClient): Promise<{ keys: JsonWebKey[] }> {
  const rows = await prisma.signingKey.findMany({ where: { retiredAt: null }, orderBy: { createdAt: 'desc' } });
  return { keys: rows.map((r) => r.publicJwk as JsonWebKey) };
}

/** Public key for `kid`, or null when unknown or retired (a retired key verifies nothing). */
export async function findVerificationKey(prisma: PrismaClient, kid: string): Promise<KeyObject | null> {
  const row = await prisma.signingKey.findUnique({ where: { kid } });
  if (!row || row.retiredAt) return null;
  return createPublicKey({ key: row.publicJwk as JsonWebKey, format: 'jwk' });
}
