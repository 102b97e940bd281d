/**
 * How features read rows. `useRows` reads the offline store's in-memory mirror (db/mirror.ts) and
 * pages it with the table API's arguments (query-local.ts), so a change from any source (a local
 * write, a pull, a rebase, another tab, the service worker) re-renders what shows it, online or
 * not, without reading the table back out of IndexedDB. The big tables are held in memory in part
 * (db/window.ts): a query their window does not cover (a list going back years) is read from the
 * store instead (history-read.ts), and follows changes the same way. Data that is not kept offline (billing,
 * integrations) uses `useOnlineRows`, a server read through react-query.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appDb } from '../db/app-db';
import { syncedTableName, type LocalRow, type SyncedTableId, type SyncedTableName } from '../db/schema';
import { FIRST_PART_WHOLE_TABLES } from '../../../shared/sync';
import { useFirstPartIn, useSyncRuntime } from '../sync/sync-context';
import type { RuntimeSnapshot } from '../sync/runtime';
import { mirrorPage } from './mirror-page';
import { historyPage, historyPageLatest, historyPageNow, holdHistory, inMemory } from './history-read';
import { fetchPage, type Page, type PageQuery } from './table-api';
import type { RowOf, TableId } from './tables';

export type RowsResult<T> =
  | { status: 'loading'; rows: undefined; total: undefined; error: null; retry: () => void }
  | { status: 'error'; rows: undefined; total: undefined; error: Error; retry: () => void }
  | { status: 'success'; rows: T[]; total: number; error: null; retry: () => void };

type Options = {
  enabled?: boolean;
  /**
   * The screen was made for the first part of a first sync (the staff today screen, the host
   * dashboard: sync/pull.ts): it reads the table's rows as soon as that part is stored, while the
   * rest comes. Tables that part carries whole are read by any screen from then on.
   */
  firstPart?: boolean;
};

/** Whether a screen may read `name` before the first download is complete. */
export function readableEarly(name: string | undefined, firstPartIn: boolean, options: Options): boolean {
  return firstPartIn && name !== undefined && (options.firstPart === true || FIRST_PART_WHOLE_TABLES.includes(name));
}

/** Shown instead of an empty page when this device has never received the user's data. */
export class NotYetDownloaded extends Error {
  constructor() {
    super('Your data has not been downloaded to this device yet. Connect to the internet to load it.');
    this.name = 'NotYetDownloaded';
  }
}

const NO_SUBSCRIPTION = () => () => undefined;
const NO_VERSION = () => -1;

/** The sync cannot bring the first download now (offline, failing, signed out). */
function isStuck(snapshot: RuntimeSnapshot): boolean {
  const state = snapshot.status?.state;
  return state === 'offline' || state === 'error' || state === 'unauthorized';
}

type HistoryFailure = { key: string; error: Error };

/**
 * Reads the page of a query from the store (history-read.ts) as of the mirror's `version` of the
 * table, into history-read's cache, where the render takes it (historyPageNow, historyPageLatest).
 * A finished read renders the screen again only when it brings a page the screen does not show
 * yet (`shown`): after a change within the mirror's window, the render has already taken this
 * version's page at once, and a second render of the whole screen would show the same rows.
 * `answered` counts the reads that brought a new page.
 */
function useHistoryPage(
  enabled: boolean,
  name: SyncedTableName | undefined,
  version: number,
  key: string,
  shown: RefObject<Page<LocalRow> | null>,
): { answered: number; error: Error | null; retry: () => void } {
  const [answered, setAnswered] = useState(0);
  const [failure, setFailure] = useState<HistoryFailure | null>(null);
  // A failed read is not kept (history-read.ts): Retry reads again.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    if (!enabled || !name || version < 0) return;
    const db = appDb();
    let live = true;
    const reading = historyPage(db, db.mirror, name, version, key, JSON.parse(key) as PageQuery);
    const release = holdHistory(db.mirror, name, key);
    reading.then(
      (page) => {
        if (!live) return;
        setFailure(null);
        if (page !== shown.current) setAnswered((n) => n + 1);
      },
      (error: unknown) => live && setFailure({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
      release();
    };
  }, [enabled, name, version, key, attempt, shown]);
  return { answered, error: failure?.key === key ? failure.error : null, retry };
}

