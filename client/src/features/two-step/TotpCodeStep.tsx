/**
 * The login's second step when two-step sign-in is on: the 6-digit code of the authenticator app,
 * or (toggle) a recovery code. The ticket from the password step lives 5 minutes and dies after 5
 * wrong codes: then the user goes back to the password.
 */
import { useRef, useState, type FormEvent } from 'react';
import { LOGIN_FAILED, TOTP_TICKET_INVALID } from '../../../../shared/messages';
import { ApiError, errorText } from '../../api/http';
import { loginWithCode } from '../../auth/auth-api';
import type { AuthResult } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { cleanCode } from './recovery-codes';
import './two-step.css';

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = cleanCode(code);
    if (useRecovery ? typed.length < 10 : !/^\d{6}$/.test(typed)) {
      setError(useRecovery ? 'Enter one of your recovery codes, like abcde-fghjk.' : 'Enter the 6-digit code your authenticator app shows.');
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSignedIn(await loginWithCode(ticket, typed));
    } catch (err) {
      const text = errorText(err, LOGIN_FAILED);
      if (err instanceof ApiError && text === TOTP_TICKET_INVALID) {
        onRestart(text);
        return;
      }
      setError(text);
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
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Two-step sign-in code">
      <p className="muted">
        {useRecovery
          ? 'Enter one of the recovery codes you stored when you turned on two-step sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Staykeep.'}
      </p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Input
        ref={input}
        key={useRecovery ? 'recovery' : 'totp'}
        label={useRecovery ? 'Recovery code' : '6-digit code'}
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
          {useRecovery ? 'Use the code of your authenticator app' : 'Use a recovery code'}
        </button>
      </div>
      <Button type="submit" fullWidth size="lg" isLoading={busy}>
        Verify and sign in
      </Button>
      <Button variant="ghost" fullWidth onClick={() => onRestart(null)}>
        Back to email and password
      </Button>
    </form>
  );
}
