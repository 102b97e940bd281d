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
import { accessOpensThrough } from '../../../shared/access-window';
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
  // Reads go through the memory map (up to 1 GiB of the file), not read() calls and not the page
  // cache: a host's guest rebuild, first pulls. The page cache holds what the map cannot serve
  // (pages newer in the WAL, pages being written) and is kept at SQLite's default 2 MB on purpose:
  // in a database under 1 GiB, a B-tree split that renumbers pages makes SQLite walk the whole
  // cache when the transaction ends (pcache1TruncateUnsafe), which a quarter of booking creates
  // paid, about 1 ms each with the 64 MB it had (bench/README.md, "Booking create").
  sqlite.pragma('cache_size = -2000');
  // Temporary tables and sorts in memory.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('mmap_size = 1073741824');
  registerFunctions(sqlite);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return db;
}

/**
 * The SQL functions the queries use. `access_opens_through(timezone, now)`: the last scheduled date
 * whose access window is open at the instant `now` (ISO 8601), in the property's days
 * (shared/access-window.ts): SQLite knows no IANA zones, so the policy's scope and the
 * access-windows job ask the same function the device uses.
 */
export function registerFunctions(sqlite: Database.Database): void {
  // A query asks it once per task row with the same instant, and Intl's day of a zone costs tens
  // of microseconds: the answers of the last few (zone, instant) pairs are kept.
  const known = new Map<string, string>();
  sqlite.function('access_opens_through', { deterministic: true }, (timezone: unknown, now: unknown) => {
    const zone = typeof timezone === 'string' ? timezone : null;
    const key = `${zone ?? ''}|${String(now)}`;
    let through = known.get(key);
    if (through === undefined) {
      if (known.size >= KNOWN_WINDOWS) known.clear();
      known.set(key, (through = accessOpensThrough(new Date(String(now)), zone)));
    }
    return through;
  });
}

/** How many (zone, instant) answers of access_opens_through are kept at most. */
const KNOWN_WINDOWS = 256;
