/**
 * Queries the mirror cannot answer (db/window.ts: a bookings list going back years, finances of
 * an old month, a property's whole history) read from IndexedDB, with the same semantics as the
 * mirror's pages (query-local.ts). Only the rows a query matches stay in memory, and only while a
 * screen shows them (plus a short grace, so that going from one screen to the next does not read
 * again).
 *
 * How a query is read: by key when it names ids; else through an index of the table (a date from
 * a day on, a status) when one of its filters is on an indexed field; else the table in chunks by
 * key, keeping each chunk's matches. After a change the answer is the previous one with the
 * changed rows (the mirror's versions say which) read again and merged in, not a new read.
 */
import type { Table } from 'dexie';
import type { Mirror } from '../db/mirror';
import { SYNCED_INDEXES, type LocalRow, type SyncedTableName } from '../db/schema';
import { mirrorPage } from './mirror-page';
import { matches, matchAll, pageOf, rematch } from './query-local';
import type { FilterInput, Page, PageQuery } from './table-api';

/** What a history read needs of the database (StaykeepDb). */
export type HistorySource = { rows(name: SyncedTableName): Table<LocalRow, string> };

/** Rows read per request of a scan: bounds what a read holds besides its matches. */
export const SCAN_CHUNK = 2000;
/** A query no screen shows any more is forgotten after this long. */
const GRACE_MS = 30_000;

/** The fields a table is indexed on (besides its key), from the store's schema. */
function indexedFields(name: SyncedTableName): Set<string> {
  const [, ...indexes] = SYNCED_INDEXES[name].split(',').map((s) => s.trim());
  return new Set(indexes.filter((i) => /^[a-z_]+$/i.test(i)));
}

/**
 * A filter an index can narrow by: one that matches only text values (the index then holds every
 * row it can match; IndexedDB keys never include null, booleans or objects). The read keeps only
 * rows that pass every filter, so an index only has to find a superset.
 */
function indexable(filter: FilterInput): boolean {
  if (filter.op === 'In') return Array.isArray(filter.value) && filter.value.length > 0 && filter.value.every((v) => typeof v === 'string');
  return typeof filter.value === 'string' && (filter.op === 'Equal' || filter.op === 'GreaterThan' || filter.op === 'GreaterThanOrEqual');
}

function throughIndex(table: Table<LocalRow, string>, filter: FilterInput): Promise<LocalRow[]> {
  const where = table.where(filter.name);
  const value = filter.value as string | string[];
  switch (filter.op) {
    case 'In':
      return where.anyOf(value as string[]).toArray();
    case 'Equal':
      return where.equals(value as string).toArray();
    case 'GreaterThan':
      return where.above(value).toArray();
    default:
      return where.aboveOrEqual(value).toArray();
  }
}

/** The whole table, a chunk at a time, keeping what `keep` wants of each. */
async function scan(table: Table<LocalRow, string>, keep: (row: LocalRow) => boolean): Promise<LocalRow[]> {
  const kept: LocalRow[] = [];
  let after: string | null = null;
  for (;;) {
    const chunk: LocalRow[] = await (after === null ? table.orderBy('id') : table.where('id').above(after)).limit(SCAN_CHUNK).toArray();
    for (const row of chunk) if (keep(row)) kept.push(row);
    const last = chunk[chunk.length - 1];
    if (chunk.length < SCAN_CHUNK || !last) return kept;
    after = last.id;
  }
}

/** Every row of a table that matches the query, from the store, in the query's order. */
export async function readMatching(db: HistorySource, name: SyncedTableName, query: PageQuery): Promise<LocalRow[]> {
  const table = db.rows(name);
  const filters = query.Filters ?? [];
  const keep = (row: LocalRow) => filters.every((f) => matches(row, f));
  const byKey = filters.find((f) => f.name === 'id' && indexable(f) && (f.op === 'Equal' || f.op === 'In'));
  let candidates: LocalRow[];
  if (byKey) {
    const keys = Array.isArray(byKey.value) ? (byKey.value as string[]) : [byKey.value as string];
    candidates = (await table.bulkGet(keys)).filter((row): row is LocalRow => row !== undefined);
  } else {
    const indexes = indexedFields(name);
    const byIndex = filters.find((f) => indexes.has(f.name) && indexable(f));
    if (!byIndex) return matchAll(await scan(table, keep), query);
    candidates = await throughIndex(table, byIndex);
  }
  return matchAll(candidates, query);
}

type Entry = {
  version: number;
  matching: Promise<LocalRow[]>;
  /** The matching rows once read, and their page (the same object for every reader of this version). */
  rows: LocalRow[] | null;
  page: Page<LocalRow> | null;
  /** The newest page of the query before this version's: what a screen shows while this one is read. */
  before: Page<LocalRow> | null;
  users: number;
  forget: ReturnType<typeof setTimeout> | null;
};

const caches = new WeakMap<Mirror, Map<string, Entry>>();

function cacheOf(mirror: Mirror): Map<string, Entry> {
  let cache = caches.get(mirror);
  if (!cache) caches.set(mirror, (cache = new Map()));
  return cache;
}

