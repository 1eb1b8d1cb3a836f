/**
 * Prisma CLI configuration for machines with internet access, where the ordinary
 * `npx prisma migrate deploy` works: it reads the same migration folders and keeps the same
 * `_prisma_migrations` table as `pnpm db:migrate` (packages/db/README.md).
 */
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/gateway' },
});
