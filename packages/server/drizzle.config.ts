/**
 * `drizzle-kit generate` configuration: one schema, one folder of SQL migrations for both PGlite
 * and PostgreSQL (run from packages/server: `npm run db:generate`).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
