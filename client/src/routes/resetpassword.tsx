import { useState, type FormEvent } from 'react';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { RESET_EMAIL_FAILED, RESET_PASSWORD_FAILED } from '../../../shared/messages';
import { errorText } from '../api/http';
import { resetPassword, sendResetPasswordEmail } from '../auth/auth-api';
import { MIN_PASSWORD_LENGTH } from '../auth/password-rules';
import { AuthLayout, FormMessage } from '../components/layout/AuthLayout';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';

/** Without a token: ask for the reset mail. With `?token=` (the mailed link): choose a new password. */
export const Route = createFileRoute('/resetpassword')({
  validateSearch: z.object({ token: z.string().optional() }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  return token ? <NewPasswordForm token={token} /> : <RequestResetForm />;
}

function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await sendResetPasswordEmail(email.trim());
      setSent(true);
    } catch (err) {
      setError(errorText(err, RESET_EMAIL_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      {sent ? (
        <FormMessage tone="success">If an account exists for {email.trim()}, a reset link is on its way. The link is valid for 24 hours.</FormMessage>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (password !== confirm) {
      setMismatch('The two passwords do not match.');
      return;
    }
    setMismatch(null);
    setBusy(true);
    try {
      await resetPassword(token, password);
      await navigate({ to: '/login', search: { reset: 'done' }, replace: true });
    } catch (err) {
      setError(errorText(err, RESET_PASSWORD_FAILED));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick a password you do not use anywhere else.">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Input
          label="Confirm new password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          error={mismatch}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          Save new password
        </Button>
      </form>
    </AuthLayout>
  );
}
