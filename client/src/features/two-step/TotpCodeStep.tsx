/**
 * The login's second step when two-step sign-in is on: the 6-digit code of the authenticator app,
 * or (toggle) a recovery code. The ticket from the password step lives 5 minutes and dies after 5
 * wrong codes: then the user goes back to the password.
 */
import { useRef, useState, type FormEvent } from 'react';
import { TOTP_TICKET_INVALID } from '../../../../shared/messages';
import { ApiError } from '../../api/http';
import { loginWithCode } from '../../auth/auth-api';
import type { AuthResult } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { cleanCode } from './recovery-codes';
import './two-step.css';
import { useT } from '../../i18n/use-t';
import { localErrorText, localMessage } from '../../i18n/server-errors';

type Props = {
  ticket: string;
  onSignedIn: (result: AuthResult) => Promise<void>;
  /** Back to the password (the ticket expired, or the user asked); `reason` is shown there. */
  onRestart: (reason: string | null) => void;
};

export function TotpCodeStep({ ticket, onSignedIn, onRestart }: Props) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const t = useT();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = cleanCode(code);
    if (useRecovery ? typed.length < 10 : !/^\d{6}$/.test(typed)) {
      setError(t(useRecovery ? 'account.twoStep.recoveryRequired' : 'account.twoStep.codeRequired'));
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSignedIn(await loginWithCode(ticket, typed));
    } catch (err) {
      if (err instanceof ApiError && err.serverMessage === TOTP_TICKET_INVALID) {
        onRestart(localMessage(TOTP_TICKET_INVALID));
        return;
      }
      setError(localErrorText(err, 'account.errors.loginFailed'));
      setCode('');
      setBusy(false);
      input.current?.focus();
    }
  };

  const toggle = () => {
    setUseRecovery((v) => !v);
    setCode('');
    setError(null);
    input.current?.focus();
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('account.twoStep.code.formLabel')}>
      <p className="muted">
        {t(useRecovery ? 'account.twoStep.code.recoveryText' : 'account.twoStep.code.appText')}
      </p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Input
        ref={input}
        key={useRecovery ? 'recovery' : 'totp'}
        label={t(useRecovery ? 'account.twoStep.code.recoveryLabel' : 'account.twoStep.code.label')}
        name={useRecovery ? 'recovery-code' : 'totp-code'}
        autoComplete={useRecovery ? 'off' : 'one-time-code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={useRecovery ? 20 : 7}
        autoFocus
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="form__row">
        <button type="button" className="text-link" onClick={toggle}>
          {t(useRecovery ? 'account.twoStep.code.useApp' : 'account.twoStep.code.useRecovery')}
        </button>
      </div>
      <Button type="submit" fullWidth size="lg" isLoading={busy}>
        {t('account.twoStep.code.submit')}
      </Button>
      <Button variant="ghost" fullWidth onClick={() => onRestart(null)}>
        {t('account.twoStep.code.back')}
      </Button>
    </form>
  );
}
