/**
 * Where the session is kept between visits: localStorage for now (the offline-first work moves it
 * to IndexedDB). Reads never throw: a browser with storage disabled simply has no session.
 */
const TOKEN_KEY = 'staykeep.token';
const USER_KEY = 'staykeep.user';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

/** The last known session user, as raw JSON text (validated by the caller). */
export function getStoredUser(): unknown {
  const text = storage()?.getItem(USER_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: unknown): void {
  const s = storage();
  s?.setItem(TOKEN_KEY, token);
  s?.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: unknown): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  const s = storage();
  s?.removeItem(TOKEN_KEY);
  s?.removeItem(USER_KEY);
}
