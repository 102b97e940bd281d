import { useState, type FormEvent } from 'react';
import { Link, createFileRoute, useNavigate, useRouteContext } from '@tanstack/react-router';
import { useT } from '../i18n/use-t';
import { loadNamespace } from '../i18n';
import { localErrorText } from '../i18n/server-errors';
import { registerHost } from '../auth/auth-api';
import { redirectIfSignedIn } from '../auth/guards';
import { homePathFor } from '../auth/session';
import { MIN_PASSWORD_LENGTH } from '../auth/password-rules';
import { AuthLayout, FormMessage } from '../components/layout/AuthLayout';
import { Button } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { useToast } from '../components/ui/Toast';

export const Route = createFileRoute('/register')({
  beforeLoad: async ({ context }) => {
    redirectIfSignedIn(context);
    await loadNamespace('account');
  },
  component: RegisterPage,
});

function RegisterPage() {
  const { auth } = useRouteContext({ from: '/register' });
  const navigate = useNavigate();
  const { toast } = useToast();
  const t = useT();
  const [form, setForm] = useState({ name: '', company_name: '', email: '', phone_number: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { token, user } = await registerHost({
        email: form.email.trim(),
        password: form.password,
        name: form.name.trim(),
        ...(form.company_name.trim() ? { company_name: form.company_name.trim() } : {}),
        ...(form.phone_number.trim() ? { phone_number: form.phone_number.trim() } : {}),
      });
      await auth.signIn(token, user);
      await navigate({ to: homePathFor(user.Role), replace: true });
      toast({ title: t('account.register.welcome'), description: t('account.register.welcomeText'), variant: 'success' });
    } catch (err) {
      setError(localErrorText(err, 'account.errors.registrationFailed'));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      footer={
        <p>
          {t('account.register.haveAccount')} <Link to="/login">{t('auth.signIn.submit')}</Link>
        </p>
      }
    >
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <form className="form" onSubmit={(e) => void onSubmit(e)}>
        <Input label={t('account.field.yourName')} name="name" autoComplete="name" required value={form.name} onChange={set('name')} />
        <Input label={t('account.field.companyName')} name="company_name" autoComplete="organization" value={form.company_name} onChange={set('company_name')} />
        <Input label={t('auth.field.email')} type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <Input label={t('account.field.phone')} type="tel" name="phone_number" autoComplete="tel" value={form.phone_number} onChange={set('phone_number')} />
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
          {t('account.register.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
