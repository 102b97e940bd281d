/**
 * Uploads follow their records: an image's two files (images.ts) go once no live property lists it.
 *
 * - After a commit: the property writer (writers.ts) hands the images an update dropped, or a
 *   hard delete left behind, to `releaseImages`. On the next turn of the event loop (a
 *   better-sqlite3 transaction cannot span one, so by then it has committed or rolled back) each
 *   is looked up again: one that no live property lists (deleted_at null; archived ones count, so
 *   an archived property keeps its images) loses its display copy and its original. A rolled-back
 *   write left the image listed, so nothing goes.
 * - The orphan job (`removeOrphanUploads`, jobs/definitions.ts): files that no live property lists
 *   and whose mtime is more than a day before the app clock (an upload whose property write has
 *   not arrived yet is younger), e.g. from a process that stopped between commit and cleanup.
 * Only names the server generates are touched (SERVED_NAME, `originals/<32 hex>.<ext>`), always
 * joined to the uploads directory: a URL in a record is never followed as a path.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Db } from '../../db/index';
import { connectionOf, type Tx } from '../../db/write';
import { SERVED_NAME, uploadsDir } from './images';

/** An original's name: the display copy's 32 hex characters and the type's extension. */
const ORIGINAL_NAME = /^([a-f0-9]{32})\.(jpg|png|webp)$/;
const ORIGINAL_EXTENSIONS = ['jpg', 'png', 'webp'];
export const ORPHAN_AGE_MS = 24 * 60 * 60_000;

/** The data directory of each connection whose writes clean up after themselves (set by the property routes). */
const dataDirs = new WeakMap<object, string>();
const inFlight = new Set<Promise<void>>();

export function attachUploadsCleanup(db: Db, dataDir: string): void {
  dataDirs.set(db.$client, dataDir);
}

/** The 32 hex characters of an image URL the server generated (`/uploads/<hex>.webp`), or undefined. */
export function stemOfUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith('/uploads/')) return undefined;
  const name = url.slice('/uploads/'.length);
  return SERVED_NAME.test(name) ? name.slice(0, 32) : undefined;
}

function isListed(client: Database, stem: string): boolean {
  const row = client.prepare('SELECT 1 FROM properties WHERE deleted_at IS NULL AND instr(images, ?) > 0 LIMIT 1').get(`/uploads/${stem}.webp`);
  return row !== undefined;
}

function filesOf(dataDir: string, stem: string): string[] {
  const dir = uploadsDir(dataDir);
  return [path.join(dir, `${stem}.webp`), ...ORIGINAL_EXTENSIONS.map((ext) => path.join(dir, 'originals', `${stem}.${ext}`))];
}

async function removeUnlisted(client: Database, dataDir: string, stems: string[]): Promise<void> {
  let gone: string[];
  try {
    gone = stems.filter((stem) => !isListed(client, stem));
  } catch {
    return; // The database closed meanwhile: the orphan job removes them later.
  }
  await Promise.all(gone.flatMap((stem) => filesOf(dataDir, stem).map((f) => fs.promises.rm(f, { force: true }))));
}

/**
 * Called inside the write's transaction with the image URLs it may have left unlisted; their files
 * go after the transaction ends, if by then no live property lists them.
 */
export function releaseImages(tx: Tx, urls: readonly unknown[]): void {
  const client = connectionOf(tx) as Database;
  const dataDir = dataDirs.get(client);
  if (!dataDir) return;
  const stems = [...new Set(urls.map(stemOfUrl).filter((s): s is string => s !== undefined))];
  if (stems.length === 0) return;
  const done = new Promise<void>((resolve) => {
    setImmediate(() => {
      removeUnlisted(client, dataDir, stems).catch(() => undefined).finally(resolve);
    });
  });
  inFlight.add(done);
  void done.finally(() => inFlight.delete(done));
}

/** Resolves once every cleanup released so far has run (tests, shutdown). */
export async function uploadsCleanupSettled(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await Promise.all([...inFlight]);
}

type Entry = { file: string; stem: string };

function generatedFiles(dataDir: string): Entry[] {
  const dir = uploadsDir(dataDir);
  const list = (d: string) => {
    try {
      return fs.readdirSync(d);
    } catch {
      return [];
    }
  };
  const shown = list(dir)
    .filter((n) => SERVED_NAME.test(n))
    .map((n) => ({ file: path.join(dir, n), stem: n.slice(0, 32) }));
  const originals = list(path.join(dir, 'originals')).flatMap((n) => {
    const m = ORIGINAL_NAME.exec(n);
    return m?.[1] ? [{ file: path.join(dir, 'originals', n), stem: m[1] }] : [];
  });
  return [...shown, ...originals];
}

function listedStems(db: Db): Set<string> {
  const rows = db.$client.prepare('SELECT images FROM properties WHERE deleted_at IS NULL').all() as { images: string | null }[];
  const stems = new Set<string>();
  for (const { images } of rows) {
    let list: unknown;
    try {
      list = JSON.parse(images ?? '[]');
    } catch {
      continue;
    }
    if (Array.isArray(list)) for (const url of list) {
      const stem = stemOfUrl(url);
      if (stem) stems.add(stem);
    }
  }
  return stems;
}

export type OrphanSummary = { checked: number; removed: number; keptYoung: number };

/**
 * The orphan job: removes generated files no live property lists, last modified over a day before
 * `now`. An original is judged only beside its display copy (same stem): originals uploaded before
 * the two shared a name cannot be matched to their image, so they are kept rather than lost.
 */
export async function removeOrphanUploads(db: Db, dataDir: string, now: Date): Promise<OrphanSummary> {
  const files = generatedFiles(dataDir);
  const listed = listedStems(db);
  const shown = new Set(files.filter((f) => path.dirname(f.file) === uploadsDir(dataDir)).map((f) => f.stem));
  const cutoff = now.getTime() - ORPHAN_AGE_MS;
  let removed = 0;
  let keptYoung = 0;
  for (const { file, stem } of files) {
    if (listed.has(stem)) continue;
    if (path.dirname(file) !== uploadsDir(dataDir) && !shown.has(stem)) continue;
    let mtime: number;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      continue;
    }
    if (mtime > cutoff) {
      keptYoung += 1;
      continue;
    }
    await fs.promises.rm(file, { force: true });
    removed += 1;
  }
  return { checked: files.length, removed, keptYoung };
}

/** Bytes and number of the regular files under the uploads directory (originals included). */
export function uploadsUsage(dataDir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) {
        bytes += fs.statSync(full).size;
        files += 1;
      }
    }
  };
  walk(uploadsDir(dataDir));
  return { bytes, files };
}
