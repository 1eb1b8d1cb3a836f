import { ConfigError, type Config } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { z } from 'zod';
import { BOARD_ACTION_NAMES, type BoardAction } from './board-actions.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Minimum length of OPS_PASSWORD when NODE_ENV=production. */
export const MIN_PRODUCTION_PASSWORD_LENGTH = 12;

/**
 * The variables only the ops app reads (the shared ones, DATABASE_URL, REDIS_URL, QUEUE_PREFIX,
 * LOG_LEVEL, NODE_ENV, OPS_LOGIN_MAX_FAILURES, OPS_LOGIN_LOCKOUT_MS, come from `loadConfig()` of
 * @gw/core/config). Documented in `.env.example`.
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
  /**
   * Bull Board actions to enable, comma-separated, from: retry, promote, clean, pause, add, edit,
   * empty, obliterate, schedulers, limits, children (docs/operating.md lists the routes each one
   * opens). Empty (the default): the board is read-only. Replaces OPS_READ_ONLY, which is refused.
   */
  OPS_BULL_BOARD_ACTIONS: z
    .string()
    .transform((list, ctx) => {
      const names = list
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean);
      const unknown = names.filter((name) => !(BOARD_ACTION_NAMES as string[]).includes(name));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `names unknown actions (${unknown.join(', ')}); known: ${BOARD_ACTION_NAMES.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(names)] as BoardAction[];
    })
    .optional(),
  /**
   * Login throttle: wrong basic-auth logins allowed across ALL client addresses within
   * OPS_LOGIN_LOCKOUT_MS. Past it, an address that never logged in successfully (and a browser
   * without the trust cookie of an earlier login) is refused until the oldest of those failures
   * is older than OPS_LOGIN_LOCKOUT_MS; addresses and browsers that logged in before still can.
   */
  OPS_LOGIN_GLOBAL_MAX_FAILURES: z.coerce.number().int().min(1).max(100000).default(100),
});

export type OpsEnv = z.infer<typeof opsEnvSchema>;

/** The ops app's configuration: the shared configuration plus {@link opsEnvSchema}. */
export type OpsConfig = Config &
  Omit<OpsEnv, 'OPS_BULL_BOARD_ACTIONS'> & {
    /** The enabled Bull Board actions; empty: read-only. */
    OPS_BULL_BOARD_ACTIONS: BoardAction[];
    /** Basic auth credentials, or `null` when running without auth (development, OPS_INSECURE_NO_AUTH=true). */
    auth: { user: string; password: string } | null;
  };

/**
 * Parses the environment for the ops app, without SECRETS_ENCRYPTION_KEY (never read, never
 * required: the result's is always undefined). Authentication is on unless explicitly disabled:
 * - OPS_USER and OPS_PASSWORD set → basic auth with them;
 * - only one of them set → error;
 * - neither set → error, unless OPS_INSECURE_NO_AUTH=true and NODE_ENV is not `production`
 *   (then no auth, and `startOps` logs a warning at start-up).
 * - OPS_READ_ONLY set (replaced by OPS_BULL_BOARD_ACTIONS) → error.
 * @throws ConfigError naming the variables (never their values)
 */
export function loadOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  // Least privilege: the ops console decrypts nothing, so it neither needs nor keeps
  // SECRETS_ENCRYPTION_KEY, whatever the environment holds.
  const base = loadConfig(env, { secretsKey: 'unused' });
  if (env.OPS_READ_ONLY !== undefined && env.OPS_READ_ONLY !== '') {
    throw new ConfigError(
      ['OPS_READ_ONLY'],
      ['OPS_READ_ONLY was replaced by OPS_BULL_BOARD_ACTIONS: Bull Board is read-only unless OPS_BULL_BOARD_ACTIONS lists actions'],
    );
  }
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
  return { ...base, ...ops, OPS_BULL_BOARD_ACTIONS: ops.OPS_BULL_BOARD_ACTIONS ?? [], auth };
}
