import { z } from 'zod';
import { defineEnvSlice, envVar } from '@gw/runtime';

const { int } = envVar;

/**
 * The variables of `idempotency`: how long an `Idempotency-Key` is remembered. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const idempotencyEnv = z.object({
  /**
   * How long (hours) an `Idempotency-Key` is remembered: the first answer is replayed, and the key
   * refused with another request (422), for this long after the first request; an older key is
   * treated as new and its stored answer replaced.
   */
  IDEMPOTENCY_KEY_TTL_HOURS: int(1, 8760).default(24),
});

/** What `idempotency` adds to `Config` (`ctx.config`). */
export type IdempotencyConfig = z.infer<typeof idempotencyEnv>;

declare module '@gw/runtime' {
  interface Config extends IdempotencyConfig {}
}

/** The slice of the environment `idempotency` declares; `@gw/core/config` composes it. */
export const idempotencyEnvSlice = defineEnvSlice({
  owner: 'idempotency',
  schema: idempotencyEnv,
  source: { url: import.meta.url, variable: 'idempotencyEnv' },
});
