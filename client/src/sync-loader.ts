/**
 * The sync runtime (client/src/sync/runtime.ts) loaded on demand: the sign-in screen never needs
 * it, so its code is a chunk of its own, fetched while that screen shows (main.tsx) and awaited by
 * the areas' layout routes before their first page renders (routes/_admin.tsx, _host.tsx, _staff.tsx).
 * One runtime per page load, created on first use.
 */
import type { SyncRuntime } from './sync/runtime';
import { appDb } from './db/app-db';

export type LoadSync = () => Promise<SyncRuntime>;

export function syncLoader(options: { onUnauthorized: () => void; onCreate?: (runtime: SyncRuntime) => void }): LoadSync {
  let loading: Promise<SyncRuntime> | null = null;
  return () => {
    loading ??= import('./sync/runtime').then(({ SyncRuntime: Runtime }) => {
      const runtime = new Runtime(appDb(), { onUnauthorized: options.onUnauthorized });
      options.onCreate?.(runtime);
      return runtime;
    });
    return loading;
  };
}
