import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '@gw/runtime';

/**
 * Stateless login nonces: `GET /gateway/v1/sso/nonce` stores nothing. A nonce carries
 * its own expiry and an HMAC-SHA256 over it, keyed with a key derived from SECRETS_ENCRYPTION_KEY
 * (`SecretBox.deriveKeys('siwe-nonce')`, HKDF), so any API replica can check that the service
 * issued it and that it has not expired; the login records its single use (`siwe_nonces` primary
 * key), so only nonces that reached a valid login signature are ever written.
 *
 * Format: `n1` + expiry (Unix seconds, 10 lowercase hex digits) + 16 random bytes (32 hex
 * digits) + HMAC-SHA256 of everything before it (64 hex digits): 108 alphanumeric characters,
 * so EIP-4361's rule for the nonce (at least 8 alphanumeric characters) holds.
 */

const VERSION = 'n1';
const SHAPE = /^n1([0-9a-f]{10})[0-9a-f]{32}([0-9a-f]{64})$/;

/** Lifetime of a nonce issued by `GET /gateway/v1/sso/nonce`, in seconds (10 minutes). */
export const SIWE_NONCE_TTL_SECONDS = 600;

const keysOf = new WeakMap<SecretBox, Buffer[]>();
const macKeys = (box: SecretBox): Buffer[] => {
  let keys = keysOf.get(box);
  if (!keys) keysOf.set(box, (keys = box.deriveKeys('siwe-nonce')));
  return keys;
};

const mac = (key: Buffer, body: string): Buffer => createHmac('sha256', key).update(body).digest();

/**
 * A new login nonce that expires at `expiresAt` (second precision), MAC'd with the current key.
 * @returns the nonce (`n1` and 106 lowercase hex digits)
 */
export function createLoginNonce(box: SecretBox, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000)
    .toString(16)
    .padStart(10, '0');
  const body = `${VERSION}${exp}${randomBytes(16).toString('hex')}`;
  return `${body}${mac(macKeys(box)[0]!, body).toString('hex')}`;
}

/** True when `nonce` has the shape of a nonce made by {@link createLoginNonce} (valid or not). */
export const looksLikeLoginNonce = (nonce: string): boolean => SHAPE.test(nonce);

/**
 * Checks a nonce made by {@link createLoginNonce}: its shape, its MAC (constant-time, against every
 * key of the ring) and its expiry. Whether it was already used is the login's business.
 * @returns its expiry, or null when it is malformed, forged, altered or expired at `now`
 */
export function verifyLoginNonce(box: SecretBox, nonce: string, now: Date): { expiresAt: Date } | null {
  const m = SHAPE.exec(nonce);
  if (!m) return null;
  const body = nonce.slice(0, -64);
  const given = Buffer.from(m[2]!, 'hex');
  if (!macKeys(box).some((key) => timingSafeEqual(mac(key, body), given))) return null;
  const expiresAt = new Date(parseInt(m[1]!, 16) * 1000);
  return expiresAt.getTime() > now.getTime() ? { expiresAt } : null;
}
