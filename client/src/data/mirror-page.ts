/**
 * Pages of the in-memory mirror (db/mirror.ts) for useRows. The ordered matches of each query
 * are kept with the table version they were made at, so that after a change the next answer is a
 * merge of the few changed rows into the previous one (query-local.ts `rematch`), not a new filter
 * and sort of every row: the host's housekeeping page orders 10 000 tasks, and each housekeeper's
 * tick would otherwise sort them all again.
 */
import type { Mirror } from '../db/mirror';
import type { LocalRow, SyncedTableName } from '../db/schema';
import { matchAll, pageOf, rematch } from './query-local';
import type { Page, PageQuery } from './table-api';

type Entry = { version: number; matching: LocalRow[] };

/** Queries remembered per mirror (the screens open at once use a handful). */
const KEEP = 32;

const caches = new WeakMap<Mirror, Map<string, Entry>>();

/**
 * The page a query answers from a table that is loaded (`rows`, at `version`). `key` is the
 * query as JSON (it names the cache entry).
 */
export function mirrorPage(mirror: Mirror, name: SyncedTableName, version: number, rows: ReadonlyMap<string, LocalRow>, key: string, query: PageQuery): Page<LocalRow> {
  let cache = caches.get(mirror);
  if (!cache) caches.set(mirror, (cache = new Map()));
  const id = `${name} ${key}`;
  const previous = cache.get(id);
  let entry: Entry;
  if (previous && previous.version === version) entry = previous;
  else {
    const changed = previous && previous.version < version ? mirror.changesSince(name, previous.version) : null;
    entry = { version, matching: previous && changed ? rematch(previous.matching, changed, rows, query) : matchAll(rows.values(), query) };
  }
  // Most recently used last: the oldest entry goes first when there are too many.
  cache.delete(id);
  cache.set(id, entry);
  if (cache.size > KEEP) cache.delete(cache.keys().next().value as string);
  return pageOf(entry.matching, query);
}
