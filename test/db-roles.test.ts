/**
 * In containers the app used to connect to PostgreSQL as the superuser. Now
 * docker/postgres/init-roles.sh (with roles.sql) creates an owner role that runs the migrations and
 * an app role with rows-only rights, and docker-compose.yml connects api, worker and ops as the
 * app role (test/containers.test.ts checks that). Here the real script runs against the local
 * PostgreSQL, as the postgres image would run it, and the grants are proved:
 * - a fresh database: the script, then the real migrations as the owner, then the real API and
 *   worker as the app role (organization, login, mint, webhook, payment, a delivered webhook);
 * - the app role cannot change the schema (CREATE, ALTER, DROP, TRUNCATE, temporary tables);
 * - a table a later migration creates (as the owner) is the app's to read and write at once;
 * - an existing database migrated by the superuser (the layout before this change): the script
 *   hands every object to the owner, which migrates it further, and the app role works on it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  DEFAULT_TEST_SERVER_URL,
  runMigrateCli,
  SERVER_ENV,
  TEMPLATE_ENV,
  type TestDatabase,
  withClient,
} from '@gw/db/testing';
import { eventually, startStack, type Stack } from './support/stack.js';
import { TestReceiver } from './support/receiver.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env[SERVER_ENV] || DEFAULT_TEST_SERVER_URL;
const ONE = 10n ** 18n;

const withDatabase = (url: string, database: string, user?: { name: string; password: string }) => {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  if (user) {
    u.username = encodeURIComponent(user.name);
    u.password = encodeURIComponent(user.password);
  }
  return u.toString();
};

/** The SQLSTATE a statement fails with, or `ok`. */
async function sqlState(url: string, sql: string): Promise<string> {
  return withClient(url, (c) =>
    c.query(sql).then(
      () => 'ok',
      (err: { code?: string }) => err.code ?? 'error',
    ),
  );
}

/** Two fresh, uniquely named roles (cluster-wide objects: dropped in afterAll). */
function newRoles() {
  const tag = randomBytes(4).toString('hex');
  return {
    owner: { name: `gw_owner_${tag}`, password: `owner-${randomBytes(8).toString('hex')}` },
    app: { name: `gw_app_${tag}`, password: `app-${randomBytes(8).toString('hex')}` },
  };
}
type Roles = ReturnType<typeof newRoles>;

/** docker/postgres/init-roles.sh, run as the postgres image runs it: as the superuser, on `database`. */
async function runInitScript(database: string, roles: Roles): Promise<void> {
  const server = new URL(serverUrl);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PGHOST: server.hostname,
    PGPORT: server.port || '5432',
    POSTGRES_USER: decodeURIComponent(server.username) || 'postgres',
    POSTGRES_DB: database,
    POSTGRES_OWNER_USER: roles.owner.name,
    POSTGRES_OWNER_PASSWORD: roles.owner.password,
    POSTGRES_APP_USER: roles.app.name,
    POSTGRES_APP_PASSWORD: roles.app.password,
    GW_ROLES_SQL: path.join(root, 'docker/postgres/roles.sql'),
  };
  if (server.password) env.PGPASSWORD = decodeURIComponent(server.password);
  const child = spawn(path.join(root, 'docker/postgres/init-roles.sh'), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += String(d)));
  child.stderr.on('data', (d: Buffer) => (output += String(d)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`init-roles.sh exited with ${code}: ${output}`);
}

/** A new empty database named like the run's clones (the global teardown drops any left behind). */
async function createEmptyDatabase(label: string): Promise<string> {
  const template = decodeURIComponent(new URL(process.env[TEMPLATE_ENV]!).pathname.slice(1));
  const name = `gw_test_${template.replace(/^gw_tpl_/, '')}_${label}_${randomBytes(3).toString('hex')}`;
  await withClient(withDatabase(serverUrl, 'postgres'), (c) => c.query(`CREATE DATABASE "${name}"`));
  return name;
}

async function dropDatabaseAndRoles(database: string | undefined, roles: Roles): Promise<void> {
  await withClient(withDatabase(serverUrl, 'postgres'), async (c) => {
    if (database) {
      await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
      await c.query(`DROP DATABASE IF EXISTS "${database}"`);
    }
    for (const role of [roles.app.name, roles.owner.name]) await c.query(`DROP ROLE IF EXISTS "${role}"`);
  });
}

