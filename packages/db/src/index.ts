/**
 * `@gw/db`: the Prisma Client (with every generated model type and enum), transaction helpers
 * and the migrations runner. Test helpers live in `@gw/db/testing` (not exported here, so
 * production code never pulls them in).
 *
 * @module
 */
export * from './client.js';
export {
  DEFAULT_MIGRATIONS_DIR,
  ensureDatabaseExists,
  migrateDatabase,
  parseDatabaseUrl,
  redactDatabaseUrl,
  type DatabaseUrlInfo,
  type MigrateOptions,
  type MigrateResult,
} from './migrate.js';
export {
  cutKeysetPage,
  keysetArgs,
  keysetSql,
  keysetTake,
  type KeysetArgsBy,
  type KeysetArgsById,
  type KeysetBound,
  type KeysetOrder,
  type KeysetPage,
  type KeysetSql,
} from './keyset.js';
export * from './raw-sql.js';
export { parseBigintColumns, type BigintColumn, type BigintColumnsAsText } from './bigint-columns.js';
export * from './transaction.js';
export { ensureLocalAppRole, localAppRoleFor, localAppRoleName, type LocalAppRole } from './local-role.js';
