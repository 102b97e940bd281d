/**
 * The embedded SQLite store: better-sqlite3 + drizzle, WAL, foreign keys on, migrations from
 * drizzle/ applied at open. `synchronous = FULL`: each commit syncs the WAL to disk before it
 * returns, so a write the server acknowledged (a sync push the client then drops from its outbox)
 * survives a power cut or a kernel panic, not only a crash of the process (NORMAL's guarantee).
 * Its cost is printed by bench/sync-push.ts (small pushes) and written in bench/README.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from '../../../shared/schema/tables';
import { ROOT_DIR } from '../config';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'drizzle');

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MB of page cache and in-memory temporary tables: a sync batch or a rebuild re-reads the same pages.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  // Reads of large tables (a host's guest rebuild, first pulls) go through the page cache, not read() calls.
  sqlite.pragma('mmap_size = 268435456');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}
