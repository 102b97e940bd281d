/**
 * Online-only commands (guest rebuild, calendar feeds and sync, password change: the server does them):
 * whether the server can be asked now, and the note a screen shows when it cannot, so that a
 * button is never simply dead.
 */
import { useOnline } from '../lib/use-online';
import { FormMessage } from './layout/AuthLayout';
import { useSyncSnapshot } from '../sync/sync-context';
import { useT } from '../i18n/use-t';

export type OnlineOnly = { available: boolean; reason: string | null };

export function useOnlineOnly(what: string): OnlineOnly {
  const online = useOnline();
  const { mode } = useSyncSnapshot();
  const t = useT();
  if (mode === 'demo') return { available: false, reason: t('onlineOnly.demo', { what }) };
  if (!online) return { available: false, reason: t('onlineOnly.offline', { what }) };
  return { available: true, reason: null };
}

export function OnlineOnlyNote({ state }: { state: OnlineOnly }) {
  return state.reason ? <FormMessage tone="info">{state.reason}</FormMessage> : null;
}
