/**
 * The session as a small external store, so that the router's guards (which run outside React)
 * and the components (through useSyncExternalStore) read the same current value: a guard that
 * runs right after sign-in already sees the new user, without waiting for a React render.
 */
import type { Role } from '../../../shared/enums';
import { ApiError, onUnauthorized } from '../api/http';
import { fetchMe, logout as logoutCall } from './auth-api';
import { SessionUserSchema, type SessionUser } from './session';
import { clearSession, getStoredUser, getToken, storeSession, storeUser } from './token-storage';

export type AuthState = { status: 'signedOut'; user: null } | { status: 'signedIn'; user: SessionUser };

export type AuthStore = {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  signIn(token: string, user: SessionUser): void;
  /** Finishes a sign-in that arrived as a token in a link (an invite or reset redirect). */
  signInWithToken(token: string): Promise<SessionUser>;
  signOut(): Promise<void>;
  /** Re-reads the user from the server; keeps the stored user when the server cannot be reached. */
  restore(): Promise<void>;
  /** Spec §6: "The auth context offers a role check against a list of roles." */
  hasRole(roles: readonly Role[]): boolean;
};

const SIGNED_OUT: AuthState = { status: 'signedOut', user: null };

export function createAuthStore(): AuthStore {
  const listeners = new Set<() => void>();
  const stored = SessionUserSchema.safeParse(getStoredUser());
  let state: AuthState = getToken() && stored.success ? { status: 'signedIn', user: stored.data } : SIGNED_OUT;

  const set = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const dropSession = () => {
    clearSession();
    if (state.status !== 'signedOut') set(SIGNED_OUT);
  };

  // A 401 on any authenticated call means the session ended (expired, revoked): sign out here so
  // that the guards send the user to the login page.
  onUnauthorized(dropSession);

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(token, user) {
      storeSession(token, user);
      set({ status: 'signedIn', user });
    },
    async signInWithToken(token) {
      storeSession(token, null);
      try {
        const user = await fetchMe();
        storeSession(token, user);
        set({ status: 'signedIn', user });
        return user;
      } catch (error) {
        dropSession();
        throw error;
      }
    },
    async signOut() {
      try {
        if (getToken()) await logoutCall();
      } catch {
        // The server may be unreachable or the token already invalid: the local sign-out stands.
      }
      dropSession();
    },
    async restore() {
      if (!getToken()) {
        dropSession();
        return;
      }
      try {
        const user = await fetchMe();
        storeUser(user);
        set({ status: 'signedIn', user });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) dropSession();
        // Otherwise (offline, server restarting) the stored user stays signed in.
      }
    },
    hasRole(roles) {
      return state.status === 'signedIn' && roles.includes(state.user.Role);
    },
  };
}
