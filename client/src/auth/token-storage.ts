/**
 * The session of this page in memory: every request reads the token synchronously from here.
 * Where it is kept between visits (the offline store) is stored-session.ts, which fills this at
 * start; this module has no storage and no zod, so that the request helper and the first screen
 * stay light (README, "Budgets").
 */
import type { StoredSession } from '../db/schema';

let current: StoredSession | null = null;

/** Keys of the localStorage session of earlier versions, moved into IndexedDB once (stored-session.ts). */
export const LEGACY_TOKEN_KEY = 'staykeep.token';
export const LEGACY_USER_KEY = 'staykeep.user';

export function getToken(): string | null {
  return current?.token ?? null;
}

export function getSession(): StoredSession | null {
  return current;
}

/** The session this page now runs with (stored-session.ts, after reading or writing the store). */
export function holdSession(session: StoredSession | null): void {
  current = session;
}

/** For a sign-out that wiped the whole store. */
export function dropSessionFromMemory(): void {
  current = null;
}
