/**
 * Who the local store belongs to. Rows, outbox and cursor are one user's: when another user's
 * data moves in, everything of the previous one goes, with a new clientId (the server binds a
 * clientId to the first user who pushed with it).
 */
import { v7 as uuidv7 } from 'uuid';
import type { StaykeepDb } from './db';
import type { Rejection } from './schema';
import { clearDrafts } from '../lib/drafts';

/** Clears every synced table (a pull `reset`, or a new owner). */
export async function clearSyncedTables(db: StaykeepDb): Promise<void> {
  await Promise.all(db.syncedTables().map((t) => t.clear()));
}

/**
 * Makes the store `owner`'s. Keeps everything when it already is (an expired session signed in
 * again keeps its outbox); otherwise drops the previous owner's rows and outbox first.
 * Answers whether the store changed hands.
 */
export async function claimStore(db: StaykeepDb, owner: string, label = owner): Promise<boolean> {
  // Every start-up claims the store for the signed-in user: when it is theirs already, nothing is
  // written (a full disk must not keep anyone from opening the app), and the label, which is only
  // shown, is refreshed when it changed, on a best-effort basis.
  const [current, clientId, storedLabel] = await Promise.all([db.getMeta('owner'), db.getMeta('clientId'), db.getMeta('ownerLabel')]);
  if (current === owner && clientId) {
    if (storedLabel !== label) await db.setMeta('ownerLabel', label).catch(() => undefined);
    return false;
  }
  return db.transaction('rw', [...db.syncedTables(), db.outbox, db.base, db.rejections, db.meta], async () => {
    // Read again inside the transaction: another tab may have claimed the store meanwhile.
    if ((await db.getMeta('owner')) === owner && (await db.getMeta('clientId'))) return false;
    await clearSyncedTables(db);
    await Promise.all([db.outbox.clear(), db.base.clear(), db.rejections.clear()]);
    await db.setMeta('owner', owner);
    await db.setMeta('ownerLabel', label);
    await db.setMeta('clientId', uuidv7());
    await db.setMeta('cursor', 0);
    await db.setMeta('seq', 0);
    await db.setMeta('hydrated', false);
    await db.meta.delete('firstPartVersion');
    return true;
  });
}

/** Sign-out: nothing of the user stays on the device (the stored user and the demo user go too). */
export async function wipeStore(db: StaykeepDb): Promise<void> {
  clearDrafts();
  await db.transaction('rw', [...db.syncedTables(), db.outbox, db.base, db.rejections, db.meta], async () => {
    await clearSyncedTables(db);
    await Promise.all([db.outbox.clear(), db.base.clear(), db.rejections.clear(), db.meta.clear()]);
  });
}

/** Changes of a previous user still waiting on this device (shown before another user signs in). */
export async function waitingChanges(db: StaykeepDb): Promise<{ owner: string; label: string; count: number } | null> {
  const [owner, label, count] = await Promise.all([db.getMeta('owner'), db.getMeta('ownerLabel'), db.outbox.count()]);
  return owner && count > 0 ? { owner, label: label ?? owner, count } : null;
}

/**
 * The changes the server refused, newest first: what the sync status lists with the reasons. They
 * live in the store, not in memory, so the list survives reloads and browser restarts until the
 * user dismisses them (or another user's data moves in).
 */
export function refusedChanges(db: StaykeepDb): Promise<Rejection[]> {
  return db.rejections.orderBy('rejectedAt').reverse().toArray();
}
