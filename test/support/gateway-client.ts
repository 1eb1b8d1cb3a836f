import type { Stack } from './stack.js';

/** `X-API-Key` and `Authorization: Bearer` headers, each only when given, plus `extra`. */
export const credentialHeaders = (key?: string, jwt?: string, extra: Record<string, string> = {}): Record<string, string> => ({
  ...(key ? { 'X-API-Key': key } : {}),
  ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
  ...extra,
});

/**
 * `get`/`post` against `base` (default `/api/gateway/v1`) of a running stack, with optional
 * credentials, so a test can drop either one to check the 401.
 */
export function gatewayCalls(stack: () => Stack, base = '/api/gateway/v1') {
  return {
    get: (path: string, key?: string, jwt?: string) => stack().http.get(`${base}${path}`).set(credentialHeaders(key, jwt)),
    post: (path: string, body: unknown, key?: string, jwt?: string, extra: Record<string, string> = {}) =>
      stack()
        .http.post(`${base}${path}`)
        .set(credentialHeaders(key, jwt, extra))
        .send(body as object),
  };
}
