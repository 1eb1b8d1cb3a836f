import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

/**
 * Standard Webhooks signature (https://www.standardwebhooks.com): `v1,` + base64 HMAC-SHA256 of
 * `${id}.${timestampSeconds}.${body}`, keyed with the base64-decoded part of a `whsec_` secret.
 */
export function signStandardWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * The delivery signature: `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes,
 * keyed with the webhook's secret (spec, "Delivery request received by the destination").
 */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
