import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { clientAddressGroup, type Logger } from '@gw/runtime';

/** `WWW-Authenticate` challenge of the ops app. */
export const OPS_REALM = 'gateway-ops';

/**
 * Name of the trust cookie: set on a successful login, it lets that browser past a lockout that
 * other clients caused (see {@link basicAuth}). It is no credential: basic auth is still required.
 */
export const OPS_TRUST_COOKIE = 'gw_ops_trust';

/** How long a browser keeps the trust cookie (30 days; a restart of the ops app voids it sooner). */
const TRUST_COOKIE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** Bound of each in-memory table (address groups, trusted browsers, known groups). */
const MAX_ENTRIES = 10_000;

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

/** The login throttle's settings (OPS_LOGIN_MAX_FAILURES, OPS_LOGIN_LOCKOUT_MS, OPS_LOGIN_GLOBAL_MAX_FAILURES). */
export interface LoginThrottle {
  /** Wrong logins from one address group (or one trusted browser) within `lockoutMs` that lock it out. */
  maxFailures: number;
  /** The counting window and the length of a lockout, in ms. */
  lockoutMs: number;
  /** Wrong logins from all clients together within `lockoutMs` that close the console to unknown clients (default 100). */
  globalMaxFailures?: number;
  /** Clock in ms (default `Date.now`); tests pass their own. */
  now?: () => number;
}

interface Counter {
  count: number;
  since: number;
  lockedUntil: number;
}

/** Sets `key` as the newest entry of a bounded map, dropping the oldest beyond {@link MAX_ENTRIES}. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

/** The value of cookie `name` in a `Cookie` header, if present. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * HTTP basic auth (RFC 7617) with the ops credentials. User and password are both compared, in
 * constant time, whatever the first comparison gave. Any other credential (the API's
 * `X-API-Key`, a bearer token) is ignored: 401 with a `WWW-Authenticate: Basic` challenge.
 * Failures are logged at `warn` with the client address only (never what was sent).
 *
 * Login throttle, counted in this process's memory (the ops app runs as one
 * instance; a restart clears it), only for requests that carry basic credentials:
 * - per address group ({@link clientAddressGroup}: an IPv4 address, an IPv6 /64): after
 *   `maxFailures` wrong logins within `lockoutMs`, the group gets 429 (with `Retry-After`) for
 *   `lockoutMs`, whatever it sends, the right credentials included;
 * - globally: after `globalMaxFailures` wrong logins from all clients within `lockoutMs`, a client
 *   that is neither a known address group (one that logged in successfully before) nor a trusted
 *   browser gets 429 without its credentials being checked, until the oldest of those failures
 *   leaves the window. A spread-out guesser so gets at most `globalMaxFailures` guesses per
 *   window, and the operator is not locked out with everyone else;
 * - trusted browsers: a successful login sets the `gw_ops_trust` cookie ({@link OPS_TRUST_COOKIE}:
 *   a random id with an HMAC under a key of this process; HttpOnly, SameSite=Strict, 30 days). A
 *   request carrying a valid one is counted under that browser, not its address group, and
 *   passes both the address group's lockout and the global one: someone behind the operator's
 *   address cannot lock the operator out. Its own wrong logins lock that browser out as an
 *   address group would be. The cookie grants nothing else: credentials are still required.
 * A success clears the counter it was counted under.
 */
export function basicAuth(
  credentials: { user: string; password: string },
  logger?: Logger,
  throttle: LoginThrottle = { maxFailures: 10, lockoutMs: 900_000 },
): RequestHandler {
  const same = createSecretComparer();
  const now = throttle.now ?? Date.now;
  const globalMax = throttle.globalMaxFailures ?? 100;
  const cookieKey = randomBytes(32);
  const mac = (id: string) => createHmac('sha256', cookieKey).update(id).digest('base64url');
  const counters = new Map<string, Counter>();
  const knownGroups = new Map<string, number>();
  /** Times of the last `globalMax` wrong logins, oldest first. */
  const recentFailures: number[] = [];
  let globalClosedLogged = false;

  /** The id of the browser's trust cookie when its HMAC is valid, else undefined. */
  const trustedId = (req: Request): string | undefined => {
    const value = readCookie(req.get('cookie'), OPS_TRUST_COOKIE);
    const dot = value?.indexOf('.') ?? -1;
    if (!value || dot <= 0) return undefined;
    const id = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(mac(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  };
  const globallyClosedUntil = (t: number): number => {
    if (recentFailures.length < globalMax) return 0;
    const until = recentFailures[0]! + throttle.lockoutMs;
    return until > t ? until : 0;
  };
  const tooMany = (res: Response, until: number, t: number, message: string) => {
    res
      .status(429)
      .set('Retry-After', String(Math.max(1, Math.ceil((until - t) / 1000))))
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send(message);
  };

  return (req, res, next) => {
    const t = now();
    const ip = req.ip ?? 'unknown';
    const group = clientAddressGroup(ip);
    const device = trustedId(req);
    const key = device ? `browser:${device}` : `group:${group}`;
    const entry = counters.get(key);
    if (entry && entry.lockedUntil > t) {
      tooMany(res, entry.lockedUntil, t, 'Too many failed logins from this address; locked out');
      return;
    }
    const given = parseBasicAuth(req.get('authorization'));
    if (given && !device && !knownGroups.has(group)) {
      const closedUntil = globallyClosedUntil(t);
      if (closedUntil) {
        if (!globalClosedLogged) logger?.warn({ ip: req.ip }, 'ops: global login failure budget spent; unknown addresses refused');
        globalClosedLogged = true;
        tooMany(res, closedUntil, t, 'Too many failed logins on the ops console; try again later');
        return;
      }
      globalClosedLogged = false;
    }
    const userOk = same(given?.user ?? '', credentials.user);
    const passwordOk = same(given?.password ?? '', credentials.password);
    if (given && userOk && passwordOk) {
      counters.delete(key);
      remember(knownGroups, group, t);
      if (!device) {
        const id = randomBytes(16).toString('base64url');
        res.cookie(OPS_TRUST_COOKIE, `${id}.${mac(id)}`, {
          httpOnly: true,
          sameSite: 'strict',
          secure: req.secure,
          path: '/',
          maxAge: TRUST_COOKIE_MAX_AGE_MS,
        });
      }
      return next();
    }
    if (given) {
      logger?.warn({ ip: req.ip, path: req.path }, 'ops: wrong credentials');
      recentFailures.push(t);
      if (recentFailures.length > globalMax) recentFailures.shift();
      const current = entry && t - entry.since < throttle.lockoutMs ? entry : { count: 0, since: t, lockedUntil: 0 };
      current.count += 1;
      if (current.count >= throttle.maxFailures) {
        current.lockedUntil = t + throttle.lockoutMs;
        current.count = 0;
        current.since = t;
        logger?.warn({ ip: req.ip, group, browser: Boolean(device) }, 'ops: locked out after repeated wrong credentials');
      }
      remember(counters, key, current);
    }
    res
      .status(401)
      .set('WWW-Authenticate', `Basic realm="${OPS_REALM}", charset="UTF-8"`)
      .set('Cache-Control', 'no-store')
      .type('text/plain')
      .send('Authentication required');
  };
}
