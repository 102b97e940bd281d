/**
 * "Signed-in devices" on the profile page of every role: each live session of the account (device,
 * signed in, last seen), this one marked, with Sign out per other device and "Sign out everywhere
 * else". A device signed out here is asked to sign in at its next request, its unsent changes kept.
 * Online only: the list and the sign-outs are the server's.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { FormMessage } from '../../components/ui/Field';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { useFormat } from '../../lib/display';
import { listSessions, signOutOtherSessions, signOutSession, type SessionInfo } from './sessions-api';
import { useT } from '../../i18n/use-t';
import { localErrorText } from '../../i18n/server-errors';
import { useNearView } from '../../lib/use-near-view';
import { LISTED_AT_FIRST, listedSessions } from './sessions-list';

type Loaded = { status: 'loading' } | { status: 'error'; error: string } | { status: 'success'; rows: SessionInfo[] };

export function SessionsCard() {
  const format = useFormat();
  const { toast } = useToast();
  const t = useT();
  const online = useOnlineOnly(t('account.sessions.onlineWhat'));
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [all, setAll] = useState(false);

  const load = useCallback(async () => {
    try {
      setState({ status: 'success', rows: await listSessions() });
    } catch (error) {
      setState({ status: 'error', error: localErrorText(error, 'account.sessions.loadFailed') });
    }
  }, []);
  const reachable = online.available;
  // Far down the profile on a phone: the list is asked for as the card comes near the screen, or
  // shortly after the page opens (lib/use-near-view.ts), not before its first paint.
  const card = useRef<HTMLElement>(null);
  const near = useNearView(card);
  useEffect(() => {
    if (reachable && near) void load();
  }, [load, reachable, near]);

  const run = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    setFailure(null);
    try {
      toast({ title: await action(), variant: 'success' });
      await load();
    } catch (error) {
      setFailure(localErrorText(error, 'account.sessions.signOutFailed'));
    } finally {
      setBusy(null);
    }
  };
  const signOut = (row: SessionInfo) =>
    run(row.id, async () => {
      await signOutSession(row.id);
      return t('account.sessions.signedOut', { device: row.device });
    });
  const signOutOthers = () =>
    run('others', async () => {
      const revoked = await signOutOtherSessions();
      return t('account.sessions.othersSignedOut', { count: revoked });
    });

  const others = state.status === 'success' ? state.rows.filter((r) => !r.current).length : 0;
  return (
    <Card ref={card} aria-labelledby="sessions-title">
      <CardHeader
        title={<span id="sessions-title">{t('account.sessions.title')}</span>}
        description={t('account.sessions.description')}
      />
      <OnlineOnlyNote state={online} />
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      {state.status === 'loading' && reachable ? <SkeletonRows rows={2} columns={2} /> : null}
      {state.status === 'error' ? <ErrorState error={state.error} onRetry={() => void load()} /> : null}
      {state.status === 'success' ? (
        <ul className="sessions" aria-label={t('account.sessions.title')}>
          {listedSessions(state.rows, all).map((row) => (
            <li key={row.id} className="sessions__row">
              <div className="sessions__text">
                <span className="sessions__device">
                  {row.device} {row.current ? <Badge tone="success">{t('account.sessions.thisDevice')}</Badge> : null}
                </span>
                <span className="muted">
                  {t('account.sessions.times', { signedIn: format.dateTime(row.created_at), lastSeen: format.dateTime(row.last_seen_at) })}
                </span>
              </div>
              {row.current ? null : (
                <Button size="sm" variant="secondary" isLoading={busy === row.id} disabled={!online.available || busy !== null} onClick={() => void signOut(row)} aria-label={t('account.sessions.signOutLabel', { device: row.device, signedIn: format.dateTime(row.created_at) })}>
                  {t('account.sessions.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {state.status === 'success' && !all && state.rows.length > LISTED_AT_FIRST ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setAll(true)}>
            {t('account.sessions.showAll', { count: state.rows.length })}
          </Button>
        </div>
      ) : null}
      {state.status === 'success' && others === 0 ? <p className="muted">{t('account.sessions.none')}</p> : null}
      {others > 0 ? (
        <div className="form__row form__row--end">
          <Button variant="danger" isLoading={busy === 'others'} disabled={!online.available || busy !== null} onClick={() => void signOutOthers()}>
            {t('account.sessions.signOutOthers')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
