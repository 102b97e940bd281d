/** React access to the session store (a context hook used outside its provider throws). */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Role } from '../../../shared/enums';
import type { AuthState, AuthStore } from './auth-store';

const AuthContext = createContext<AuthStore | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

export type AuthContextValue = AuthState & {
  store: AuthStore;
  hasRole: (roles: readonly Role[]) => boolean;
  signOut: () => Promise<void>;
};

export function useAuth(): AuthContextValue {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used within an AuthProvider');
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, store, hasRole: store.hasRole, signOut: store.signOut };
}
