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
import { withTransaction, type PrismaClient, type SigningKey, type Tx } from '@gw/db';
import {
  registerCacheSize,
  subscribeChannel,
  type Config,
  type RedisConnection,
  type SecretBox,
  type Session,
  type SessionAllowance,
} from '@gw/runtime';
import { allowanceClaim, allowanceOfClaim } from './allowance.js';
import {
  findSigningKey,
  insertSigningKey,
  listSigningKeys,
  listUnscheduledSigningKeys,
  listVerifyingSigningKeys,
  lockSigningKeyGeneration,
  retireSigningKeyAt,
  scheduleSigningKeyRetirement,
} from './repository.js';

/**
 * The session JWT mechanism: the ES256 signing keys (generated or configured, published as a
 * JWKS, rotated and retired) and {@link SessionTokens}, which issues and verifies the
 * JWTs with its key and token caches.
 *
 * Key life cycle. `signing_keys.retired_at` is when a key stops verifying: null for the key that
 * signs, set one grace period ahead ({@link retirementGraceSeconds}) when another key takes over,
 * and set to now by `keys:retire`. The database names the signing key, so every replica agrees:
 * - a configured JWT_PRIVATE_KEY that the database does not know yet becomes the signing key and
 *   every other key is scheduled to retire (a changed key, at the first replica that starts with it);
 * - a configured key that is already scheduled or retired (a replica still on the old key during a
 *   rolling deploy, or restarted with it) does not sign: that replica signs with the current key
 *   from the database (sealed under SECRETS_ENCRYPTION_KEY), so it neither issues tokens that die
 *   early nor takes the signing role back;
 * - without JWT_PRIVATE_KEY the newest unscheduled key signs; the first run generates one, and
 *   `keys:rotate` ({@link rotateSigningKey}) generates the next.
 * Changes are announced on {@link signingKeysChannel}; every replica also re-reads the keys every
 * {@link KEY_REFRESH_MS}, which bounds staleness when an announcement is lost.
 */

// --- signing keys ----------------------------------------------------------------------------------

export const JWT_ALGORITHM = 'ES256' as const;

/** How often (ms) a replica re-reads the signing and verification keys without an announcement. */
export const KEY_REFRESH_MS = 30_000;

/** Redis channel on which key changes (rotation, retirement, a new configured key) are announced. */
export const signingKeysChannel = (prefix: string): string => `${prefix}:signing-keys-changed`;

/**
 * Tells every API replica that the signing keys changed (they re-read them and drop their
 * verified-token caches). A failed announcement is not an error: replicas re-read within {@link KEY_REFRESH_MS}.
 */
export async function announceSigningKeyChange(redis: RedisConnection, prefix: string): Promise<void> {
  await redis.publish(signingKeysChannel(prefix), 'changed').catch(() => undefined);
}

/**
 * How long (s) a superseded key keeps verifying: JWT_TTL_SECONDS, the longest a token it signed can
 * live (longer lifetimes are refused), plus {@link KEY_REFRESH_MS}, the longest a replica that
 * missed the announcement may still sign with it. After that no valid token can carry its kid.
 */
export const retirementGraceSeconds = (ttlSeconds: number): number => ttlSeconds + KEY_REFRESH_MS / 1000;

export interface ActiveKey {
  kid: string;
  privateKey: KeyObject;
}

/** An RFC 7638 thumbprint as our kids are: base64url of a SHA-256, 43 characters, no padding. */
export const THUMBPRINT_KID = /^[A-Za-z0-9_-]{43}$/;

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

/** Parses JWT_PRIVATE_KEY. @throws Error when it is not a P-256 private key in PEM */
function parseConfiguredKey(configuredPem: string): ActiveKey & { pem: string; jwk: JsonWebKey & { kid: string } } {
  const pem = configuredPem.replace(/\\n/g, '\n');
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('JWT_PRIVATE_KEY must be a P-256 (ES256) private key in PEM');
  }
  const jwk = publicJwkOf(privateKey);
  return { kid: jwk.kid, privateKey, pem, jwk };
}

/** Generates a P-256 key pair and stores it (private half sealed). */
async function generateSigningKey(tx: Tx, box: SecretBox): Promise<ActiveKey> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const jwk = publicJwkOf(privateKey);
  await insertSigningKey(tx, { kid: jwk.kid, algorithm: JWT_ALGORITHM, publicJwk: jwk as object, privateKeyEncrypted: box.seal(pem) });
  return { kid: jwk.kid, privateKey };
}

