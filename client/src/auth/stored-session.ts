/**
 * Where the session is kept between visits: the `meta` table of the offline store (IndexedDB),
 * beside the data, so that a user who signed in before opens the app offline as themselves
 * (the app opens without the network). Read once at start into memory (token-storage.ts), so that
 * every request reads the token synchronously. Storage failures (a browser with IndexedDB
 * disabled) leave the session in memory only: never an error on screen. Loaded with the store,
 * after the first screen (auth-store.ts).
 */
import type { StaykeepDb } from '../db/db';
import type { StoredSession } from '../db/schema';
import { SessionUserSchema } from './session-schema';
import { LEGACY_TOKEN_KEY, LEGACY_USER_KEY, holdSession } from './token-storage';

function legacySession(): StoredSession | null {
  try {
    if (typeof localStorage === 'undefined') return null;
    const token = localStorage.getItem(LEGACY_TOKEN_KEY);
    const user = SessionUserSchema.safeParse(JSON.parse(localStorage.getItem(LEGACY_USER_KEY) ?? 'null'));
    localStorage.removeItem(LEGACY_TOKEN_KEY);
    localStorage.removeItem(LEGACY_USER_KEY);
    return token && user.success ? { token, user: user.data, demo: false } : null;
  } catch {
    return null;
  }
}

/** Reads the stored session (validated); null when there is none. */
export async function loadSession(db: StaykeepDb): Promise<StoredSession | null> {
  let stored: StoredSession | undefined;
  try {
    stored = await db.getMeta('session');
  } catch {
    stored = undefined;
  }
  const user = SessionUserSchema.safeParse(stored?.user);
  const current = stored && user.success && (stored.token || stored.demo) ? { token: stored.token, user: user.data, demo: stored.demo === true } : null;
  holdSession(current);
  if (!current) {
    const legacy = legacySession();
    if (legacy) await saveSession(db, legacy);
  }
  return current;
}

export async function saveSession(db: StaykeepDb, session: StoredSession): Promise<void> {
  holdSession(session);
  try {
    await db.setMeta('session', session);
  } catch {
    // Kept in memory for this visit.
  }
}

/** Forgets the session (the data and the outbox stay: they wait for the same user). */
export async function forgetSession(db: StaykeepDb): Promise<void> {
  holdSession(null);
  try {
    await db.meta.delete('session');
  } catch {
    // Nothing stored.
  }
}
