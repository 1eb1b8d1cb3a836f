import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';

/** What {@link ensureLocalAppRole} made: the app role's name and the URL that connects as it. */
export interface LocalAppRole {
  role: string;
  /** DATABASE_URL with the app role's name and password instead of the superuser's. */
  url: string;
}

/**
 * The app role's password, derived from the service's secrets key (SECRETS_ENCRYPTION_KEY, the
 * local one in .data/secrets.key): stable across restarts of one checkout, nothing new to keep.
 */
const localAppRolePassword = (secretsKey: string): string =>
  createHmac('sha256', secretsKey).update('gw local database app role').digest('base64url');

/** The app role of a database: `<database>_app`, letters, digits and underscores only. */
export const localAppRoleName = (database: string): string =>
  `${database.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_app`.replace(/^([^a-z_])/, '_$1').slice(0, 63);

/**
 * The local stack's least-privilege database role, as docker/postgres/roles.sql gives the
 * containers: when `databaseUrl` connects as a superuser (a plain local PostgreSQL, `postgres`),
 * makes or updates the role `<database>_app` (LOGIN and nothing else) that may connect to this
 * database and SELECT, INSERT, UPDATE and DELETE the rows of its tables (and use its sequences),
 * including tables later migrations create, but not create, alter, drop or truncate anything,
 * disable the audit trail's triggers, or rewrite the migrations' history (`_prisma_migrations`
 * is read-only to it). Migrations keep running as the superuser, which owns every object.
 * Idempotent; concurrent starts serialize on an advisory lock.
 * @param password the role's password (set on every call; with trust auth it is not asked)
 * @returns the role and its URL, or null when `databaseUrl` is not a superuser's (then nothing changes)
 * @throws Error from PostgreSQL when it cannot be reached
 */
export async function ensureLocalAppRole(databaseUrl: string, password: string): Promise<LocalAppRole | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const who = await client.query<{ super: boolean; db: string }>(
      'SELECT rolsuper AS super, current_database() AS db FROM pg_roles WHERE rolname = current_user',
    );
    const me = who.rows[0];
    if (!me?.super) return null;
    const role = localAppRoleName(me.db);
    const r = client.escapeIdentifier(role);
    const db = client.escapeIdentifier(me.db);
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('gw-local-app-role'))");
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    if (exists.rowCount === 0) await client.query(`CREATE ROLE ${r}`);
    await client.query(
      `ALTER ROLE ${r} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT PASSWORD ${client.escapeLiteral(password)}`,
    );
    await client.query(`GRANT CONNECT ON DATABASE ${db} TO ${r}`);
    await client.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${r}`);
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${r}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`);
    await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${r}`);
    const history = await client.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = '_prisma_migrations'");
    if (history.rowCount) await client.query(`REVOKE INSERT, UPDATE, DELETE ON public._prisma_migrations FROM ${r}`);
    await client.query('COMMIT');
    const url = new URL(databaseUrl);
    url.username = encodeURIComponent(role);
    url.password = encodeURIComponent(password);
    return { role, url: url.toString() };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * What `pnpm start` and `pnpm demo` run their API and worker as: in development,
 * {@link ensureLocalAppRole} with a password derived from the secrets key; elsewhere nothing
 * changes (containers and production name their own least-privilege role in DATABASE_URL).
 * @returns the app role and its URL, or null (not development, or DATABASE_URL is no superuser's)
 * @throws Error from PostgreSQL when it cannot be reached
 */
export function localAppRoleFor(config: {
  NODE_ENV: string;
  DATABASE_URL: string;
  SECRETS_ENCRYPTION_KEY?: string | undefined;
}): Promise<LocalAppRole | null> {
  if (config.NODE_ENV !== 'development') return Promise.resolve(null);
  return ensureLocalAppRole(config.DATABASE_URL, localAppRolePassword(config.SECRETS_ENCRYPTION_KEY ?? randomUUID()));
}
