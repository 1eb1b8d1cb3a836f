/**
 * The service's configuration, composed once above the modules: the runtime's mechanism slice
 * (`@gw/runtime`, `runtimeEnv`) and the slice each module declares in its `config.ts`, in the
 * order of packages/core/module-dependencies.js. Each module's `config.ts` also adds its variables
 * to `Config` (declaration merging), so `ctx.config.X` is typed everywhere; the `satisfies` below
 * fails to compile when a module's slice is missing here.
 *
 * It imports each module's `config.ts` alone (zod, nothing else), never its index: every process,
 * the ops console included, parses the whole environment without loading viem or the auth stack.
 */
import { composeEnv, runtimeEnvSlice, type Config } from '@gw/runtime';
import { idempotencyEnvSlice } from './idempotency/config.js';
import { authEnvSlice } from './auth/config.js';
import { chainEnvSlice } from './chain/config.js';
import { ledgerEnvSlice } from './ledger/config.js';
import { webhooksEnvSlice } from './webhooks/config.js';
import { consentsEnvSlice } from './consents/config.js';
import { paymentsEnvSlice } from './payments/config.js';
import { retentionEnvSlice } from './retention/config.js';
import { creditsEnvSlice } from './credits/config.js';
import { custodyEnvSlice } from './custody/config.js';

export { type Config, ConfigError } from '@gw/runtime';
export { PRODUCTION_DEFAULTS, LOCAL_DEVELOPMENT_DEFAULTS } from './webhooks/config.js';

/** Every slice of the environment, the runtime's first: docs/configuration.md has one table each. */
export const ENV = composeEnv([
  runtimeEnvSlice,
  idempotencyEnvSlice,
  authEnvSlice,
  chainEnvSlice,
  ledgerEnvSlice,
  webhooksEnvSlice,
  consentsEnvSlice,
  paymentsEnvSlice,
  retentionEnvSlice,
  creditsEnvSlice,
  custodyEnvSlice,
]);

/** Every variable the service reads (all slices), with its zod type and default. */
export const envSchema = ENV.schema;

/**
 * Parses the environment once: every slice's variables in one pass (each invalid one named),
 * then the NODE_ENV-dependent defaults and each slice's cross-checks.
 * @param env defaults to `process.env`; empty strings count as unset.
 * @param opts.secretsKey `unused` for a process that decrypts nothing (the ops console; least
 *   privilege): SECRETS_ENCRYPTION_KEY is then neither required nor read, and the result's
 *   `SECRETS_ENCRYPTION_KEY` is always undefined. Default `required` (unless NODE_ENV=test).
 * @throws ConfigError naming each invalid variable and what it must be (values are never echoed,
 *   since some are secrets).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { secretsKey?: 'required' | 'unused' } = {}): Config {
  return ENV.load(env, opts) satisfies Config;
}
