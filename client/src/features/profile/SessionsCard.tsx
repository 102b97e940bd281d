/**
 * "Signed-in devices" on the profile page of every role: each live session of the account (device,
 * signed in, last seen), this one marked, with Sign out per other device and "Sign out everywhere
 * else". A device signed out here is asked to sign in at its next request, its unsent changes kept.
 * Online only: the list and the sign-outs are the server's.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../api/http';
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

type Loaded = { status: 'loading' } | { status: 'error'; error: string } | { status: 'success'; rows: SessionInfo[] };

export function SessionsCard() {
  const format = useFormat();
  const { toast } = useToast();
  const online = useOnlineOnly('signing devices out');
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setState({ status: 'success', rows: await listSessions() });
    } catch (error) {
      setState({ status: 'error', error: errorText(error, 'Your signed-in devices could not be loaded.') });
    }
  }, []);
  const reachable = online.available;
  useEffect(() => {
    if (reachable) void load();
  }, [load, reachable]);

  const run = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    setFailure(null);
    try {
      toast({ title: await action(), variant: 'success' });
      await load();
    } catch (error) {
      setFailure(errorText(error, 'The device could not be signed out. Please try again.'));
    } finally {
      setBusy(null);
    }
  };
  const signOut = (row: SessionInfo) =>
    run(row.id, async () => {
      await signOutSession(row.id);
      return `${row.device} is signed out`;
    });
  const signOutOthers = () =>
    run('others', async () => {
      const revoked = await signOutOtherSessions();
      return revoked === 1 ? 'One other device is signed out' : `${revoked} other devices are signed out`;
    });

  const others = state.status === 'success' ? state.rows.filter((r) => !r.current).length : 0;
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader
        title={<span id="sessions-title">Signed-in devices</span>}
        description="Where your account is signed in. Sign out a device you no longer use or do not recognise."
      />
      <OnlineOnlyNote state={online} />
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      {state.status === 'loading' && reachable ? <SkeletonRows rows={2} columns={2} /> : null}
      {state.status === 'error' ? <ErrorState error={state.error} onRetry={() => void load()} /> : null}
      {state.status === 'success' ? (
        <ul className="sessions" aria-label="Signed-in devices">
          {state.rows.map((row) => (
            <li key={row.id} className="sessions__row">
              <div className="sessions__text">
                <span className="sessions__device">
                  {row.device} {row.current ? <Badge tone="success">This device</Badge> : null}
                </span>
                <span className="muted">
                  Signed in {format.dateTime(row.created_at)} · last seen {format.dateTime(row.last_seen_at)}
                </span>
              </div>
              {row.current ? null : (
                <Button size="sm" variant="secondary" isLoading={busy === row.id} disabled={!online.available || busy !== null} onClick={() => void signOut(row)} aria-label={`Sign out ${row.device}, signed in ${format.dateTime(row.created_at)}`}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {state.status === 'success' && others === 0 ? <p className="muted">No other device is signed in.</p> : null}
      {others > 0 ? (
        <div className="form__row form__row--end">
          <Button variant="danger" isLoading={busy === 'others'} disabled={!online.available || busy !== null} onClick={() => void signOutOthers()}>
            Sign out everywhere else
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
