import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Lowercase hex SHA-256 of a UTF-8 string. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random URL-safe token: `<prefix>_<base64url of `bytes` random bytes>`. */
export const randomToken = (prefix: string, bytes = 32): string => `${prefix}_${randomBytes(bytes).toString('base64url')}`;

/** Constant-time equality of two strings (false on length mismatch, without early exit on content). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}