/** The previous answer with the rows changed since it read again from the store and merged in. */
async function merged(db: HistorySource, name: SyncedTableName, previous: Promise<LocalRow[]>, changed: Set<string>, query: PageQuery): Promise<LocalRow[]> {
  const [old, rows] = await Promise.all([previous, changed.size ? db.rows(name).bulkGet([...changed]) : []]);
  const byId = new Map<string, LocalRow>();
  for (const row of rows) if (row) byId.set(row.id, row);
  return rematch(old, changed, byId, query);
}

/**
 * The page of a query from the store, as of the mirror's `version` of the table (the mirror
 * counts every committed change of the table, held in memory or not). `key` is the query as JSON.
 */
export function historyPage(db: HistorySource, mirror: Mirror, name: SyncedTableName, version: number, key: string, query: PageQuery): Promise<Page<LocalRow>> {
  const cache = cacheOf(mirror);
  const id = `${name} ${key}`;
  const previous = cache.get(id);
  let entry: Entry;
  if (previous && previous.version === version) entry = previous;
  else {
    const changed = previous && previous.version < version ? mirror.changesSince(name, previous.version) : null;
    const matching =
      previous && changed
        ? merged(db, name, previous.matching, changed, query).catch(() => readMatching(db, name, query))
        : readMatching(db, name, query);
    const before = previous ? (previous.page ?? previous.before) : null;
    entry = remember(cache, id, { version, matching, rows: null, page: null, before, users: previous?.users ?? 0, forget: previous?.forget ?? null }, query);
  }
  return entry.matching.then(() => entry.page ?? pageOf([], query));
}

function remember(cache: Map<string, Entry>, id: string, entry: Entry, query: PageQuery): Entry {
  entry.matching.then(
    (rows) => {
      entry.rows ??= rows;
      entry.page ??= pageOf(rows, query);
    },
    () => {
      // A failed read is not kept: the next ask reads again.
      if (cache.get(id) === entry) cache.delete(id);
    },
  );
  cache.set(id, entry);
  return entry;
}

/**
 * The page of a query from the store at `version` when it can be had without waiting: read
 * already, or the last answer with only rows the mirror holds changed since (a change within the
 * window: the other device's tick on a task of this week), merged in at once. Null otherwise
 * (historyPage reads it). A screen showing history thus follows the day's changes in the same
 * render as the screens that read the mirror.
 */
export function historyPageNow(mirror: Mirror, name: SyncedTableName, version: number, key: string, query: PageQuery): Page<LocalRow> | null {
  const cache = cacheOf(mirror);
  const id = `${name} ${key}`;
  const previous = cache.get(id);
  if (!previous?.page || !previous.rows) return null;
  if (previous.version === version) return previous.page;
  const state = mirror.state(name);
  const changed = previous.version < version && state.status === 'ready' ? mirror.changesSince(name, previous.version) : null;
  if (!changed || !state.rows) return null;
  const held = state.rows;
  for (const changedId of changed) if (!held.has(changedId)) return null;
  const rows = rematch(previous.rows, changed, held, query);
  const page = pageOf(rows, query);
  cache.set(id, { version, matching: Promise.resolve(rows), rows, page, before: previous.page, users: previous.users, forget: previous.forget });
  return page;
}

/**
 * The newest page of a query known now, whatever its version (null when it was never read): what
 * a screen shows while a newer version is read (no flicker back to an older answer, nor to loading).
 */
export function historyPageLatest(mirror: Mirror, name: SyncedTableName, key: string): Page<LocalRow> | null {
  const entry = cacheOf(mirror).get(`${name} ${key}`);
  return entry ? (entry.page ?? entry.before) : null;
}

/**
 * A screen shows this query: its answer is kept until no screen does, and a grace after. Answers
 * the release.
 */
export function holdHistory(mirror: Mirror, name: SyncedTableName, key: string): () => void {
  const cache = cacheOf(mirror);
  const id = `${name} ${key}`;
  const entry = cache.get(id);
  if (!entry) return () => undefined;
  entry.users += 1;
  if (entry.forget) clearTimeout(entry.forget);
  entry.forget = null;
  return () => {
    const current = cache.get(id);
    if (!current) return;
    current.users = Math.max(0, current.users - 1);
    if (current.users > 0) return;
    const timer = setTimeout(() => {
      if (cache.get(id)?.users === 0) cache.delete(id);
    }, GRACE_MS);
    // Never what keeps a test process alive.
    (timer as { unref?: () => void }).unref?.();
    current.forget = timer;
  };
}

/** Whether the mirror answers a query: its table is held whole, or the query is within its window. */
export function inMemory(mirror: Mirror, name: SyncedTableName, query: PageQuery): boolean {
  const window = mirror.window(name);
  return !window || window.covers(query.Filters ?? []);
}

/**
 * A page as a screen gets it (useRows' choice, without React): from the mirror when it holds
 * every row the query can match, else from the store.
 */
export async function readPage(db: HistorySource & { mirror: Mirror }, name: SyncedTableName, query: PageQuery): Promise<Page<LocalRow>> {
  await db.mirror.load(name);
  const state = db.mirror.state(name);
  if (state.status === 'error') throw state.error;
  if (state.status !== 'ready') throw new Error(`${name} is not loaded`);
  const key = JSON.stringify(query);
  return inMemory(db.mirror, name, query) ? mirrorPage(db.mirror, name, state.version, state.rows, key, query) : historyPage(db, db.mirror, name, state.version, key, query);
}
