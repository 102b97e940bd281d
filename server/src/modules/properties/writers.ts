/**
 * The property writer: the plan's property limit, the iCal export link, the host's counters and
 * guests follow every property write; a property with bookings is archived instead of deleted.
 * Images an update drops, and those of a property deleted outright, lose their files once the write
 * has committed (uploads.ts); an archived property keeps its images.
 */
import { connectionOf, type Tx } from '../../db/write';
import type { Database } from 'better-sqlite3';
import { createProperty, deleteProperty, updateProperty } from './service';
import { releaseImages } from './uploads';
import type { Writer } from '../../write/writer';

/** The images the row lists now, read in the write's transaction (`before` may leave JSON columns out). */
function storedImages(tx: Tx, id: unknown): unknown[] {
  const row = (connectionOf(tx) as Database).prepare('SELECT images FROM properties WHERE id = ?').get(String(id)) as { images: string | null } | undefined;
  try {
    const list: unknown = JSON.parse(row?.images ?? '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const propertyWriter: Writer = {
  create: (tx, ctx, values) => {
    createProperty(tx, values, ctx);
  },
  update: (tx, ctx, before, changes) => {
    const previous = 'images' in changes ? storedImages(tx, before.id) : [];
    updateProperty(tx, before, changes, ctx);
    const kept = new Set(Array.isArray(changes.images) ? changes.images : []);
    releaseImages(
      tx,
      previous.filter((url) => !kept.has(url)),
    );
  },
  remove: (tx, ctx, before) => {
    const previous = storedImages(tx, before.id);
    const result = deleteProperty(tx, before, ctx);
    if (!result.archived) releaseImages(tx, previous);
    return result;
  },
};
