/**
 * The local stack's least-privilege role (packages/db/src/local-role.ts) on the real PostgreSQL:
 * `pnpm start` used to run the API and the worker as the `postgres` superuser, which could drop
 * the connectors' audit trigger. On a migrated database, {@link ensureLocalAppRole} makes the
 * rows-only role: it reads and writes rows, and is refused every schema change, the audit
 * trigger's removal and the migrations' history.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { ensureLocalAppRole, localAppRoleName } from '../src/index.js';
import { createTestDatabase, withClient, type TestDatabase } from '../src/testing.js';

describe('the local app role', () => {
  let db: TestDatabase;
  let role: { role: string; url: string };

  beforeAll(async () => {
    db = await createTestDatabase('local-role');
    const made = await ensureLocalAppRole(db.directUrl, 'local-test-password');
    expect(made).not.toBeNull();
    role = made!;
  });
  afterAll(async () => {
    await withClient(db.directUrl, (c) => c.query(`DROP OWNED BY ${c.escapeIdentifier(role.role)}`)).catch(() => undefined);
    await db.drop(); // drops the role too
  });

  const asApp = <T>(fn: (c: pg.Client) => Promise<T>) => withClient(role.url, fn);
  const refused = async (sql: string) => {
    const err = await asApp((c) => c.query(sql)).then(
      () => null,
      (e: { code?: string }) => e,
    );
    return err?.code;
  };

  it('is named after the database and is no superuser', async () => {
    expect(role.role).toBe(localAppRoleName(db.name));
    const me = await asApp((c) =>
      c.query<{ rolsuper: boolean; u: string }>('SELECT rolsuper, current_user AS u FROM pg_roles WHERE rolname = current_user'),
    );
    expect(me.rows[0]).toEqual({ rolsuper: false, u: role.role });
  });

  it('reads and writes rows', async () => {
    const id = '018f0000-0000-7000-8000-00000000a001';
    await asApp(async (c) => {
      await c.query("INSERT INTO organizations (id, name) VALUES ($1, 'local role')", [id]);
      await c.query("UPDATE organizations SET name = 'renamed' WHERE id = $1", [id]);
      expect((await c.query('SELECT name FROM organizations WHERE id = $1', [id])).rows).toEqual([{ name: 'renamed' }]);
      await c.query('DELETE FROM organizations WHERE id = $1', [id]);
    });
  });

  it.each([
    ['drop the audit trigger', 'DROP TRIGGER connector_audit_no_update_delete ON connector_audit'],
    ['disable the audit trigger', 'ALTER TABLE connector_audit DISABLE TRIGGER connector_audit_no_update_delete'],
    ['truncate the audit trail', 'TRUNCATE connector_audit'],
    ['drop a table', 'DROP TABLE payments'],
    ['create a table', 'CREATE TABLE sneaky (id int)'],
    ['rewrite the migrations history', "DELETE FROM _prisma_migrations WHERE migration_name <> ''"],
  ])('may not %s (42501 insufficient privilege)', async (_what, sql) => {
    expect(await refused(sql)).toBe('42501');
  });

  it('is made again without harm, and a non-superuser URL is left as it is', async () => {
    const again = await ensureLocalAppRole(db.directUrl, 'local-test-password');
    expect(again?.role).toBe(role.role);
    expect(await ensureLocalAppRole(role.url, 'x')).toBeNull();
  });
});