const unseal = (box: SecretBox, row: SigningKey): ActiveKey => ({
  kid: row.kid,
  privateKey: createPrivateKey(box.open(row.privateKeyEncrypted)),
});

/** The outcome of {@link loadActiveKey}: the key that signs, and what changed in the database. */
export interface ResolvedSigningKey extends ActiveKey {
  /** True when this call stored a key (a new configured key, or a generated one). */
  created: boolean;
  /** Keys this call scheduled to retire, and when. */
  scheduled: { kid: string; retiresAt: Date }[];
}

/**
 * Resolves the key that signs new JWTs (see the life cycle above) and applies what it implies:
 * stores a new configured key or generates one when none is current, and schedules every other
 * unscheduled key to retire `graceSeconds` from now. Reads only, unless something must change;
 * changes run in one transaction under an advisory lock, so concurrent replicas agree.
 * @param configuredPem JWT_PRIVATE_KEY, if set
 * @param graceSeconds how long superseded keys keep verifying ({@link retirementGraceSeconds})
 * @throws Error when the configured PEM is not a P-256 private key; AppError('internal') when a
 *   stored key cannot be unsealed with SECRETS_ENCRYPTION_KEY
 */
export async function loadActiveKey(
  prisma: PrismaClient,
  box: SecretBox,
  configuredPem?: string,
  graceSeconds = retirementGraceSeconds(3600),
): Promise<ResolvedSigningKey> {
  const configured = configuredPem ? parseConfiguredKey(configuredPem) : undefined;
  const unscheduled = await listUnscheduledSigningKeys(prisma);
  const configuredRow = configured ? await findSigningKey(prisma, configured.kid) : undefined;
  if (unscheduled.length === 1 && configuredRow !== null) {
    const signer = configured && configuredRow?.retiredAt === null ? configured : unseal(box, unscheduled[0]!);
    return { kid: signer.kid, privateKey: signer.privateKey, created: false, scheduled: [] };
  }
  return withTransaction(prisma, async (tx) => {
    await lockSigningKeyGeneration(tx);
    const current = await listUnscheduledSigningKeys(tx);
    const row = configured ? await findSigningKey(tx, configured.kid) : null;
    let signer: ActiveKey;
    let created = false;
    if (configured && (!row || row.retiredAt === null)) {
      if (!row) {
        const { kid, jwk, pem } = configured;
        await insertSigningKey(tx, { kid, algorithm: JWT_ALGORITHM, publicJwk: jwk as object, privateKeyEncrypted: box.seal(pem) });
        created = true;
      }
      signer = configured;
    } else if (current[0]) {
      signer = unseal(box, current[0]);
    } else {
      signer = await generateSigningKey(tx, box);
      created = true;
    }
    const retiresAt = new Date(Date.now() + graceSeconds * 1000);
    const others = current.map((k) => k.kid).filter((kid) => kid !== signer.kid);
    await scheduleSigningKeyRetirement(tx, others, retiresAt);
    return { kid: signer.kid, privateKey: signer.privateKey, created, scheduled: others.map((kid) => ({ kid, retiresAt })) };
  });
}

/**
 * `keys:rotate`: generates a new P-256 key, which signs from now on (every replica, once
 * announced or within {@link KEY_REFRESH_MS}), and schedules every other unscheduled key to retire
 * `graceSeconds` from now. A configured JWT_PRIVATE_KEY is superseded too (its replicas sign with
 * the new key); to go back to a configured key, configure a new one.
 * @returns the new kid and the keys scheduled to retire
 */
export async function rotateSigningKey(
  prisma: PrismaClient,
  box: SecretBox,
  graceSeconds: number,
): Promise<{ kid: string; retiring: { kid: string; retiresAt: Date }[] }> {
  return withTransaction(prisma, async (tx) => {
    await lockSigningKeyGeneration(tx);
    const others = (await listUnscheduledSigningKeys(tx)).map((k) => k.kid);
    const { kid } = await generateSigningKey(tx, box);
    const retiresAt = new Date(Date.now() + graceSeconds * 1000);
    await scheduleSigningKeyRetirement(tx, others, retiresAt);
    return { kid, retiring: others.map((k) => ({ kid: k, retiresAt })) };
  });
}

