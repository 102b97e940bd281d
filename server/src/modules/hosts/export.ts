/**
 * A host's own data as one download (the profile page's "Download my data"): every row the host's
 * scope holds, exactly what its devices sync (the sync pull from cursor 0, so the policy's scope
 * and field rules apply), as `data.json` (all tables) and one CSV per table, in a .tar.gz built
 * with node:zlib (lib/tar.ts). Deleted rows are left out. The metadata of the host's task photos is
 * added as `task_photos` (not synced, so not in the pull); their images are not in the archive.
 */
import { tableById } from '../../../../shared/registry';
import { toCsv, type CsvValue } from '../../../../shared/format/csv';
import { MAX_PULL_LIMIT } from '../../../../shared/sync';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { Forbidden } from '../../errors';
import { tarGz } from '../../lib/tar';
import { pullChanges } from '../sync/service';
import { hostPhotoRows } from '../photos/service';
import { transact } from '../../db/write';

type Row = Record<string, unknown>;

/** Every live row of the actor's scope, by table name. */
export function scopeRows(db: Db, actor: Actor): Map<string, Row[]> {
  const byTable = new Map<string, Map<string, Row>>();
  let cursor = 0;
  for (;;) {
    const page = pullChanges(db, actor, { cursor, limit: MAX_PULL_LIMIT });
    for (const change of page.changes) {
      const name = tableById(change.table)?.name ?? String(change.table);
      const rows = byTable.get(name) ?? new Map<string, Row>();
      byTable.set(name, rows);
      const id = String(change.row.id ?? change.row.ID);
      if (change.deleted) rows.delete(id);
      else rows.set(id, change.row);
    }
    cursor = page.cursor;
    if (!page.more) break;
  }
  return new Map([...byTable].filter(([, rows]) => rows.size > 0).map(([name, rows]) => [name, [...rows.values()]]));
}

function cell(value: unknown): CsvValue {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** One CSV of rows: a column per field any row has, objects and lists as JSON. */
export function rowsCsv(rows: readonly Row[]): string {
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return toCsv(
    headers.map((h) => ({ header: h, value: (row: Row) => cell(row[h]) })),
    rows,
  );
}

/** The archive of a host's data, and its file name. */
export function hostExport(db: Db, actor: Actor, now: Date): { fileName: string; archive: Buffer } {
  if (actor.role !== 'host' || !actor.hostProfileId) throw new Forbidden('Only a host downloads its data');
  const tables = scopeRows(db, actor);
  // Task photos are not synced: their metadata is added (the images stay out, modules/photos/service.ts).
  const hostId = actor.hostProfileId;
  const photos = transact(db, (tx) => hostPhotoRows(tx, hostId));
  if (photos.length > 0) tables.set('task_photos', photos);
  const day = now.toISOString().slice(0, 10);
  const dir = `staykeep-export-${day}`;
  const json = JSON.stringify({ exported_at: now.toISOString(), host_profile_id: actor.hostProfileId, tables: Object.fromEntries(tables) }, null, 2);
  const files = [{ name: `${dir}/data.json`, content: json }, ...[...tables].map(([name, rows]) => ({ name: `${dir}/${name}.csv`, content: rowsCsv(rows) }))];
  return { fileName: `${dir}.tar.gz`, archive: tarGz(files, now) };
}
