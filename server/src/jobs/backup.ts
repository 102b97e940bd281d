/**
 * Online backups of the SQLite file (docs/how-to.md, "Back up and restore"): better-sqlite3's
 * `backup()` copies the database page by page while the server keeps serving, and the copy is a
 * consistent snapshot (the WAL's committed writes included). Each backup is written under a
 * temporary name and renamed when complete, so the folder never holds a half-written file under a
 * backup's name; the newest `keep` backups stay, older ones are removed. Run by the `backup` job
 * (definitions.ts) and by `npm run backup` (scripts/backup.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

const PREFIX = 'staykeep-';
const SUFFIX = '.db';

export type BackupSummary = { file: string; bytes: number; removed: string[] };

/** `staykeep-2031-05-01T08-00-00-000Z.db`: sorts by time as text. */
export function backupName(now: Date): string {
  return `${PREFIX}${now.toISOString().replace(/:/g, '-').replace('.', '-')}${SUFFIX}`;
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
    .sort();
}

/** Writes a backup of `sqlite` into `dir` and keeps the newest `keep` (at least one: the new one). */
export async function backupDatabase(sqlite: Database.Database, dir: string, keep: number, now: Date): Promise<BackupSummary> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupName(now));
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  await sqlite.backup(partial);
  fs.renameSync(partial, file);
  const all = listBackups(dir);
  const removed = all.slice(0, Math.max(0, all.length - Math.max(1, keep)));
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return { file, bytes: fs.statSync(file).size, removed };
}
