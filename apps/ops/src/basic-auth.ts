import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@gw/runtime';

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
 * Throttle (issue #11): after `throttle.maxFailures` wrong credentials from one client address
 * within `throttle.lockoutMs`, that address gets 429 (with `Retry-After`) for `throttle.lockoutMs`,
 * whatever it sends, the right credentials included. Counted in this process's memory (the ops
 * app runs as one instance); a success clears the address's count.
 */
export function basicAuth(
  credentials: { user: string; password: string },
  logger?: Logger,
  throttle: { maxFailures: number; lockoutMs: number } = { maxFailures: 10, lockoutMs: 900_000 },
): RequestHandler {
  const same = createSecretComparer();
  const failures = new Map<string, { count: number; since: number; lockedUntil: number }>();
  return (req, res, next) => {
    const ip = req.ip ?? 'unknown';
    const now = Date.now();
    const entry = failures.get(ip);
    if (entry && entry.lockedUntil > now) {
      res
        .status(429)
        .set('Retry-After', String(Math.ceil((entry.lockedUntil - now) / 1000)))
        .set('Cache-Control', 'no-store')
        .type('text/plain')
        .send('Too many failed logins from this address; locked out');
      return;
    }
    const given = parseBasicAuth(req.get('authorization'));
    const userOk = same(given?.user ?? '', credentials.user);
    const passwordOk = same(given?.password ?? '', credentials.password);
    if (given && userOk && passwordOk) {
      failures.delete(ip);
      return next();
    }
    if (given) {
      logger?.warn({ ip: req.ip, path: req.path }, 'ops: wrong credentials');
      const current = entry && now - entry.since < throttle.lockoutMs ? entry : { count: 0, since: now, lockedUntil: 0 };
      current.count += 1;
      if (current.count >= throttle.maxFailures) {
        current.lockedUntil = now + throttle.lockoutMs;
        current.count = 0;
        current.since = now;
        logger?.warn({ ip: req.ip }, 'ops: address locked out after repeated wrong credentials');
      }
      if (failures.size >= 10_000 && !failures.has(ip)) failures.delete(failures.keys().next().value!);
      failures.set(ip, current);
    }
    res
      .status(401)
      .set('WWW-Authenticate', `Basic realm="${OPS_REALM}", charset="UTF-8"`)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send('Authentication required');
  };
}
