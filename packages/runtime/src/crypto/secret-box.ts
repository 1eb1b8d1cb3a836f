import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from '../errors/app-error.js';

/**
 * Key ring used when none is configured, which `loadConfig` allows only with NODE_ENV=test
 * (no key is written into the source). Random per process, so
 * nothing sealed with it outlives the process.
 */
let processKeyring: string | undefined;
const ephemeralKeyring = (): string => (processKeyring ??= `ephemeral:${randomBytes(32).toString('base64')}`);

/** A new random key ring entry `kid:base64key` (32-byte key), e.g. for a local key file or a rotation. */
export const generateKeyringEntry = (kid: string): string => `${kid}:${randomBytes(32).toString('base64')}`;

/**
 * AES-256-GCM encryption of secrets at rest (webhook signing secrets, generated JWT keys).
 * Ciphertext format: `v1.<kid>.<iv>.<tag>.<data>` with base64url parts; the key id makes
 * rotation possible: encrypt with the first key of the ring, decrypt with whichever `kid` says.
 */
export class SecretBox {
  private readonly keys = new Map<string, Buffer>();
  private readonly currentKid: string;

  /**
   * @param keyring `kid:base64key[,kid:base64key...]`, each key 32 bytes; undefined → a random
   *   key of this process (tests only: `loadConfig` requires a key outside NODE_ENV=test)
   * @throws Error when a key is not 32 bytes of base64
   */
  constructor(keyring: string | undefined) {
    const entries = (keyring ?? ephemeralKeyring()).split(',');
    for (const entry of entries) {
      const [kid, b64] = entry.split(':');
      const key = Buffer.from(b64 ?? '', 'base64');
      if (!kid || key.length !== 32) throw new Error('SECRETS_ENCRYPTION_KEY: every key must be 32 bytes, base64');
      this.keys.set(kid, key);
    }
    this.currentKid = entries[0]!.split(':')[0]!;
  }

  /** Encrypts UTF-8 text with the current key. */
  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKid)!, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', this.currentKid, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
      '.',
    );
  }

  /**
   * Decrypts a value produced by {@link seal}.
   * @throws AppError('internal') when the key id is unknown, or its key is not the one that sealed
   *   the value (or the ciphertext was altered); the message says which and what to do
   */
  open(sealed: string): string {
    const [version, kid, iv, tag, data] = sealed.split('.');
    const key = kid ? this.keys.get(kid) : undefined;
    if (version !== 'v1' || !key || !iv || !tag || data === undefined) {
      throw new AppError('internal', 'Encrypted secret cannot be read with the configured keys');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // GCM refuses the tag: the key of that id is not the one that sealed it (a new local key file
      // beside an old database, a key replaced instead of rotated), or the value was altered.
      throw new AppError(
        'internal',
        `Encrypted secret sealed with key id '${kid}' cannot be decrypted with the configured key of that id: the key changed since it was sealed ` +
          '(restore the SECRETS_ENCRYPTION_KEY, or .data/secrets.key, that sealed it; rotate by adding a new key in front, never by replacing one; ' +
          'a local development database made with a lost key can be dropped and migrated again)',
      );
    }
  }

  /**
   * A 32-byte key for `purpose` derived from each key of the ring with HKDF-SHA256 (RFC 5869;
   * empty salt, info `gw:<purpose>`), the current key's first: a MAC made with the first verifies
   * with any of them while the ring still holds its key (rotation). The ring's keys themselves are
   * never used for anything but AES-256-GCM.
   * @param purpose what the keys are for (e.g. `siwe-nonce`): different purposes get unrelated keys
   */
  deriveKeys(purpose: string): Buffer[] {
    const ordered = [this.currentKid, ...[...this.keys.keys()].filter((kid) => kid !== this.currentKid)];
    return ordered.map((kid) => Buffer.from(hkdfSync('sha256', this.keys.get(kid)!, Buffer.alloc(0), `gw:${purpose}`, 32)));
  }

  /** Key id of the key that seals new values (the first of the ring). */
  get currentKeyId(): string {
    return this.currentKid;
  }

  /** True when the value was sealed with a key other than the current one (re-encrypt on rotation). */
  needsRotation(sealed: string): boolean {
    return sealed.split('.')[1] !== this.currentKid;
  }
}
