import { z } from 'zod';
import { defineEnvSlice } from '@gw/runtime';

/**
 * The variables of `credits`: the price of an AI credit. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const creditsEnv = z.object({
  /** Price of one AI credit, in base units of the native token (default 10^15 = 0.001 token). */
  CREDIT_PRICE: z
    .string()
    .regex(/^[1-9][0-9]{0,40}$/, 'must be positive integer base units')
    .default('1000000000000000'),
});

/** What `credits` adds to `Config` (`ctx.config`). */
export type CreditsConfig = z.infer<typeof creditsEnv>;

declare module '@gw/runtime' {
  interface Config extends CreditsConfig {}
}

/** The slice of the environment `credits` declares; `@gw/core/config` composes it. */
export const creditsEnvSlice = defineEnvSlice({
  owner: 'credits',
  schema: creditsEnv,
  source: { url: import.meta.url, variable: 'creditsEnv' },
});
