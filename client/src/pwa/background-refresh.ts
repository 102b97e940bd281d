/**
 * Fresh before the shift: where the browser grants Periodic Background Sync (an installed app it
 * sees used), the service worker refreshes the user's data about every 12 hours with the app
 * closed (pwa/sw-refresh.ts). The page registers it at each start of a synced session
 * (`registerPeriodicRefresh`); the refresh is the page's own sync (sync/push.ts, sync/pull.ts)
 * under the same Web Lock, with the stored session, into the same store.
 */
import type { StaykeepDb } from '../db/db';
import type { Rejection } from '../db/schema';
import type { FetchLike } from '../api/http';
import { withSyncLock } from '../sync/background';
import { pullAll } from '../sync/pull';
import { pushOutbox } from '../sync/push';
import { httpTransport } from '../sync/transport';
import type { RefreshLog } from './refresh-log';

/** The tag of the periodic registration. */
export const PERIODIC_REFRESH_TAG = 'staykeep-refresh';
/** The browser decides when; this is the least time between two refreshes it is asked for. */
export const REFRESH_INTERVAL_MS = 12 * 60 * 60 * 1000;

export type RefreshOutcome = { refreshed: false } | { refreshed: true; at: string; rejected: Rejection[] };

/**
 * Sends what waits and pulls what changed, for the session stored on the device (none, or a demo
 * one: nothing to do), then records the time. A network failure rejects (the next period retries).
 */
export async function refreshInBackground(db: StaykeepDb, fetch: FetchLike, log: RefreshLog, now: () => Date = () => new Date()): Promise<RefreshOutcome> {
  const [session, clientId, owner] = await Promise.all([db.getMeta('session'), db.getMeta('clientId'), db.getMeta('owner')]);
  if (!session?.token || session.demo || !clientId || !owner) return { refreshed: false };
  const token = session.token;
  const transport = httpTransport({ fetch, token: () => token });
  const role = session.user.Role;
  const rejected = await withSyncLock(async () => {
    const pushed = await pushOutbox(db, transport, { clientId, role, background: true });
    await pullAll(db, transport, { role });
    return pushed.rejected;
  });
  const at = now().toISOString();
  await log.record({ owner, at, background: true });
  return { refreshed: true, at, rejected };
}

type PeriodicSyncManager = { register(tag: string, options: { minInterval: number }): Promise<void> };
type PeriodicRegistration = { periodicSync?: PeriodicSyncManager };
type PermissionsLike = { query(descriptor: { name: string }): Promise<{ state: string }> };

export type PeriodicRefreshEnv = {
  permissions?: PermissionsLike;
  registration: () => Promise<PeriodicRegistration>;
};

function browserEnv(): PeriodicRefreshEnv | null {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  return {
    permissions: navigator.permissions as PermissionsLike | undefined,
    registration: () => navigator.serviceWorker.ready as Promise<ServiceWorkerRegistration & PeriodicRegistration>,
  };
}

/**
 * Registers the 12-hour refresh where the browser allows it; answers what happened. Browsers
 * without the API, or that have not granted it (a tab rather than an installed app), are left as
 * they are: the page's own syncs remain.
 */
export async function registerPeriodicRefresh(env: PeriodicRefreshEnv | null = browserEnv()): Promise<'registered' | 'not-granted' | 'unsupported'> {
  if (!env?.permissions) return 'unsupported';
  try {
    const registration = await env.registration();
    if (!registration.periodicSync) return 'unsupported';
    const { state } = await env.permissions.query({ name: 'periodic-background-sync' });
    if (state !== 'granted') return 'not-granted';
    await registration.periodicSync.register(PERIODIC_REFRESH_TAG, { minInterval: REFRESH_INTERVAL_MS });
    return 'registered';
  } catch {
    // An unknown permission name (browsers without the API) or a refused registration.
    return 'unsupported';
  }
}