describe('database roles for containers: owner for migrations, app with DML only', () => {
  const roles = newRoles();
  let database: string;
  let ownerUrl: string;
  let appUrl: string;

  beforeAll(async () => {
    database = await createEmptyDatabase('roles');
    await runInitScript(database, roles);
    ownerUrl = withDatabase(serverUrl, database, roles.owner);
    appUrl = withDatabase(serverUrl, database, roles.app);
  });
  afterAll(async () => {
    await dropDatabaseAndRoles(database, roles);
  });

  it('creates two login roles without superuser, CREATEDB or CREATEROLE, and hands the database to the owner', async () => {
    const rows = await withClient(withDatabase(serverUrl, database), async (c) => {
      const r = await c.query<{ rolname: string; rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean; rolcanlogin: boolean }>(
        'SELECT rolname, rolsuper, rolcreatedb, rolcreaterole, rolcanlogin FROM pg_roles WHERE rolname = ANY($1) ORDER BY rolname',
        [[roles.owner.name, roles.app.name]],
      );
      const owner = await c.query<{ owner: string }>('SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1', [
        database,
      ]);
      return { roles: r.rows, dbOwner: owner.rows[0]!.owner };
    });
    expect(rows.roles).toEqual(
      [roles.app.name, roles.owner.name]
        .sort()
        .map((rolname) => ({ rolname, rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolcanlogin: true })),
    );
    expect(rows.dbOwner).toBe(roles.owner.name);
  });

  it('the owner runs the migrations (the migrate service)', async () => {
    const out = await runMigrateCli(ownerUrl, root);
    expect(out.applied.length).toBeGreaterThan(5);
    const owners = await withClient(ownerUrl, (c) =>
      c.query<{ owner: string }>("SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE schemaname = 'public'"),
    );
    expect(owners.rows).toEqual([{ owner: roles.owner.name }]);
  });

  it('the app role cannot change the schema', async () => {
    expect(await sqlState(appUrl, 'CREATE TABLE intruder (id int)')).toBe('42501');
    expect(await sqlState(appUrl, 'ALTER TABLE payments ADD COLUMN intruder int')).toBe('42501');
    expect(await sqlState(appUrl, 'DROP TABLE payments')).toBe('42501');
    expect(await sqlState(appUrl, 'TRUNCATE payments')).toBe('42501');
    expect(await sqlState(appUrl, 'CREATE INDEX intruder ON payments (id)')).toBe('42501');
    expect(await sqlState(appUrl, 'CREATE TEMPORARY TABLE intruder (id int)')).toBe('42501');
    expect(await sqlState(appUrl, 'CREATE FUNCTION intruder() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$')).toBe('42501');
    expect(await sqlState(appUrl, `ALTER ROLE "${roles.app.name}" SUPERUSER`)).toBe('42501');
    // ...while the owner can (that is what migrations need).
    expect(await sqlState(ownerUrl, 'CREATE TABLE owner_probe (id int); DROP TABLE owner_probe')).toBe('ok');
  });

  it('a table a later migration creates is readable and writable by the app role at once (default privileges)', async () => {
    expect(await sqlState(ownerUrl, 'CREATE TABLE later_migration_probe (id bigserial PRIMARY KEY, note text)')).toBe('ok');
    try {
      expect(await sqlState(appUrl, "INSERT INTO later_migration_probe (note) VALUES ('a')")).toBe('ok');
      expect(await sqlState(appUrl, "UPDATE later_migration_probe SET note = 'b'")).toBe('ok');
      expect(await sqlState(appUrl, 'SELECT * FROM later_migration_probe')).toBe('ok');
      expect(await sqlState(appUrl, 'DELETE FROM later_migration_probe')).toBe('ok');
      expect(await sqlState(appUrl, 'DROP TABLE later_migration_probe')).toBe('42501');
    } finally {
      await sqlState(ownerUrl, 'DROP TABLE later_migration_probe');
    }
  });

  describe('the real API and worker as the app role', () => {
    let stack: Stack;
    let receiver: TestReceiver;
    beforeAll(async () => {
      if (!appUrl) throw new Error('the roles were not set up (see the first failure)');
      receiver = await new TestReceiver().start();
      stack = await startStack('db-roles-app', { chain: true, env: { DATABASE_URL: appUrl, DATABASE_POOLER: 'none' } });
    });
    afterAll(async () => {
      await stack?.stop();
      await receiver?.stop();
    });

    it('registers a webhook, logs in, takes a payment and delivers its webhook', async () => {
      expect((await stack.http.get('/api/health')).body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
      const org = await stack.org();
      await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: receiver.url }).expect(201);
      const payer = await stack.login();
      await stack.mint(payer.address, 5n * ONE);
      const auth = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
      const created = await stack.http.post('/api/gateway/v1/payments').set(auth).send({ amount: ONE.toString() }).expect(201);
      await stack.http.post(`/api/gateway/v1/payments/${created.body.id}/confirm`).set(auth).send().expect(200);
      const listed = await stack.http.get('/api/gateway/v1/payments').set(auth).expect(200);
      expect(JSON.stringify(listed.body)).toContain(created.body.id);
      await receiver.waitFor(1);
      await eventually(async () => {
        const rows = await withClient(appUrl, (c) => c.query<{ status: string }>('SELECT status FROM deliveries'));
        return rows.rows.length > 0 && rows.rows.every((r) => r.status === 'delivered');
      });
    });
  });
});

describe('an existing database migrated by the superuser, then split into roles', () => {
  const roles = newRoles();
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('roles_upgrade');
  });
  afterAll(async () => {
    await db?.drop();
    await dropDatabaseAndRoles(undefined, roles);
  });

  it('hands every table, sequence and type to the owner; the owner migrates on, the app role works', async () => {
    await runInitScript(db.name, roles);
    // Twice: the script is idempotent.
    await runInitScript(db.name, roles);
    const ownerUrl = withDatabase(db.directUrl, db.name, roles.owner);
    const appUrl = withDatabase(db.directUrl, db.name, roles.app);
    const others = await withClient(db.directUrl, (c) =>
      c.query<{ kind: string; name: string }>(
        `SELECT 'relation' AS kind, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND pg_get_userbyid(c.relowner) <> $1
         UNION ALL
         SELECT 'type', t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = 'public' AND pg_get_userbyid(t.typowner) <> $1`,
        [roles.owner.name],
      ),
    );
    expect(others.rows).toEqual([]);
    expect((await runMigrateCli(ownerUrl, root)).applied).toEqual([]);
    const org = await withClient(appUrl, (c) =>
      c.query<{ id: string }>("INSERT INTO organizations (id, name) VALUES (gen_random_uuid(), 'after-the-split') RETURNING id"),
    );
    expect(org.rows).toHaveLength(1);
    expect(await sqlState(appUrl, 'DROP TABLE organizations')).toBe('42501');
  });
});
