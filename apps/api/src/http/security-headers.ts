import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet does to a response: the header fields it sets, and those it removes. */
export interface HelmetHeaders {
  set: [name: string, value: string | string[]][];
  removed: string[];
}

/**
 * Runs `helmet(options)` once against a recording response and returns what it did. With static
 * options (no function directives) helmet's answer does not depend on the request, so this is what
 * it does to every response.
 * @throws Error when helmet did not finish synchronously or passed an error on
 */
export function helmetHeaders(options?: HelmetOptions): HelmetHeaders {
  const out: HelmetHeaders = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      out.set.push([name, Array.isArray(value) ? [...(value as string[])] : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      out.removed.push(name);
    },
    getHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not call next synchronously; its headers cannot be computed once');
  return out;
}

/**
 * helmet's security headers (Content-Security-Policy, Strict-Transport-Security,
 * X-Content-Type-Options, Referrer-Policy, Cross-Origin-*-Policy, …), computed once at start-up by
 * {@link helmetHeaders} and set on every response as they are. helmet stays the source of the
 * policy (its defaults, or `options`); what is saved is its per-request work: its twelve
 * sub-middlewares cost the API about 10 µs of CPU per request (the bench's api section: read
 * 85 → 77 µs, write 136 → 121 µs without it), a tenth of a cached read.
 * `apps/api/test/security-headers.test.ts` holds the answer equal to `helmet()`'s own.
 * Only for static options: a function directive (per-request nonce) must use `helmet()` itself.
 * @throws Error when helmet's answer differs between two computations (per-request values)
 */
export function securityHeaders(options?: HelmetOptions): RequestHandler {
  const { set, removed } = helmetHeaders(options);
  // Options with per-request values (a nonce function) give another answer each time: refuse them.
  if (JSON.stringify(helmetHeaders(options)) !== JSON.stringify({ set, removed })) {
    throw new Error('helmet options with per-request values cannot be computed once; use helmet() itself');
  }
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
