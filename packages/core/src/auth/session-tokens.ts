import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import jwt from 'jsonwebtoken';
import { withTransaction, type PrismaClient } from '@gw/db';
import type { Config, SecretBox, Session } from '@gw/runtime';
import {
  ensureSigningKey,
  findNewestSigningKey,
  findSigningKey,
  insertSigningKey,
  listActiveSigningKeys,
  lockSigningKeyGeneration,
} from './repository.js';

/**
 * The session JWT mechanism: the ES256 signing keys (generated or configured, published as a
 * JWKS) and {@link SessionTokens}, which issues and verifies the JWTs with its key and token caches.
 */

// --- signing keys ----------------------------------------------------------------------------------

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
    await ensureSigningKey(prisma, {
      kid: jwk.kid,
      algorithm: JWT_ALGORITHM,
      publicJwk: jwk as object,
      privateKeyEncrypted: box.seal(configuredPem),
    });
    return { kid: jwk.kid, privateKey };
  }
  return withTransaction(prisma, async (tx) => {
    await lockSigningKeyGeneration(tx);
    const existing = await findNewestSigningKey(tx);
    if (existing) return { kid: existing.kid, privateKey: createPrivateKey(box.open(existing.privateKeyEncrypted)) };
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const jwk = publicJwkOf(privateKey);
    await insertSigningKey(tx, { kid: jwk.kid, algorithm: JWT_ALGORITHM, publicJwk: jwk as object, privateKeyEncrypted: box.seal(pem) });
    return { kid: jwk.kid, privateKey };
  });
}

/** The JWKS document (RFC 7517) of every non-retired key, for the other native applications. */
export async function loadJwks(prisma: PrismaClient): Promise<{ keys: JsonWebKey[] }> {
  const rows = await listActiveSigningKeys(prisma);
  return { keys: rows.map((r) => r.publicJwk as JsonWebKey) };
}

/** Public key for `kid`, or null when unknown or retired (a retired key verifies nothing). */
export async function findVerificationKey(prisma: PrismaClient, kid: string): Promise<KeyObject | null> {
  const row = await findSigningKey(prisma, kid);
  if (!row || row.retiredAt) return null;
  return createPublicKey({ key: row.publicJwk as JsonWebKey, format: 'jwk' });
}

// --- session JWTs ----------------------------------------------------------------------------------

/** Longest `kid` header accepted (our kids are 43-character RFC 7638 thumbprints). */
const MAX_KID_LENGTH = 128;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verification keys are cached this long (ms); a retired key stops verifying within this time. */
const KEY_CACHE_TTL_MS = 30_000;
/** Bound of the verified-token cache (entries). */
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Issues and verifies the session JWTs of wallet login (spec, Authentication rule 2):
 * ES256 pinned on verify, `iss`, `aud`, `sub` = checksummed address, `exp`, `kid` header;
 * verifiable by other native applications through the JWKS document.
 */
export class SessionTokens {
  private active?: ActiveKey;
  private readonly keyCache = new Map<string, { key: KeyObject | null; until: number }>();
  /**
   * Tokens already verified, until their `exp` but at most KEY_CACHE_TTL_MS (so a retired key stops
   * working within the same bound as the key cache). Saves an ES256 verification per request.
   */
  private readonly verified = new Map<string, { session: Session; until: number }>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly box: SecretBox,
    private readonly config: Pick<Config, 'JWT_PRIVATE_KEY' | 'JWT_TTL_SECONDS' | 'JWT_ISSUER' | 'JWT_AUDIENCE'>,
  ) {}

  /** Loads the signing key, generating it on a first run. Call before serving. */
  async init(): Promise<void> {
    await this.activeKey();
  }

  private async activeKey(): Promise<ActiveKey> {
    this.active ??= await loadActiveKey(this.prisma, this.box, this.config.JWT_PRIVATE_KEY);
    return this.active;
  }

  /**
   * Signs a session for `address`. An organization-bound session carries the organization id as
   * the private claim `org` and as `azp` (OpenID Connect's "authorized party": the one client the
   * token was issued to); `aud` stays JWT_AUDIENCE so other native applications still verify it.
   * @returns the compact JWT and its expiry (now + JWT_TTL_SECONDS)
   */
  async issue(session: Session): Promise<{ token: string; expiresAt: Date }> {
    const { kid, privateKey } = await this.activeKey();
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + this.config.JWT_TTL_SECONDS) * 1000);
    const claims = session.organizationId
      ? { roles: session.roles, org: session.organizationId, azp: session.organizationId }
      : { roles: session.roles };
    const token = jwt.sign(claims, privateKey, {
      algorithm: JWT_ALGORITHM,
      keyid: kid,
      issuer: this.config.JWT_ISSUER,
      audience: this.config.JWT_AUDIENCE,
      subject: session.address,
      expiresIn: this.config.JWT_TTL_SECONDS,
      jwtid: randomUUID(),
    });
    return { token, expiresAt };
  }

  private async keyFor(kid: string): Promise<KeyObject | null> {
    const cached = this.keyCache.get(kid);
    if (cached && cached.until > Date.now()) return cached.key;
    const key = await findVerificationKey(this.prisma, kid);
    this.keyCache.set(kid, { key, until: Date.now() + KEY_CACHE_TTL_MS });
    return key;
  }

  /**
   * Verifies a compact JWT: algorithm ES256 only (so `none` and HS256-with-the-public-key are
   * refused), known non-retired `kid`, signature, `exp`, `iss`, `aud`.
   * @returns the session, or null for any invalid token (the caller answers 401)
   */
  async verify(token: string): Promise<Session | null> {
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.until > now) return hit.session;
      this.verified.delete(token);
    }
    const session = await this.verifyUncached(token);
    if (session) {
      if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { session: session.session, until: Math.min(session.exp * 1000, now + KEY_CACHE_TTL_MS) });
    }
    return session?.session ?? null;
  }

  private async verifyUncached(token: string): Promise<{ session: Session; exp: number } | null> {
    let decoded: jwt.Jwt | null;
    try {
      decoded = jwt.decode(token, { complete: true });
    } catch {
      return null;
    }
    if (!decoded || typeof decoded.payload === 'string' || decoded.header.alg !== JWT_ALGORITHM) return null;
    // Issue #11 finding 8: a `kid` that is an array or an object reached the database query (500).
    const kid: unknown = decoded.header.kid;
    if (typeof kid !== 'string' || kid.length === 0 || kid.length > MAX_KID_LENGTH) return null;
    const key = await this.keyFor(kid);
    if (!key) return null;
    try {
      const claims = jwt.verify(token, key, {
        algorithms: [JWT_ALGORITHM],
        issuer: this.config.JWT_ISSUER,
        audience: this.config.JWT_AUDIENCE,
      }) as jwt.JwtPayload;
      if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
      const roles = Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === 'string') : ['user'];
      const org: unknown = claims.org;
      if (org !== undefined && (typeof org !== 'string' || !UUID.test(org) || claims.azp !== org)) return null;
      return { session: { address: claims.sub, roles, organizationId: org ?? null }, exp: claims.exp };
    } catch {
      return null;
    }
  }

  /** JWKS document of the non-retired keys. */
  jwks() {
    return loadJwks(this.prisma);
  }
}
