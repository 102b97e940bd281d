/**
 * The signed-in user as the area layouts hand it to their pages. The layout keeps the last user
 * while a sign-out is being turned into a redirect, so that no page renders without one.
 */
import { createContext, useContext, useRef, type ReactNode } from 'react';
import { useAuth } from '../../auth/auth-context';
import type { SessionUser } from '../../auth/session';
import { PageSpinner } from '../ui/Spinner';

const CurrentUserContext = createContext<SessionUser | null>(null);

export function CurrentUserProvider({ children }: { children: (user: SessionUser) => ReactNode }) {
  const auth = useAuth();
  const last = useRef<SessionUser | null>(null);
  if (auth.status === 'signedIn') last.current = auth.user;
  const user = last.current;
  if (!user) return <PageSpinner />;
  return <CurrentUserContext.Provider value={user}>{children(user)}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used within a CurrentUserProvider');
  return user;
}
