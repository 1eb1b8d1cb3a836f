import type { AuthChallenge } from '@gw/runtime';

/** The protection space of every challenge of the API (RFC 9110 §11.5). */
export const AUTH_REALM = 'gateway';

/**
 * The API-key challenge: `ApiKey realm="gateway", header="X-API-Key"` (the scheme is ours: RFC 9110
 * §11.1 allows any token; `header` names where the key goes), with `error="invalid_key"` when a
 * key was presented and refused.
 */
export const apiKeyChallenge = (refused = false): AuthChallenge => ({
  scheme: 'ApiKey',
  params: { realm: AUTH_REALM, header: 'X-API-Key', ...(refused ? { error: 'invalid_key' } : {}) },
});

/**
 * The Bearer challenge of RFC 6750 §3: `Bearer realm="gateway"` when the request carried no
 * token (no error code, §3.1), `Bearer realm="gateway", error="invalid_token",
 * error_description="…"` when the JWT is malformed, forged, expired or for another audience.
 */
export const bearerChallenge = (invalid = false): AuthChallenge => ({
  scheme: 'Bearer',
  params: {
    realm: AUTH_REALM,
    ...(invalid ? { error: 'invalid_token', error_description: 'The JWT is invalid or has expired' } : {}),
  },
});

/** The challenge of the Sign-In with Ethereum login (EIP-4361): `SIWE realm="gateway"`. */
export const siweChallenge = (): AuthChallenge => ({ scheme: 'SIWE', params: { realm: AUTH_REALM } });

/** RFC 9110 §5.6.4 quoted-string: `"` and `\` escaped. */
const quoted = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;

/**
 * The `WWW-Authenticate` field value of a list of challenges (RFC 9110 §11.6.1), e.g.
 * `ApiKey realm="gateway", header="X-API-Key", Bearer realm="gateway"`: every parameter value quoted.
 */
export function formatChallenges(challenges: readonly AuthChallenge[]): string {
  return challenges
    .map(({ scheme, params }) => {
      const p = Object.entries(params).map(([k, v]) => `${k}=${quoted(v)}`);
      return p.length ? `${scheme} ${p.join(', ')}` : scheme;
    })
    .join(', ');
}
