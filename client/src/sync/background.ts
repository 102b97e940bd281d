/**
 * What tabs and the service worker share to sync without stepping on each other: one Web Lock
 * around every push-and-pull, and the Background Sync run of the service worker, which sends the
 * outbox when the connection returns even after the page has closed (where the browser has
 * Background Sync; the page's own triggers never depend on it).
 */
import type { StaykeepDb } from '../db/db';
import type { Rejection } from '../db/schema';
import { pullAll } from './pull';
import { pushOutbox } from './push';
import type { FetchLike } from '../api/http';
import { httpTransport } from './transport';
import type { WorkerTranslate } from '../pwa/worker-texts';

/** The tag of the Background Sync registration. */
export const BACKGROUND_SYNC_TAG = 'staykeep-outbox';

/** The Web Lock every sync holds (any tab, or the service worker): one push of the outbox at a time. */
export const SYNC_LOCK = 'staykeep-sync';

export function withSyncLock<T>(run: () => Promise<T>, locks: LockManager | undefined = globalThis.navigator?.locks): Promise<T> {
  // TypeScript types the callback's promise as the lock's value; the browser awaits it.
  return locks ? locks.request(SYNC_LOCK, run).then((value) => value) : run();
}

/**
 * One sync with the stored session, for the service worker. Nothing to do without a session, for
 * a demo session, or with an empty outbox. A network failure rejects, so the browser retries.
 */
export async function backgroundSync(db: StaykeepDb, fetch: FetchLike): Promise<Rejection[]> {
  const [session, clientId, pending] = await Promise.all([db.getMeta('session'), db.getMeta('clientId'), db.outbox.count()]);
  if (!session?.token || session.demo || !clientId || pending === 0) return [];
  const token = session.token;
  const transport = httpTransport({ fetch, token: () => token });
  const role = session.user.Role;
  return withSyncLock(async () => {
    const pushed = await pushOutbox(db, transport, { clientId, role, background: true });
    await pullAll(db, transport, { role });
    return pushed.rejected;
  });
}

/**
 * What the service worker says when changes sent while the app was closed were refused: in the
 * language the page left it (pwa/worker-texts.ts), else in English.
 */
export function refusedNotice(rejected: readonly Rejection[], translate: WorkerTranslate = (_id, english) => english): { title: string; body: string } | null {
  if (rejected.length === 0) return null;
  const count = rejected.length;
  const changes = count === 1 ? 'A change you made offline was' : `${count} changes you made offline were`;
  return {
    title: translate('sync.refusedNotice.title', 'Changes not saved'),
    body: translate('sync.refusedNotice.body', `${changes} refused by the server. Open Staykeep to see what and why; nothing is lost until you dismiss it.`, { count }),
  };
}