/** Why {@link retireSigningKey} refused: no such key, or it is the key that signs. */
export class SigningKeyRefusal extends Error {
  constructor(
    readonly reason: 'unknown-kid' | 'current-key',
    message: string,
  ) {
    super(message);
    this.name = 'SigningKeyRefusal';
  }
}

/**
 * `keys:retire`: retires key `kid` now (a key compromised, or a grace cut short): it
 * leaves the JWKS and verifies nothing more, on every replica once announced.
 * @returns whether this call retired it (false: it already was) and its retirement time
 * @throws SigningKeyRefusal `unknown-kid` when there is no such key; `current-key` when it is the
 *   only unscheduled key, the one that signs (rotate first)
 */
export async function retireSigningKey(prisma: PrismaClient, kid: string): Promise<{ kid: string; retired: boolean; retiredAt: Date }> {
  return withTransaction(prisma, async (tx) => {
    await lockSigningKeyGeneration(tx);
    const row = await findSigningKey(tx, kid);
    if (!row) throw new SigningKeyRefusal('unknown-kid', `no signing key ${kid}`);
    const unscheduled = await listUnscheduledSigningKeys(tx);
    if (unscheduled.length === 1 && unscheduled[0]!.kid === kid) {
      throw new SigningKeyRefusal('current-key', `${kid} is the current signing key: run keys:rotate first, then retire it`);
    }
    const now = new Date();
    const retired = (await retireSigningKeyAt(tx, kid, now)) === 1;
    return { kid, retired, retiredAt: retired ? now : row.retiredAt! };
  });
}

/** Status of a key in `keys:list`. */
export type SigningKeyStatus = 'current' | 'active' | 'retiring' | 'retired';

/**
 * `keys:list`: every key, newest first: `current` (the newest unscheduled key: it signs), `active`
 * (unscheduled but older: only in a database written by the previous release, scheduled at the next
 * start),
 * `retiring` (verifies until `retiredAt`) or `retired`.
 */
export async function describeSigningKeys(
  prisma: PrismaClient,
): Promise<{ kid: string; status: SigningKeyStatus; createdAt: Date; retiredAt: Date | null }[]> {
  const now = Date.now();
  let seenCurrent = false;
  return (await listSigningKeys(prisma)).map((k) => {
    let status: SigningKeyStatus;
    if (k.retiredAt === null) {
      status = seenCurrent ? 'active' : 'current';
      seenCurrent = true;
    } else status = k.retiredAt.getTime() > now ? 'retiring' : 'retired';
    return { kid: k.kid, status, createdAt: k.createdAt, retiredAt: k.retiredAt };
  });
}

/** Most keys a replica holds for verification (the newest; far more than rotations within one grace). */
const MAX_VERIFYING_KEYS = 32;

// --- session JWTs ----------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A token signed with a kid this replica does not hold re-reads the keys at most this often (ms). */
const UNKNOWN_KID_RELOAD_MS = 1000;
/** Bound of the verified-token cache (entries). */
const MAX_VERIFIED_TOKENS = 10_000;
/** Tolerated clock skew (s) for an `iat` in the future. */
const IAT_SKEW_SECONDS = 60;

/** A key that verifies: its public key, its JWK (for the JWKS) and when it retires (ms, null: not scheduled). */
interface VerificationKey {
  key: KeyObject;
  jwk: JsonWebKey;
  retiresAt: number | null;
}

/** A verified session JWT: who and through which organization. Roles are not taken from the token. */
export type VerifiedSession = Omit<Session, 'roles'>;

/**
 * Issues and verifies the session JWTs of wallet login:
 * ES256 pinned on verify, `iss`, `aud`, `sub` = checksummed address, `iat`, `exp` at most
 * JWT_TTL_SECONDS after `iat`, `kid` header naming a key that verifies now;
 * verifiable by other native applications through the JWKS document.
 *
 * Holds per process: the signing key and the set of verifying keys (both re-read every
 * {@link KEY_REFRESH_MS} and on every announcement of {@link signingKeysChannel}), and the tokens
 * already verified. Only the database's keys are held (at most 32): a kid that is not an RFC 7638
 * thumbprint is refused before any look-up, and an unknown one is never cached (it makes the set be
 * re-read, at most once per second).
 */
