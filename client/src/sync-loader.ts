/**
 * The sync runtime (client/src/sync/runtime.ts) and the offline store loaded on demand: the
 * sign-in screen never needs them, so their code is in chunks of their own, fetched once a user
 * is signed in (main.tsx) or starts signing in (routes/login.tsx), and awaited by the areas'
 * layout routes before their first page renders (routes/_admin.tsx, _host.tsx, _staff.tsx).
 * One runtime per page load, created on first use.
 */
import type { SyncRuntime } from './sync/runtime';
import type { StaykeepDb } from './db/db';

export type LoadSync = () => Promise<SyncRuntime>;

export function syncLoader(options: { onUnauthorized: () => void; onCreate?: (runtime: SyncRuntime, db: StaykeepDb) => void }): LoadSync {
  let loading: Promise<SyncRuntime> | null = null;
  return () => {
    loading ??= Promise.all([import('./sync/runtime'), import('./db/app-db')]).then(([{ SyncRuntime: Runtime }, { appDb }]) => {
      const runtime = new Runtime(appDb(), { onUnauthorized: options.onUnauthorized });
      options.onCreate?.(runtime, appDb());
      return runtime;
    });
    return loading;
  };
}
