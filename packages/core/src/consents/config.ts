import { z } from 'zod';
import { defineEnvSlice, envVar } from '@gw/runtime';

const { int } = envVar;

/**
 * The variables of `consents`: how fresh a consent signature must be. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const consentsEnv = z.object({
  /** Max age (s) of a consent signature's `issuedAt` when it reaches the service (grant and revocation). */
  CONSENT_SIGNATURE_MAX_AGE_SECONDS: int(10, 86400).default(600),
});

/** What `consents` adds to `Config` (`ctx.config`). */
export type ConsentsConfig = z.infer<typeof consentsEnv>;

declare module '@gw/runtime' {
  interface Config extends ConsentsConfig {}
}

/** The slice of the environment `consents` declares; `@gw/core/config` composes it. */
export const consentsEnvSlice = defineEnvSlice({
  owner: 'consents',
  schema: consentsEnv,
  source: { url: import.meta.url, variable: 'consentsEnv' },
});