export class SessionTokens {
  private active?: ActiveKey;
  private activeUntil = 0;
  private activeLoad?: Promise<ActiveKey>;
  private keys = new Map<string, VerificationKey>();
  private keysUntil = 0;
  private keysReadAt = 0;
  private keysLoad?: Promise<void>;
  /** Bumped by every announcement: a load that overlapped one is not trusted for long. */
  private generation = 0;
  /**
   * Tokens already verified, until their `exp`, their key's retirement, or KEY_REFRESH_MS at most
   * (so a retirement missed by the announcements still takes effect within that bound). Saves an
   * ES256 verification per request. Cleared by every announcement.
   */
  private readonly verified = new Map<string, { session: VerifiedSession; until: number }>();

  /**
   * @param opts.announce called after this replica changed the keys (a new configured key, a first
   *   key, retirements scheduled), to tell the others ({@link announceSigningKeyChange})
   */
  constructor(
    private readonly prisma: PrismaClient,
    private readonly box: SecretBox,
    private readonly config: Pick<Config, 'JWT_PRIVATE_KEY' | 'JWT_TTL_SECONDS' | 'JWT_ISSUER' | 'JWT_AUDIENCE'>,
    private readonly opts: { announce?: () => Promise<void> } = {},
  ) {
    registerCacheSize('verified_sessions', this.verified, MAX_VERIFIED_TOKENS);
  }

  /** Resolves the signing key (generating or storing one, scheduling retirements) and reads the verifying keys. Call before serving. */
  async init(): Promise<void> {
    await this.activeKey();
    await this.loadKeys();
  }

  private activeKey(): Promise<ActiveKey> {
    if (this.active && this.activeUntil > Date.now()) return Promise.resolve(this.active);
    this.activeLoad ??= (async () => {
      const generation = this.generation;
      try {
        const resolved = await loadActiveKey(
          this.prisma,
          this.box,
          this.config.JWT_PRIVATE_KEY,
          retirementGraceSeconds(this.config.JWT_TTL_SECONDS),
        );
        let fresh = generation === this.generation;
        if (resolved.created || resolved.scheduled.length > 0) {
          // This replica changed the keys: its own key set is stale, the others are told.
          this.invalidate();
          fresh = true;
          void this.opts.announce?.().catch(() => undefined);
        }
        this.active = { kid: resolved.kid, privateKey: resolved.privateKey };
        this.activeUntil = fresh ? Date.now() + KEY_REFRESH_MS : 0;
        return this.active;
      } finally {
        this.activeLoad = undefined;
      }
    })();
    return this.activeLoad;
  }

  /** Re-reads the verifying keys (one load at a time). */
  private loadKeys(): Promise<void> {
    this.keysLoad ??= (async () => {
      const generation = this.generation;
      this.keysReadAt = Date.now();
      try {
        const rows = await listVerifyingSigningKeys(this.prisma, new Date(), MAX_VERIFYING_KEYS);
        const keys = new Map<string, VerificationKey>();
        for (const r of rows) {
          const jwk = r.publicJwk as JsonWebKey;
          keys.set(r.kid, { key: createPublicKey({ key: jwk, format: 'jwk' }), jwk, retiresAt: r.retiredAt?.getTime() ?? null });
        }
        this.keys = keys;
        this.keysUntil = generation === this.generation ? this.keysReadAt + KEY_REFRESH_MS : 0;
      } finally {
        this.keysLoad = undefined;
      }
    })();
    return this.keysLoad;
  }

  /** The key set, re-read when it is older than KEY_REFRESH_MS or an announcement made it stale. */
  private async verificationKeys(): Promise<Map<string, VerificationKey>> {
    if (Date.now() >= this.keysUntil) await this.loadKeys();
    return this.keys;
  }

  /** Forgets everything derived from the keys (an announcement, or a change made here). */
  invalidate(): void {
    this.generation++;
    this.activeUntil = 0;
    this.keysUntil = 0;
    this.keysReadAt = 0;
    this.verified.clear();
  }

  /**
   * Subscribes `subscriber` (a connection in subscriber mode) to {@link signingKeysChannel}.
   * @returns a function that unsubscribes
   */
  listen(subscriber: RedisConnection, prefix: string): Promise<() => Promise<void>> {
    return subscribeChannel(subscriber, signingKeysChannel(prefix), () => this.invalidate());
  }

