/**
 * "Two-step sign-in" on the profile page of every area: whether it is on, turning it on (QR code,
 * key, a code to confirm, the recovery codes once) and off (a current or recovery code). Online
 * only: the server checks the codes. The session user's `totpEnabled` is read again afterwards.
 */
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { errorText } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { useCurrentUser } from '../../components/layout/current-user';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { FormMessage } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { disableTotp } from './api';
import { cleanCode } from './recovery-codes';
import './two-step.css';

// The setup (its QR code library) loads when asked for: it is online-only, and most visits of the
// profile page never open it.
const TwoStepSetup = lazy(() => import('./TwoStepSetup').then((m) => ({ default: m.TwoStepSetup })));

type Mode = 'view' | 'setup' | 'disable';

function TurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = cleanCode(code);
    if (!typed) {
      setError('Enter a code from your authenticator app, or a recovery code.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await disableTotp(typed);
      onDone();
    } catch (err) {
      setError(errorText(err, 'Two-step sign-in could not be turned off. Please try again.').replace(/^Invalid value for code: t/, 'T'));
      setBusy(false);
    }
  };

  return (
    <form className="two-step__setup" onSubmit={(e) => void submit(e)} noValidate aria-label="Turn off two-step sign-in">
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Input
        label="Code from your authenticator app, or a recovery code"
        name="totp-disable-code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="two-step__actions">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" isLoading={busy}>
          Turn off
        </Button>
      </div>
    </form>
  );
}

export function TwoStepSection() {
  const user = useCurrentUser();
  const auth = useAuth();
  const { toast } = useToast();
  const online = useOnlineOnly('changing two-step sign-in');
  const [mode, setMode] = useState<Mode>('view');
  // The session user is read again after a change; until then the change is shown as made.
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const isOn = enabled ?? user.totpEnabled;

  const refresh = () => void auth.store.restore();

  return (
    <Card aria-labelledby="two-step-title">
      <CardHeader
        title={<span id="two-step-title">Two-step sign-in</span>}
        description="A code from an authenticator app on your phone, asked after your password."
        actions={
          <span className="two-step__status">
            <Badge tone={isOn ? 'success' : 'neutral'}>{isOn ? 'On' : 'Off'}</Badge>
          </span>
        }
      />
      <OnlineOnlyNote state={online} />
      {mode === 'setup' ? (
        <Suspense fallback={<Spinner label="Loading the setup" />}>
          <TwoStepSetup
            email={user.Email}
            onEnabled={() => setEnabled(true)}
            onFinished={() => {
              setMode('view');
              refresh();
            }}
            onCancel={() => setMode('view')}
          />
        </Suspense>
      ) : null}
      {mode === 'disable' ? (
        <TurnOffForm
          onDone={() => {
            setEnabled(false);
            setMode('view');
            refresh();
            toast({ title: 'Two-step sign-in is off', description: 'Your password alone signs you in now.', variant: 'success' });
          }}
          onCancel={() => setMode('view')}
        />
      ) : null}
      {mode === 'view' ? (
        <div className="two-step__setup">
          <p className="muted">
            {isOn
              ? 'Signing in asks for a code from your authenticator app, or one of your recovery codes.'
              : 'Protect your account even if someone learns your password. Devices already signed in keep working offline.'}
          </p>
          <div className="two-step__actions">
            {isOn ? (
              <Button variant="secondary" disabled={!online.available} onClick={() => setMode('disable')}>
                Turn off two-step sign-in
              </Button>
            ) : (
              <Button disabled={!online.available} onClick={() => setMode('setup')}>
                Turn on two-step sign-in
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </Card>
  );
}
