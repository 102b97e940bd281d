import { useState, type FormEvent } from 'react';
import { Link, createFileRoute, redirect, useNavigate, useRouteContext } from '@tanstack/react-router';
import { z } from 'zod';
import { LOGIN_FAILED } from '../../../shared/messages';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../shared/demo/accounts';
import { errorText } from '../api/http';
import { login } from '../auth/auth-api';
import { landingPathFor } from '../auth/session';
import { AuthLayout, FormMessage } from '../components/layout/AuthLayout';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional(), reset: z.literal('done').optional() }),
  beforeLoad: ({ context, search }) => {
    const state = context.auth.getState();
    if (state.status === 'signedIn') throw redirect({ href: landingPathFor(state.user.Role, search.redirect), replace: true });
  },
  component: LoginPage,
});

const DEMO_LABELS: Record<string, string> = { super_admin: 'Super admin', host: 'Host', staff: 'Housekeeper' };

function LoginPage() {
  const search = Route.useSearch();
  const { auth } = useRouteContext({ from: '/login' });
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { token, user } = await login(email.trim(), password);
      auth.signIn(token, user);
      await navigate({ href: landingPathFor(user.Role, search.redirect), replace: true });
    } catch (err) {
      setError(errorText(err, LOGIN_FAILED));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back to Staykeep."
      footer={
        <p>
          New host? <Link to="/register">Create an account</Link>
        </p>
      }
    >
      {search.reset === 'done' ? <FormMessage tone="success">Your password has been changed. Sign in with the new one.</FormMessage> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate={false}>
        <Input label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Input
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form__row form__row--end">
          <Link to="/resetpassword" className="text-link">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          Sign in
        </Button>
      </form>
      <details className="demo-accounts">
        <summary>Try a demo account</summary>
        <p className="demo-accounts__text">
          Each demo account uses the password <code>{DEMO_PASSWORD}</code>.
        </p>
        <div className="demo-accounts__list">
          {DEMO_ACCOUNTS.map((a) => (
            <Button
              key={a.email}
              variant="secondary"
              size="sm"
              onClick={() => {
                setEmail(a.email);
                setPassword(DEMO_PASSWORD);
              }}
            >
              {DEMO_LABELS[a.role] ?? a.role}
            </Button>
          ))}
        </div>
      </details>
    </AuthLayout>
  );
}
