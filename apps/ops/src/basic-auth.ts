import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@gw/core';

/** `WWW-Authenticate` challenge of the ops app. */
export const OPS_REALM = 'gateway-ops';

/**
 * Compares two strings in constant time whatever their lengths: both are HMAC-ed with a key of
 * this process first, so the comparison is always of two 32-byte digests and a length mismatch
 * leaks nothing.
 */
export function createSecretComparer(): (given: string, expected: string) => boolean {
  const key = randomBytes(32);
  const digest = (s: string) => createHmac('sha256', key).update(s, 'utf8').digest();
  return (given, expected) => timingSafeEqual(digest(given), digest(expected));
}

/** Parses `Authorization: Basic base64(user:password)`; `null` when absent or malformed. */
export function parseBasicAuth(header: string | undefined): { user: string; password: string } | null {
  if (!header) return null;
  const match = /^Basic[ \t]+([A-Za-z0-9+/=._~-]+)[ \t]*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * HTTP basic auth (RFC 7617) with the ops credentials. User and password are both compared, in
 * constant time, whatever the first comparison gave. Any other credential (the API's
 * `X-API-Key`, a bearer token) is ignored: 401 with a `WWW-Authenticate: Basic` challenge.
 * Failures are logged at `warn` with the client address only (never what was sent).
 */
export function basicAuth(credentials: { user: string; password: string }, logger?: Logger): RequestHandler {
  const same = createSecretComparer();
  return (req, res, next) => {
    const given = parseBasicAuth(req.get('authorization'));
    const userOk = same(given?.user ?? '', credentials.user);
    const passwordOk = same(given?.password ?? '', credentials.password);
    if (given && userOk && passwordOk) return next();
    if (given) logger?.warn({ ip: req.ip, path: req.path }, 'ops: wrong credentials');
    res
      .status(401)
      .set('WWW-Authenticate', `Basic realm="${OPS_REALM}", charset="UTF-8"`)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send('Authentication required');
  };
}
