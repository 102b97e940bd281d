/**
 * Turning two-step sign-in on: a new secret from the server, its QR code drawn on this device
 * (qrcode: the secret never goes to another service), the secret as text for typing, a code to
 * confirm, then the ten recovery codes, shown once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { enableTotp, startTotpSetup, type TotpSetup } from './api';
import { cleanCode } from './recovery-codes';
import { RecoveryCodes } from './RecoveryCodes';
import './two-step.css';
import { useT } from '../../i18n/use-t';
import { localErrorText } from '../../i18n/server-errors';

type Props = {
  email: string;
  /** A session not stored yet (the admin's prompt at sign-in); else the stored one. */
  token?: string;
  /** The recovery codes were shown and the user is done with them. */
  onFinished: () => void;
  /** Two-step sign-in is on (the codes are still on screen). */
  onEnabled?: () => void;
  onCancel: () => void;
};

type Step = { kind: 'loading' } | { kind: 'failed'; error: string } | { kind: 'scan'; setup: TotpSetup; qr: string } | { kind: 'codes'; codes: string[] };

export function TwoStepSetup({ email, token, onFinished, onEnabled, onCancel }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();

  useEffect(() => {
    let live = true;
    setStep({ kind: 'loading' });
    startTotpSetup(token)
      .then(async (setup) => {
        const qr = await QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 352, errorCorrectionLevel: 'M' });
        if (live) setStep({ kind: 'scan', setup, qr });
      })
      .catch((err: unknown) => {
        if (live) setStep({ kind: 'failed', error: localErrorText(err, 'account.twoStep.setup.startFailed') });
      });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const typed = cleanCode(code);
    if (!/^\d{6}$/.test(typed)) {
      setError(t('account.twoStep.codeRequired'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const codes = await enableTotp(typed, token);
      setStep({ kind: 'codes', codes });
      onEnabled?.();
    } catch (err) {
      setError(localErrorText(err, 'account.twoStep.setup.checkFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'loading') return <SkeletonRows rows={4} columns={1} />;
  if (step.kind === 'failed') return <ErrorState title={t('account.twoStep.setup.startFailedTitle')} error={step.error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} email={email} onDone={onFinished} />;

  return (
    <form className="two-step__setup" onSubmit={(e) => void confirm(e)} noValidate aria-label={t('account.twoStep.setup.formLabel')}>
      <ol className="muted">
        <li>{t('account.twoStep.setup.step1')}</li>
        <li>{t('account.twoStep.setup.step2')}</li>
        <li>{t('account.twoStep.setup.step3')}</li>
      </ol>
      <div className="two-step__qr">
        <img src={step.qr} alt={t('account.twoStep.setup.qrAlt')} />
        <div>
          <p className="muted">{t('account.twoStep.setup.cantScan')}</p>
          <p className="two-step__secret" data-testid="totp-secret" aria-label={t('account.twoStep.setup.keyLabel')}>
            {step.setup.secret}
          </p>
        </div>
      </div>
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Input
        label={t('account.twoStep.code.label')}
        name="totp-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={null}
      />
      <div className="two-step__actions">
        <Button variant="ghost" onClick={onCancel}>
          {t('account.twoStep.cancel')}
        </Button>
        <Button type="submit" isLoading={busy}>
          {t('account.twoStep.turnOn')}
        </Button>
      </div>
    </form>
  );
}
