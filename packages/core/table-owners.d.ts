/** The module of packages/core/src that owns each table of prisma/schema.prisma (see table-owners.js). */
export declare const TABLE_OWNERS: Readonly<Record<string, string>>;
