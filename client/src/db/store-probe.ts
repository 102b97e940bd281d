/**
 * Whether this device may hold a session, asked without opening the store: the first visit to
 * /login then loads neither Dexie nor the store's code (README, "Budgets"). Where the browser
 * cannot list its databases (`indexedDB.databases()`, missing in older browsers), the answer is
 * "maybe" and the store is read as before.
 */
import { LEGACY_TOKEN_KEY } from '../auth/token-storage';

/** The offline store's IndexedDB name (db.ts). */
export const DB_NAME = 'staykeep';

export async function mayHoldSession(): Promise<boolean> {
  try {
    if (typeof localStorage !== 'undefined' && localStorage.getItem(LEGACY_TOKEN_KEY) !== null) return true;
  } catch {
    // Storage refused (a privacy setting): ask the databases.
  }
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === DB_NAME);
  } catch {
    return true;
  }
}
