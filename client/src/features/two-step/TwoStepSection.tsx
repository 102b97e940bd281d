/**
 * "Two-step sign-in" on the profile page of every area: whether it is on, turning it on (QR code,
 * key, a code to confirm, the recovery codes once) and off (a current or recovery code). Online
 * only: the server checks the codes. The session user's `totpEnabled` is read again afterwards.
 */
import { Suspense, lazy, useState, type FormEvent } from 'react';
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
import { useT } from '../../i18n/use-t';
import { localErrorText } from '../../i18n/server-errors';

// The setup (its QR code library) loads when asked for: it is online-only, and most visits of the
// profile page never open it.
const TwoStepSetup = lazy(() => import('./TwoStepSetup').then((m) => ({ default: m.TwoStepSetup })));

type Mode = 'view' | 'setup' | 'disable';

function TurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = cleanCode(code);
    if (!typed) {
      setError(t('account.twoStep.disable.required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await disableTotp(typed);
      onDone();
    } catch (err) {
      setError(localErrorText(err, 'account.twoStep.disable.failed'));
      setBusy(false);
    }
  };

  return (
    <form className="two-step__setup" onSubmit={(e) => void submit(e)} noValidate aria-label={t('account.twoStep.turnOffButton')}>
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Input
        label={t('account.twoStep.disable.label')}
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
          {t('account.twoStep.cancel')}
        </Button>
        <Button type="submit" variant="danger" isLoading={busy}>
          {t('account.twoStep.turnOff')}
        </Button>
      </div>
    </form>
  );
}

export function TwoStepSection() {
  const user = useCurrentUser();
  const auth = useAuth();
  const { toast } = useToast();
  const t = useT();
  const online = useOnlineOnly(t('account.twoStep.onlineWhat'));
  const [mode, setMode] = useState<Mode>('view');
  // The session user is read again after a change; until then the change is shown as made.
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const isOn = enabled ?? user.totpEnabled;

  const refresh = () => void auth.store.restore();

  return (
    <Card aria-labelledby="two-step-title">
      <CardHeader
        title={<span id="two-step-title">{t('account.twoStep.title')}</span>}
        description={t('account.twoStep.description')}
        actions={
          <span className="two-step__status">
            <Badge tone={isOn ? 'success' : 'neutral'}>{t(isOn ? 'account.twoStep.on' : 'account.twoStep.off')}</Badge>
          </span>
        }
      />
      <OnlineOnlyNote state={online} />
      {mode === 'setup' ? (
        <Suspense fallback={<Spinner label={t('account.twoStep.loadingSetup')} />}>
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
            toast({ title: t('account.twoStep.turnedOff'), description: t('account.twoStep.turnedOffText'), variant: 'success' });
          }}
          onCancel={() => setMode('view')}
        />
      ) : null}
      {mode === 'view' ? (
        <div className="two-step__setup">
          <p className="muted">
            {t(isOn ? 'account.twoStep.isOnText' : 'account.twoStep.isOffText')}
          </p>
          <div className="two-step__actions">
            {isOn ? (
              <Button variant="secondary" disabled={!online.available} onClick={() => setMode('disable')}>
                {t('account.twoStep.turnOffButton')}
              </Button>
            ) : (
              <Button disabled={!online.available} onClick={() => setMode('setup')}>
                {t('account.twoStep.turnOnButton')}
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </Card>
  );
}
