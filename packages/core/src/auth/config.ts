import { z } from 'zod';
import { defineEnvSlice, envVar } from '@gw/runtime';

const { bool, int } = envVar;

/**
 * The variables of `auth`: Sign-In with Ethereum, session JWTs and the API-key cache. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const authEnv = z.object({
  /**
   * EIP-4361 `domain` the login message must carry (its `URI` must have it as authority, over
   * https; http only for `localhost`). With NODE_ENV=development and a loopback value (`localhost`,
   * `127.0.0.1`, `[::1]`, with or without a port), a message may name any of those three hosts,
   * with or without the port the API listens on, and an http URI on it (what `gw.login` signs for
   * `http://localhost:3000/api` or `http://127.0.0.1:3000/api`).
   */
  SIWE_DOMAIN: z.string().min(1).default('localhost'),
  /** Max age of a login message's `issuedAt`, in seconds (default 5 minutes). */
  SIWE_MAX_AGE_SECONDS: int(1, 3600).default(300),
  /**
   * Lifetime of session JWTs, in seconds (`exp` = `iat` + this). Tokens whose `exp − iat` is longer
   * are refused, and a superseded signing key keeps verifying for this + 30 s.
   */
  JWT_TTL_SECONDS: int(60, 7 * 24 * 3600).default(3600),
  /** `iss` claim of session JWTs. */
  JWT_ISSUER: z.string().min(1).default('service-gateway'),
  /** `aud` claim of session JWTs. */
  JWT_AUDIENCE: z.string().min(1).default('token-ecosystem'),
  /**
   * PKCS#8 PEM of an ES256 (P-256) private key. Without it a key pair is generated on first run and
   * kept (encrypted) in the database. A new value becomes the signing key when the first replica
   * starts with it; the previous keys retire after JWT_TTL_SECONDS + 30 s (docs/operating.md).
   */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** How long (ms) a successful API-key look-up, and a wallet's roles, are cached per API process; revocations evict at once. 0 disables. */
  CREDENTIAL_CACHE_TTL_MS: int(0, 300000).default(30000),
  /** EIP-155 chain ids a login message's `Chain ID` may name, comma-separated (default `1`). */
  SIWE_CHAIN_IDS: z
    .string()
    .regex(/^[1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*$/, 'must be a comma list of positive chain ids')
    .transform((v) => v.split(',').map(Number))
    .prefault('1'),
  /**
   * Migration aid for one release: `true` also accepts login nonces the service never issued
   * (each still usable once). Default `false`: only nonces from `GET /gateway/v1/sso/nonce`.
   */
  SIWE_CLIENT_NONCES: bool.default(false),
});

/** What `auth` adds to `Config` (`ctx.config`). */
export type AuthConfig = z.infer<typeof authEnv>;

declare module '@gw/runtime' {
  interface Config extends AuthConfig {}
}

/** The slice of the environment `auth` declares; `@gw/core/config` composes it. */
export const authEnvSlice = defineEnvSlice({
  owner: 'auth',
  schema: authEnv,
  source: { url: import.meta.url, variable: 'authEnv' },
});
