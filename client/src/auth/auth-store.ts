/**
 * The session as a small external store, so that the router's guards (which run outside React)
 * and the components (through useSyncExternalStore) read the same current value: a guard that
 * runs right after sign-in already sees the new user, without waiting for a React render.
 *
 * The session lives in the offline store (stored-session.ts), so a user who signed in before
 * opens the app offline as themselves. The store and the auth calls load on demand
 * (device-session.ts): a device that never signed in shows /login without them. Signing in claims the store for that user (another
 * user's rows and outbox go); an expired session (401) forgets only the token, so the outbox
 * waits for the same user to sign in again; signing out wipes everything.
 */
import type { Role } from '../../../shared/enums';
import { ApiError, onUnauthorized } from '../api/http';
import type { StaykeepDb } from '../db/db';
import { mayHoldSession } from '../db/store-probe';
import type { SessionUser } from './session';
import { dropSessionFromMemory, getSession, getToken } from './token-storage';

/** The store, the stored session and the auth calls: a chunk of their own (device-session.ts). */
const device = () => import('./device-session');

export type AuthState = { status: 'signedOut'; user: null; demo: false } | { status: 'signedIn'; user: SessionUser; demo: boolean };

export type AuthStore = {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  signIn(token: string, user: SessionUser): Promise<void>;
  /** Signs a demo account in on this device alone (the server cannot be reached). */
  signInDemo(email: string): Promise<SessionUser>;
  /** Finishes a sign-in that arrived as a token in a link (an invite or reset redirect). */
  signInWithToken(token: string): Promise<SessionUser>;
  signOut(): Promise<void>;
  /** Replaces the signed-in user with a newer answer of the server for it (a switch of the current host). */
  updateUser(user: SessionUser): Promise<void>;
  /** Ends a session the server no longer accepts; the user's data and outbox stay for their return. */
  expire(): Promise<void>;
  /** Loads the stored session, then re-reads the user from the server (kept when it cannot be reached). */
  restore(): Promise<void>;
  /** Whether the signed-in user has one of the given roles. */
  hasRole(roles: readonly Role[]): boolean;
};

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null, demo: false };

export type AuthStoreOptions = {
  /** The offline store; by default the page's (db/app-db.ts), loaded on first use. */
  db?: () => StaykeepDb;
  /** Today's date (YYYY-MM-DD) for the no-server demo data. */
  today?: () => string;
};

function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function createAuthStore(options: AuthStoreOptions): AuthStore {
  const listeners = new Set<() => void>();
  let state: AuthState = SIGNED_OUT;

  const storeOf = async (): Promise<StaykeepDb> => options.db?.() ?? (await device()).appDb();

  const set = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const expire = async () => {
    const { forgetSession } = await device();
    await forgetSession(await storeOf());
    if (state.status !== 'signedOut') set(SIGNED_OUT);
  };

  // A 401 on any authenticated call means the session ended (expired, revoked): sign out here so
  // that the guards send the user to the login page.
  onUnauthorized(() => void expire());

  const signIn = async (token: string, user: SessionUser) => {
    const [{ claimStore, saveSession }, db] = await Promise.all([device(), storeOf()]);
    await claimStore(db, user.ID, user.Email);
    await saveSession(db, { token, user, demo: false });
    set({ status: 'signedIn', user, demo: false });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn,
    async signInDemo(email) {
      const [{ saveSession }, db] = await Promise.all([device(), storeOf()]);
      const { loadDemo } = await import('../sync/demo');
      const user = await loadDemo(db, email, (options.today ?? localToday)());
      await saveSession(db, { token: null, user, demo: true });
      set({ status: 'signedIn', user, demo: true });
      return user;
    },
    async signInWithToken(token) {
      const { fetchMe } = await device();
      const user = await fetchMe(undefined, token);
      await signIn(token, user);
      return user;
    },
    async signOut() {
      const token = getToken();
      // Wiped before anyone hears of the sign-out: a page opened right after must find nothing.
      dropSessionFromMemory();
      const [{ wipeStore, forgetOfflineExtras, logout: logoutCall }, db] = await Promise.all([device(), storeOf()]);
      await wipeStore(db);
      await forgetOfflineExtras();
      set(SIGNED_OUT);
      try {
        if (token) await logoutCall(token);
      } catch {
        // The server may be unreachable or the token already invalid: the local sign-out stands.
      }
    },
    async updateUser(user) {
      if (state.status !== 'signedIn' || state.user.ID !== user.ID) return;
      const session = getSession();
      if (session) {
        const [{ saveSession }, db] = await Promise.all([device(), storeOf()]);
        await saveSession(db, { ...session, user });
      }
      set({ status: 'signedIn', user, demo: state.demo });
    },
    expire,
    async restore() {
      // A device that never stored anything is signed out: no store to load for the sign-in page.
      if (!options.db && !(await mayHoldSession())) {
        if (state.status !== 'signedOut') set(SIGNED_OUT);
        return;
      }
      const [{ loadSession, claimStore, fetchMe, saveSession }, db] = await Promise.all([device(), storeOf()]);
      const session = await loadSession(db);
      if (!session) {
        if (state.status !== 'signedOut') set(SIGNED_OUT);
        return;
      }
      if (!session.demo) await claimStore(db, session.user.ID, session.user.Email);
      set({ status: 'signedIn', user: session.user, demo: session.demo });
      if (session.demo || !session.token) return;
      try {
        const user = await fetchMe();
        await claimStore(db, user.ID, user.Email);
        if (getSession()?.token === session.token) await saveSession(db, { ...session, user });
        set({ status: 'signedIn', user, demo: false });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) await expire();
        // Otherwise (offline, server restarting) the stored user stays signed in.
      }
    },
    hasRole(roles) {
      return state.status === 'signedIn' && roles.includes(state.user.Role);
    },
  };
}
