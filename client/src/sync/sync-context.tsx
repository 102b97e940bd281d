/** React access to the sync runtime: its status, the waiting and refused changes, the write path. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../db/app-db';
import { refusedChanges } from '../db/store';
import type { Rejection } from '../db/schema';
import type { RuntimeSnapshot, SyncRuntime } from './runtime';
import { firstPartStore } from './first-part';

const SyncContext = createContext<SyncRuntime | null>(null);

export function SyncProvider({ runtime, children }: { runtime: SyncRuntime; children: ReactNode }) {
  return <SyncContext.Provider value={runtime}>{children}</SyncContext.Provider>;
}

export function useSyncRuntime(): SyncRuntime {
  const runtime = useContext(SyncContext);
  if (!runtime) throw new Error('useSyncRuntime must be used within a SyncProvider');
  return runtime;
}

export function useSyncSnapshot(): RuntimeSnapshot {
  const runtime = useSyncRuntime();
  return useSyncExternalStore(runtime.subscribe, runtime.getSnapshot, runtime.getSnapshot);
}

/** How many changes wait to be sent (live). */
export function usePendingCount(): number {
  return useLiveQuery(() => appDb().outbox.count(), [], 0);
}

/** Changes the server refused, newest first (live). */
export function useRejections(): Rejection[] {
  return useLiveQuery(() => refusedChanges(appDb()), [], []);
}

/** The server's refusals of one table's writes, newest first (live). */
export function useRejectionsOf(table: number): Rejection[] {
  return useLiveQuery(async () => (await refusedChanges(appDb())).filter((r) => r.table === table), [table], []);
}

/** Forgets one refusal (the user has read it). */
export async function dismissRejection(id: string): Promise<void> {
  await appDb().rejections.delete(id);
}

/** Ids of rows of a table with a change waiting in the outbox (their server figures are not in yet; live). */
export function usePendingRowIds(table: number): Set<string> {
  return useLiveQuery(
    async () => {
      const entries = await appDb().outbox.toArray();
      return new Set(entries.filter((e) => e.table === table).map((e) => e.rowId));
    },
    [table],
    new Set<string>(),
  );
}

/**
 * Whether the store holds a complete first copy of the user's data (live; undefined while reading).
 * Read from the mirror (db/mirror.ts), which keeps meta `hydrated` current from every committed
 * write and other tabs: a live query of meta was read again after every local write and every
 * pull page (each writes meta), each read one more transaction the next write waited behind.
 */
export function useHydrated(): boolean | undefined {
  const mirror = appDb().mirror;
  return useSyncExternalStore(mirror.subscribeHydrated, mirror.hydrated, mirror.hydrated);
}

/** The first part of a first sync, one live read for every screen (sync/first-part.ts). */
const firstPart = firstPartStore(appDb);

const NOTHING_TO_HEAR = () => () => undefined;
const NOT_IN = () => false;

/**
 * Whether the first part of the first sync is stored while the rest still comes. Heard only while
 * the store is not complete (`hydrated` false): then each page of the first sync reads it again,
 * one small read for every screen together; afterwards nothing is read or listened to.
 */
export function useFirstPartIn(hydrated: boolean | undefined): boolean {
  const listening = hydrated === false;
  return useSyncExternalStore(listening ? firstPart.subscribe : NOTHING_TO_HEAR, listening ? firstPart.get : NOT_IN, NOT_IN);
}
