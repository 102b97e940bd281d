/**
 * How features read rows. `useRows` is a Dexie live query over the offline store with the table
 * API's page arguments (query-local.ts), so a change from any source (a local write, a pull, a
 * rebase) re-renders what shows it, online or not. Online-only data (billing, integrations:
 * decisions.md "Online-only commands") uses `useOnlineRows`, a server read through react-query.
 */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/app-db';
import { syncedTableName, type SyncedTableId } from '../db/schema';
import { useHydrated, useSyncRuntime, useSyncSnapshot } from '../sync/sync-context';
import { queryLocal } from './query-local';
import { fetchPage, type Page, type PageQuery } from './table-api';
import type { RowOf, TableId } from './tables';

export type RowsResult<T> =
  | { status: 'loading'; rows: undefined; total: undefined; error: null; retry: () => void }
  | { status: 'error'; rows: undefined; total: undefined; error: Error; retry: () => void }
  | { status: 'success'; rows: T[]; total: number; error: null; retry: () => void };

type Options = { enabled?: boolean };

/** Shown instead of an empty page when this device has never received the user's data. */
export class NotYetDownloaded extends Error {
  constructor() {
    super('Your data has not been downloaded to this device yet. Connect to the internet to load it.');
    this.name = 'NotYetDownloaded';
  }
}

type LocalAnswer = { page: Page<Record<string, unknown>> } | { error: Error };

/** Rows of a synced table, from the local store (see the module note). */
export function useRows<Id extends SyncedTableId>(table: Id, query: PageQuery = {}, options: Options = {}): RowsResult<RowOf[Id]> {
  const runtime = useSyncRuntime();
  const { status } = useSyncSnapshot();
  const hydrated = useHydrated();
  const enabled = options.enabled ?? true;
  const name = syncedTableName(table);
  const key = JSON.stringify(query);
  const answer = useLiveQuery<LocalAnswer | null>(async () => {
    // Until the first download is complete the screen says "loading" whatever the tables hold:
    // reading them again on every page of that download would only slow it down.
    if (!enabled || !name || hydrated !== true) return null;
    try {
      return { page: await queryLocal(appDb(), name, JSON.parse(key) as PageQuery) };
    } catch (error) {
      return { error: error instanceof Error ? error : new Error(String(error)) };
    }
  }, [name, key, enabled, hydrated]);
  const retry = () => void runtime.syncNow();

  if (!name) return { status: 'error', rows: undefined, total: undefined, error: new Error(`Table ${table} is not kept on this device`), retry };
  if (!enabled || hydrated === undefined) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  if (!hydrated) {
    // Before the first complete download an empty table means "not here yet", not "none".
    const stuck = status && (status.state === 'offline' || status.state === 'error' || status.state === 'unauthorized');
    if (stuck) return { status: 'error', rows: undefined, total: undefined, error: new NotYetDownloaded(), retry };
    return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  }
  if (answer === undefined || answer === null) return { status: 'loading', rows: undefined, total: undefined, error: null, retry };
  if ('error' in answer) return { status: 'error', rows: undefined, total: undefined, error: answer.error, retry };
  // The row shapes are the server's (they were stored as pulled), typed by table id.
  return { status: 'success', rows: answer.page.List as RowOf[Id][], total: answer.page.VirtualCount, error: null, retry };
}

/** Rows that are only ever read online (decisions.md "Online-only commands"). */
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