  /**
   * Signs a session for `address`. An organization-bound session carries the organization id as
   * the private claim `org` and as `azp` (OpenID Connect's "authorized party": the one client the
   * token was issued to); `aud` stays JWT_AUDIENCE so other native applications still verify it.
   * The allowance the holder signed at login, if any, is the private claim `alw` (amounts as
   * decimal strings of base units; a token whose `alw` does not parse is refused on verify).
   * `roles` is the wallet's roles at login, for those applications; the gateway itself reads them
   * from `wallet_roles` on every request, so a revocation counts without a new login.
   * @returns the compact JWT and its expiry (now + JWT_TTL_SECONDS)
   */
  async issue(session: Session): Promise<{ token: string; expiresAt: Date }> {
    const { kid, privateKey } = await this.activeKey();
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + this.config.JWT_TTL_SECONDS) * 1000);
    const claims = {
      roles: session.roles,
      ...(session.organizationId ? { org: session.organizationId, azp: session.organizationId } : {}),
      ...(session.allowance ? { alw: allowanceClaim(session.allowance) } : {}),
    };
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

  /** The verifying key named `kid`, re-reading the keys (at most once a second) when it is not held. */
  private async keyFor(kid: string): Promise<VerificationKey | null> {
    const found = (await this.verificationKeys()).get(kid);
    if (found) return found;
    if (this.keysLoad) await this.keysLoad;
    else if (Date.now() - this.keysReadAt >= UNKNOWN_KID_RELOAD_MS) await this.loadKeys();
    return this.keys.get(kid) ?? null;
  }

  /**
   * Verifies a compact JWT: algorithm ES256 only (so `none` and HS256-with-the-public-key are
   * refused), a `kid` that is an RFC 7638 thumbprint of a key that verifies now (not retired),
   * signature, `iss`, `aud`, `exp`, and a numeric `iat` not in the future (60 s skew)
   * with `exp − iat` ≤ JWT_TTL_SECONDS, so no key holder can mint a longer-lived token.
   * @returns the session (address and bound organization; roles come from `wallet_roles`), or null
   *   for any invalid token (the caller answers 401)
   */
  async verify(token: string): Promise<VerifiedSession | null> {
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.until > now) return hit.session;
      this.verified.delete(token);
    }
    const out = await this.verifyUncached(token);
    if (out) {
      if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { session: out.session, until: Math.min(out.exp * 1000, now + KEY_REFRESH_MS, out.retiresAt ?? Infinity) });
    }
    return out?.session ?? null;
  }

  private async verifyUncached(token: string): Promise<{ session: VerifiedSession; exp: number; retiresAt: number | null } | null> {
    let decoded: jwt.Jwt | null;
    try {
      decoded = jwt.decode(token, { complete: true });
    } catch {
      return null;
    }
    if (!decoded || typeof decoded.payload === 'string' || decoded.header.alg !== JWT_ALGORITHM) return null;
    // Only the shape of our kids gets as far as a look-up: a `kid` array or object never reaches the
    // database.
    const kid: unknown = decoded.header.kid;
    if (typeof kid !== 'string' || !THUMBPRINT_KID.test(kid)) return null;
    const key = await this.keyFor(kid);
    if (!key || (key.retiresAt !== null && key.retiresAt <= Date.now())) return null;
    try {
      const claims = jwt.verify(token, key.key, {
        algorithms: [JWT_ALGORITHM],
        issuer: this.config.JWT_ISSUER,
        audience: this.config.JWT_AUDIENCE,
      }) as jwt.JwtPayload;
      const { sub, exp, iat } = claims;
      if (typeof sub !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
      if (iat > Date.now() / 1000 + IAT_SKEW_SECONDS || exp - iat > this.config.JWT_TTL_SECONDS) return null;
      const org: unknown = claims.org;
      if (org !== undefined && (typeof org !== 'string' || !UUID.test(org) || claims.azp !== org)) return null;
      let allowance: SessionAllowance | undefined;
      if (claims.alw !== undefined) {
        const parsed = allowanceOfClaim(claims.alw);
        if (!parsed) return null;
        allowance = parsed;
      }
      return { session: { address: sub, organizationId: org ?? null, allowance }, exp, retiresAt: key.retiresAt };
    } catch {
      return null;
    }
  }

  /** Keys this replica holds for verification (read by the tests: unknown kids must not grow it). */
  get keyCacheSize(): number {
    return this.keys.size;
  }

  /** JWKS document of the keys that verify now (from this replica's key set). */
  async jwks(): Promise<{ keys: JsonWebKey[] }> {
    const now = Date.now();
    const keys = [...(await this.verificationKeys()).values()].filter((k) => k.retiresAt === null || k.retiresAt > now);
    return { keys: keys.map((k) => k.jwk) };
  }
}
