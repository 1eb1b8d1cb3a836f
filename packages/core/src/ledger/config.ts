import { z } from 'zod';
import { defineEnvSlice } from '@gw/runtime';

/**
 * The variables of `ledger`: the native token of the ledger. Each one's doc comment is its documentation:
 * `pnpm docs:generate` copies it into docs/configuration.md. Also listed in `.env.example`.
 */
export const ledgerEnv = z.object({
  /** Symbol of the ledger's native token (2-11 of A-Z, 0-9). */
  NATIVE_TOKEN_SYMBOL: z
    .string()
    .regex(/^[A-Z0-9]{2,11}$/)
    .default('GTK'),
  /** Name of the native token. */
  NATIVE_TOKEN_NAME: z.string().min(1).default('Gateway Token'),
});

/** What `ledger` adds to `Config` (`ctx.config`). */
export type LedgerConfig = z.infer<typeof ledgerEnv>;

declare module '@gw/runtime' {
  interface Config extends LedgerConfig {}
}

/** The slice of the environment `ledger` declares; `@gw/core/config` composes it. */
export const ledgerEnvSlice = defineEnvSlice({
  owner: 'ledger',
  schema: ledgerEnv,
  source: { url: import.meta.url, variable: 'ledgerEnv' },
});
