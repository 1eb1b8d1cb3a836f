/**
 * URLs out of error texts. A provider's JSON-RPC URL carries its key in the path or the query
 * (`https://eth.example/v2/<key>`, `?apikey=<key>`), and libraries put the URL they called into
 * their error messages (viem's `HttpRequestError`: `URL: …`); a webhook endpoint's URL may hold a
 * token the same way. What leaves the process in a log line or a failed job's record keeps only
 * the scheme and the host of each URL.
 */

/** scheme://[userinfo@]host[:port][path?query#fragment], ended by whitespace, a quote or an angle bracket. */
const URL_PATTERN = /\b([a-z][a-z0-9+.-]{1,15}:\/\/)(?:[^\s/?#"'<>\\@]*@)?([^\s/?#"'<>\\]*)([^\s"'<>\\]*)/gi;

/**
 * `text` with every URL cut to its scheme and host (`https://eth.example/v2/KEY?x=1` →
 * `https://eth.example/[redacted]`; userinfo dropped); a URL with no path beyond `/` is kept.
 */
export function redactUrls(text: string): string {
  return text.replace(URL_PATTERN, (_m, scheme: string, host: string, rest: string) =>
    rest === '' || rest === '/' ? `${scheme}${host}${rest}` : `${scheme}${host}/[redacted]`,
  );
}

/** `value` with {@link redactUrls} applied to every string in it (plain objects and arrays, 6 levels deep). */
export function redactUrlsDeep<T>(value: T, depth = 6): T {
  if (typeof value === 'string') return redactUrls(value) as T;
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v: unknown) => redactUrlsDeep(v, depth - 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactUrlsDeep(v, depth - 1);
  return out as T;
}

/**
 * Rewrites `err`'s `message` and `stack` in place with {@link redactUrls} (the error keeps its
 * class, so e.g. BullMQ's `UnrecoverableError` still means what it means), and drops a `url`
 * property (viem's request errors). A non-error is returned as it is.
 */
export function redactErrorUrls<E>(err: E): E {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { url?: unknown };
  try {
    e.message = redactUrls(e.message);
    if (typeof e.stack === 'string') e.stack = redactUrls(e.stack);
    if (typeof e.url === 'string') e.url = redactUrls(e.url);
  } catch {
    // A frozen or accessor-only error: nothing to rewrite in place.
  }
  return err;
}
