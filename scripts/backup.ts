/**
 * `npm run backup`: one online backup of the database now, while the server may keep running
 * (server/src/jobs/backup.ts), into BACKUP_DIR (default `<data folder>/backups`), keeping the
 * newest BACKUP_KEEP. DATABASE_PATH names the database as for `npm start`. Restore: docs/how-to.md.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { loadConfig } from '../server/src/config';
import { backupDatabase } from '../server/src/jobs/backup';

const config = loadConfig();
if (!fs.existsSync(config.databasePath)) {
  console.error(`No database at ${config.databasePath} (set DATABASE_PATH).`);
  process.exit(1);
}
const sqlite = new Database(config.databasePath, { fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
try {
  const done = await backupDatabase(sqlite, config.backupDir, config.backupKeep, new Date());
  console.log(`Backed up ${config.databasePath} to ${done.file} (${(done.bytes / 1024).toFixed(0)} KB).`);
  if (done.removed.length > 0) console.log(`Removed ${done.removed.length} older backup(s), keeping ${config.backupKeep}: ${done.removed.join(', ')}`);
} catch (error) {
  console.error('The backup failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  sqlite.close();
}
