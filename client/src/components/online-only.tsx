/**
 * Online-only commands (guest rebuild, calendar feeds and sync, password change: the server does them):
 * whether the server can be asked now, and the note a screen shows when it cannot, so that a
 * button is never simply dead.
 */
import { useOnline } from '../lib/use-online';
import { FormMessage } from './layout/AuthLayout';
import { useSyncSnapshot } from '../sync/sync-context';

export type OnlineOnly = { available: boolean; reason: string | null };

export function useOnlineOnly(what: string): OnlineOnly {
  const online = useOnline();
  const { mode } = useSyncSnapshot();
  if (mode === 'demo') return { available: false, reason: `This is the offline demo: ${what} needs the Staykeep server. Sign in with the server running to try it.` };
  if (!online) return { available: false, reason: `You are offline: ${what} needs a connection. Everything else on this page works offline.` };
  return { available: true, reason: null };
}

export function OnlineOnlyNote({ state }: { state: OnlineOnly }) {
  return state.reason ? <FormMessage tone="info">{state.reason}</FormMessage> : null;
}
