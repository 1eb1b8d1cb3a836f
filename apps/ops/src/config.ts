import { ConfigError, loadConfig, type Config } from '@gw/runtime';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Minimum length of OPS_PASSWORD when NODE_ENV=production. */
export const MIN_PRODUCTION_PASSWORD_LENGTH = 12;

/**
 * The variables only the ops app reads (the shared ones, DATABASE_URL, REDIS_URL, QUEUE_PREFIX,
 * LOG_LEVEL, NODE_ENV, come from `loadConfig()` of @gw/core). Documented in `.env.example`.
 */
export const opsEnvSchema = z.object({
  /** Port of the ops app (Bull Board, /metrics, /healthz); never the API's port. */
  OPS_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** HTTP basic auth user name for everything but /healthz. */
  OPS_USER: z.string().min(1).optional(),
  /** HTTP basic auth password (at least 12 characters when NODE_ENV=production). */
  OPS_PASSWORD: z.string().min(1).optional(),
  /**
   * Development only: `true` serves the ops app WITHOUT authentication when OPS_USER/OPS_PASSWORD
   * are unset. Refused when NODE_ENV=production.
   */
  OPS_INSECURE_NO_AUTH: bool.default(false),
  /** `true`: Bull Board shows the queues but offers no action (retry, remove, clean, pause...). */
  OPS_READ_ONLY: bool.default(false),
});

export type OpsEnv = z.infer<typeof opsEnvSchema>;

/** The ops app's configuration: the shared configuration plus {@link opsEnvSchema}. */
export type OpsConfig = Config &
  OpsEnv & {
    /** Basic auth credentials, or `null` when running without auth (development, OPS_INSECURE_NO_AUTH=true). */
    auth: { user: string; password: string } | null;
  };

/**
 * Parses the environment for the ops app. Authentication is on unless explicitly disabled:
 * - OPS_USER and OPS_PASSWORD set → basic auth with them;
 * - only one of them set → error;
 * - neither set → error, unless OPS_INSECURE_NO_AUTH=true and NODE_ENV is not `production`
 *   (then no auth, and `startOps` logs a warning at start-up).
 * @throws ConfigError naming the variables (never their values)
 */
export function loadOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const base = loadConfig(env);
  const input: Record<string, string> = {};
  for (const key of Object.keys(opsEnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = opsEnvSchema.safeParse(input);
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    throw new ConfigError(
      variables,
      parsed.error.issues.map((i) => `${String(i.path[0])} ${i.message}`),
    );
  }
  const ops = parsed.data;
  const production = base.NODE_ENV === 'production';
  if (Boolean(ops.OPS_USER) !== Boolean(ops.OPS_PASSWORD)) {
    throw new ConfigError(['OPS_USER', 'OPS_PASSWORD'], ['OPS_USER and OPS_PASSWORD must be set together']);
  }
  let auth: OpsConfig['auth'] = null;
  if (ops.OPS_USER && ops.OPS_PASSWORD) {
    if (ops.OPS_USER.includes(':')) throw new ConfigError(['OPS_USER'], ['OPS_USER must not contain ":"']);
    if (production && ops.OPS_PASSWORD.length < MIN_PRODUCTION_PASSWORD_LENGTH) {
      throw new ConfigError(
        ['OPS_PASSWORD'],
        [`OPS_PASSWORD must have at least ${MIN_PRODUCTION_PASSWORD_LENGTH} characters when NODE_ENV=production`],
      );
    }
    auth = { user: ops.OPS_USER, password: ops.OPS_PASSWORD };
  } else if (production) {
    throw new ConfigError(['OPS_USER', 'OPS_PASSWORD'], ['OPS_USER and OPS_PASSWORD are required when NODE_ENV=production']);
  } else if (!ops.OPS_INSECURE_NO_AUTH) {
    throw new ConfigError(
      ['OPS_USER', 'OPS_PASSWORD'],
      ['OPS_USER and OPS_PASSWORD are required (or OPS_INSECURE_NO_AUTH=true to run without authentication outside production)'],
    );
  }
  return { ...base, ...ops, auth };
}
