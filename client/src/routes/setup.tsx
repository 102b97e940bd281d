import { useState, type FormEvent } from 'react';
import { Link, createFileRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { QueryArea } from '../lib/query-area';
import { useT } from '../i18n/use-t';
import { loadNamespace } from '../i18n';
import { localErrorText } from '../i18n/server-errors';
import { runSetup, setupStatus } from '../auth/auth-api';
import { MIN_PASSWORD_LENGTH } from '../auth/password-rules';
import { AuthLayout, FormMessage } from '../components/layout/AuthLayout';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { PageSpinner } from '../components/ui/Spinner';
import { ErrorState } from '../components/ui/States';

/** Creates the first super admin; only while none exists (`/api/setup`). */
export const Route = createFileRoute('/setup')({
  beforeLoad: () => loadNamespace('account'),
  component: () => (
    <QueryArea>
      <SetupPage />
    </QueryArea>
  ),
});

function SetupPage() {
  const t = useT();
  const status = useQuery({ queryKey: ['setup-status'], queryFn: setupStatus, staleTime: 0 });
  if (status.isPending) return <PageSpinner label={t('account.setup.checking')} />;
  if (status.isError) {
    return (
      <AuthLayout title={t('account.setup.title')}>
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      </AuthLayout>
    );
  }
  if (!status.data.needed) {
    return (
      <AuthLayout title={t('account.setup.doneTitle')} subtitle={t('account.setup.doneText')}>
        <Link to="/login" className="btn btn--primary btn--lg btn--full">
          <span>{t('account.goToSignIn')}</span>
        </Link>
      </AuthLayout>
    );
  }
  return <SetupForm />;
}

function SetupForm() {
  const { auth } = useRouteContext({ from: '/setup' });
  const navigate = useNavigate();
  const t = useT();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await runSetup({ name: form.name.trim(), email: form.email.trim(), password: form.password });
      if (result) {
        await auth.signIn(result.token, result.user);
        await navigate({ to: '/admin/dashboard', replace: true });
      } else {
        await navigate({ to: '/login', replace: true });
      }
    } catch (err) {
      setError(localErrorText(err, 'account.errors.setupFailed'));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('account.setup.title')} subtitle={t('account.setup.subtitle')}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input label={t('account.field.name')} name="name" autoComplete="name" required value={form.name} onChange={set('name')} />
        <Input label={t('auth.field.email')} type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <Input
          label={t('auth.field.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={t('account.field.passwordHint', { min: MIN_PASSWORD_LENGTH })}
          value={form.password}
          onChange={set('password')}
        />
        <Button type="submit" fullWidth size="lg" isLoading={busy}>
          {t('account.setup.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
