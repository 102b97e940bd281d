// drizzle-kit reads the schema from shared/ and writes SQL migrations to drizzle/ (committed, applied at start).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './shared/schema/tables.ts',
  out: './drizzle',
  dbCredentials: { url: process.env.DATABASE_PATH ?? 'data/app.db' },
});