/** Rows of a synced table, from the local store (see the module note). */
export function useRows<Id extends SyncedTableId>(table: Id, query: PageQuery = {}, options: Options = {}): RowsResult<RowOf[Id]> {
  const runtime = useSyncRuntime();
  const mirror = appDb().mirror;
  // Only whether the sync is stuck matters here: each of its other moves (syncing, idle) would
  // render every screen that reads rows again.
  const stuck = useSyncExternalStore(runtime.subscribe, () => isStuck(runtime.getSnapshot()), () => false);
  const hydrated = useSyncExternalStore(mirror.subscribeHydrated, mirror.hydrated, mirror.hydrated);
  const enabled = options.enabled ?? true;
  const name = syncedTableName(table);
  const key = JSON.stringify(query);
  const firstPartIn = useFirstPartIn(hydrated);
  // Until the first download is complete the screen says "loading" whatever the tables hold
  // (loading them into memory on every page of that download would only slow it down), unless
  // the first part of that download holds what it shows.
  const ready = hydrated === true || readableEarly(name, firstPartIn, options);
  const active = Boolean(name) && enabled && ready;
  const subscribe = useCallback((listener: () => void) => (active && name ? mirror.subscribe(name, listener) : () => undefined), [active, name, mirror]);
  const version = useCallback(() => (active && name ? mirror.version(name) : -1), [active, name, mirror]);
  useSyncExternalStore(active ? subscribe : NO_SUBSCRIPTION, active ? version : NO_VERSION, NO_VERSION);
  const state = active && name ? mirror.state(name) : null;
  // A table held in part answers from memory only what its window covers.
  const fromStore = useMemo(() => Boolean(name && !inMemory(mirror, name, JSON.parse(key) as PageQuery)), [mirror, name, key]);
  const shown = useRef<Page<LocalRow> | null>(null);
  const history = useHistoryPage(fromStore && state?.status === 'ready', name, state?.status === 'ready' ? state.version : -1, key, shown);
  const page = useMemo(() => {
    if (!name) return null;
    const ready = state?.status === 'ready';
    // From the store: at once when only rows held in memory changed, else the newest read (a
    // newer one is under way). `history.answered` moves when a read brings a page.
    if (fromStore) return (ready ? historyPageNow(mirror, name, state.version, key, JSON.parse(key) as PageQuery) : null) ?? historyPageLatest(mirror, name, key);
    return ready ? mirrorPage(mirror, name, state.version, state.rows, key, JSON.parse(key) as PageQuery) : null;
    // history.answered: not read here, but the cache read here has a new page when it moves.
  }, [fromStore, history.answered, state, key, name, mirror]);
  useEffect(() => {
    shown.current = page;
  });
  const retry = () => {
    // A table that could not be read is read again; the sync runs either way (it may bring it).
    if (name && state?.status === 'error') void mirror.load(name);
    if (history.error) history.retry();
    void runtime.syncNow();
  };

  if (!name) return { status: 'error', rows: undefined, total: undefined, error: new Error(`Table ${table} is not kept on this device`), retry };
  if (!enabled || hydrated === undefined) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  if (!ready) {
    // Before the first complete download an empty table means "not here yet", not "none".
    if (stuck) return { status: 'error', rows: undefined, total: undefined, error: new NotYetDownloaded(), retry };
    return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  }
  if (state?.status === 'error') return { status: 'error', rows: undefined, total: undefined, error: state.error, retry };
  if (fromStore && history.error) return { status: 'error', rows: undefined, total: undefined, error: history.error, retry };
  if (!page) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  // The row shapes are the server's (they were stored as pulled), typed by table id.
  return { status: 'success', rows: page.List as RowOf[Id][], total: page.VirtualCount, error: null, retry };
}

/** Rows that are only ever read online (tables not kept on the device). */
export function useOnlineRows<Id extends TableId>(table: Id, query: PageQuery = {}, options: Options = {}): RowsResult<RowOf[Id]> {
  const result = useQuery<Page<RowOf[Id]>, Error>({
    queryKey: ['online', table, query],
    queryFn: ({ signal }) => fetchPage(table, query, signal),
    enabled: options.enabled ?? true,
  });
  const retry = () => void result.refetch();
  if (result.status === 'error') return { status: 'error', rows: undefined, total: undefined, error: result.error, retry };
  if (result.status === 'success') return { status: 'success', rows: result.data.List, total: result.data.VirtualCount, error: null, retry };
  return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
}
